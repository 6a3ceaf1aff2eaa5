#pragma once
// The peers of the broadphase benchmark, each behind the same small adapter interface the runner drives:
//   create(objectId, box, isStatic) / destroy(objectId) / move(objectId, box, displacement = velocity * dt)
//   pairs(onPair(objectIdA, objectIdB)): produce the current candidate set, the way that engine does
//   maintain(): deferred work; stats(): height, area ratio, bytes per proxy.
// Box2D 2.4.1 (b2BroadPhase, 2D: flat workloads only) and Bullet 3.24 (btDbvtBroadphase) run with their
// default margins and their own pair bookkeeping.

#include "pair_set.h"
#include "peer_stats.h"
#include "workloads.h"

#include <box2d/b2_broad_phase.h>
#include <btBulletCollisionCommon.h>

#include <cstdint>
#include <memory>
#include <vector>

namespace bench {

/// Box2D 2.4.1: b2BroadPhase (move buffer, UpdatePairs) plus what b2ContactManager does with the pairs: a
/// persistent contact set, new pairs added unless present or static-static, and every contact swept each
/// step and destroyed when the fat boxes stopped overlapping (b2ContactManager::Collide).
class Box2dPeer {
public:
    static constexpr const char* kName = "box2d";

    void create(int32_t id, const vox::Aabb& box, bool isStatic) {
        if (static_cast<size_t>(id) >= m_proxy.size()) {
            m_proxy.resize(static_cast<size_t>(id) + 1, -1);
            m_static.resize(static_cast<size_t>(id) + 1, 0);
        }
        m_proxy[id] =
            m_broadPhase.CreateProxy(toB2(box), reinterpret_cast<void*>(static_cast<intptr_t>(id) + 1));
        m_static[id] = isStatic;
    }
    void destroy(int32_t id) {
        m_broadPhase.DestroyProxy(m_proxy[id]);
        m_proxy[id] = -1;
        // Box2D destroys the contacts of a destroyed fixture.
        for (size_t k = 0; k < m_contacts.size();) {
            const uint64_t key = m_contacts[k];
            if (static_cast<int32_t>(key >> 32) == id || static_cast<int32_t>(key & 0xFFFFFFFFu) == id) {
                m_contactSet.erase(key);
                m_contacts[k] = m_contacts.back();
                m_contacts.pop_back();
            } else {
                ++k;
            }
        }
    }
    void move(int32_t id, const vox::Aabb& box, const glm::vec3& displacement) {
        m_broadPhase.MoveProxy(m_proxy[id], toB2(box), b2Vec2(displacement.x, displacement.y));
    }
    template <class F>
    void pairs(F&& onPair) {
        m_broadPhase.UpdatePairs(this); // FindNewContacts
        // Collide(): keep the contacts whose fat boxes still overlap.
        for (size_t k = 0; k < m_contacts.size();) {
            const uint64_t key = m_contacts[k];
            const auto a = static_cast<int32_t>(key >> 32);
            const auto b = static_cast<int32_t>(key & 0xFFFFFFFFu);
            if (!m_broadPhase.TestOverlap(m_proxy[a], m_proxy[b])) {
                m_contactSet.erase(key);
                m_contacts[k] = m_contacts.back();
                m_contacts.pop_back();
                continue;
            }
            onPair(a, b);
            ++k;
        }
    }
    void maintain() {}
    [[nodiscard]] PeerStats stats() const {
        const double proxies = m_broadPhase.GetProxyCount();
        // b2DynamicTree holds 2n - 1 nodes for n proxies.
        return {static_cast<double>(m_broadPhase.GetTreeHeight()), m_broadPhase.GetTreeQuality(),
                (2.0 * proxies - 1.0) * sizeof(b2TreeNode) / proxies};
    }

    /// b2BroadPhase::UpdatePairs callback (b2ContactManager::AddPair).
    void AddPair(void* userA, void* userB) {
        const auto a = static_cast<int32_t>(reinterpret_cast<intptr_t>(userA) - 1);
        const auto b = static_cast<int32_t>(reinterpret_cast<intptr_t>(userB) - 1);
        if (m_static[a] && m_static[b])
            return;
        const uint64_t key = pairKey(a, b);
        if (m_contactSet.insert(key))
            m_contacts.push_back(key);
    }

private:
    static b2AABB toB2(const vox::Aabb& box) {
        b2AABB out;
        out.lowerBound.Set(box.min.x, box.min.y);
        out.upperBound.Set(box.max.x, box.max.y);
        return out;
    }

    b2BroadPhase m_broadPhase;
    std::vector<int32_t> m_proxy;
    std::vector<uint8_t> m_static;
    std::vector<uint64_t> m_contacts;
    PairSet m_contactSet;
};

/// Bullet 3.24: btDbvtBroadphase with its own btHashedOverlappingPairCache; setAabb per moved proxy, then
/// calculateOverlappingPairs. Static objects use Bullet's static filter group, so static-static pairs are
/// never made, as in a btCollisionWorld.
class BulletPeer {
public:
    static constexpr const char* kName = "bullet";

    void create(int32_t id, const vox::Aabb& box, bool isStatic) {
        if (static_cast<size_t>(id) >= m_proxy.size())
            m_proxy.resize(static_cast<size_t>(id) + 1, nullptr);
        const int group = isStatic ? btBroadphaseProxy::StaticFilter : btBroadphaseProxy::DefaultFilter;
        const int mask = isStatic ? btBroadphaseProxy::AllFilter ^ btBroadphaseProxy::StaticFilter
                                  : btBroadphaseProxy::AllFilter;
        m_proxy[id] = m_broadPhase.createProxy(toBt(box.min), toBt(box.max), BOX_SHAPE_PROXYTYPE,
                                               reinterpret_cast<void*>(static_cast<intptr_t>(id) + 1), group,
                                               mask, nullptr);
        ++m_count;
    }
    void destroy(int32_t id) {
        m_broadPhase.destroyProxy(m_proxy[id], nullptr);
        m_proxy[id] = nullptr;
        --m_count;
    }
    void move(int32_t id, const vox::Aabb& box, const glm::vec3&) {
        m_broadPhase.setAabb(m_proxy[id], toBt(box.min), toBt(box.max), nullptr);
    }
    template <class F>
    void pairs(F&& onPair) {
        m_broadPhase.calculateOverlappingPairs(nullptr);
        const btBroadphasePairArray& array =
            m_broadPhase.getOverlappingPairCache()->getOverlappingPairArray();
        for (int k = 0; k < array.size(); ++k) {
            const btBroadphasePair& pair = array[k];
            onPair(static_cast<int32_t>(reinterpret_cast<intptr_t>(pair.m_pProxy0->m_clientObject) - 1),
                   static_cast<int32_t>(reinterpret_cast<intptr_t>(pair.m_pProxy1->m_clientObject) - 1));
        }
    }
    void maintain() {}
    [[nodiscard]] PeerStats stats() const {
        double internalArea = 0.0, rootArea = 0.0;
        int height = 0;
        for (const btDbvt& set : m_broadPhase.m_sets) {
            if (set.m_root == nullptr)
                continue;
            height = std::max(height, btDbvt::maxdepth(set.m_root) - 1);
            rootArea += area(set.m_root->volume);
            sumInternalArea(set.m_root, internalArea);
        }
        // Two tree nodes per proxy (a leaf and, but for the root, an internal node) plus the proxy itself.
        const double bytes = static_cast<double>(sizeof(btDbvtProxy)) + 2.0 * sizeof(btDbvtNode);
        return {static_cast<double>(height), rootArea > 0.0 ? internalArea / rootArea : 0.0, bytes};
    }

private:
    static btVector3 toBt(const glm::vec3& v) { return {v.x, v.y, v.z}; }
    static double area(const btDbvtVolume& volume) {
        const btVector3 d = volume.Maxs() - volume.Mins();
        return 2.0 * (d.x() * d.y() + d.y() * d.z() + d.z() * d.x());
    }
    static void sumInternalArea(const btDbvtNode* node, double& sum) {
        if (node->isleaf())
            return;
        sum += area(node->volume);
        sumInternalArea(node->childs[0], sum);
        sumInternalArea(node->childs[1], sum);
    }

    btDbvtBroadphase m_broadPhase;
    std::vector<btBroadphaseProxy*> m_proxy;
    int32_t m_count = 0;
};

} // namespace bench
