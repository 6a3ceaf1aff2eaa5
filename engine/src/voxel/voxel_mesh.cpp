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
// Per occlusion code, the occlusion in bits 24-31 (where a quad's hi word holds it) and in bit 0 whether
// the face may merge at all.
constexpr std::array<uint32_t, 512> kFaceOcclusionInQuad = [] {
    std::array<uint32_t, 512> table{};
    for (size_t code = 0; code < 512; ++code)
        table[code] = static_cast<uint32_t>(kOcclusionFromNeighbours[code]) << 24 |
                      (kMergeFlags[kOcclusionFromNeighbours[code]] != 0 ? 1 : 0);
    return table;
}();
static_assert((kFaceOcclusionInQuad[0] & 1) != 0, "a face with nothing in front may merge");

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

// Transposes the n x n bit matrix in the first n words of `rows` (n a power of two up to 64, bits past n
// zero): bit j of rows[i] goes to bit i of rows[j]. Swaps ever smaller blocks, log2(n) steps.
void transposeBits(std::array<uint64_t, 64>& rows, int32_t n) {
    for (int32_t width = n / 2; width != 0; width /= 2) {
        // The low `width` bits of every 2 * width.
        uint64_t mask = 0;
        for (int32_t bit = 0; bit < 64; bit += 2 * width)
            mask |= ((uint64_t{1} << width) - 1) << bit;
        for (int32_t k = 0; k < n; k = (k + width + 1) & ~width) {
            const auto low = static_cast<size_t>(k), high = static_cast<size_t>(k + width);
            const uint64_t swap = ((rows[low] >> width) ^ rows[high]) & mask;
            rows[high] ^= swap;
            rows[low] ^= swap << width;
        }
    }
}

// The rows of each plane that hold visible faces, for both directions of an axis whose rows along u are one
// word: bit r % 64 of rowMasks[(sign * planes + plane) * maskWords + r / 64] for row r, sign 0 for the +
// direction and 1 for the - direction. Returns maskWords. Only these rows are visited afterwards.
size_t findFaceRows(const VoxelModel& model, int32_t normalAxis, std::vector<uint64_t>& rowMasks) {
    const glm::ivec3 size = model.size();
    const PlaneLayout layout = planeLayout(model, normalAxis);
    VOX_ASSERT(layout.words == 1, "findFaceRows: rows along u must be one word");
    const auto planes = static_cast<size_t>(layout.planes);
    const auto rows = static_cast<size_t>(layout.rows);
    if (size.x > 64 || size.y > 64 || size.z > 64) {
        // Any size: test each row.
        const size_t maskWords = (rows + 63) / 64;
        rowMasks.assign(2 * planes * maskWords, 0);
        uint64_t* positive = rowMasks.data();
        uint64_t* negative = positive + planes * maskWords;
        for (size_t plane = 0; plane < planes; ++plane) {
            const uint64_t* here = layout.bits + plane * layout.rowStridePlane;
            // Neighbour planes as pointers of their own: `here[at - stride]` would add a wrapped
            // unsigned offset, which is undefined behaviour even where the sum lands in range.
            const uint64_t* nextPlane = plane + 1 < planes ? here + layout.rowStridePlane : nullptr;
            const uint64_t* previousPlane = plane > 0 ? here - layout.rowStridePlane : nullptr;
            for (size_t row = 0; row < rows; ++row) {
                const size_t at = row * layout.rowStrideRow;
                const uint64_t cells = here[at];
                const uint64_t next = nextPlane != nullptr ? nextPlane[at] : 0;
                const uint64_t previous = previousPlane != nullptr ? previousPlane[at] : 0;
                const size_t word = plane * maskWords + row / 64;
                positive[word] |= static_cast<uint64_t>((cells & ~next) != 0) << (row % 64);
                negative[word] |= static_cast<uint64_t>((cells & ~previous) != 0) << (row % 64);
            }
        }
        return maskWords;
    }
    // Every axis at most 64 cells: one word of rows per plane, found with whole words along another axis.
    rowMasks.resize(2 * planes);
    uint64_t* positive = rowMasks.data();
    uint64_t* negative = positive + planes;
    const uint64_t* columns = model.columnData();
    const auto sx = static_cast<size_t>(size.x);
    if (normalAxis == 2) {
        // Planes z, rows y: the union over x of the faces in the columns (bits y).
        for (size_t z = 0; z < planes; ++z) {
            const uint64_t* column = columns + z * sx;
            // The neighbouring slices; at the grid's ends, any slice masked out.
            const uint64_t* next = z + 1 < planes ? column + sx : column;
            const uint64_t* previous = z > 0 ? column - sx : column;
            const uint64_t nextMask = z + 1 < planes ? ~uint64_t{0} : 0;
            const uint64_t previousMask = z > 0 ? ~uint64_t{0} : 0;
            uint64_t towardsNext = 0, towardsPrevious = 0;
            for (size_t x = 0; x < sx; ++x) {
                towardsNext |= column[x] & ~(next[x] & nextMask);
                towardsPrevious |= column[x] & ~(previous[x] & previousMask);
            }
            positive[z] = towardsNext;
            negative[z] = towardsPrevious;
        }
        return 1;
    }
    // Planes y, rows z (+-y) or planes x, rows z (+-x): per z, the union of the faces along the columns
    // (bits y) or the rows (bits x) is the planes holding faces in row z; transposed, the rows of each plane.
    std::array<uint64_t, 64> towardsNext{}, towardsPrevious{};
    const uint64_t* lines = normalAxis == 1 ? columns : model.rowData();
    const size_t lineCount = static_cast<size_t>(normalAxis == 1 ? size.x : size.y);
    for (size_t z = 0; z < rows; ++z) {
        const uint64_t* line = lines + z * lineCount;
        uint64_t next = 0, previous = 0;
        for (size_t i = 0; i < lineCount; ++i) {
            next |= line[i] & ~(line[i] >> 1);
            previous |= line[i] & ~(line[i] << 1);
        }
        towardsNext[z] = next;
        towardsPrevious[z] = previous;
    }
    const auto n = static_cast<int32_t>(std::bit_ceil(std::max(rows, planes)));
    transposeBits(towardsNext, n);
    transposeBits(towardsPrevious, n);
    std::copy_n(towardsNext.begin(), planes, positive);
    std::copy_n(towardsPrevious.begin(), planes, negative);
    return 1;
}

// Keys the faces `visible` of one row (one word) and writes those that cannot merge as quads at `out`,
// which it advances; returns the faces that may merge. The occluders are rows of the plane in front:
// `side` in front of this row, `below` and `above` in front of its neighbours. keys[u] gets the quad's hi
// word (palette index, occlusion) with bit 0 set when the face may merge.
template <int32_t kNormalAxis>
uint64_t keyFaceRow(uint64_t visible, uint64_t below, uint64_t above, uint64_t side, const uint8_t* colors,
                    size_t colorStride, uint32_t* keys, uint32_t rowField, PackedQuad*& out) {
    constexpr uint32_t kShiftU = kNormalAxis == 0 ? 9 : 0;
    // Colours along u are contiguous except for the +-x faces, whose u axis is y.
    const size_t colorStrideU = kNormalAxis == 0 ? colorStride : 1;
    if ((below | above | side) == 0) {
        // Nothing in front occludes (flat areas, the grid's faces): every face may merge.
        for (uint64_t rest = visible; rest != 0; rest &= rest - 1) {
            const auto u = static_cast<uint32_t>(std::countr_zero(rest));
            keys[u] = kFaceOcclusionInQuad[0] | static_cast<uint32_t>(colors[u * colorStrideU]) << 16;
        }
        return visible;
    }
    // Rotated so that rotating them right by u - 1 brings cells u-1, u, u+1 of below, above and side to
    // bits 0-2, 3-5 and 6-8 of the occlusion code. For u = 0 and u = 63 that wraps bits 63 and 0 around:
    // the caller keeps those empty.
    const uint64_t rotatedAbove = std::rotl(above, 3), rotatedSide = std::rotl(side, 6);
    PackedQuad* next = out;
    uint64_t merging = 0;
    for (uint64_t rest = visible; rest != 0; rest &= rest - 1) {
        const auto u = static_cast<uint32_t>(std::countr_zero(rest));
        const int32_t shift = static_cast<int32_t>(u) - 1;
        const auto code =
            static_cast<size_t>((std::rotr(below, shift) & 7) | (std::rotr(rotatedAbove, shift) & 0x38) |
                                (std::rotr(rotatedSide, shift) & 0x1C0));
        const uint32_t key = kFaceOcclusionInQuad[code] | static_cast<uint32_t>(colors[u * colorStrideU])
                                                              << 16;
        keys[u] = key;
        // Written for every face, kept (by moving on) only for those that cannot merge: no branch to
        // mispredict.
        next->lo = rowField | u << kShiftU;
        next->hi = key;
        next += (key & 1) ^ 1;
        merging |= static_cast<uint64_t>(key & 1) << u;
    }
    out = next;
    return merging;
}

// One plane of the faces of one direction: its cells, the plane in front (whose cells hide and occlude
// its faces; nullptr past the grid's end), its colours, and the fields every quad of it shares.
struct FacePlane {
    const uint64_t* here;
    const uint64_t* front;
    const uint8_t* colors;
    uint32_t field; // the face's plane along the normal and the direction, as PackedQuad::lo holds them
};

[[gnu::always_inline]] inline FacePlane facePlane(const VoxelModel& model, const PlaneLayout& layout,
                                                  int32_t normalAxis, bool positive, int32_t plane) {
    const size_t planeStep = layout.rowStridePlane * static_cast<size_t>(layout.words);
    const int32_t frontPlane = positive ? plane + 1 : plane - 1;
    const uint32_t direction = 2 * static_cast<uint32_t>(normalAxis) + (positive ? 0 : 1);
    FacePlane face;
    face.here = layout.bits + static_cast<size_t>(plane) * planeStep;
    face.front = frontPlane >= 0 && frontPlane < layout.planes
                     ? layout.bits + static_cast<size_t>(frontPlane) * planeStep
                     : nullptr;
    face.colors = model.colorIndices().data() + static_cast<size_t>(plane) * layout.colorStridePlane;
    face.field = static_cast<uint32_t>(plane + (positive ? 1 : 0)) << (9 * normalAxis) | direction << 27;
    return face;
}

// True when faces u0 .. u1 - 1 of a row all have `key`.
bool sameKeys(const uint32_t* rowKeys, int32_t u0, int32_t u1, uint32_t key) {
    for (int32_t u = u0; u < u1; ++u)
        if (rowKeys[u] != key)
            return false;
    return true;
}

// The quad of faces u0 .. u1 - 1 of rows `row` .. `lastRow` sharing `key` (the hi word's palette index and
// occlusion, bit 0 clear), `rowField` the plane's field with the row's.
[[gnu::always_inline]] inline PackedQuad mergedQuad(uint32_t rowField, uint32_t shiftU, int32_t u0,
                                                    int32_t u1, size_t row, size_t lastRow, uint32_t key) {
    PackedQuad quad;
    quad.lo = rowField | static_cast<uint32_t>(u0) << shiftU;
    quad.hi = key | static_cast<uint32_t>(u1 - u0 - 1) | static_cast<uint32_t>(lastRow - row) << 8;
    return quad;
}

// The narrow path's scratch for one plane (a row of faces is one word): per row the faces left to merge,
// one bit per row for the rows holding any, and per face its key (as keyFaceRow writes them).
struct NarrowPlane {
    uint64_t* faces;     // rows words; all zero between planes (the merge consumes them)
    uint64_t* mergeRows; // maskWords words
    uint32_t* keys;      // 64 per row
    size_t rows;
    size_t maskWords;
};

// The narrow path's pass 1 over a plane: keys of the visible faces in the rows `planeRows` marks; faces
// whose occlusion forbids merging become quads at `out` now, the others are left in `scratch.faces`.
template <int32_t kNormalAxis>
[[gnu::always_inline]] inline void keyNarrowPlane(const PlaneLayout& layout, const FacePlane& face,
                                                  bool ambientOcclusion, const uint64_t* planeRows,
                                                  const NarrowPlane& scratch, PackedQuad*& out) {
    constexpr uint32_t kShiftV = kNormalAxis == 2 ? 9 : 18;
    // Faces at u = 0 and 63 of 64-cell rows, whose occlusion codes keyFaceRow would wrap around the word.
    constexpr uint64_t kTop = uint64_t{1} << 63;
    const uint64_t wrappingFaces = layout.width == 64 ? 1 | kTop : 0;
    const size_t rows = scratch.rows;
    const size_t rowStep = layout.rowStrideRow;
    // The plane in front (any plane when there is none, masked out): its cells hide and occlude.
    const uint64_t* front = face.front != nullptr ? face.front : face.here;
    const uint64_t frontMask = face.front != nullptr ? ~uint64_t{0} : 0;
    const uint64_t occluderMask = ambientOcclusion ? frontMask : 0;
    for (size_t word = 0; word < scratch.maskWords; ++word) {
        uint64_t rowsLeft = 0;
        for (uint64_t restRows = planeRows[word]; restRows != 0; restRows &= restRows - 1) {
            const size_t row = word * 64 + static_cast<size_t>(std::countr_zero(restRows));
            // Fetch early what the next row will read: in the plane in front and the colours, rows are far
            // apart in memory.
            const uint64_t laterRows = restRows & (restRows - 1);
            const size_t nextRow = word * 64 + static_cast<size_t>(std::countr_zero(laterRows) & 63);
            __builtin_prefetch(front + std::min(nextRow + 1, rows - 1) * rowStep);
            __builtin_prefetch(face.here + nextRow * rowStep);
            __builtin_prefetch(face.colors + nextRow * layout.colorStrideV);

            const uint64_t ahead = front[row * rowStep] & frontMask;
            const uint64_t visible = face.here[row * rowStep] & ~ahead;
            const uint64_t side = ahead & occluderMask;
            const uint64_t below = row > 0 ? front[(row - 1) * rowStep] & occluderMask : 0;
            const uint64_t above = row + 1 < rows ? front[(row + 1) * rowStep] & occluderMask : 0;
            const uint32_t rowField = face.field | static_cast<uint32_t>(row) << kShiftV;
            const uint8_t* rowColors = face.colors + row * layout.colorStrideV;
            uint32_t* rowKeys = scratch.keys + row * 64;
            uint64_t merging =
                keyFaceRow<kNormalAxis>(visible & ~wrappingFaces, below, above, side, rowColors,
                                        layout.colorStrideU, rowKeys, rowField, out);
            if ((visible & wrappingFaces) != 0) {
                // Faces at u = 0 and 63, without the cells their occlusion code would wrap onto.
                if ((visible & 1) != 0)
                    merging |=
                        keyFaceRow<kNormalAxis>(1, below & ~kTop, above & ~kTop, side & ~kTop, rowColors,
                                                layout.colorStrideU, rowKeys, rowField, out);
                if ((visible & kTop) != 0)
                    merging |= keyFaceRow<kNormalAxis>(kTop, below & ~uint64_t{1}, above & ~uint64_t{1},
                                                       side & ~uint64_t{1}, rowColors, layout.colorStrideU,
                                                       rowKeys, rowField, out);
            }
            scratch.faces[row] = merging;
            rowsLeft |= static_cast<uint64_t>(merging != 0) << (row % 64);
        }
        scratch.mergeRows[word] = rowsLeft;
    }
}

// The narrow path's pass 2 over a plane, the greedy merge: grows each quad along u over faces with its key,
// then along v over whole rows, and writes it at `out`. Keys of faces that may merge carry bit 0.
template <int32_t kNormalAxis>
[[gnu::always_inline]] inline void mergeNarrowPlane(uint32_t planeField, bool greedy,
                                                    const NarrowPlane& scratch, PackedQuad*& out) {
    constexpr uint32_t kShiftU = kNormalAxis == 0 ? 9 : 0;
    constexpr uint32_t kShiftV = kNormalAxis == 2 ? 9 : 18;
    uint64_t* faces = scratch.faces;
    for (size_t word = 0; word < scratch.maskWords; ++word) {
        for (uint64_t restRows = scratch.mergeRows[word]; restRows != 0; restRows &= restRows - 1) {
            const size_t row = word * 64 + static_cast<size_t>(std::countr_zero(restRows));
            const uint32_t rowField = planeField | static_cast<uint32_t>(row) << kShiftV;
            const uint32_t* rowKeys = scratch.keys + row * 64;
            uint64_t rest = faces[row];
            faces[row] = 0;
            while (rest != 0) {
                const int32_t u0 = std::countr_zero(rest);
                const uint32_t key = rowKeys[u0];
                const uint32_t merge = greedy ? kMergeFlags[key >> 24] : 0;
                int32_t u1 = u0 + 1;
                if ((merge & 1) != 0) {
                    const int32_t runEnd = u0 + std::countr_zero(~(rest >> u0));
                    while (u1 < runEnd && rowKeys[u1] == key)
                        ++u1;
                }
                const uint64_t mask = (u1 - u0 == 64 ? ~uint64_t{0} : (uint64_t{1} << (u1 - u0)) - 1) << u0;
                rest &= ~mask;
                size_t lastRow = row;
                if ((merge & 2) != 0) {
                    while (lastRow + 1 < scratch.rows && (faces[lastRow + 1] & mask) == mask &&
                           sameKeys(scratch.keys + (lastRow + 1) * 64, u0, u1, key)) {
                        ++lastRow;
                        faces[lastRow] &= ~mask;
                    }
                }
                *out++ = mergedQuad(rowField, kShiftU, u0, u1, row, lastRow, key & ~uint32_t{1});
            }
        }
    }
}

// Faces of one direction of a model whose rows along u are at most 64 cells, so that a row of faces is
// one word: the path every model of the game and the benchmarks takes. Per plane, one pass over the rows
// holding faces (`faceRows`, from findFaceRows) keys them and writes the faces that cannot merge as quads
// right away; a second pass greedily merges the rest. The normal axis is a template parameter so that the
// quad fields' shifts are constants; not inlined into mesh(), whose other paths would take its registers.
template <int32_t kNormalAxis>
[[gnu::noinline]] void
meshNarrowDirection(const VoxelModel& model, bool positive, const MeshSettings& settings,
                    const uint64_t* faceRows, size_t maskWords, std::vector<uint64_t>& faceBits,
                    std::vector<uint32_t>& faceKeys, std::vector<PackedQuad>& quads, size_t& quadCount) {
    const PlaneLayout layout = planeLayout(model, kNormalAxis);
    const auto rows = static_cast<size_t>(layout.rows);
    faceBits.assign(rows + maskWords, 0);
    faceKeys.resize(rows * 64);
    const NarrowPlane scratch{faceBits.data(), faceBits.data() + rows, faceKeys.data(), rows, maskWords};
    for (int32_t plane = 0; plane < layout.planes; ++plane) {
        const FacePlane face = facePlane(model, layout, kNormalAxis, positive, plane);
        // Every face of the plane becomes at most one quad.
        if (quads.size() < quadCount + rows * 64)
            quads.resize(quadCount + rows * 64);
        PackedQuad* out = quads.data() + quadCount;
        keyNarrowPlane<kNormalAxis>(layout, face, settings.ambientOcclusion,
                                    faceRows + static_cast<size_t>(plane) * maskWords, scratch, out);
        mergeNarrowPlane<kNormalAxis>(face.field, settings.greedy, scratch, out);
        quadCount = static_cast<size_t>(out - quads.data());
    }
}

// The wide path's scratch for one plane (rows of several words): per row its faces left to merge and the
// keys of its faces, `width` per row.
struct WidePlane {
    std::vector<uint64_t>& faces; // rows * words
    std::vector<uint32_t>& keys;  // rows * width
    int32_t rows;
    int32_t words;
    int32_t width;
    [[nodiscard]] uint64_t* rowFaces(int32_t row) const {
        return faces.data() + static_cast<size_t>(row) * static_cast<size_t>(words);
    }
    [[nodiscard]] uint32_t* rowKeys(int32_t row) const {
        return keys.data() + static_cast<size_t>(row) * static_cast<size_t>(width);
    }
};

// The wide path's pass 1 over a plane: keys of the visible faces; faces whose occlusion forbids merging
// (or all, without greedy merging) become quads now, the others are left in `scratch.faces`.
void keyWidePlane(const PlaneLayout& layout, const FacePlane& face, const FaceAxes& axes,
                  const MeshSettings& settings, const WidePlane& scratch, std::vector<PackedQuad>& quads) {
    const int32_t words = scratch.words;
    const size_t rowStep = layout.rowStrideRow * static_cast<size_t>(words);
    const uint64_t* occluders = settings.ambientOcclusion ? face.front : nullptr;
    for (int32_t row = 0; row < scratch.rows; ++row) {
        const size_t rowOffset = static_cast<size_t>(row) * rowStep;
        const uint64_t* side = occluders != nullptr ? occluders + rowOffset : nullptr;
        const uint64_t* below = side != nullptr && row > 0 ? side - rowStep : nullptr;
        const uint64_t* above = side != nullptr && row + 1 < scratch.rows ? side + rowStep : nullptr;
        const uint8_t* rowColors = face.colors + static_cast<size_t>(row) * layout.colorStrideV;
        const uint32_t rowField = face.field | static_cast<uint32_t>(row) << (9 * axes.v);
        uint32_t* rowKeys = scratch.rowKeys(row);
        for (int32_t w = 0; w < words; ++w) {
            uint64_t merging = 0;
            const uint64_t visible =
                face.here[rowOffset + static_cast<size_t>(w)] &
                ~(face.front != nullptr ? face.front[rowOffset + static_cast<size_t>(w)] : 0);
            for (uint64_t rest = visible; rest != 0; rest &= rest - 1) {
                const int32_t bit = std::countr_zero(rest);
                const int32_t u = w * 64 + bit;
                const auto code = static_cast<size_t>(
                    window3(below, words, u) | window3(above, words, u) << 3 | window3(side, words, u) << 6);
                // As in keyFaceRow, without the flag in bit 0.
                const uint32_t key =
                    (kFaceOcclusionInQuad[code] & ~uint32_t{1}) |
                    static_cast<uint32_t>(rowColors[static_cast<size_t>(u) * layout.colorStrideU]) << 16;
                rowKeys[u] = key;
                if (!settings.greedy || (kFaceOcclusionInQuad[code] & 1) == 0)
                    quads.push_back(
                        mergedQuad(rowField, 9 * static_cast<uint32_t>(axes.u), u, u + 1, 0, 0, key));
                else
                    merging |= uint64_t{1} << bit;
            }
            scratch.rowFaces(row)[w] = merging;
        }
    }
}

// The wide path's pass 2 over a plane, the greedy merge: grows each quad along u over faces with its key,
// then along v over whole rows.
void mergeWidePlane(uint32_t planeField, const FaceAxes& axes, const WidePlane& scratch,
                    std::vector<PackedQuad>& quads) {
    const int32_t words = scratch.words;
    const int32_t width = scratch.width;
    for (int32_t row = 0; row < scratch.rows; ++row) {
        uint64_t* rowFaces = scratch.rowFaces(row);
        const uint32_t* rowKeys = scratch.rowKeys(row);
        const uint32_t rowField = planeField | static_cast<uint32_t>(row) << (9 * axes.v);
        for (int32_t w = 0; w < words; ++w) {
            while (rowFaces[w] != 0) {
                const int32_t u0 = w * 64 + std::countr_zero(rowFaces[w]);
                const uint32_t key = rowKeys[u0];
                const uint32_t merge = kMergeFlags[key >> 24];
                int32_t u1 = u0 + 1;
                if ((merge & 1) != 0)
                    while (u1 < width && ((rowFaces[u1 >> 6] >> (u1 & 63)) & 1) != 0 && rowKeys[u1] == key)
                        ++u1;
                clearRange(rowFaces, u0, u1);
                int32_t lastRow = row;
                if ((merge & 2) != 0) {
                    for (uint64_t* next = rowFaces + words; lastRow + 1 < scratch.rows;
                         ++lastRow, next += words) {
                        if (!allSet(next, u0, u1) || !sameKeys(scratch.rowKeys(lastRow + 1), u0, u1, key))
                            break;
                        clearRange(next, u0, u1);
                    }
                }
                quads.push_back(mergedQuad(rowField, 9 * static_cast<uint32_t>(axes.u), u0, u1,
                                           static_cast<size_t>(row), static_cast<size_t>(lastRow), key));
            }
        }
    }
}

// Faces of one direction of a model whose rows along u take several words (more than 64 cells): the same
// passes as meshNarrowDirection, word by word. Models this wide are rare, so this path stays plain.
void meshWideDirection(const VoxelModel& model, int32_t direction, const MeshSettings& settings,
                       std::vector<uint64_t>& faceBits, std::vector<uint32_t>& faceKeys,
                       std::vector<PackedQuad>& quads) {
    const FaceAxes axes = faceAxes(static_cast<FaceDirection>(direction));
    const PlaneLayout layout = planeLayout(model, axes.normal);
    const WidePlane scratch{faceBits, faceKeys, layout.rows, layout.words, layout.width};
    faceBits.resize(static_cast<size_t>(layout.rows) * static_cast<size_t>(layout.words));
    faceKeys.resize(static_cast<size_t>(layout.rows) * static_cast<size_t>(layout.width));
    for (int32_t plane = 0; plane < layout.planes; ++plane) {
        const FacePlane face = facePlane(model, layout, axes.normal, direction % 2 == 0, plane);
        keyWidePlane(layout, face, axes, settings, scratch, quads);
        mergeWidePlane(face.field, axes, scratch, quads);
    }
}

} // namespace

void VoxelMesher::mesh(const VoxelModel& model, VoxelMesh& mesh) {
    std::vector<PackedQuad>& quads = mesh.quads;
    if (model.voxelCount() == 0) {
        quads.clear();
        return;
    }
    // The narrow path writes into quads sized ahead, then trims them to quadCount.
    size_t quadCount = 0;
    for (int32_t axis = 0; axis < 3; ++axis) {
        // +-x faces have rows along y, the others along x.
        if ((axis == 0 ? model.size().y : model.size().x) > 64) {
            quads.resize(quadCount);
            for (int32_t direction = 2 * axis; direction < 2 * axis + 2; ++direction)
                meshWideDirection(model, direction, m_settings, m_faceBits, m_faceKeys, quads);
            quadCount = quads.size();
            continue;
        }
        const size_t maskWords = findFaceRows(model, axis, m_rowMasks);
        for (const bool positive : {true, false}) {
            const uint64_t* faceRows =
                m_rowMasks.data() + (positive ? 0 : static_cast<size_t>(model.size()[axis]) * maskWords);
            if (axis == 0)
                meshNarrowDirection<0>(model, positive, m_settings, faceRows, maskWords, m_faceBits,
                                       m_faceKeys, quads, quadCount);
            else if (axis == 1)
                meshNarrowDirection<1>(model, positive, m_settings, faceRows, maskWords, m_faceBits,
                                       m_faceKeys, quads, quadCount);
            else
                meshNarrowDirection<2>(model, positive, m_settings, faceRows, maskWords, m_faceBits,
                                       m_faceKeys, quads, quadCount);
        }
    }
    quads.resize(quadCount);
}

VoxelMesh meshVoxelModel(const VoxelModel& model, const MeshSettings& settings) {
    VoxelMesher mesher(settings);
    VoxelMesh mesh;
    mesher.mesh(model, mesh);
    return mesh;
}

} // namespace vox
