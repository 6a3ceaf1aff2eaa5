#include "vox/voxel/voxel_narrowphase.h"

#include "voxel/row_overlap.h"

#include "vox/core/assert.h"

#include <bit>
#include <cmath>
#include <cstdlib>

namespace vox {

glm::ivec3 snapToVoxel(glm::vec3 position) {
    glm::ivec3 cell;
    for (int axis = 0; axis < 3; ++axis) {
        // In double, p - floor(p) is exact for every float p, so the half-way test is too.
        const double p = position[axis];
        VOX_ASSERT(std::isfinite(p) && std::abs(p) < 1e9,
                   "snapToVoxel: position must be finite and in range");
        const double below = std::floor(p);
        cell[axis] = static_cast<int32_t>(below) + (p - below >= 0.5 ? 1 : 0);
    }
    return cell;
}

bool voxelsOverlap(const VoxelModel& a, glm::ivec3 offsetA, const VoxelModel& b, glm::ivec3 offsetB) {
    if (a.wordsPerRow() != 1 || b.wordsPerRow() != 1)
        return detail::forEachOverlapRun(a, offsetA, b, offsetB,
                                         [](int32_t, int32_t, int32_t, uint64_t) { return true; });

    // Widths up to 64, the common case: one word per row and constant shifts, so the inner loop is a
    // branch-free OR of ANDs over consecutive rows that the compiler vectorises.
    const VoxelBox overlap = detail::gridOverlap(a, offsetA, b, offsetB);
    if (overlap.empty())
        return false;
    const glm::ivec3 startA = overlap.min - offsetA;
    const glm::ivec3 startB = overlap.min - offsetB;
    const glm::ivec3 extent = overlap.size();
    const int32_t shiftA = startA.x;
    const int32_t shiftB = startB.x;
    for (int32_t z = 0; z < extent.z; ++z) {
        const uint64_t* rowA = detail::rowPointer(a, startA.y, startA.z + z);
        const uint64_t* rowB = detail::rowPointer(b, startB.y, startB.z + z);
        uint64_t any = 0;
        for (int32_t y = 0; y < extent.y; ++y)
            any |= (rowA[y] >> shiftA) & (rowB[y] >> shiftB);
        if (any != 0)
            return true;
    }
    return false;
}

std::optional<glm::ivec3> firstOverlap(const VoxelModel& a, glm::ivec3 offsetA, const VoxelModel& b,
                                       glm::ivec3 offsetB) {
    std::optional<glm::ivec3> first;
    detail::forEachOverlapRun(a, offsetA, b, offsetB, [&](int32_t x, int32_t y, int32_t z, uint64_t mask) {
        first = glm::ivec3(x + std::countr_zero(mask), y, z);
        return true;
    });
    return first;
}

int32_t collectOverlaps(const VoxelModel& a, glm::ivec3 offsetA, const VoxelModel& b, glm::ivec3 offsetB,
                        std::vector<glm::ivec3>& cells) {
    const size_t before = cells.size();
    detail::forEachOverlapRun(a, offsetA, b, offsetB, [&](int32_t x, int32_t y, int32_t z, uint64_t mask) {
        for (; mask != 0; mask &= mask - 1)
            cells.emplace_back(x + std::countr_zero(mask), y, z);
        return false;
    });
    return static_cast<int32_t>(cells.size() - before);
}

std::optional<SweepHit> sweepVoxels(const VoxelModel& target, glm::ivec3 targetOffset,
                                    const VoxelModel& mover, glm::ivec3 from, glm::ivec3 to) {
    glm::ivec3 position = from;
    if (const std::optional<glm::ivec3> cell = firstOverlap(target, targetOffset, mover, position))
        return SweepHit{position, *cell, 0};

    const glm::ivec3 delta = to - from;
    const glm::ivec3 length = glm::abs(delta);
    const glm::ivec3 direction = glm::sign(delta);
    glm::ivec3 taken(0);
    const int32_t steps = length.x + length.y + length.z;
    for (int32_t step = 1; step <= steps; ++step) {
        // Along axis i the segment crosses its k-th cell boundary (k = 0, 1, ...) at t = (2k + 1) / (2 |d_i|)
        // of the way (both ends are cell centres); step along the axis whose next crossing comes first.
        int32_t axis = -1;
        for (int32_t i = 0; i < 3; ++i) {
            if (taken[i] == length[i])
                continue;
            if (axis < 0 ||
                int64_t{2 * taken[i] + 1} * length[axis] < int64_t{2 * taken[axis] + 1} * length[i])
                axis = i;
        }
        position[axis] += direction[axis];
        ++taken[axis];
        if (const std::optional<glm::ivec3> cell = firstOverlap(target, targetOffset, mover, position))
            return SweepHit{position, *cell, step};
    }
    return std::nullopt;
}

} // namespace vox
