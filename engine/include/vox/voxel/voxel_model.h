#pragma once
/// @file
/// `VoxelModel`: a dense voxel grid of up to 256 cells on each axis, with a 256-colour palette.
///
/// Axes are the game's: x right, y up, z towards the viewer (see vox_file.h for how MagicaVoxel's z-up
/// axes map onto them). Cell (x, y, z) is the unit cube [x, x+1) x [y, y+1) x [z, z+1): cells are
/// half-open, so face-adjacent voxels touch but do not overlap.
///
/// Storage, chosen for the narrowphase and the mesher:
/// - occupancy as bit rows along x: one row per (y, z), `wordsPerRow()` uint64 words per row (one word
///   for widths up to 64), bit (x & 63) of word (x >> 6) set when the cell is filled; row (y, z) starts
///   at word `(z * size.y + y) * wordsPerRow()`. Bits past the width are always zero.
/// - the same occupancy as bit columns along y, one per (x, z), starting at word
///   `(z * size.x + x) * wordsPerColumn()`; the mesher reads the faces facing +-x from them.
/// - one palette index per cell (0 = empty), x fastest, then y, then z.
/// All three are kept in step by `set()`.

#include "vox/voxel/palette.h"

#include <glm/common.hpp>
#include <glm/vec3.hpp>

#include <cstdint>
#include <span>
#include <vector>

namespace vox {

/// A half-open box of cells [min, max). Empty when max <= min on any axis.
struct VoxelBox {
    glm::ivec3 min{0}; ///< First cell inside.
    glm::ivec3 max{0}; ///< One past the last cell inside.

    /// True when the box holds no cell.
    [[nodiscard]] bool empty() const { return max.x <= min.x || max.y <= min.y || max.z <= min.z; }
    /// Number of cells on each axis (zero or negative when empty).
    [[nodiscard]] glm::ivec3 size() const { return max - min; }
};

/// A dense grid of voxels, each empty or holding a palette index 1..255.
class VoxelModel {
public:
    /// Largest size on any axis (MagicaVoxel's limit).
    static constexpr int32_t kMaxSize = 256;

    /// An empty 0 x 0 x 0 model.
    VoxelModel() = default;
    /// An all-empty model of `size` cells (each axis 1..kMaxSize, checked always) with MagicaVoxel's
    /// default palette.
    explicit VoxelModel(glm::ivec3 size);

    /// Cells on each axis.
    [[nodiscard]] glm::ivec3 size() const { return m_size; }
    /// Number of filled voxels (kept up to date by `set()`, O(1)).
    [[nodiscard]] int32_t voxelCount() const { return m_voxelCount; }
    /// A 64-bit fingerprint of which cells are filled (not of their colours), kept up to date by `set()` in
    /// O(1): the XOR of a hash of every filled cell's index. Models of the same size with the same filled
    /// cells have the same fingerprint; any other difference changes it but with a chance of about 2^-64.
    /// `VoxelBricks` keeps it to tell whether it was built from a model as it is now.
    [[nodiscard]] uint64_t occupancyFingerprint() const { return m_occupancyFingerprint; }
    /// True when `cell` lies inside the grid.
    [[nodiscard]] bool contains(glm::ivec3 cell) const {
        return cell.x >= 0 && cell.y >= 0 && cell.z >= 0 && cell.x < m_size.x && cell.y < m_size.y &&
               cell.z < m_size.z;
    }
    /// Palette index of `cell` (0 = empty). `cell` must be inside the grid.
    [[nodiscard]] uint8_t colorIndex(glm::ivec3 cell) const;
    /// True when `cell` is filled; false for any cell outside the grid.
    [[nodiscard]] bool filled(glm::ivec3 cell) const { return contains(cell) && colorIndex(cell) != 0; }
    /// RGBA colour (0xAABBGGRR) of a filled `cell`.
    [[nodiscard]] uint32_t rgba(glm::ivec3 cell) const { return m_palette[colorIndex(cell)]; }
    /// Sets `cell` (inside the grid) to palette index `colorIndex`; 0 empties it.
    void set(glm::ivec3 cell, uint8_t colorIndex);

    /// Tight bounds of the filled voxels; an empty box when there are none. O(rows).
    [[nodiscard]] VoxelBox bounds() const;

    /// The palette the palette indices refer to.
    [[nodiscard]] const Palette& palette() const { return m_palette; }
    /// Replaces the palette; voxels keep their indices.
    void setPalette(const Palette& palette) { m_palette = palette; }

    /// uint64 words per row along x: (size.x + 63) / 64.
    [[nodiscard]] int32_t wordsPerRow() const { return m_wordsPerRow; }
    /// Occupancy bits of row (y, z), `wordsPerRow()` words, x = 0 in bit 0 of the first word.
    [[nodiscard]] std::span<const uint64_t> row(int32_t y, int32_t z) const;
    /// All rows, row (y, z) at word (z * size.y + y) * wordsPerRow().
    [[nodiscard]] const uint64_t* rowData() const { return m_rows.data(); }
    /// uint64 words per column along y: (size.y + 63) / 64.
    [[nodiscard]] int32_t wordsPerColumn() const { return m_wordsPerColumn; }
    /// All columns, column (x, z) at word (z * size.x + x) * wordsPerColumn(), y = 0 in bit 0.
    [[nodiscard]] const uint64_t* columnData() const { return m_columns.data(); }
    /// Palette index of every cell, x fastest, then y, then z.
    [[nodiscard]] std::span<const uint8_t> colorIndices() const { return m_colors; }

    /// Same size, same palette index in every cell and the same palette.
    [[nodiscard]] bool operator==(const VoxelModel& other) const;

private:
    glm::ivec3 m_size{0};
    int32_t m_wordsPerRow = 0;
    int32_t m_wordsPerColumn = 0;
    int32_t m_voxelCount = 0;
    uint64_t m_occupancyFingerprint = 0;
    std::vector<uint64_t> m_rows;
    std::vector<uint64_t> m_columns;
    std::vector<uint8_t> m_colors;
    Palette m_palette = magicaVoxelDefaultPalette();
};

} // namespace vox
