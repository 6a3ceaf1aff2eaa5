#pragma once
// What a screen works with, apart from the flow: the `Transition` its step returns, the `SharedScreenState`
// several screens read, the `ScreenContext` it is handed (the session, the runs, the options), and the
// `FlowScreen` base every screen derives from. The flow includes this (through screens.h); the screens never
// include the flow (game_flow.h): it hands them what they need and carries out what they return.

#include "persist/settings.h"
#include "screens/screen_table.h"
#include "ui/ui.h"

#include "vox/platform/action.h"

#include <SDL.h>

#include <array>
#include <cstdint>
#include <optional>
#include <string>

namespace invaders {

class Runs;
class Session;

/// Steps the title shows before the attract cycle goes on, and the other attract screens' times.
inline constexpr int32_t kTitleFrames = 10 * 60;
/// See `kTitleFrames`.
inline constexpr int32_t kScoreTableFrames = 6 * 60;
/// See `kTitleFrames`; after a game the table shows for as long.
inline constexpr int32_t kHighScoresFrames = 8 * 60;
/// The longest demo game.
inline constexpr int32_t kDemoFrames = 40 * 60;
/// "GAME OVER" shows this long, ignoring input.
inline constexpr int32_t kGameOverFrames = 3 * 60;
/// Screens that follow a game (initials, the table) ignore input this long, so a button still held or
/// mashed from play does not choose for the player.
inline constexpr int32_t kInputDelayFrames = 30;

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

/// What the window and driver actually granted, for the options screen to show truthfully.
struct DisplayState {
    bool vsync = true;       ///< The swap interval is synchronised.
    bool fullscreen = false; ///< The window is fullscreen.
    /// The GL driver is a software rasteriser (AUTO quality picks LOW); false when unknown (tests).
    bool softwareRenderer = false;
};

/// What several screens read, in one place: `GameFlow` owns it and alone writes it.
struct SharedScreenState {
    /// Steps spent on the current screen (0 on the step it was shown afresh).
    int32_t screenFrames = 0;
    /// --demo: demo games only (a direction does not show the title, the demo has no time limit).
    bool demoOnly = false;
    /// The players a Confirm on an attract screen starts (1 or 2): the title's latest choice.
    int32_t players = 1;
    /// The table's row (0-based) to highlight after a game; -1: none (attract mode).
    int32_t highlightedRank = -1;
    /// The table is browsed (from the title's HIGH SCORES, or after a game): Up/Down choose a row, Confirm
    /// WATCHes it; false: the attract cycle's timed table.
    bool tableBrowsable = false;
    /// The table follows a game: its last entry SHAREs that game.
    bool tableAfterGame = false;
    /// The player entering initials (0 or 1).
    int32_t initialsPlayer = 0;
    /// The screen SHARE returns to.
    Screen shareReturn = Screen::HighScores;
    /// The first key that went down since the last step (the controls screen binds it, the initials
    /// screen types it); forgotten after the step.
    std::optional<SDL_Scancode> pendingKey;
    /// A gamepad button went down since the last step (it cancels listening for a key).
    bool pendingButton = false;
    /// Where the latest key, button or touch came from: hints name its keys, buttons (A, B, START) or
    /// on-screen controls (OK, BACK, II), and the touch screen's controls show only after a touch.
    ui::InputDevice inputDevice = ui::InputDevice::Keyboard;
    /// What the display really does (the app sets it after applying the options).
    DisplayState display;
    /// A line the options screen shows about applying them ("VSYNC REFUSED BY THE GRAPHICS DRIVER").
    std::string optionsNote;
};

/// What a screen sees and may change while it lays itself out: everything to read, const (a screen cannot
/// change the screen: it returns a `Transition`), and the options to edit.
struct ScreenContext {
    const SharedScreenState& shared; ///< What several screens read (the flow's).
    const Session& session;          ///< The game on screen and what is recorded of it.
    const Runs& runs;                ///< The top ten, its kept runs, WATCH and SHARE.
    /// The options to edit. Stepping: the flow's (applied and saved after the step by the runner's
    /// `OptionsApplier`); drawing: a copy, so a frame changes nothing.
    Settings& options;
};

/// What a screen sees and may change during its step: the context, and what it runs. Starting or ending a
/// session or a playback is a `Transition`.
struct StepContext : ScreenContext {
    Session& play; ///< Steps the session on screen (a game, the demo, the replay).
    Runs& watch;   ///< Steps, pauses, speeds and seeks the watched run (WATCH).
};

/// One screen's behaviour; see screens.h.
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

} // namespace invaders
