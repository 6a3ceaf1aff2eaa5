#pragma once
/// @file
/// `BruteForceBroadphase`: the reference every other broadphase is tested against. It tests each moved proxy
/// against every other one, so it is O(moved x N) per step: obviously right, and fine up to a few hundred
/// proxies.

#include "vox/broadphase/broadphase.h"
#include "vox/broadphase/proxy_slot_table.h"

#include <cstdint>

namespace vox {

/// Proxies in flat arrays, pairs and queries by exhaustive tight-box tests. Satisfies `Broadphase`.
class BruteForceBroadphase {
public:
    /// Adds a proxy with tight box `box` and filter `filter`. Fails (with a message naming the box) when the
    /// box has a NaN or infinite coordinate or min > max on some axis.
    /// `userData` is yours: a pointer or an index, as you like.
    [[nodiscard]] Result<ProxyId> createProxy(const Aabb& box, uint64_t userData,
                                              ProxyType type = ProxyType::Dynamic,
                                              const ProxyFilter& filter = {});
    /// Removes a proxy; false for a stale or unknown handle (reported, see broadphase.h).
    bool destroyProxy(ProxyId id);
    /// Replaces the proxy's box and marks it moved; `displacement` is ignored (tight boxes need no
    /// prediction). False, with nothing changed, for a stale handle (reported, see broadphase.h) or an
    /// invalid box.
    bool moveProxy(ProxyId id, const Aabb& box, const glm::vec3& displacement = glm::vec3(0.0f));

    /// Reports every overlapping pair whose filters accept each other involving a proxy created, moved or
    /// re-filtered since the last call (see broadphase.h), then clears the moved marks.
    template <PairCallback F>
    void updatePairs(F&& onPair);
    /// Calls `onHit` for every proxy whose box overlaps `box` and whose category is in `queryMask`, in slot
    /// order, until it returns false.
    template <QueryCallback F>
    void queryBox(const Aabb& box, F&& onHit, uint64_t queryMask = kAllCategories) const;
    /// Calls `onHit` for every proxy whose box contains `point` and whose category is in `queryMask`, until
    /// it returns false.
    template <QueryCallback F>
    void queryPoint(const glm::vec3& point, F&& onHit, uint64_t queryMask = kAllCategories) const;
    /// Calls `onHit` for every proxy whose box the ray enters before its current end and whose category is
    /// in `queryMask` (see `RayCallback`).
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

private:
    detail::ProxySlotTable<> m_slots;
};

template <PairCallback F>
void BruteForceBroadphase::updatePairs(F&& onPair) {
    m_slots.takeMoved([&](int32_t moved) { m_slots.pairWithEveryOther(moved, onPair); });
}

template <QueryCallback F>
void BruteForceBroadphase::queryBox(const Aabb& box, F&& onHit, uint64_t queryMask) const {
    m_slots.queryEvery(box, onHit, queryMask);
}

template <QueryCallback F>
void BruteForceBroadphase::queryPoint(const glm::vec3& point, F&& onHit, uint64_t queryMask) const {
    // Closed boxes: containing a point is overlapping it.
    m_slots.queryEvery(Aabb{point, point}, onHit, queryMask);
}

template <RayCallback F>
void BruteForceBroadphase::queryRay(const Ray& ray, F&& onHit, uint64_t queryMask) const {
    Ray clipped = ray;
    for (int32_t i = 0; i < m_slots.slotCount(); ++i) {
        float fraction = 0.0f;
        if (!m_slots[i].alive || !m_slots.acceptsQuery(i, queryMask) ||
            !raycast(m_slots[i].box, clipped, fraction))
            continue;
        clipped.maxFraction = m_slots.reportRayHit(onHit, i, fraction);
        if (clipped.maxFraction <= 0.0f)
            return;
    }
}

} // namespace vox
