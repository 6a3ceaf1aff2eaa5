#pragma once
// Walks the overlap of two placed models 64 cells at a time: the row-mask AND at the heart of the
// narrowphase and of erosion.

#include "vox/voxel/voxel_model.h"

#include <glm/common.hpp>

#include <cstddef>
#include <cstdint>

namespace vox::detail {

// 64 bits of a row starting at bit `start` (start < words * 64); bits past the row read as zero.
inline uint64_t rowBitsAt(const uint64_t* row, int32_t words, int32_t start) {
    const int32_t word = start >> 6;
    const int32_t shift = start & 63;
    uint64_t bits = row[word] >> shift;
    if (shift != 0 && word + 1 < words)
        bits |= row[word + 1] << (64 - shift);
    return bits;
}

// First row of `model` at (y, z), as a pointer into its row data.
inline const uint64_t* rowPointer(const VoxelModel& model, int32_t y, int32_t z) {
    return model.rowData() +
           (static_cast<size_t>(z) * static_cast<size_t>(model.size().y) + static_cast<size_t>(y)) *
               static_cast<size_t>(model.wordsPerRow());
}

// World-space overlap of the grids of `a` at `offsetA` and `b` at `offsetB` (possibly empty).
inline VoxelBox gridOverlap(const VoxelModel& a, glm::ivec3 offsetA, const VoxelModel& b,
                            glm::ivec3 offsetB) {
    return {glm::max(offsetA, offsetB), glm::min(offsetA + a.size(), offsetB + b.size())};
}

// Calls visit(x, y, z, mask) for every run of up to 64 world cells (x .. x+63, y, z), in scan order
// (z, y, x), where both models are filled; bit i of `mask` is cell x + i. Stops and returns true as soon
// as `visit` returns true.
template <class Visit>
bool forEachOverlapRun(const VoxelModel& a, glm::ivec3 offsetA, const VoxelModel& b, glm::ivec3 offsetB,
                       Visit&& visit) {
    const VoxelBox overlap = gridOverlap(a, offsetA, b, offsetB);
    if (overlap.empty())
        return false;
    const glm::ivec3 startA = overlap.min - offsetA;
    const glm::ivec3 startB = overlap.min - offsetB;
    const glm::ivec3 extent = overlap.size();
    const int32_t wordsA = a.wordsPerRow();
    const int32_t wordsB = b.wordsPerRow();
    for (int32_t z = 0; z < extent.z; ++z) {
        const uint64_t* rowA = rowPointer(a, startA.y, startA.z + z);
        const uint64_t* rowB = rowPointer(b, startB.y, startB.z + z);
        for (int32_t y = 0; y < extent.y; ++y, rowA += wordsA, rowB += wordsB) {
            // Bits past the overlap are past the end of a's or b's row, hence zero: no mask needed.
            for (int32_t x = 0; x < extent.x; x += 64) {
                const uint64_t mask =
                    rowBitsAt(rowA, wordsA, startA.x + x) & rowBitsAt(rowB, wordsB, startB.x + x);
                if (mask != 0 && visit(overlap.min.x + x, overlap.min.y + y, overlap.min.z + z, mask))
                    return true;
            }
        }
    }
    return false;
}

} // namespace vox::detail
