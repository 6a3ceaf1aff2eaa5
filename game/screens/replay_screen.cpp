// --replay: the recorded inputs play the recorded game, then the flow is finished.
#include "flow/session.h"
#include "screens/screens.h"

namespace invaders {
namespace {

/// --replay playback.
class ReplayScreen final : public FlowScreen {
public:
    [[nodiscard]] Transition step(const StepContext& context, ui::Ui& ui,
                                  const vox::ActionState& input) override;
    [[nodiscard]] Transition layout(const ScreenContext& context, ui::Ui& ui) override;
    [[nodiscard]] Scenery scenery() const override { return Scenery::Playfield; }
};

} // namespace

Transition ReplayScreen::step(const StepContext& context, ui::Ui& /*ui*/, const vox::ActionState& /*input*/) {
    if (!context.play.stepReplay())
        return Transition::to(Transition::Kind::Finish);
    return Transition::none();
}

Transition ReplayScreen::layout(const ScreenContext& /*context*/, ui::Ui& ui) {
    ui.hintBar({{"", "REPLAY"}}, {1.0f, 1.0f});
    return Transition::none();
}

std::unique_ptr<FlowScreen> makeReplayScreen() {
    return std::make_unique<ReplayScreen>();
}

} // namespace invaders
