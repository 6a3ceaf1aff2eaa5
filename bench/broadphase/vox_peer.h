#pragma once
// Adapter that drives any `vox::Broadphase` (the tree and the two reference broadphases) from the runner.

#include "peers.h"

#include "vox/broadphase/broadphase.h"

#include <cmath>
#include <vector>

namespace bench {

/// `Name::kName` is the peer's name in benchmark names.
template <vox::Broadphase B, class Name>
class VoxPeer {
public:
    static constexpr const char* kName = Name::kName;

    void create(int32_t id, const vox::Aabb& box, bool isStatic) {
        if (static_cast<size_t>(id) >= m_proxy.size())
            m_proxy.resize(static_cast<size_t>(id) + 1);
        m_proxy[id] = m_broadphase
                          .createProxy(box, static_cast<uint32_t>(id),
                                       isStatic ? vox::ProxyType::Static : vox::ProxyType::Dynamic)
                          .value();
    }
    void destroy(int32_t id) { (void)m_broadphase.destroyProxy(m_proxy[id]); }
    void move(int32_t id, const vox::Aabb& box, const glm::vec3& displacement) {
        (void)m_broadphase.moveProxy(m_proxy[id], box, displacement);
    }
    template <class F>
    void pairs(F&& onPair) {
        // The callback form with user data, as a user with many pairs would write it (no userData calls).
        m_broadphase.updatePairs([&](vox::ProxyId, vox::ProxyId, uint64_t a, uint64_t b) {
            onPair(static_cast<int32_t>(a), static_cast<int32_t>(b));
        });
    }
    void maintain() {} // no deferred work: the tree rebalances as it reinserts
    [[nodiscard]] PeerStats stats() const {
        if constexpr (requires { m_broadphase.stats(); }) {
            const auto s = m_broadphase.stats();
            return {static_cast<double>(s.height), s.areaRatio, s.bytesPerProxy};
        } else if constexpr (requires { m_broadphase.memoryBytes(); }) {
            return {NAN, NAN, static_cast<double>(m_broadphase.memoryBytes()) / m_broadphase.proxyCount()};
        } else {
            return {NAN, NAN, NAN};
        }
    }
    B& broadphase() { return m_broadphase; }

private:
    B m_broadphase;
    std::vector<vox::ProxyId> m_proxy;
};

} // namespace bench
