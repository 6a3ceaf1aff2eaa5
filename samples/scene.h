#pragma once
/// @file
/// `Scene`: one sample of vox-samples. The main loop owns the window, the camera, the panel with the scene
/// list, pause and single step; a scene only simulates, draws and explains itself.

#include "vox/broadphase/aabb.h"
#include "vox/debug/line_batch.h"
#include "vox/render/camera.h"
#include "vox/render/scene_renderer.h"

#include <glm/vec2.hpp>
#include <glm/vec3.hpp>

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

union SDL_Event;

namespace samples {

/// What a scene may use while it exists: the renderer (for its meshes; a scene removes the meshes it added
/// when destroyed) and the folder of the sample models.
struct SceneResources {
    vox::SceneRenderer& renderer;          ///< Shared by every scene, alive longer than any.
    std::filesystem::path assetsDirectory; ///< Holds the .vox models (the checkout's assets/).
};

/// Where the orbit camera starts for a scene.
struct CameraPose {
    glm::vec3 target{0.0f}; ///< Point looked at, world units.
    float distance = 60.0f; ///< From the target, world units.
    float yaw = 0.0f;       ///< Radians about y; 0 looks along -z.
    float pitch = 0.35f;    ///< Radians; positive looks down.
};

/// One frame's view, for drawing and for mapping the mouse.
struct SceneView {
    vox::Camera camera;     ///< This frame's camera.
    glm::ivec2 size{0};     ///< Viewport size, pixels.
    glm::vec2 mouse{-1.0f}; ///< Mouse position in viewport pixels (origin top-left).

    /// Pixel (origin top-left) where `world` appears; nothing when it is behind the camera.
    [[nodiscard]] std::optional<glm::vec2> project(const glm::vec3& world) const;
    /// The ray from the eye through viewport pixel `pixel` (origin top-left), from the near plane to the far
    /// plane (`maxFraction` 1).
    [[nodiscard]] vox::Ray rayThrough(const glm::vec2& pixel) const;
};

/// One `name: number` line of `--stats`, also shown in the panel.
struct SceneStat {
    std::string name;    ///< Lower case, no spaces: `proxies`, `pairs`, `voxels`.
    double value = 0.0;  ///< The count or time.
    bool integer = true; ///< Printed without decimals.
};

/// A sample. Called in this order every frame: `handleEvent` for each event, `step` for each fixed step
/// the clock hands out (none while paused), `draw`, then `gui` inside the ImGui frame.
class Scene {
public:
    virtual ~Scene() = default;
    /// Advances the scene by one fixed step (1/60 s).
    virtual void step() = 0;
    /// Records the 3D picture: sprites into `renderer`, wireframes into `lines` (drawn over the sprites).
    virtual void draw(const SceneView& view, vox::SceneRenderer& renderer, vox::LineBatch& lines) = 0;
    /// The scene's own widgets inside the main panel (controls, legend), and any free-floating ImGui text
    /// (labels at projected points, a caption window).
    virtual void gui(const SceneView& view) = 0;
    /// Counts and times for the panel, its graphs and `--stats`.
    [[nodiscard]] virtual std::vector<SceneStat> stats() const = 0;
    /// Offers an event the panel did not take; true when the scene used it (the camera then ignores it).
    virtual bool handleEvent(const SDL_Event& event, const SceneView& view) {
        (void)event;
        (void)view;
        return false;
    }
    /// Where the camera starts.
    [[nodiscard]] virtual CameraPose cameraPose() const { return {}; }
    /// Headless runs call this before each frame's step (`frame` from 0), in place of a user, so that a
    /// screenshot shows the scene at work: an interactive scene plays its script here.
    virtual void autoplay(int64_t frame) { (void)frame; }
};

} // namespace samples
