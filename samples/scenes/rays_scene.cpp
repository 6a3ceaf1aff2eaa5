// Rays: a fan of rays swept over a formation of voxel models. Each ray goes through the engine's tree first
// (DynamicAabbTree::queryRay on the models' fat boxes), then, in each model whose box it enters, through the
// model's grid cell by cell (castVoxelRay, a 3D DDA) to the first filled voxel, which is marked. The ray is
// clipped at every hit, so models behind the nearest hit are never walked. The mouse casts one more ray.
#include "scene.h"
#include "scenes/scene_factories.h"
#include "voxel_ray.h"

#include <vox/broadphase/dynamic_aabb_tree.h>
#include <vox/debug/tree_view.h>
#include <vox/voxel/vox_file.h>

#include <imgui.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

namespace samples {
namespace {

constexpr float kStepSeconds = 1.0f / 60.0f;

const char* const kModelFiles[] = {"invader_jelly.vox", "invader_beetle.vox", "invader_brute.vox",
                                   "saucer.vox",        "player.vox",         "shield.vox"};

// One .vox file: its animation frames and their meshes.
struct ModelKind {
    std::string name;
    std::vector<vox::VoxelModel> frames;
    std::vector<vox::MeshHandle> meshes;
};

struct Instance {
    int kind = 0;
    glm::vec3 base{0.0f};     // where it bobs around
    glm::vec3 position{0.0f}; // sprite pivot now
    float phase = 0.0f;
    int frame = 0;
    vox::ProxyId proxy;

    [[nodiscard]] glm::vec3 cellOrigin(const vox::VoxelModel& model) const {
        return vox::spriteOrigin(position, model.size()); // world position of cell (0, 0, 0)'s corner
    }
};

struct RayResult {
    vox::Ray ray;
    float end = 1.0f;                 // the nearest hit's fraction, or 1
    std::optional<glm::vec3> hitCell; // world corner of the voxel hit
    glm::ivec3 normal{0};
    int instance = -1;
    glm::ivec3 cell{0};
};

class RaysScene final : public Scene {
public:
    explicit RaysScene(const SceneResources& resources) : m_renderer(resources.renderer) {
        for (const char* file : kModelFiles) {
            vox::Result<vox::VoxFile> read = vox::readVoxFile(resources.assetsDirectory / file);
            if (!read) {
                m_loadErrors += read.error().message + "\n";
                continue;
            }
            ModelKind kind;
            kind.name = file;
            kind.name.resize(kind.name.size() - 4); // drop ".vox"
            kind.frames = std::move(read.value().models);
            for (const vox::VoxelModel& model : kind.frames)
                kind.meshes.push_back(m_renderer.addMesh(model));
            m_kinds.push_back(std::move(kind));
        }
        placeFormation();
        castAll();
    }
    ~RaysScene() override {
        for (const ModelKind& kind : m_kinds)
            for (const vox::MeshHandle mesh : kind.meshes)
                m_renderer.removeMesh(mesh);
    }
    RaysScene(const RaysScene&) = delete;
    RaysScene& operator=(const RaysScene&) = delete;

    void step() override {
        ++m_steps;
        const float seconds = static_cast<float>(m_steps) * kStepSeconds;
        for (Instance& instance : m_instances) {
            const ModelKind& kind = m_kinds[instance.kind];
            const glm::vec3 before = instance.position;
            instance.position =
                instance.base + glm::vec3(0.0f, 2.0f * std::sin(seconds * 0.9f + instance.phase), 0.0f);
            instance.frame = static_cast<int>((m_steps / 30 + static_cast<int64_t>(instance.phase * 10.0f)) %
                                              static_cast<int64_t>(kind.frames.size()));
            m_tree.moveProxy(instance.proxy, boxOf(instance), instance.position - before);
        }
        m_tree.updatePairs(
            [](vox::ProxyId, vox::ProxyId) {}); // settles the tree; the pairs are not used here
        if (m_sweep)
            m_sweepAngle += 0.35f * kStepSeconds;
        castAll();
    }

    void draw(const SceneView& view, vox::SceneRenderer& renderer, vox::LineBatch& lines) override {
        renderer.look().drawGround = true;
        renderer.look().groundHeight = -6.0f;
        for (const Instance& instance : m_instances) {
            const ModelKind& kind = m_kinds[instance.kind];
            renderer.drawSprite({.mesh = kind.meshes[instance.frame], .position = instance.position});
        }
        vox::TreeViewSettings settings;
        settings.internalNodes = m_showTree;
        settings.fatBoxes = false; // only the ones a ray entered, below
        settings.tightBoxes = false;
        settings.maxDepth = m_treeDepth;
        vox::addTreeBoxes(m_tree, settings, {}, lines);
        const uint32_t fatColor = vox::packColor({0.25f, 0.85f, 1.0f, 0.7f});
        for (const vox::ProxyId proxy : m_enteredBoxes)
            lines.addBox(m_tree.fatBox(proxy), fatColor);

        lines.addBox(vox::Aabb::fromCenter(m_emitter, glm::vec3(1.0f)),
                     vox::packColor({1.0f, 0.9f, 0.3f, 1.0f}));
        const uint32_t hitRay = vox::packColor({1.0f, 0.9f, 0.3f, 0.9f});
        const uint32_t missRay = vox::packColor({0.6f, 0.6f, 0.7f, 0.25f});
        for (const RayResult& result : m_results)
            drawRay(lines, result, hitRay, missRay, vox::packColor({1.0f, 0.3f, 0.25f, 1.0f}));
        // The mouse's ray, from the eye: only its voxel shows, the ray itself is a point on the screen.
        m_mouseHit.reset();
        if (view.mouse.x >= 0.0f && view.size.x > 0) {
            RayResult mouse = cast(view.rayThrough(view.mouse), nullptr);
            if (mouse.hitCell) {
                drawRay(lines, mouse, 0, 0, vox::packColor({1.0f, 0.35f, 1.0f, 1.0f}));
                m_mouseHit = mouse;
            }
        }
    }

    void gui(const SceneView& view) override {
        (void)view;
        ImGui::TextWrapped(
            "Each ray asks the engine's tree which fat boxes it enters (queryRay, cyan boxes), "
            "then walks each model's grid cell by cell (a 3D DDA) to its first voxel (red). Every "
            "hit clips the ray, so farther models are skipped. Hover a model to cast from the eye.");
        if (!m_loadErrors.empty())
            ImGui::TextColored(ImVec4(1.0f, 0.4f, 0.4f, 1.0f), "%s", m_loadErrors.c_str());
        ImGui::SliderInt("rays", &m_rayCount, 1, 256);
        ImGui::Checkbox("sweep", &m_sweep);
        ImGui::SameLine();
        ImGui::Checkbox("tree", &m_showTree);
        ImGui::SliderInt("tree depth", &m_treeDepth, 0, 12);
        if (m_mouseHit) {
            const RayResult& hit = *m_mouseHit;
            ImGui::Text("mouse: %s, voxel (%d, %d, %d)", m_kinds[m_instances[hit.instance].kind].name.c_str(),
                        hit.cell.x, hit.cell.y, hit.cell.z);
        } else {
            ImGui::TextDisabled("mouse: no voxel under it");
        }
    }

    std::vector<SceneStat> stats() const override {
        int64_t voxels = 0;
        for (const Instance& instance : m_instances)
            voxels += m_kinds[instance.kind].frames[instance.frame].voxelCount();
        int64_t hits = 0;
        for (const RayResult& result : m_results)
            hits += result.hitCell ? 1 : 0;
        return {{"models", static_cast<double>(m_instances.size())},
                {"voxels", static_cast<double>(voxels)},
                {"proxies", static_cast<double>(m_tree.proxyCount())},
                {"rays", static_cast<double>(m_results.size())},
                {"hits", static_cast<double>(hits)},
                {"fat_boxes_entered", static_cast<double>(m_boxesEntered)},
                {"cells_visited", static_cast<double>(m_cellsVisited)},
                {"cast_ms", m_castMs, false}};
    }

    CameraPose cameraPose() const override {
        return {.target = {-2.0f, 14.0f, 10.0f}, .distance = 130.0f, .yaw = -0.3f, .pitch = 0.3f};
    }

private:
    [[nodiscard]] vox::Aabb boxOf(const Instance& instance) const {
        const vox::VoxelModel& model = m_kinds[instance.kind].frames[instance.frame];
        const glm::vec3 origin = instance.cellOrigin(model);
        return {origin, origin + glm::vec3(model.size())};
    }

    // Invaders in rows, staggered in depth, a saucer above, the player and shields in front.
    void placeFormation() {
        if (m_kinds.size() < std::size(kModelFiles))
            return; // a model is missing: the panel says which
        const auto add = [&](int kind, glm::vec3 base, float phase) {
            Instance instance;
            instance.kind = kind;
            instance.base = base;
            instance.position = base;
            instance.phase = phase;
            if (vox::Result<vox::ProxyId> proxy = m_tree.createProxy(boxOf(instance), m_instances.size()))
                instance.proxy = proxy.value();
            m_instances.push_back(instance);
        };
        for (int row = 0; row < 3; ++row)
            for (int column = 0; column < 6; ++column)
                add(row,
                    {static_cast<float>(column) * 16.0f - 44.0f, 14.0f + static_cast<float>(row) * 11.0f,
                     static_cast<float>((column + row) % 3) * -8.0f},
                    static_cast<float>(row * 6 + column) * 0.7f);
        add(3, {-8.0f, 50.0f, -6.0f}, 0.0f);
        add(4, {-8.0f, -4.0f, 18.0f}, 1.0f);
        for (int shield = 0; shield < 3; ++shield)
            add(5, {static_cast<float>(shield) * 30.0f - 41.0f, 0.0f, 10.0f},
                2.0f + static_cast<float>(shield));
    }

    // The fan: from a point in front and above, towards a line that sweeps over the formation.
    void castAll() {
        const auto start = std::chrono::steady_clock::now();
        m_results.clear();
        m_enteredBoxes.clear();
        m_boxesEntered = 0;
        m_cellsVisited = 0;
        m_emitter = glm::vec3(-20.0f + 25.0f * std::sin(m_sweepAngle), 22.0f, 60.0f);
        for (int i = 0; i < m_rayCount; ++i) {
            const float across =
                m_rayCount == 1 ? 0.5f : static_cast<float>(i) / static_cast<float>(m_rayCount - 1);
            const glm::vec3 target(-55.0f + 110.0f * across,
                                   20.0f + 16.0f * std::sin(m_sweepAngle * 3.0f + across * 9.0f), -30.0f);
            m_results.push_back(cast({m_emitter, target - m_emitter, 1.0f}, &m_enteredBoxes));
        }
        m_castMs =
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    }

    RayResult cast(const vox::Ray& ray, std::vector<vox::ProxyId>* entered) {
        RayResult result;
        result.ray = ray;
        VoxelRayCost cost;
        m_tree.queryRay(ray, [&](vox::ProxyId proxy, float /*entry*/) -> float {
            if (entered != nullptr) {
                entered->push_back(proxy);
                ++m_boxesEntered;
            }
            const Instance& instance = m_instances[m_tree.userData(proxy)];
            const vox::VoxelModel& model = m_kinds[instance.kind].frames[instance.frame];
            const glm::vec3 origin = instance.cellOrigin(model);
            // In the model's cells: the same ray, its origin moved; fractions stay the same.
            if (const std::optional<VoxelRayHit> hit =
                    castVoxelRay(model, ray.origin - origin, ray.direction, result.end, &cost);
                hit && hit->fraction < result.end) {
                result.end = hit->fraction;
                result.hitCell = origin + glm::vec3(hit->cell);
                result.normal = hit->normal;
                result.instance = static_cast<int>(m_tree.userData(proxy));
                result.cell = hit->cell;
            }
            return result.end; // clip: nothing behind this hit matters any more
        });
        if (entered != nullptr)
            m_cellsVisited += cost.cellsVisited;
        return result;
    }

    static void drawRay(vox::LineBatch& lines, const RayResult& result, uint32_t hitColor, uint32_t missColor,
                        uint32_t voxelColor) {
        const glm::vec3 end = result.ray.origin + result.ray.direction * result.end;
        if (hitColor != 0 || missColor != 0)
            lines.addLine(result.ray.origin, end, result.hitCell ? hitColor : missColor);
        if (!result.hitCell)
            return;
        const vox::Aabb cell{*result.hitCell, *result.hitCell + glm::vec3(1.0f)};
        lines.addBox(cell.fattened(0.05f), voxelColor);
        lines.addBox(cell.fattened(0.2f), voxelColor);
        lines.addLine(end, end + glm::vec3(result.normal) * 2.5f, voxelColor); // the face it entered
    }

    vox::SceneRenderer& m_renderer;
    std::vector<ModelKind> m_kinds;
    std::vector<Instance> m_instances;
    vox::DynamicAabbTree m_tree;
    std::vector<RayResult> m_results;
    std::vector<vox::ProxyId> m_enteredBoxes;
    std::optional<RayResult> m_mouseHit;
    std::string m_loadErrors;
    int64_t m_steps = 0;
    int64_t m_boxesEntered = 0;
    int64_t m_cellsVisited = 0;
    double m_castMs = 0.0;
    float m_sweepAngle = 0.0f;
    glm::vec3 m_emitter{0.0f};
    int m_rayCount = 48;
    int m_treeDepth = 3;
    bool m_sweep = true;
    bool m_showTree = true;
};

} // namespace

std::unique_ptr<Scene> makeRaysScene(const SceneResources& resources) {
    return std::make_unique<RaysScene>(resources);
}

} // namespace samples
