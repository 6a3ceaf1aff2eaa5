#pragma once
// A small open-addressing hash set of pair keys (linear probing, backward-shift deletion). The Box2D peer
// uses it to play the part of b2ContactManager's "does this contact exist" check, as cheaply as Box2D's own
// walk of a body's contact list, so the peer is not slowed by a poor container.

#include <cstddef>
#include <cstdint>
#include <vector>

namespace bench {

class PairSet {
public:
    /// Inserts `key` (never the reserved 0); returns false when it was present.
    bool insert(uint64_t key) {
        if ((m_count + 1) * 2 > m_slots.size())
            grow();
        size_t i = slotOf(key);
        while (m_slots[i] != 0) {
            if (m_slots[i] == key)
                return false;
            i = (i + 1) & (m_slots.size() - 1);
        }
        m_slots[i] = key;
        ++m_count;
        return true;
    }
    /// Removes `key` if present.
    void erase(uint64_t key) {
        if (m_slots.empty())
            return;
        const size_t mask = m_slots.size() - 1;
        size_t i = slotOf(key);
        while (m_slots[i] != key) {
            if (m_slots[i] == 0)
                return;
            i = (i + 1) & mask;
        }
        // Shift back later entries of the probe run so lookups never stop early at the hole.
        size_t hole = i;
        for (size_t j = (i + 1) & mask; m_slots[j] != 0; j = (j + 1) & mask) {
            const size_t home = slotOf(m_slots[j]);
            if (((j - home) & mask) >= ((j - hole) & mask)) {
                m_slots[hole] = m_slots[j];
                hole = j;
            }
        }
        m_slots[hole] = 0;
        --m_count;
    }
    [[nodiscard]] size_t size() const { return m_count; }
    [[nodiscard]] size_t memoryBytes() const { return m_slots.capacity() * sizeof(uint64_t); }

private:
    [[nodiscard]] size_t slotOf(uint64_t key) const {
        key ^= key >> 33;
        key *= 0xFF51AFD7ED558CCDull;
        key ^= key >> 33;
        return static_cast<size_t>(key) & (m_slots.size() - 1);
    }
    void grow() {
        std::vector<uint64_t> old(m_slots.empty() ? 1024 : m_slots.size() * 2, 0);
        old.swap(m_slots);
        m_count = 0;
        for (uint64_t key : old)
            if (key != 0)
                insert(key);
    }

    std::vector<uint64_t> m_slots;
    size_t m_count = 0;
};

} // namespace bench
