#pragma once
// `Runs`: the top ten and the runs kept with it. A score entered keeps its game's run beside the table;
// WATCH plays an entry's kept run back and records its verdict; SHARE saves a run and copies its code.
// Runs are read and written through the `RunStore` it is given (files: the app's `FileRunStore`); no
// screen, no files of its own.
//
// One owner per piece of state: the flow enters scores, starts WATCH and SHARE when a screen's transition
// says so; WatchScreen steps, pauses, speeds and seeks the watched run through its `StepContext`; everything
// else reads it const.

#include "flow/session.h"
#include "persist/high_scores.h"
#include "persist/run_store.h"
#include "sim/run_playback.h"

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>

namespace invaders {

/// See the file comment.
class Runs {
public:
    /// Holds `highScores`; keeps, loads and shares runs nowhere until `setStore`.
    explicit Runs(HighScoreTable highScores) : m_highScores(std::move(highScores)) {}

    /// Where runs are kept, loaded and shared; null (the default): nowhere, so entries keep no run, WATCH
    /// and SHARE say so. Not owned; must outlive this.
    void setStore(RunStore* store) { m_store = store; }

    // --- The top ten -----------------------------------------------------------------------------------
    /// The top-10 table, with any initials entered.
    [[nodiscard]] const HighScoreTable& highScores() const { return m_highScores; }
    /// Counts the table's changes: save it when this moved.
    [[nodiscard]] uint64_t highScoresVersion() const { return m_highScoresVersion; }
    /// The place (0-based) `score` would take in the table: below every entry with the same or a higher
    /// score, as `HighScoreTable::insert` puts it.
    [[nodiscard]] int32_t rankOf(uint32_t score) const;
    /// Enters `entry` for player `player` of `session`'s latest game; when it makes the table, that game's
    /// finished run is kept beside it (a failure is a warning: `runNote()`). Returns its rank, or nothing.
    std::optional<int> enter(const HighScore& entry, const Session& session, int32_t player);
    /// The latest warning about keeping a run; empty: none.
    [[nodiscard]] const std::string& runNote() const { return m_runNote; }

    // --- WATCH -----------------------------------------------------------------------------------------
    /// Plays back the kept run of the table's row `row` (0-based), built from `assets`; when it cannot,
    /// `watchNote()` says why.
    void watch(int32_t row, const GameAssets& assets);
    /// Stops the playback.
    void stopWatching() { m_watch.reset(); }
    /// One displayed frame of the watched run (`RunPlayback::advanceFrame`); at its end the verdict is
    /// recorded for its entry.
    void stepWatch();
    /// Pauses or resumes the watched run.
    void pauseWatch(bool paused);
    /// The watched run's rate one step faster (`+1`) or slower (`-1`) along 1/4x, 1/2x, 1x, 2x, 4x.
    void changeWatchSpeed(int32_t direction);
    /// Takes the watched run to step `step` (`RunPlayback::seek`): silent (no step's sounds) and a jump
    /// (`watchJumps()`); at the end the verdict is recorded for its entry.
    void seekWatch(int64_t step);
    /// One step of the watched run forward (`+1`: its sounds play, as at 1x) or back (`-1`: silent, a
    /// jump), paused or not.
    void stepWatchBy(int32_t direction);
    /// One displayed frame's share of the snapshots seeking restores from (`RunPlayback::prepareSeeking`,
    /// kWatchSnapshotStepsPerFrame steps): WATCH calls it every step, so that after a second a 30-minute run
    /// seeks anywhere at once.
    void prepareWatchSeeking();
    /// Steps of the run the snapshots are taken ahead per displayed frame (about a millisecond:
    /// bench/game/run_seek_bench.cpp): as many as WATCH's longest jump (30 seconds), so that no key press
    /// ever outruns them by more than one jump.
    static constexpr int64_t kWatchSnapshotStepsPerFrame = 1800;
    /// Counts the watched run's jumps (seeks, steps back): a new value means what was drawn of it before
    /// is gone (the scene drops its debris).
    [[nodiscard]] uint64_t watchJumps() const { return m_watchJumps; }
    /// True when the latest `stepWatch` played a step of the run.
    [[nodiscard]] bool watchStepped() const { return m_watchStepped; }
    /// A new step of the flow begins: nothing has stepped in it yet.
    void beginStep() { m_watchStepped = false; }
    /// The run WATCH plays; null when the row had none (`watchNote()` says why) or when not watching.
    [[nodiscard]] const RunPlayback* watchedRun() const { return m_watch ? &*m_watch : nullptr; }
    /// Why WATCH plays nothing (the row has no run, its file is missing or damaged); empty when it plays.
    [[nodiscard]] const std::string& watchNote() const { return m_watchNote; }
    /// The table's row WATCH shows (0-based).
    [[nodiscard]] int32_t watchedRow() const { return m_watchRow; }
    /// What is known of `entry`'s run: true verified, false unverified (watched to a bad end, or its file
    /// unreadable), nothing when not watched to its end yet (or no run).
    [[nodiscard]] std::optional<bool> runVerified(const HighScore& entry) const;

    // --- SHARE -----------------------------------------------------------------------------------------
    /// Saves and copies the watched run when `watching`, else `session`'s latest finished game's.
    void share(const Session& session, bool watching);
    /// The latest SHARE: what was saved; nothing when it failed (`shareError()` says why).
    [[nodiscard]] const std::optional<SharedRun>& sharedRun() const { return m_sharedRun; }
    /// Why the latest SHARE saved nothing; empty when it did.
    [[nodiscard]] const std::string& shareError() const { return m_shareError; }

private:
    void noteWatchVerdict(); // the watched run's verdict for its entry, once it has ended

    HighScoreTable m_highScores;
    uint64_t m_highScoresVersion = 0;
    RunStore* m_store = nullptr;
    std::string m_runNote;
    std::optional<RunPlayback> m_watch;
    bool m_watchStepped = false;
    uint64_t m_watchJumps = 0;
    std::string m_watchNote;
    int32_t m_watchRow = -1;
    std::map<std::pair<uint64_t, int32_t>, bool> m_verdicts; // by RunLink (id, player)
    std::optional<SharedRun> m_sharedRun;
    std::string m_shareError;
};

} // namespace invaders
