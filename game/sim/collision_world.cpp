#include "sim/collision_world.h"

#include "vox/core/assert.h"

#include <algorithm>
#include <utility>

namespace invaders {
namespace {

// Slot ranges of the body kinds, in BodyKind order: kind k owns slots kFirstSlot[k] to kFirstSlot[k + 1] - 1.
constexpr std::array<uint32_t, kBodyKindCount + 1> kFirstSlot = [] {
    std::array<uint32_t, kBodyKindCount + 1> first{};
    for (int32_t kind = 0; kind < kBodyKindCount; ++kind)
        first[static_cast<size_t>(kind) + 1] =
            first[static_cast<size_t>(kind)] +
            static_cast<uint32_t>(bodyCountOf(static_cast<BodyKind>(kind)));
    return first;
}();
static_assert(kFirstSlot[static_cast<size_t>(BodyKind::Invader) + 1] -
                      kFirstSlot[static_cast<size_t>(BodyKind::Invader)] ==
                  static_cast<uint32_t>(arcade::kRackRows * arcade::kRackColumns),
              "one slot per invader of the rack");

vox::TreeSettings treeSettings() {
    // World units are voxels: a margin of 2 keeps an invader inside its fat box for its next step.
    vox::TreeSettings settings;
    settings.margin = 2.0f;
    settings.predictionFactor = 2.0f;
    return settings;
}

} // namespace

CollisionWorld::CollisionWorld() : m_tree(treeSettings()) {}

uint32_t CollisionWorld::slotOf(BodyRef body) {
    static_assert(kFirstSlot.back() == static_cast<uint32_t>(kBodyCount), "one proxy slot per body");
    const auto kind = static_cast<size_t>(body.kind);
    const uint32_t slot = kFirstSlot[kind] + static_cast<uint32_t>(body.index);
    VOX_ASSERT(body.index >= 0 && slot < kFirstSlot[kind + 1], "body index out of range for its kind");
    return slot;
}

BodyRef CollisionWorld::bodyOfSlot(uint32_t slot) {
    size_t kind = 0;
    while (slot >= kFirstSlot[kind + 1])
        ++kind;
    return {static_cast<BodyKind>(kind), static_cast<int32_t>(slot - kFirstSlot[kind])};
}

void CollisionWorld::place(BodyRef body, const vox::IAABB& object, vox::ProxyType type) {
    const uint32_t slot = slotOf(body);
    vox::ProxyId& proxy = m_proxies[slot];
    if (!proxy.isNull()) {
        const vox::Aabb fatBefore = m_tree.fatBox(proxy);
        const bool moved = m_tree.moveProxy(proxy, object);
        VOX_VERIFY(moved, "a game object's box is invalid (NaN or inverted)");
        const vox::Aabb fatAfter = m_tree.fatBox(proxy);
        m_refattened += fatAfter.min != fatBefore.min || fatAfter.max != fatBefore.max ? 1 : 0;
        return;
    }
    vox::Result<vox::ProxyId> created = m_tree.createProxy(object, slotOf(body), type);
    VOX_VERIFY(created.ok(), "the broadphase refused a game object's box");
    proxy = created.value();
}

void CollisionWorld::remove(BodyRef body) {
    vox::ProxyId& proxy = m_proxies[slotOf(body)];
    if (proxy.isNull())
        return;
    m_tree.destroyProxy(proxy);
    proxy = {};
}

void CollisionWorld::clear() {
    for (vox::ProxyId& proxy : m_proxies) {
        if (!proxy.isNull())
            m_tree.destroyProxy(proxy);
        proxy = {};
    }
    m_tree.updatePairs([](vox::ProxyId, vox::ProxyId) {}); // forget the destroyed proxies' pairs
}

bool CollisionWorld::contains(BodyRef body) const {
    return !m_proxies[slotOf(body)].isNull();
}

vox::Aabb CollisionWorld::tightBox(BodyRef body) const {
    const vox::ProxyId proxy = m_proxies[slotOf(body)];
    return proxy.isNull() ? vox::Aabb{} : m_tree.tightBox(proxy);
}

std::span<const CollisionWorld::Pair> CollisionWorld::findPairs() {
    m_pairs.clear();
    m_tree.updatePairs([this](vox::ProxyId a, vox::ProxyId b) {
        BodyRef first = bodyOfUserData(m_tree.userData(a));
        BodyRef second = bodyOfUserData(m_tree.userData(b));
        if (second < first)
            std::swap(first, second);
        m_pairs.push_back({first, second});
    });
    std::sort(m_pairs.begin(), m_pairs.end());
    m_pairs.erase(std::unique(m_pairs.begin(), m_pairs.end()), m_pairs.end());
    m_stats = {};
    m_stats.refattened = std::exchange(m_refattened, 0);
    m_stats.candidatePairs = static_cast<int32_t>(m_pairs.size());
    return m_pairs;
}

} // namespace invaders
