// The pause menu over the frozen game.
#include "game_flow.h"

namespace invaders {

void PauseScreen::enter(GameFlow& /*flow*/) {
    m_menu.selected = 0;
}

void PauseScreen::step(GameFlow& flow, ui::Ui& ui, const vox::ActionState& input) {
    // The key that paused resumes (Esc, P, a pad's Start), as does Back.
    if (input.pressed(Action::Pause) || ui.nav().back) {
        flow.resume();
        return;
    }
    layout(flow, ui);
}

void PauseScreen::layout(GameFlow& flow, ui::Ui& ui) {
    ui.beginPanel("PAUSED", {0.5f, 0.5f}, &m_menu);
    if (ui.button("RESUME"))
        flow.resume();
    if (ui.button("OPTIONS"))
        flow.openOptions();
    if (ui.button("QUIT TO TITLE"))
        flow.toTitle();
    ui.hints({ui::kHintSelect, ui::kHintChoose, {"ESC", "RESUME", "B"}});
    ui.endPanel();
}

} // namespace invaders
