// Attract mode's game: the pilot plays until game over (or 40 s) and any Confirm lets the player in.
#include "game_flow.h"

namespace invaders {

Transition DemoScreen::step(const StepContext& context, ui::Ui& ui, const vox::ActionState& /*input*/) {
    const GameFlow& flow = context.flow;
    if (const Transition next = stepAttract(flow, ui.nav(), 0); !next.isNone())
        return next;
    context.session.stepPilot();
    if (flow.simulation()->phase() == SimPhase::GameOver ||
        (!flow.demoOnly() && flow.screenFrames() >= kDemoFrames))
        return Transition::to(Transition::Kind::NextAttractScreen);
    return Transition::none();
}

Transition DemoScreen::layout(const ScreenContext& context, ui::Ui& ui) {
    layoutTurnBanner(context.flow, ui);
    ui.hintBar({{"", "DEMO"}, {"ENTER", "PLAY", "A"}, {"ESC", "OPTIONS", "B"}}, {1.0f, 1.0f});
    return Transition::none();
}

} // namespace invaders
