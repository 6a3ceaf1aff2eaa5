#include "vox/voxel/voxel_model.h"

#include "vox/core/assert.h"

#include <bit>

namespace vox {

namespace {
// splitmix64's finaliser: a cell index to 64 well-mixed bits, so that the XOR of those of the filled cells
// changes with any change of them.
uint64_t cellHash(size_t index) {
    uint64_t z = static_cast<uint64_t>(index) + 0x9E3779B97F4A7C15ull;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}
} // namespace

VoxelModel::VoxelModel(glm::ivec3 size) : m_size(size) {
    VOX_VERIFY(size.x >= 1 && size.y >= 1 && size.z >= 1 && size.x <= kMaxSize && size.y <= kMaxSize &&
                   size.z <= kMaxSize,
               "VoxelModel size must be 1..256 on each axis");
    m_wordsPerRow = (size.x + 63) / 64;
    m_wordsPerColumn = (size.y + 63) / 64;
    m_rows.assign(
        static_cast<size_t>(size.y) * static_cast<size_t>(size.z) * static_cast<size_t>(m_wordsPerRow), 0);
    m_columns.assign(
        static_cast<size_t>(size.x) * static_cast<size_t>(size.z) * static_cast<size_t>(m_wordsPerColumn), 0);
    m_colors.assign(static_cast<size_t>(size.x) * static_cast<size_t>(size.y) * static_cast<size_t>(size.z),
                    0);
}

uint8_t VoxelModel::colorIndex(glm::ivec3 cell) const {
    VOX_ASSERT(contains(cell), "VoxelModel::colorIndex: cell outside the model");
    return m_colors[(static_cast<size_t>(cell.z) * static_cast<size_t>(m_size.y) +
                     static_cast<size_t>(cell.y)) *
                        static_cast<size_t>(m_size.x) +
                    static_cast<size_t>(cell.x)];
}

void VoxelModel::set(glm::ivec3 cell, uint8_t colorIndex) {
    VOX_ASSERT(contains(cell), "VoxelModel::set: cell outside the model");
    const size_t plane = static_cast<size_t>(cell.z);
    const size_t index = (plane * static_cast<size_t>(m_size.y) + static_cast<size_t>(cell.y)) *
                             static_cast<size_t>(m_size.x) +
                         static_cast<size_t>(cell.x);
    uint8_t& slot = m_colors[index];
    const bool wasFilled = slot != 0;
    const bool nowFilled = colorIndex != 0;
    slot = colorIndex;
    if (wasFilled == nowFilled)
        return;
    uint64_t& rowWord = m_rows[(plane * static_cast<size_t>(m_size.y) + static_cast<size_t>(cell.y)) *
                                   static_cast<size_t>(m_wordsPerRow) +
                               static_cast<size_t>(cell.x >> 6)];
    uint64_t& columnWord = m_columns[(plane * static_cast<size_t>(m_size.x) + static_cast<size_t>(cell.x)) *
                                         static_cast<size_t>(m_wordsPerColumn) +
                                     static_cast<size_t>(cell.y >> 6)];
    rowWord ^= uint64_t{1} << (cell.x & 63);
    columnWord ^= uint64_t{1} << (cell.y & 63);
    m_voxelCount += nowFilled ? 1 : -1;
    m_occupancyFingerprint ^= cellHash(index);
}

std::span<const uint64_t> VoxelModel::row(int32_t y, int32_t z) const {
    VOX_ASSERT(y >= 0 && y < m_size.y && z >= 0 && z < m_size.z, "VoxelModel::row: (y, z) outside the model");
    return {m_rows.data() +
                (static_cast<size_t>(z) * static_cast<size_t>(m_size.y) + static_cast<size_t>(y)) *
                    static_cast<size_t>(m_wordsPerRow),
            static_cast<size_t>(m_wordsPerRow)};
}

VoxelBox VoxelModel::bounds() const {
    VoxelBox box{m_size, glm::ivec3(0)};
    if (m_voxelCount == 0)
        return VoxelBox{};
    for (int32_t z = 0; z < m_size.z; ++z) {
        for (int32_t y = 0; y < m_size.y; ++y) {
            const std::span<const uint64_t> bits = row(y, z);
            for (int32_t w = 0; w < m_wordsPerRow; ++w) {
                if (bits[w] == 0)
                    continue;
                box.min = glm::min(box.min, glm::ivec3(w * 64 + std::countr_zero(bits[w]), y, z));
                box.max =
                    glm::max(box.max, glm::ivec3(w * 64 + 64 - std::countl_zero(bits[w]), y + 1, z + 1));
            }
        }
    }
    return box;
}

bool VoxelModel::operator==(const VoxelModel& other) const {
    return m_size == other.m_size && m_colors == other.m_colors && m_palette == other.m_palette;
}

} // namespace vox
