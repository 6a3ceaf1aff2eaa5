#include "scene_buffers.h"

#include "render_pass.h"

#include "vox/core/assert.h"
#include "vox/platform/gl_debug_scope.h"

namespace vox {

Result<SceneBuffers> SceneBuffers::create(const std::filesystem::path& shaderDirectory) {
    Result<ShaderProgram> program = loadProgram(shaderDirectory, "upscale.vert", "upscale.frag");
    if (!program)
        return program.error();
    SceneBuffers buffers;
    buffers.m_upscaleProgram = std::move(program).value();
    buffers.m_upscaleProgram.use();
    glUniform1i(buffers.m_upscaleProgram.uniformLocation("uScene"), kSceneUnit);
    glUseProgram(0);
    buffers.m_emptyVertexArray = VertexArray::create();
    return buffers;
}

void SceneBuffers::OffscreenBuffer::ensure(glm::ivec2 wantedSize, int32_t wantedSamples, bool wantDepth) {
    if (wantedSize == size && wantedSamples == samples && wantDepth == (depth.name() != 0) &&
        framebuffer.name() != 0)
        return;
    if (wantedSamples > 1) {
        color = Renderbuffer::create(wantedSize.x, wantedSize.y, GL_RGBA8, wantedSamples);
        colorTexture = Texture{};
    } else {
        colorTexture = wantDepth ? Texture::createColorBuffer(wantedSize.x, wantedSize.y)
                                 : Texture::create2D(wantedSize.x, wantedSize.y, GL_RGBA8); // bilinear
        filter = GL_LINEAR;
        color = Renderbuffer{};
    }
    depth = wantDepth ? Renderbuffer::create(wantedSize.x, wantedSize.y, GL_DEPTH24_STENCIL8, wantedSamples)
                      : Renderbuffer{};
    framebuffer = Framebuffer::create();
    framebuffer.bind();
    if (wantedSamples > 1)
        glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, color.name());
    else
        glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, colorTexture.name(), 0);
    if (wantDepth)
        framebuffer.attachDepthStencil(depth);
    const Status complete = framebuffer.checkComplete();
    VOX_VERIFY(complete.ok(), "SceneRenderer: the driver refused the scene's framebuffer; set "
                              "RendererSettings::samples to 1 and renderScale to 1");
    size = wantedSize;
    samples = wantedSamples;
}

void SceneBuffers::OffscreenBuffer::release() {
    if (framebuffer.name() != 0)
        *this = OffscreenBuffer{};
}

void SceneBuffers::OffscreenBuffer::useFilter(GLint wanted) {
    if (filter == wanted)
        return;
    colorTexture.setFilter(wanted);
    filter = wanted;
}

void SceneBuffers::begin(glm::ivec2 sceneSize, int32_t samples, GLint target, const Viewport& viewport) {
    m_sceneSize = sceneSize;
    m_target = target;
    m_viewport = viewport;
    m_multisample = samples > 1;
    m_scale = sceneSize != glm::ivec2(viewport.width, viewport.height);
    m_resolveForWindow = m_multisample && !m_scale && target == 0;
    m_draw = !m_multisample || m_scale;
    if (m_multisample)
        m_multisampled.ensure(sceneSize, samples, true);
    else
        m_multisampled.release();
    if (m_draw || m_resolveForWindow)
        m_scaled.ensure(sceneSize, 1, !m_multisample);
    else
        m_scaled.release();
    // A scissor left on (an overlay's last clip) would clip the clears, passes and blits.
    glDisable(GL_SCISSOR_TEST);
    // After both: making a buffer binds it, and the scene is drawn into the first of the chain.
    (m_multisample ? m_multisampled : m_scaled).framebuffer.bind();
    glViewport(0, 0, sceneSize.x, sceneSize.y);
}

void SceneBuffers::blitIntoTarget() const {
    glBindFramebuffer(GL_DRAW_FRAMEBUFFER, static_cast<GLuint>(m_target));
    glBlitFramebuffer(0, 0, m_sceneSize.x, m_sceneSize.y, m_viewport.x, m_viewport.y,
                      m_viewport.x + m_viewport.width, m_viewport.y + m_viewport.height, GL_COLOR_BUFFER_BIT,
                      GL_NEAREST);
}

void SceneBuffers::finish(FrameStats& frame) {
    if (m_multisample) {
        GlDebugScope resolve("multisample resolve");
        glBindFramebuffer(GL_READ_FRAMEBUFFER, m_multisampled.framebuffer.name());
        if (m_draw || m_resolveForWindow) {
            glBindFramebuffer(GL_DRAW_FRAMEBUFFER, m_scaled.framebuffer.name());
            glBlitFramebuffer(0, 0, m_sceneSize.x, m_sceneSize.y, 0, 0, m_sceneSize.x, m_sceneSize.y,
                              GL_COLOR_BUFFER_BIT, GL_NEAREST);
        } else {
            blitIntoTarget();
        }
    }
    if (m_resolveForWindow) {
        GlDebugScope copy("copy into the window");
        glBindFramebuffer(GL_READ_FRAMEBUFFER, m_scaled.framebuffer.name());
        blitIntoTarget();
    }
    if (!m_draw)
        return;
    GlDebugScope upscale(m_scale ? "render scale upscale" : "copy into the target");
    glBindFramebuffer(GL_FRAMEBUFFER, static_cast<GLuint>(m_target));
    glViewport(m_viewport.x, m_viewport.y, m_viewport.width, m_viewport.height);
    m_upscaleProgram.use();
    m_scaled.colorTexture.bind(kSceneUnit);
    // Texel for pixel at scale 1: nearest is exact there, and the cheaper fetch.
    m_scaled.useFilter(m_scale ? GL_LINEAR : GL_NEAREST);
    m_emptyVertexArray.bind();
    glDrawArrays(GL_TRIANGLES, 0, 6);
    ++frame.drawCalls;
    frame.triangles += 2;
}

} // namespace vox
