#pragma once
/// @file
/// `detail::ProxySlotTable`: the proxy bookkeeping the two reference broadphases (`BruteForceBroadphase`,
/// `GridBroadphase`) share: slots with generations behind `ProxyId` handles, the free list of dead slots,
/// the list of slots created, moved, re-filtered or destroyed since the last `updatePairs`, the proxies'
/// filters, and the rule that makes each pair come out once. Engine-internal (namespace `vox::detail`); in a
/// public header only because the broadphases' templates use it. `DynamicAabbTree` packs the same ideas into
/// its own arrays (see its file comment).

#include "vox/broadphase/aabb.h"
#include "vox/broadphase/broadphase.h"
#include "vox/broadphase/proxy_filter.h"
#include "vox/broadphase/proxy_id.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace vox::detail {

/// No fields beyond those every slot has.
struct NoSlotExtra {};

/// One proxy slot: the broadphase's own fields (`Extra`, first), the tight box and type, and the table's
/// bookkeeping. The user data live apart (`ProxySlotTable`): the exhaustive passes scan the slots and never
/// read them, so 64-bit user data cost those scans nothing. Aligned to 8 bytes, which makes the grid's slot
/// 64 bytes: a shift indexes it (60 bytes cost its bucket scans 5 % more instructions in W1).
template <class Extra>
struct alignas(8) ProxySlot : Extra {
    Aabb box;                            ///< The last tight box given.
    uint32_t generation = 1;             ///< Bumped when the proxy is destroyed: older handles are stale.
    ProxyType type = ProxyType::Dynamic; ///< Static proxies never pair with each other.
    bool alive = false;                  ///< Holds a proxy (else it is on the free list).
    bool moved = false;                  ///< In the moved list (changed since the last pairs).
    int32_t nextFree = -1;               ///< The next dead slot on the free list; -1: the end.
};

/// Proxy slots in one flat array, indexed by `ProxyId::index()`; see the file comment. `Extra` adds the
/// broadphase's own fields to every slot.
template <class Extra = NoSlotExtra>
class ProxySlotTable {
public:
    using Slot = ProxySlot<Extra>;

    /// Takes a dead slot (the most recently freed) or a new one, stores the proxy there, marks it moved and
    /// returns its index.
    int32_t add(const Aabb& box, uint64_t userData, ProxyType type, const ProxyFilter& filter = {}) {
        int32_t index = m_freeList;
        if (index >= 0) {
            m_freeList = m_slots[index].nextFree;
        } else {
            index = static_cast<int32_t>(m_slots.size());
            m_slots.emplace_back();
            m_userData.emplace_back();
        }
        m_userData[static_cast<size_t>(index)] = userData;
        Slot& slot = m_slots[index];
        slot.box = box;
        slot.type = type;
        slot.alive = true;
        slot.nextFree = -1;
        if (!m_filters.empty() || !filter.isDefault())
            storeFilter(index, filter);
        markMoved(index); // a slot freed and taken again in one step is already listed
        ++m_liveCount;
        return index;
    }
    /// Frees the live slot `index`: its handles become stale. It joins the moved list (`forEachMoved` lists
    /// it; `takeMoved` skips dead slots).
    void remove(int32_t index) {
        Slot& slot = m_slots[index];
        slot.alive = false;
        ++slot.generation;
        slot.nextFree = m_freeList;
        m_freeList = index;
        --m_liveCount;
        markMoved(index);
    }
    /// Gives the live slot `index` the filter `filter` and marks it moved, so that the next `updatePairs`
    /// re-evaluates its pairs; nothing when the filter is the same.
    void setFilter(int32_t index, const ProxyFilter& filter) {
        if (filterOf(index) == filter)
            return;
        storeFilter(index, filter);
        markMoved(index);
    }
    /// The filter of slot `index`.
    [[nodiscard]] ProxyFilter filterOf(int32_t index) const {
        return m_filters.empty() ? ProxyFilter{} : m_filters[static_cast<size_t>(index)];
    }
    /// True when a query with mask `queryMask` reports slot `index` (see `passesQuery`).
    [[nodiscard]] bool acceptsQuery(int32_t index, uint64_t queryMask) const {
        return m_filters.empty() ? (queryMask & kDefaultCategory) != 0
                                 : passesQuery(m_filters[static_cast<size_t>(index)], queryMask);
    }
    /// Lists slot `index` as moved, once until the next `takeMoved`.
    void markMoved(int32_t index) {
        Slot& slot = m_slots[index];
        if (!slot.moved) {
            slot.moved = true;
            m_moved.push_back(index);
        }
    }
    /// Calls `visit(index)` for every slot in the moved list (live or dead), in no particular order.
    template <class F>
    void forEachMoved(F&& visit) const {
        for (const int32_t index : m_moved)
            visit(index);
    }
    /// Calls `visit(index)` for every live slot created or moved since the last call, then clears the marks
    /// (they stay set during the visits, for `reportsPair`).
    template <class F>
    void takeMoved(F&& visit) {
        for (const int32_t index : m_moved)
            if (m_slots[index].alive)
                visit(index);
        for (const int32_t index : m_moved)
            m_slots[index].moved = false;
        m_moved.clear();
    }
    /// The pair rule of `updatePairs`, for the moved slot `i` (`a`) meeting slot `j` (`b`): true when `j` is
    /// another live slot, the two are not both static, their boxes overlap, their filters accept each other,
    /// and this is the one meeting of the two that reports them (two moved slots meet twice; the lower slot
    /// reports).
    [[nodiscard]] bool reportsPair(const Slot& a, int32_t i, const Slot& b, int32_t j) const {
        if (j == i || !b.alive || (b.moved && j < i))
            return false;
        if (a.type == ProxyType::Static && b.type == ProxyType::Static)
            return false;
        return overlaps(a.box, b.box) && (m_filters.empty() || canPair(m_filters[static_cast<size_t>(i)],
                                                                       m_filters[static_cast<size_t>(j)]));
    }
    /// Calls `onPair` for the pair of slots `i` and `j`: with their handles, and their user data when it
    /// takes them (`PairCallbackWithUserData`).
    template <class F>
    void reportPair(F& onPair, int32_t i, int32_t j) const {
        if constexpr (PairCallbackWithUserData<F>)
            onPair(handle(i), handle(j), m_userData[static_cast<size_t>(i)],
                   m_userData[static_cast<size_t>(j)]);
        else
            onPair(handle(i), handle(j));
    }
    /// Calls `onPair(handle(i), handle(j))` for every slot `j` that `reportsPair` accepts: the moved slot
    /// `i` against all others.
    template <class F>
    void pairWithEveryOther(int32_t i, F&& onPair) const {
        const int32_t count = slotCount();
        for (int32_t j = nextPartner(i, 0); j < count; j = nextPartner(i, j + 1))
            reportPair(onPair, i, j);
    }
    /// The first slot from `j` on that `reportsPair` accepts for the moved slot `i`; `slotCount()` when none.
    /// Never inlined into `pairWithEveryOther`: the scan then keeps its registers whatever the callback needs
    /// (inlined with it, the callback's code cost the scan spills, +13 to +17 % instructions in W1).
    [[gnu::noinline]] [[nodiscard]] int32_t nextPartner(int32_t i, int32_t j) const {
        // The slot array and its size read once, in registers for the whole scan.
        const Slot* slots = m_slots.data();
        const int32_t count = slotCount();
        const Slot& a = slots[i];
        for (; j < count; ++j)
            if (reportsPair(a, i, slots[j], j))
                return j;
        return count;
    }
    /// Calls `onHit` (see `reportHit`) for every live slot whose box overlaps `box` and which `queryMask`
    /// accepts, in slot order, until it returns false; returns false when stopped that way.
    template <class F>
    bool queryEvery(const Aabb& box, F&& onHit, uint64_t queryMask) const {
        for (int32_t j = 0; j < slotCount(); ++j)
            if (m_slots[j].alive && overlaps(m_slots[j].box, box) && acceptsQuery(j, queryMask) &&
                !reportHit(onHit, j))
                return false;
        return true;
    }
    /// Calls the query callback `onHit` for slot `j`: with its handle, and its user data when it takes them.
    template <class F>
    bool reportHit(F& onHit, int32_t j) const {
        return detail::reportHit(onHit, handle(j), m_userData[static_cast<size_t>(j)]);
    }
    /// Calls the ray callback `onHit` for slot `j`, entered at `fraction`; returns the new end of the ray.
    template <class F>
    float reportRayHit(F& onHit, int32_t j, float fraction) const {
        return detail::reportRayHit(onHit, handle(j), m_userData[static_cast<size_t>(j)], fraction);
    }

    /// True when `id` names a live slot.
    [[nodiscard]] bool isValid(ProxyId id) const {
        const int32_t index = id.index();
        return !id.isNull() && index < slotCount() && m_slots[static_cast<size_t>(index)].alive &&
               m_slots[static_cast<size_t>(index)].generation == id.generation;
    }
    /// `isValid(id)`, reporting a handle that is not (a programmer error) to the assert handler in every
    /// build, naming `call` (the broadphase's method): see `detail::reportStaleProxy`.
    [[nodiscard]] bool check(ProxyId id, const char* call) const {
        if (isValid(id)) [[likely]]
            return true;
        reportStaleProxy(call, id);
        return false;
    }
    /// The handle of slot `index` as it is now.
    [[nodiscard]] ProxyId handle(int32_t index) const { return {index + 1, m_slots[index].generation}; }
    /// The user data of a live proxy; 0 for a stale handle (reported, see `check`).
    [[nodiscard]] uint64_t userData(ProxyId id, const char* call) const {
        return check(id, call) ? m_userData[static_cast<size_t>(id.index())] : 0u;
    }
    /// The last tight box given to a live proxy; an empty box at the origin for a stale handle (reported, see
    /// `check`).
    [[nodiscard]] Aabb tightBox(ProxyId id, const char* call) const {
        return check(id, call) ? m_slots[id.index()].box : Aabb{};
    }

    /// Slot `index`, live or dead.
    [[nodiscard]] Slot& operator[](int32_t index) { return m_slots[static_cast<size_t>(index)]; }
    /// Slot `index`, live or dead.
    [[nodiscard]] const Slot& operator[](int32_t index) const { return m_slots[static_cast<size_t>(index)]; }
    /// Slots, live and dead.
    [[nodiscard]] int32_t slotCount() const { return static_cast<int32_t>(m_slots.size()); }
    /// Live slots.
    [[nodiscard]] int32_t liveCount() const { return m_liveCount; }
    /// Heap bytes held by the slots, their user data and filters, and the moved list.
    [[nodiscard]] size_t memoryBytes() const {
        return m_slots.capacity() * sizeof(Slot) + m_userData.capacity() * sizeof(uint64_t) +
               m_filters.capacity() * sizeof(ProxyFilter) + m_moved.capacity() * sizeof(int32_t);
    }

private:
    /// Stores a filter, first giving every slot the default one if none had a filter yet.
    void storeFilter(int32_t index, const ProxyFilter& filter) {
        m_filters.resize(m_slots.size());
        m_filters[static_cast<size_t>(index)] = filter;
    }

    std::vector<Slot> m_slots;
    std::vector<uint64_t> m_userData; ///< Per slot, given at creation.
    std::vector<int32_t> m_moved;     ///< Slots marked moved since the last `takeMoved`, once each.
    /// Per slot once any proxy was given a filter other than the default; empty before (all default).
    std::vector<ProxyFilter> m_filters;
    int32_t m_freeList = -1;
    int32_t m_liveCount = 0;
};

} // namespace vox::detail
