#include "vox/broadphase/pair_tracker.h"

#include "vox/core/assert.h"

#include <algorithm>
#include <tuple>

namespace vox {

// --- detail::PairKeyMap -----------------------------------------------------------------------------------

namespace detail {

size_t PairKeyMap::home(uint64_t key) const {
    // Fibonacci hashing: the top bits of the product, as many as the table has index bits.
    const uint64_t mixed = key * 0x9E3779B97F4A7C15ull;
    return static_cast<size_t>(mixed >> 32 ^ mixed) & (m_cells.size() - 1);
}

uint32_t PairKeyMap::find(uint64_t key) const {
    if (m_cells.empty())
        return kAbsent;
    const size_t mask = m_cells.size() - 1;
    for (size_t i = home(key);; i = (i + 1) & mask) {
        if (m_cells[i].key == key)
            return m_cells[i].value;
        if (m_cells[i].key == kEmpty)
            return kAbsent;
    }
}

void PairKeyMap::insert(uint64_t key, uint32_t value) {
    if (2 * (m_count + 1) > m_cells.size())
        grow();
    const size_t mask = m_cells.size() - 1;
    size_t i = home(key);
    while (m_cells[i].key != kEmpty) {
        VOX_ASSERT(m_cells[i].key != key, "PairKeyMap::insert: the key is present already");
        i = (i + 1) & mask;
    }
    m_cells[i] = {key, value};
    ++m_count;
}

void PairKeyMap::erase(uint64_t key) {
    const size_t mask = m_cells.size() - 1;
    size_t hole = home(key);
    while (m_cells[hole].key != key) {
        VOX_ASSERT(m_cells[hole].key != kEmpty, "PairKeyMap::erase: the key is absent");
        hole = (hole + 1) & mask;
    }
    // Backward shift: move later cells of the probe run into the hole when their home allows it, so that
    // lookups never stop early at it (no tombstones).
    for (size_t i = (hole + 1) & mask; m_cells[i].key != kEmpty; i = (i + 1) & mask) {
        const size_t want = home(m_cells[i].key);
        // The cell may move to the hole unless its home lies cyclically in (hole, i].
        const bool homeAfterHole = hole <= i ? (want > hole && want <= i) : (want > hole || want <= i);
        if (!homeAfterHole) {
            m_cells[hole] = m_cells[i];
            hole = i;
        }
    }
    m_cells[hole] = Cell{};
    --m_count;
}

void PairKeyMap::clear() {
    std::fill(m_cells.begin(), m_cells.end(), Cell{});
    m_count = 0;
}

void PairKeyMap::grow() {
    std::vector<Cell> old(std::max<size_t>(64, 2 * m_cells.size()));
    old.swap(m_cells);
    const size_t mask = m_cells.size() - 1;
    for (const Cell& cell : old) {
        if (cell.key == kEmpty)
            continue;
        size_t i = home(cell.key);
        while (m_cells[i].key != kEmpty)
            i = (i + 1) & mask;
        m_cells[i] = cell;
    }
}

} // namespace detail

// --- PairTracker -----------------------------------------------------------------------------------------

void PairTracker::beginStep() {
    ++m_step;
    m_began.clear();
    m_ended.clear();
    m_changed.clear();
}

void PairTracker::noteChanged(int32_t slot) {
    VOX_ASSERT(slot >= 0, "PairTracker: a broadphase listed a negative slot");
    if (static_cast<size_t>(slot) >= m_slots.size())
        m_slots.resize(static_cast<size_t>(slot) + 1);
    SlotRecord& record = m_slots[static_cast<size_t>(slot)];
    if (record.changedStep == m_step)
        return;
    record.changedStep = m_step;
    m_changed.push_back(slot);
}

void PairTracker::endAllPairsOf(int32_t slot) {
    uint32_t entry = m_slots[static_cast<size_t>(slot)].firstPair;
    while (entry != kNone) {
        const Entry& e = m_entries[entry];
        const uint32_t next = e.next[e.pair.a.index() == slot ? 0 : 1];
        m_ended.push_back(e.pair);
        removeEntry(entry);
        entry = next;
    }
}

void PairTracker::touch(ProxyId a, ProxyId b, uint64_t userDataA, uint64_t userDataB) {
    if (b.index() < a.index()) {
        std::swap(a, b);
        std::swap(userDataA, userDataB);
    }
    const uint64_t key = keyOf(a.index(), b.index());
    const uint32_t found = m_keys.find(key);
    if (found != detail::PairKeyMap::kAbsent) {
        VOX_ASSERT(m_entries[found].pair.a == a && m_entries[found].pair.b == b,
                   "PairTracker: a tracked pair's proxy was replaced without the tracker seeing the change "
                   "(was updatePairs called without the tracker?)");
        m_entries[found].step = m_step;
        return;
    }
    // A new pair: an entry at the head of both slots' lists.
    uint32_t entry = m_freeEntry;
    if (entry != kNone) {
        m_freeEntry = m_entries[entry].next[0];
    } else {
        entry = static_cast<uint32_t>(m_entries.size());
        m_entries.emplace_back();
    }
    Entry& e = m_entries[entry];
    e.pair = {a, b, userDataA, userDataB};
    e.step = m_step;
    const int32_t slots[2] = {a.index(), b.index()};
    const ProxyId handles[2] = {a, b};
    for (int side = 0; side < 2; ++side) {
        const auto slot = static_cast<size_t>(slots[side]);
        if (slot >= m_slots.size())
            m_slots.resize(slot + 1);
        SlotRecord& record = m_slots[slot];
        record.handle = handles[side];
        e.prev[side] = kNone;
        e.next[side] = record.firstPair;
        if (record.firstPair != kNone) {
            Entry& head = m_entries[record.firstPair];
            head.prev[head.pair.a.index() == slots[side] ? 0 : 1] = entry;
        }
        record.firstPair = entry;
    }
    m_keys.insert(key, entry);
    ++m_pairCount;
    m_began.push_back(e.pair);
}

void PairTracker::removeEntry(uint32_t entry) {
    Entry& e = m_entries[entry];
    const int32_t slots[2] = {e.pair.a.index(), e.pair.b.index()};
    for (int side = 0; side < 2; ++side) {
        const uint32_t prev = e.prev[side], next = e.next[side];
        if (prev != kNone) {
            Entry& p = m_entries[prev];
            p.next[p.pair.a.index() == slots[side] ? 0 : 1] = next;
        } else {
            m_slots[static_cast<size_t>(slots[side])].firstPair = next;
        }
        if (next != kNone) {
            Entry& n = m_entries[next];
            n.prev[n.pair.a.index() == slots[side] ? 0 : 1] = prev;
        }
    }
    m_keys.erase(keyOf(slots[0], slots[1]));
    e.next[0] = m_freeEntry;
    m_freeEntry = entry;
    --m_pairCount;
}

void PairTracker::finishStep() {
    // Every touching pair of a changed proxy was reported: its tracked pairs left unconfirmed have ended.
    for (const int32_t slot : m_changed) {
        uint32_t entry = m_slots[static_cast<size_t>(slot)].firstPair;
        while (entry != kNone) {
            const Entry& e = m_entries[entry];
            const uint32_t next = e.next[e.pair.a.index() == slot ? 0 : 1];
            if (e.step != m_step) {
                m_ended.push_back(e.pair);
                removeEntry(entry);
            }
            entry = next;
        }
    }
    const auto order = [](const TouchPair& x, const TouchPair& y) {
        return std::tie(x.a.index1, x.b.index1, x.a.generation, x.b.generation) <
               std::tie(y.a.index1, y.b.index1, y.a.generation, y.b.generation);
    };
    std::sort(m_began.begin(), m_began.end(), order);
    std::sort(m_ended.begin(), m_ended.end(), order);
}

bool PairTracker::isTouching(ProxyId a, ProxyId b) const {
    if (b.index() < a.index())
        std::swap(a, b);
    if (a.isNull() || b.isNull())
        return false;
    const uint32_t found = m_keys.find(keyOf(a.index(), b.index()));
    return found != detail::PairKeyMap::kAbsent && m_entries[found].pair.a == a &&
           m_entries[found].pair.b == b;
}

void PairTracker::clear() {
    m_entries.clear();
    m_freeEntry = kNone;
    m_pairCount = 0;
    m_keys.clear();
    m_slots.clear();
    m_changed.clear();
    m_began.clear();
    m_ended.clear();
}

size_t PairTracker::memoryBytes() const {
    return m_entries.capacity() * sizeof(Entry) + m_keys.memoryBytes() +
           m_slots.capacity() * sizeof(SlotRecord) + m_changed.capacity() * sizeof(int32_t) +
           (m_began.capacity() + m_ended.capacity()) * sizeof(TouchPair);
}

} // namespace vox
