#include "vox/broadphase/brute_force_broadphase.h"

#include "broadphase/box_error.h"

namespace vox {

Result<ProxyId> BruteForceBroadphase::createProxy(const Aabb& box, uint32_t userData, ProxyType type) {
    if (!box.isValid())
        return detail::invalidBoxError("BruteForceBroadphase::createProxy", box);
    return m_slots.handle(m_slots.add(box, userData, type));
}

bool BruteForceBroadphase::destroyProxy(ProxyId id) {
    if (!m_slots.check(id))
        return false;
    m_slots.remove(id.index());
    return true;
}

bool BruteForceBroadphase::moveProxy(ProxyId id, const Aabb& box, const glm::vec3&) {
    if (!m_slots.check(id) || !box.isValid())
        return false;
    m_slots[id.index()].box = box;
    m_slots.markMoved(id.index());
    return true;
}

Aabb BruteForceBroadphase::box(ProxyId id) const {
    return m_slots.check(id) ? m_slots[id.index()].box : Aabb{};
}

} // namespace vox
