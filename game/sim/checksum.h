#pragma once
// The checksum the run formats (the .vir file, the share code) end with.

#include <cstdint>
#include <span>

namespace invaders {

/// FNV-1a, 32 bits, of `bytes`: catches a changed, lost or swapped byte in a file or a copied code (not
/// tampering, which the replay itself shows by ending on another state).
[[nodiscard]] inline uint32_t fnv1a32(std::span<const uint8_t> bytes) {
    uint32_t hash = 0x811C9DC5u;
    for (uint8_t byte : bytes) {
        hash ^= byte;
        hash *= 0x01000193u;
    }
    return hash;
}

} // namespace invaders
