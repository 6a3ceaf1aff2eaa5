#pragma once
/// @file
/// `PairTracker`: begin and end touch events on top of any `Broadphase`, like Box2D v3's
/// `b2ContactBeginTouchEvent` / `b2ContactEndTouchEvent`.
///
/// `updatePairs` reports the touching pairs that involve a proxy created, moved or re-filtered since the last
/// step; a pair whose members stayed put still touches but is not reported again. The tracker keeps the set
/// of touching pairs from step to step and, each step, tells which pairs **began** touching (their tight
/// boxes overlap now and did not at the last step) and which **ended** (they did, and do not now, or a
/// member was destroyed):
/// @code
///   vox::PairTracker tracker;
///   for (;;) {                                           // once per fixed step, after the moves
///       tracker.update(tree);                            // instead of tree.updatePairs(...)
///       for (const vox::TouchPair& pair : tracker.began())
///           startContact(pair.userDataA, pair.userDataB);
///       for (const vox::TouchPair& pair : tracker.ended())
///           endContact(pair.userDataA, pair.userDataB);
///   }
/// @endcode
/// How: `update` asks the broadphase which proxies changed (`forEachMovedSlot`) before its `updatePairs`.
/// The tracked pairs of those proxies that `updatePairs` does not report again have ended; reported pairs not
/// tracked yet have begun; every other tracked pair still touches (neither member changed). The pairs are
/// indexed per proxy slot (intrusive lists) and by key (a hash table), so a step costs time in proportion to
/// the changed proxies, their pairs and the pairs reported, never a pass over every touching pair.
///
/// Rules. Call `update` instead of the broadphase's `updatePairs`, every step, with the same broadphase
/// (a step whose `updatePairs` the tracker did not see leaves it wrong). The events of a step are sorted by
/// the pair's slots (`a.index()`, then `b.index()`) and kept until the next `update`. A pair of a destroyed
/// proxy ends with its handles as they were (stale now: do not give them to the broadphase) and the user
/// data captured when the pair began. Memory: about 100 bytes per touching pair, and 16 per proxy slot.

#include "vox/broadphase/broadphase.h"
#include "vox/broadphase/proxy_id.h"

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace vox {

/// A pair of touching proxies, as `PairTracker` reports it: `a.index() < b.index()`, with the user data of
/// each (as given to the broadphase).
struct TouchPair {
    ProxyId a;              ///< The proxy with the lower slot.
    ProxyId b;              ///< The proxy with the higher slot.
    uint64_t userDataA = 0; ///< `a`'s user data.
    uint64_t userDataB = 0; ///< `b`'s user data.
};

namespace detail {
/// An open-addressing hash table (linear probing, backward-shift deletion) from a pair's key (the two slots)
/// to the index of its entry: `PairTracker`'s lookup of a reported pair. Engine-internal.
class PairKeyMap {
public:
    /// Returned by `find` for a key that is absent.
    static constexpr uint32_t kAbsent = ~uint32_t{0};
    /// The value stored for `key`, or `kAbsent`.
    [[nodiscard]] uint32_t find(uint64_t key) const;
    /// Stores `value` for `key`, which must be absent.
    void insert(uint64_t key, uint32_t value);
    /// Removes `key`, which must be present.
    void erase(uint64_t key);
    /// Removes every key.
    void clear();
    /// Heap bytes held.
    [[nodiscard]] size_t memoryBytes() const { return m_cells.capacity() * sizeof(Cell); }

private:
    static constexpr uint64_t kEmpty = ~uint64_t{0}; // never a key: slots are below 2^31
    struct Cell {
        uint64_t key = kEmpty;
        uint32_t value = 0;
    };
    [[nodiscard]] size_t home(uint64_t key) const;
    void grow();
    std::vector<Cell> m_cells; ///< A power of two in size, at most half full; empty before the first key.
    size_t m_count = 0;
};
} // namespace detail

/// Begin and end touch events over any `Broadphase` (see the file comment). Not thread-safe.
class PairTracker {
public:
    /// One step: asks `broadphase` which proxies changed, calls its `updatePairs` (passing every pair on to
    /// `onPair`, in the form it takes, as `updatePairs` would), and records which tracked pairs began and
    /// ended touching since the last `update` (`began()`, `ended()`). Call it instead of
    /// `broadphase.updatePairs`, once per step, always with the same broadphase.
    template <Broadphase B, PairCallback F = detail::IgnorePair>
    void update(B& broadphase, F&& onPair = {});

    /// The pairs that began touching at the last `update`, sorted by (`a.index()`, `b.index()`).
    [[nodiscard]] std::span<const TouchPair> began() const { return m_began; }
    /// The pairs that ended touching at the last `update` (a member moved apart, was re-filtered or was
    /// destroyed), sorted by (`a.index()`, `b.index()`). A destroyed member's handle is stale; the user data
    /// are those captured when the pair began.
    [[nodiscard]] std::span<const TouchPair> ended() const { return m_ended; }
    /// Pairs touching now (as of the last `update`).
    [[nodiscard]] int32_t pairCount() const { return static_cast<int32_t>(m_pairCount); }
    /// True when `a` and `b` (either order) touched at the last `update`.
    [[nodiscard]] bool isTouching(ProxyId a, ProxyId b) const;
    /// Forgets every pair (no events): for a broadphase emptied or replaced.
    void clear();
    /// Heap bytes held: the pairs, their indexes and the events of the last step.
    [[nodiscard]] size_t memoryBytes() const;

private:
    static constexpr uint32_t kNone = ~uint32_t{0};
    /// A touching pair, linked into the lists of both its slots (side 0: `pair.a`'s, side 1: `pair.b`'s).
    struct Entry {
        TouchPair pair;
        uint32_t next[2] = {kNone, kNone};
        uint32_t prev[2] = {kNone, kNone};
        uint32_t step = 0; ///< The last step that confirmed it (reported it, or made it).
    };
    /// Per slot: the handle the tracker knows there, the head of its list of pairs, and the step that last
    /// listed it as changed.
    struct SlotRecord {
        ProxyId handle{};
        uint32_t firstPair = kNone;
        uint32_t changedStep = 0;
    };

    void beginStep();
    void noteChanged(int32_t slot);
    /// Ends every pair of `slot` (a destroyed proxy's).
    void endAllPairsOf(int32_t slot);
    /// A pair reported by `updatePairs`: confirmed if tracked, else tracked and recorded as begun.
    void touch(ProxyId a, ProxyId b, uint64_t userDataA, uint64_t userDataB);
    /// Ends the pairs of the changed slots that this step did not confirm, and sorts the events.
    void finishStep();
    void removeEntry(uint32_t entry);
    [[nodiscard]] static uint64_t keyOf(int32_t lowSlot, int32_t highSlot) {
        return uint64_t{static_cast<uint32_t>(lowSlot)} << 32 | static_cast<uint32_t>(highSlot);
    }

    std::vector<Entry> m_entries;    ///< Pair storage; free entries chained through next[0].
    uint32_t m_freeEntry = kNone;    ///< The first free entry.
    size_t m_pairCount = 0;          ///< Entries in use.
    detail::PairKeyMap m_keys;       ///< Pair key -> entry.
    std::vector<SlotRecord> m_slots; ///< Per slot of the broadphase, grown as slots appear.
    std::vector<int32_t> m_changed;  ///< Slots changed this step, once each.
    std::vector<TouchPair> m_began;  ///< Events of the last step.
    std::vector<TouchPair> m_ended;  ///< Events of the last step.
    uint32_t m_step = 0;             ///< Steps so far (entries and slots stamp it).
};

// --- Template members --------------------------------------------------------------------------------------

template <Broadphase B, PairCallback F>
void PairTracker::update(B& broadphase, F&& onPair) {
    beginStep();
    broadphase.forEachMovedSlot([this](int32_t slot) { noteChanged(slot); });
    // A changed slot whose known handle is no longer valid held a proxy destroyed since: its pairs end
    // (before the slot's new occupant, if any, makes pairs under the same slot).
    for (const int32_t slot : m_changed) {
        const SlotRecord& record = m_slots[static_cast<size_t>(slot)];
        if (record.firstPair != kNone && !broadphase.isValid(record.handle))
            endAllPairsOf(slot);
    }
    broadphase.updatePairs([&](ProxyId a, ProxyId b, uint64_t userDataA, uint64_t userDataB) {
        touch(a, b, userDataA, userDataB);
        if constexpr (PairCallbackWithUserData<F>)
            onPair(a, b, userDataA, userDataB);
        else
            onPair(a, b);
    });
    finishStep();
}

} // namespace vox
