#pragma once
// GroundPass: the ground plane (SceneLook's ground colour, its glowing line and its stage fading out into
// the sky) and the contact shadows on it, in one instanced draw (ground.vert + ground.frag): instance 0 is
// the ground, each further instance a shadow's rectangle darkening it. (A loop over the footprints in the
// ground's shader costs a software rasteriser more per pixel than the whole rest of the ground, even with
// no shadows.)

#include "vox/core/result.h"
#include "vox/render/frame_stats.h"
#include "vox/render/scene_renderer.h"
#include "vox/render/shader_program.h"
#include "vox/render/vertex_array.h"

#include <glm/vec2.hpp>
#include <glm/vec4.hpp>

#include <array>
#include <cstdint>
#include <filesystem>

namespace vox {

// The ground's stage (SceneLook::groundStageMin, Max, Fade) made safe to divide by: its size not negative,
// a hard edge a fade over a thousandth of a voxel.
struct GroundStage {
    glm::vec2 centre;   // x, z
    glm::vec2 halfSize; // opaque within this of the centre
    glm::vec2 fade;     // fading out over this beyond
};
[[nodiscard]] GroundStage groundStage(const SceneLook& look);

class GroundPass {
public:
    GroundPass() = default;
    // Loads ground.vert + ground.frag from `shaderDirectory` and makes the pass's GL objects.
    [[nodiscard]] static Result<GroundPass> create(const std::filesystem::path& shaderDirectory);

    // Forgets the last frame's shadows.
    void clear() { m_shadowCount = 0; }
    // Records a contact shadow under the footprint `min`..`max` (world x, z); dropped beyond
    // SceneRenderer::kMaxGroundShadows.
    void addShadow(glm::vec2 min, glm::vec2 max);
    // Inside the scene pass, after the sky, with depth testing on and depth writes off: the ground and its
    // shadows, blended over the sky where the ground fades out, if `look` draws the ground.
    void draw(const SceneLook& look, FrameStats& frame) const;

private:
    ShaderProgram m_program;
    GLint m_rectangleLocation = -1;      // uRectangle: the plane's extent, x min, z min, x max, z max
    GLint m_shadowsLocation = -1;        // uShadows: the footprints
    GLint m_shadowStrengthLocation = -1; // uShadowStrength
    VertexArray m_emptyVertexArray;      // the vertices come from gl_VertexID and gl_InstanceID
    std::array<glm::vec4, SceneRenderer::kMaxGroundShadows> m_shadows{}; // x min, z min, x max, z max
    int32_t m_shadowCount = 0;
};

} // namespace vox
