#include "vox/voxel/voxel_mesh.h"

#include "vox/core/assert.h"

#include <algorithm>
#include <bit>

namespace vox {

namespace {

// Where the occupancy bits of one normal axis live: planes p along the normal, rows v within a plane,
// bits u along each row. The +-x faces read the bit columns (bits along y), the others the bit rows.
struct PlaneLayout {
    const uint64_t* bits;
    int32_t words; // words per row
    int32_t planes;
    int32_t rows;
    int32_t width;
    size_t rowStridePlane; // in rows
    size_t rowStrideRow;
    size_t colorStrideU; // in cells of VoxelModel::colorIndices()
    size_t colorStrideV;
    size_t colorStridePlane;
};

PlaneLayout planeLayout(const VoxelModel& model, int32_t normalAxis) {
    const glm::ivec3 s = model.size();
    const auto sx = static_cast<size_t>(s.x);
    const auto sy = static_cast<size_t>(s.y);
    switch (normalAxis) {
    case 0: // planes x, rows z, bits y
        return {model.columnData(), model.wordsPerColumn(), s.x, s.z, s.y, 1, sx, sx, sx * sy, 1};
    case 1: // planes y, rows z, bits x
        return {model.rowData(), model.wordsPerRow(), s.y, s.z, s.x, 1, sy, 1, sx * sy, sx};
    default: // planes z, rows y, bits x
        return {model.rowData(), model.wordsPerRow(), s.z, s.y, s.x, sy, 1, 1, sx, sx * sy};
    }
}

// Ambient occlusion of a face from the 3 x 3 cells in front of it, as a 9-bit code: bits 0-2 are
// cells u-1, u, u+1 of the row below (v-1), bits 3-5 the row above (v+1), bits 6 and 8 cells u-1 and
// u+1 of the face's own row (bit 7, the cell right in front, is empty for a visible face). Each corner:
// 3 - (side1 + side2 + corner), 0 when both sides are filled; corner i in bits 2i, 2i+1.
constexpr std::array<uint8_t, 512> kOcclusionFromNeighbours = [] {
    std::array<uint8_t, 512> table{};
    for (int code = 0; code < 512; ++code) {
        const auto at = [code](int bit) { return (code >> bit) & 1; };
        // {side1, side2, corner} bits for corners c0 (-u,-v), c1 (+u,-v), c2 (+u,+v), c3 (-u,+v).
        constexpr int kCorners[4][3] = {{6, 1, 0}, {8, 1, 2}, {8, 4, 5}, {6, 4, 3}};
        int ao = 0;
        for (int corner = 0; corner < 4; ++corner) {
            const int side1 = at(kCorners[corner][0]), side2 = at(kCorners[corner][1]);
            const int value = side1 && side2 ? 0 : 3 - side1 - side2 - at(kCorners[corner][2]);
            ao |= value << (2 * corner);
        }
        table[static_cast<size_t>(code)] = static_cast<uint8_t>(ao);
    }
    return table;
}();

// Cells bit-1, bit, bit+1 of a row (zero past its ends) in bits 0-2.
uint32_t window3(const uint64_t* row, int32_t words, int32_t bit) {
    if (row == nullptr)
        return 0;
    const int32_t word = bit >> 6, b = bit & 63;
    uint64_t cells = b == 0 ? row[word] << 1 : row[word] >> (b - 1);
    if (b == 0 && word > 0)
        cells |= row[word - 1] >> 63;
    if (b >= 62 && word + 1 < words)
        cells |= row[word + 1] << (65 - b);
    return static_cast<uint32_t>(cells & 7);
}

// Bit 0: the four corner values allow merging along u (c0 == c1 and c3 == c2); bit 1: along v
// (c0 == c3 and c1 == c2). Merging only then keeps the bilinear interpolation of the merged quad equal
// to that of the unit faces.
constexpr std::array<uint8_t, 256> kMergeFlags = [] {
    std::array<uint8_t, 256> flags{};
    for (int ao = 0; ao < 256; ++ao) {
        const int c0 = ao & 3, c1 = (ao >> 2) & 3, c2 = (ao >> 4) & 3, c3 = (ao >> 6) & 3;
        flags[static_cast<size_t>(ao)] =
            static_cast<uint8_t>((c0 == c1 && c3 == c2 ? 1 : 0) | (c0 == c3 && c1 == c2 ? 2 : 0));
    }
    return flags;
}();
constexpr std::array<uint8_t, 256> kNoMerge{}; // MeshSettings::greedy off: one quad per face

// Mask of bits [begin, end) within word `word` of a row.
uint64_t rangeMask(int32_t word, int32_t begin, int32_t end) {
    const int32_t lo = std::max(begin - word * 64, 0);
    const int32_t hi = std::min(end - word * 64, 64);
    if (hi <= lo)
        return 0;
    const uint64_t upTo = hi == 64 ? ~uint64_t{0} : (uint64_t{1} << hi) - 1;
    return upTo & ~((uint64_t{1} << lo) - 1);
}

bool allSet(const uint64_t* row, int32_t begin, int32_t end) {
    for (int32_t w = begin >> 6; w <= (end - 1) >> 6; ++w) {
        const uint64_t mask = rangeMask(w, begin, end);
        if ((row[w] & mask) != mask)
            return false;
    }
    return true;
}

void clearRange(uint64_t* row, int32_t begin, int32_t end) {
    for (int32_t w = begin >> 6; w <= (end - 1) >> 6; ++w)
        row[w] &= ~rangeMask(w, begin, end);
}

} // namespace

PackedQuad packQuad(const QuadFields& f) {
    VOX_ASSERT(f.origin.x >= 0 && f.origin.y >= 0 && f.origin.z >= 0 && f.origin.x <= 256 &&
                   f.origin.y <= 256 && f.origin.z <= 256,
               "packQuad: origin must be 0..256 on each axis");
    VOX_ASSERT(f.width >= 1 && f.width <= 256 && f.height >= 1 && f.height <= 256,
               "packQuad: width and height must be 1..256");
    uint32_t ao = 0;
    for (uint32_t i = 0; i < 4; ++i) {
        VOX_ASSERT(f.ambientOcclusion[i] <= 3, "packQuad: ambient occlusion values are 0..3");
        ao |= static_cast<uint32_t>(f.ambientOcclusion[i] & 3) << (2 * i);
    }
    PackedQuad quad;
    quad.lo = static_cast<uint32_t>(f.origin.x) | static_cast<uint32_t>(f.origin.y) << 9 |
              static_cast<uint32_t>(f.origin.z) << 18 | static_cast<uint32_t>(f.direction) << 27;
    quad.hi = static_cast<uint32_t>(f.width - 1) | static_cast<uint32_t>(f.height - 1) << 8 |
              static_cast<uint32_t>(f.colorIndex) << 16 | ao << 24;
    return quad;
}

QuadFields unpackQuad(PackedQuad quad) {
    QuadFields f;
    f.origin = glm::ivec3(quad.lo & 511, (quad.lo >> 9) & 511, (quad.lo >> 18) & 511);
    f.direction = static_cast<FaceDirection>((quad.lo >> 27) & 7);
    f.width = static_cast<int32_t>(quad.hi & 255) + 1;
    f.height = static_cast<int32_t>((quad.hi >> 8) & 255) + 1;
    f.colorIndex = static_cast<uint8_t>(quad.hi >> 16);
    for (uint32_t i = 0; i < 4; ++i)
        f.ambientOcclusion[i] = static_cast<uint8_t>((quad.hi >> (24 + 2 * i)) & 3);
    return f;
}

FaceAxes faceAxes(FaceDirection direction) {
    switch (static_cast<int32_t>(direction) / 2) {
    case 0:
        return {0, 1, 2};
    case 1:
        return {1, 0, 2};
    default:
        return {2, 0, 1};
    }
}

namespace {

// Meshes the faces of one direction. kOneWord: every row is a single word (the faces' u axis is at most
// 64 long), which lets the greedy merge work on whole masks.
template <bool kOneWord>
void meshDirection(const VoxelModel& model, int32_t direction, const MeshSettings& settings,
                   std::vector<uint64_t>& faceBits, std::vector<uint16_t>& faceKeys,
                   std::vector<int32_t>& faceRows, std::vector<PackedQuad>& quads) {
    const FaceAxes axes = faceAxes(static_cast<FaceDirection>(direction));
    const PlaneLayout layout = planeLayout(model, axes.normal);
    const bool positive = direction % 2 == 0;
    const int32_t words = kOneWord ? 1 : layout.words;
    const int32_t rows = layout.rows;
    const int32_t width = layout.width;
    const size_t planeStep = layout.rowStridePlane * static_cast<size_t>(words);
    const size_t rowStep = layout.rowStrideRow * static_cast<size_t>(words);
    const std::span<const uint8_t> colors = model.colorIndices();

    // 1. Visible faces: filled here and empty in front. `faceBits` mirrors the occupancy words, so this is
    // one flat loop (vectorised), then the plane at the grid's edge, which has nothing in front.
    const size_t total =
        static_cast<size_t>(layout.planes) * static_cast<size_t>(rows) * static_cast<size_t>(words);
    const uint64_t* bits = layout.bits;
    faceBits.resize(total);
    uint64_t* faces = faceBits.data();
    if (positive) {
        for (size_t i = 0; i + planeStep < total; ++i)
            faces[i] = bits[i] & ~bits[i + planeStep];
    } else {
        for (size_t i = planeStep; i < total; ++i)
            faces[i] = bits[i] & ~bits[i - planeStep];
    }
    const size_t edgePlane = (positive ? static_cast<size_t>(layout.planes - 1) : 0) * planeStep;
    for (int32_t row = 0; row < rows; ++row)
        for (int32_t w = 0; w < words; ++w)
            faces[edgePlane + static_cast<size_t>(row) * rowStep + static_cast<size_t>(w)] =
                bits[edgePlane + static_cast<size_t>(row) * rowStep + static_cast<size_t>(w)];

    const auto rowIsEmpty = [&](const uint64_t* row) {
        uint64_t any = 0;
        for (int32_t w = 0; w < words; ++w)
            any |= row[w];
        return any == 0;
    };
    // Quad words: the plane coordinate, u and v go to the fields of their axes (9 bits per axis).
    const uint32_t shiftU = 9 * static_cast<uint32_t>(axes.u);
    const uint32_t shiftV = 9 * static_cast<uint32_t>(axes.v);
    const std::array<uint8_t, 256>& mergeFlags = settings.greedy ? kMergeFlags : kNoMerge;
    faceKeys.resize(static_cast<size_t>(rows) * static_cast<size_t>(width));
    for (int32_t plane = 0; plane < layout.planes; ++plane) {
        uint64_t* planeFaces = faces + static_cast<size_t>(plane) * planeStep;
        const int32_t front = positive ? plane + 1 : plane - 1;
        const uint64_t* ahead = settings.ambientOcclusion && front >= 0 && front < layout.planes
                                    ? bits + static_cast<size_t>(front) * planeStep
                                    : nullptr;

        const uint32_t planeField = static_cast<uint32_t>(plane + (positive ? 1 : 0)) << (9 * axes.normal) |
                                    static_cast<uint32_t>(direction) << 27;
        // rowField: planeField with the row's v coordinate; height in rows.
        const auto emit = [&](int32_t u0, int32_t u1, uint32_t rowField, int32_t height, uint16_t key) {
            PackedQuad quad;
            quad.lo = rowField | static_cast<uint32_t>(u0) << shiftU;
            quad.hi = static_cast<uint32_t>(u1 - u0 - 1) | static_cast<uint32_t>(height - 1) << 8 |
                      static_cast<uint32_t>(key) << 16;
            quads.push_back(quad);
        };
        // 2. A key per visible face: palette index | ambient occlusion << 8. A face whose occlusion
        // forbids merging both ways (most of them on curved surfaces) becomes a quad right away; the rows
        // left holding faces go to pass 3.
        faceRows.clear();
        for (int32_t row = 0;; ++row) {
            // Skip empty rows in a loop of its own: most rows of most planes are empty.
            uint64_t* rowFaces = planeFaces + static_cast<size_t>(row) * rowStep;
            for (; row < rows && rowIsEmpty(rowFaces); ++row)
                rowFaces += rowStep;
            if (row == rows)
                break;
            const uint32_t rowField = planeField | static_cast<uint32_t>(row) << shiftV;
            const uint64_t* side = ahead != nullptr ? ahead + static_cast<size_t>(row) * rowStep : nullptr;
            const uint64_t* below = side != nullptr && row > 0 ? side - rowStep : nullptr;
            const uint64_t* above = side != nullptr && row + 1 < rows ? side + rowStep : nullptr;
            uint16_t* keys = faceKeys.data() + static_cast<size_t>(row) * static_cast<size_t>(width);
            const uint8_t* rowColors = colors.data() + static_cast<size_t>(plane) * layout.colorStridePlane +
                                       static_cast<size_t>(row) * layout.colorStrideV;
            const size_t colorStride = layout.colorStrideU;
            if constexpr (kOneWord) {
                const uint64_t sideBits = side != nullptr ? side[0] : 0;
                const uint64_t belowBits = below != nullptr ? below[0] : 0;
                const uint64_t aboveBits = above != nullptr ? above[0] : 0;
                const uint64_t near = sideBits | belowBits | aboveBits;
                // Cells u-1, u, u+1 of a row in bits 0-2.
                const auto window = [](uint64_t cells, int32_t u) {
                    return static_cast<uint32_t>((u == 0 ? cells << 1 : cells >> (u - 1)) & 7);
                };
                uint64_t emitted = 0;
                for (uint64_t rest = rowFaces[0]; rest != 0; rest &= rest - 1) {
                    const int32_t u = std::countr_zero(rest);
                    const uint32_t ao =
                        near == 0
                            ? 0xFF
                            : kOcclusionFromNeighbours[window(belowBits, u) | window(aboveBits, u) << 3 |
                                                       window(sideBits, u) << 6];
                    const auto key =
                        static_cast<uint16_t>(rowColors[static_cast<size_t>(u) * colorStride] | ao << 8);
                    if (mergeFlags[ao] == 0) {
                        emit(u, u + 1, rowField, 1, key);
                        emitted |= uint64_t{1} << u;
                    } else {
                        keys[u] = key;
                    }
                }
                rowFaces[0] &= ~emitted;
            } else {
                for (int32_t w = 0; w < words; ++w) {
                    uint64_t emitted = 0;
                    for (uint64_t rest = rowFaces[w]; rest != 0; rest &= rest - 1) {
                        const int32_t bit = std::countr_zero(rest);
                        const int32_t u = w * 64 + bit;
                        const uint32_t ao = kOcclusionFromNeighbours[window3(below, words, u) |
                                                                     window3(above, words, u) << 3 |
                                                                     window3(side, words, u) << 6];
                        const auto key =
                            static_cast<uint16_t>(rowColors[static_cast<size_t>(u) * colorStride] | ao << 8);
                        if (mergeFlags[ao] == 0) {
                            emit(u, u + 1, rowField, 1, key);
                            emitted |= uint64_t{1} << bit;
                        } else {
                            keys[u] = key;
                        }
                    }
                    rowFaces[w] &= ~emitted;
                }
            }
            if (!rowIsEmpty(rowFaces))
                faceRows.push_back(row);
        }

        // 3. Greedy merge: grow each quad along u over faces with its key, then along v over whole rows.
        // True when faces [u0, u1) of `row` all carry `key`.
        const auto sameKeys = [&](int32_t row, int32_t u0, int32_t u1, uint16_t key) {
            const uint16_t* keys = faceKeys.data() + static_cast<size_t>(row) * static_cast<size_t>(width);
            for (int32_t u = u0; u < u1; ++u)
                if (keys[u] != key)
                    return false;
            return true;
        };
        for (const int32_t row : faceRows) {
            const uint32_t rowField = planeField | static_cast<uint32_t>(row) << shiftV;
            uint64_t* rowFaces = planeFaces + static_cast<size_t>(row) * rowStep;
            const uint16_t* keys = faceKeys.data() + static_cast<size_t>(row) * static_cast<size_t>(width);
            if constexpr (kOneWord) {
                uint64_t rest = rowFaces[0];
                while (rest != 0) {
                    const int32_t u0 = std::countr_zero(rest);
                    const uint16_t key = keys[u0];
                    const uint8_t merge = mergeFlags[key >> 8];
                    int32_t u1 = u0 + 1;
                    if (merge & 1) {
                        const int32_t runEnd = u0 + std::countr_zero(~(rest >> u0));
                        while (u1 < runEnd && keys[u1] == key)
                            ++u1;
                    }
                    const uint64_t mask = (u1 - u0 == 64 ? ~uint64_t{0} : (uint64_t{1} << (u1 - u0)) - 1)
                                          << u0;
                    rest &= ~mask;
                    int32_t row1 = row + 1;
                    if (merge & 2) {
                        for (uint64_t* next = rowFaces + rowStep; row1 < rows; ++row1, next += rowStep) {
                            if ((*next & mask) != mask || !sameKeys(row1, u0, u1, key))
                                break;
                            *next &= ~mask;
                        }
                    }
                    emit(u0, u1, rowField, row1 - row, key);
                }
                rowFaces[0] = 0;
            } else {
                for (int32_t w = 0; w < words; ++w) {
                    while (rowFaces[w] != 0) {
                        const int32_t u0 = w * 64 + std::countr_zero(rowFaces[w]);
                        const uint16_t key = keys[u0];
                        const uint8_t merge = mergeFlags[key >> 8];
                        int32_t u1 = u0 + 1;
                        if (merge & 1)
                            while (u1 < width && ((rowFaces[u1 >> 6] >> (u1 & 63)) & 1) != 0 &&
                                   keys[u1] == key)
                                ++u1;
                        clearRange(rowFaces, u0, u1);
                        int32_t row1 = row + 1;
                        if (merge & 2) {
                            for (uint64_t* next = rowFaces + rowStep; row1 < rows; ++row1, next += rowStep) {
                                if (!allSet(next, u0, u1) || !sameKeys(row1, u0, u1, key))
                                    break;
                                clearRange(next, u0, u1);
                            }
                        }
                        emit(u0, u1, rowField, row1 - row, key);
                    }
                }
            }
        }
    }
}

} // namespace

void VoxelMesher::mesh(const VoxelModel& model, VoxelMesh& mesh) {
    mesh.quads.clear();
    if (model.voxelCount() == 0)
        return;
    for (int32_t direction = 0; direction < 6; ++direction) {
        // +-x faces have rows along y, the others along x.
        const int32_t rowLength = direction < 2 ? model.size().y : model.size().x;
        if (rowLength <= 64)
            meshDirection<true>(model, direction, m_settings, m_faceBits, m_faceKeys, m_faceRows, mesh.quads);
        else
            meshDirection<false>(model, direction, m_settings, m_faceBits, m_faceKeys, m_faceRows,
                                 mesh.quads);
    }
}

VoxelMesh meshVoxelModel(const VoxelModel& model, const MeshSettings& settings) {
    VoxelMesher mesher(settings);
    VoxelMesh mesh;
    mesher.mesh(model, mesh);
    return mesh;
}

} // namespace vox
