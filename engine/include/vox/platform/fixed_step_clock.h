#pragma once
/// @file
/// `FixedStepClock`: turns variable frame times into a whole number of fixed simulation steps.
///
/// The simulation always advances by exactly `stepSeconds` (60 Hz by default), so it is a pure function of
/// its inputs per step. Each frame the caller reports how much real time passed; the clock banks it in an
/// accumulator and says how many steps to run now. The fraction of a step left over becomes `alpha`, the
/// interpolation factor between the previous and the current simulation state for rendering.
///
/// After a long stall (a debugger, a dragged window, a slow machine) running every missed step would take
/// longer than the time it stands for, so the next frame would owe even more: the "spiral of death". The
/// clock runs at most `maxStepsPerFrame` steps and drops the rest of the backlog; the game slows down
/// instead of freezing.
///
/// The clock never reads time itself: the caller passes elapsed seconds, so tests drive it with a fake clock.

#include <cstdint>

namespace vox {

/// Settings of a `FixedStepClock`.
struct FixedStepSettings {
    double stepSeconds = 1.0 / 60.0; ///< Simulated time per step, seconds; > 0.
    int maxStepsPerFrame = 5;        ///< Catch-up bound; >= 1. Backlog beyond it is dropped.
};

/// What one frame should do.
struct FrameSteps {
    int steps = 0;              ///< Simulation steps to run now, in [0, maxStepsPerFrame].
    double alpha = 0.0;         ///< Interpolation factor in [0, 1) for rendering after those steps.
    double droppedSeconds = 0.; ///< Backlog discarded by the catch-up bound (0 normally; inf after inf).
};

/// Accumulator for a fixed simulation step. See the file comment.
class FixedStepClock {
public:
    /// A clock with an empty accumulator. Asserts on non-positive `stepSeconds` or `maxStepsPerFrame`.
    explicit FixedStepClock(const FixedStepSettings& settings = {});

    /// Banks `elapsedSeconds` of real time (negative or NaN counts as 0) and returns how many steps to
    /// run now and the interpolation alpha to render with after running them.
    FrameSteps advance(double elapsedSeconds);

    /// Interpolation factor after the last `advance()`, in [0, 1).
    [[nodiscard]] double alpha() const { return m_accumulator / m_settings.stepSeconds; }
    /// Steps handed out since construction.
    [[nodiscard]] uint64_t totalSteps() const { return m_totalSteps; }
    /// The settings this clock was made with.
    [[nodiscard]] const FixedStepSettings& settings() const { return m_settings; }

private:
    FixedStepSettings m_settings;
    double m_accumulator =
        0.0; // real time banked but not simulated yet, always < stepSeconds after advance()
    uint64_t m_totalSteps = 0;
};

} // namespace vox
