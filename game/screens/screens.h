#pragma once
// The screens around the simulation, one small file each (game/screens/<name>_screen.cpp). A screen
// describes its widgets once, in `layout()`, with the `ui::Ui` calls that serve both stepping (input) and
// drawing; `step()` adds what else it does per 60 Hz step (stepping the game, timers).
//
// One owner per piece of state. A screen owns only its own (selection, letters, timers). It sees the flow
// through a const `GameFlow&` and cannot change the screen: its `step()` (and `layout()`) returns a
// `Transition`, what should happen next, and `GameFlow` alone carries it out. What several screens read
// (the players the title chose, the table's highlighted row, the key pressed) is `SharedScreenState`,
// which the flow owns. The options are the one thing a screen edits (`ScreenContext::options`); the
// runner's `OptionsApplier` applies and saves whatever differs after the step. The session is stepped
// through `SessionControls`, which can step it but not start or end it.
//
// To add a menu entry: one `ui.button(...)` or `ui.option(...)` line in that screen's `layout()`, which
// returns the entry's `Transition` when it is chosen.
// To add a screen (WATCH, SHARE, ...):
//   1. a `Screen` value and its row in `kScreenTable` (screens/screen_table.h);
//   2. a `FlowScreen` class below, with its file game/screens/<name>_screen.cpp (listed in
//      game/CMakeLists.txt): `layout()` returns the chosen entry's `Transition`, `step()` what else;
//   3. a member of `ScreenSet` and its case in `ScreenSet::operator[]` (the compiler warns on a missing one);
//   4. the way in from another screen: `Transition::show(Screen::Name)` there, or a new `Transition::Kind`
//      that `GameFlow::carryOut` handles (when the flow must do more than show it: start a session, ...);
//      state other screens read goes in `SharedScreenState`, set by the flow in `carryOut`;
//   5. the screen in game_flow.h's map, and a step of the walk in tests/game/screen_transitions_test.cpp
//      (it checks every screen is reached).

#include "persist/key_rebinding.h"
#include "persist/settings.h"
#include "screens/screen_table.h"
#include "sim/sim_types.h"
#include "ui/ui.h"

#include "vox/platform/action.h"

#include <SDL.h>

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace invaders {

class GameFlow;

/// What the scene draws behind a screen's widgets.
enum class Scenery : uint8_t {
    Sky,        ///< Only the sky and ground.
    Title,      ///< The logo as a voxel model.
    Playfield,  ///< The session's playfield, with the HUD.
    ScoreTable, ///< The logo and the four scoring sprites of the score advance table, turning.
};

/// What should happen after a screen's step: the screen returns it, `GameFlow` alone carries it out.
struct Transition {
    /// What happens.
    enum class Kind : uint8_t {
        None,              ///< Stay.
        Show,              ///< Show `screen` afresh (its `enter` runs, its timer restarts).
        ReturnTo,          ///< Show `screen` as it was left (selection and timers kept).
        StartGame,         ///< A player's game with `players`.
        ChoosePlayers,     ///< Remember `players` for the next Confirm on an attract screen.
        ToTitle,           ///< The title (with --demo, the next demo game).
        NextAttractScreen, ///< The attract cycle's next screen after the current one.
        OpenOptions,       ///< The options; their Back returns to the current screen.
        CloseOptions,      ///< Back to the screen the options were opened from.
        GameOver,          ///< The game ended: "GAME OVER", then initials for each top-ten score.
        AfterGameOver,     ///< Initials for the next qualifying player, else the table or the title.
        SubmitInitials,    ///< Enter the initials player's score with `initials`, then go on.
        Finish,            ///< The flow has nothing more to do (QUIT, the replay's end).
        BrowseTable,       ///< The top ten to browse (the title's HIGH SCORES): rows to WATCH.
        Watch,             ///< Play back the run of the table's row `row` (WATCH).
        Share,             ///< Save and copy the run watched, else the latest game's (SHARE).
        StopWatching,      ///< Back from WATCH (or its SHARE) to the table, the same row selected.
    };
    Kind kind = Kind::None;
    Screen screen = Screen::Title;  ///< With `Show` and `ReturnTo`.
    int32_t players = 1;            ///< With `StartGame` and `ChoosePlayers`.
    std::array<char, 3> initials{}; ///< With `SubmitInitials`.
    int32_t row = -1;               ///< With `Watch`: the table's row (0-based).

    /// Stay on this screen.
    [[nodiscard]] static Transition none() { return {}; }
    /// See `Kind::Show`.
    [[nodiscard]] static Transition show(Screen screen) { return {Kind::Show, screen}; }
    /// See `Kind::ReturnTo`.
    [[nodiscard]] static Transition returnTo(Screen screen) { return {Kind::ReturnTo, screen}; }
    /// See `Kind::StartGame`.
    [[nodiscard]] static Transition startGame(int32_t players) { return {Kind::StartGame, {}, players}; }
    /// See `Kind::ChoosePlayers`.
    [[nodiscard]] static Transition choosePlayers(int32_t players) {
        return {Kind::ChoosePlayers, {}, players};
    }
    /// A transition of a kind without arguments (`ToTitle`, `OpenOptions`, `Finish`, ...).
    [[nodiscard]] static Transition to(Kind kind) { return {kind}; }
    /// See `Kind::SubmitInitials`.
    [[nodiscard]] static Transition submitInitials(const std::array<char, 3>& initials) {
        return {Kind::SubmitInitials, {}, 1, initials};
    }
    /// See `Kind::Watch`.
    [[nodiscard]] static Transition watch(int32_t row) {
        Transition next{Kind::Watch};
        next.row = row;
        return next;
    }
    /// True when it changes nothing.
    [[nodiscard]] bool isNone() const { return kind == Kind::None; }
    /// Same kind and arguments.
    [[nodiscard]] bool operator==(const Transition& other) const = default;
};

/// What several screens read, in one place: `GameFlow` owns it and alone writes it.
struct SharedScreenState {
    /// The players a Confirm on an attract screen starts (1 or 2): the title's latest choice.
    int32_t players = 1;
    /// The table's row (0-based) to highlight after a game; -1: none (attract mode).
    int32_t highlightedRank = -1;
    /// The table is browsed (from the title's HIGH SCORES, or after a game): Up/Down choose a row, Confirm
    /// WATCHes it; false: the attract cycle's timed table.
    bool tableBrowsable = false;
    /// The table follows a game: its last entry SHAREs that game.
    bool tableAfterGame = false;
    /// The first key that went down since the last step (the controls screen binds it, the initials
    /// screen types it); forgotten after the step.
    std::optional<SDL_Scancode> pendingKey;
    /// A gamepad button went down since the last step (it cancels listening for a key).
    bool pendingButton = false;
    /// The latest key or button pressed was a controller's: hints name its buttons (A, B, START).
    bool gamepadLastUsed = false;
};

/// What a screen may do to the session on screen during its step: step it. Starting or ending a session
/// is a `Transition`.
class SessionControls {
public:
    /// Steps the session with the player's `input` (recorded with --record).
    virtual void stepPlayer(const StepInput& input) = 0;
    /// Steps the demo with its pilot's input.
    virtual void stepPilot() = 0;
    /// Steps the replay with its next input; false when none are left after it.
    virtual bool stepReplay() = 0;
    /// One displayed frame of the watched run (`RunPlayback::advanceFrame`).
    virtual void stepWatch() = 0;
    /// Pauses or resumes the watched run.
    virtual void pauseWatch(bool paused) = 0;
    /// The watched run's speed one step faster (`+1`) or slower (`-1`) among 1x, 2x, 4x.
    virtual void changeWatchSpeed(int32_t direction) = 0;
    virtual ~SessionControls() = default;
};

/// What a screen sees and may change while it lays itself out.
struct ScreenContext {
    /// Everything to read (the session, the table, `SharedScreenState`). Const: a screen cannot change the
    /// screen, it returns a `Transition`.
    const GameFlow& flow;
    /// The options to edit. Stepping: the flow's (applied and saved after the step by the runner's
    /// `OptionsApplier`); drawing: a copy, so a frame changes nothing.
    Settings& options;
};

/// What a screen sees and may change during its step: the context, and stepping the session.
struct StepContext : ScreenContext {
    SessionControls& session; ///< Steps the session on screen.
};

/// One screen's behaviour; see the file comment.
class FlowScreen {
public:
    virtual ~FlowScreen() = default;
    /// The screen was just shown (`Transition::show`).
    virtual void enter() {}
    /// One step; returns what should happen next. The default lays the screen out with the stepping `ui`,
    /// which is all a menu needs.
    [[nodiscard]] virtual Transition step(const StepContext& context, ui::Ui& ui,
                                          const vox::ActionState& /*input*/) {
        return layout(context, ui);
    }
    /// The screen's widgets, for stepping and drawing alike; returns the chosen entry's transition (a
    /// drawing `ui` never reports a choice, so drawing returns `Transition::none()`).
    [[nodiscard]] virtual Transition layout(const ScreenContext& context, ui::Ui& ui) = 0;
    /// What is drawn behind the widgets.
    [[nodiscard]] virtual Scenery scenery() const { return Scenery::Sky; }
    /// True while the screen takes every key itself (the controls screen listening for a new key): the
    /// runner and the flow then leave global keys (F11, F3) alone.
    [[nodiscard]] virtual bool capturesKeys() const { return false; }
};

/// Steps the attract screens (title, score table, high scores, demo) share: Confirm starts a game, Back
/// opens the options, a direction shows the title, and after `frames` steps (0: never) the next screen
/// follows. `Transition::none()` when none of that happened.
[[nodiscard]] Transition stepAttract(const GameFlow& flow, const ui::NavInput& nav, int32_t frames);

/// "GET READY" (or whose turn it is) over the playfield while the cannon waits to appear.
void layoutTurnBanner(const GameFlow& flow, ui::Ui& ui);

/// `text` in lines of at most `width` characters, broken at spaces where it can (a longer word, such as a
/// path or a share code, is cut).
[[nodiscard]] std::vector<std::string> wrapLines(std::string_view text, size_t width);

/// Logo, main menu (players, high scores, options, quit) and the controls with the current keys.
class TitleScreen final : public FlowScreen {
public:
    void enter() override;
    [[nodiscard]] Transition step(const StepContext& context, ui::Ui& ui,
                                  const vox::ActionState& input) override;
    [[nodiscard]] Transition layout(const ScreenContext& context, ui::Ui& ui) override;
    [[nodiscard]] Scenery scenery() const override { return Scenery::Title; }

private:
    ui::MenuState m_menu;
    int32_t m_idleFrames = 0; ///< Steps without input: the attract cycle goes on after kTitleFrames.
};

/// The score advance table.
class ScoreTableScreen final : public FlowScreen {
public:
    [[nodiscard]] Transition step(const StepContext& context, ui::Ui& ui,
                                  const vox::ActionState& input) override;
    [[nodiscard]] Transition layout(const ScreenContext& context, ui::Ui& ui) override;
    [[nodiscard]] Scenery scenery() const override { return Scenery::ScoreTable; }
};

/// The top ten; after initials, with the new row (`SharedScreenState::highlightedRank`) highlighted. In
/// the attract cycle a timed display; browsed (`SharedScreenState::tableBrowsable`: from the title's menu,
/// after a game) Up/Down choose a row, Confirm WATCHes it (after a game the last entry SHAREs the game),
/// Back leaves, and with no input for `kHighScoresFrames` the title follows. Rows without a kept run, and
/// runs found unverified, are marked.
class HighScoresScreen final : public FlowScreen {
public:
    void enter() override;
    [[nodiscard]] Transition step(const StepContext& context, ui::Ui& ui,
                                  const vox::ActionState& input) override;
    [[nodiscard]] Transition layout(const ScreenContext& context, ui::Ui& ui) override;
    /// The selected row while browsed: a table row (0-based), the table's size for SHARE THIS GAME, -1
    /// for none.
    [[nodiscard]] int32_t selectedRow(const GameFlow& flow) const;

private:
    static constexpr int32_t kUnset = -2; // the row comes from SharedScreenState on the first step
    int32_t m_row = kUnset;
    int32_t m_idleFrames = 0;  ///< Steps without input while browsed.
    int32_t m_framesShown = 0; ///< Steps since shown afresh (input waits after a game).
};

/// The pilot plays a game.
class DemoScreen final : public FlowScreen {
public:
    [[nodiscard]] Transition step(const StepContext& context, ui::Ui& ui,
                                  const vox::ActionState& input) override;
    [[nodiscard]] Transition layout(const ScreenContext& context, ui::Ui& ui) override;
    [[nodiscard]] Scenery scenery() const override { return Scenery::Playfield; }
};

/// The player plays; "GET READY" before each turn.
class PlayScreen final : public FlowScreen {
public:
    [[nodiscard]] Transition step(const StepContext& context, ui::Ui& ui,
                                  const vox::ActionState& input) override;
    [[nodiscard]] Transition layout(const ScreenContext& context, ui::Ui& ui) override;
    [[nodiscard]] Scenery scenery() const override { return Scenery::Playfield; }
};

/// Resume, options, quit.
class PauseScreen final : public FlowScreen {
public:
    void enter() override;
    [[nodiscard]] Transition step(const StepContext& context, ui::Ui& ui,
                                  const vox::ActionState& input) override;
    [[nodiscard]] Transition layout(const ScreenContext& context, ui::Ui& ui) override;
    [[nodiscard]] Scenery scenery() const override { return Scenery::Playfield; }

private:
    ui::MenuState m_menu;
};

/// Volumes, mute, difficulty, view, cabinet, fullscreen, vsync, quality, accessibility, controls.
class OptionsScreen final : public FlowScreen {
public:
    void enter() override;
    [[nodiscard]] Transition step(const StepContext& context, ui::Ui& ui,
                                  const vox::ActionState& input) override;
    [[nodiscard]] Transition layout(const ScreenContext& context, ui::Ui& ui) override;

private:
    ui::MenuState m_menu;
};

/// What the controls screen did last, for its status line.
struct ControlsNote {
    enum class Kind : uint8_t {
        None,      ///< Nothing to say.
        Rebound,   ///< `rebind` says what happened (including a refusal).
        Cancelled, ///< Listening for a key was cancelled.
        Unnamed,   ///< The key pressed has no name, so it could not be saved: nothing changed.
        Reset,     ///< Every key went back to its default.
    };
    Kind kind = Kind::None;
    RebindResult rebind; ///< With `Rebound`.
};

/// Rebinding the play keys: choose an action, press its new key.
class ControlsScreen final : public FlowScreen {
public:
    void enter() override;
    [[nodiscard]] Transition step(const StepContext& context, ui::Ui& ui,
                                  const vox::ActionState& input) override;
    [[nodiscard]] Transition layout(const ScreenContext& context, ui::Ui& ui) override;
    /// True while waiting for the new key.
    [[nodiscard]] bool listening() const { return m_listening; }
    [[nodiscard]] bool capturesKeys() const override { return m_listening; }
    /// What the screen did last.
    [[nodiscard]] const ControlsNote& note() const { return m_note; }

private:
    ui::MenuState m_menu;
    bool m_listening = false;
    ControlsNote m_note;
};

/// "GAME OVER" for `kGameOverFrames`, input ignored (a held Fire must not go on into the next screen).
class GameOverScreen final : public FlowScreen {
public:
    [[nodiscard]] Transition step(const StepContext& context, ui::Ui& ui,
                                  const vox::ActionState& input) override;
    [[nodiscard]] Transition layout(const ScreenContext& context, ui::Ui& ui) override;
    [[nodiscard]] Scenery scenery() const override { return Scenery::Playfield; }
};

/// Three letters for a top-ten score: typed, or chosen with Up/Down.
class InitialsScreen final : public FlowScreen {
public:
    void enter() override;
    [[nodiscard]] Transition step(const StepContext& context, ui::Ui& ui,
                                  const vox::ActionState& input) override;
    [[nodiscard]] Transition layout(const ScreenContext& context, ui::Ui& ui) override;
    [[nodiscard]] Scenery scenery() const override { return Scenery::Playfield; }

    /// The letters; those past the cursor not chosen yet.
    [[nodiscard]] const std::array<char, 3>& letters() const { return m_letters; }
    /// The letter being chosen (0..2).
    [[nodiscard]] int32_t cursor() const { return m_cursor; }

private:
    std::array<char, 3> m_letters{'A', 'A', 'A'};
    int32_t m_cursor = 0;
};

/// --replay playback.
class ReplayScreen final : public FlowScreen {
public:
    [[nodiscard]] Transition step(const StepContext& context, ui::Ui& ui,
                                  const vox::ActionState& input) override;
    [[nodiscard]] Transition layout(const ScreenContext& context, ui::Ui& ui) override;
    [[nodiscard]] Scenery scenery() const override { return Scenery::Playfield; }
};

/// A top-ten entry's run played back: a banner naming whose it is, pause, 1x/2x/4x, the verdict at the end
/// (VERIFIED, or UNVERIFIED and why), SHARE; a row without a run says so instead.
class WatchScreen final : public FlowScreen {
public:
    void enter() override;
    [[nodiscard]] Transition step(const StepContext& context, ui::Ui& ui,
                                  const vox::ActionState& input) override;
    [[nodiscard]] Transition layout(const ScreenContext& context, ui::Ui& ui) override;
    [[nodiscard]] Scenery scenery() const override { return Scenery::Playfield; }

private:
    ui::MenuState m_menu;
    bool m_resume = false;   ///< RESUME was chosen in the latest layout.
    bool m_endShown = false; ///< The end's menu was shown (it starts on its first entry).
};

/// The run SHAREd: its file, its code's length and start, the commands and the page address that play it.
class ShareScreen final : public FlowScreen {
public:
    [[nodiscard]] Transition layout(const ScreenContext& context, ui::Ui& ui) override;
};

/// Reduce motion, flashes, colour-blind colours, high-contrast HUD, text size, visible beat: one row each,
/// with a line saying what the selected one does; Back returns to the options as they were left.
class AccessibilityScreen final : public FlowScreen {
public:
    void enter() override;
    [[nodiscard]] Transition step(const StepContext& context, ui::Ui& ui,
                                  const vox::ActionState& input) override;
    [[nodiscard]] Transition layout(const ScreenContext& context, ui::Ui& ui) override;

private:
    ui::MenuState m_menu;
};

/// One object of each screen, as `GameFlow` owns them; others read them through `GameFlow::screens()`.
struct ScreenSet {
    TitleScreen title;                 ///< `Screen::Title`.
    ScoreTableScreen scoreTable;       ///< `Screen::ScoreTable`.
    HighScoresScreen highScores;       ///< `Screen::HighScores`.
    DemoScreen demo;                   ///< `Screen::Demo`.
    PlayScreen playing;                ///< `Screen::Playing`.
    PauseScreen paused;                ///< `Screen::Paused`.
    OptionsScreen options;             ///< `Screen::Options`.
    ControlsScreen controls;           ///< `Screen::Controls`.
    GameOverScreen gameOver;           ///< `Screen::GameOver`.
    InitialsScreen initials;           ///< `Screen::EnterInitials`.
    ReplayScreen replay;               ///< `Screen::Replay`.
    WatchScreen watch;                 ///< `Screen::Watch`.
    ShareScreen share;                 ///< `Screen::Share`.
    AccessibilityScreen accessibility; ///< `Screen::Accessibility`.

    /// The object of `screen`.
    [[nodiscard]] FlowScreen& operator[](Screen screen);
    /// See above.
    [[nodiscard]] const FlowScreen& operator[](Screen screen) const;
};

} // namespace invaders
