#pragma once
// `FrameRate`: frames per second and frame times from the wall time of the latest frames, for the debug
// overlay's "frame" line and the --fps counter. Pure (no clock of its own): the app measures each frame
// from one present to the next, driver waits included, and pushes it here, so tests feed it fixed times.

#include "vox/debug/stats_history.h"

#include <cstdint>
#include <string>
#include <vector>

namespace invaders {

/// Frames kept by default: a second at 60 frames per second.
inline constexpr int32_t kFrameRateWindow = 60;

/// See the file comment.
class FrameRate {
public:
    /// Keeps the wall times of the latest `capacity` frames (at least 1).
    explicit FrameRate(int32_t capacity = kFrameRateWindow) : m_milliseconds(capacity) {}

    /// Adds one frame that took `milliseconds` of wall time (negative values count as 0).
    void push(double milliseconds);
    /// Forgets every frame (after a pause in drawing, such as a minimised window).
    void clear() { m_milliseconds.clear(); }

    /// Frames held (up to the capacity); 0 until the first frame has been measured.
    [[nodiscard]] int32_t size() const { return m_milliseconds.size(); }
    /// Frames held per second of their summed wall time; 0 when none is held (or they took no time).
    [[nodiscard]] double framesPerSecond() const;
    /// Median wall time of the frames held, milliseconds; 0 when empty.
    [[nodiscard]] double medianMilliseconds() const;
    /// Longest wall time of the frames held, milliseconds; 0 when empty.
    [[nodiscard]] double maxMilliseconds() const;
    /// Wall time of the latest frame, milliseconds; 0 when empty.
    [[nodiscard]] double latestMilliseconds() const;
    /// The frame times themselves, milliseconds, for a history graph.
    [[nodiscard]] const vox::StatsHistory& history() const { return m_milliseconds; }

private:
    vox::StatsHistory m_milliseconds;
};

/// Every frame time of a run, for the summary --fps prints when the game ends: what a player can quote, and
/// what a script measures the game in a real window with. The first second is left out (shaders compile
/// and assets upload on the first frames). Pure, like `FrameRate`.
class FrameTimeLog {
public:
    /// Seconds at the start of a run that the summary leaves out.
    static constexpr double kWarmUpSeconds = 1.0;

    /// Adds one frame that took `milliseconds` of wall time (negative values count as 0).
    void push(double milliseconds);
    /// Frames counted (after the warm-up).
    [[nodiscard]] int64_t frames() const { return static_cast<int64_t>(m_milliseconds.size()); }
    /// "fps: 3602 frames in 60.0 s: 60.0 fps; frame time median 16.6 ms, 95th percentile 18.1 ms, longest
    /// 33.0 ms", or "fps: no frames measured" (a headless run, or one shorter than the warm-up).
    [[nodiscard]] std::string summary() const;

private:
    double m_warmUpLeft = kWarmUpSeconds * 1000.0;
    std::vector<float> m_milliseconds;
};

/// The --fps counter's text: "60 FPS  16.7 MS" (frames per second, median frame time), or "-- FPS  -- MS"
/// before any frame was measured (headless runs, which draw one frame: their screenshots stay the same).
[[nodiscard]] std::string frameRateText(const FrameRate& rate);

} // namespace invaders
