#pragma once
/// @file
/// `detail::ProxySlotTable`: the proxy bookkeeping the two reference broadphases (`BruteForceBroadphase`,
/// `GridBroadphase`) share: slots with generations behind `ProxyId` handles, the free list of dead slots,
/// the list of slots created or moved since the last `updatePairs`, and the rule that makes each pair come
/// out once. Engine-internal (namespace `vox::detail`); in a public header only because the broadphases'
/// templates use it. `DynamicAabbTree` packs the same ideas into its own arrays (see its file comment).

#include "vox/broadphase/aabb.h"
#include "vox/broadphase/proxy_id.h"
#include "vox/core/assert.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace vox::detail {

/// No fields beyond those every slot has.
struct NoSlotExtra {};

/// One proxy slot: the broadphase's own fields (`Extra`, first), the tight box, user data and type, and
/// the table's bookkeeping.
template <class Extra>
struct ProxySlot : Extra {
    Aabb box;                            ///< The last tight box given.
    uint32_t userData = 0;               ///< Given at creation.
    uint32_t generation = 1;             ///< Bumped when the proxy is destroyed: older handles are stale.
    ProxyType type = ProxyType::Dynamic; ///< Static proxies never pair with each other.
    bool alive = false;                  ///< Holds a proxy (else it is on the free list).
    bool moved = false;                  ///< In the moved list (created or moved since the last pairs).
    int32_t nextFree = -1;               ///< The next dead slot on the free list; -1: the end.
};

/// Proxy slots in one flat array, indexed by `ProxyId::index()`; see the file comment. `Extra` adds the
/// broadphase's own fields to every slot.
template <class Extra = NoSlotExtra>
class ProxySlotTable {
public:
    using Slot = ProxySlot<Extra>;

    /// An empty table; `owner` names the broadphase in the assertion a stale handle fails.
    explicit ProxySlotTable(const char* owner)
        : m_staleHandle(std::string(owner) +
                        ": stale or unknown ProxyId (destroyed, or from another broadphase)") {}

    /// Takes a dead slot (the most recently freed) or a new one, stores the proxy there, marks it moved and
    /// returns its index.
    int32_t add(const Aabb& box, uint32_t userData, ProxyType type) {
        int32_t index = m_freeList;
        if (index >= 0) {
            m_freeList = m_slots[index].nextFree;
        } else {
            index = static_cast<int32_t>(m_slots.size());
            m_slots.emplace_back();
        }
        Slot& slot = m_slots[index];
        slot.box = box;
        slot.userData = userData;
        slot.type = type;
        slot.alive = true;
        slot.nextFree = -1;
        markMoved(index); // a slot freed and taken again in one step is already listed
        ++m_liveCount;
        return index;
    }
    /// Frees the live slot `index`: its handles become stale. It stays in the moved list if it was there
    /// (`takeMoved` skips dead slots).
    void remove(int32_t index) {
        Slot& slot = m_slots[index];
        slot.alive = false;
        ++slot.generation;
        slot.nextFree = m_freeList;
        m_freeList = index;
        --m_liveCount;
    }
    /// Lists slot `index` as moved, once until the next `takeMoved`.
    void markMoved(int32_t index) {
        Slot& slot = m_slots[index];
        if (!slot.moved) {
            slot.moved = true;
            m_moved.push_back(index);
        }
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
    /// another live slot, the two are not both static, their boxes overlap, and this is the one meeting of
    /// the two that reports them (two moved slots meet twice; the lower slot reports).
    [[nodiscard]] static bool reportsPair(const Slot& a, int32_t i, const Slot& b, int32_t j) {
        if (j == i || !b.alive || (b.moved && j < i))
            return false;
        if (a.type == ProxyType::Static && b.type == ProxyType::Static)
            return false;
        return overlaps(a.box, b.box);
    }
    /// Calls `onPair(handle(i), handle(j))` for every slot `j` that `reportsPair` accepts: the moved slot
    /// `i` against all others.
    template <class F>
    void pairWithEveryOther(int32_t i, F&& onPair) const {
        // The slot array and its size read once: the callback could otherwise make the compiler reload them
        // for every slot.
        const Slot* slots = m_slots.data();
        const int32_t count = slotCount();
        const Slot& a = slots[i];
        for (int32_t j = 0; j < count; ++j)
            if (reportsPair(a, i, slots[j], j))
                onPair(handle(i), handle(j));
    }
    /// Calls `onHit(handle(j))` for every live slot whose box overlaps `box`, in slot order, until it returns
    /// false; returns false when stopped that way.
    template <class F>
    bool queryEvery(const Aabb& box, F&& onHit) const {
        for (int32_t j = 0; j < slotCount(); ++j)
            if (m_slots[j].alive && overlaps(m_slots[j].box, box) && !onHit(handle(j)))
                return false;
        return true;
    }

    /// True when `id` names a live slot.
    [[nodiscard]] bool isValid(ProxyId id) const {
        const int32_t index = id.index();
        return !id.isNull() && index < slotCount() && m_slots[index].alive &&
               m_slots[index].generation == id.generation;
    }
    /// `isValid(id)`, asserting (in debug builds) that it is: a stale handle is a programmer error.
    [[nodiscard]] bool check(ProxyId id) const {
        const bool valid = isValid(id);
        VOX_ASSERT(valid, m_staleHandle.c_str());
        return valid;
    }
    /// The handle of slot `index` as it is now.
    [[nodiscard]] ProxyId handle(int32_t index) const { return {index + 1, m_slots[index].generation}; }
    /// The user data of a live proxy; 0 for a stale handle (asserts in debug).
    [[nodiscard]] uint32_t userData(ProxyId id) const {
        return check(id) ? m_slots[id.index()].userData : 0u;
    }

    /// Slot `index`, live or dead.
    [[nodiscard]] Slot& operator[](int32_t index) { return m_slots[static_cast<size_t>(index)]; }
    /// Slot `index`, live or dead.
    [[nodiscard]] const Slot& operator[](int32_t index) const { return m_slots[static_cast<size_t>(index)]; }
    /// Slots, live and dead.
    [[nodiscard]] int32_t slotCount() const { return static_cast<int32_t>(m_slots.size()); }
    /// Live slots.
    [[nodiscard]] int32_t liveCount() const { return m_liveCount; }
    /// Heap bytes held by the slots and the moved list.
    [[nodiscard]] size_t memoryBytes() const {
        return m_slots.capacity() * sizeof(Slot) + m_moved.capacity() * sizeof(int32_t);
    }

private:
    std::vector<Slot> m_slots;
    std::vector<int32_t> m_moved; ///< Slots marked moved since the last `takeMoved`, once each.
    int32_t m_freeList = -1;
    int32_t m_liveCount = 0;
    std::string m_staleHandle; ///< The assertion message of `check`.
};

} // namespace vox::detail
