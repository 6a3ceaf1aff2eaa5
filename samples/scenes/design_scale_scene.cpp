// Design scale: over 300 voxel models and over 1,000,000 voxels (10 cm each) in a world over a kilometre
// across, moving, turning and colliding exactly at the voxel level, eroding where they hit
// (samples/design_scale_world.h). Drawn at an interactive rate on a software rasteriser by culling the models
// to the view and drawing far ones from coarser copies (2x and 4x downsampled, drawn 2 and 4 times larger).
#include "design_scale_world.h"
#include "scene.h"
#include "scenes/scene_factories.h"

#include <vox/voxel/palette.h>

#include <SDL.h>
#include <glm/geometric.hpp>
#include <imgui.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <optional>
#include <vector>

namespace samples {
namespace {

// The levels of detail: cells of the full model per cell of the mesh drawn.
constexpr std::array<int32_t, 3> kLodFactors = {1, 2, 4};
// Seconds a contact's marker and a hit model's flash last.
constexpr float kMarkerSeconds = 1.5f;
constexpr float kFlashSeconds = 0.4f;
// The cluster the camera starts on: it keeps still, so that the camera keeps it in view.
constexpr int32_t kHomeCluster = 5;

// A crater's centre, a cell of a model, marked where the model is now.
struct ContactMarker {
    int32_t model = 0;
    glm::ivec3 cell{0};
    float secondsLeft = 0.0f;
};

class DesignScaleScene final : public Scene {
public:
    explicit DesignScaleScene(vox::SceneRenderer& renderer)
        : m_renderer(renderer), m_world(stillHome()), m_savedLook(renderer.look()),
          m_savedSamples(renderer.samples()), m_savedRenderScale(renderer.renderScale()),
          m_savedByFace(renderer.drawByFaceDirection()) {
        // Speed on a software rasteriser: one sample, 3/4 of the pixels, back-facing runs left out.
        renderer.setSamples(1);
        renderer.setRenderScale(0.75f);
        renderer.setDrawByFaceDirection(true);
        m_meshes.reserve(m_world.models().size());
        for (const DesignScaleModel& object : m_world.models()) {
            std::array<vox::MeshHandle, kLodFactors.size()> meshes{};
            for (size_t lod = 0; lod < kLodFactors.size(); ++lod)
                meshes[lod] = renderer.addMesh(levelOfDetail(object.model, lod));
            m_meshes.push_back(meshes);
        }
        m_flash.assign(m_world.models().size(), 0.0f);
        m_camera = homeCamera();
    }

    ~DesignScaleScene() override {
        for (const auto& meshes : m_meshes)
            for (const vox::MeshHandle mesh : meshes)
                m_renderer.removeMesh(mesh);
        m_renderer.look() = m_savedLook;
        m_renderer.setSamples(m_savedSamples);
        m_renderer.setRenderScale(m_savedRenderScale);
        m_renderer.setDrawByFaceDirection(m_savedByFace);
    }

    DesignScaleScene(const DesignScaleScene&) = delete;
    DesignScaleScene& operator=(const DesignScaleScene&) = delete;

    void step() override {
        m_world.step();
        for (float& flash : m_flash)
            flash = std::max(0.0f, flash - DesignScaleWorld::kStepSeconds);
        for (ContactMarker& marker : m_markers)
            marker.secondsLeft -= DesignScaleWorld::kStepSeconds;
        std::erase_if(m_markers, [](const ContactMarker& marker) { return marker.secondsLeft <= 0.0f; });
        // The models a contact eroded: every level of detail meshed again, and a flash.
        for (const int32_t index : m_world.changedModels()) {
            const DesignScaleModel& object = m_world.models()[static_cast<size_t>(index)];
            for (size_t lod = 0; lod < kLodFactors.size(); ++lod)
                m_renderer.updateMesh(m_meshes[static_cast<size_t>(index)][lod],
                                      levelOfDetail(object.model, lod));
            m_flash[static_cast<size_t>(index)] = kFlashSeconds;
        }
        if (!m_world.changedModels().empty())
            for (const DesignScaleContact& contact : m_world.contacts()) {
                const std::vector<int32_t>& changed = m_world.changedModels();
                if (!std::binary_search(changed.begin(), changed.end(), contact.modelA))
                    continue; // a nudge, not eroded
                m_markers.push_back({contact.modelA, contact.voxels.cellA, kMarkerSeconds});
                m_markers.push_back({contact.modelB, contact.voxels.cellB, kMarkerSeconds});
            }
    }

    void draw(const SceneView& view, vox::SceneRenderer& renderer, vox::LineBatch& lines) override {
        updateFrameRate();
        vox::SceneLook& look = renderer.look();
        look.drawGround = false; // space
        look.fogStart = 1200.0f;
        look.fogDensity = 0.0009f;
        look.stars = 1.0f;

        // The view's six planes (Gribb and Hartmann), and the pixels one voxel covers at distance 1.
        const glm::mat4 viewProjection = view.camera.viewProjection();
        std::array<glm::vec4, 6> planes{};
        for (int i = 0; i < 3; ++i) {
            const glm::vec4 row(viewProjection[0][i], viewProjection[1][i], viewProjection[2][i],
                                viewProjection[3][i]);
            const glm::vec4 last(viewProjection[0][3], viewProjection[1][3], viewProjection[2][3],
                                 viewProjection[3][3]);
            planes[2 * i] = last + row;
            planes[2 * i + 1] = last - row;
        }
        for (glm::vec4& plane : planes)
            plane /= glm::length(glm::vec3(plane));
        const float pixelsAtUnitDistance =
            view.camera.projection[1][1] * static_cast<float>(view.size.y) * 0.5f;

        m_drawnPerLod.fill(0);
        m_culled = 0;
        m_drawnVoxels = 0;
        const auto& models = m_world.models();
        for (size_t i = 0; i < models.size(); ++i) {
            const DesignScaleModel& object = models[i];
            if (object.model.voxelCount() == 0)
                continue;
            const float reach = glm::length(glm::vec3(object.model.size())) * 0.5f;
            bool inside = true;
            for (const glm::vec4& plane : planes)
                inside = inside && glm::dot(glm::vec3(plane), object.center) + plane.w > -reach;
            const float distance = std::max(1.0f, glm::length(object.center - view.camera.position));
            const float voxelPixels = pixelsAtUnitDistance / distance;
            if (m_cull && (!inside || voxelPixels * reach < 1.0f)) {
                ++m_culled;
                continue;
            }
            size_t lod = 0;
            if (m_levelsOfDetail)
                lod = voxelPixels >= 2.0f ? 0 : (voxelPixels >= 1.0f ? 1 : 2);
            ++m_drawnPerLod[lod];
            m_drawnVoxels += object.model.voxelCount();
            renderer.drawSprite(spriteOf(object, m_meshes[i][lod], lod, m_flash[i] / kFlashSeconds));
        }
        if (m_showMarkers) {
            for (const ContactMarker& marker : m_markers) {
                const float size = 3.0f + 6.0f * (1.0f - marker.secondsLeft / kMarkerSeconds);
                const uint32_t color =
                    vox::packColor({1.0f, 0.35f, 0.2f, marker.secondsLeft / kMarkerSeconds});
                for (int axis = 0; axis < 3; ++axis) {
                    glm::vec3 arm(0.0f);
                    arm[axis] = size;
                    lines.addLine(markerPoint(marker) - arm, markerPoint(marker) + arm, color);
                }
            }
        }
    }

    void gui(const SceneView& view) override {
        (void)view;
        ImGui::TextWrapped(
            "%d voxel models, %lld voxels of 10 cm, %.0f m across. Each step: every model's box "
            "to a DynamicAabbTree, firstOrientedContact on its pairs (oriented boxes, bricks, "
            "voxels); a hit over 3 m/s erodes both models, and they bounce.",
            static_cast<int>(m_world.models().size()), static_cast<long long>(m_world.voxelCount()),
            static_cast<double>(m_world.settings().worldSize) / 10.0);
        ImGui::Checkbox("cull to the view", &m_cull);
        ImGui::SameLine();
        ImGui::Checkbox("levels of detail", &m_levelsOfDetail);
        ImGui::Checkbox("contact markers", &m_showMarkers);
        if (ImGui::Button("Look at the latest hit (H)"))
            lookAtLatestHit();
        ImGui::SameLine();
        if (ImGui::Button("Back"))
            m_camera = homeCamera();
        if (ImGui::Button("Start again"))
            startAgain();
        ImGui::Text("drawn: %d full, %d at 1/2, %d at 1/4\n(%lld voxels)", m_drawnPerLod[0], m_drawnPerLod[1],
                    m_drawnPerLod[2], static_cast<long long>(m_drawnVoxels));
        ImGui::Text("culled: %d   frame rate: %.1f fps", m_culled, m_framesPerSecond);
        const DesignScaleTimes& times = m_world.times();
        ImGui::Text("broadphase %.3f ms, narrowphase %.3f ms", times.broadphaseMs, times.narrowphaseMs);
        ImGui::Text("erosion and bricks %.3f ms", times.responseMs);
        ImGui::TextDisabled("A voxel under 2 pixels: the 1/2 copy;\nunder 1: the 1/4 copy.");
    }

    std::vector<SceneStat> stats() const override {
        const DesignScaleTimes& times = m_world.times();
        return {{"models", static_cast<double>(m_world.models().size())},
                {"voxels", static_cast<double>(m_world.voxelCount())},
                {"proxies", static_cast<double>(m_world.treeStats().proxies)},
                {"pairs", static_cast<double>(m_world.boxPairs().size())},
                {"touching", static_cast<double>(m_world.contacts().size())},
                {"impacts", static_cast<double>(m_world.impacts())},
                {"eroded", static_cast<double>(m_world.erodedVoxels())},
                {"drawn", static_cast<double>(m_drawnPerLod[0] + m_drawnPerLod[1] + m_drawnPerLod[2])},
                {"broadphase_ms", times.broadphaseMs, false},
                {"narrowphase_ms", times.narrowphaseMs, false},
                {"collision_ms", times.collisionMs(), false},
                {"fps", m_framesPerSecond, false}};
    }

    CameraPose cameraPose() const override { return m_camera; }

    bool handleEvent(const SDL_Event& event, const SceneView& view) override {
        (void)view;
        if (event.type == SDL_KEYDOWN && event.key.keysym.scancode == SDL_SCANCODE_H) {
            lookAtLatestHit();
            return true;
        }
        return false;
    }

private:
    static DesignScaleSettings stillHome() {
        DesignScaleSettings settings;
        settings.stillCluster = kHomeCluster;
        return settings;
    }

    // The mesh of level `lod` of `model`.
    static vox::VoxelModel levelOfDetail(const vox::VoxelModel& model, size_t lod) {
        return lod == 0 ? model : downsampleVoxels(model, kLodFactors[lod]);
    }

    // The sprite that draws `object` at its collision pose from the mesh of level `lod`.
    static vox::SpriteInstance spriteOf(const DesignScaleModel& object, vox::MeshHandle mesh, size_t lod,
                                        float flash) {
        const DesignScaleSprite placement = spritePlacement(object, kLodFactors[lod]);
        return {.mesh = mesh,
                .position = placement.position,
                .rotation = placement.rotation,
                .scale = placement.scale,
                .flash = flash * 0.8f};
    }

    // The camera's start (the main loop moves the camera there when it changes): the home cluster.
    CameraPose homeCamera() const {
        return {.target = m_world.clusterCenters()[kHomeCluster],
                .distance = 420.0f,
                .yaw = 0.7f,
                .pitch = 0.28f};
    }
    // The world as it began (erosion takes about 1,000 voxels a second at first), every mesh remade.
    void startAgain() {
        m_world = DesignScaleWorld(stillHome());
        for (size_t i = 0; i < m_world.models().size(); ++i)
            for (size_t lod = 0; lod < kLodFactors.size(); ++lod)
                m_renderer.updateMesh(m_meshes[i][lod], levelOfDetail(m_world.models()[i].model, lod));
        m_flash.assign(m_world.models().size(), 0.0f);
        m_markers.clear();
        m_camera = homeCamera();
    }
    // Where `marker`'s cell is now.
    glm::vec3 markerPoint(const ContactMarker& marker) const {
        const vox::VoxelPose pose = m_world.models()[static_cast<size_t>(marker.model)].pose();
        return pose.position + pose.rotation * (glm::vec3(marker.cell) + 0.5f);
    }
    // A close look at the latest erosion, to see the craters where the contacts were.
    void lookAtLatestHit() {
        if (!m_markers.empty())
            m_camera = {.target = markerPoint(m_markers.back()),
                        .distance = 110.0f,
                        .yaw = m_camera.yaw + 0.4f,
                        .pitch = 0.3f};
    }

    // Frames per second from the wall-clock time between draws: the median of the last 60 intervals.
    void updateFrameRate() {
        const auto now = std::chrono::steady_clock::now();
        if (m_lastDraw) {
            m_intervals[m_intervalCount % m_intervals.size()] =
                std::chrono::duration<double>(now - *m_lastDraw).count();
            ++m_intervalCount;
            const size_t filled = std::min(m_intervalCount, m_intervals.size());
            std::array<double, 60> sorted = m_intervals;
            std::sort(sorted.begin(), sorted.begin() + static_cast<std::ptrdiff_t>(filled));
            const double median = sorted[filled / 2];
            m_framesPerSecond = median > 0.0 ? 1.0 / median : 0.0;
        }
        m_lastDraw = now;
    }

    vox::SceneRenderer& m_renderer;
    DesignScaleWorld m_world;
    std::vector<std::array<vox::MeshHandle, kLodFactors.size()>> m_meshes;
    std::vector<float> m_flash;
    std::vector<ContactMarker> m_markers;
    vox::SceneLook m_savedLook;
    int32_t m_savedSamples = 4;
    float m_savedRenderScale = 1.0f;
    bool m_savedByFace = false;
    bool m_cull = true;
    bool m_levelsOfDetail = true;
    bool m_showMarkers = true;
    std::array<int32_t, kLodFactors.size()> m_drawnPerLod{};
    int32_t m_culled = 0;
    int64_t m_drawnVoxels = 0;
    std::optional<std::chrono::steady_clock::time_point> m_lastDraw;
    std::array<double, 60> m_intervals{};
    size_t m_intervalCount = 0;
    double m_framesPerSecond = 0.0;
    CameraPose m_camera;
};

} // namespace

std::unique_ptr<Scene> makeDesignScaleScene(const SceneResources& resources) {
    return std::make_unique<DesignScaleScene>(resources.renderer);
}

} // namespace samples
