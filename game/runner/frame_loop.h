#pragma once
// One frame of either runner: the steps the fixed-step clock hands out for the frame's time, then the
// picture when the run draws it (frame_pacing.h says which). The windowed and the headless runner differ
// only in the time they pass in, the events they take and the rest after a frame.

#include "runner/frame_pacing.h"

#include "vox/core/result.h"
#include "vox/platform/fixed_step_clock.h"

#include <optional>
#include <string>

namespace invaders {

class SceneStepper;

/// Draws a frame of the run (the app's `FrameRenderer` into the window; tests count the calls).
class FrameDrawer {
public:
    virtual ~FrameDrawer() = default;
    /// Draws the scene `alpha` (0..1) of the way from the previous step to the latest; an error when the
    /// frame could not be drawn (the run then ends with it).
    virtual vox::Status draw(double alpha) = 0;
};

/// Runs the steps `clock` hands out for `seconds` (stopping early when the run ends), then draws when
/// `mode` draws this frame. Returns false when the run is over (after its last picture); a drawing
/// failure is put in `failure` and ends the run.
[[nodiscard]] bool runFrame(RunMode mode, double seconds, vox::FixedStepClock& clock, SceneStepper& stepper,
                            FrameDrawer& drawer, std::optional<std::string>& failure);

} // namespace invaders
