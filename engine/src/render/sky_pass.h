#pragma once
// SkyPass: what the scene shows where nothing opaque is drawn: a gradient down the screen and stars fixed to
// view directions (so they turn with the camera).
//
// Cheap on purpose, because it covers most of the screen. The gradient, with the vignette and dither
// every scene pixel gets, depends only on the pixel's place in the viewport and on the look, so it is
// drawn once into a texture (again only when the size or the look changes) and each frame copies it with
// one texel fetch per pixel. The stars are small quads, one per star in view, so only a star's own few
// pixels pay for its round profile; a CPU pass picks the stars in view (a few hundred of ~5,500) and the
// upload is skipped when that set is unchanged, as on a static frame. The copy and the stars are one
// instanced draw: instance 0 covers the viewport, the others are stars.

#include "stream_buffer.h"

#include "vox/core/result.h"
#include "vox/render/frame_stats.h"
#include "vox/render/framebuffer.h"
#include "vox/render/scene_renderer.h"
#include "vox/render/shader_program.h"
#include "vox/render/texture.h"
#include "vox/render/vertex_array.h"

#include <glm/mat4x4.hpp>
#include <glm/vec2.hpp>

#include <filesystem>
#include <vector>

namespace vox {

class SkyPass {
public:
    SkyPass() = default;
    // Loads fullscreen.vert + sky_gradient.frag (the gradient into the texture) and sky.vert + sky.frag
    // (the texture and the stars into the scene) from `shaderDirectory`, places the stars and makes the
    // pass's GL objects.
    [[nodiscard]] static Result<SkyPass> create(const std::filesystem::path& shaderDirectory);

    // Before the scene pass (binds another framebuffer): draws the gradient texture again if `size` or the
    // gradient's part of `look` changed since it was last drawn, picks the stars `viewProjection` shows
    // and uploads them if they changed. Needs the frame block bound. Leaves another framebuffer bound
    // when it drew: the caller binds its own next.
    void prepare(const glm::mat4& viewProjection, glm::ivec2 size, const SceneLook& look, FrameStats& frame);
    // Inside the scene pass, after everything opaque, with depth testing on and depth writes off: the
    // gradient and the stars wherever nothing was drawn.
    void draw(FrameStats& frame) const;

private:
    // One star: a direction and how it shines.
    struct Star {
        float direction[3];
        float brightness; // 0..1, before twinkling and SceneLook::stars
        float phase;      // 0..1: its twinkling speed and phase
    };
    static_assert(sizeof(Star) == 20);

    // What the gradient texture was drawn for.
    struct GradientKey {
        glm::ivec2 size{0};
        glm::vec3 top{-1.0f};
        glm::vec3 horizon{-1.0f};
        float vignette = -1.0f;
        float exposure = -1.0f;
        SkyDisc disc{{-1.0f, -1.0f}, -1.0f, glm::vec3(-1.0f)};
        bool operator==(const GradientKey&) const = default;
    };

    ShaderProgram m_gradientProgram;
    ShaderProgram m_skyProgram;
    Texture m_gradient;
    Framebuffer m_gradientFramebuffer;
    GradientKey m_gradientKey;
    std::vector<Star> m_stars;   // the whole sky
    std::vector<Star> m_inView;  // instance 0 (the gradient copy), then this frame's stars
    glm::mat4 m_culledFor{0.0f}; // the camera m_inView was picked for
    bool m_culledWithStars = false;
    StreamBuffer m_starInstances;
    VertexArray m_starVertexArray;
    VertexArray m_emptyVertexArray; // the gradient's triangle has no attributes
    int32_t m_instanceCount = 1;    // the copy and this frame's stars
};

} // namespace vox
