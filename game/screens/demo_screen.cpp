// Attract mode's game: the pilot plays until game over (or 40 s) and any Confirm lets the player in.
#include "game_flow.h"

namespace invaders {

void DemoScreen::step(GameFlow& flow, ui::Ui& ui, const vox::ActionState& /*input*/) {
    if (stepAttract(flow, ui.nav(), 0))
        return;
    flow.stepSession(flow.pilotInput());
    if (flow.simulation()->phase() == SimPhase::GameOver ||
        (!flow.demoOnly() && flow.screenFrames() >= kDemoFrames))
        flow.nextAttractScreen();
}

void DemoScreen::layout(GameFlow& flow, ui::Ui& ui) {
    layoutTurnBanner(flow, ui);
    ui.hintBar({{"", "DEMO"}, {"ENTER", "PLAY", "A"}, {"ESC", "OPTIONS", "B"}}, {1.0f, 1.0f});
}

} // namespace invaders
