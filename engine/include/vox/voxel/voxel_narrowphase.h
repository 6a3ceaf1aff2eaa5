#pragma once
/// @file
/// The voxel narrowphase: exact overlap tests between models placed on the world's voxel grid.
///
/// A model placed at `offset` puts its cell (x, y, z) on world cell offset + (x, y, z). Cells are
/// half-open unit cubes, so face-adjacent voxels do not overlap: two models overlap exactly when some
/// world cell is filled in both. The tests AND the models' bit rows over the overlap of their grids, 64
/// cells per instruction, and never touch a cell one at a time.
///
/// ## Sub-voxel positions
/// Game objects move smoothly, at fractional voxel positions, but collide on the grid: a model at
/// position p (its minimum corner, in voxels) collides as if placed at `snapToVoxel(p)`, p rounded to
/// the nearest integer on each axis, halves rounding up (0.5 -> 1, -0.5 -> 0). So contact begins when
/// the drawn models overlap by half a voxel or more, the same on every side, and no model is ever
/// more than half a voxel from where it is drawn. A swept move snaps both ends (see `sweepVoxels`).

#include "vox/voxel/voxel_model.h"

#include <glm/vec3.hpp>

#include <cstdint>
#include <optional>
#include <vector>

namespace vox {

/// `position` rounded to the nearest integer on each axis, halves rounding up (towards +infinity).
/// Exact for every float: 0.49999997f -> 0, 0.5f -> 1, -0.5f -> 0, -0.50000006f -> -1.
[[nodiscard]] glm::ivec3 snapToVoxel(glm::vec3 position);

/// True when a filled voxel of `a` (placed at `offsetA`) and a filled voxel of `b` (at `offsetB`)
/// occupy the same world cell. Stops at the first z slice holding a contact.
[[nodiscard]] bool voxelsOverlap(const VoxelModel& a, glm::ivec3 offsetA, const VoxelModel& b,
                                 glm::ivec3 offsetB);

/// The first world cell filled in both models, in scan order (lowest z, then y, then x), or nothing.
[[nodiscard]] std::optional<glm::ivec3> firstOverlap(const VoxelModel& a, glm::ivec3 offsetA,
                                                     const VoxelModel& b, glm::ivec3 offsetB);

/// Appends every world cell filled in both models to `cells`, in scan order (z, then y, then x);
/// returns how many it appended.
int32_t collectOverlaps(const VoxelModel& a, glm::ivec3 offsetA, const VoxelModel& b, glm::ivec3 offsetB,
                        std::vector<glm::ivec3>& cells);

/// The first contact of a swept move.
struct SweepHit {
    glm::ivec3 offset{0}; ///< The mover's placement at first contact (on the path from `from` to `to`).
    glm::ivec3 cell{0};   ///< The first world cell it enters that `target` fills (scan order on ties).
    int32_t step = 0;     ///< Unit moves taken from `from`: 0 when already overlapping at `from`.
};

/// Moves `mover` from placement `from` to placement `to` one voxel at a time and returns the first
/// placement at which it overlaps `target` (placed at `targetOffset`), or nothing when the whole path is
/// clear. The path is the 6-connected voxel line from `from` to `to` (|dx| + |dy| + |dz| unit moves,
/// each along one axis, the one whose next boundary crossing along the straight segment comes first;
/// ties go to x, then y, then z), so a fast shot cannot tunnel through a wall one voxel thick, not even
/// diagonally. For smooth movement pass `snapToVoxel()` of the old and new positions.
[[nodiscard]] std::optional<SweepHit> sweepVoxels(const VoxelModel& target, glm::ivec3 targetOffset,
                                                  const VoxelModel& mover, glm::ivec3 from, glm::ivec3 to);

} // namespace vox
