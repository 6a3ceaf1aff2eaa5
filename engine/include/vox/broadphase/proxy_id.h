#pragma once
/// @file
/// `ProxyId`: the handle a broadphase gives back for each object it tracks.

#include <cstdint>

namespace vox {

/// Handle of a proxy in a broadphase: a slot index plus the generation of that slot. Destroying a proxy
/// bumps the slot's generation, so an old handle to a reused slot is recognised as stale instead of silently
/// reaching the new occupant. A value-initialised `ProxyId{}` is the null handle.
struct ProxyId {
    int32_t index1 = 0;      ///< Slot index + 1; 0 means null.
    uint32_t generation = 0; ///< Generation of the slot when the handle was made.

    /// True for the null handle.
    [[nodiscard]] constexpr bool isNull() const { return index1 == 0; }
    /// The slot index (only meaningful when not null).
    [[nodiscard]] constexpr int32_t index() const { return index1 - 1; }
    /// Same slot and same generation.
    friend constexpr bool operator==(ProxyId a, ProxyId b) = default;
};

namespace detail {
/// Reports a null, stale or unknown handle given to `call` (e.g. "DynamicAabbTree::moveProxy") to the
/// assert handler (vox/core/assert.h), naming the call and the handle. Returns when the handler returned
/// false, so that the call can do nothing and return false, 0 or an empty box; aborts when it returned true.
/// Out of line, so that the inline checks calling it mean the same whatever `NDEBUG` their includer uses;
/// cold, so that the compiler keeps those checks' common path straight (it is in every `userData` call).
[[gnu::cold]] void reportStaleProxy(const char* call, ProxyId id);
/// `reportStaleProxy(call, ProxyId{index1, generation})`, for inline checks: given the two fields, the
/// compiler computes them on the failure path alone. A whole `ProxyId` (both fields packed in one register)
/// was built on the common path of every inlined check, which needs only the index: about 2 % more
/// instructions on the benchmark's swarms (docs/benchmarks.md).
[[gnu::cold]] void reportStaleProxyFields(const char* call, int32_t index1, uint32_t generation);
} // namespace detail

/// How a proxy takes part in pair finding. Two static proxies never form a pair (walls do not collide with
/// walls), so a scene's static parts cost nothing in `updatePairs`.
enum class ProxyType : uint8_t {
    Dynamic, ///< Moves, or may move: pairs with everything.
    Static,  ///< Never expected to move: pairs with dynamic proxies only.
};

} // namespace vox
