#pragma once
/// @file
/// `VoxelBricks`: an occupancy hierarchy over a `VoxelModel`, so that a narrowphase at any pose visits only
/// the parts of two models that come near each other.
///
/// The leaves are bricks of 4 x 4 x 4 cells, each one uint64 of occupancy (bit x + 4y + 16z of the brick's
/// local cell) and its filled cells' tight box. Above them every node groups up to 4 x 4 x 4 nodes of the
/// level below (16^3 cells, then 64^3, then 256^3), up to one root; empty nodes are left out, and every
/// node keeps the tight box of the filled cells under it. A 64^3 model has 2 levels above its bricks.
///
/// The hierarchy is a snapshot: after changing the model (`VoxelModel::set`, `erodeVoxels`), build it
/// again. Building reads the model's bit rows, 4 cells at a time (its cost: docs/benchmarks.md, "Figures
/// that were in source comments").

#include "vox/geometry/obb.h"
#include "vox/voxel/voxel_model.h"
#include "vox/voxel/voxel_pose.h"

#include <cstdint>
#include <span>
#include <vector>

namespace vox {

/// A node of `VoxelBricks`: a brick of 4^3 cells (a leaf) or a group of up to 4^3 nodes of the level below.
struct VoxelBrickNode {
    /// Tight box of the filled cells under the node, in the model's cells; never empty.
    VoxelBox bounds;
    /// Index in `VoxelBricks::nodes()` of the first child; the children are consecutive. 0 for a brick.
    int32_t firstChild = 0;
    /// Number of children (1..64); 0 for a brick (a leaf).
    int32_t childCount = 0;
    /// A brick's occupancy: bit x + 4y + 16z is cell `brickOrigin() + (x, y, z)`. 0 above the bricks.
    uint64_t cells = 0;

    /// True for a brick, a leaf of 4^3 cells.
    [[nodiscard]] bool isBrick() const { return childCount == 0; }
    /// The brick's first cell (a multiple of 4 on each axis): the cell of bit 0 of `cells`.
    [[nodiscard]] glm::ivec3 brickOrigin() const { return (bounds.min >> 2) << 2; }
};

/// The occupancy hierarchy of one model. Keep it beside the model and build it again when the model changes.
class VoxelBricks {
public:
    /// Cells on each axis of a brick.
    static constexpr int32_t kBrickSize = 4;

    /// An empty hierarchy (the hierarchy of an empty model).
    VoxelBricks() = default;

    /// The hierarchy of `model`'s filled cells. O(cells / 4).
    [[nodiscard]] static VoxelBricks build(const VoxelModel& model);

    /// All nodes, the root first (index 0); empty for a model with no filled voxel.
    [[nodiscard]] std::span<const VoxelBrickNode> nodes() const { return m_nodes; }
    /// True when the model had no filled voxel.
    [[nodiscard]] bool empty() const { return m_nodes.empty(); }
    /// Tight box of all filled cells (the root's bounds); an empty box for an empty model.
    [[nodiscard]] VoxelBox bounds() const { return m_nodes.empty() ? VoxelBox{} : m_nodes[0].bounds; }
    /// The size of the model it was built from.
    [[nodiscard]] glm::ivec3 modelSize() const { return m_modelSize; }
    /// The number of filled voxels of the model it was built from.
    [[nodiscard]] int32_t voxelCount() const { return m_voxelCount; }
    /// Number of bricks (leaves).
    [[nodiscard]] int32_t brickCount() const { return m_brickCount; }

    /// The `VoxelModel::occupancyFingerprint` of the model it was built from.
    [[nodiscard]] uint64_t modelFingerprint() const { return m_modelFingerprint; }

    /// True when the hierarchy was built from a model with `model`'s size, voxel count and filled cells (by
    /// `VoxelModel::occupancyFingerprint`), so that it describes `model` as it is now: false for bricks built
    /// from another model or before a change of this one. O(1). The narrowphase calls check it in every
    /// build and report a mismatch to the assert handler.
    [[nodiscard]] bool matches(const VoxelModel& model) const {
        return m_modelSize == model.size() && m_voxelCount == model.voxelCount() &&
               m_modelFingerprint == model.occupancyFingerprint();
    }

    /// The tight box of the filled cells placed at `pose`, in world space (voxels); a zero-size box at the
    /// pose's position for an empty model. A pose that is not `VoxelPose::isValid()` is misuse, reported to
    /// the assert handler in every build; if the handler returns false, the box is placed with the identity
    /// rotation at the pose's position.
    [[nodiscard]] Obb worldBox(const VoxelPose& pose) const;

private:
    std::vector<VoxelBrickNode> m_nodes;
    glm::ivec3 m_modelSize{0};
    int32_t m_voxelCount = 0;
    int32_t m_brickCount = 0;
    uint64_t m_modelFingerprint = 0;
};

} // namespace vox
