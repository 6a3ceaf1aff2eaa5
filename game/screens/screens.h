#pragma once
// The screens around the simulation, one small file each (game/screens/<name>_screen.cpp). A screen
// describes its widgets once, in `layout()`, with the `ui::Ui` calls that serve both stepping (input) and
// drawing; `step()` adds what else it does per 60 Hz step (stepping the game, timers). `GameFlow` owns
// one object of each and switches between them (game_flow.h has the map of the screens).
//
// To add a menu entry: one `ui.button(...)` or `ui.option(...)` line in that screen's `layout()`.

#include "ui/ui.h"

#include "vox/platform/action.h"

#include <array>
#include <cstdint>

namespace invaders {

class GameFlow;

/// The screens. Also the index of each in `GameFlow`.
enum class Screen : uint8_t {
    Title,         ///< Logo, main menu, controls (attract mode, 1 of 4).
    ScoreTable,    ///< The score advance table (attract mode, 2 of 4).
    HighScores,    ///< The top ten (attract mode, 3 of 4; also after entering initials).
    Demo,          ///< A game the pilot plays (attract mode, 4 of 4).
    Playing,       ///< A game.
    Paused,        ///< Pause menu over the game.
    Options,       ///< Volumes, difficulty, display, controls.
    Controls,      ///< Rebinding the play keys.
    GameOver,      ///< "GAME OVER" over the last frame.
    EnterInitials, ///< A top-ten score: three letters.
    Replay,        ///< --replay playback.
};
/// Number of `Screen` values.
inline constexpr int32_t kScreenCount = 11;

/// What the scene draws behind a screen's widgets.
enum class Scenery : uint8_t {
    Sky,        ///< Only the sky and ground.
    Title,      ///< The logo as a voxel model.
    Playfield,  ///< The session's playfield, with the HUD.
    ScoreTable, ///< The logo and the four scoring sprites of the score advance table, turning.
};

/// One screen's behaviour; see the file comment.
class FlowScreen {
public:
    virtual ~FlowScreen() = default;
    /// The screen was just shown.
    virtual void enter(GameFlow& /*flow*/) {}
    /// One step. The default lays the screen out with the stepping `ui`, which is all a menu needs.
    virtual void step(GameFlow& flow, ui::Ui& ui, const vox::ActionState& /*input*/) { layout(flow, ui); }
    /// The screen's widgets, for stepping and drawing alike (a drawing `ui` never reports a choice).
    virtual void layout(GameFlow& flow, ui::Ui& ui) = 0;
    /// What is drawn behind the widgets.
    [[nodiscard]] virtual Scenery scenery() const { return Scenery::Sky; }
};

/// Steps the attract screens (title, score table, high scores, demo) share: Confirm starts a game, Back
/// opens the options, and after `frames` steps (or a game over in the demo) the next screen follows.
/// Returns true when the screen changed.
bool stepAttract(GameFlow& flow, const ui::NavInput& nav, int32_t frames);

/// "GET READY" (or whose turn it is) over the playfield while the cannon waits to appear.
void layoutTurnBanner(GameFlow& flow, ui::Ui& ui);

/// Logo, main menu (players, high scores, options, quit) and the controls with the current keys.
class TitleScreen final : public FlowScreen {
public:
    void enter(GameFlow& flow) override;
    void step(GameFlow& flow, ui::Ui& ui, const vox::ActionState& input) override;
    void layout(GameFlow& flow, ui::Ui& ui) override;
    /// Players the title starts (1 or 2): the entry selected last.
    [[nodiscard]] int32_t players() const { return m_players; }
    [[nodiscard]] Scenery scenery() const override { return Scenery::Title; }

private:
    ui::MenuState m_menu;
    int32_t m_players = 1;
    int32_t m_idleFrames = 0; ///< Steps without input: the attract cycle goes on after kTitleFrames.
};

/// The score advance table.
class ScoreTableScreen final : public FlowScreen {
public:
    void step(GameFlow& flow, ui::Ui& ui, const vox::ActionState& input) override;
    void layout(GameFlow& flow, ui::Ui& ui) override;
    [[nodiscard]] Scenery scenery() const override { return Scenery::ScoreTable; }
};

/// The top ten; after initials, with the new row highlighted.
class HighScoresScreen final : public FlowScreen {
public:
    void step(GameFlow& flow, ui::Ui& ui, const vox::ActionState& input) override;
    void layout(GameFlow& flow, ui::Ui& ui) override;
    /// Shows the table with row `rank` (0-based) highlighted, after a game; -1: none (attract mode).
    void highlight(int32_t rank) { m_highlight = rank; }
    /// The highlighted row, or -1.
    [[nodiscard]] int32_t highlighted() const { return m_highlight; }

private:
    int32_t m_highlight = -1;
};

/// The pilot plays a game.
class DemoScreen final : public FlowScreen {
public:
    void step(GameFlow& flow, ui::Ui& ui, const vox::ActionState& input) override;
    void layout(GameFlow& flow, ui::Ui& ui) override;
    [[nodiscard]] Scenery scenery() const override { return Scenery::Playfield; }
};

/// The player plays; "GET READY" before each turn.
class PlayScreen final : public FlowScreen {
public:
    void step(GameFlow& flow, ui::Ui& ui, const vox::ActionState& input) override;
    void layout(GameFlow& flow, ui::Ui& ui) override;
    [[nodiscard]] Scenery scenery() const override { return Scenery::Playfield; }
};

/// Resume, options, quit.
class PauseScreen final : public FlowScreen {
public:
    void enter(GameFlow& flow) override;
    void step(GameFlow& flow, ui::Ui& ui, const vox::ActionState& input) override;
    void layout(GameFlow& flow, ui::Ui& ui) override;
    [[nodiscard]] Scenery scenery() const override { return Scenery::Playfield; }

private:
    ui::MenuState m_menu;
};

/// Volumes, mute, difficulty, fullscreen, vsync, controls.
class OptionsScreen final : public FlowScreen {
public:
    void enter(GameFlow& flow) override;
    void step(GameFlow& flow, ui::Ui& ui, const vox::ActionState& input) override;
    void layout(GameFlow& flow, ui::Ui& ui) override;

private:
    ui::MenuState m_menu;
};

/// Rebinding the play keys: choose an action, press its new key.
class ControlsScreen final : public FlowScreen {
public:
    void enter(GameFlow& flow) override;
    void step(GameFlow& flow, ui::Ui& ui, const vox::ActionState& input) override;
    void layout(GameFlow& flow, ui::Ui& ui) override;
    /// True while waiting for the new key.
    [[nodiscard]] bool listening() const { return m_listening; }

private:
    ui::MenuState m_menu;
    bool m_listening = false;
};

/// "GAME OVER" for `kGameOverFrames`, input ignored (a held Fire must not go on into the next screen).
class GameOverScreen final : public FlowScreen {
public:
    void step(GameFlow& flow, ui::Ui& ui, const vox::ActionState& input) override;
    void layout(GameFlow& flow, ui::Ui& ui) override;
    [[nodiscard]] Scenery scenery() const override { return Scenery::Playfield; }
};

/// Three letters for a top-ten score: typed, or chosen with Up/Down.
class InitialsScreen final : public FlowScreen {
public:
    void enter(GameFlow& flow) override;
    void step(GameFlow& flow, ui::Ui& ui, const vox::ActionState& input) override;
    void layout(GameFlow& flow, ui::Ui& ui) override;
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
    void step(GameFlow& flow, ui::Ui& ui, const vox::ActionState& input) override;
    void layout(GameFlow& flow, ui::Ui& ui) override;
    [[nodiscard]] Scenery scenery() const override { return Scenery::Playfield; }
};

} // namespace invaders
