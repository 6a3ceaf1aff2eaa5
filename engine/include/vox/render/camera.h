#pragma once
/// @file
/// `Camera` and the two ways the game points one: `framePlayfield()`, the tilted perspective view that
/// fits the 224 x 256-voxel playfield into a window of any shape, and `orbitCamera()`, which circles a
/// model for `--view`. `cameraShake()` adds a small, smooth, deterministic wobble (explosions).
///
/// Units are voxels; axes are the game's: x right, y up, z towards the viewer.

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

/// How `framePlayfield()` places the camera.
struct PlayfieldCameraSettings {
    glm::vec3 boxMin{0.0f, 0.0f, -8.0f};    ///< Near-bottom-left corner of the region to show, voxels.
    glm::vec3 boxMax{224.0f, 256.0f, 8.0f}; ///< Far-top-right corner (the arcade's 224 x 256 screen).
    float tiltDegrees = 28.0f;              ///< Camera above the playfield, looking down by this much.
    float yawDegrees =
        0.0f; ///< Camera turned about the vertical axis (positive: from the right), then tilted.
    float fieldOfViewDegrees = 30.0f; ///< Vertical field of view before the fit; sets the depth cue.
    float margin = 0.03f;             ///< Empty border around the box, fraction of the frame.
    float nearPlane = 10.0f;          ///< Voxels; keep > 0.
    float farPlane = 4000.0f;         ///< Voxels; covers the ground plane to the horizon.
};

/// A camera tilted by `settings.tiltDegrees` about the x axis whose frame holds the whole box with
/// `margin` to spare at aspect `aspect` (width / height, > 0), as large as possible and centred: the
/// box touches the frame on two opposite sides whatever the window shape. The projection is shifted
/// (an off-centre lens) rather than the camera turned, so the tilt stays exactly as set.
/// `shakeOffset` (voxels, from `cameraShake()`) moves the camera sideways and up, keeping its direction.
[[nodiscard]] Camera framePlayfield(const PlayfieldCameraSettings& settings, float aspect,
                                    glm::vec2 shakeOffset = glm::vec2(0.0f));

/// A camera on a circle around `target`: `yawRadians` turns it about the y axis (0: on the +z side,
/// looking towards -z), `pitchRadians` raises it (positive: above, looking down), `distance` voxels
/// from the target, vertical field of view `fieldOfViewDegrees`, aspect width / height.
[[nodiscard]] Camera orbitCamera(glm::vec3 target, float distance, float yawRadians, float pitchRadians,
                                 float fieldOfViewDegrees, float aspect);

/// A smooth pseudo-random offset of at most `amplitude` voxels on each axis at time `seconds`, the same
/// for the same (`seconds`, `seed`) on every machine. Feed a decaying amplitude (e.g. 3 voxels after a
/// hit, halving every 0.1 s) to `framePlayfield()`; 0 gives (0, 0).
[[nodiscard]] glm::vec2 cameraShake(float amplitude, double seconds, uint64_t seed = 0);

} // namespace vox
