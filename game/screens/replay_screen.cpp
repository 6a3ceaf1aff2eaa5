// --replay: the recorded inputs play the recorded game, then the flow is finished.
#include "flow/session.h"
#include "screens/screens.h"

namespace invaders {

Transition ReplayScreen::step(const StepContext& context, ui::Ui& /*ui*/, const vox::ActionState& /*input*/) {
    if (!context.play.stepReplay())
        return Transition::to(Transition::Kind::Finish);
    return Transition::none();
}

Transition ReplayScreen::layout(const ScreenContext& /*context*/, ui::Ui& ui) {
    ui.hintBar({{"", "REPLAY"}}, {1.0f, 1.0f});
    return Transition::none();
}

} // namespace invaders
