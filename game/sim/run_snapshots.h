#pragma once
// `RunSnapshots`: a recorded run's simulation kept every `interval()` steps (`Simulation::Snapshot`), so that
// any step of it is reached by restoring the nearest snapshot at or before it and playing at most
// `interval() - 1` steps on: WATCH's seek bar, and its exact step back. Every 5 seconds of play (300 steps),
// or further apart in a run so long that it would take more than `kMaxSnapshots` (about 40 KiB each):
// a kept run of three hours (persist/score_runs.h) is one snapshot every 27 seconds, at most ~16 MiB. The
// snapshots are taken by a scout, a simulation of its own that plays the run ahead a share at a time
// (`extend`, once per displayed frame), so no frame waits on the whole run; a seek beyond what it has reached
// makes it play up to there first.

#include "sim/replay.h"
#include "sim/simulation.h"

#include <algorithm>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

namespace invaders {

/// See the file comment.
class RunSnapshots {
public:
    /// The fewest steps between snapshots: 5 seconds of play.
    static constexpr int64_t kInterval = 300;
    /// The most snapshots a run takes (its interval grows beyond).
    static constexpr int64_t kMaxSnapshots = 400;
    /// Steps between the snapshots of a run of `totalSteps`: kInterval, or more to stay within kMaxSnapshots.
    [[nodiscard]] static int64_t intervalFor(int64_t totalSteps) {
        return std::max(kInterval, (totalSteps + kMaxSnapshots - 1) / kMaxSnapshots);
    }

    /// Snapshots of `replay`'s run, none beyond its first step yet. `assets`: those the run is played with
    /// (copied by the scout). The replay is not kept: every call that plays hands it again.
    RunSnapshots(const Replay& replay, const GameAssets& assets);

    /// Plays at most `budget` more steps of `replay` ahead, taking a snapshot every `interval()` steps; the
    /// steps played (0 once the whole run is covered).
    int64_t extend(const Replay& replay, int64_t budget);
    /// Puts `simulation` (started with `replay`'s settings and the same assets) at the latest snapshot at or
    /// before `step` (clamped to the run), extending first when the snapshots do not reach it yet, and
    /// returns that snapshot's step.
    int64_t restoreNearest(const Replay& replay, int64_t step, Simulation& simulation);

    /// Steps between two snapshots of this run (`intervalFor` its length).
    [[nodiscard]] int64_t interval() const { return m_interval; }
    /// The step of the latest snapshot taken: seeks up to `reach() + interval() - 1` restore at once.
    [[nodiscard]] int64_t reach() const {
        return (static_cast<int64_t>(m_snapshots.size()) - 1) * m_interval;
    }
    /// True once snapshots cover the whole run (nothing left to extend).
    [[nodiscard]] bool complete() const { return m_scout == nullptr; }
    /// Snapshots taken.
    [[nodiscard]] size_t count() const { return m_snapshots.size(); }
    /// The step after which the scout first found the run off its hash chain (`checkChainLink`,
    /// sim/run_playback.h); nothing while it found none.
    [[nodiscard]] std::optional<int64_t> departureStep() const { return m_departureStep; }

private:
    int64_t m_interval = kInterval;
    std::vector<Simulation::Snapshot> m_snapshots; // [i]: after step i * m_interval
    std::unique_ptr<Simulation> m_scout;           // at m_scoutStep; null once the run is covered
    int64_t m_scoutStep = 0;
    std::optional<int64_t> m_departureStep;
};

} // namespace invaders
