#pragma once
// `WindowedRunner`: a run in a window on a display: the steps the wall clock says are due (smoothed,
// fixed_step_clock.h), every frame drawn between the last two steps, the window's and the gamepads'
// events, and the debug overlay's clicks.

#include "runner/frame_loop.h"
#include "runner/scene_stepper.h"

#include "vox/platform/fixed_step_clock.h"
#include "vox/platform/gamepads.h"
#include "vox/platform/window.h"

#include <SDL.h>

#include <cstdint>
#include <optional>
#include <string>

namespace invaders {

class DebugOverlay;

/// See the file comment.
class WindowedRunner {
public:
    /// Runs `stepper`'s steps in `window`, drawing with `drawer`; `overlay` (or null) takes the clicks on
    /// its panel. All borrowed. Opens the gamepads (without them the keyboard still works: a note says
    /// why).
    WindowedRunner(SceneStepper& stepper, FrameDrawer& drawer, vox::Window& window, DebugOverlay* overlay);

    /// An event: the window's size, the gamepads, the overlay's panel, then the game.
    void handleEvent(const SDL_Event& event);
    /// One frame: the steps due, then a picture. False when the run is over.
    [[nodiscard]] bool frame();
    /// Why a frame could not be drawn, if one could not.
    [[nodiscard]] const std::optional<std::string>& drawFailure() const { return m_drawFailure; }

private:
    SceneStepper& m_stepper;
    FrameDrawer& m_drawer;
    vox::Window& m_window;
    DebugOverlay* m_overlay;
    std::optional<vox::Gamepads> m_gamepads;
    vox::FixedStepClock m_clock{clockSettings(RunMode::Windowed)};
    uint64_t m_lastTicks = SDL_GetPerformanceCounter(); // performance counter at the previous frame
    std::optional<std::string> m_drawFailure;
};

} // namespace invaders
