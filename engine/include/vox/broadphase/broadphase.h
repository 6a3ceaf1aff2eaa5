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
/// data too, which spares it two `userData` calls (and their stale-handle checks) per pair.
///
/// Pair semantics (all three): `updatePairs` reports, each exactly once and in no particular order, every
/// pair of proxies that are not both static, whose boxes overlap (closed boxes: touching counts), and at
/// least one of which was created or moved since the previous `updatePairs`. All three test the last tight
/// box given for each proxy, so they report the very same pairs. Queries test stored boxes (the tree's are
/// fat): the tree's answers are candidates for an exact test.

#include "vox/broadphase/aabb.h"
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

/// `bool(ProxyId)`: receives one proxy hit by a box or point query; returns false to stop the query.
template <class F>
concept QueryCallback = std::predicate<F&, ProxyId>;

/// `float(ProxyId, float fraction)`: receives a proxy whose box the ray enters at `fraction`; returns the new
/// end of the ray (`fraction` to keep only nearer hits, the current end to keep going, 0 to stop).
template <class F>
concept RayCallback = requires(F& f, ProxyId id, float fraction) {
    { f(id, fraction) } -> std::convertible_to<float>;
};

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
} // namespace detail

/// A broadphase: proxies with boxes and user data (64 bits: a pointer or an index, as the user likes), pair
/// finding for the moved ones, and box / point / ray queries. Invalid boxes (NaN, infinity, min > max) are
/// rejected: `createProxy` returns an error naming the box, `moveProxy` returns false and keeps the old box.
/// A null, stale or unknown handle given to `destroyProxy`, `moveProxy`, `userData` or `tightBox` is a
/// programmer error, handled the same in every build whatever `NDEBUG` the caller uses: it is reported to
/// the assert handler (vox/core/assert.h) with a message naming the call and the handle; the default handler
/// aborts, and if a handler returns false the call does nothing and returns false, 0 or an empty box at the
/// origin, never touching another proxy. `isValid` tells a live handle from the others without reporting.
template <class B>
concept Broadphase = requires(B& bp, const B& cbp, const Aabb& box, const glm::vec3& v, ProxyId id,
                              const Ray& ray, uint64_t userData) {
    { bp.createProxy(box, userData, ProxyType::Dynamic) } -> std::same_as<Result<ProxyId>>;
    { bp.destroyProxy(id) } -> std::same_as<bool>;
    { bp.moveProxy(id, box, v) } -> std::same_as<bool>;
    bp.updatePairs(detail::IgnorePair{});
    cbp.queryBox(box, detail::AcceptHit{});
    cbp.queryPoint(v, detail::AcceptHit{});
    cbp.queryRay(ray, detail::KeepRay{});
    { cbp.isValid(id) } -> std::same_as<bool>;
    { cbp.userData(id) } -> std::same_as<uint64_t>;
    { cbp.tightBox(id) } -> std::same_as<Aabb>;
    { cbp.proxyCount() } -> std::same_as<int32_t>;
};

} // namespace vox
