#pragma once
/// @file
/// The contract shared by the engine's three broadphases (`DynamicAabbTree`, `BruteForceBroadphase`,
/// `GridBroadphase`), so that tests and benchmarks run the very same code over each.
///
/// Usage, once per fixed step:
/// @code
///   for (Body& body : bodies)                                // only the objects that moved
///       tree.moveProxy(body.proxy, body.aabb(), body.velocity() * dt);
///   tree.updatePairs([&](vox::ProxyId, vox::ProxyId, uint64_t a, uint64_t b) { narrowphase(a, b); });
/// @endcode
/// The callback may take the pair's two handles alone, `(ProxyId a, ProxyId b)`, or, as above, their user
/// data too, which spares it two `userData` calls (and their stale-handle checks) per pair. Query and ray
/// callbacks may likewise take the user data after the handle.
///
/// Filtering (all three, vox/broadphase/proxy_filter.h): every proxy has a `ProxyFilter` (category and mask
/// bits; the default pairs with everything), and `updatePairs` reports only pairs whose filters accept each
/// other. Queries take an optional mask and report only proxies whose category it has. `setFilter` counts
/// as a move: the proxy's pairs are re-evaluated (and those that pass reported) at the next `updatePairs`.
///
/// Pair semantics (all three): `updatePairs` reports, each exactly once and in no particular order, every
/// pair of proxies that are not both static, whose boxes overlap (closed boxes: touching counts), and at
/// least one of which was created or moved since the previous `updatePairs`. All three test the last tight
/// box given for each proxy, so they report the very same pairs. Queries test stored boxes (the tree's are
/// fat): the tree's answers are candidates for an exact test.

#include "vox/broadphase/aabb.h"
#include "vox/broadphase/proxy_filter.h"
#include "vox/broadphase/proxy_id.h"
#include "vox/core/result.h"

#include <concepts>
#include <cstdint>

namespace vox {

/// `void(ProxyId a, ProxyId b, uint64_t userDataA, uint64_t userDataB)`: receives one pair with both
/// proxies' user data, which spares the callback two `userData` calls (and their stale-handle checks) per
/// pair: the form to use where pairs are many.
template <class F>
concept PairCallbackWithUserData = std::invocable<F&, ProxyId, ProxyId, uint64_t, uint64_t>;

/// `void(ProxyId a, ProxyId b)`, or the form with user data above: receives one pair.
template <class F>
concept PairCallback = std::invocable<F&, ProxyId, ProxyId> || PairCallbackWithUserData<F>;

/// `bool(ProxyId, uint64_t userData)`: receives one proxy hit by a box or point query with its user data,
/// which spares the callback a `userData` call per hit; returns false to stop the query.
template <class F>
concept QueryCallbackWithUserData = std::predicate<F&, ProxyId, uint64_t>;

/// `bool(ProxyId)`, or the form with user data above: receives one proxy hit by a box or point query;
/// returns false to stop the query.
template <class F>
concept QueryCallback = std::predicate<F&, ProxyId> || QueryCallbackWithUserData<F>;

/// `float(ProxyId, uint64_t userData, float fraction)`: the `RayCallback` below with the proxy's user data
/// between the handle and the fraction.
template <class F>
concept RayCallbackWithUserData = requires(F& f, ProxyId id, uint64_t userData, float fraction) {
    { f(id, userData, fraction) } -> std::convertible_to<float>;
};

/// `float(ProxyId, float fraction)`, or the form with user data above: receives a proxy whose box the ray
/// enters at `fraction`; returns the new end of the ray (`fraction` to keep only nearer hits, the current end
/// to keep going, 0 to stop).
template <class F>
concept RayCallback = requires(F& f, ProxyId id, float fraction) {
    { f(id, fraction) } -> std::convertible_to<float>;
}
|| RayCallbackWithUserData<F>;

namespace detail {
struct IgnorePair {
    void operator()(ProxyId, ProxyId) const {}
};
struct AcceptHit {
    bool operator()(ProxyId) const { return true; }
};
struct KeepRay {
    float operator()(ProxyId, float) const { return 1.0f; }
};
struct IgnoreSlot {
    void operator()(int32_t) const {}
};
/// Calls a query callback with the hit's handle, and its user data when it takes them (the form with user
/// data wins for a callback that takes either).
template <class F>
bool reportHit(F& onHit, ProxyId id, uint64_t userData) {
    if constexpr (QueryCallbackWithUserData<F>)
        return static_cast<bool>(onHit(id, userData));
    else
        return static_cast<bool>(onHit(id));
}
/// Calls a ray callback with the hit's handle, its user data when it takes them, and `fraction`; returns
/// the new end of the ray.
template <class F>
float reportRayHit(F& onHit, ProxyId id, uint64_t userData, float fraction) {
    if constexpr (RayCallbackWithUserData<F>)
        return static_cast<float>(onHit(id, userData, fraction));
    else
        return static_cast<float>(onHit(id, fraction));
}
} // namespace detail

/// A broadphase: proxies with boxes and user data (64 bits: a pointer or an index, as the user likes), pair
/// finding for the moved ones, and box / point / ray queries. Invalid boxes (NaN, infinity, min > max) are
/// rejected: `createProxy` returns an error naming the box, `moveProxy` returns false and keeps the old box.
/// A null, stale or unknown handle given to `destroyProxy`, `moveProxy`, `userData` or `tightBox` is a
/// programmer error, handled the same in every build whatever `NDEBUG` the caller uses: it is reported to
/// the assert handler (vox/core/assert.h) with a message naming the call and the handle; the default handler
/// aborts, and if a handler returns false the call does nothing and returns false, 0 or an empty box at the
/// origin, never touching another proxy. `isValid` tells a live handle from the others without reporting.
/// `setFilter` and `filter` treat bad handles the same way (false, or the default filter).
///
/// Every proxy has a `ProxyFilter` (the default unless given one at creation or by `setFilter`); queries
/// take an optional mask (default: all categories). `forEachMovedSlot` lists the slots (`ProxyId::index()`)
/// of the proxies created, moved, re-filtered or destroyed since the last `updatePairs`, for `PairTracker`.
template <class B>
concept Broadphase = requires(B& bp, const B& cbp, const Aabb& box, const glm::vec3& v, ProxyId id,
                              const Ray& ray, uint64_t userData, const ProxyFilter& filter) {
    { bp.createProxy(box, userData, ProxyType::Dynamic) } -> std::same_as<Result<ProxyId>>;
    { bp.createProxy(box, userData, ProxyType::Dynamic, filter) } -> std::same_as<Result<ProxyId>>;
    { bp.destroyProxy(id) } -> std::same_as<bool>;
    { bp.moveProxy(id, box, v) } -> std::same_as<bool>;
    { bp.setFilter(id, filter) } -> std::same_as<bool>;
    bp.updatePairs(detail::IgnorePair{});
    cbp.queryBox(box, detail::AcceptHit{});
    cbp.queryBox(box, detail::AcceptHit{}, userData);
    cbp.queryPoint(v, detail::AcceptHit{});
    cbp.queryPoint(v, detail::AcceptHit{}, userData);
    cbp.queryRay(ray, detail::KeepRay{});
    cbp.queryRay(ray, detail::KeepRay{}, userData);
    cbp.forEachMovedSlot(detail::IgnoreSlot{});
    { cbp.isValid(id) } -> std::same_as<bool>;
    { cbp.userData(id) } -> std::same_as<uint64_t>;
    { cbp.tightBox(id) } -> std::same_as<Aabb>;
    { cbp.filter(id) } -> std::same_as<ProxyFilter>;
    { cbp.proxyCount() } -> std::same_as<int32_t>;
};

} // namespace vox
