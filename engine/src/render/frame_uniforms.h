#pragma once
// FrameUniforms: frame.glsl's uniform block, "Frame": what every pass's shaders read about the frame (the
// camera, the lights, the look and the values derived from them), uploaded once per frame (nothing when
// unchanged) and bound to kFrameBlockBinding.

#include "stream_buffer.h"

#include "vox/platform/viewport.h"
#include "vox/render/camera.h"
#include "vox/render/frame_stats.h"
#include "vox/render/scene_renderer.h"

#include <glm/vec2.hpp>

namespace vox {

class FrameUniforms {
public:
    FrameUniforms() = default;
    static FrameUniforms create();

    // Uploads the block for a frame seen by `camera` at time `seconds`, drawn with `look` into a scene of
    // `sceneSize` pixels shown in `viewport`, and binds it.
    void upload(const Camera& camera, double seconds, const SceneLook& look, glm::ivec2 sceneSize,
                const Viewport& viewport, FrameStats& frame);

private:
    StreamBuffer m_buffer;
};

} // namespace vox
