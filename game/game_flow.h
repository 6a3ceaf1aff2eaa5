#pragma once
// `GameFlow`: which screen is shown, and the transitions between screens, driven by one `vox::ActionState`
// per 60 Hz step. It owns the parts the screens are handed (game/flow/: the `Session`, the game on screen
// and what is recorded of it; the `Runs`, the top ten with its kept runs, WATCH and SHARE; and the options
// as edited) and the state several screens read (`SharedScreenState`), and nothing else: no GL, no audio,
// no files. The app draws the screen (`drawUi`), plays the step's `events()` (audio/game_sounds.h), saves
// `runs().highScores()`; its `OptionsApplier` applies and saves `options()`. So every transition can be
// tested headless. See docs/architecture.md for the whole picture.
//
// One owner per piece of state: a screen is handed a `StepContext` (screens/screen_context.h), never the
// flow, and says what should happen next (its step returns a `Transition`); the flow alone changes the
// screen (`carryOut`), starting or ending a session or a playback on the way.
//
//   attract:  Title --10 s--> ScoreTable --6 s--> HighScores --6 s--> Demo --(game over or 40 s)--> Title
//             on any of them: Confirm (a bare tap) starts a game, Back opens the options, a direction goes to
//             Title; on the title itself Confirm (a bare tap) chooses its selected row
//   a game:   Playing --Pause--> Paused (resume / options / quit to title)
//             Playing --game over--> GameOver (3 s) --> EnterInitials (a top-ten score, per player; its
//                     run is kept) --> HighScores (browsed: the new row selected, SHARE THIS GAME last)
//                     --(8 s without input, or Back)--> Title
//   runs:     Title --HIGH SCORES--> HighScores (browsed: Up/Down a row) --Confirm--> Watch (the row's
//             kept run: pause, 1x/2x/4x, VERIFIED or UNVERIFIED at its end) --Back--> HighScores (same row)
//             HighScores' SHARE THIS GAME, Watch's SHARE (paused or ended) --> Share --Back--> where it was
//             the attract cycle's HighScores stays a timed display (Confirm starts a game, as everywhere)
//   Options --> Controls, Options --> Accessibility (Back from either returns to the options as left);
//   Back from the options returns where they were opened from
//   --demo: demo games only (Confirm still starts a game); --replay FILE: Replay --inputs run out--> end
//
// Menus answer the same keys everywhere (game/ui/nav_input.h); each screen is one file in game/screens/.

#include "flow/runs.h"
#include "flow/session.h"
#include "persist/high_scores.h"
#include "persist/run_store.h"
#include "persist/settings.h"
#include "screens/screens.h"
#include "sim/game_assets.h"
#include "sim/replay.h"
#include "ui/nav_input.h"

#include "vox/platform/action.h"

#include <SDL.h>

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace invaders {

/// How the flow starts and what it plays.
struct FlowSettings {
    uint64_t seed = 1;            ///< Seed of the first session; later ones count up from it.
    bool demo = false;            ///< --demo: go straight to demo games and keep playing them.
    std::optional<Replay> replay; ///< --replay: play this back, then finish.
    bool record = false;          ///< --record: keep the first session's inputs.
    Settings options; ///< What the options screen starts from (the board of the games the player starts too).
};

/// One step's input as the input panel shows it.
struct ShownInput {
    StepInput input;    ///< Left, right, fire.
    int32_t player = 0; ///< Whose (0 or 1): the active player of the simulation on screen.
};

/// See the file comment.
class GameFlow final {
public:
    /// Starts on the title (or a demo game with `settings.demo`, or the replay).
    GameFlow(const FlowSettings& settings, const GameAssets& assets, HighScoreTable highScores);

    /// Advances one step with this step's actions.
    void step(const vox::ActionState& input);
    /// Lays out the screen's widgets with a drawing `ui` (the app calls it every frame).
    void drawUi(ui::Ui& ui);

    // --- What is shown ---------------------------------------------------------------------------------
    /// The screen being shown.
    [[nodiscard]] Screen screen() const { return m_screen; }
    /// What the scene draws behind the current screen; the options (and controls, accessibility) over the
    /// game they were opened from when it shows one (paused, a demo).
    [[nodiscard]] Scenery scenery() const;
    /// The label of the current menu's selected entry after the latest step ("" without a menu).
    [[nodiscard]] const std::string& selectedItem() const { return m_selectedItem; }
    /// What the screen said should happen after the latest step (carried out by then).
    [[nodiscard]] const Transition& lastTransition() const { return m_lastTransition; }
    /// Steps spent on the current screen.
    [[nodiscard]] int32_t screenFrames() const { return m_shared.screenFrames; }
    /// The simulation on screen: on WATCH the watched run's (null when nothing plays), else the
    /// session's (demo, game or replay); null before the first one.
    [[nodiscard]] const Simulation* simulation() const;
    /// Events of the latest step of the simulation on screen, empty when it did not step (title, pause);
    /// on WATCH, of every step the frame played (2 at 2x, 4 at 4x), in order.
    [[nodiscard]] std::span<const SimEvent> events() const;
    /// The debris of `event`, one of `events()` (the watched run's copy on WATCH, whose earlier steps'
    /// debris the simulation no longer holds).
    [[nodiscard]] std::span<const DebrisVoxel> debris(const SimEvent& event) const;
    /// True when the latest step stepped the simulation on screen (false on menus, pause, the title).
    [[nodiscard]] bool sessionStepped() const;
    /// The inputs the input panel shows (ui/input_panel.h) and whose they are: on WATCH the watched run's
    /// latest step's; in a game (PLAYING) the player's latest step's when Options > SHOW INPUTS is on;
    /// else nothing.
    [[nodiscard]] std::optional<ShownInput> shownInput() const;
    /// The screen objects, for their own state (selection, letters, the controls' note).
    [[nodiscard]] const ScreenSet& screens() const { return m_screens; }
    /// What several screens read: the players the title chose, the highlighted row, the key pressed.
    [[nodiscard]] const SharedScreenState& shared() const { return m_shared; }
    /// The game on screen and what is recorded of it (the latest game's run, --record, --replay).
    [[nodiscard]] const Session& session() const { return m_session; }
    /// The top ten, its kept runs, WATCH and SHARE.
    [[nodiscard]] const Runs& runs() const { return m_runs; }
    /// Where runs are kept, loaded and shared (files: the app's `FileRunStore`); null (the default):
    /// nowhere, so entries keep no run, WATCH and SHARE say so. Not owned; must outlive the flow.
    void setRunStore(RunStore* store) { m_runs.setStore(store); }

    // --- Options and keys ------------------------------------------------------------------------------
    /// The options as edited so far (the screens edit them through `ScreenContext::options`; the
    /// runner's `OptionsApplier` applies and saves whatever differs after each step).
    [[nodiscard]] const Settings& options() const { return m_options; }
    /// F11 (the runner's, on any screen but while a key is being chosen): flips the fullscreen option,
    /// which the runner's `OptionsApplier` then applies and saves.
    void toggleFullscreen() { m_options.fullscreen = !m_options.fullscreen; }
    /// What the display really does (the app sets it after applying the options).
    void setDisplay(const DisplayState& display) { m_shared.display = display; }
    /// See `setDisplay`.
    [[nodiscard]] const DisplayState& display() const { return m_shared.display; }
    /// A line the options screen shows about applying them ("VSYNC REFUSED BY THE GRAPHICS DRIVER").
    void setOptionsNote(std::string note) { m_shared.optionsNote = std::move(note); }
    /// See `setOptionsNote`.
    [[nodiscard]] const std::string& optionsNote() const { return m_shared.optionsNote; }

    /// A key went down (not a repeat): kept until the next `step()` (the controls screen binds it, the
    /// initials screen types it), then forgotten. The hints name keys from now on.
    void keyPressed(SDL_Scancode key);
    /// A gamepad button went down (it cancels listening for a key); the hints name its buttons from now on.
    void buttonPressed();
    /// A tap on a touch screen at `where` (fractions of the screen) for the next step's menu (ui::NavInput).
    void tapped(glm::vec2 where) { m_nav.tap(where); }
    /// A finger came down on the touch screen (touch_input.h): the touch controls show and the hints name
    /// them, until a key or a controller button is pressed.
    void touched() { m_shared.inputDevice = ui::InputDevice::Touch; }
    /// Where the latest key, controller button or touch came from (the keyboard before any): the hints
    /// name its keys, buttons (A, B, START) or on-screen controls (OK, BACK, II).
    [[nodiscard]] ui::InputDevice inputDevice() const { return m_shared.inputDevice; }
    /// True while the screen takes every key itself (the controls screen waits for a key): the app should
    /// not act on global keys (F11, F3), which the player may be choosing.
    [[nodiscard]] bool listeningForKey() const { return current().capturesKeys(); }

    /// True when the flow has nothing more to do: the replay ended, or the player chose to quit.
    [[nodiscard]] bool finished() const { return m_finished; }

private:
    // The one place the screen changes: what a screen's step said should happen next.
    void carryOut(const Transition& next);
    // Shows `screen` afresh: its `enter` runs and its timer restarts.
    void show(Screen screen);
    void startGame(int32_t players);
    void startDemo();
    void toTitle();           // with --demo, the next demo game
    void nextAttractScreen(); // after the current one
    void enterGameOver();     // "GAME OVER", then initials for each top-ten score
    void afterGameOver();     // initials for the next player, else the table or the title
    void submitInitials(const std::array<char, 3>& initials);
    void browseTable(bool afterGame, int32_t highlightedRank);
    void updateSelectedItem();
    [[nodiscard]] ScreenContext context(Settings& options) const {
        return {m_shared, m_session, m_runs, options};
    }
    [[nodiscard]] const FlowScreen& current() const { return m_screens[m_screen]; }
    [[nodiscard]] FlowScreen& current() { return m_screens[m_screen]; }

    Session m_session;
    Runs m_runs;
    Settings m_options;
    ScreenSet m_screens;
    SharedScreenState m_shared;
    Transition m_lastTransition;
    Screen m_screen = Screen::Title;
    Screen m_optionsReturn = Screen::Title;
    ui::NavReader m_nav;
    std::string m_selectedItem;
    std::vector<int32_t> m_initialsQueue; // players still to enter initials
    int32_t m_lastRank = -1;              // the latest row entered, for the table's highlight
    bool m_finished = false;
};

} // namespace invaders
