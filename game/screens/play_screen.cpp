// A game: the player's input steps the simulation; Pause (or Back) opens the pause menu.
#include "flow/session.h"
#include "screens/screens.h"
#include "ui/key_names.h"

namespace invaders {
namespace {

/// The player plays; "GET READY" before each turn.
class PlayScreen final : public FlowScreen {
public:
    [[nodiscard]] Transition step(const StepContext& context, ui::Ui& ui,
                                  const vox::ActionState& input) override;
    [[nodiscard]] Transition layout(const ScreenContext& context, ui::Ui& ui) override;
    [[nodiscard]] Scenery scenery() const override { return Scenery::Playfield; }
};

} // namespace

void layoutTurnBanner(const Session& session, ui::Ui& ui) {
    const Simulation* simulation = session.simulation();
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

Transition PlayScreen::step(const StepContext& context, ui::Ui& ui, const vox::ActionState& input) {
    if (input.pressed(Action::Pause) || ui.nav().back)
        return Transition::show(Screen::Paused);
    context.play.stepPlayer({input.held(Action::Left), input.held(Action::Right), input.held(Action::Fire)});
    if (context.session.simulation()->phase() == SimPhase::GameOver)
        return Transition::to(Transition::Kind::GameOver);
    return Transition::none();
}

Transition PlayScreen::layout(const ScreenContext& context, ui::Ui& ui) {
    layoutTurnBanner(context.session, ui);
    ui.hintBar({{ui::boundKeysText(context.options.keys, Action::Pause), "PAUSE", "START", ui::kTouchPause}},
               {1.0f, 1.0f});
    return Transition::none();
}

std::unique_ptr<FlowScreen> makePlayScreen() {
    return std::make_unique<PlayScreen>();
}

} // namespace invaders
