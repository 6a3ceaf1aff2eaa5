#include "vox/debug/line_batch.h"
#include "vox/debug/stats_history.h"
#include "vox/debug/tree_view.h"

#include "vox/broadphase/dynamic_aabb_tree.h"
#include "vox/core/rng.h"

#include <gtest/gtest.h>

#include <glm/geometric.hpp>

#include <map>
#include <set>
#include <tuple>
#include <vector>

namespace vox {
namespace {

// A tree of `count` random boxes, some static, moved a few steps so that fat boxes differ from tight ones.
struct RandomScene {
    DynamicAabbTree tree;
    std::map<uint32_t, Aabb> tightBoxes; // by user data

    RandomScene(uint64_t seed, int count) {
        Rng rng(seed);
        for (int i = 0; i < count; ++i) {
            const glm::vec3 low(rng.uniform(0.0f, 1.0f) * 100.0f, rng.uniform(0.0f, 1.0f) * 100.0f,
                                rng.uniform(0.0f, 1.0f) * 10.0f);
            const Aabb box{low, low + glm::vec3(1.0f + rng.uniform(0.0f, 1.0f) * 4.0f)};
            const ProxyType type = i % 5 == 0 ? ProxyType::Static : ProxyType::Dynamic;
            Result<ProxyId> id = tree.createProxy(box, static_cast<uint32_t>(i), type);
            EXPECT_TRUE(id.ok());
            tightBoxes[static_cast<uint32_t>(i)] = box;
        }
        tree.updatePairs([](ProxyId, ProxyId) {});
    }

    TightBoxSource source() const {
        return [this](ProxyId, uint64_t userData) -> std::optional<Aabb> {
            return tightBoxes.at(static_cast<uint32_t>(userData));
        };
    }
};

TEST(LineBatch, ABoxIsItsTwelveEdges) {
    LineBatch lines;
    const Aabb box{{1.0f, 2.0f, 3.0f}, {4.0f, 6.0f, 8.0f}};
    lines.addBox(box, packColor({1.0f, 0.0f, 0.0f, 1.0f}));
    ASSERT_EQ(lines.lineCount(), 12);
    std::set<std::tuple<float, float, float, float, float, float>> edges;
    std::map<float, int> lengths;
    const auto v = lines.vertices();
    for (size_t i = 0; i < v.size(); i += 2) {
        const glm::vec3 a = glm::min(v[i].position, v[i + 1].position);
        const glm::vec3 b = glm::max(v[i].position, v[i + 1].position);
        edges.insert({a.x, a.y, a.z, b.x, b.y, b.z});
        ++lengths[glm::length(b - a)];
        for (const glm::vec3& p : {a, b})
            EXPECT_TRUE((p.x == 1.0f || p.x == 4.0f) && (p.y == 2.0f || p.y == 6.0f) &&
                        (p.z == 3.0f || p.z == 8.0f));
    }
    EXPECT_EQ(edges.size(), 12u); // no edge twice
    EXPECT_EQ(lengths[3.0f], 4);  // four edges along each axis
    EXPECT_EQ(lengths[4.0f], 4);
    EXPECT_EQ(lengths[5.0f], 4);
    EXPECT_EQ(v[0].rgba, 0xFF0000FFu); // bytes R, G, B, A in memory
}

TEST(TreeView, OneBoxPerNodeAndTwoPerLeaf) {
    for (const int count : {1, 2, 17, 300}) {
        const uint64_t seed = 1000u + static_cast<uint64_t>(count);
        SCOPED_TRACE("seed " + std::to_string(seed) + ", proxies " + std::to_string(count));
        RandomScene scene(seed, count);
        const TreeStats stats = scene.tree.stats();
        LineBatch lines;
        const TreeViewCounts counts = addTreeBoxes(scene.tree, {}, scene.source(), lines);
        EXPECT_EQ(counts.internalBoxes, stats.internalNodes);
        EXPECT_EQ(counts.fatBoxes, stats.proxies);
        EXPECT_EQ(counts.tightBoxes, stats.proxies);
        EXPECT_EQ(counts.deepest, stats.height);
        EXPECT_EQ(lines.lineCount(), 12 * (stats.internalNodes + 2 * stats.proxies));

        // Every fat box drawn is a proxy's fat box, and every tight box the object's.
        std::multiset<std::tuple<float, float, float>> drawnMins;
        for (size_t i = 0; i < lines.vertices().size(); i += 24)
            drawnMins.insert({lines.vertices()[i].position.x, lines.vertices()[i].position.y,
                              lines.vertices()[i].position.z});
        for (const auto& [userData, tight] : scene.tightBoxes)
            EXPECT_EQ(drawnMins.count({tight.min.x, tight.min.y, tight.min.z}) > 0, true)
                << "tight " << userData;
    }
}

TEST(TreeView, LayersAndTheDepthFilterSelectBoxes) {
    const uint64_t seed = 77;
    SCOPED_TRACE("seed " + std::to_string(seed));
    RandomScene scene(seed, 200);
    const TreeStats stats = scene.tree.stats();
    ASSERT_GE(stats.height, 4);

    // Count internal nodes per depth by walking the tree independently of the visualiser's filter.
    std::map<int32_t, int32_t> perDepth;
    scene.tree.visitNodes([&](const TreeNodeInfo& node) {
        if (node.proxy.isNull())
            ++perDepth[node.depth];
    });
    TreeViewSettings settings;
    settings.fatBoxes = false;
    settings.tightBoxes = false;
    settings.minDepth = 2;
    settings.maxDepth = 3;
    LineBatch lines;
    const TreeViewCounts counts = addTreeBoxes(scene.tree, settings, scene.source(), lines);
    EXPECT_EQ(counts.internalBoxes, perDepth[2] + perDepth[3]);
    EXPECT_EQ(counts.fatBoxes, 0);
    EXPECT_EQ(lines.lineCount(), 12 * counts.internalBoxes);

    TreeViewSettings leavesOnly;
    leavesOnly.internalNodes = false;
    leavesOnly.tightBoxes = false;
    leavesOnly.staticTree = false;
    lines.clear();
    const TreeViewCounts dynamicLeaves = addTreeBoxes(scene.tree, leavesOnly, scene.source(), lines);
    EXPECT_EQ(dynamicLeaves.fatBoxes, 200 - 40); // every fifth proxy is static
    EXPECT_EQ(dynamicLeaves.internalBoxes, 0);
}

TEST(TreeView, DepthColorsFollowTheRampAndClamp) {
    const glm::vec4 root = depthColor(0, 8);
    const glm::vec4 deep = depthColor(8, 8);
    EXPECT_EQ(depthColor(20, 8), deep); // clamped beyond the ramp
    float previousLuma = -1.0f;
    for (int32_t depth = 0; depth <= 8; ++depth) {
        const glm::vec4 c = depthColor(depth, 8);
        const float luma = 0.2126f * c.r + 0.7152f * c.g + 0.0722f * c.b;
        EXPECT_GT(luma, previousLuma) << "depth " << depth; // a perceptual ramp brightens steadily
        previousLuma = luma;
        EXPECT_EQ(c.a, 1.0f);
    }
    EXPECT_NE(root, deep);
}

TEST(StatsHistory, KeepsTheLatestValuesInARing) {
    StatsHistory history(4);
    EXPECT_EQ(history.size(), 0);
    EXPECT_EQ(history.mean(), 0.0f);
    for (int i = 1; i <= 6; ++i)
        history.push(static_cast<float>(i));
    EXPECT_EQ(history.size(), 4);
    EXPECT_EQ(history.latest(), 6.0f);
    EXPECT_EQ(history.latest(3), 3.0f);
    EXPECT_EQ(history.max(), 6.0f);
    EXPECT_FLOAT_EQ(history.mean(), 4.5f);
    // data() + offset() is the oldest-first order ImGui::PlotLines reads.
    std::vector<float> ordered;
    for (int i = 0; i < history.size(); ++i)
        ordered.push_back(history.data()[(history.offset() + i) % history.capacity()]);
    EXPECT_EQ(ordered, (std::vector<float>{3.0f, 4.0f, 5.0f, 6.0f}));
    history.clear();
    EXPECT_EQ(history.size(), 0);
}

} // namespace
} // namespace vox
