// The pause menu over the frozen game.
#include "screens/screens.h"

namespace invaders {
namespace {

/// Resume, options, quit.
class PauseScreen final : public FlowScreen {
public:
    void enter() override;
    [[nodiscard]] Transition step(const StepContext& context, ui::Ui& ui,
                                  const vox::ActionState& input) override;
    [[nodiscard]] Transition layout(const ScreenContext& context, ui::Ui& ui) override;
    [[nodiscard]] Scenery scenery() const override { return Scenery::Playfield; }

private:
    ui::MenuState m_menu;
};

} // namespace

void PauseScreen::enter() {
    m_menu.selected = 0;
}

Transition PauseScreen::step(const StepContext& context, ui::Ui& ui, const vox::ActionState& input) {
    // The key that paused resumes (Esc, P, a pad's Start), as does Back.
    if (input.pressed(Action::Pause) || ui.nav().back)
        return Transition::show(Screen::Playing);
    return layout(context, ui);
}

Transition PauseScreen::layout(const ScreenContext& /*context*/, ui::Ui& ui) {
    Transition next;
    ui.beginPanel("PAUSED", {0.5f, 0.5f}, &m_menu);
    if (ui.button("RESUME"))
        next = Transition::show(Screen::Playing);
    if (ui.button("OPTIONS"))
        next = Transition::to(Transition::Kind::OpenOptions);
    if (ui.button("QUIT TO TITLE"))
        next = Transition::to(Transition::Kind::ToTitle);
    ui.hints({ui::kHintSelect, ui::kHintChoose, {"ESC", "RESUME", "B", ui::kTouchBack}});
    ui.endPanel();
    return next;
}

std::unique_ptr<FlowScreen> makePauseScreen() {
    return std::make_unique<PauseScreen>();
}

} // namespace invaders
