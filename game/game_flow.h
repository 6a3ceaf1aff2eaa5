#pragma once
// `GameFlow`: the screens around the simulation, driven by one `vox::ActionState` per 60 Hz step. No GL,
// no audio, no files: the app draws the screen (`layout` with a drawing `ui::Ui`), plays `events()` and
// saves `highScores()`; its `OptionsApplier` applies and saves `options()`; runs are kept, loaded and
// shared through the `RunStore` it is given (`setRunStore`). So every transition can be tested headless.
//
// One owner per piece of state: a screen says what should happen next (its step returns a `Transition`)
// and the flow alone changes the screen (`carryOut`); the state several screens read is the flow's
// `SharedScreenState`; the options are applied and saved in one place, the runner's `OptionsApplier`.
//
//   attract:  Title --10 s--> ScoreTable --6 s--> HighScores --6 s--> Demo --(game over or 40 s)--> Title
//             on any of them: Confirm starts a game, Back opens the options, a direction goes to Title
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

#include "persist/high_scores.h"
#include "persist/key_rebinding.h"
#include "persist/run_store.h"
#include "persist/settings.h"
#include "screens/screens.h"
#include "sim/autoplayer.h"
#include "sim/replay.h"
#include "sim/run_playback.h"
#include "sim/simulation.h"
#include "ui/nav_input.h"

#include "vox/platform/action.h"

#include <SDL.h>

#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace invaders {

/// How the flow starts and what it plays.
struct FlowSettings {
    uint64_t seed = 1;                          ///< Seed of the first session; later ones count up from it.
    Difficulty difficulty = Difficulty::Arcade; ///< For the games the player starts.
    bool demo = false;                          ///< --demo: go straight to demo games and keep playing them.
    std::optional<Replay> replay;               ///< --replay: play this back, then finish.
    bool record = false;                        ///< --record: keep the first session's inputs.
    Settings options;                           ///< What the options screen starts from.
};

/// What the window and driver actually granted, for the options screen to show truthfully.
struct DisplayState {
    bool vsync = true;       ///< The swap interval is synchronised.
    bool fullscreen = false; ///< The window is fullscreen.
    /// The GL driver is a software rasteriser (AUTO quality picks LOW); false when unknown (tests).
    bool softwareRenderer = false;
};

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

/// See the file comment.
class GameFlow final : private SessionControls {
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
    [[nodiscard]] int32_t screenFrames() const { return m_screenFrames; }
    /// The session on screen (demo, game or replay; on WATCH the watched run's, null when nothing plays);
    /// null before the first one.
    [[nodiscard]] const Simulation* simulation() const;
    /// Events of the simulation's latest step, empty when it did not step (title, pause).
    [[nodiscard]] std::span<const SimEvent> events() const;
    /// True when the latest step stepped the session (false on menus, pause, the title).
    [[nodiscard]] bool sessionStepped() const { return m_stepped; }
    /// Counts the sessions started so far: a new value means a new game (or demo) began.
    [[nodiscard]] uint64_t sessionNumber() const { return m_sessions; }
    /// True when the session on screen is the player's (not the demo pilot's).
    [[nodiscard]] bool playerSession() const { return m_simulation != nullptr && m_pilot == nullptr; }
    /// The best score to show: the table's, or one being made or replayed now.
    [[nodiscard]] uint32_t hiScore() const;
    /// The screen objects, for their own state (selection, letters, the controls' note).
    [[nodiscard]] const ScreenSet& screens() const { return m_screens; }
    /// What several screens read: the players the title chose, the highlighted row, the key pressed.
    [[nodiscard]] const SharedScreenState& shared() const { return m_shared; }

    // --- Options and keys ------------------------------------------------------------------------------
    /// The options as edited so far (the screens edit them through `ScreenContext::options`; the
    /// runner's `OptionsApplier` applies and saves whatever differs after each step).
    [[nodiscard]] const Settings& options() const { return m_settings.options; }
    /// What the display really does (the app sets it after applying the options).
    void setDisplay(const DisplayState& display) { m_display = display; }
    /// See `setDisplay`.
    [[nodiscard]] const DisplayState& display() const { return m_display; }
    /// A line the options screen shows about applying them ("VSYNC REFUSED BY THE GRAPHICS DRIVER").
    void setOptionsNote(std::string note) { m_optionsNote = std::move(note); }
    /// See `setOptionsNote`.
    [[nodiscard]] const std::string& optionsNote() const { return m_optionsNote; }

    /// A key went down (not a repeat): kept until the next `step()` (the controls screen binds it, the
    /// initials screen types it), then forgotten.
    void keyPressed(SDL_Scancode key);
    /// A gamepad button went down (it cancels listening for a key).
    void buttonPressed();
    /// A tap on a touch screen at `where` (fractions of the screen) for the next step's menu (ui::NavInput).
    void tapped(glm::vec2 where) { m_nav.tap(where); }
    /// True when the latest key or button the player pressed was a controller's: hints then name its
    /// buttons (A, B, START) instead of keys, until a key is pressed again.
    [[nodiscard]] bool gamepadLastUsed() const { return m_shared.gamepadLastUsed; }
    /// True while the screen takes every key itself (the controls screen waits for a key): the app should
    /// not act on global keys (F11, F3), which the player may be choosing.
    [[nodiscard]] bool listeningForKey() const { return current().capturesKeys(); }

    // --- High scores -----------------------------------------------------------------------------------
    /// The top-10 table, with any initials entered this session.
    [[nodiscard]] const HighScoreTable& highScores() const { return m_highScores; }
    /// True once after the table changed (save it then).
    [[nodiscard]] bool takeHighScoresChanged();
    /// The player entering initials (0 or 1).
    [[nodiscard]] int32_t initialsPlayer() const { return m_initialsPlayer; }
    /// The place (0-based) the initials player's score takes in the table.
    [[nodiscard]] int32_t initialsRank() const;

    // --- Runs: every game recorded, the top ten's kept, WATCH and SHARE --------------------------------
    /// Where runs are kept, loaded and shared (files: the app's `FileRunStore`); null (the default):
    /// nowhere, so entries keep no run, WATCH and SHARE say so. Not owned; must outlive the flow.
    void setRunStore(RunStore* store) { m_runStore = store; }
    /// The latest player game's run: recorded from its first step, its final hash set when it ended
    /// (before: the hash is 0). Nothing before the first game, or when the game ran past
    /// kMaxScoreRunSteps (then `runNote()` says so).
    [[nodiscard]] const std::optional<Replay>& lastRun() const { return m_run; }
    /// The latest warning about runs (too long to keep, could not be kept); empty: none.
    [[nodiscard]] const std::string& runNote() const { return m_runNote; }
    /// The run WATCH plays; null when the row had none (`watchNote()` says why) or off WATCH.
    [[nodiscard]] const RunPlayback* watchedRun() const { return m_watch ? &*m_watch : nullptr; }
    /// Why WATCH plays nothing (the row has no run, its file is missing or damaged); empty when it plays.
    [[nodiscard]] const std::string& watchNote() const { return m_watchNote; }
    /// The table's row WATCH shows (0-based).
    [[nodiscard]] int32_t watchedRow() const { return m_watchRow; }
    /// What is known of `entry`'s run: true verified, false unverified (watched to a bad end, or its file
    /// unreadable), nothing when not watched to its end yet (or no run).
    [[nodiscard]] std::optional<bool> runVerified(const HighScore& entry) const;
    /// The latest SHARE: what was saved; nothing when it failed (`shareError()` says why).
    [[nodiscard]] const std::optional<SharedRun>& sharedRun() const { return m_sharedRun; }
    /// Why the latest SHARE saved nothing; empty when it did.
    [[nodiscard]] const std::string& shareError() const { return m_shareError; }
    /// The screen SHARE returns to.
    [[nodiscard]] Screen shareReturn() const { return m_shareReturn; }

    // --- End of a run ----------------------------------------------------------------------------------
    /// True when the flow has nothing more to do: the replay ended, or the player chose to quit.
    [[nodiscard]] bool finished() const { return m_finished; }
    /// With `FlowSettings::record`: the first session's settings and inputs, and its state hash at its
    /// latest step; nothing before a session started.
    [[nodiscard]] std::optional<Replay> recording() const;
    /// For a replay: true when it ended on the state hash it was recorded with.
    [[nodiscard]] bool replayMatched() const;
    /// True with --demo.
    [[nodiscard]] bool demoOnly() const { return m_settings.demo; }

private:
    // The one place the screen changes: what a screen's step said should happen next.
    void carryOut(const Transition& next);
    // Shows `screen` afresh: its `enter` runs and its timer restarts.
    void show(Screen screen);
    void startSession(Screen screen, int32_t players, Difficulty difficulty);
    void startGame(int32_t players);
    void startDemo();
    void toTitle();           // with --demo, the next demo game
    void nextAttractScreen(); // after the current one
    void enterGameOver();     // "GAME OVER", then initials for each top-ten score
    void afterGameOver();     // initials for the next player, else the table or the title
    void submitInitials(const std::array<char, 3>& initials);
    void browseTable(bool afterGame, int32_t highlightedRank);
    void watch(int32_t row);
    void share();
    void stepSession(const StepInput& input); // and record it (every player game; any with --record)
    // SessionControls: what the screens may do to the session.
    void stepPlayer(const StepInput& input) override { stepSession(input); }
    void stepPilot() override;
    bool stepReplay() override;
    void stepWatch() override;
    void pauseWatch(bool paused) override;
    void changeWatchSpeed(int32_t direction) override;
    void updateSelectedItem();
    [[nodiscard]] const FlowScreen& current() const { return m_screens[m_screen]; }
    [[nodiscard]] FlowScreen& current() { return m_screens[m_screen]; }

    FlowSettings m_settings;
    GameAssets m_assets;
    HighScoreTable m_highScores;
    ScreenSet m_screens;
    SharedScreenState m_shared;
    Transition m_lastTransition;
    Screen m_screen = Screen::Title;
    Screen m_optionsReturn = Screen::Title;
    ui::NavReader m_nav;
    std::string m_selectedItem;
    std::unique_ptr<Simulation> m_simulation;
    std::unique_ptr<AutoPlayer> m_pilot;
    bool m_stepped = false;
    uint64_t m_sessions = 0;
    int32_t m_screenFrames = 0;
    DisplayState m_display;
    std::string m_optionsNote;
    int32_t m_initialsPlayer = 0;
    std::vector<int32_t> m_initialsQueue; ///< Players still to enter initials.
    int32_t m_lastRank = -1;              ///< The latest row entered, for the table's highlight.
    bool m_highScoresChanged = false;
    bool m_finished = false;
    size_t m_replayStep = 0;
    std::optional<Replay> m_recording;
    bool m_recordingOpen = false;
    uint64_t m_recordingHash = 0;
    // Runs: the latest player game's, WATCH's playback, SHARE's outcome.
    RunStore* m_runStore = nullptr;
    std::optional<Replay> m_run;
    bool m_runOpen = false; ///< The game of `m_run` is still being played.
    std::string m_runNote;
    std::optional<std::array<char, 3>> m_runInitials; ///< The first initials entered after the game.
    std::optional<RunPlayback> m_watch;
    std::string m_watchNote;
    int32_t m_watchRow = -1;
    std::map<std::pair<uint64_t, int32_t>, bool> m_verdicts; ///< By RunLink (id, player).
    std::optional<SharedRun> m_sharedRun;
    std::string m_shareError;
    Screen m_shareReturn = Screen::HighScores;
};

} // namespace invaders
