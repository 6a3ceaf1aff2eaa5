#pragma once
// The screens around the simulation, one small file each (game/screens/<name>_screen.cpp). A screen
// describes its widgets once, in `layout()`, with the `ui::Ui` calls that serve both stepping (input) and
// drawing; `step()` adds what else it does per 60 Hz step (stepping the game, timers).
//
// One owner per piece of state. A screen owns only its own (selection, letters, timers). It is handed a
// `ScreenContext` (screens/screen_context.h): the flow's `SharedScreenState`, the `Session` and the `Runs`,
// all const, and the options, the one thing it edits (the runner's `OptionsApplier` applies and saves them
// after the step). It never sees the flow and cannot change the screen: its `step()` (and `layout()`)
// returns a `Transition`, what should happen next, and `GameFlow` alone carries it out. A screen that runs
// a game steps it through its `StepContext` (`play`: the session; `watch`: the watched run), which can step
// it but not start or end it: that is a `Transition` too.
//
// To add a menu entry: one `ui.button(...)` or `ui.option(...)` line in that screen's `layout()`, which
// returns the entry's `Transition` when it is chosen.
// To add a screen (WATCH, SHARE, ...):
//   1. its value and its row in the table, screens/screen_table.h;
//   2. its class below and its member in `ScreenSet` (`ScreenSet::kinds` checks the order), with its file
//      game/screens/<name>_screen.cpp (game/CMakeLists.txt takes every file there): `layout()` returns
//      the chosen entry's `Transition`, `step()` what else;
//   3. the way in from another screen: `Transition::show(Screen::Name)` there (one line), or a new
//      `Transition::Kind` that `GameFlow::carryOut` handles when the flow must do more than show it (start
//      a session, WATCH a run); state other screens read goes in `SharedScreenState`, set by the flow;
//   4. a step of the walk in tests/game/screen_transitions_test.cpp (it checks every screen is reached).

#include "persist/key_rebinding.h"
#include "screens/screen_context.h"
#include "ui/ui.h"

#include "vox/platform/action.h"

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>
#include <vector>

namespace invaders {

/// Steps the attract screens (title, score table, high scores, demo) share: Confirm starts a game, Back
/// opens the options, a direction shows the title, and after `frames` steps (0: never) the next screen
/// follows. `Transition::none()` when none of that happened.
[[nodiscard]] Transition stepAttract(const ScreenContext& context, const ui::NavInput& nav, int32_t frames);

/// "GET READY" (or whose turn it is) over the playfield while the cannon waits to appear.
void layoutTurnBanner(const Session& session, ui::Ui& ui);

/// `text` in lines of at most `width` characters, broken at spaces where it can (a longer word, such as a
/// path or a share code, is cut).
[[nodiscard]] std::vector<std::string> wrapLines(std::string_view text, size_t width);

/// Logo, main menu (players, high scores, options, quit) and the controls with the current keys.
class TitleScreen final : public FlowScreen {
public:
    static constexpr Screen kScreen = Screen::Title; ///< Its value and row in the table.
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
    static constexpr Screen kScreen = Screen::ScoreTable; ///< Its value and row in the table.
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
    static constexpr Screen kScreen = Screen::HighScores; ///< Its value and row in the table.
    void enter() override;
    [[nodiscard]] Transition step(const StepContext& context, ui::Ui& ui,
                                  const vox::ActionState& input) override;
    [[nodiscard]] Transition layout(const ScreenContext& context, ui::Ui& ui) override;
    /// The selected row while browsed: a table row (0-based), the table's size for SHARE THIS GAME, -1
    /// for none.
    [[nodiscard]] int32_t selectedRow(const SharedScreenState& shared, const Runs& runs) const;

private:
    static constexpr int32_t kUnset = -2; // the row comes from SharedScreenState on the first step
    int32_t m_row = kUnset;
    int32_t m_idleFrames = 0;  ///< Steps without input while browsed.
    int32_t m_framesShown = 0; ///< Steps since shown afresh (input waits after a game).
};

/// The pilot plays a game.
class DemoScreen final : public FlowScreen {
public:
    static constexpr Screen kScreen = Screen::Demo; ///< Its value and row in the table.
    [[nodiscard]] Transition step(const StepContext& context, ui::Ui& ui,
                                  const vox::ActionState& input) override;
    [[nodiscard]] Transition layout(const ScreenContext& context, ui::Ui& ui) override;
    [[nodiscard]] Scenery scenery() const override { return Scenery::Playfield; }
};

/// The player plays; "GET READY" before each turn.
class PlayScreen final : public FlowScreen {
public:
    static constexpr Screen kScreen = Screen::Playing; ///< Its value and row in the table.
    [[nodiscard]] Transition step(const StepContext& context, ui::Ui& ui,
                                  const vox::ActionState& input) override;
    [[nodiscard]] Transition layout(const ScreenContext& context, ui::Ui& ui) override;
    [[nodiscard]] Scenery scenery() const override { return Scenery::Playfield; }
};

/// Resume, options, quit.
class PauseScreen final : public FlowScreen {
public:
    static constexpr Screen kScreen = Screen::Paused; ///< Its value and row in the table.
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
    static constexpr Screen kScreen = Screen::Options; ///< Its value and row in the table.
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
    static constexpr Screen kScreen = Screen::Controls; ///< Its value and row in the table.
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
    static constexpr Screen kScreen = Screen::GameOver; ///< Its value and row in the table.
    [[nodiscard]] Transition step(const StepContext& context, ui::Ui& ui,
                                  const vox::ActionState& input) override;
    [[nodiscard]] Transition layout(const ScreenContext& context, ui::Ui& ui) override;
    [[nodiscard]] Scenery scenery() const override { return Scenery::Playfield; }
};

/// Three letters for a top-ten score: typed, or chosen with Up/Down.
class InitialsScreen final : public FlowScreen {
public:
    static constexpr Screen kScreen = Screen::EnterInitials; ///< Its value and row in the table.
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
    static constexpr Screen kScreen = Screen::Replay; ///< Its value and row in the table.
    [[nodiscard]] Transition step(const StepContext& context, ui::Ui& ui,
                                  const vox::ActionState& input) override;
    [[nodiscard]] Transition layout(const ScreenContext& context, ui::Ui& ui) override;
    [[nodiscard]] Scenery scenery() const override { return Scenery::Playfield; }
};

/// A top-ten entry's run played back: a banner naming whose it is, pause, 1x/2x/4x, the verdict at the end
/// (VERIFIED, or UNVERIFIED and why), SHARE; a row without a run says so instead.
class WatchScreen final : public FlowScreen {
public:
    static constexpr Screen kScreen = Screen::Watch; ///< Its value and row in the table.
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
    static constexpr Screen kScreen = Screen::Share; ///< Its value and row in the table.
    [[nodiscard]] Transition layout(const ScreenContext& context, ui::Ui& ui) override;
};

/// Reduce motion, flashes, colour-blind colours, high-contrast HUD, text size, visible beat: one row each,
/// with a line saying what the selected one does; Back returns to the options as they were left.
class AccessibilityScreen final : public FlowScreen {
public:
    static constexpr Screen kScreen = Screen::Accessibility; ///< Its value and row in the table.
    void enter() override;
    [[nodiscard]] Transition step(const StepContext& context, ui::Ui& ui,
                                  const vox::ActionState& input) override;
    [[nodiscard]] Transition layout(const ScreenContext& context, ui::Ui& ui) override;

private:
    ui::MenuState m_menu;
};

/// One object of each screen, as `GameFlow` owns them; others read them through `GameFlow::screens()`.
/// The screens' classes in the table's order (checked below), so `operator[]` needs no case per screen.
class ScreenSet {
public:
    /// Every screen's class, in `Screen` order.
    using Screens = std::tuple<TitleScreen, ScoreTableScreen, HighScoresScreen, DemoScreen, PlayScreen,
                               PauseScreen, OptionsScreen, ControlsScreen, GameOverScreen, InitialsScreen,
                               ReplayScreen, WatchScreen, ShareScreen, AccessibilityScreen>;

    ScreenSet();
    ScreenSet(const ScreenSet&) = delete; // it points into itself
    ScreenSet& operator=(const ScreenSet&) = delete;

    /// The object of `screen`.
    [[nodiscard]] FlowScreen& operator[](Screen screen) { return *m_byScreen[static_cast<size_t>(screen)]; }
    /// See above.
    [[nodiscard]] const FlowScreen& operator[](Screen screen) const {
        return *m_byScreen[static_cast<size_t>(screen)];
    }
    /// The object of class `S` (`get<InitialsScreen>()`), for its own state.
    template <class S>
    [[nodiscard]] const S& get() const {
        return std::get<S>(m_screens);
    }

private:
    Screens m_screens;
    std::array<FlowScreen*, kScreenCount> m_byScreen{};
};

namespace detail {
/// True when class i of `ScreenSet::Screens` is the class of `Screen` i.
template <size_t... I>
constexpr bool screensInTableOrder(std::index_sequence<I...>) {
    return ((static_cast<size_t>(std::tuple_element_t<I, ScreenSet::Screens>::kScreen) == I) && ...);
}
} // namespace detail

static_assert(std::tuple_size_v<ScreenSet::Screens> == static_cast<size_t>(kScreenCount),
              "ScreenSet::Screens: one class per row of kScreenTable");
static_assert(detail::screensInTableOrder(std::make_index_sequence<std::tuple_size_v<ScreenSet::Screens>>()),
              "ScreenSet::Screens: class i is the class of Screen i (its kScreen)");

} // namespace invaders
