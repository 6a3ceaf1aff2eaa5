#pragma once
// `CollisionWorld`: the simulation's view of the engine's broadphase. Every game object that can touch
// another has a proxy in a `vox::DynamicAabbTree` under a fixed body number; once per step the moved
// objects update their proxies and the tree proposes candidate pairs, which the simulation confirms with
// the voxel narrowphase. Pairs come back sorted, so the rules see them in the same order on every build
// whatever order the tree finds them in.

#include "sim/arcade_rules.h"

#include "vox/broadphase/dynamic_aabb_tree.h"
#include "vox/broadphase/iaabb.h"

#include <array>
#include <cstdint>
#include <span>
#include <vector>

namespace invaders {

/// What a body is; the order is the order pairs are sorted in.
enum class BodyKind : uint8_t { PlayerShot, AlienShot, Saucer, Invader, Shield, Cannon };
/// Number of `BodyKind` values.
inline constexpr int32_t kBodyKindCount = static_cast<int32_t>(BodyKind::Cannon) + 1;

/// How many bodies of `kind` a world can hold (from arcade_rules.h): one player shot, saucer and cannon,
/// one invader shot per type, the rack's invaders and the shields.
[[nodiscard]] constexpr int32_t bodyCountOf(BodyKind kind) {
    switch (kind) {
    case BodyKind::AlienShot:
        return arcade::kAlienShotTypes;
    case BodyKind::Invader:
        return arcade::kInvaderCount;
    case BodyKind::Shield:
        return arcade::kShieldCount;
    case BodyKind::PlayerShot:
    case BodyKind::Saucer:
    case BodyKind::Cannon:
        break;
    }
    return 1;
}

/// A body: its kind and its index among bodies of that kind, 0 to `bodyCountOf(kind) - 1`.
struct BodyRef {
    BodyKind kind = BodyKind::PlayerShot;
    int32_t index = 0;
    friend constexpr auto operator<=>(const BodyRef&, const BodyRef&) = default;
};

/// What the collision pipeline did in one step, for the debug overlay. Counting is a few increments a
/// step; the times are wall-clock (steady clock) for display only, measured by the caller around the
/// collision phase (`Simulation::step`), never inside a rule: no rule ever reads them, so they cannot
/// change the simulation or its state hash.
struct CollisionStepStats {
    int32_t refattened = 0;        ///< Proxies that left their fat box and got a new one.
    int32_t candidatePairs = 0;    ///< Pairs the broadphase proposed (sorted, without duplicates).
    int32_t narrowphaseChecks = 0; ///< Voxel tests run on candidate pairs.
    int32_t confirmedHits = 0;     ///< Voxel tests that found a contact.
    double broadphaseMs = 0.0;     ///< Tree update, pair finding and maintenance.
    double narrowphaseMs = 0.0;    ///< Confirming the pairs and acting on the contacts.
};

/// The broadphase of a game session: at most one proxy per body.
class CollisionWorld {
public:
    /// A candidate pair, `first < second`.
    struct Pair {
        BodyRef first;
        BodyRef second;
        friend constexpr auto operator<=>(const Pair&, const Pair&) = default;
    };

    /// An empty world.
    CollisionWorld();

    /// Adds `object` under `body`, or tells the tree it moved when it is already there. Static bodies
    /// (shields) never pair with each other.
    void place(BodyRef body, const vox::IAABB& object, vox::ProxyType type = vox::ProxyType::Dynamic);
    /// Removes `body`'s proxy, if it has one.
    void remove(BodyRef body);
    /// Removes every proxy.
    void clear();
    /// True when `body` has a proxy.
    [[nodiscard]] bool contains(BodyRef body) const;

    /// The candidate pairs involving a body placed since the last call, sorted and without duplicates.
    /// The span is valid until the next call.
    [[nodiscard]] std::span<const Pair> findPairs();

    /// The tree, for the debug overlay and tests (`validate()`).
    [[nodiscard]] const vox::DynamicAabbTree& tree() const { return m_tree; }
    /// The tight box `body`'s object had when last placed (the tree's `tightBox()`); for the debug overlay.
    /// An empty box at the origin unless `contains(body)`.
    [[nodiscard]] vox::Aabb tightBox(BodyRef body) const;
    /// The body a proxy's user data names (the tree's `userData()`: the body's slot).
    [[nodiscard]] static BodyRef bodyOfUserData(uint64_t userData) {
        return bodyOfSlot(static_cast<uint32_t>(userData));
    }
    /// The pairs of the latest `findPairs`.
    [[nodiscard]] std::span<const Pair> lastPairs() const { return m_pairs; }
    /// Counters of the step in progress (reset by `findPairs`, which fills the broadphase counts).
    [[nodiscard]] CollisionStepStats& stepStats() { return m_stats; }
    /// Counters of the latest step.
    [[nodiscard]] const CollisionStepStats& stepStats() const { return m_stats; }

private:
    /// Every body of every kind: one proxy slot each.
    static constexpr int32_t kBodyCount = [] {
        int32_t count = 0;
        for (int32_t kind = 0; kind < kBodyKindCount; ++kind)
            count += bodyCountOf(static_cast<BodyKind>(kind));
        return count;
    }();
    [[nodiscard]] static uint32_t slotOf(BodyRef body);
    [[nodiscard]] static BodyRef bodyOfSlot(uint32_t slot);

    vox::DynamicAabbTree m_tree;
    std::array<vox::ProxyId, kBodyCount> m_proxies{};
    CollisionStepStats m_stats;
    int32_t m_refattened = 0; // since the last findPairs
    std::vector<Pair> m_pairs;
};

} // namespace invaders
