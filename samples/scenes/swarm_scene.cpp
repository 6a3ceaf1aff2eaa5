// Swarm: the benchmark's W2 workload (docs/benchmarks.md) live in the engine's DynamicAabbTree: N boxes in a
// cube, each at a constant velocity reflecting at the walls (or 10 % moving, or a random walk), all moved
// every step. Shows the tree by depth as the game's F3 overlay does, the pairs, and the time per step.
#include "scene.h"
#include "scenes/scene_factories.h"

#include <vox/broadphase/dynamic_aabb_tree.h>
#include <vox/core/rng.h>
#include <vox/debug/tree_view.h>

#include <imgui.h>

#include <chrono>
#include <cmath>
#include <string>
#include <utility>
#include <vector>

namespace samples {
namespace {

constexpr float kStepSeconds = 1.0f / 60.0f;
constexpr int32_t kCounts[] = {1000, 3000, 10000, 30000, 100000};

enum class Motion { AllMove, TenPercent, RandomWalk };

struct SwarmBox {
    vox::Aabb box;
    glm::vec3 velocity{0.0f};
    vox::ProxyId proxy;
    bool moving = true;
};

class SwarmScene final : public Scene {
public:
    SwarmScene() { rebuild(); }

    void step() override {
        const auto start = std::chrono::steady_clock::now();
        for (SwarmBox& object : m_objects) {
            if (!object.moving)
                continue;
            if (m_motion == Motion::RandomWalk)
                for (int axis = 0; axis < 3; ++axis)
                    object.velocity[axis] = m_rng.uniform(-3.0f, 3.0f);
            const glm::vec3 half = object.box.halfExtent();
            const glm::vec3 oldCenter = object.box.center();
            glm::vec3 center = oldCenter + object.velocity * kStepSeconds;
            for (int axis = 0; axis < 3; ++axis) { // reflect at the walls of the cube
                if (center[axis] < 0.0f || center[axis] > m_side) {
                    center[axis] = center[axis] < 0.0f ? -center[axis] : 2.0f * m_side - center[axis];
                    object.velocity[axis] = -object.velocity[axis];
                }
            }
            object.box = vox::Aabb::fromCenter(center, half);
        }
        const auto moved = std::chrono::steady_clock::now();
        // The tree's share of the step: tell it every move, then ask for the pairs.
        for (const SwarmBox& object : m_objects)
            if (object.moving)
                m_tree.moveProxy(object.proxy, object.box, object.velocity * kStepSeconds);
        m_newPairs.clear();
        m_tree.updatePairs([this](vox::ProxyId a, vox::ProxyId b) { m_newPairs.emplace_back(a, b); });
        const auto done = std::chrono::steady_clock::now();
        m_motionMs = std::chrono::duration<double, std::milli>(moved - start).count();
        m_treeMs = std::chrono::duration<double, std::milli>(done - moved).count();
        m_treeStats = m_tree.stats();
    }

    void draw(const SceneView& view, vox::SceneRenderer& renderer, vox::LineBatch& lines) override {
        (void)view;
        renderer.look().drawGround = false; // the swarm floats in a cube; the lines are the picture
        m_view.tightBoxes = m_showTight;
        m_view.fatBoxes = m_showFat;
        m_view.internalNodes = m_showInternal;
        m_drawn = vox::addTreeBoxes(
            m_tree, m_view,
            [this](vox::ProxyId proxy, uint64_t) -> std::optional<vox::Aabb> {
                return m_tree.tightBox(proxy);
            },
            lines);
        if (m_showPairs) {
            const uint32_t pairColor = vox::packColor({1.0f, 0.3f, 0.35f, 1.0f});
            for (const auto& [a, b] : m_newPairs)
                lines.addLine(m_tree.tightBox(a).center(), m_tree.tightBox(b).center(), pairColor);
        }
        lines.addBox({glm::vec3(0.0f), glm::vec3(m_side)}, vox::packColor({0.5f, 0.5f, 0.6f, 0.5f}));
    }

    void gui(const SceneView& view) override {
        (void)view;
        ImGui::TextWrapped(
            "The benchmark's W2 swarm in vox::DynamicAabbTree: every box moves every step "
            "(moveProxy), then updatePairs reports the pairs whose boxes touch. Internal nodes "
            "are coloured by depth, root purple to deep yellow, as in the game's F3 overlay.");
        int countIndex = m_countIndex;
        if (ImGui::SliderInt("boxes", &countIndex, 0, static_cast<int>(std::size(kCounts)) - 1,
                             std::to_string(kCounts[countIndex]).c_str()) &&
            countIndex != m_countIndex) {
            m_countIndex = countIndex;
            rebuild();
        }
        int motion = static_cast<int>(m_motion);
        if (ImGui::Combo("motion", &motion,
                         "all move\0"
                         "10 % move\0"
                         "random walk\0") &&
            motion != static_cast<int>(m_motion)) {
            m_motion = static_cast<Motion>(motion);
            rebuild();
        }
        ImGui::Checkbox("internal nodes", &m_showInternal);
        ImGui::SameLine();
        ImGui::Checkbox("fat boxes", &m_showFat);
        ImGui::Checkbox("tight boxes", &m_showTight);
        ImGui::SameLine();
        ImGui::Checkbox("pairs", &m_showPairs);
        ImGui::SliderInt("min depth", &m_view.minDepth, 0, 40);
        ImGui::SliderInt("max depth", &m_view.maxDepth, 0, 64);
        ImGui::Text("moving the boxes %.3f ms, the tree %.3f ms", m_motionMs, m_treeMs);
        ImGui::Text("drawn: %d internal, %d fat, %d tight boxes", m_drawn.internalBoxes, m_drawn.fatBoxes,
                    m_drawn.tightBoxes);
        ImGui::TextDisabled("Large swarms hide the leaves and deep levels\nto keep the drawing quick.");
    }

    std::vector<SceneStat> stats() const override {
        return {{"proxies", static_cast<double>(m_treeStats.proxies)},
                {"pairs", static_cast<double>(m_treeStats.pairs)},
                {"touching_pairs", static_cast<double>(m_newPairs.size())},
                {"internal_nodes", static_cast<double>(m_treeStats.internalNodes)},
                {"height", static_cast<double>(m_treeStats.height)},
                {"area_ratio", m_treeStats.areaRatio, false},
                {"refattened_per_step", m_treeStats.refattenedPerStep, false},
                {"tree_ms", m_treeMs, false}};
    }

    CameraPose cameraPose() const override {
        return {.target = glm::vec3(m_side * 0.5f), .distance = m_side * 2.7f, .yaw = 0.6f, .pitch = 0.45f};
    }

private:
    // Makes the swarm anew, as the benchmark draws it: the same seed and draw order for the same count.
    void rebuild() {
        const int32_t count = kCounts[m_countIndex];
        m_rng = vox::Rng(12345ull ^ (static_cast<uint64_t>(count) * 7919ull));
        m_side = std::cbrt(static_cast<float>(count) * 15.625f / 2.0f);
        m_tree = vox::DynamicAabbTree();
        m_objects.assign(static_cast<size_t>(count), SwarmBox{});
        std::vector<vox::DynamicAabbTree::BulkProxy> bulk(m_objects.size());
        for (int32_t i = 0; i < count; ++i) {
            SwarmBox& object = m_objects[i];
            const glm::vec3 center(m_rng.uniform(0.0f, m_side), m_rng.uniform(0.0f, m_side),
                                   m_rng.uniform(0.0f, m_side));
            const glm::vec3 half(m_rng.uniform(0.25f, 1.0f), m_rng.uniform(0.25f, 1.0f),
                                 m_rng.uniform(0.25f, 1.0f));
            object.velocity =
                glm::vec3(m_rng.uniform(-3.0f, 3.0f), m_rng.uniform(-3.0f, 3.0f), m_rng.uniform(-3.0f, 3.0f));
            object.box = vox::Aabb::fromCenter(center, half);
            object.moving = m_motion != Motion::TenPercent || i % 10 == 0;
            bulk[i] = {object.box, static_cast<uint64_t>(i),
                       object.moving ? vox::ProxyType::Dynamic : vox::ProxyType::Static};
        }
        std::vector<vox::ProxyId> ids(bulk.size());
        if (m_tree.createProxies(bulk, ids)) {
            for (size_t i = 0; i < ids.size(); ++i)
                m_objects[i].proxy = ids[i];
        }
        m_newPairs.clear();
        m_treeStats = m_tree.stats();
        // Past 10,000 boxes a box per leaf is millions of line segments: show the upper levels only.
        m_showFat = false; // fat boxes hug the tight ones at this scale: they would only double the lines
        m_showTight = m_showPairs = count <= 10000;
        m_view.maxDepth = count <= 10000 ? 7 : 9;
    }

    int m_countIndex = 0;
    Motion m_motion = Motion::AllMove;
    vox::Rng m_rng{1};
    float m_side = 1.0f;
    vox::DynamicAabbTree m_tree;
    std::vector<SwarmBox> m_objects;
    std::vector<std::pair<vox::ProxyId, vox::ProxyId>> m_newPairs;
    vox::TreeStats m_treeStats;
    vox::TreeViewSettings m_view;
    vox::TreeViewCounts m_drawn;
    double m_motionMs = 0.0;
    double m_treeMs = 0.0;
    bool m_showInternal = true;
    bool m_showFat = true;
    bool m_showTight = true;
    bool m_showPairs = true;
};

} // namespace

std::unique_ptr<Scene> makeSwarmScene(const SceneResources& resources) {
    (void)resources;
    return std::make_unique<SwarmScene>();
}

} // namespace samples
