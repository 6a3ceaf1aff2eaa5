// Attract mode's game: the pilot plays until game over (or 40 s) and any Confirm lets the player in.
#include "flow/session.h"
#include "screens/screens.h"

namespace invaders {
namespace {

/// The pilot plays a game.
class DemoScreen final : public FlowScreen {
public:
    [[nodiscard]] Transition step(const StepContext& context, ui::Ui& ui,
                                  const vox::ActionState& input) override;
    [[nodiscard]] Transition layout(const ScreenContext& context, ui::Ui& ui) override;
    [[nodiscard]] Scenery scenery() const override { return Scenery::Playfield; }
};

} // namespace

Transition DemoScreen::step(const StepContext& context, ui::Ui& ui, const vox::ActionState& /*input*/) {
    if (const Transition next = stepAttract(context, ui.nav(), 0); !next.isNone())
        return next;
    context.play.stepPilot();
    if (context.session.simulation()->phase() == SimPhase::GameOver ||
        (!context.shared.demoOnly && context.shared.screenFrames >= kDemoFrames))
        return Transition::to(Transition::Kind::NextAttractScreen);
    return Transition::none();
}

Transition DemoScreen::layout(const ScreenContext& context, ui::Ui& ui) {
    layoutTurnBanner(context.session, ui);
    ui.hintBar({{"", "DEMO"}, ui::kHintPlay, ui::kHintOptions}, {1.0f, 1.0f});
    return Transition::none();
}

std::unique_ptr<FlowScreen> makeDemoScreen() {
    return std::make_unique<DemoScreen>();
}

} // namespace invaders
