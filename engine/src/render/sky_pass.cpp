#include "sky_pass.h"

#include "render_pass.h"

#include "vox/core/assert.h"
#include "vox/core/rng.h"
#include "vox/platform/gl_debug_scope.h"

#include <glm/trigonometric.hpp>

#include <cmath>
#include <cstddef>
#include <utility>

namespace vox {
namespace {

// The star field: ~560 stars per steradian, brightness falling off steeply (most are faint), as the old
// per-pixel sky showed them; those too faint to show at full twinkle are left out.
constexpr int32_t kSkyStars = 7000;
constexpr uint64_t kStarSeed = 0x5ca77e4ed5ull;
constexpr float kFaintestStar = 0.01f;
// A star is kept when its direction is this far outside the view (its quad's half-size and then some).
constexpr float kViewMargin = 1.03f;

} // namespace

Result<SkyPass> SkyPass::create(const std::filesystem::path& shaderDirectory) {
    Result<ShaderProgram> gradient = loadProgram(shaderDirectory, "fullscreen.vert", "sky_gradient.frag");
    if (!gradient)
        return gradient.error();
    Result<ShaderProgram> program = loadProgram(shaderDirectory, "sky.vert", "sky.frag");
    if (!program)
        return program.error();
    SkyPass sky;
    sky.m_gradientProgram = std::move(gradient).value();
    sky.m_skyProgram = std::move(program).value();
    sky.m_skyProgram.use();
    glUniform1i(sky.m_skyProgram.uniformLocation("uGradient"), kGradientUnit);
    glUseProgram(0);

    Rng rng(kStarSeed);
    sky.m_stars.reserve(kSkyStars);
    for (int32_t i = 0; i < kSkyStars; ++i) {
        // Uniform over the sphere: z uniform in [-1, 1], longitude uniform.
        const float z = rng.uniform(-1.0f, 1.0f);
        const float longitude = rng.uniform(0.0f, glm::two_pi<float>());
        const float ring = std::sqrt(std::max(0.0f, 1.0f - z * z));
        const float size = rng.uniform(0.0f, 1.0f);
        // Off the sphere by up to 3.4 profile widths in the old sky's direction grid: dimmer.
        const float offset = rng.uniform(-3.4f, 3.4f);
        const float brightness = size * size * size * std::exp(-1.6f * offset * offset);
        const float phase = rng.uniform(0.0f, 1.0f);
        if (brightness < kFaintestStar)
            continue;
        sky.m_stars.push_back(
            {{ring * std::cos(longitude), ring * std::sin(longitude), z}, brightness, phase});
    }

    sky.m_starInstances = StreamBuffer::create();
    sky.m_starVertexArray = VertexArray::create();
    sky.m_starVertexArray.bind();
    sky.m_starInstances.buffer().bind(GL_ARRAY_BUFFER);
    glEnableVertexAttribArray(0);
    glVertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, sizeof(Star), reinterpret_cast<const void*>(0));
    glVertexAttribDivisor(0, 1);
    glEnableVertexAttribArray(1);
    glVertexAttribPointer(1, 1, GL_FLOAT, GL_FALSE, sizeof(Star),
                          reinterpret_cast<const void*>(offsetof(Star, phase)));
    glVertexAttribDivisor(1, 1);
    glBindVertexArray(0);
    sky.m_emptyVertexArray = VertexArray::create();
    sky.m_gradientFramebuffer = Framebuffer::create();
    return sky;
}

void SkyPass::prepare(const glm::mat4& viewProjection, glm::ivec2 size, const SceneLook& look,
                      FrameStats& frame) {
    const GradientKey key{size,          look.backgroundTop, look.backgroundHorizon,
                          look.vignette, look.exposure,      look.skyDisc};
    if (key != m_gradientKey) {
        GlDebugScope scope("sky gradient");
        if (size != m_gradientKey.size) { // a new look at the same size only redraws
            m_gradient = Texture::create2D(size.x, size.y, GL_RGBA8);
            m_gradientFramebuffer.attachColor(m_gradient);
            const Status complete = m_gradientFramebuffer.checkComplete();
            VOX_VERIFY(complete.ok(),
                       "SkyPass: the driver refused an RGBA8 framebuffer for the sky's gradient");
        } else {
            m_gradientFramebuffer.bind();
        }
        glViewport(0, 0, size.x, size.y);
        glDisable(GL_DEPTH_TEST);
        glDisable(GL_BLEND);
        m_gradientProgram.use();
        m_emptyVertexArray.bind();
        glDrawArrays(GL_TRIANGLES, 0, 3); // not counted: a frame's statistics are its own drawing
        m_gradientKey = key;
    }

    // Instance 0 is the gradient copy; then every star in view. The same camera sees the same stars: a
    // still camera (a menu, a frozen scene) skips the pass over the sky.
    const bool withStars = look.stars > 0.0f;
    if (!m_inView.empty() && viewProjection == m_culledFor && withStars == m_culledWithStars)
        return;
    m_culledFor = viewProjection;
    m_culledWithStars = withStars;
    m_inView.clear();
    m_inView.push_back({{0.0f, 0.0f, 0.0f}, -1.0f, 0.0f});
    if (withStars) {
        for (const Star& star : m_stars) {
            const glm::vec4 clip =
                viewProjection * glm::vec4(star.direction[0], star.direction[1], star.direction[2], 0.0f);
            const float reach = clip.w * kViewMargin;
            if (clip.w > 0.0f && std::abs(clip.x) <= reach && std::abs(clip.y) <= reach)
                m_inView.push_back(star);
        }
    }
    frame.bytesUploaded += static_cast<int64_t>(
        m_starInstances.update(GL_ARRAY_BUFFER, m_inView.data(), m_inView.size() * sizeof(Star)));
    m_instanceCount = static_cast<int32_t>(m_inView.size());
}

void SkyPass::draw(FrameStats& frame) const {
    GlDebugScope scope("sky");
    glDepthFunc(GL_LEQUAL);
    m_skyProgram.use();
    m_gradient.bind(kGradientUnit);
    m_starVertexArray.bind();
    glDrawArraysInstanced(GL_TRIANGLE_STRIP, 0, 4, m_instanceCount);
    ++frame.drawCalls;
    frame.triangles += 2 * static_cast<int64_t>(m_instanceCount);
    frame.stars = m_instanceCount - 1;
    glDepthFunc(GL_LESS);
}

} // namespace vox
