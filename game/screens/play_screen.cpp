// A game: the player's input steps the simulation; Pause (or Back) opens the pause menu.
#include "game_flow.h"
#include "ui/key_names.h"

namespace invaders {

void layoutTurnBanner(GameFlow& flow, ui::Ui& ui) {
    const Simulation* simulation = flow.simulation();
    if (simulation == nullptr || simulation->phase() != SimPhase::Playing ||
        simulation->cannon().phase != CannonPhase::Waiting)
        return;
    ui.beginPanel(simulation->settings().players == 2
                      ? "PLAYER " + std::to_string(simulation->currentPlayer() + 1)
                      : std::string("GET READY"),
                  {0.5f, 0.665f});
    if (simulation->settings().players == 2)
        ui.text("GET READY", ui::theme::kAccent);
    ui.endPanel();
}

void PlayScreen::step(GameFlow& flow, ui::Ui& ui, const vox::ActionState& input) {
    if (input.pressed(Action::Pause) || ui.nav().back) {
        flow.show(Screen::Paused);
        return;
    }
    flow.stepSession({input.held(Action::Left), input.held(Action::Right), input.held(Action::Fire)});
    if (flow.simulation()->phase() == SimPhase::GameOver)
        flow.enterGameOver();
}

void PlayScreen::layout(GameFlow& flow, ui::Ui& ui) {
    layoutTurnBanner(flow, ui);
    ui.hintBar({{ui::boundKeysText(flow.options().keys, Action::Pause), "PAUSE", "START"}}, {1.0f, 1.0f});
}

} // namespace invaders
