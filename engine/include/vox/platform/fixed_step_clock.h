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
/// ## Frame pacing
/// With vsync off and a slow or threaded driver, the measured frame times can swing from frame to frame
/// (a frame that only queued its commands, then one that waited for two frames of rasterisation) while
/// the pictures still reach the screen at a steady rate. Fed as they are, they make bursts: 1 step, then
/// 6, then 1... and the motion stutters although the frame rate is steady. With
/// `FixedStepSettings::smoothingFrames` above 1 the clock feeds the accumulator the mean of the latest
/// frame times instead of the latest one, so a steady picture rate gets a steady number of steps (3, 4,
/// 3, 4 at 16 fps). Real time is never lost or invented: time measured but not yet fed waits in a
/// reserve, simulated time never runs ahead of real time, and never falls more than
/// `maxLagSeconds` behind it (beyond that the excess is fed at once). A single frame longer than
/// `maxStepsPerFrame` steps plus `maxLagSeconds` is a stall: its excess is dropped at once, not spread over
/// the next frames.
/// The default (`smoothingFrames` 1) is the classic accumulator: simulated time + alpha equals real time
/// after every frame.
///
/// Pacing decides only *when* steps run, never what a step does: each step is the same fixed 60 Hz step
/// with the inputs gathered for it, so the simulation stays deterministic and replays bit-exact.
///
/// The clock never reads time itself: the caller passes elapsed seconds, so tests drive it with a fake clock.

#include <array>
#include <cstdint>

namespace vox {

/// Settings of a `FixedStepClock`.
struct FixedStepSettings {
    double stepSeconds = 1.0 / 60.0; ///< Simulated time per step, seconds; > 0.
    int maxStepsPerFrame = 5;        ///< Catch-up bound; >= 1. Backlog beyond it is dropped.
    /// Frame times averaged for pacing (see "Frame pacing"), 1 to `kMaxSmoothingFrames`; 1: none, each
    /// frame's own time is used.
    int smoothingFrames = 1;
    /// With smoothing: the most simulated time may trail real time, seconds (>= 0); more is fed at once.
    double maxLagSeconds = 0.1;
};

/// Most frame times `FixedStepSettings::smoothingFrames` may average.
inline constexpr int kMaxSmoothingFrames = 32;

/// Frame pacing for a game loop without a steady display rate: 8 frames of smoothing (half a second at
/// 16 fps), at most 0.1 s behind real time, 60 Hz steps.
[[nodiscard]] inline FixedStepSettings pacedFixedStepSettings() {
    FixedStepSettings settings;
    settings.smoothingFrames = 8;
    settings.maxLagSeconds = 0.1;
    return settings;
}

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
    /// run now and the interpolation alpha to render with after running them. With smoothing, the time
    /// banked is the recent frames' mean, within the bounds in "Frame pacing".
    FrameSteps advance(double elapsedSeconds);
    /// Real time measured but not fed to the accumulator yet (0 without smoothing), seconds.
    [[nodiscard]] double lagSeconds() const { return m_reserve; }

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
    // Pacing: the latest frame times (a ring), how many are valid, where the next goes, and real time
    // measured but not yet banked.
    std::array<double, kMaxSmoothingFrames> m_recent{};
    int m_recentCount = 0;
    int m_recentNext = 0;
    double m_reserve = 0.0;

    double paced(double elapsedSeconds, double& droppedSeconds);
};

} // namespace vox
