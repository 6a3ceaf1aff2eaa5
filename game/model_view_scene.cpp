#include "model_view_scene.h"

#include "actions.h"
#include "scene/apply_quality.h"

#include "vox/render/camera.h"

#include <glm/geometric.hpp>

#include <algorithm>
#include <cmath>

namespace invaders {
namespace {

constexpr float kOrbitPerStep = 0.008f; // radians
constexpr float kTurnPerStep = 0.04f;   // radians, while Left / Right is held
constexpr float kPitch = 0.38f;         // radians above the horizon
constexpr float kFieldOfView = 35.0f;   // degrees
constexpr int kStepsPerAnimationFrame = 20;

} // namespace

vox::Result<std::unique_ptr<ModelViewScene>>
ModelViewScene::create(const std::filesystem::path& shaderDirectory, const std::filesystem::path& file,
                       std::optional<int64_t> frame) {
    vox::Result<vox::SceneRenderer> renderer =
        vox::SceneRenderer::create(shaderDirectory, gameRendererSettings());
    if (!renderer)
        return renderer.error();
    vox::Result<SpriteMeshes> sprite = loadSpriteMeshes(renderer.value(), file);
    if (!sprite)
        return sprite.error();
    const size_t frames = sprite.value().meshes.size();
    if (frames == 0)
        return vox::Error{file.string() + ": the file holds no model to view"};
    if (frame && *frame >= static_cast<int64_t>(frames)) {
        return vox::Error{"--frame " + std::to_string(*frame) + ": " + file.string() + " has " +
                          std::to_string(frames) +
                          (frames == 1 ? " frame (use --frame 0)" : " frames (0 to ") +
                          (frames == 1 ? "" : std::to_string(frames - 1) + ")")};
    }
    return std::unique_ptr<ModelViewScene>(new ModelViewScene(
        std::move(renderer).value(), std::move(sprite).value(), file.filename().string(), frame));
}

ModelViewScene::ModelViewScene(vox::SceneRenderer renderer, SpriteMeshes sprite, std::string name,
                               std::optional<int64_t> frame)
    : m_renderer(std::move(renderer)), m_sprite(std::move(sprite)), m_name(std::move(name)), m_frame(frame) {}

size_t ModelViewScene::currentFrame() const {
    if (m_frame)
        return static_cast<size_t>(*m_frame);
    return static_cast<size_t>(m_tick / kStepsPerAnimationFrame) % m_sprite.meshes.size();
}

void ModelViewScene::step(const vox::ActionState& input) {
    ++m_tick;
    m_previousYaw = m_yaw;
    if (input.pressed(Action::Pause))
        m_paused = !m_paused;
    if (!m_paused)
        m_yaw += kOrbitPerStep;
    if (input.held(Action::Left))
        m_yaw -= kTurnPerStep;
    if (input.held(Action::Right))
        m_yaw += kTurnPerStep;
}

void ModelViewScene::render(int width, int height, double alpha) {
    const size_t frame = currentFrame();
    const vox::VoxelModel& model = m_sprite.sprite.frames[frame];
    const glm::vec3 size(model.size());
    // The model centred on the origin, standing on the ground.
    const glm::vec3 position(-size.x * 0.5f, -size.y * 0.5f, 0.0f);
    vox::SceneLook& look = m_renderer.look();
    look.groundHeight = -size.y * 0.5f - 0.01f;
    const float radius = std::max(glm::length(size) * 0.5f, 1.0f);
    const float aspect = static_cast<float>(width) / static_cast<float>(height);
    const float halfFov = glm::radians(kFieldOfView) * 0.5f * std::min(aspect, 1.0f);
    const float distance = radius / std::sin(halfFov) * 1.05f;
    look.fogStart = distance * 1.5f;
    look.fogDensity = 3.0f / distance;
    const float yaw = m_previousYaw + (m_yaw - m_previousYaw) * static_cast<float>(alpha);
    m_camera = vox::orbitCamera(glm::vec3(0.0f), distance, yaw, kPitch, kFieldOfView, aspect);

    m_renderer.beginFrame(m_camera, vox::Viewport{0, 0, width, height}, static_cast<double>(m_tick) / 60.0);
    m_renderer.drawSprite({.mesh = m_sprite.meshes[frame], .position = position});
    const std::string info = m_name + "  frame " + std::to_string(frame) + "/" +
                             std::to_string(m_sprite.meshes.size()) + "  " + std::to_string(model.size().x) +
                             "x" + std::to_string(model.size().y) + "x" + std::to_string(model.size().z) +
                             "  " + std::to_string(model.voxelCount()) + " voxels  " +
                             std::to_string(m_renderer.meshQuadCount(m_sprite.meshes[frame])) + " quads";
    vox::TextStyle style;
    style.anchor = glm::vec2(0.02f, 0.03f);
    style.pivot = glm::vec2(0.0f, 0.0f);
    style.color = glm::vec4(0.75f, 0.85f, 1.0f, 1.0f);
    m_renderer.drawText(info, style);
    (void)m_renderer.endFrame();
}

SceneDebugView ModelViewScene::debugView() const {
    return {m_camera, m_renderer.lastFrameStats(), nullptr, 0.0};
}

} // namespace invaders
