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

// Bit u of `left` / `mid` / `right` holds cell u - 1 / u / u + 1 of a row (0 past its ends).
struct Neighbours {
    uint64_t left = 0;
    uint64_t mid = 0;
    uint64_t right = 0;
};

Neighbours neighbours(const uint64_t* row, int32_t word, int32_t words) {
    if (row == nullptr)
        return {};
    const uint64_t mid = row[word];
    return {(mid << 1) | (word > 0 ? row[word - 1] >> 63 : 0), mid,
            (mid >> 1) | (word + 1 < words ? row[word + 1] << 63 : 0)};
}

// Ambient occlusion of one corner for 64 faces at once, as two bit planes (value = hi * 2 + lo):
// 3 - (side1 + side2 + corner), forced to 0 when both sides are filled.
void cornerOcclusion(uint64_t side1, uint64_t side2, uint64_t corner, uint64_t& lo, uint64_t& hi) {
    const uint64_t bothSides = side1 & side2;
    lo = ~(side1 ^ side2 ^ corner) & ~bothSides;
    hi = ~(bothSides | (side1 & corner) | (side2 & corner));
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

void VoxelMesher::mesh(const VoxelModel& model, VoxelMesh& mesh) {
    mesh.quads.clear();
    if (model.voxelCount() == 0)
        return;
    const bool greedy = m_settings.greedy;
    const std::span<const uint8_t> colors = model.colorIndices();

    for (int32_t direction = 0; direction < 6; ++direction) {
        const FaceAxes axes = faceAxes(static_cast<FaceDirection>(direction));
        const PlaneLayout layout = planeLayout(model, axes.normal);
        const bool positive = direction % 2 == 0;
        const int32_t words = layout.words;
        const int32_t width = layout.width;
        m_faceBits.resize(static_cast<size_t>(layout.rows) * static_cast<size_t>(words));
        m_faceKeys.resize(static_cast<size_t>(layout.rows) * static_cast<size_t>(width));
        const auto rowAt = [&](int32_t plane, int32_t row) {
            return layout.bits + (static_cast<size_t>(plane) * layout.rowStridePlane +
                                  static_cast<size_t>(row) * layout.rowStrideRow) *
                                     static_cast<size_t>(words);
        };

        for (int32_t plane = 0; plane < layout.planes; ++plane) {
            const int32_t front = positive ? plane + 1 : plane - 1;
            const bool frontInside = front >= 0 && front < layout.planes;
            const uint32_t planeCoordinate = static_cast<uint32_t>(plane + (positive ? 1 : 0));
            bool anyFace = false;

            // 1. Visible faces (filled here, empty in front) and their keys: palette index | occlusion << 8.
            for (int32_t row = 0; row < layout.rows; ++row) {
                const uint64_t* here = rowAt(plane, row);
                const uint64_t* ahead = frontInside ? rowAt(front, row) : nullptr;
                const uint64_t* aheadBelow = frontInside && row > 0 ? rowAt(front, row - 1) : nullptr;
                const uint64_t* aheadAbove =
                    frontInside && row + 1 < layout.rows ? rowAt(front, row + 1) : nullptr;
                uint64_t* faces = m_faceBits.data() + static_cast<size_t>(row) * static_cast<size_t>(words);
                uint16_t* keys = m_faceKeys.data() + static_cast<size_t>(row) * static_cast<size_t>(width);
                const size_t colorBase = static_cast<size_t>(plane) * layout.colorStridePlane +
                                         static_cast<size_t>(row) * layout.colorStrideV;
                for (int32_t w = 0; w < words; ++w) {
                    const uint64_t visible = here[w] & ~(ahead != nullptr ? ahead[w] : 0);
                    faces[w] = visible;
                    if (visible == 0)
                        continue;
                    anyFace = true;
                    uint64_t lo[4] = {~uint64_t{0}, ~uint64_t{0}, ~uint64_t{0}, ~uint64_t{0}};
                    uint64_t hi[4] = {~uint64_t{0}, ~uint64_t{0}, ~uint64_t{0}, ~uint64_t{0}};
                    uint64_t occluded = 0;
                    if (m_settings.ambientOcclusion && frontInside) {
                        const Neighbours side = neighbours(ahead, w, words);
                        const Neighbours below = neighbours(aheadBelow, w, words);
                        const Neighbours above = neighbours(aheadAbove, w, words);
                        occluded = visible & (side.left | side.right | below.left | below.mid | below.right |
                                              above.left | above.mid | above.right);
                        if (occluded != 0) {
                            cornerOcclusion(side.left, below.mid, below.left, lo[0], hi[0]);
                            cornerOcclusion(side.right, below.mid, below.right, lo[1], hi[1]);
                            cornerOcclusion(side.right, above.mid, above.right, lo[2], hi[2]);
                            cornerOcclusion(side.left, above.mid, above.left, lo[3], hi[3]);
                        }
                    }
                    for (uint64_t bits = visible; bits != 0; bits &= bits - 1) {
                        const int32_t bit = std::countr_zero(bits);
                        const int32_t u = w * 64 + bit;
                        uint32_t ao = 0xFF;
                        if ((occluded >> bit) & 1) {
                            ao = 0;
                            for (int32_t corner = 0; corner < 4; ++corner)
                                ao |= static_cast<uint32_t>(((lo[corner] >> bit) & 1) |
                                                            ((hi[corner] >> bit) & 1) << 1)
                                      << (2 * corner);
                        }
                        keys[u] = static_cast<uint16_t>(
                            colors[colorBase + static_cast<size_t>(u) * layout.colorStrideU] | ao << 8);
                    }
                }
            }
            if (!anyFace)
                continue;

            // 2. Greedy merge: grow each quad along u, then along v, over faces with the same key.
            for (int32_t row = 0; row < layout.rows; ++row) {
                uint64_t* faces = m_faceBits.data() + static_cast<size_t>(row) * static_cast<size_t>(words);
                const uint16_t* keys =
                    m_faceKeys.data() + static_cast<size_t>(row) * static_cast<size_t>(width);
                for (int32_t w = 0; w < words; ++w) {
                    while (faces[w] != 0) {
                        const int32_t u0 = w * 64 + std::countr_zero(faces[w]);
                        const uint16_t key = keys[u0];
                        const uint8_t merge = greedy ? kMergeFlags[key >> 8] : 0;
                        int32_t u1 = u0 + 1;
                        if (merge & 1) {
                            while (u1 < width && ((faces[u1 >> 6] >> (u1 & 63)) & 1) != 0 && keys[u1] == key)
                                ++u1;
                        }
                        clearRange(faces, u0, u1);
                        int32_t row1 = row + 1;
                        if (merge & 2) {
                            for (; row1 < layout.rows; ++row1) {
                                uint64_t* next = m_faceBits.data() +
                                                 static_cast<size_t>(row1) * static_cast<size_t>(words);
                                const uint16_t* nextKeys = m_faceKeys.data() + static_cast<size_t>(row1) *
                                                                                   static_cast<size_t>(width);
                                if (!allSet(next, u0, u1))
                                    break;
                                bool same = true;
                                for (int32_t u = u0; u < u1 && same; ++u)
                                    same = nextKeys[u] == key;
                                if (!same)
                                    break;
                                clearRange(next, u0, u1);
                            }
                        }
                        uint32_t origin[3];
                        origin[axes.normal] = planeCoordinate;
                        origin[axes.u] = static_cast<uint32_t>(u0);
                        origin[axes.v] = static_cast<uint32_t>(row);
                        PackedQuad quad;
                        quad.lo = origin[0] | origin[1] << 9 | origin[2] << 18 |
                                  static_cast<uint32_t>(direction) << 27;
                        quad.hi = static_cast<uint32_t>(u1 - u0 - 1) |
                                  static_cast<uint32_t>(row1 - row - 1) << 8 |
                                  static_cast<uint32_t>(key) << 16;
                        mesh.quads.push_back(quad);
                    }
                }
            }
        }
    }
}

VoxelMesh meshVoxelModel(const VoxelModel& model, const MeshSettings& settings) {
    VoxelMesher mesher(settings);
    VoxelMesh mesh;
    mesher.mesh(model, mesh);
    return mesh;
}

} // namespace vox
