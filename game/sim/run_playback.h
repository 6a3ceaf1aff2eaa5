#pragma once
// `RunPlayback`: a recorded run played step by step for watching (the WATCH screen's model), with pause
// and speed, and the check that a run is what it claims: it passes every second of its hash chain, ends on
// its recorded state hash and, for a top-ten entry, on the entry's score and wave. `verifyRun` is the same
// check without the watching; where a replay departs from its recording, the verdict names the second.
// `recordStep` records a run, chain and all.

#include "sim/replay.h"
#include "sim/run_snapshots.h"
#include "sim/simulation.h"

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace invaders {

/// What a run is said to reach: a top-ten entry's player, score and wave.
struct RunClaim {
    int32_t player = 0;                          ///< 0-based player whose score it is (0 or 1).
    uint32_t score = 0;                          ///< The entry's score.
    int32_t wave = 1;                            ///< The entry's wave.
    std::array<char, 3> initials{'A', 'A', 'A'}; ///< For the banner.
    /// The board the entry says the score was made on; the run must have been played on it. Nothing: not
    /// checked (an entry from before the table kept it).
    std::optional<BoardSettings> board = std::nullopt;
};

/// Where a replay first departs from its recording: the first point of its hash chain (or its end) whose
/// state differs from the recorded one.
struct RunDeparture {
    int64_t step = 0;    ///< Steps played when the difference showed: a multiple of kChainSteps, or the last.
    int64_t second = 0;  ///< `step / kChainSteps`: the whole seconds of play at that point.
    std::string message; ///< "departs at 2:41, step 9,660", and why that second (see `departureAt`).
};

/// The outcome of playing a run to its end.
struct RunVerdict {
    bool hashMatches = false; ///< The last step's state hash is the recorded one.
    bool claimMatches = true; ///< The claimed player's score and wave are reached (true with no claim).
    uint64_t finalHash = 0;   ///< `Simulation::stateHash()` after the last step.
    uint32_t finalScore = 0;  ///< The claimed player's score at the end (player 1's with no claim).
    int32_t finalWave = 1;    ///< The claimed player's wave at the end (player 1's with no claim).
    std::string problem;      ///< Empty when verified; else one sentence saying what does not hold.
    /// Set when the replay departs from its recording (its chain or its final hash): where it first does.
    std::optional<RunDeparture> departure;

    /// True when the run holds: its chain, its hash and its claim.
    [[nodiscard]] bool verified() const { return hashMatches && claimMatches && !departure; }
};

/// The banner over a watched run: whose it is and what it scored.
struct RunBanner {
    std::string initials; ///< "ACE"; empty for a run that is no table entry.
    uint32_t score = 0;   ///< The claimed score (0 with no claim).
    int32_t wave = 1;     ///< The claimed wave.
};

/// Plays a run for watching. Each `advanceFrame()` takes `speed()` steps (1, 2 or 4), or one every
/// `slowdown()` frames, unless paused or ended; `seek` goes to any step, `stepForward`/`stepBack` one at a
/// time; the state to draw is `simulation()`, and what happened in all of the frame's steps (to sound, to
/// burst into debris) is `frameEvents()` (a step forward's own; none after a jump).
class RunPlayback {
public:
    /// The speeds, in simulation steps per displayed frame.
    static constexpr std::array<int32_t, 3> kSpeeds{1, 2, 4};

    /// Starts `replay` from its first step. `claim`: the table entry it belongs to, if any. `assets` are
    /// copied by the simulation.
    RunPlayback(Replay replay, const GameAssets& assets, std::optional<RunClaim> claim = std::nullopt);

    /// One displayed frame: `speed()` steps, fewer at the end; nothing when paused or ended. Their events
    /// are kept in `frameEvents()`.
    void advanceFrame();
    /// Plays every remaining step at once (pause and speed do not matter).
    void playToEnd();

    /// Pauses or resumes.
    void setPaused(bool paused) { m_paused = paused; }
    /// True while paused.
    [[nodiscard]] bool paused() const { return m_paused; }
    /// Sets the steps per frame; must be one of kSpeeds (anything else is ignored and returns false). Ends
    /// slow motion.
    bool setSpeed(int32_t stepsPerFrame);
    /// The next speed of kSpeeds after the current one, wrapping around (1x -> 2x -> 4x -> 1x).
    void cycleSpeed();
    /// Steps per displayed frame.
    [[nodiscard]] int32_t speed() const { return m_speed; }

    // --- Study: slow motion, stepping, seeking (snapshots: sim/run_snapshots.h) -------------------------
    /// Slow motion: displayed frames per step (1: none; 2: half speed; 4: quarter speed).
    static constexpr std::array<int32_t, 3> kSlowdowns{1, 2, 4};
    /// Sets the frames per step; must be one of kSlowdowns (anything else is ignored and returns false).
    /// Above 1 the speed is 1x (one step every that many frames); `setSpeed` sets it back to 1.
    bool setSlowdown(int32_t framesPerStep);
    /// Displayed frames per step (1 unless in slow motion).
    [[nodiscard]] int32_t slowdown() const { return m_slowdown; }
    /// Plays to step `step` (clamped to 0 .. totalSteps()), forwards or back, to exactly the state playing
    /// from the start reaches: on from the current step when no snapshot is nearer, else from the latest
    /// snapshot at or before it (fewer steps than RunSnapshots::interval()). Pause and speed stay; a
    /// departure from the hash chain on the way (the snapshots' scout checks the steps jumped over) is
    /// noted, and the verdict set when it reaches the end.
    void seek(int64_t step);
    /// One step forward, paused or not; false (nothing) at the end.
    bool stepForward();
    /// One step back (`seek(stepsPlayed() - 1)`); false (nothing) at the start.
    bool stepBack();
    /// Takes snapshots ahead: plays at most `steps` more steps of the run in the snapshots' own simulation
    /// (call once per displayed frame, so that seeks soon restore at once wherever they go).
    void prepareSeeking(int64_t steps);
    /// The snapshots taken so far; null before the first `seek` or `prepareSeeking`.
    [[nodiscard]] const RunSnapshots* snapshots() const { return m_snapshots.get(); }

    /// True once every recorded step has been played.
    [[nodiscard]] bool ended() const { return m_step == m_replay.inputs.size(); }
    /// Steps played so far, and in all.
    [[nodiscard]] int64_t stepsPlayed() const { return static_cast<int64_t>(m_step); }
    /// Steps in the run.
    [[nodiscard]] int64_t totalSteps() const { return static_cast<int64_t>(m_replay.inputs.size()); }
    /// The input of the latest step played (none pressed before the first).
    [[nodiscard]] StepInput lastInput() const {
        return m_step == 0 ? StepInput{} : StepInput::fromBits(m_replay.inputs[m_step - 1]);
    }
    /// The outcome: set once `ended()`.
    [[nodiscard]] const std::optional<RunVerdict>& verdict() const { return m_verdict; }
    /// Where the playback first left the run's hash chain, as soon as it has (before the end).
    [[nodiscard]] const std::optional<RunDeparture>& departure() const { return m_departure; }

    /// The events of every step the latest `advanceFrame()` played, step by step in order (empty when it
    /// played none): at 4x a frame's four steps' shots, hits and march notes, not the last step's alone.
    [[nodiscard]] std::span<const SimEvent> frameEvents() const { return m_frameEvents; }
    /// The debris of `event`, one of `frameEvents()` (as `Simulation::debris` for one step's events).
    [[nodiscard]] std::span<const DebrisVoxel> frameDebris(const SimEvent& event) const;

    /// The game as it stands.
    [[nodiscard]] const Simulation& simulation() const { return *m_simulation; }
    /// The run being played.
    [[nodiscard]] const Replay& replay() const { return m_replay; }
    /// Whose run it is and what it claims.
    [[nodiscard]] RunBanner banner() const;

private:
    void stepOnce();
    void keepFrameEvents();
    void noteScoutDeparture();

    Replay m_replay;
    std::optional<RunClaim> m_claim;
    std::unique_ptr<Simulation> m_simulation;
    size_t m_step = 0;
    int32_t m_speed = 1;
    bool m_paused = false;
    std::optional<RunVerdict> m_verdict;
    std::optional<RunDeparture> m_departure;
    std::vector<SimEvent> m_frameEvents; // their debris ranges index m_frameDebris
    std::vector<DebrisVoxel> m_frameDebris;
    int32_t m_slowdown = 1;
    int64_t m_slowFrames = 0; // frames shown in slow motion, to step on every m_slowdown-th
    std::unique_ptr<RunSnapshots> m_snapshots;
};

/// Records one step of `simulation`, which has just played `input`, into `replay` (from `newReplay`): the
/// input and, after every kChainSteps-th step, the chain's link. The caller sets `finalStateHash` at the end.
void recordStep(Replay& replay, StepInput input, const Simulation& simulation);

/// The departure of a replay whose state after `step` steps is not the recorded one, with its message:
/// "departs at 2:41, step 9,660" (minutes and seconds of play, then the step).
[[nodiscard]] RunDeparture departureAt(int64_t step);

/// The check of `replay`'s chain link after `stepsPlayed` steps that left `simulation`: a departure when a
/// link is due there and the state's digest is not the recorded one; else nothing.
[[nodiscard]] std::optional<RunDeparture> checkChainLink(const Replay& replay, int64_t stepsPlayed,
                                                         const Simulation& simulation);

/// The verdict on `simulation` after a run's last step, against the run's recorded hash and `claim`.
/// `departure`: where the playback left the run's chain, if it did (else a final hash that differs is the
/// departure, at the last step).
[[nodiscard]] RunVerdict judgeRun(const Simulation& simulation, const Replay& replay,
                                  const std::optional<RunClaim>& claim,
                                  const std::optional<RunDeparture>& departure = std::nullopt);

/// Plays `replay` to its end and judges it (see RunPlayback).
[[nodiscard]] RunVerdict verifyRun(const Replay& replay, const GameAssets& assets,
                                   const std::optional<RunClaim>& claim = std::nullopt);

} // namespace invaders
