// "GAME OVER" with the final scores; input is ignored, so fire held from play goes nowhere.
#include "game_flow.h"
#include "ui/hud.h"

namespace invaders {

void GameOverScreen::step(GameFlow& flow, ui::Ui& /*ui*/, const vox::ActionState& /*input*/) {
    if (flow.screenFrames() >= kGameOverFrames)
        flow.afterGameOver();
}

void GameOverScreen::layout(GameFlow& flow, ui::Ui& ui) {
    const Simulation& simulation = *flow.simulation();
    ui.beginPanel("GAME OVER", {0.5f, 0.5f});
    const int32_t players = simulation.settings().players;
    for (int32_t p = 0; p < players; ++p) {
        std::string line = players == 1 ? "SCORE " : "PLAYER " + std::to_string(p + 1) + "  ";
        line += ui::scoreText(simulation.player(p).score);
        ui.text(line, ui::theme::kText);
    }
    ui.endPanel();
}

} // namespace invaders
