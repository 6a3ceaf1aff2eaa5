// "GAME OVER" with the final scores; input is ignored, so fire held from play goes nowhere.
#include "flow/session.h"
#include "screens/screens.h"
#include "ui/hud.h"

namespace invaders {
namespace {

/// "GAME OVER" for `kGameOverFrames`, input ignored (a held Fire must not go on into the next screen).
class GameOverScreen final : public FlowScreen {
public:
    [[nodiscard]] Transition step(const StepContext& context, ui::Ui& ui,
                                  const vox::ActionState& input) override;
    [[nodiscard]] Transition layout(const ScreenContext& context, ui::Ui& ui) override;
    [[nodiscard]] Scenery scenery() const override { return Scenery::Playfield; }
};

} // namespace

Transition GameOverScreen::step(const StepContext& context, ui::Ui& /*ui*/,
                                const vox::ActionState& /*input*/) {
    if (context.shared.screenFrames >= kGameOverFrames)
        return Transition::to(Transition::Kind::AfterGameOver);
    return Transition::none();
}

Transition GameOverScreen::layout(const ScreenContext& context, ui::Ui& ui) {
    const Simulation& simulation = *context.session.simulation();
    ui.beginPanel("GAME OVER", {0.5f, 0.5f});
    const int32_t players = simulation.settings().players;
    for (int32_t p = 0; p < players; ++p) {
        std::string line = players == 1 ? "SCORE " : "PLAYER " + std::to_string(p + 1) + "  ";
        line += ui::scoreText(simulation.player(p).score);
        ui.text(line, ui::theme::kText);
    }
    ui.endPanel();
    return Transition::none();
}

std::unique_ptr<FlowScreen> makeGameOverScreen() {
    return std::make_unique<GameOverScreen>();
}

} // namespace invaders
