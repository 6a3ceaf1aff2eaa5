#pragma once
/// @file
/// `Camera` and two ways to point one: `frameBox()`, a tilted perspective view that fits a box the caller
/// gives (a level, a board) into a window of any shape, and `orbitCamera()`, which circles a model.
/// `cameraShake()` adds a small, smooth, deterministic wobble (an impact).
///
/// Units are voxels; axes: x right, y up, z towards the viewer.

#include <glm/mat4x4.hpp>
#include <glm/vec2.hpp>
#include <glm/vec3.hpp>

#include <cstdint>

namespace vox {

/// A perspective camera: what the renderer needs to draw from it.
struct Camera {
    glm::mat4 view{1.0f};       ///< World to eye.
    glm::mat4 projection{1.0f}; ///< Eye to clip (OpenGL conventions: depth -1..1).
    glm::vec3 position{0.0f};   ///< Eye position in the world (lighting, fog).

    /// projection * view.
    [[nodiscard]] glm::mat4 viewProjection() const { return projection * view; }
};

/// How `frameBox()` looks at its box: the angles, the lens and the border. The box itself is the caller's.
struct FramingSettings {
    float tiltDegrees = 28.0f; ///< Camera above the box, looking down by this much.
    /// Camera turned about the vertical axis (positive: from the right), then tilted.
    float yawDegrees = 0.0f;
    float fieldOfViewDegrees = 30.0f; ///< Vertical field of view before the fit; sets the depth cue.
    float margin = 0.03f;             ///< Empty border around the box, fraction of the frame.
    float nearPlane = 10.0f;          ///< Voxels; keep > 0.
    float farPlane = 4000.0f;         ///< Voxels; covers the ground plane to the horizon.
};

/// A camera tilted by `settings.tiltDegrees` about the x axis whose frame holds the whole box from
/// `boxMin` (near-bottom-left corner, voxels) to `boxMax` (far-top-right) with `margin` to spare at aspect
/// `aspect` (width / height, > 0), as large as possible and centred: the box touches the frame on two
/// opposite sides whatever the window shape. The projection is shifted (an off-centre lens) rather than
/// the camera turned, so the tilt stays exactly as set. `shakeOffset` (voxels, from `cameraShake()`)
/// moves the camera sideways and up, keeping its direction.
[[nodiscard]] Camera frameBox(glm::vec3 boxMin, glm::vec3 boxMax, const FramingSettings& settings,
                              float aspect, glm::vec2 shakeOffset = glm::vec2(0.0f));

/// A camera on a circle around `target`: `yawRadians` turns it about the y axis (0: on the +z side,
/// looking towards -z), `pitchRadians` raises it (positive: above, looking down), `distance` voxels
/// from the target, vertical field of view `fieldOfViewDegrees`, aspect width / height.
[[nodiscard]] Camera orbitCamera(glm::vec3 target, float distance, float yawRadians, float pitchRadians,
                                 float fieldOfViewDegrees, float aspect);

/// A smooth pseudo-random offset of at most `amplitude` voxels on each axis at time `seconds`, the same
/// for the same (`seconds`, `seed`) on every machine. Feed a decaying amplitude (e.g. 3 voxels after a
/// hit, halving every 0.1 s) to `frameBox()`; 0 gives (0, 0).
[[nodiscard]] glm::vec2 cameraShake(float amplitude, double seconds, uint64_t seed = 0);

} // namespace vox
