#pragma once
// `HeadlessRunner`: a run with no display to keep up with (--headless, tests, recordings, screenshots):
// exactly one step per frame, back to back, and only the last frame drawn. It needs no window: events
// come in through `handleEvent`, the picture goes out through a `FrameDrawer`.

#include "runner/frame_loop.h"
#include "runner/scene_stepper.h"

#include "vox/platform/fixed_step_clock.h"

#include <SDL.h>

#include <optional>
#include <string>

namespace invaders {

/// See the file comment.
class HeadlessRunner {
public:
    /// Runs `stepper`'s steps and draws the last frame with `drawer`; both borrowed.
    HeadlessRunner(SceneStepper& stepper, FrameDrawer& drawer) : m_stepper(stepper), m_drawer(drawer) {}

    /// An event (the only one that matters headless: SDL_QUIT, Ctrl+C).
    void handleEvent(const SDL_Event& event) { m_stepper.handleEvent(event); }
    /// One frame: one step, and the picture when it was the last. False when the run is over.
    [[nodiscard]] bool frame();
    /// Why the last frame could not be drawn, if it could not.
    [[nodiscard]] const std::optional<std::string>& drawFailure() const { return m_drawFailure; }

private:
    SceneStepper& m_stepper;
    FrameDrawer& m_drawer;
    vox::FixedStepClock m_clock{clockSettings(RunMode::Headless)};
    std::optional<std::string> m_drawFailure;
};

} // namespace invaders
