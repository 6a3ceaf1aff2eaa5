#pragma once
// Two peers that keep no structure from one step to the next: a uniform grid and a sort-and-sweep, both
// rebuilt from every box at each step. What a game writes in an afternoon, and the floor a broadphase that
// keeps state must never fall below (issue 33: the tree was 26x slower than such a grid on fast movers in a
// world that wraps around). Same adapter interface as peers.h; header-only and free of Box2D and Bullet, so
// that the tests check them too. Both report exact pairs (tight boxes overlap, not both static), once each.

#include "peer_stats.h"
#include "workloads.h"

#include "vox/broadphase/aabb.h"

#include <glm/common.hpp>
#include <glm/vec3.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

namespace bench {

/// The boxes of a peer that rebuilds: the last tight box of every object id, static and alive flags.
class BoxTable {
public:
    void create(int32_t id, const vox::Aabb& box, bool isStatic) {
        if (static_cast<size_t>(id) >= m_boxes.size()) {
            m_boxes.resize(static_cast<size_t>(id) + 1);
            m_static.resize(static_cast<size_t>(id) + 1, 0);
            m_alive.resize(static_cast<size_t>(id) + 1, 0);
        }
        m_boxes[id] = box;
        m_static[id] = isStatic ? 1 : 0;
        m_alive[id] = 1;
        ++m_live;
        m_membershipChanged = true;
    }
    void destroy(int32_t id) {
        m_alive[id] = 0;
        --m_live;
        m_membershipChanged = true;
    }
    void move(int32_t id, const vox::Aabb& box) { m_boxes[id] = box; }

protected:
    std::vector<vox::Aabb> m_boxes;
    std::vector<uint8_t> m_static, m_alive;
    int32_t m_live = 0;
    bool m_membershipChanged = false; ///< Created or destroyed since the last step (the sweep's order).
};

/// A uniform grid built from scratch at every step (counting sort of the boxes into dense cells), every pair
/// in a cell tested. The cell size is the workload's (about twice a typical box); cell coordinates count from
/// the scene's lower corner of this step, so a scene far from the origin costs nothing more. A box touching
/// more than `maxCellsPerBox` cells goes to an oversize list tested against every box, and the cells are
/// doubled while the scene's bounds would need more than 16 per box, so neither huge boxes nor a sparse scene
/// blow up the memory. A pair listed in several cells is reported in one: the cell holding the lower corner
/// of the two boxes' overlap.
class RebuiltGridPeer : public BoxTable {
public:
    static constexpr const char* kName = "grid-rebuilt";

    explicit RebuiltGridPeer(float cellSize, int32_t maxCellsPerBox = 64)
        : m_cellSize(cellSize), m_maxCellsPerBox(maxCellsPerBox) {}

    void move(int32_t id, const vox::Aabb& box, const glm::vec3&) { BoxTable::move(id, box); }
    template <class F>
    void pairs(F&& onPair);
    void maintain() {}
    [[nodiscard]] PeerStats stats() const {
        const double bytes = static_cast<double>(m_cellStart.capacity() * sizeof(int32_t) +
                                                 m_cellItems.capacity() * sizeof(int32_t) +
                                                 m_items.capacity() * sizeof(Item)) +
                             static_cast<double>(m_boxes.capacity() * (sizeof(vox::Aabb) + 2));
        return {NAN, NAN, m_live > 0 ? bytes / m_live : 0.0};
    }
    /// The cell size of the last step (larger than asked when the scene was sparse).
    [[nodiscard]] float cellSizeUsed() const { return m_cellUsed; }

private:
    struct Item {
        vox::Aabb box;
        int32_t id;
        int32_t lo[3], hi[3]; ///< Cell range, inclusive.
        bool isStatic;
        bool single; ///< Touches one cell only.
    };

    [[nodiscard]] int32_t cellCoord(float v, int axis) const {
        const float c = std::floor((v - m_origin[axis]) * m_inverseCell);
        return std::clamp(static_cast<int32_t>(c), 0, m_dims[axis] - 1);
    }
    [[nodiscard]] int64_t cellIndex(int32_t x, int32_t y, int32_t z) const {
        return (static_cast<int64_t>(z) * m_dims[1] + y) * m_dims[0] + x;
    }

    float m_cellSize;
    int32_t m_maxCellsPerBox;
    float m_cellUsed = 0.0f, m_inverseCell = 1.0f;
    glm::vec3 m_origin{0.0f};
    int32_t m_dims[3] = {1, 1, 1};
    std::vector<Item> m_items;
    std::vector<int32_t> m_oversize;  ///< Items touching too many cells.
    std::vector<int32_t> m_cellStart; ///< Per cell, the start of its items in m_cellItems (+1 entry).
    std::vector<int32_t> m_cellItems; ///< Item indices, cell by cell.
};

template <class F>
void RebuiltGridPeer::pairs(F&& onPair) {
    m_items.clear();
    m_oversize.clear();
    glm::vec3 lo(INFINITY), hi(-INFINITY);
    for (int32_t id = 0; id < static_cast<int32_t>(m_boxes.size()); ++id) {
        if (!m_alive[id])
            continue;
        const vox::Aabb& box = m_boxes[id];
        lo = glm::min(lo, box.min);
        hi = glm::max(hi, box.max);
        m_items.push_back({box, id, {}, {}, m_static[id] != 0, false});
    }
    if (m_items.size() < 2)
        return;
    // Dense cells from the scene's corner; doubled while there would be more than 16 per box.
    m_origin = lo;
    const int64_t cellBudget = std::max<int64_t>(4096, 16 * static_cast<int64_t>(m_items.size()));
    m_cellUsed = m_cellSize;
    for (;;) {
        int64_t total = 1;
        for (int axis = 0; axis < 3; ++axis) {
            const double cells = std::floor(static_cast<double>(hi[axis] - lo[axis]) / m_cellUsed) + 1.0;
            m_dims[axis] = static_cast<int32_t>(std::min(cells, 1e9));
            total *= m_dims[axis];
            if (total > cellBudget)
                break;
        }
        if (total <= cellBudget)
            break;
        m_cellUsed *= 2.0f;
    }
    m_inverseCell = 1.0f / m_cellUsed;
    const int64_t cellCount = static_cast<int64_t>(m_dims[0]) * m_dims[1] * m_dims[2];
    m_cellStart.assign(static_cast<size_t>(cellCount) + 1, 0);

    // Count, then place (counting sort by cell).
    for (int32_t k = 0; k < static_cast<int32_t>(m_items.size()); ++k) {
        Item& item = m_items[k];
        int64_t touched = 1;
        for (int axis = 0; axis < 3; ++axis) {
            item.lo[axis] = cellCoord(item.box.min[axis], axis);
            item.hi[axis] = cellCoord(item.box.max[axis], axis);
            touched *= item.hi[axis] - item.lo[axis] + 1;
        }
        item.single = touched == 1;
        if (touched > m_maxCellsPerBox) {
            m_oversize.push_back(k);
            item.lo[0] = 1; // marks it: an empty range, placed in no cell
            item.hi[0] = 0;
            continue;
        }
        for (int32_t z = item.lo[2]; z <= item.hi[2]; ++z)
            for (int32_t y = item.lo[1]; y <= item.hi[1]; ++y)
                for (int32_t x = item.lo[0]; x <= item.hi[0]; ++x)
                    ++m_cellStart[static_cast<size_t>(cellIndex(x, y, z)) + 1];
    }
    for (int64_t c = 0; c < cellCount; ++c)
        m_cellStart[static_cast<size_t>(c) + 1] += m_cellStart[static_cast<size_t>(c)];
    m_cellItems.resize(static_cast<size_t>(m_cellStart[static_cast<size_t>(cellCount)]));
    // Cursors: fill each cell from its end, leaving m_cellStart as the starts.
    for (int32_t k = 0; k < static_cast<int32_t>(m_items.size()); ++k) {
        const Item& item = m_items[k];
        for (int32_t z = item.lo[2]; z <= item.hi[2]; ++z)
            for (int32_t y = item.lo[1]; y <= item.hi[1]; ++y)
                for (int32_t x = item.lo[0]; x <= item.hi[0]; ++x)
                    m_cellItems[static_cast<size_t>(
                        --m_cellStart[static_cast<size_t>(cellIndex(x, y, z)) + 1])] = k;
    }
    // After the decrements, m_cellStart[c + 1] is where cell c starts; shift back into place.
    for (int64_t c = 0; c < cellCount; ++c)
        m_cellStart[static_cast<size_t>(c)] = m_cellStart[static_cast<size_t>(c) + 1];
    m_cellStart[static_cast<size_t>(cellCount)] = static_cast<int32_t>(m_cellItems.size());

    // Pairs within each cell; a pair of boxes spanning several cells only in the cell of its overlap's
    // lower corner.
    for (int64_t c = 0; c < cellCount; ++c) {
        const int32_t begin = m_cellStart[static_cast<size_t>(c)];
        const int32_t end = m_cellStart[static_cast<size_t>(c) + 1];
        for (int32_t p = begin; p + 1 < end; ++p) {
            const Item& a = m_items[static_cast<size_t>(m_cellItems[static_cast<size_t>(p)])];
            for (int32_t q = p + 1; q < end; ++q) {
                const Item& b = m_items[static_cast<size_t>(m_cellItems[static_cast<size_t>(q)])];
                if ((a.isStatic && b.isStatic) || !vox::overlaps(a.box, b.box))
                    continue;
                if (!(a.single && b.single)) {
                    const glm::vec3 corner = glm::max(a.box.min, b.box.min);
                    if (cellIndex(cellCoord(corner.x, 0), cellCoord(corner.y, 1), cellCoord(corner.z, 2)) !=
                        c)
                        continue;
                }
                onPair(a.id, b.id);
            }
        }
    }
    // Oversize boxes against every box (and each other once).
    for (size_t o = 0; o < m_oversize.size(); ++o) {
        const Item& a = m_items[static_cast<size_t>(m_oversize[o])];
        for (const Item& b : m_items) {
            const bool bOversize = b.lo[0] > b.hi[0];
            if (&a == &b || (bOversize && &b < &a) || (a.isStatic && b.isStatic) ||
                !vox::overlaps(a.box, b.box))
                continue;
            onPair(a.id, b.id);
        }
    }
}

/// Sort-and-sweep on x, rebuilt at every step: the boxes are sorted by min x starting from the last step's
/// order by insertion sort (coherent motion moves few), falling back to std::sort when the insertion sort
/// passes 8 shifts per box (teleports, wrap-arounds, a first step); then one sweep tests every pair whose x
/// intervals overlap on y and z.
class SweepAndPrunePeer : public BoxTable {
public:
    static constexpr const char* kName = "sap-rebuilt";

    void move(int32_t id, const vox::Aabb& box, const glm::vec3&) { BoxTable::move(id, box); }
    template <class F>
    void pairs(F&& onPair);
    void maintain() {}
    [[nodiscard]] PeerStats stats() const {
        const double bytes =
            static_cast<double>(m_order.capacity() * sizeof(Entry) + m_sorted.capacity() * sizeof(Sorted)) +
            static_cast<double>(m_boxes.capacity() * (sizeof(vox::Aabb) + 2));
        return {NAN, NAN, m_live > 0 ? bytes / m_live : 0.0};
    }
    /// Steps that fell back to std::sort.
    [[nodiscard]] int64_t fullSorts() const { return m_fullSorts; }

private:
    struct Entry {
        float minX;
        int32_t id;
    };
    struct Sorted {
        vox::Aabb box;
        int32_t id;
        uint32_t isStatic;
    };

    std::vector<Entry> m_order; ///< Live ids, sorted by min x at the last step.
    std::vector<Sorted> m_sorted;
    int64_t m_fullSorts = 0;
};

template <class F>
void SweepAndPrunePeer::pairs(F&& onPair) {
    if (m_membershipChanged) {
        m_order.clear();
        for (int32_t id = 0; id < static_cast<int32_t>(m_boxes.size()); ++id)
            if (m_alive[id])
                m_order.push_back({0.0f, id});
        m_membershipChanged = false;
    }
    for (Entry& entry : m_order)
        entry.minX = m_boxes[static_cast<size_t>(entry.id)].min.x;
    // Insertion sort from the last order, within a budget of shifts.
    const int64_t budget = 8 * static_cast<int64_t>(m_order.size());
    int64_t shifts = 0;
    for (size_t i = 1; i < m_order.size() && shifts <= budget; ++i) {
        const Entry entry = m_order[i];
        size_t j = i;
        for (; j > 0 && m_order[j - 1].minX > entry.minX; --j)
            m_order[j] = m_order[j - 1];
        shifts += static_cast<int64_t>(i - j);
        m_order[j] = entry;
    }
    if (shifts > budget) {
        std::sort(m_order.begin(), m_order.end(),
                  [](const Entry& a, const Entry& b) { return a.minX < b.minX; });
        ++m_fullSorts;
    }
    m_sorted.resize(m_order.size());
    for (size_t k = 0; k < m_order.size(); ++k) {
        const int32_t id = m_order[k].id;
        m_sorted[k] = {m_boxes[static_cast<size_t>(id)], id, m_static[static_cast<size_t>(id)]};
    }
    const size_t count = m_sorted.size();
    for (size_t i = 0; i < count; ++i) {
        const Sorted& a = m_sorted[i];
        for (size_t j = i + 1; j < count && m_sorted[j].box.min.x <= a.box.max.x; ++j) {
            const Sorted& b = m_sorted[j];
            if ((a.isStatic & b.isStatic) != 0 || !vox::overlaps(a.box, b.box))
                continue;
            onPair(a.id, b.id);
        }
    }
}

} // namespace bench
