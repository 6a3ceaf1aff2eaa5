#include "debug/overlay_geometry.h"

#include <algorithm>
#include <optional>

namespace invaders {

void ContactTrail::step(std::span<const glm::ivec3> cells) {
    for (Contact& contact : m_contacts)
        ++contact.age;
    std::erase_if(m_contacts, [](const Contact& contact) { return contact.age >= kLifetime; });
    for (const glm::ivec3& cell : cells)
        m_contacts.push_back({cell, 0});
}

vox::TreeViewSettings treeViewSettings(const OverlayState& state) {
    vox::TreeViewSettings settings;
    settings.internalNodes = state.layers.internalNodes;
    settings.fatBoxes = state.layers.fatBoxes;
    settings.tightBoxes = state.layers.tightBoxes;
    settings.staticTree = state.layers.staticTree;
    settings.minDepth = state.minDepth;
    settings.maxDepth = state.maxDepth;
    return settings;
}

OverlayGeometryCounts buildOverlayLines(const Simulation& simulation, const OverlayState& state,
                                        const ContactTrail& contacts, vox::LineBatch& lines) {
    OverlayGeometryCounts counts;
    const CollisionWorld& world = simulation.collisionWorld();
    counts.tree = vox::addTreeBoxes(
        world.tree(), treeViewSettings(state),
        [&world](vox::ProxyId proxy, uint64_t) -> std::optional<vox::Aabb> {
            return world.tree().tightBox(proxy);
        },
        lines);
    if (state.layers.pairs) {
        const uint32_t color = vox::packColor(kPairColor);
        for (const CollisionWorld::Pair& pair : world.lastPairs()) {
            if (!world.contains(pair.first) || !world.contains(pair.second))
                continue; // removed by the step that confirmed it
            lines.addLine(world.tightBox(pair.first).center(), world.tightBox(pair.second).center(), color);
            ++counts.pairLines;
        }
    }
    if (state.layers.contacts) {
        for (const ContactTrail::Contact& contact : contacts.contacts()) {
            const float fade = 1.0f - static_cast<float>(contact.age) / ContactTrail::kLifetime;
            glm::vec4 color = kContactColor;
            color.a *= fade;
            color.g += 0.8f * fade * fade; // hot (yellow-white) when new, red as it fades
            const glm::vec3 cell(contact.cell);
            lines.addBox({cell, cell + glm::vec3(1.0f)}, vox::packColor(color));
            ++counts.contactBoxes;
        }
    }
    return counts;
}

} // namespace invaders
