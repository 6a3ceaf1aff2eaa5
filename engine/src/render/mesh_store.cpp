#include "mesh_store.h"

#include "vox/core/assert.h"

#include <algorithm>
#include <array>
#include <span>
#include <string>
#include <utility>

namespace vox {
namespace {

constexpr int32_t kInitialQuads = 16384;
constexpr int32_t kInitialRecords = 64; // slots
constexpr int32_t kTexelsPerRecord = 2;
static_assert(sizeof(PackedQuad) == 2 * sizeof(uint32_t), "a packed quad is one RG32UI texel");

// Slack so that erosion, which can add faces as it carves, usually rewrites a mesh in place.
int32_t reserveFor(int32_t quads) {
    return quads + quads / 4 + 8;
}

} // namespace

MeshStore MeshStore::create() {
    MeshStore store;
    store.m_quads = TexelArray::create(2, kInitialQuads);
    store.m_records = TexelArray::create(4, kInitialRecords * kTexelsPerRecord);
    store.m_paletteTexture = Texture::create2D(256, kMaxPalettes, GL_SRGB8_ALPHA8);
    // Read with texelFetch only; nearest filtering says that no texel is ever blended.
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    return store;
}

MeshStore::Slot& MeshStore::slot(MeshHandle handle) {
    VOX_ASSERT(contains(handle), "MeshStore: the mesh handle is null, stale or from another renderer");
    return m_slots[handle.index - 1];
}

bool MeshStore::contains(MeshHandle handle) const {
    return handle.index >= 1 && handle.index <= m_slots.size() && m_slots[handle.index - 1].live &&
           m_slots[handle.index - 1].generation == handle.generation;
}

const MeshStore::Mesh& MeshStore::mesh(MeshHandle handle) const {
    VOX_ASSERT(contains(handle), "MeshStore: the mesh handle is null, stale or from another renderer");
    return m_slots[handle.index - 1].mesh;
}

int32_t MeshStore::pendingQuadCount(MeshHandle handle) const {
    VOX_ASSERT(contains(handle), "MeshStore: the mesh handle is null, stale or from another renderer");
    const Slot& s = m_slots[handle.index - 1];
    return s.dirty ? static_cast<int32_t>(s.pending.size()) : s.mesh.quadCount;
}

MeshHandle MeshStore::add(const VoxelModel& model) {
    uint32_t index = 0;
    if (!m_freeSlots.empty()) {
        index = m_freeSlots.back();
        m_freeSlots.pop_back();
    } else {
        m_slots.emplace_back();
        index = static_cast<uint32_t>(m_slots.size() - 1);
    }
    Slot& s = m_slots[index];
    s.live = true;
    s.mesh = Mesh{};
    s.mesh.capacity = 0;
    s.mesh.paletteRow = acquirePalette(model.palette());
    setModel(s, model);
    return MeshHandle{index + 1, s.generation};
}

void MeshStore::update(MeshHandle handle, const VoxelModel& model) {
    Slot& s = slot(handle);
    const int32_t row = acquirePalette(model.palette()); // before releasing: the row may be the same
    releasePalette(s.mesh.paletteRow);
    s.mesh.paletteRow = row;
    setModel(s, model);
}

void MeshStore::setModel(Slot& s, const VoxelModel& model) {
    m_mesher.mesh(model, m_scratch);
    // In runs by face direction (a counting sort, so the mesher's order within a direction stays), so a
    // draw can take only the directions the camera can see (RendererSettings::drawByFaceDirection).
    const auto directionOf = [](PackedQuad quad) { return static_cast<size_t>(unpackQuad(quad).direction); };
    s.pendingStarts.fill(0);
    for (const PackedQuad& quad : m_scratch.quads)
        ++s.pendingStarts[directionOf(quad) + 1];
    for (size_t d = 1; d < s.pendingStarts.size(); ++d)
        s.pendingStarts[d] += s.pendingStarts[d - 1];
    std::array<int32_t, 7> cursor = s.pendingStarts;
    s.pending.resize(m_scratch.quads.size());
    for (const PackedQuad& quad : m_scratch.quads)
        s.pending[static_cast<size_t>(cursor[directionOf(quad)]++)] = quad;
    s.mesh.size = model.size();
    if (!s.dirty) {
        s.dirty = true;
        m_dirty.push_back(static_cast<int32_t>(&s - m_slots.data()));
    }
}

void MeshStore::remove(MeshHandle handle) {
    Slot& s = slot(handle);
    if (s.mesh.capacity > 0)
        release(Range{s.mesh.firstQuad, s.mesh.capacity});
    releasePalette(s.mesh.paletteRow);
    s.live = false;
    s.dirty = false; // flush() skips it; its entry in m_dirty is ignored
    s.pending = {};
    s.mesh.capacity = 0;
    ++s.generation;
    m_freeSlots.push_back(handle.index - 1);
}

int32_t MeshStore::acquirePalette(const Palette& palette) {
    int32_t freeRow = -1;
    for (size_t row = 0; row < m_palettes.size(); ++row) {
        PaletteRow& entry = m_palettes[row];
        if (entry.references > 0 && entry.colors == palette) {
            ++entry.references;
            return static_cast<int32_t>(row);
        }
        if (entry.references == 0 && freeRow < 0)
            freeRow = static_cast<int32_t>(row);
    }
    if (freeRow < 0) {
        VOX_VERIFY(static_cast<int32_t>(m_palettes.size()) < kMaxPalettes,
                   "SceneRenderer: more than 256 different palettes in use at once; share palettes between "
                   "models (one .vox file's models share one)");
        m_palettes.emplace_back();
        freeRow = static_cast<int32_t>(m_palettes.size() - 1);
    }
    PaletteRow& entry = m_palettes[static_cast<size_t>(freeRow)];
    entry.colors = palette;
    entry.references = 1;
    entry.uploaded = false;
    return freeRow;
}

void MeshStore::releasePalette(int32_t row) {
    PaletteRow& entry = m_palettes[static_cast<size_t>(row)];
    VOX_ASSERT(entry.references > 0, "MeshStore: palette released more often than acquired");
    --entry.references;
}

MeshStore::Range MeshStore::allocate(int32_t count) {
    for (size_t i = 0; i < m_freeRanges.size(); ++i) {
        Range& range = m_freeRanges[i];
        if (range.count < count)
            continue;
        const Range taken{range.start, count};
        range.start += count;
        range.count -= count;
        if (range.count == 0)
            m_freeRanges.erase(m_freeRanges.begin() + static_cast<std::ptrdiff_t>(i));
        return taken;
    }
    // Growing keeps the contents (TexelArray uploads them again; flush() counts those bytes).
    m_grownBytes += m_quads.reserve(m_end + count);
    const Range taken{m_end, count};
    m_end += count;
    return taken;
}

void MeshStore::release(Range range) {
    auto next = std::lower_bound(m_freeRanges.begin(), m_freeRanges.end(), range.start,
                                 [](const Range& r, int32_t start) { return r.start < start; });
    next = m_freeRanges.insert(next, range);
    // Merge with the following and the preceding range so free space never fragments needlessly.
    if (next + 1 != m_freeRanges.end() && next->start + next->count == (next + 1)->start) {
        next->count += (next + 1)->count;
        m_freeRanges.erase(next + 1);
    }
    if (next != m_freeRanges.begin() && (next - 1)->start + (next - 1)->count == next->start) {
        (next - 1)->count += next->count;
        next = m_freeRanges.erase(next) - 1;
    }
    if (next->start + next->count == m_end) {
        m_end = next->start;
        m_freeRanges.erase(next);
    }
}

MeshStore::FlushResult MeshStore::flush() {
    FlushResult result;
    std::vector<uint32_t> changed;
    for (int32_t index : m_dirty) {
        Slot& s = m_slots[static_cast<size_t>(index)];
        if (!s.live || !s.dirty)
            continue;
        const int32_t count = static_cast<int32_t>(s.pending.size());
        if (count > s.mesh.capacity) {
            if (s.mesh.capacity > 0)
                release(Range{s.mesh.firstQuad, s.mesh.capacity});
            const Range range = allocate(reserveFor(count));
            s.mesh.firstQuad = range.start;
            s.mesh.capacity = range.count;
        }
        result.bytes += m_quads.write(
            s.mesh.firstQuad, std::span<const uint32_t>(reinterpret_cast<const uint32_t*>(s.pending.data()),
                                                        s.pending.size() * 2));
        s.mesh.quadCount = count;
        s.mesh.directionStart = s.pendingStarts;
        ++result.meshes;
        s.dirty = false;
        s.pending = {};
        changed.push_back(static_cast<uint32_t>(index));
    }
    m_dirty.clear();

    result.bytes += std::exchange(m_grownBytes, 0);

    // Mesh records: only the changed entries (growing the table keeps the others).
    result.bytes += m_records.reserve(static_cast<int32_t>(m_slots.size()) * kTexelsPerRecord);
    for (uint32_t slot : changed) {
        const Mesh& mesh = m_slots[slot].mesh;
        const auto start = [&](size_t direction) {
            return static_cast<uint32_t>(mesh.directionStart[direction]);
        };
        const std::array<uint32_t, 8> record{static_cast<uint32_t>(mesh.firstQuad),
                                             static_cast<uint32_t>(mesh.quadCount),
                                             static_cast<uint32_t>(mesh.paletteRow),
                                             start(1),
                                             start(2),
                                             start(3),
                                             start(4),
                                             start(5)};
        result.bytes += m_records.write(static_cast<int32_t>(slot) * kTexelsPerRecord, record);
    }

    for (size_t row = 0; row < m_palettes.size(); ++row) {
        PaletteRow& entry = m_palettes[row];
        if (entry.uploaded || entry.references == 0)
            continue;
        m_paletteTexture.bind(0);
        glTexSubImage2D(GL_TEXTURE_2D, 0, 0, static_cast<GLint>(row), 256, 1, GL_RGBA, GL_UNSIGNED_BYTE,
                        entry.colors.data());
        entry.uploaded = true;
        result.bytes += static_cast<int64_t>(sizeof(Palette));
    }
    return result;
}

void MeshStore::bind(int quadUnit, int recordUnit, int paletteUnit) const {
    m_quads.bind(quadUnit);
    m_records.bind(recordUnit);
    m_paletteTexture.bind(paletteUnit);
}

} // namespace vox
