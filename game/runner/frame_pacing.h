#pragma once
// How a run paces its frames, as pure functions the runner calls and the tests check. A window measures
// real time, steps as the fixed-step clock says and draws every frame between the last two steps; a
// headless run has no real time to keep up with: exactly one step per frame, back to back, and only its
// last frame drawn (the screenshot; software GL is slow).

#include "vox/platform/fixed_step_clock.h"
#include "vox/platform/main_loop.h"

#include <cstdint>

namespace invaders {

/// Which runner: a window on a display, or headless (tests, recordings, screenshots).
enum class RunMode : uint8_t {
    Windowed, ///< Paced by the display and the wall clock.
    Headless, ///< One step per frame, as fast as it can.
};

/// The step clock's settings: a window smooths the frame times it measures (fixed_step_clock.h, "Frame
/// pacing"); headless runs take the defaults and feed exactly one step per frame.
[[nodiscard]] vox::FixedStepSettings clockSettings(RunMode mode);

/// Whether frames wait for the display (a window) or run back to back (headless).
[[nodiscard]] vox::LoopPacing loopPacing(RunMode mode);

/// The seconds a frame advances the clock by: `counterTicks` of a performance counter running at
/// `counterFrequency` per second (a window; 0 when the frequency is 0), or exactly one step (headless).
[[nodiscard]] double frameSeconds(RunMode mode, const vox::FixedStepSettings& clock, uint64_t counterTicks,
                                  uint64_t counterFrequency);

/// Whether to draw after this frame's steps: every frame in a window; headless only the last one, the
/// frame after which the run stops (`running` false).
[[nodiscard]] bool drawsFrame(RunMode mode, bool running);

/// How far between the previous and the latest step the drawn frame is, in [0, 1]: the clock's left-over
/// fraction in a window; headless frames show the latest step (1), the same picture on every machine.
[[nodiscard]] double drawAlpha(RunMode mode, const vox::FrameSteps& steps);

/// Whether to rest a millisecond after a frame: in a window without vsync, so as not to spin a core at
/// thousands of frames per second.
[[nodiscard]] bool restsAfterFrame(RunMode mode, bool vsync);

} // namespace invaders
