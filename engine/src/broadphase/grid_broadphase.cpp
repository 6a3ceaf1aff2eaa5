#include "vox/broadphase/grid_broadphase.h"

#include "broadphase/box_error.h"
#include "vox/core/assert.h"

#include <algorithm>
#include <cmath>
#include <string>

namespace vox {

namespace {
// Cell coordinates stay well inside int32 so that range arithmetic cannot overflow; farther boxes are
// oversize.
constexpr double kMaxCellCoordinate = 1 << 30;
} // namespace

namespace {
bool validCellSize(float value) {
    return std::isfinite(value) && value > 0.0f;
}

// `settings`, reported to the assert handler (in every build) when invalid, with the default for each bad
// field.
GridSettings checkedSettings(const GridSettings& settings) {
    const Status status = settings.validate();
    if (status.ok()) [[likely]]
        return settings;
    const std::string message = status.error().message +
                                " The grid takes the default for each bad field; GridSettings::validate() or "
                                "GridBroadphase::create return this as an error instead.";
    detail::reportMisuse("settings.validate().ok()", message.c_str(), __FILE__, __LINE__);
    const GridSettings defaults;
    GridSettings fixed = settings;
    if (!validCellSize(fixed.cellSize))
        fixed.cellSize = defaults.cellSize;
    if (fixed.maxCellsPerProxy < 1)
        fixed.maxCellsPerProxy = defaults.maxCellsPerProxy;
    if (fixed.maxCellsPerRay < 1)
        fixed.maxCellsPerRay = defaults.maxCellsPerRay;
    return fixed;
}
} // namespace

Status GridSettings::validate() const {
    std::string errors;
    if (!validCellSize(cellSize))
        detail::appendSettingError(errors, "GridSettings::cellSize", cellSize,
                                   "finite and > 0 (world units)");
    if (maxCellsPerProxy < 1)
        detail::appendSettingError(errors, "GridSettings::maxCellsPerProxy", maxCellsPerProxy, ">= 1");
    if (maxCellsPerRay < 1)
        detail::appendSettingError(errors, "GridSettings::maxCellsPerRay", maxCellsPerRay, ">= 1");
    if (errors.empty())
        return {};
    return Error{errors};
}

Result<GridBroadphase> GridBroadphase::create(const GridSettings& settings) {
    if (const Status status = settings.validate(); !status.ok())
        return status.error();
    return GridBroadphase(settings);
}

GridBroadphase::GridBroadphase(const GridSettings& settings)
    : m_settings(checkedSettings(settings)), m_inverseCellSize(1.0f / m_settings.cellSize), m_buckets(64) {}

glm::ivec3 GridBroadphase::cellOf(const glm::vec3& p) const {
    glm::ivec3 cell;
    for (int axis = 0; axis < 3; ++axis) {
        const double c = std::floor(static_cast<double>(p[axis] * m_inverseCellSize));
        cell[axis] = static_cast<int32_t>(std::clamp(c, -kMaxCellCoordinate, kMaxCellCoordinate));
    }
    return cell;
}

bool GridBroadphase::cellRange(const Aabb& box, int64_t maxCells, CellRange& range) const {
    int64_t count = 1;
    for (int axis = 0; axis < 3; ++axis) {
        const double lo = std::floor(static_cast<double>(box.min[axis] * m_inverseCellSize));
        const double hi = std::floor(static_cast<double>(box.max[axis] * m_inverseCellSize));
        if (!(lo >= -kMaxCellCoordinate && hi <= kMaxCellCoordinate))
            return false;
        range.lo[axis] = static_cast<int32_t>(lo);
        range.hi[axis] = static_cast<int32_t>(hi);
        count *= static_cast<int64_t>(range.hi[axis]) - range.lo[axis] + 1;
        if (count > maxCells)
            return false;
    }
    return true;
}

size_t GridBroadphase::bucketIndex(const glm::ivec3& cell) const {
    // Large odd multipliers spread neighbouring cells over the table (Teschner et al. 2003, 64-bit mix).
    uint64_t h = static_cast<uint64_t>(static_cast<uint32_t>(cell.x)) * 0x9E3779B97F4A7C15ull;
    h ^= static_cast<uint64_t>(static_cast<uint32_t>(cell.y)) * 0xC2B2AE3D27D4EB4Full;
    h ^= static_cast<uint64_t>(static_cast<uint32_t>(cell.z)) * 0x165667B19E3779F9ull;
    h ^= h >> 29;
    return static_cast<size_t>(h & (m_buckets.size() - 1));
}

void GridBroadphase::link(int32_t index) {
    auto& slot = m_slots[index];
    if (!cellRange(slot.box, m_settings.maxCellsPerProxy, slot.cells)) {
        slot.cells = CellRange{}; // empty: oversize
        m_oversize.push_back(index);
        return;
    }
    forEachCell(slot.cells, [&](const glm::ivec3& cell) {
        std::vector<int32_t>& entries = bucket(cell);
        // Two cells of one box may share a bucket; list the box once per bucket.
        if (std::find(entries.begin(), entries.end(), index) == entries.end()) {
            entries.push_back(index);
            ++m_bucketEntries;
        }
    });
    if (m_bucketEntries > static_cast<int64_t>(m_buckets.size()))
        growBuckets();
}

void GridBroadphase::unlink(int32_t index) {
    const auto& slot = m_slots[index];
    if (slot.oversize()) {
        m_oversize.erase(std::find(m_oversize.begin(), m_oversize.end(), index));
        return;
    }
    forEachCell(slot.cells, [&](const glm::ivec3& cell) {
        std::vector<int32_t>& entries = bucket(cell);
        const auto it = std::find(entries.begin(), entries.end(), index);
        if (it != entries.end()) {
            *it = entries.back();
            entries.pop_back();
            --m_bucketEntries;
        }
    });
}

void GridBroadphase::growBuckets() {
    std::vector<std::vector<int32_t>> old(m_buckets.size() * 4);
    old.swap(m_buckets);
    m_bucketEntries = 0;
    for (int32_t i = 0; i < m_slots.slotCount(); ++i) {
        const auto& slot = m_slots[i];
        if (!slot.alive || slot.oversize())
            continue;
        forEachCell(slot.cells, [&](const glm::ivec3& cell) {
            std::vector<int32_t>& entries = bucket(cell);
            if (std::find(entries.begin(), entries.end(), i) == entries.end()) {
                entries.push_back(i);
                ++m_bucketEntries;
            }
        });
    }
}

Result<ProxyId> GridBroadphase::createProxy(const Aabb& box, uint64_t userData, ProxyType type,
                                            const ProxyFilter& filter) {
    if (!box.isValid())
        return detail::invalidBoxError("GridBroadphase::createProxy", box);
    const int32_t index = m_slots.add(box, userData, type, filter);
    link(index);
    return m_slots.handle(index);
}

bool GridBroadphase::destroyProxy(ProxyId id) {
    if (!m_slots.check(id, "GridBroadphase::destroyProxy"))
        return false;
    unlink(id.index());
    m_slots.remove(id.index());
    return true;
}

// Out of line: inlined into a pair callback, the stale-handle report's call costs the exhaustive passes
// registers in their inner loops (up to +17 % instructions in W1), far more than a call per pair does.
uint64_t GridBroadphase::userData(ProxyId id) const {
    return m_slots.userData(id, "GridBroadphase::userData");
}

Aabb GridBroadphase::tightBox(ProxyId id) const {
    return m_slots.tightBox(id, "GridBroadphase::tightBox");
}

bool GridBroadphase::setFilter(ProxyId id, const ProxyFilter& filter) {
    if (!m_slots.check(id, "GridBroadphase::setFilter"))
        return false;
    m_slots.setFilter(id.index(), filter);
    return true;
}

ProxyFilter GridBroadphase::filter(ProxyId id) const {
    return m_slots.check(id, "GridBroadphase::filter") ? m_slots.filterOf(id.index()) : ProxyFilter{};
}

bool GridBroadphase::moveProxy(ProxyId id, const Aabb& box, const glm::vec3&) {
    if (!m_slots.check(id, "GridBroadphase::moveProxy") || !box.isValid())
        return false;
    const int32_t index = id.index();
    auto& slot = m_slots[index];
    CellRange cells;
    const bool oversize = !cellRange(box, m_settings.maxCellsPerProxy, cells);
    if (oversize != slot.oversize() || cells.lo != slot.cells.lo || cells.hi != slot.cells.hi) {
        unlink(index);
        slot.box = box;
        link(index);
    } else {
        slot.box = box; // same cells: the buckets are unchanged
    }
    m_slots.markMoved(index);
    return true;
}

size_t GridBroadphase::memoryBytes() const {
    size_t bytes = m_slots.memoryBytes() + m_buckets.capacity() * sizeof(std::vector<int32_t>) +
                   m_oversize.capacity() * sizeof(int32_t);
    for (const std::vector<int32_t>& entries : m_buckets)
        bytes += entries.capacity() * sizeof(int32_t);
    return bytes;
}

} // namespace vox
