#pragma once
/// @file
/// `BruteForceBroadphase`: the reference every other broadphase is tested against. It tests each moved proxy
/// against every other one, so it is O(moved x N) per step: obviously right, and fine up to a few hundred
/// proxies.

#include "vox/broadphase/broadphase.h"

#include <cstdint>
#include <vector>

namespace vox {

/// Proxies in flat arrays, pairs and queries by exhaustive tight-box tests. Satisfies `Broadphase`.
class BruteForceBroadphase {
public:
    /// Adds a proxy with tight box `box`. Fails (with a message naming the box) when the box has a NaN or
    /// infinite coordinate or min > max on some axis.
    [[nodiscard]] Result<ProxyId> createProxy(const Aabb& box, uint32_t userData,
                                              ProxyType type = ProxyType::Dynamic);
    /// Removes a proxy; false for a stale or unknown handle (asserts in debug).
    bool destroyProxy(ProxyId id);
    /// Replaces the proxy's box and marks it moved; `displacement` is ignored (tight boxes need no
    /// prediction). False, with nothing changed, for a stale handle (asserts in debug) or an invalid box.
    bool moveProxy(ProxyId id, const Aabb& box, const glm::vec3& displacement = glm::vec3(0.0f));

    /// Reports every overlapping pair involving a proxy created or moved since the last call (see
    /// broadphase.h), then clears the moved marks.
    template <PairCallback F>
    void updatePairs(F&& onPair);
    /// Calls `onHit` for every proxy whose box overlaps `box`, in slot order, until it returns false.
    template <QueryCallback F>
    void queryBox(const Aabb& box, F&& onHit) const;
    /// Calls `onHit` for every proxy whose box contains `point`, until it returns false.
    template <QueryCallback F>
    void queryPoint(const glm::vec3& point, F&& onHit) const;
    /// Calls `onHit` for every proxy whose box the ray enters before its current end (see `RayCallback`).
    template <RayCallback F>
    void queryRay(const Ray& ray, F&& onHit) const;

    /// True when `id` names a live proxy.
    [[nodiscard]] bool isValid(ProxyId id) const;
    /// The user data given at creation; 0 for a stale handle (asserts in debug).
    [[nodiscard]] uint32_t userData(ProxyId id) const;
    /// The stored (tight) box; an empty box at the origin for a stale handle (asserts in debug).
    [[nodiscard]] Aabb box(ProxyId id) const;
    /// Number of live proxies.
    [[nodiscard]] int32_t proxyCount() const { return m_proxyCount; }

private:
    struct Slot {
        Aabb box;
        uint32_t userData = 0;
        uint32_t generation = 1;
        ProxyType type = ProxyType::Dynamic;
        bool alive = false;
        bool moved = false; ///< Queued in m_moved (created or moved since the last updatePairs).
        int32_t nextFree = -1;
    };

    [[nodiscard]] bool check(ProxyId id) const;
    [[nodiscard]] ProxyId handle(int32_t index) const { return {index + 1, m_slots[index].generation}; }

    std::vector<Slot> m_slots;
    std::vector<int32_t> m_moved; ///< Slots marked moved since the last `updatePairs`.
    int32_t m_freeList = -1;
    int32_t m_proxyCount = 0;
};

template <PairCallback F>
void BruteForceBroadphase::updatePairs(F&& onPair) {
    const int32_t slotCount = static_cast<int32_t>(m_slots.size());
    for (int32_t i : m_moved) {
        const Slot& a = m_slots[i];
        if (!a.alive)
            continue; // destroyed after moving
        for (int32_t j = 0; j < slotCount; ++j) {
            const Slot& b = m_slots[j];
            // Two moved proxies meet twice; keep the meeting where the lower slot asks.
            if (j == i || !b.alive || (b.moved && j < i))
                continue;
            if (a.type == ProxyType::Static && b.type == ProxyType::Static)
                continue;
            if (overlaps(a.box, b.box))
                onPair(handle(i), handle(j));
        }
    }
    for (int32_t i : m_moved)
        m_slots[i].moved = false;
    m_moved.clear();
}

template <QueryCallback F>
void BruteForceBroadphase::queryBox(const Aabb& box, F&& onHit) const {
    for (int32_t i = 0; i < static_cast<int32_t>(m_slots.size()); ++i)
        if (m_slots[i].alive && overlaps(m_slots[i].box, box) && !onHit(handle(i)))
            return;
}

template <QueryCallback F>
void BruteForceBroadphase::queryPoint(const glm::vec3& point, F&& onHit) const {
    for (int32_t i = 0; i < static_cast<int32_t>(m_slots.size()); ++i)
        if (m_slots[i].alive && contains(m_slots[i].box, point) && !onHit(handle(i)))
            return;
}

template <RayCallback F>
void BruteForceBroadphase::queryRay(const Ray& ray, F&& onHit) const {
    Ray clipped = ray;
    for (int32_t i = 0; i < static_cast<int32_t>(m_slots.size()); ++i) {
        float fraction = 0.0f;
        if (!m_slots[i].alive || !raycast(m_slots[i].box, clipped, fraction))
            continue;
        clipped.maxFraction = static_cast<float>(onHit(handle(i), fraction));
        if (clipped.maxFraction <= 0.0f)
            return;
    }
}

} // namespace vox
