#pragma once
/// @file
/// `VoxelPose`: where a voxel model stands in the world, at any rotation.
///
/// A pose maps the model's cell space (cell (x, y, z) is the unit cube [x, x+1] x [y, y+1] x [z, z+1]) to
/// the world: world = position + rotation * cellPoint. World units are voxels: a model of another voxel
/// size is a matter of scaling the world, not the pose. The rotation turns about the model's corner (cell
/// space's origin); to turn a model about its centre c, use position = pivot - rotation * c.

#include <glm/mat3x3.hpp>
#include <glm/vec3.hpp>

namespace vox {

/// A rigid placement of a voxel model: world = position + rotation * cellPoint, in voxels.
struct VoxelPose {
    /// How far `rotation` may be from orthonormal: every entry of transpose(rotation) * rotation may differ
    /// from the identity's by this much (about 50 times the rounding of `glm::mat3_cast` of a normalised
    /// float quaternion, far below any scale or shear).
    static constexpr float kRotationTolerance = 1e-4f;

    /// Where the corner of cell (0, 0, 0) (cell space's origin) lands in the world. Must be finite.
    glm::vec3 position{0.0f};
    /// The model's x, y and z axes in world space, as columns: a rotation (orthonormal within
    /// `kRotationTolerance`, right-handed: determinant +1; `glm::mat3_cast(normalised quaternion)` gives
    /// one). The identity leaves the model axis-aligned. No scale, shear or mirror.
    glm::mat3 rotation{1.0f};

    /// True when `position` and `rotation` are finite, `rotation` is orthonormal within `kRotationTolerance`
    /// and right-handed (positive determinant). Every call taking a pose (the oriented narrowphase,
    /// `VoxelBricks::worldBox`) reports an invalid one to the assert handler in every build.
    [[nodiscard]] bool isValid() const;
};

} // namespace vox
