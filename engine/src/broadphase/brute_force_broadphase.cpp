#include "vox/broadphase/brute_force_broadphase.h"

#include "broadphase/box_error.h"

namespace vox {

Result<ProxyId> BruteForceBroadphase::createProxy(const Aabb& box, uint64_t userData, ProxyType type,
                                                  const ProxyFilter& filter) {
    if (!box.isValid())
        return detail::invalidBoxError("BruteForceBroadphase::createProxy", box);
    return m_slots.handle(m_slots.add(box, userData, type, filter));
}

bool BruteForceBroadphase::destroyProxy(ProxyId id) {
    if (!m_slots.check(id, "BruteForceBroadphase::destroyProxy"))
        return false;
    m_slots.remove(id.index());
    return true;
}

// Out of line: inlined into a pair callback, the stale-handle report's call costs the exhaustive passes
// registers in their inner loops (up to +17 % instructions in W1), far more than a call per pair does.
uint64_t BruteForceBroadphase::userData(ProxyId id) const {
    return m_slots.userData(id, "BruteForceBroadphase::userData");
}

Aabb BruteForceBroadphase::tightBox(ProxyId id) const {
    return m_slots.tightBox(id, "BruteForceBroadphase::tightBox");
}

bool BruteForceBroadphase::setFilter(ProxyId id, const ProxyFilter& filter) {
    if (!m_slots.check(id, "BruteForceBroadphase::setFilter"))
        return false;
    m_slots.setFilter(id.index(), filter);
    return true;
}

ProxyFilter BruteForceBroadphase::filter(ProxyId id) const {
    return m_slots.check(id, "BruteForceBroadphase::filter") ? m_slots.filterOf(id.index()) : ProxyFilter{};
}

bool BruteForceBroadphase::moveProxy(ProxyId id, const Aabb& box, const glm::vec3&) {
    if (!m_slots.check(id, "BruteForceBroadphase::moveProxy") || !box.isValid())
        return false;
    m_slots[id.index()].box = box;
    m_slots.markMoved(id.index());
    return true;
}

} // namespace vox
