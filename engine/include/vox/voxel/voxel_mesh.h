#pragma once
/// @file
/// Meshing a `VoxelModel` into quads cheap to draw: face culling, greedy merging per colour, and
/// per-vertex ambient occlusion, packed 8 bytes per quad.
///
/// ## The packed quad (`PackedQuad`, 8 bytes, two uint32 so that GLSL 3.3 reads it as a `uvec2`)
/// | word | bits  | field                                                                        |
/// | ---- | ----- | ---------------------------------------------------------------------------- |
/// | lo   | 0-8   | x of the quad's minimum corner, 0..256, in model cells                       |
/// | lo   | 9-17  | y of the minimum corner, 0..256                                              |
/// | lo   | 18-26 | z of the minimum corner, 0..256                                              |
/// | lo   | 27-29 | face direction, a `FaceDirection` 0..5: +x, -x, +y, -y, +z, -z               |
/// | lo   | 30-31 | zero                                                                         |
/// | hi   | 0-7   | width - 1: extent along the face's u axis, 1..256 cells                      |
/// | hi   | 8-15  | height - 1: extent along the face's v axis, 1..256 cells                     |
/// | hi   | 16-23 | palette index 1..255 (look the colour up in the model's palette)             |
/// | hi   | 24-31 | ambient occlusion of the four corners, 2 bits each, corner i at bit 24 + 2i   |
///
/// The face lies in the plane normal to its direction; for a face on the + side of a voxel the plane is
/// the voxel's far side (cell + 1), so a +x face of cell (3, 0, 0) has its minimum corner at x = 4.
/// Tangent axes (u, v) per direction: +-x: (y, z); +-y: (x, z); +-z: (x, y). The four corners, in order:
/// c0 = min, c1 = min + width*u, c2 = min + width*u + height*v, c3 = min + height*v.
/// Front faces (counter-clockwise seen from outside) are (c0, c1, c2), (c0, c2, c3) for +x, -y and +z,
/// whose u x v points outwards, and (c0, c2, c1), (c0, c3, c2) for -x, +y and -z. A vertex shader
/// expands one instance into 6 vertices from gl_VertexID; picking the diagonal c1-c3 instead of c0-c2
/// when ao0 + ao2 > ao1 + ao3 keeps the occlusion gradient symmetric (the usual anisotropy fix).
///
/// Ambient occlusion per corner: 3 = open, 0 = darkest. From the three voxels next to the corner in the
/// layer in front of the face (two sides and the diagonal): 0 when both sides are filled, else
/// 3 - (number filled). Faces merge only when their colours and corner values match and the merge keeps
/// the bilinear interpolation exact, so a greedy quad shades exactly as the unit faces it replaces.

#include "vox/voxel/voxel_model.h"

#include <glm/vec3.hpp>

#include <array>
#include <cstdint>
#include <vector>

namespace vox {

/// The outward normal of a face.
enum class FaceDirection : uint8_t { PosX = 0, NegX = 1, PosY = 2, NegY = 3, PosZ = 4, NegZ = 5 };

/// One quad, packed as documented in this file's header.
struct PackedQuad {
    uint32_t lo = 0; ///< Position and face direction.
    uint32_t hi = 0; ///< Size, palette index and ambient occlusion.

    /// Bitwise equality.
    [[nodiscard]] bool operator==(const PackedQuad&) const = default;
};
static_assert(sizeof(PackedQuad) == 8, "a quad is 8 bytes");

/// A quad's fields, unpacked.
struct QuadFields {
    glm::ivec3 origin{0};                                ///< Minimum corner, 0..256 on each axis.
    int32_t width = 1;                                   ///< Extent along u, 1..256.
    int32_t height = 1;                                  ///< Extent along v, 1..256.
    FaceDirection direction = FaceDirection::PosX;       ///< Outward normal.
    uint8_t colorIndex = 1;                              ///< Palette index 1..255.
    std::array<uint8_t, 4> ambientOcclusion{3, 3, 3, 3}; ///< Corners c0..c3, 0 (dark) to 3 (open).
};

/// Packs `fields` (ranges as documented in `QuadFields`, asserted).
[[nodiscard]] PackedQuad packQuad(const QuadFields& fields);
/// Unpacks a quad; the inverse of `packQuad`.
[[nodiscard]] QuadFields unpackQuad(PackedQuad quad);

/// Axis indices (0 = x, 1 = y, 2 = z) of a face direction's normal and its tangents u and v.
struct FaceAxes {
    int32_t normal; ///< Axis the face is perpendicular to.
    int32_t u;      ///< Axis of the width.
    int32_t v;      ///< Axis of the height.
};
/// The axes of `direction`, as in the table at the top of this file.
[[nodiscard]] FaceAxes faceAxes(FaceDirection direction);

/// How to mesh.
struct MeshSettings {
    bool greedy = true;           ///< Merge faces into larger quads; false gives one quad per visible face.
    bool ambientOcclusion = true; ///< Compute corner occlusion; false leaves every corner at 3.
};

/// The quads of one model, in model cells (translate by the model's placement to draw it).
struct VoxelMesh {
    std::vector<PackedQuad> quads; ///< Unordered set of quads covering every visible face once.
};

/// Meshes models, reusing its scratch memory between calls (keep one per thread).
class VoxelMesher {
public:
    /// A mesher with `settings`.
    explicit VoxelMesher(MeshSettings settings = {}) : m_settings(settings) {}

    /// Replaces `mesh.quads` with the quads of `model`: every face between a filled voxel and an empty
    /// cell (or the outside of the grid) is covered by exactly one quad.
    void mesh(const VoxelModel& model, VoxelMesh& mesh);

    /// The settings in use.
    [[nodiscard]] const MeshSettings& settings() const { return m_settings; }

private:
    MeshSettings m_settings;
    std::vector<uint64_t> m_rowMasks; // per plane of both directions of an axis, its rows holding faces
    std::vector<uint64_t> m_faceBits; // per row of one plane, its faces left to merge, one bit each
    std::vector<uint32_t> m_faceKeys; // per face of one plane: palette index << 16 | occlusion << 24
};

/// Convenience: meshes `model` with a temporary `VoxelMesher`.
[[nodiscard]] VoxelMesh meshVoxelModel(const VoxelModel& model, const MeshSettings& settings = {});

} // namespace vox
