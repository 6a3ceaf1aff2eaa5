#include "vox/broadphase/brute_force_broadphase.h"

#include "broadphase/box_error.h"
#include "vox/core/assert.h"

namespace vox {

bool BruteForceBroadphase::check(ProxyId id) const {
    const int32_t index = id.index();
    const bool valid = !id.isNull() && index < static_cast<int32_t>(m_slots.size()) && m_slots[index].alive &&
                       m_slots[index].generation == id.generation;
    VOX_ASSERT(valid,
               "BruteForceBroadphase: stale or unknown ProxyId (destroyed, or from another broadphase)");
    return valid;
}

bool BruteForceBroadphase::isValid(ProxyId id) const {
    const int32_t index = id.index();
    return !id.isNull() && index < static_cast<int32_t>(m_slots.size()) && m_slots[index].alive &&
           m_slots[index].generation == id.generation;
}

Result<ProxyId> BruteForceBroadphase::createProxy(const Aabb& box, uint32_t userData, ProxyType type) {
    if (!box.isValid())
        return detail::invalidBoxError("BruteForceBroadphase::createProxy", box);
    int32_t index = m_freeList;
    if (index >= 0) {
        m_freeList = m_slots[index].nextFree;
    } else {
        index = static_cast<int32_t>(m_slots.size());
        m_slots.emplace_back();
    }
    Slot& slot = m_slots[index];
    slot.box = box;
    slot.userData = userData;
    slot.type = type;
    slot.alive = true;
    slot.nextFree = -1;
    if (!slot.moved) { // a slot destroyed and reused in one step is already queued
        slot.moved = true;
        m_moved.push_back(index);
    }
    ++m_proxyCount;
    return handle(index);
}

bool BruteForceBroadphase::destroyProxy(ProxyId id) {
    if (!check(id))
        return false;
    Slot& slot = m_slots[id.index()];
    slot.alive = false; // stays queued in m_moved if it was; updatePairs skips dead slots
    ++slot.generation;
    slot.nextFree = m_freeList;
    m_freeList = id.index();
    --m_proxyCount;
    return true;
}

bool BruteForceBroadphase::moveProxy(ProxyId id, const Aabb& box, const glm::vec3&) {
    if (!check(id) || !box.isValid())
        return false;
    Slot& slot = m_slots[id.index()];
    slot.box = box;
    if (!slot.moved) {
        slot.moved = true;
        m_moved.push_back(id.index());
    }
    return true;
}

uint32_t BruteForceBroadphase::userData(ProxyId id) const {
    return check(id) ? m_slots[id.index()].userData : 0u;
}

Aabb BruteForceBroadphase::box(ProxyId id) const {
    return check(id) ? m_slots[id.index()].box : Aabb{};
}

} // namespace vox
