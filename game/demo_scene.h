#pragma once
// DemoScene: what the game loop shows until the game itself lands: the showcase (no mode flag) or the
// model viewer (--view). Both are driven the same way: one `step` per fixed step, one `render` per frame.

#include "vox/platform/action.h"
#include "vox/render/camera.h"
#include "vox/render/frame_stats.h"

namespace invaders {

class Simulation;

/// What the debug overlay shows of a scene: how it was last drawn, and the game session if there is one.
struct SceneDebugView {
    vox::Camera camera;                     ///< The camera of the latest `render`.
    vox::FrameStats frame;                  ///< The renderer's figures for that frame.
    const Simulation* simulation = nullptr; ///< The session being shown; none on the title and in --view.
    double stepMilliseconds = 0.0;          ///< Wall time of the latest `step` (display only).
};

/// A scene the game loop can step and draw. Needs a current GL context; destroy it before the window.
class DemoScene {
public:
    virtual ~DemoScene() = default;
    /// Advances one fixed step with this step's input.
    virtual void step(const vox::ActionState& input) = 0;
    /// Draws into the bound framebuffer, `width` x `height` pixels, `alpha` (0..1) of the way from the
    /// previous step to the latest.
    virtual void render(int width, int height, double alpha) = 0;
    /// What the debug overlay shows of this scene (valid after a `render`).
    [[nodiscard]] virtual SceneDebugView debugView() const = 0;
};

} // namespace invaders
