// --replay: the recorded inputs play the recorded game, then the flow is finished.
#include "game_flow.h"

namespace invaders {

void ReplayScreen::step(GameFlow& flow, ui::Ui& /*ui*/, const vox::ActionState& /*input*/) {
    flow.stepReplay();
}

void ReplayScreen::layout(GameFlow& /*flow*/, ui::Ui& ui) {
    ui.hintBar({{"", "REPLAY"}}, {1.0f, 1.0f});
}

} // namespace invaders
