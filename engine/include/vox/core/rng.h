#pragma once
/// @file
/// `Rng`: the engine's deterministic random number generator (SplitMix64).
///
/// Small, fast and fully specified, so that the same seed gives the same sequence on every compiler,
/// build type and platform. The benchmark workloads (docs/benchmarks.md) and the game's simulation both
/// use it; never use `rand()` or `<random>` distributions in simulation code (their output is
/// implementation-defined).

#include <cstdint>

namespace vox {

/// SplitMix64: state += 0x9E3779B97F4A7C15; output is the mixed state.
class Rng {
public:
    /// Starts the sequence at `seed`.
    explicit constexpr Rng(uint64_t seed = 0) : m_state(seed) {}

    /// Next 64 random bits.
    constexpr uint64_t next() {
        m_state += 0x9E3779B97F4A7C15ull;
        uint64_t z = m_state;
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    }

    /// Uniform double in [0, 1) from the top 53 bits.
    constexpr double nextDouble() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

    /// Uniform float in [lo, hi).
    constexpr float uniform(float lo, float hi) {
        return lo + static_cast<float>(nextDouble() * static_cast<double>(hi - lo));
    }

    /// Uniform integer in [0, bound); `bound` must be > 0. Multiply-shift, no modulo bias worth noting
    /// for bounds far below 2^32.
    constexpr uint32_t below(uint32_t bound) {
        return static_cast<uint32_t>(((next() >> 32) * static_cast<uint64_t>(bound)) >> 32);
    }

    /// The current state, for saving and state hashes.
    [[nodiscard]] constexpr uint64_t state() const { return m_state; }

private:
    uint64_t m_state;
};

} // namespace vox
