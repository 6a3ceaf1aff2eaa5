#pragma once
// The screens around the simulation, one small file each (game/screens/<name>_screen.cpp), and what they
// share. A screen describes its widgets once, in `layout()`, with the `ui::Ui` calls that serve both
// stepping (input) and drawing; `step()` adds what else it does per 60 Hz step (stepping the game, timers).
// A screen's class lives in its file, with the maker the screen table names (screens/screen_table.h); the
// classes below are those whose own state others read (tests, `GameFlow::screens()`).
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
// To add a screen (docs/game.md, "How to add a screen", has a whole example):
//   1. its file game/screens/<name>_screen.cpp (game/CMakeLists.txt takes every file there): its class,
//      deriving from `FlowScreen` (`layout()` returns the chosen entry's `Transition`, `step()` what else),
//      and its maker, `std::unique_ptr<FlowScreen> make<Name>Screen()`;
//   2. the table, screens/screen_table.h: its value, its maker's declaration and its row;
//   3. the way in: `Transition::show(Screen::Name)` from a menu entry of another screen (one line), or a
//      new `Transition::Kind` that `GameFlow::carryOut` handles when the flow must do more than show it
//      (start a session, WATCH a run); state other screens read goes in `SharedScreenState`;
//   4. a step of the walk in tests/game/screen_transitions_test.cpp (it checks every screen is reached).

#include "persist/key_rebinding.h"
#include "screens/screen_context.h"
#include "ui/ui.h"

#include "vox/core/assert.h"
#include "vox/platform/action.h"

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace invaders {

/// Steps the attract screens (title, score table, high scores, demo) share: Confirm (or a tap) starts a game,
/// Back opens the options, a direction shows the title, and after `frames` steps (0: never) the next screen
/// follows. `Transition::none()` when none of that happened.
[[nodiscard]] Transition stepAttract(const ScreenContext& context, const ui::NavInput& nav, int32_t frames);

/// The score advance table's four lines (mystery, 30, 20 and 10 points, top to bottom): the centre of line
/// `row` (0..3), a fraction of the screen's height from the top. The scene draws each scoring sprite at
/// that height, beside its line, whatever the view.
[[nodiscard]] float scoreTableRowY(int32_t row);

/// "GET READY" (or whose turn it is) over the playfield while the cannon waits to appear.
void layoutTurnBanner(const Session& session, ui::Ui& ui);

/// `text` in lines of at most `width` characters, broken at spaces where it can (a longer word, such as a
/// path or a share code, is cut).
[[nodiscard]] std::vector<std::string> wrapLines(std::string_view text, size_t width);

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

/// A page the options open (accessibility, game settings): shown afresh on its first row, and Back returns
/// to the options as they were left. A page is its `layout`.
class OptionsPage : public FlowScreen {
public:
    void enter() override { m_menu.selected = 0; }
    [[nodiscard]] Transition step(const StepContext& context, ui::Ui& ui,
                                  const vox::ActionState& /*input*/) override {
        if (ui.nav().back)
            return Transition::returnTo(Screen::Options);
        return layout(context, ui);
    }

protected:
    ui::MenuState m_menu; ///< The page's rows (its BACK row returns as Back does).
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

/// One object of each screen, as `GameFlow` owns them (made by the table's `ScreenRow::make`); others read
/// them through `GameFlow::screens()`.
class ScreenSet {
public:
    /// Every row of `kScreenTable` made.
    ScreenSet();

    /// The object of `screen`.
    [[nodiscard]] FlowScreen& operator[](Screen screen) { return *m_screens[static_cast<size_t>(screen)]; }
    /// See above.
    [[nodiscard]] const FlowScreen& operator[](Screen screen) const {
        return *m_screens[static_cast<size_t>(screen)];
    }
    /// The object of a screen class declared above, for its own state (`get<InitialsScreen>()`).
    template <class S>
    [[nodiscard]] const S& get() const {
        const FlowScreen& screen = (*this)[S::kScreen];
        VOX_ASSERT(dynamic_cast<const S*>(&screen) != nullptr,
                   "ScreenSet::get: the table makes another class");
        return static_cast<const S&>(screen);
    }

private:
    std::array<std::unique_ptr<FlowScreen>, kScreenCount> m_screens;
};

} // namespace invaders
