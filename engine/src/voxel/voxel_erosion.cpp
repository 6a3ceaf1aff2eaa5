#include "vox/voxel/voxel_erosion.h"

#include "voxel/row_overlap.h"

#include <bit>

namespace vox {

int32_t erodeVoxels(VoxelModel& model, const VoxelModel& stencil, glm::ivec3 stencilOffset,
                    std::vector<RemovedVoxel>& removed) {
    const size_t before = removed.size();
    // Collect first, then clear: `set()` rewrites the rows that the overlap walk reads.
    detail::forEachOverlapRun(model, glm::ivec3(0), stencil, stencilOffset,
                              [&](int32_t x, int32_t y, int32_t z, uint64_t mask) {
                                  for (; mask != 0; mask &= mask - 1) {
                                      const glm::ivec3 cell(x + std::countr_zero(mask), y, z);
                                      removed.push_back({cell, model.colorIndex(cell), model.rgba(cell)});
                                  }
                                  return false;
                              });
    for (size_t i = before; i < removed.size(); ++i)
        model.set(removed[i].cell, 0);
    return static_cast<int32_t>(removed.size() - before);
}

} // namespace vox
