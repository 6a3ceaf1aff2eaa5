#include "vox/debug/tree_view.h"

#include <glm/common.hpp>

#include <algorithm>
#include <array>

namespace vox {

glm::vec4 depthColor(int32_t depth, int32_t rampDepth) {
    // Matplotlib's plasma, sampled at 0.3, 0.44, 0.58, 0.72, 0.86, 1.0 (sRGB).
    static constexpr std::array<glm::vec3, 6> kRamp = {
        glm::vec3{0.553f, 0.043f, 0.647f}, glm::vec3{0.714f, 0.196f, 0.553f},
        glm::vec3{0.835f, 0.337f, 0.427f}, glm::vec3{0.929f, 0.478f, 0.318f},
        glm::vec3{0.988f, 0.651f, 0.212f}, glm::vec3{0.941f, 0.976f, 0.129f}};
    const float t = rampDepth > 0
                        ? std::clamp(static_cast<float>(depth) / static_cast<float>(rampDepth), 0.0f, 1.0f)
                        : 0.0f;
    const float scaled = t * static_cast<float>(kRamp.size() - 1);
    const auto low = static_cast<size_t>(std::min(scaled, static_cast<float>(kRamp.size() - 2)));
    const glm::vec3 color = glm::mix(kRamp[low], kRamp[low + 1], scaled - static_cast<float>(low));
    return {color, 1.0f};
}

TreeViewCounts addTreeBoxes(const DynamicAabbTree& tree, const TreeViewSettings& settings,
                            const TightBoxSource& tightBoxOf, LineBatch& lines) {
    TreeViewCounts counts;
    const uint32_t fatColor = packColor(settings.fatColor);
    const uint32_t tightColor = packColor(settings.tightColor);
    tree.visitNodes([&](const TreeNodeInfo& node) {
        counts.deepest = std::max(counts.deepest, node.depth);
        if (node.staticTree && !settings.staticTree)
            return;
        if (node.proxy.isNull()) {
            if (!settings.internalNodes || node.depth < settings.minDepth || node.depth > settings.maxDepth)
                return;
            glm::vec4 color = depthColor(node.depth, settings.rampDepth);
            color.a = settings.internalAlpha;
            lines.addBox(node.box, packColor(color));
            ++counts.internalBoxes;
            return;
        }
        if (settings.fatBoxes) {
            lines.addBox(node.box, fatColor);
            ++counts.fatBoxes;
        }
        if (settings.tightBoxes && tightBoxOf) {
            if (const std::optional<Aabb> tight = tightBoxOf(node.proxy, tree.userData(node.proxy))) {
                lines.addBox(*tight, tightColor);
                ++counts.tightBoxes;
            }
        }
    });
    return counts;
}

} // namespace vox
