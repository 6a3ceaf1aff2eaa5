#pragma once
// `CollisionWorld`: the simulation's view of the engine's broadphase. Every game object that can touch
// another has a proxy in a `vox::DynamicAabbTree` under a fixed body number; once per step the moved
// objects update their proxies and the tree proposes candidate pairs, which the simulation confirms with
// the voxel narrowphase. Pairs come back sorted, so the rules see them in the same order on every build
// whatever order the tree finds them in.

#include "vox/broadphase/dynamic_aabb_tree.h"
#include "vox/broadphase/iaabb.h"

#include <array>
#include <cstdint>
#include <span>
#include <vector>

namespace invaders {

/// What a body is; the order is the order pairs are sorted in.
enum class BodyKind : uint8_t { PlayerShot, AlienShot, Saucer, Invader, Shield, Cannon };

/// A body: its kind and its index among bodies of that kind (invader 0..54, shield 0..3, alien shot 0..2).
struct BodyRef {
    BodyKind kind = BodyKind::PlayerShot;
    int32_t index = 0;
    friend constexpr auto operator<=>(const BodyRef&, const BodyRef&) = default;
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

private:
    static constexpr int32_t kBodyCount = 1 + 3 + 1 + 55 + 4 + 1;
    [[nodiscard]] static uint32_t slotOf(BodyRef body);
    [[nodiscard]] static BodyRef bodyOfSlot(uint32_t slot);

    vox::DynamicAabbTree m_tree;
    std::array<vox::ProxyId, kBodyCount> m_proxies{};
    std::vector<Pair> m_pairs;
};

} // namespace invaders
