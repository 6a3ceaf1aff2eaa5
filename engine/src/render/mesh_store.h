#pragma once
// MeshStore: every voxel mesh the renderer draws, in one texel array of packed quads (read by the vertex
// shader with texelFetch; see vox/render/texel_array.h), and their palettes as rows of one sRGB texture.
//
// Models are meshed when added or updated, on the CPU; the GL upload waits for `flush()`, which the
// renderer calls once per frame, so a model eroded several times between two frames uploads once, and
// only its own quads. Each mesh owns a range of the buffer with some slack, so a model that grows a
// little after erosion is rewritten in place; ranges are recycled first-fit, and the array doubles when
// full. Identical palettes share a row.

#include "vox/render/mesh_handle.h"
#include "vox/render/texel_array.h"
#include "vox/render/texture.h"
#include "vox/voxel/palette.h"
#include "vox/voxel/voxel_mesh.h"
#include "vox/voxel/voxel_model.h"

#include <array>
#include <cstdint>
#include <vector>

namespace vox {

class MeshStore {
public:
    // What the renderer needs to draw a mesh. A mesh's quads are sorted by face direction (FaceDirection
    // order: +x, -x, +y, -y, +z, -z), so one direction's quads are a run. The shader reads the same as a
    // 32-byte record, two RGBA32UI texels at 2 x the mesh's slot in the record table: (first quad, quad
    // count, palette row, directionStart[1]) and directionStart[2..5]. Sprite instances name only the slot
    // and stay unchanged when a mesh is rewritten.
    struct Mesh {
        int32_t firstQuad = 0;  // in the quad array
        int32_t quadCount = 0;  // as of the last flush
        int32_t paletteRow = 0; // in the palette texture
        int32_t capacity = 0;   // quads reserved at firstQuad (>= quadCount)
        glm::ivec3 size{0};     // model size, cells
        // Where each direction's run starts, from firstQuad; [0] is 0 and [6] is quadCount.
        std::array<int32_t, 7> directionStart{};
        // Quads facing `direction` (0..5).
        [[nodiscard]] int32_t directionCount(int direction) const {
            return directionStart[static_cast<size_t>(direction) + 1] -
                   directionStart[static_cast<size_t>(direction)];
        }
    };
    static constexpr int64_t kRecordBytes = 32;

    static constexpr int32_t kMaxPalettes = 256;

    static MeshStore create();

    // The slot of a live handle: the index of its record.
    [[nodiscard]] static uint32_t slotOf(MeshHandle handle) { return handle.index - 1; }

    MeshHandle add(const VoxelModel& model);
    void update(MeshHandle handle, const VoxelModel& model);
    void remove(MeshHandle handle);
    [[nodiscard]] bool contains(MeshHandle handle) const;
    [[nodiscard]] const Mesh& mesh(MeshHandle handle) const;
    [[nodiscard]] int32_t pendingQuadCount(MeshHandle handle) const;

    struct FlushResult {
        int64_t bytes = 0;
        int32_t meshes = 0;
    };
    // Uploads every mesh and palette added or changed since the last flush.
    FlushResult flush();

    void bind(int quadUnit, int recordUnit, int paletteUnit) const;

private:
    struct Range {
        int32_t start = 0;
        int32_t count = 0;
    };
    struct Slot {
        Mesh mesh;
        uint32_t generation = 0;
        bool live = false;
        bool dirty = false;
        std::vector<PackedQuad> pending;        // sorted by direction
        std::array<int32_t, 7> pendingStarts{}; // its direction runs, as Mesh::directionStart
    };
    struct PaletteRow {
        Palette colors{};
        int32_t references = 0;
        bool uploaded = false;
    };

    Slot& slot(MeshHandle handle);
    void setModel(Slot& slot, const VoxelModel& model);
    int32_t acquirePalette(const Palette& palette);
    void releasePalette(int32_t row);
    Range allocate(int32_t count);
    void release(Range range);

    std::vector<Slot> m_slots;
    std::vector<uint32_t> m_freeSlots;
    std::vector<int32_t> m_dirty;    // slot indices
    std::vector<Range> m_freeRanges; // sorted by start, never touching each other or m_end
    int32_t m_end = 0;               // quads in use or free-listed below this; the rest is free
    TexelArray m_quads;              // RG32UI: one PackedQuad per element
    TexelArray m_records;            // RGBA32UI: two texels per slot
    int64_t m_grownBytes = 0;        // uploaded by growing the quad array since the last flush
    std::vector<PaletteRow> m_palettes;
    Texture m_paletteTexture;
    VoxelMesher m_mesher;
    VoxelMesh m_scratch;
};

} // namespace vox
