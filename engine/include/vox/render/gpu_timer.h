#pragma once
/// @file
/// `GpuTimer`: measures how long the GPU spends on a stretch of commands with GL_TIME_ELAPSED queries,
/// without ever waiting for the GPU.
///
/// Queries rotate through a small ring: each frame's query is read back only once the driver says its
/// result is available (typically one or two frames later), so `latestMilliseconds()` lags the frame
/// being drawn. When every query in the ring is still in flight, that frame is simply not timed.
///
/// OpenGL ES 3.0 and WebGL2 have no GL_TIME_ELAPSED (only as optional extensions, not used): there the
/// timer measures nothing, `available()` is false and `latestMilliseconds()` stays empty.
///
/// `latestMilliseconds()` is the only call that reads from the driver. Call it once per frame before
/// issuing the frame's commands (it also frees the ring's finished queries): with a threaded GL driver a
/// read-back waits until every queued command has been executed.

#include "vox/render/query.h"

#include <array>
#include <optional>

namespace vox {

/// Ring of GL_TIME_ELAPSED queries; see the file comment. Needs a current GL context.
class GpuTimer {
public:
    /// An empty timer that measures nothing; use `create()`.
    GpuTimer() = default;
    /// Generates the queries, when the current context has timer queries (see the file comment).
    [[nodiscard]] static GpuTimer create();
    /// Whether this timer measures anything (desktop GL); false on OpenGL ES and when empty.
    [[nodiscard]] bool available() const { return m_queries[0].name() != 0; }

    /// Starts timing the commands that follow. Must be paired with `end()`; timers do not nest. Does not
    /// read from the driver: queries are freed by `latestMilliseconds()`.
    void begin();
    /// Stops timing.
    void end();
    /// Collects finished results without blocking; returns the most recent finished measurement in
    /// milliseconds, or nothing when no measurement has finished yet.
    [[nodiscard]] std::optional<double> latestMilliseconds();

private:
    static constexpr int kRingSize = 4;
    std::array<Query, kRingSize> m_queries;
    std::array<bool, kRingSize> m_inFlight{};
    int m_next = 0;        // next query to begin
    int m_oldest = 0;      // oldest query possibly in flight
    bool m_timing = false; // begin() started a query that end() must stop
    std::optional<double> m_latest;
};

} // namespace vox
