#include "frame_uniforms.h"

#include "ground_pass.h"
#include "render_pass.h"

#include <glm/common.hpp>
#include <glm/geometric.hpp>
#include <glm/mat4x4.hpp>
#include <glm/matrix.hpp>

#include <algorithm>
#include <cmath>

namespace vox {
namespace {

// The ground's line (SceneLook::groundLineX) fades in and out over this many voxels either side of its ends.
constexpr float kGroundLineEndFade = 2.0f;

// The std140 uniform block of frame.glsl.
struct FrameBlock {
    glm::mat4 viewProjection;
    glm::mat4 inverseViewProjection;
    glm::vec4 cameraPosition;
    glm::vec4 toLight;
    glm::vec4 lightColor;
    glm::vec4 toFill;
    glm::vec4 fillColor;
    glm::vec4 skyAmbient;
    glm::vec4 groundAmbient;
    glm::vec4 bounceColor;
    glm::vec4 backgroundTop;
    glm::vec4 backgroundHorizon;
    glm::vec4 groundColor;
    glm::vec4 groundLineColor;
    glm::vec4 viewport;
    glm::vec4 params;
    glm::vec4 params2;
    glm::vec4 vignette;
    glm::vec4 groundLine;
    glm::vec4 groundStage;
    glm::vec4 groundStageReach;
    glm::vec4 lightBands[2];
    glm::vec4 lightBandColors[2];
    glm::vec4 skyDisc;
    glm::vec4 skyDiscColor;
};

// The look's colours and lights, as the block holds them.
void setLights(const SceneLook& look, FrameBlock& block) {
    block.toLight = glm::vec4(glm::normalize(look.toLight), 0.0f);
    block.lightColor = glm::vec4(look.lightColor, 0.0f);
    block.toFill = glm::vec4(glm::normalize(look.toFill), 0.0f);
    block.fillColor = glm::vec4(look.fillColor, 0.0f);
    block.skyAmbient = glm::vec4(look.skyAmbient, 0.0f);
    block.groundAmbient = glm::vec4(look.groundAmbient, 0.0f);
    block.bounceColor = glm::vec4(look.bounceColor, 0.0f);
    block.backgroundTop = glm::vec4(look.backgroundTop, 0.0f);
    block.backgroundHorizon = glm::vec4(look.backgroundHorizon, 0.0f);
    block.groundColor = glm::vec4(look.groundColor, 0.0f);
    block.groundLineColor = glm::vec4(look.groundLineColor, 0.0f);
    // voxel_shading.glsl's lightBandFilter(): inside = clamp(y x + y', 0, 1) * clamp(z - y x, 0, 1), edges
    // ramping over the feather centred on minY and maxY; all 0 (no band): inside 0, the light unchanged.
    for (size_t i = 0; i < look.lightBands.size(); ++i) {
        const LightBand& band = look.lightBands[i];
        if (band.maxY <= band.minY)
            continue;
        const float scale = 1.0f / std::max(band.feather, 0.01f);
        block.lightBands[i] = glm::vec4(scale, 0.5f - band.minY * scale, 0.5f + band.maxY * scale, 0.0f);
        block.lightBandColors[i] = glm::vec4(glm::clamp(band.color, 0.0f, 1.0f), 0.0f);
    }
    block.skyDisc = glm::vec4(look.skyDisc.centre, std::max(look.skyDisc.radius, 0.0f), 0.0f);
    block.skyDiscColor = glm::vec4(look.skyDisc.color, 0.0f);
}

// The ground's line and stage, as scales and reaches so that ground.frag needs no division.
void setGround(const SceneLook& look, FrameBlock& block) {
    // ground.frag's fadeOut(): 1 within a half size of a centre, 0 a fade further out, as a scale (1 / the
    // fade) and a reach (the scale times half the size plus the fade).
    if (look.groundLineX.y > look.groundLineX.x) {
        const float scale = 1.0f / (2.0f * kGroundLineEndFade);
        const float halfLength = (look.groundLineX.y - look.groundLineX.x) * 0.5f;
        block.groundLine = glm::vec4((look.groundLineX.x + look.groundLineX.y) * 0.5f, scale,
                                     (halfLength + kGroundLineEndFade) * scale, 0.0f);
    } // else all 0: no line
    const GroundStage stage = groundStage(look);
    block.groundStage = glm::vec4(stage.centre, 1.0f / stage.fade);
    block.groundStageReach = glm::vec4((stage.halfSize + stage.fade) / stage.fade, 0.0f, 0.0f);
}

} // namespace

FrameUniforms FrameUniforms::create() {
    FrameUniforms uniforms;
    uniforms.m_buffer = StreamBuffer::create();
    return uniforms;
}

void FrameUniforms::upload(const Camera& camera, double seconds, const SceneLook& look, glm::ivec2 sceneSize,
                           const Viewport& viewport, FrameStats& frame) {
    FrameBlock block{};
    block.viewProjection = camera.viewProjection();
    block.inverseViewProjection = glm::inverse(block.viewProjection);
    block.cameraPosition = glm::vec4(camera.position, static_cast<float>(seconds));
    setLights(look, block);
    // Where the scene's pixels are in the framebuffer it is drawn into (the vignette's frame).
    block.viewport = glm::vec4(0.0f, 0.0f, static_cast<float>(sceneSize.x), static_cast<float>(sceneSize.y));
    block.params = glm::vec4(look.groundHeight, look.fogDensity, look.vignette, look.exposure);
    const float scenePixelsPerPixel =
        static_cast<float>(sceneSize.y) / static_cast<float>(std::max(1, viewport.height));
    block.params2 =
        glm::vec4(look.fogStart, look.stars, scenePixelsPerPixel, std::clamp(look.monochrome, 0.0f, 1.0f));
    // finish.glsl's vignette: uv = (pixel - origin) / size - 0.5 scaled by sqrt(1.6 / 0.6), so that
    // |scaled uv|^2 - 0.25 = (1.6 |uv|^2 - 0.15) / 0.6, smoothstep(0.15, 0.75, 1.6 |uv|^2)'s ramp.
    const float rampScale = std::sqrt(1.6f / 0.6f);
    const glm::vec2 origin(block.viewport.x, block.viewport.y);
    const glm::vec2 size(block.viewport.z, block.viewport.w);
    block.vignette = glm::vec4(rampScale / size, (-origin / size - 0.5f) * rampScale);
    setGround(look, block);
    frame.bytesUploaded += static_cast<int64_t>(m_buffer.update(GL_UNIFORM_BUFFER, &block, sizeof(block)));
    glBindBufferBase(GL_UNIFORM_BUFFER, kFrameBlockBinding, m_buffer.buffer().name());
}

} // namespace vox
