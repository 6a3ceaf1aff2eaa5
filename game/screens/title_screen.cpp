// The title: the main menu and the controls with the player's own keys, under the voxel logo the scene
// draws.
#include "game_flow.h"
#include "ui/hud.h"
#include "ui/key_names.h"

namespace invaders {

void TitleScreen::enter(GameFlow& /*flow*/) {
    m_idleFrames = 0;
}

void TitleScreen::step(GameFlow& flow, ui::Ui& ui, const vox::ActionState& /*input*/) {
    m_idleFrames = ui.nav().any() ? 0 : m_idleFrames + 1;
    if (ui.nav().back) {
        flow.openOptions();
        return;
    }
    layout(flow, ui);
    if (flow.screen() == Screen::Title && m_idleFrames >= kTitleFrames)
        flow.nextAttractScreen();
}

void TitleScreen::layout(GameFlow& flow, ui::Ui& ui) {
    if (ui::Painter* painter = ui.painter())
        ui::drawHiScore(*painter, flow.hiScore()); // the logo is a voxel model (Scenery::Title)
    const KeyBindings& keys = flow.options().keys;
    ui.beginPanel({}, {0.5f, 0.6f}, &m_menu);
    if (ui.button("1 PLAYER"))
        flow.startGame(1);
    if (ui.button("2 PLAYERS"))
        flow.startGame(2);
    if (ui.button("HIGH SCORES"))
        flow.show(Screen::HighScores);
    if (ui.button("OPTIONS"))
        flow.openOptions();
    if (ui.button("QUIT"))
        flow.quit();
    ui.space(6);
    ui.text("HOW TO PLAY", ui::theme::kMuted);
    ui.hints({{ui::moveKeysText(keys), "MOVE", "D-PAD / STICK"},
              {ui::boundKeysText(keys, Action::Fire), "FIRE", "A"},
              {ui::boundKeysText(keys, Action::Pause), "PAUSE", "START"}});
    ui.hints({ui::kHintSelect, ui::kHintChoose, {"ESC", "OPTIONS", "B"}});
    ui.endPanel();
    // The players a Confirm on the other attract screens starts: the last one chosen here.
    if (m_menu.selected <= 1)
        m_players = m_menu.selected + 1;
}

} // namespace invaders
