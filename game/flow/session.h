#pragma once
// `Session`: the game on screen and what is recorded of it: the simulation (a player's game, a demo or a
// --replay), the demo's pilot, every player game's run (kept if it enters the top ten, SHAREd), the
// --record recording and the --replay inputs. No screen, no files.
//
// One owner per piece of state: the flow starts and ends sessions when a screen's transition says so
// (`startGame`, `startDemo`, `endGame`); the screens that run a game step it through their `StepContext`
// (PlayScreen with the player's input, DemoScreen with the pilot's, ReplayScreen with the recording's);
// everything else reads it const.

#include "persist/high_scores.h"
#include "sim/autoplayer.h"
#include "sim/game_assets.h"
#include "sim/replay.h"
#include "sim/run_playback.h"
#include "sim/simulation.h"

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>

namespace invaders {

/// What the sessions are made from.
struct SessionSettings {
    uint64_t seed = 1;            ///< Seed of the first session; later ones count up from it.
    bool record = false;          ///< --record: keep the first session's inputs (`recording()`).
    std::optional<Replay> replay; ///< --replay: the session is this recording, stepped by `stepReplay`.
};

/// See the file comment.
class Session {
public:
    /// No session yet, or with `settings.replay` the replay's, ready for `stepReplay`.
    Session(SessionSettings settings, const GameAssets& assets);

    // --- Starting and ending (the flow, carrying out a transition) -------------------------------------
    /// A player's game with `players` (1 or 2) on `board` (Options > GAME SETTINGS), its run recorded from
    /// its first step.
    void startGame(int32_t players, const BoardSettings& board);
    /// A demo game the pilot plays (one player, the arcade's board).
    void startDemo();
    /// The game ended: its run ends on this step, with its final state hash.
    void endGame();
    /// The first initials entered after the latest game name its run (for SHARE); later ones do not.
    void nameRun(const std::array<char, 3>& initials);
    /// A new step of the flow begins: nothing has stepped in it yet.
    void beginStep() { m_stepped = false; }

    // --- Stepping (the screens that run a game) --------------------------------------------------------
    /// Steps the session with the player's `input` (recorded: the run, and --record's recording).
    void stepPlayer(const StepInput& input);
    /// Steps the demo with its pilot's input.
    void stepPilot();
    /// Steps the replay with its next input; false when none are left after it.
    bool stepReplay();

    // --- Reading ---------------------------------------------------------------------------------------
    /// The session's simulation; null before the first one.
    [[nodiscard]] const Simulation* simulation() const { return m_simulation.get(); }
    /// True when the latest step of the flow stepped the session.
    [[nodiscard]] bool stepped() const { return m_stepped; }
    /// Events of the session's latest step, empty when the latest step of the flow did not step it.
    [[nodiscard]] std::span<const SimEvent> events() const;
    /// The input of the session's latest step (the player's, the pilot's or the replay's); none pressed
    /// before its first.
    [[nodiscard]] StepInput lastInput() const { return m_lastInput; }
    /// Counts the sessions started so far: a new value means a new game (or demo) began.
    [[nodiscard]] uint64_t number() const { return m_sessions; }
    /// True when the session is the player's (or the replay's), not the demo pilot's.
    [[nodiscard]] bool playerSession() const { return m_simulation != nullptr && m_pilot == nullptr; }
    /// The best score of the session's players; 0 when it is not the player's (`playerSession`).
    [[nodiscard]] uint32_t bestScore() const;
    /// The models the sessions are built from.
    [[nodiscard]] const GameAssets& assets() const { return m_assets; }

    // --- The runs recorded -----------------------------------------------------------------------------
    /// The latest player game's run: recorded from its first step, its final hash set when it ended
    /// (before: the hash is 0). Nothing before the first game, or when the game ran past
    /// kMaxScoreRunSteps (then `runNote()` says so).
    [[nodiscard]] const std::optional<Replay>& lastRun() const { return m_run; }
    /// True when `lastRun()` is complete: its game ended.
    [[nodiscard]] bool runFinished() const { return m_run.has_value() && !m_runOpen; }
    /// Why the latest game's run was dropped (too long to keep); empty: it was not.
    [[nodiscard]] const std::string& runNote() const { return m_runNote; }
    /// The initials that name `lastRun()` (`nameRun`); nothing before any were entered after its game.
    [[nodiscard]] const std::optional<std::array<char, 3>>& runInitials() const { return m_runInitials; }
    /// With `SessionSettings::record`: the first session's settings and inputs, and its state hash at its
    /// latest step; nothing before a session started.
    [[nodiscard]] std::optional<Replay> recording() const;
    /// For a replay: true when it passed every second of its hash chain and ended on the state hash it was
    /// recorded with.
    [[nodiscard]] bool replayMatched() const;
    /// For a replay: where it first departed from its recording's hash chain, once it has; else nothing.
    [[nodiscard]] const std::optional<RunDeparture>& replayDeparture() const { return m_replayDeparture; }

private:
    void start(bool demo, int32_t players, const BoardSettings& board);
    void step(const StepInput& input); // and record it (every player game; any with --record)

    SessionSettings m_settings;
    GameAssets m_assets;
    std::unique_ptr<Simulation> m_simulation;
    std::unique_ptr<AutoPlayer> m_pilot;
    bool m_stepped = false;
    StepInput m_lastInput;
    uint64_t m_sessions = 0;
    size_t m_replayStep = 0;
    std::optional<RunDeparture> m_replayDeparture;
    std::optional<Replay> m_recording;
    bool m_recordingOpen = false;
    uint64_t m_recordingHash = 0;
    std::optional<Replay> m_run;
    bool m_runOpen = false; // the game of m_run is still being played
    std::string m_runNote;
    std::optional<std::array<char, 3>> m_runInitials;
};

/// The best score to show: the table's, or one being made (or replayed) now.
[[nodiscard]] uint32_t hiScore(const HighScoreTable& table, const Session& session);

} // namespace invaders
