#pragma once
// Sky: what the scene shows where nothing opaque is drawn: a gradient down the screen and stars fixed to
// view directions (so they turn with the camera).
//
// Cheap on purpose, because it covers most of the screen: a sky pixel is a few multiply-adds and three
// square roots (sky.frag), no texture fetch and no exp or pow (on a software rasteriser, a copy of the
// gradient from a texture cost more than all of that). The stars are small quads, one per star in view, so
// only a star's own few pixels pay for its round profile; a CPU pass picks the stars in view (a few
// hundred of ~5,500) and the upload is skipped when that set is unchanged, as on a static frame. The
// gradient and the stars are one instanced draw: instance 0 covers the viewport, the others are stars.

#include "stream_buffer.h"

#include "vox/render/frame_stats.h"
#include "vox/render/scene_renderer.h"
#include "vox/render/shader_program.h"
#include "vox/render/vertex_array.h"

#include <glm/mat4x4.hpp>

#include <vector>

namespace vox {

class Sky {
public:
    Sky() = default;
    // `program`: sky.vert + sky.frag, built by the renderer (it sees the frame uniform block).
    static Sky create(ShaderProgram program);

    // Before the scene pass: picks the stars `viewProjection` shows (none when `look.stars` is 0) and
    // uploads them if they changed.
    void prepare(const glm::mat4& viewProjection, const SceneLook& look, FrameStats& frame);
    // Inside the scene pass, after everything opaque, with depth testing on and depth writes off: the
    // gradient and the stars wherever nothing was drawn. Needs the frame block bound.
    void draw(FrameStats& frame) const;

private:
    // One star: a direction and how it shines.
    struct Star {
        float direction[3];
        float brightness; // 0..1, before twinkling and SceneLook::stars
        float phase;      // 0..1: its twinkling speed and phase
    };
    static_assert(sizeof(Star) == 20);

    ShaderProgram m_program;
    std::vector<Star> m_stars;   // the whole sky
    std::vector<Star> m_inView;  // instance 0 (the gradient), then this frame's stars
    glm::mat4 m_culledFor{0.0f}; // the camera m_inView was picked for
    bool m_culledWithStars = false;
    StreamBuffer m_starInstances;
    VertexArray m_starVertexArray;
    int32_t m_instanceCount = 1; // the gradient and this frame's stars
};

} // namespace vox
