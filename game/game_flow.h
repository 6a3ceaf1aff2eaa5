#pragma once
// `GameFlow`: the screens around the simulation, as a state machine driven by one `vox::ActionState`
// per 60 Hz step. No GL, no audio, no files: the app draws `screen()`, plays `events()` and saves
// `highScores()`, so every transition can be tested headless.
//
//   Title --(8 s)--> Demo --(game over or 40 s)--> Title           (attract mode)
//   Title / Demo --(Start or Fire)--> Playing --(Pause)--> Paused --(Resume)--> Playing
//                                                               \--(Quit)--> Title
//   Playing --(game over)--> GameOver --(3 s)--> EnterInitials (a top-10 score) --> Title
//   Title --(Pause)--> Options, Paused --(Options)--> Options --(Start, Pause or Back)--> where it came from
//   Options --(Left/Right on Controls)--> Controls --(Pause or Back)--> Options
//   --replay FILE: Replay --(inputs run out)--> finished()
//
// Title: Left/Right choose 1 or 2 players. Pause menu: Left/Right move, Fire or Start choose. Options:
// Fire moves to the next entry, Left/Right change it. Initials: Left/Right change the letter, Fire takes
// it. F11 (ToggleFullscreen) flips the fullscreen option on every screen.
//
// Controls (rebinding keys): Left/Right move through the actions, "reset to defaults" and "back"; Fire or
// Enter (Start) chooses; Pause (Esc, P, a pad's Start) goes back. Choosing an action listens for the next
// key, which the app passes in with `keyPressed()` (actions cannot say which key it was): it becomes the
// action's key by the rules of persist/key_rebinding.h. Escape or any gamepad button cancels. The keys
// are part of `options()`: the app applies them to its live `vox::ActionMap` and saves them.

#include "persist/high_scores.h"
#include "persist/key_rebinding.h"
#include "persist/settings.h"
#include "sim/autoplayer.h"
#include "sim/replay.h"
#include "sim/simulation.h"

#include "vox/platform/action.h"

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <vector>

namespace invaders {

/// The screens.
enum class Screen : uint8_t {
    Title,
    Demo,
    Playing,
    Paused,
    Options,
    Controls,
    GameOver,
    EnterInitials,
    Replay
};

/// Entries of the pause menu, in order.
enum class PauseItem : uint8_t { Resume, Options, QuitToTitle };

/// Entries of the options screen, in order.
enum class OptionItem : uint8_t {
    MasterVolume,
    EffectsVolume,
    Mute,
    Difficulty,
    Fullscreen,
    Vsync,
    Controls,
    Back,
};
/// Number of `OptionItem` values.
inline constexpr int32_t kOptionItemCount = 8;

/// Entries of the controls screen: first one per action of `kRebindableActions`, in its order, then these.
inline constexpr int32_t kControlsResetEntry = static_cast<int32_t>(kRebindableActions.size());
/// The controls screen's "back" entry (see `kControlsResetEntry`).
inline constexpr int32_t kControlsBackEntry = kControlsResetEntry + 1;
/// Number of entries of the controls screen.
inline constexpr int32_t kControlsEntryCount = kControlsBackEntry + 1;

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

/// How the flow starts and what it plays.
struct FlowSettings {
    uint64_t seed = 1;                          ///< Seed of the first session; later ones count up from it.
    Difficulty difficulty = Difficulty::Arcade; ///< For the games the player starts.
    bool demo = false;                          ///< --demo: go straight to demo games and keep playing them.
    std::optional<Replay> replay;               ///< --replay: play this back, then finish.
    bool record = false;                        ///< --record: keep the first session's inputs.
    Settings options;                           ///< What the options screen starts from.
};

/// Frames the title shows before the demo, and the longest demo game.
inline constexpr int32_t kTitleFrames = 8 * 60;
inline constexpr int32_t kDemoFrames = 40 * 60;
inline constexpr int32_t kGameOverFrames = 3 * 60;

/// See the file comment.
class GameFlow {
public:
    /// Starts on the title (or a demo game with `settings.demo`, or the replay).
    GameFlow(const FlowSettings& settings, const GameAssets& assets, HighScoreTable highScores);

    /// Advances one step with this step's actions.
    void step(const vox::ActionState& input);

    /// The screen being shown.
    [[nodiscard]] Screen screen() const { return m_screen; }
    /// The session on screen (demo, game or replay); null before the first one.
    [[nodiscard]] const Simulation* simulation() const { return m_simulation.get(); }
    /// Events of the simulation's latest step, empty when it did not step (title, pause).
    [[nodiscard]] std::span<const SimEvent> events() const;
    /// 1 or 2: the players the title will start.
    [[nodiscard]] int32_t titlePlayers() const { return m_titlePlayers; }
    /// The highlighted pause-menu entry.
    [[nodiscard]] PauseItem pauseSelection() const { return m_pauseSelection; }
    /// Initials being entered (letters so far and the current one) and for which player (0 or 1).
    [[nodiscard]] const std::array<char, 3>& initials() const { return m_initials; }
    /// Which letter of `initials()` is being chosen (0..2).
    [[nodiscard]] int32_t initialsCursor() const { return m_initialsCursor; }
    /// The player whose initials are being entered.
    [[nodiscard]] int32_t initialsPlayer() const { return m_initialsPlayer; }
    /// The highlighted options entry.
    [[nodiscard]] OptionItem optionSelection() const { return m_optionSelection; }
    /// The options as edited so far.
    [[nodiscard]] const Settings& options() const { return m_settings.options; }
    /// True once after the options changed (apply and save them then).
    [[nodiscard]] bool takeOptionsChanged();

    /// A key went down (not a repeat). Only the controls screen uses it, when listening; it is kept until
    /// the next `step()`, which forgets it.
    void keyPressed(SDL_Scancode key);
    /// A gamepad button went down: it cancels listening for a key (pad buttons are not rebindable).
    void buttonPressed();
    /// True while the controls screen waits for a key: the app should not act on global keys (F11, F3),
    /// which the player may be choosing.
    [[nodiscard]] bool listeningForKey() const { return m_screen == Screen::Controls && m_listening; }
    /// The highlighted entry of the controls screen (see `kControlsResetEntry`).
    [[nodiscard]] int32_t controlsSelection() const { return m_controlsSelection; }
    /// What the controls screen did last.
    [[nodiscard]] const ControlsNote& controlsNote() const { return m_controlsNote; }
    /// Steps spent on the current screen.
    [[nodiscard]] int32_t screenFrames() const { return m_screenFrames; }

    /// The top-10 table, with any initials entered this session.
    [[nodiscard]] const HighScoreTable& highScores() const { return m_highScores; }
    /// True once after the table changed (save it then).
    [[nodiscard]] bool takeHighScoresChanged();
    /// The best score to show: the table's or a better one being made now.
    [[nodiscard]] uint32_t hiScore() const;

    /// True when the flow has nothing more to do: the replay ended, or the player chose to quit.
    [[nodiscard]] bool finished() const { return m_finished; }
    /// With `FlowSettings::record`: the first session's settings and inputs, and its state hash at its
    /// latest step; nothing before a session started.
    [[nodiscard]] std::optional<Replay> recording() const;
    /// For a replay: true when it ended on the state hash it was recorded with.
    [[nodiscard]] bool replayMatched() const;

private:
    void startSession(Screen screen, int32_t players, Difficulty difficulty);
    void stepSimulation(const StepInput& input);
    void enterGameOver();
    void nextInitialsOrTitle();
    void toTitle();
    void setScreen(Screen screen);
    void stepScreen(const vox::ActionState& input);
    void stepOptions(const vox::ActionState& input);
    void stepControls(const vox::ActionState& input);
    void openControls();

    FlowSettings m_settings;
    GameAssets m_assets;
    HighScoreTable m_highScores;
    Screen m_screen = Screen::Title;
    std::unique_ptr<Simulation> m_simulation;
    std::unique_ptr<AutoPlayer> m_pilot;
    bool m_stepped = false;
    uint64_t m_sessions = 0;
    int32_t m_screenFrames = 0;
    int32_t m_titlePlayers = 1;
    PauseItem m_pauseSelection = PauseItem::Resume;
    OptionItem m_optionSelection = OptionItem::MasterVolume;
    Screen m_optionsReturn = Screen::Title;
    bool m_optionsChanged = false;
    int32_t m_controlsSelection = 0;
    bool m_listening = false;
    ControlsNote m_controlsNote;
    std::optional<SDL_Scancode> m_pendingKey; ///< First key pressed since the last step.
    bool m_pendingButton = false;             ///< A gamepad button was pressed since the last step.
    std::array<char, 3> m_initials{'A', 'A', 'A'};
    int32_t m_initialsCursor = 0;
    int32_t m_initialsPlayer = 0;
    std::vector<int32_t> m_initialsQueue; ///< Players still to enter initials.
    bool m_highScoresChanged = false;
    bool m_finished = false;
    size_t m_replayStep = 0;
    std::optional<Replay> m_recording;
    bool m_recordingOpen = false;
    uint64_t m_recordingHash = 0;
};

} // namespace invaders
