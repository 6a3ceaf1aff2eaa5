#pragma once
/// @file
/// Erosion: carving a stencil (a small voxel model, such as a blast's shape) out of a model, as a
/// projectile eats into a wall.
///
/// Typical use, when the narrowphase reports a contact at world cell `hit` on a wall placed at
/// `wallOffset`:
///
///     removed.clear();
///     const glm::ivec3 offset = stencilOffsetCentredOn(blast, hit - wallOffset);
///     if (erodeVoxels(wall, blast, offset, removed) > 0)
///         mesher.mesh(wall, wallMesh); // that model only; spawn debris from `removed`

#include "vox/voxel/voxel_model.h"

#include <glm/vec3.hpp>

#include <cstdint>
#include <vector>

namespace vox {

/// A voxel taken out of a model, for debris.
struct RemovedVoxel {
    glm::ivec3 cell{0};     ///< In the eroded model's cells.
    uint8_t colorIndex = 0; ///< Its palette index, 1..255.
    uint32_t rgba = 0;      ///< Its colour, 0xAABBGGRR, from the model's palette.
};

/// Empties every filled voxel of `model` that a filled voxel of `stencil` covers, with the stencil's
/// cell (0, 0, 0) on model cell `stencilOffset` (the stencil may hang over the model's edges). Appends
/// the removed voxels to `removed`, in scan order (z, then y, then x), and returns how many it removed.
/// Occupancy, colours and voxel count are updated; re-mesh the model when this returns more than 0.
int32_t erodeVoxels(VoxelModel& model, const VoxelModel& stencil, glm::ivec3 stencilOffset,
                    std::vector<RemovedVoxel>& removed);

/// The `stencilOffset` that centres `stencil` on model cell `cell`: cell - size / 2 (rounded down).
[[nodiscard]] inline glm::ivec3 stencilOffsetCentredOn(const VoxelModel& stencil, glm::ivec3 cell) {
    return cell - stencil.size() / 2;
}

} // namespace vox
