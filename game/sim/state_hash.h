#pragma once
// `StateHasher`: 64-bit FNV-1a over a canonical serialisation. Values are fed as fixed-width
// little-endian integers whatever the host, so the same state hashes the same on every build.

#include <concepts>
#include <cstdint>
#include <span>
#include <type_traits>

namespace invaders {

/// Accumulates a 64-bit FNV-1a hash.
class StateHasher {
public:
    /// Feeds one byte.
    void byte(uint8_t value) {
        m_hash ^= value;
        m_hash *= 0x100000001B3ull;
    }
    /// Feeds an integer, bool or enum as 8 little-endian bytes (so int32 -1 and int64 -1 agree).
    template <class T>
    requires std::integral<T> || std::is_enum_v<T>
    void value(T v) {
        uint64_t bits;
        if constexpr (std::is_enum_v<T>)
            bits = static_cast<uint64_t>(static_cast<std::underlying_type_t<T>>(v));
        else
            bits = static_cast<uint64_t>(v);
        for (int i = 0; i < 8; ++i)
            byte(static_cast<uint8_t>(bits >> (8 * i)));
    }
    /// Feeds each word of `words`.
    void words(std::span<const uint64_t> words) {
        value(words.size());
        for (uint64_t word : words)
            value(word);
    }
    /// The hash so far.
    [[nodiscard]] uint64_t digest() const { return m_hash; }

private:
    uint64_t m_hash = 0xCBF29CE484222325ull;
};

} // namespace invaders
