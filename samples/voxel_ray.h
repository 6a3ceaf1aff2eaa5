#pragma once
/// @file
/// `castVoxelRay`: the first filled voxel of a `vox::VoxelModel` along a ray, by walking the grid cell by
/// cell (Amanatides and Woo, "A Fast Voxel Traversal Algorithm for Ray Tracing", 1987).
///
/// The ray is first clipped to the model's grid box [0, size]. From the cell it enters, each step goes to
/// the neighbour across whichever cell wall the ray reaches first: per axis the walk keeps `tMax`, the ray
/// fraction of the next wall, and `tDelta`, the fraction between two walls, so a step is a compare and an
/// add. It visits exactly the cells the ray passes through, in order, and stops at the first filled one:
/// O(cells crossed), never O(voxels).

#include "vox/voxel/voxel_model.h"

#include <glm/vec3.hpp>

#include <cstdint>
#include <optional>

namespace samples {

/// The first filled voxel a ray meets.
struct VoxelRayHit {
    glm::ivec3 cell{0};    ///< The voxel hit.
    float fraction = 0.0f; ///< Where the ray enters it, in units of the ray's direction.
    glm::ivec3 normal{0};  ///< The face entered: -1 or +1 on one axis; zero when the ray starts inside.
};

/// What a walk cost, for the scene's counts.
struct VoxelRayCost {
    int32_t cellsVisited = 0; ///< Cells looked at (filled or not).
};

/// Walks the ray `origin + t * direction`, t in [0, maxFraction], through `model`'s grid, in the model's
/// cell coordinates (cell (x, y, z) is [x, x+1) x [y, y+1) x [z, z+1)). Returns the first filled cell and
/// the fraction where the ray enters it; nothing when the ray misses every voxel or `direction` is zero.
/// Adds the cells it visits to `cost` when given.
[[nodiscard]] std::optional<VoxelRayHit> castVoxelRay(const vox::VoxelModel& model, const glm::vec3& origin,
                                                      const glm::vec3& direction, float maxFraction,
                                                      VoxelRayCost* cost = nullptr);

/// The same answer by testing the ray against the box of every filled voxel and keeping the nearest: the
/// reference the walk is tested against. O(voxels). Leaves `normal` zero.
[[nodiscard]] std::optional<VoxelRayHit> castVoxelRayBruteForce(const vox::VoxelModel& model,
                                                                const glm::vec3& origin,
                                                                const glm::vec3& direction,
                                                                float maxFraction);

} // namespace samples
