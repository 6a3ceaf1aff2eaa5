#pragma once
// ModelViewScene: `voxel-invaders --view FILE.vox [--frame N]`, an orbiting look at any .vox model so
// artists can check their work under the game's lighting. Without --frame it plays every frame of the
// file as an animation; Left / Right turn the camera, Pause stops the orbit.

#include "demo_scene.h"
#include "sprite_assets.h"

#include "vox/core/result.h"
#include "vox/render/scene_renderer.h"

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>

namespace invaders {

/// See the file comment.
class ModelViewScene final : public DemoScene {
public:
    /// Loads `file`; `frame` (when given) must be below the file's model count, else the error says how
    /// many frames the file has.
    [[nodiscard]] static vox::Result<std::unique_ptr<ModelViewScene>>
    create(const std::filesystem::path& shaderDirectory, const std::filesystem::path& file,
           std::optional<int64_t> frame);

    void step(const vox::ActionState& input) override;
    void render(int width, int height, double alpha) override;
    [[nodiscard]] SceneDebugView debugView() const override;

private:
    ModelViewScene(vox::SceneRenderer renderer, SpriteMeshes sprite, std::string name,
                   std::optional<int64_t> frame);
    [[nodiscard]] size_t currentFrame() const;

    vox::SceneRenderer m_renderer;
    vox::Camera m_camera;
    SpriteMeshes m_sprite;
    std::string m_name;
    std::optional<int64_t> m_frame;
    int64_t m_tick = 0;
    float m_yaw = 0.6f;
    float m_previousYaw = 0.6f;
    bool m_paused = false;
};

} // namespace invaders
