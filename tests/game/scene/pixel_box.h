#pragma once
// Where a world box lands on a rendered frame, for the GL tests that measure a thing's pixels.

#include "vox/render/camera.h"

#include <glm/glm.hpp>

namespace invaders::test {

/// A rectangle of pixels: `min` inclusive, `max` exclusive, row 0 at the top.
struct PixelBox {
    glm::ivec2 min{0}; ///< Top-left pixel.
    glm::ivec2 max{0}; ///< One past the bottom-right pixel.
};

/// The pixels of a `size` frame where the world box `min`..`max` lands under `camera` (the screen
/// rectangle around its eight corners, clamped to the frame).
inline PixelBox project(const vox::Camera& camera, glm::vec3 min, glm::vec3 max, glm::ivec2 size) {
    glm::vec2 lo(1e9f);
    glm::vec2 hi(-1e9f);
    for (int i = 0; i < 8; ++i) {
        const glm::vec4 clip =
            camera.viewProjection() *
            glm::vec4((i & 1) ? max.x : min.x, (i & 2) ? max.y : min.y, (i & 4) ? max.z : min.z, 1.0f);
        lo = glm::min(lo, glm::vec2(clip) / clip.w);
        hi = glm::max(hi, glm::vec2(clip) / clip.w);
    }
    const glm::vec2 screen(size);
    return {glm::clamp(glm::ivec2(glm::floor(glm::vec2(lo.x + 1.0f, 1.0f - hi.y) * 0.5f * screen)),
                       glm::ivec2(0), size),
            glm::clamp(glm::ivec2(glm::ceil(glm::vec2(hi.x + 1.0f, 1.0f - lo.y) * 0.5f * screen)),
                       glm::ivec2(0), size)};
}

} // namespace invaders::test
