#pragma once
// DemoScene: what the game loop shows until the game itself lands: the showcase (no mode flag) or the
// model viewer (--view). Both are driven the same way: one `step` per fixed step, one `render` per frame.

#include "vox/platform/action.h"

namespace invaders {

/// A scene the game loop can step and draw. Needs a current GL context; destroy it before the window.
class DemoScene {
public:
    virtual ~DemoScene() = default;
    /// Advances one fixed step with this step's input.
    virtual void step(const vox::ActionState& input) = 0;
    /// Draws into the bound framebuffer, `width` x `height` pixels, `alpha` (0..1) of the way from the
    /// previous step to the latest.
    virtual void render(int width, int height, double alpha) = 0;
};

} // namespace invaders
