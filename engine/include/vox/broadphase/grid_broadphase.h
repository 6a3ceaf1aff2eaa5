#pragma once
/// @file
/// `GridBroadphase`: the uniform-grid spatial hash, the "bucket" method of the 8-bit era. Space is cut into
/// cubic cells; each proxy is listed in the bucket of every cell its tight box touches, and pairs are only
/// sought among proxies sharing a bucket. Excellent when objects have similar sizes and the cell size
/// matches them; poor when sizes vary a lot (the tree's strength). A second reference for tests and a peer in
/// the benchmark.

#include "vox/broadphase/broadphase.h"
#include "vox/broadphase/proxy_slot_table.h"

#include <glm/common.hpp>
#include <glm/vec3.hpp>

#include <cmath>
#include <cstdint>
#include <vector>

namespace vox {

/// Settings of a `GridBroadphase`. Each field documents its allowed range: `validate()` checks them,
/// `GridBroadphase::create` returns the error, and the constructor reports invalid settings to the assert
/// handler in every build.
struct GridSettings {
    /// Edge of a cell in world units; about the size of a typical object. Allowed: finite, > 0.
    float cellSize = 2.0f;
    /// A box touching more cells joins the "oversize" list, tested against all. Allowed: >= 1.
    int32_t maxCellsPerProxy = 64;
    /// A longer ray walk falls back to testing every proxy. Allowed: >= 1.
    int32_t maxCellsPerRay = 4096;

    /// Success when every field is in its allowed range; otherwise an error with one sentence per bad field
    /// naming the field, its value and the allowed range, e.g. "GridSettings::cellSize is 0; it must be
    /// finite and > 0 (world units)."
    [[nodiscard]] Status validate() const;
};

/// Spatial hash of tight boxes. Satisfies `Broadphase`; pairs and queries are exact (tight boxes).
class GridBroadphase {
public:
    /// An empty grid, or the error of `settings.validate()` (naming each bad field, its value and the
    /// allowed range) when a field is out of its range.
    [[nodiscard]] static Result<GridBroadphase> create(const GridSettings& settings = {});
    /// An empty grid. Invalid settings (see `GridSettings::validate`) are misuse, reported in every build:
    /// the assert handler gets one message naming every bad field, its value and the allowed range (the
    /// default handler aborts). If the handler returns false, the grid takes the default (`GridSettings{}`)
    /// for each bad field, keeps the valid ones, and works as such. `create` returns the error instead.
    explicit GridBroadphase(const GridSettings& settings = {});

    /// Adds a proxy with tight box `box` and filter `filter`; fails (naming the box) for NaN, infinite or
    /// inverted boxes.
    /// `userData` is yours: a pointer or an index, as you like.
    [[nodiscard]] Result<ProxyId> createProxy(const Aabb& box, uint64_t userData,
                                              ProxyType type = ProxyType::Dynamic,
                                              const ProxyFilter& filter = {});
    /// Removes a proxy; false for a stale or unknown handle (reported, see broadphase.h).
    bool destroyProxy(ProxyId id);
    /// Replaces the proxy's box and marks it moved; `displacement` is ignored. False, with nothing changed,
    /// for a stale handle (reported, see broadphase.h) or an invalid box.
    bool moveProxy(ProxyId id, const Aabb& box, const glm::vec3& displacement = glm::vec3(0.0f));

    /// Reports every overlapping pair whose filters accept each other involving a proxy created, moved or
    /// re-filtered since the last call, once each.
    template <PairCallback F>
    void updatePairs(F&& onPair);
    /// Calls `onHit` once for every proxy whose box overlaps `box` and whose category is in `queryMask`,
    /// until it returns false.
    template <QueryCallback F>
    void queryBox(const Aabb& box, F&& onHit, uint64_t queryMask = kAllCategories) const;
    /// Calls `onHit` once for every proxy whose box contains `point` and whose category is in `queryMask`,
    /// until it returns false.
    template <QueryCallback F>
    void queryPoint(const glm::vec3& point, F&& onHit, uint64_t queryMask = kAllCategories) const;
    /// Walks the cells along the ray (3D DDA) and calls `onHit` once per proxy whose box the ray enters and
    /// whose category is in `queryMask`.
    template <RayCallback F>
    void queryRay(const Ray& ray, F&& onHit, uint64_t queryMask = kAllCategories) const;

    /// True when `id` names a live proxy.
    [[nodiscard]] bool isValid(ProxyId id) const { return m_slots.isValid(id); }
    /// The user data given at creation; 0 for a stale handle (reported, see broadphase.h).
    [[nodiscard]] uint64_t userData(ProxyId id) const;
    /// The last tight box given (at creation or by a successful `moveProxy`); an empty box at the origin for
    /// a stale handle (reported, see broadphase.h).
    [[nodiscard]] Aabb tightBox(ProxyId id) const;
    /// Gives the proxy the filter `filter` (see proxy_filter.h); a change counts as a move, so the next
    /// `updatePairs` re-evaluates its pairs. False for a stale handle (reported, see broadphase.h).
    bool setFilter(ProxyId id, const ProxyFilter& filter);
    /// The proxy's filter; the default one for a stale handle (reported, see broadphase.h).
    [[nodiscard]] ProxyFilter filter(ProxyId id) const;
    /// Calls `visit(int32_t slot)` for the slot (`ProxyId::index()`) of every proxy created, moved,
    /// re-filtered or destroyed since the last `updatePairs`, once each, in no particular order.
    template <class F>
    void forEachMovedSlot(F&& visit) const {
        m_slots.forEachMoved(visit);
    }
    /// Number of live proxies.
    [[nodiscard]] int32_t proxyCount() const { return m_slots.liveCount(); }
    /// Heap bytes held (slots, buckets, lists), for the benchmark's bytes-per-proxy figure.
    [[nodiscard]] size_t memoryBytes() const;

private:
    struct CellRange {
        glm::ivec3 lo{0};
        glm::ivec3 hi{-1};
        [[nodiscard]] bool contains(const glm::ivec3& c) const {
            return c.x >= lo.x && c.y >= lo.y && c.z >= lo.z && c.x <= hi.x && c.y <= hi.y && c.z <= hi.z;
        }
    };
    /// What a grid slot adds to the shared ones: the cells its box touches, or none (the default, empty
    /// range) for an oversize box, listed in m_oversize instead of the buckets.
    struct SlotCells {
        CellRange cells;
        [[nodiscard]] bool oversize() const { return cells.hi.x < cells.lo.x; }
    };
    [[nodiscard]] glm::ivec3 cellOf(const glm::vec3& p) const;
    /// The cells of `box`, or false when it spans more than `maxCells` of them (or leaves the int range).
    [[nodiscard]] bool cellRange(const Aabb& box, int64_t maxCells, CellRange& range) const;
    [[nodiscard]] std::vector<int32_t>& bucket(const glm::ivec3& cell) {
        return m_buckets[bucketIndex(cell)];
    }
    [[nodiscard]] const std::vector<int32_t>& bucket(const glm::ivec3& cell) const {
        return m_buckets[bucketIndex(cell)];
    }
    [[nodiscard]] size_t bucketIndex(const glm::ivec3& cell) const;
    void link(int32_t index);
    void unlink(int32_t index);
    void growBuckets();
    template <class F>
    static void forEachCell(const CellRange& range, F&& visit) {
        for (int32_t z = range.lo.z; z <= range.hi.z; ++z)
            for (int32_t y = range.lo.y; y <= range.hi.y; ++y)
                for (int32_t x = range.lo.x; x <= range.hi.x; ++x)
                    visit(glm::ivec3(x, y, z));
    }

    GridSettings m_settings;
    float m_inverseCellSize = 0.5f;
    detail::ProxySlotTable<SlotCells> m_slots;
    std::vector<std::vector<int32_t>> m_buckets; ///< Power-of-two count; a bucket may hold several cells.
    std::vector<int32_t> m_oversize;             ///< Slots too big for the buckets.
    int64_t m_bucketEntries = 0;
};

template <PairCallback F>
void GridBroadphase::updatePairs(F&& onPair) {
    m_slots.takeMoved([&](int32_t i) {
        const auto& a = m_slots[i];
        if (a.oversize()) {
            m_slots.pairWithEveryOther(i, onPair);
            return;
        }
        forEachCell(a.cells, [&](const glm::ivec3& cell) {
            for (int32_t j : bucket(cell)) {
                // Report a pair only from the first cell both boxes share, so a pair sharing several cells
                // (or meeting in a bucket through another cell) comes out once.
                const auto& b = m_slots[j];
                if (m_slots.reportsPair(a, i, b, j) && cell == glm::max(a.cells.lo, b.cells.lo))
                    m_slots.reportPair(onPair, i, j);
            }
        });
        for (int32_t j : m_oversize)
            if (m_slots.reportsPair(a, i, m_slots[j], j))
                m_slots.reportPair(onPair, i, j);
    });
}

template <QueryCallback F>
void GridBroadphase::queryBox(const Aabb& box, F&& onHit, uint64_t queryMask) const {
    CellRange range;
    if (!cellRange(box, m_settings.maxCellsPerProxy, range)) {
        m_slots.queryEvery(box, onHit, queryMask);
        return;
    }
    for (int32_t z = range.lo.z; z <= range.hi.z; ++z)
        for (int32_t y = range.lo.y; y <= range.hi.y; ++y)
            for (int32_t x = range.lo.x; x <= range.hi.x; ++x) {
                const glm::ivec3 cell(x, y, z);
                for (int32_t j : bucket(cell)) {
                    const auto& b = m_slots[j];
                    if (overlaps(b.box, box) && cell == glm::max(range.lo, b.cells.lo) &&
                        m_slots.acceptsQuery(j, queryMask) && !m_slots.reportHit(onHit, j))
                        return;
                }
            }
    for (int32_t j : m_oversize)
        if (overlaps(m_slots[j].box, box) && m_slots.acceptsQuery(j, queryMask) &&
            !m_slots.reportHit(onHit, j))
            return;
}

template <QueryCallback F>
void GridBroadphase::queryPoint(const glm::vec3& point, F&& onHit, uint64_t queryMask) const {
    queryBox(Aabb{point, point}, onHit, queryMask);
}

template <RayCallback F>
void GridBroadphase::queryRay(const Ray& ray, F&& onHit, uint64_t queryMask) const {
    Ray clipped = ray;
    const auto hitSlot = [&](int32_t j) {
        float fraction = 0.0f;
        if (!m_slots.acceptsQuery(j, queryMask) || !raycast(m_slots[j].box, clipped, fraction))
            return true;
        clipped.maxFraction = m_slots.reportRayHit(onHit, j, fraction);
        return clipped.maxFraction > 0.0f;
    };
    for (int32_t j : m_oversize)
        if (!hitSlot(j))
            return;

    // The walk's cell count bounds its cost; a ray too long for it tests every proxy instead.
    CellRange span;
    const Aabb rayBox = Aabb::fromCorners(ray.origin, ray.origin + ray.maxFraction * ray.direction);
    if (!cellRange(rayBox, int64_t{1} << 40, span) ||
        static_cast<int64_t>(span.hi.x - span.lo.x) + (span.hi.y - span.lo.y) + (span.hi.z - span.lo.z) + 1 >
            m_settings.maxCellsPerRay) {
        for (int32_t j = 0; j < m_slots.slotCount(); ++j)
            if (m_slots[j].alive && !m_slots[j].oversize() && !hitSlot(j))
                return;
        return;
    }

    // Amanatides-Woo DDA from the origin's cell. A proxy is offered in the first cell of its range the walk
    // enters (the previous cell lies outside its range), so each is offered once.
    glm::ivec3 cell = cellOf(ray.origin);
    glm::ivec3 step(0);
    glm::vec3 tMax(INFINITY), tDelta(INFINITY);
    for (int axis = 0; axis < 3; ++axis) {
        const float d = ray.direction[axis];
        if (d == 0.0f)
            continue;
        step[axis] = d > 0.0f ? 1 : -1;
        const float boundary =
            (static_cast<float>(cell[axis]) + (d > 0.0f ? 1.0f : 0.0f)) * m_settings.cellSize;
        tMax[axis] = (boundary - ray.origin[axis]) / d;
        tDelta[axis] = m_settings.cellSize / std::abs(d);
    }
    glm::ivec3 previous(INT32_MIN); // outside every range: cell coordinates are clamped to +-2^30
    for (int32_t walked = 0; walked <= m_settings.maxCellsPerRay; ++walked) {
        for (int32_t j : bucket(cell)) {
            const CellRange& cells = m_slots[j].cells;
            if (cells.contains(cell) && !cells.contains(previous) && !hitSlot(j))
                return;
        }
        const int axis = tMax.x <= tMax.y ? (tMax.x <= tMax.z ? 0 : 2) : (tMax.y <= tMax.z ? 1 : 2);
        if (!(tMax[axis] <= clipped.maxFraction))
            return; // the next cell starts beyond the (clipped) end of the ray
        previous = cell;
        cell[axis] += step[axis];
        tMax[axis] += tDelta[axis];
    }
}

} // namespace vox
