#pragma once
/// @file
/// The narrowphase of two voxel models at any pose (`VoxelPose`), exact at the voxel level.
///
/// ## What counts as touching
/// Two voxels, unit cubes, touch when they **interpenetrate by more than `kVoxelPoseTolerance`** (1e-3
/// voxel): the shortest move that would pull them apart is longer than that. Voxels that only share a face,
/// an edge or a corner do not touch, nor do voxels overlapping by less than the tolerance. On grid-aligned
/// poses this is the half-open convention of voxel_narrowphase.h (face-adjacent voxels do not overlap), and
/// the tolerance keeps float rounding (about 1e-5 voxel for models of 256 cells) from deciding exact
/// touches either way. Two models touch when some filled voxel of one touches some filled voxel of the
/// other; every filled voxel counts, the inside of a solid model as much as its surface.
///
/// ## How
/// The separating axis test, coarse to fine, with B brought into A's cell space once per call: the two
/// models' tight boxes, then the boxes of their `VoxelBricks` hierarchies, descending into the larger of
/// two overlapping nodes, so that the parts of the models far from each other are never visited; then,
/// for two overlapping 4^3 bricks, each filled cell of B against the filled cells of A that the box
/// around B's cube reaches (a 64-bit mask of A's brick), by the 15 axes of two unit cubes. With the
/// relative rotation fixed, those 15 axes and both cubes' radii on them are the same for every pair of
/// cubes: they are computed once per call, and a cube pair costs 15 dot products. As the penetration depth
/// of two convex polyhedra is reached along a face normal or an edge-edge cross product, "every one of the
/// 15 shadows overlaps by more than the tolerance" is exactly "interpenetrate by more than the tolerance".
///
/// Cost: a yes or no is 0.4 us for the game's models and 1 to 3 us for 32^3 and 64^3 models at random
/// poses; listing the touching pairs about 60 ns a pair (docs/benchmarks.md).
///
/// ## The grid-aligned fast path
/// When B's pose relative to A is a whole-voxel translation (same rotation, integer offset, both within
/// a deviation that cannot change a verdict), the calls go to voxel_narrowphase.h, 64 cells an instruction
/// (`gridOffsetBetween`). Other axis-aligned poses (B turned by multiples of 90 degrees relative to A) take
/// the oriented path, which is exact for them too.

#include "vox/voxel/voxel_bricks.h"
#include "vox/voxel/voxel_model.h"
#include "vox/voxel/voxel_pose.h"

#include <glm/vec3.hpp>

#include <cstdint>
#include <optional>
#include <vector>

namespace vox {

/// How deep, in voxels, two voxels at any pose must interpenetrate to touch (see the file comment).
inline constexpr float kVoxelPoseTolerance = 1e-3f;

/// A touching pair of voxels: a filled cell of model A and a filled cell of model B.
struct VoxelContact {
    glm::ivec3 cellA{0}; ///< The cell of model A, in A's cells.
    glm::ivec3 cellB{0}; ///< The cell of model B, in B's cells.

    /// Same cells.
    [[nodiscard]] bool operator==(const VoxelContact&) const = default;
};

/// The offset of B's cells in A's grid when B at `poseB` sits on A's grid at `poseA` (same rotation and a
/// whole-voxel translation, within a deviation too small to change any verdict of size `modelSizeA` and
/// `modelSizeB`: B's cell c then covers A's cell c + offset), or nothing. The narrowphase calls below take
/// voxel_narrowphase.h's bit-row path exactly when this returns an offset. A pose that is not
/// `VoxelPose::isValid()` is misuse, reported as for the calls below; if the handler returns false, nothing.
[[nodiscard]] std::optional<glm::ivec3> gridOffsetBetween(const VoxelPose& poseA, glm::ivec3 modelSizeA,
                                                          const VoxelPose& poseB, glm::ivec3 modelSizeB);

/// True when some filled voxel of `a` at `poseA` touches some filled voxel of `b` at `poseB` (see the file
/// comment). `bricksA` and `bricksB` are the models' `VoxelBricks`, built from them as they are now. Stops
/// at the first touching pair.
///
/// Misuse, checked in every build whatever `NDEBUG` the caller uses, for O(1) a call: a pose that is not
/// `VoxelPose::isValid()` (a scaled, sheared or mirrored rotation, a NaN), or bricks that do not match their
/// model (`VoxelBricks::matches`: built from another model, or before the model changed). Either is reported
/// to the assert handler (vox/core/assert.h) with a message naming the call, the argument, what is wrong and
/// what to do; the default handler aborts, and if a handler returns false the call answers that the models
/// do not touch (false here, nothing from `firstOrientedContact`, no pair appended by
/// `collectOrientedContacts`).
[[nodiscard]] bool orientedVoxelsOverlap(const VoxelModel& a, const VoxelBricks& bricksA,
                                         const VoxelPose& poseA, const VoxelModel& b,
                                         const VoxelBricks& bricksB, const VoxelPose& poseB);

/// The first touching pair of voxels found, or nothing: the same verdict as `orientedVoxelsOverlap`, with a
/// witness. Which pair comes first is unspecified (it follows the hierarchies' order). Misuse is reported
/// as for `orientedVoxelsOverlap`; if the handler returns false, nothing.
[[nodiscard]] std::optional<VoxelContact>
firstOrientedContact(const VoxelModel& a, const VoxelBricks& bricksA, const VoxelPose& poseA,
                     const VoxelModel& b, const VoxelBricks& bricksB, const VoxelPose& poseB);

/// Appends every touching pair of voxels to `contacts`, each once, in no particular order; returns how
/// many it appended. Arguments as `orientedVoxelsOverlap`; misuse is reported as there, and if the handler
/// returns false, nothing is appended (0).
int32_t collectOrientedContacts(const VoxelModel& a, const VoxelBricks& bricksA, const VoxelPose& poseA,
                                const VoxelModel& b, const VoxelBricks& bricksB, const VoxelPose& poseB,
                                std::vector<VoxelContact>& contacts);

} // namespace vox
