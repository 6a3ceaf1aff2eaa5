// The title: the main menu and the controls with the player's own keys, under the voxel logo the scene
// draws.
#include "flow/runs.h"
#include "screens/screens.h"
#include "ui/hud.h"
#include "ui/key_names.h"

namespace invaders {
namespace {

/// Logo, main menu (players, high scores, options, quit) and the controls with the current keys.
class TitleScreen final : public FlowScreen {
public:
    void enter() override;
    [[nodiscard]] Transition step(const StepContext& context, ui::Ui& ui,
                                  const vox::ActionState& input) override;
    [[nodiscard]] Transition layout(const ScreenContext& context, ui::Ui& ui) override;
    [[nodiscard]] Scenery scenery() const override { return Scenery::Title; }

private:
    ui::MenuState m_menu;
    int32_t m_idleFrames = 0; ///< Steps without input: the attract cycle goes on after kTitleFrames.
};

} // namespace

void TitleScreen::enter() {
    m_idleFrames = 0;
}

Transition TitleScreen::step(const StepContext& context, ui::Ui& ui, const vox::ActionState& /*input*/) {
    m_idleFrames = ui.nav().any() ? 0 : m_idleFrames + 1;
    if (ui.nav().back)
        return Transition::to(Transition::Kind::OpenOptions);
    // A tap on a row chooses that row (ui.h); a bare tap, on no row, does what Enter does: the title is the
    // first of the attract screens, where a tap anywhere plays.
    ui::NavInput nav = ui.nav();
    if (nav.tap && ui::tappedRow(m_menu, *nav.tap) < 0) {
        nav.tap.reset();
        nav.confirm = true;
    }
    ui::Ui menuUi = ui::Ui::stepping(nav);
    if (const Transition chosen = layout(context, menuUi); !chosen.isNone())
        return chosen;
    if (m_idleFrames >= kTitleFrames)
        return Transition::to(Transition::Kind::NextAttractScreen);
    // The players a Confirm on the other attract screens starts: the last one chosen here.
    const int32_t players = m_menu.selected + 1;
    if (m_menu.selected <= 1 && players != context.shared.players)
        return Transition::choosePlayers(players);
    return Transition::none();
}

Transition TitleScreen::layout(const ScreenContext& context, ui::Ui& ui) {
    if (ui::Painter* painter = ui.painter())
        ui::drawHiScore(*painter, hiScore(context.runs.highScores(),
                                          context.session)); // the logo is a voxel model (Scenery::Title)
    const KeyBindings& keys = context.options.keys;
    Transition next;
    ui.beginPanel({}, {0.5f, 0.6f}, &m_menu);
    if (ui.button("1 PLAYER"))
        next = Transition::startGame(1);
    if (ui.button("2 PLAYERS"))
        next = Transition::startGame(2);
    if (ui.button("HIGH SCORES"))
        next = Transition::to(Transition::Kind::BrowseTable);
    if (ui.button("OPTIONS"))
        next = Transition::to(Transition::Kind::OpenOptions);
    if (ui.button("QUIT"))
        next = Transition::to(Transition::Kind::Finish);
    ui.space(6);
    ui.text("HOW TO PLAY", ui::theme::kMuted);
    ui.hints({{ui::moveKeysText(keys), "MOVE", "D-PAD / STICK", ui::kTouchMove},
              {ui::boundKeysText(keys, Action::Fire), "FIRE", "A", ui::kTouchFire},
              {ui::boundKeysText(keys, Action::Pause), "PAUSE", "START", ui::kTouchPause}});
    ui.hints({ui::kHintSelect, ui::kHintChoose, {"ESC", "OPTIONS", "B", ui::kTouchBack}});
    ui.endPanel();
    return next;
}

std::unique_ptr<FlowScreen> makeTitleScreen() {
    return std::make_unique<TitleScreen>();
}

} // namespace invaders
