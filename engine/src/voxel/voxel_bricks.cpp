#include "vox/voxel/voxel_bricks.h"

#include "voxel/pose_check.h"
#include "voxel/row_overlap.h"

#include <glm/common.hpp>

#include <algorithm>
#include <bit>
#include <cstddef>

namespace vox {

namespace {

constexpr int32_t kFanOut = 4; // children per axis of a node above the bricks

// One level of the hierarchy as a dense grid, before empty cells are dropped.
struct DenseLevel {
    glm::ivec3 dims{0};
    std::vector<VoxelBox> bounds; // empty where nothing is filled
    std::vector<uint64_t> cells;  // the bricks' occupancy (level 0 only)

    [[nodiscard]] size_t index(glm::ivec3 at) const {
        return (static_cast<size_t>(at.z) * static_cast<size_t>(dims.y) + static_cast<size_t>(at.y)) *
                   static_cast<size_t>(dims.x) +
               static_cast<size_t>(at.x);
    }
};

VoxelBox unite(const VoxelBox& a, const VoxelBox& b) {
    if (a.empty())
        return b;
    if (b.empty())
        return a;
    return {glm::min(a.min, b.min), glm::max(a.max, b.max)};
}

// The tight box of a brick's occupancy, in cells relative to the brick's origin.
VoxelBox brickBounds(uint64_t cells) {
    int32_t xs = 0; // bit x set when some cell of column x is filled
    int32_t ys = 0;
    int32_t zs = 0;
    for (int32_t z = 0; z < 4; ++z)
        for (int32_t y = 0; y < 4; ++y) {
            const auto row = static_cast<int32_t>((cells >> (16 * z + 4 * y)) & 0xF);
            xs |= row;
            ys |= row != 0 ? 1 << y : 0;
            zs |= row != 0 ? 1 << z : 0;
        }
    const auto low = [](int32_t bits) { return std::countr_zero(static_cast<uint32_t>(bits)); };
    const auto high = [](int32_t bits) { return 32 - std::countl_zero(static_cast<uint32_t>(bits)); };
    return {{low(xs), low(ys), low(zs)}, {high(xs), high(ys), high(zs)}};
}

DenseLevel buildBricks(const VoxelModel& model) {
    DenseLevel level;
    const glm::ivec3 size = model.size();
    level.dims = (size + (VoxelBricks::kBrickSize - 1)) / VoxelBricks::kBrickSize;
    const size_t count = static_cast<size_t>(level.dims.x) * static_cast<size_t>(level.dims.y) *
                         static_cast<size_t>(level.dims.z);
    level.bounds.assign(count, VoxelBox{});
    level.cells.assign(count, 0);
    const int32_t words = model.wordsPerRow();
    for (int32_t z = 0; z < size.z; ++z)
        for (int32_t y = 0; y < size.y; ++y) {
            const uint64_t* row = detail::rowPointer(model, y, z);
            const int32_t shift = 16 * (z & 3) + 4 * (y & 3);
            for (int32_t bx = 0; bx < level.dims.x; ++bx) {
                // Bits past the row's width are zero, so a brick sticking out of the model reads empty there.
                const uint64_t nibble = detail::rowBitsAt(row, words, 4 * bx) & 0xF;
                level.cells[level.index({bx, y >> 2, z >> 2})] |= nibble << shift;
            }
        }
    for (int32_t bz = 0; bz < level.dims.z; ++bz)
        for (int32_t by = 0; by < level.dims.y; ++by)
            for (int32_t bx = 0; bx < level.dims.x; ++bx) {
                const size_t at = level.index({bx, by, bz});
                if (level.cells[at] == 0)
                    continue;
                const VoxelBox local = brickBounds(level.cells[at]);
                const glm::ivec3 origin = glm::ivec3(bx, by, bz) * VoxelBricks::kBrickSize;
                level.bounds[at] = {origin + local.min, origin + local.max};
            }
    return level;
}

DenseLevel buildParents(const DenseLevel& children) {
    DenseLevel level;
    level.dims = (children.dims + (kFanOut - 1)) / kFanOut;
    level.bounds.assign(static_cast<size_t>(level.dims.x) * static_cast<size_t>(level.dims.y) *
                            static_cast<size_t>(level.dims.z),
                        VoxelBox{});
    for (int32_t z = 0; z < children.dims.z; ++z)
        for (int32_t y = 0; y < children.dims.y; ++y)
            for (int32_t x = 0; x < children.dims.x; ++x) {
                VoxelBox& parent = level.bounds[level.index(glm::ivec3(x, y, z) / kFanOut)];
                parent = unite(parent, children.bounds[children.index({x, y, z})]);
            }
    return level;
}

} // namespace

VoxelBricks VoxelBricks::build(const VoxelModel& model) {
    VoxelBricks result;
    result.m_modelSize = model.size();
    result.m_voxelCount = model.voxelCount();
    result.m_modelFingerprint = model.occupancyFingerprint();
    if (model.voxelCount() == 0)
        return result;

    std::vector<DenseLevel> levels;
    levels.push_back(buildBricks(model));
    while (levels.back().dims != glm::ivec3(1))
        levels.push_back(buildParents(levels.back()));

    // Breadth first from the root, so that every node's children are consecutive.
    struct Pending {
        int32_t level;
        glm::ivec3 at;
    };
    std::vector<Pending> pending{{static_cast<int32_t>(levels.size()) - 1, glm::ivec3(0)}};
    result.m_nodes.push_back({levels.back().bounds[0], 0, 0, 0});
    for (size_t next = 0; next < pending.size(); ++next) {
        const Pending node = pending[next];
        const DenseLevel& level = levels[static_cast<size_t>(node.level)];
        if (node.level == 0) {
            result.m_nodes[next].cells = level.cells[level.index(node.at)];
            ++result.m_brickCount;
            continue;
        }
        const DenseLevel& below = levels[static_cast<size_t>(node.level - 1)];
        const glm::ivec3 first = node.at * kFanOut;
        const glm::ivec3 last = glm::min(first + kFanOut, below.dims);
        const auto firstChild = static_cast<int32_t>(result.m_nodes.size());
        for (int32_t z = first.z; z < last.z; ++z)
            for (int32_t y = first.y; y < last.y; ++y)
                for (int32_t x = first.x; x < last.x; ++x) {
                    const VoxelBox& bounds = below.bounds[below.index({x, y, z})];
                    if (bounds.empty())
                        continue;
                    result.m_nodes.push_back({bounds, 0, 0, 0});
                    pending.push_back({node.level - 1, {x, y, z}});
                }
        result.m_nodes[next].firstChild = firstChild;
        result.m_nodes[next].childCount = static_cast<int32_t>(result.m_nodes.size()) - firstChild;
    }
    return result;
}

Obb VoxelBricks::worldBox(const VoxelPose& pose) const {
    const glm::mat3 rotation =
        detail::checkPose(pose, "VoxelBricks::worldBox", "pose",
                          "the call places the box with the identity rotation at the pose's position")
            ? pose.rotation
            : glm::mat3(1.0f);
    const VoxelBox box = bounds();
    const glm::vec3 center = glm::vec3(box.min + box.max) * 0.5f;
    return {pose.position + rotation * center, glm::vec3(box.size()) * 0.5f, rotation};
}

} // namespace vox
