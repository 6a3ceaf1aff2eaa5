// WATCH: a top-ten entry's kept run played back over the playfield, as the game was. A banner names whose
// run it is; Pause (or Confirm) pauses, Left/Right set the speed (1x, 2x, 4x), Back returns to the table
// with the same row. Paused, a menu offers RESUME, SHARE and BACK; at the run's end the verdict shows:
// VERIFIED (it ended on its recorded state hash, score and wave) or UNVERIFIED and why.
#include "flow/runs.h"
#include "screens/screens.h"
#include "ui/hud.h"

#include "actions.h"

#include <cstdio>

namespace invaders {
namespace {

/// A top-ten entry's run played back: a banner naming whose it is, pause, 1x/2x/4x, the verdict at the end
/// (VERIFIED, or UNVERIFIED and why), SHARE; a row without a run says so instead.
class WatchScreen final : public FlowScreen {
public:
    void enter() override;
    [[nodiscard]] Transition step(const StepContext& context, ui::Ui& ui,
                                  const vox::ActionState& input) override;
    [[nodiscard]] Transition layout(const ScreenContext& context, ui::Ui& ui) override;
    [[nodiscard]] Scenery scenery() const override { return Scenery::Playfield; }

private:
    ui::MenuState m_menu;
    bool m_resume = false;   ///< RESUME was chosen in the latest layout.
    bool m_endShown = false; ///< The end's menu was shown (it starts on its first entry).
};

constexpr size_t kNoteWidth = 44; // characters a line of a note takes in the panel

void layoutNote(ui::Ui& ui, std::string_view note, const glm::vec4& color) {
    for (const std::string& line : wrapLines(note, kNoteWidth))
        ui.text(line, color);
}

} // namespace

void WatchScreen::enter() {
    m_menu = {};
    m_resume = false;
    m_endShown = false;
}

Transition WatchScreen::step(const StepContext& context, ui::Ui& ui, const vox::ActionState& input) {
    const RunPlayback* run = context.runs.watchedRun();
    const ui::NavInput& nav = ui.nav();
    if (run == nullptr) // the row has no run: the note and BACK
        return layout(context, ui);
    // The menus read the pause key as Back; here it pauses, and Back (Esc, B) alone leaves.
    const bool leave = input.pressed(Action::Back);
    const bool pauseKey = input.pressed(Action::Pause) && !leave;
    if (nav.left)
        context.watch.changeWatchSpeed(-1);
    if (nav.right)
        context.watch.changeWatchSpeed(+1);
    if (leave)
        return Transition::to(Transition::Kind::StopWatching);
    if (!run->paused() && !run->ended()) {
        if (pauseKey || nav.confirm)
            context.watch.pauseWatch(true);
        else
            context.watch.stepWatch();
        return Transition::none();
    }
    if (run->paused() && pauseKey) {
        context.watch.pauseWatch(false);
        return Transition::none();
    }
    // Paused or ended: the menu, from its first entry when the run has just ended.
    if (run->ended() && !m_endShown) {
        m_endShown = true;
        m_menu = {};
    }
    m_resume = false;
    const Transition chosen = layout(context, ui);
    if (m_resume) {
        m_resume = false;
        context.watch.pauseWatch(false);
    }
    return chosen;
}

Transition WatchScreen::layout(const ScreenContext& context, ui::Ui& ui) {
    const RunPlayback* run = context.runs.watchedRun();
    Transition next;
    if (run == nullptr) {
        ui.beginPanel("WATCH", {0.5f, 0.45f}, &m_menu);
        layoutNote(ui, context.runs.watchNote(), ui::theme::kWarning);
        ui.space();
        if (ui.button("BACK TO THE TABLE"))
            next = Transition::to(Transition::Kind::StopWatching);
        ui.endPanel();
        return next;
    }
    // The banner: whose run, what it claims, how fast it plays.
    const RunBanner banner = run->banner();
    char claim[96];
    std::snprintf(claim, sizeof claim, "WATCHING %s  %s  WAVE %d",
                  banner.initials.empty() ? "A RUN" : banner.initials.c_str(),
                  ui::scoreText(banner.score).c_str(), banner.wave);
    char speed[16];
    std::snprintf(speed, sizeof speed, "%dX", run->speed());
    const char* state = run->ended() ? "ENDED" : run->paused() ? "PAUSED" : speed;
    // Between the HUD and the saucer's lane: lower down it would hide the cannon, which the watcher follows.
    ui.hintBar({{"", claim}, {"", state}}, {0.5f, 0.155f});
    if (!run->paused() && !run->ended()) {
        ui.hintBar({{"P", "PAUSE", "START", ui::kTouchConfirm}, {"\u2190\u2192", "SPEED"}, ui::kHintBack},
                   {0.5f, 1.0f});
        return next;
    }
    if (run->ended()) {
        const RunVerdict& verdict = *run->verdict();
        ui.beginPanel(verdict.verified() ? "VERIFIED" : "UNVERIFIED", {0.5f, 0.42f}, &m_menu);
        if (verdict.verified()) {
            char line[96];
            std::snprintf(line, sizeof line, "ENDED ON ITS RECORDED STATE, %s AT WAVE %d",
                          ui::scoreText(verdict.finalScore).c_str(), verdict.finalWave);
            layoutNote(ui, line, ui::theme::kAccent);
        } else {
            layoutNote(ui, verdict.problem, ui::theme::kWarning);
        }
        ui.space();
        if (ui.button("WATCH AGAIN"))
            next = Transition::watch(context.runs.watchedRow());
    } else {
        ui.beginPanel("PAUSED", {0.5f, 0.42f}, &m_menu);
        if (ui.button("RESUME"))
            m_resume = true;
    }
    if (ui.button("SHARE"))
        next = Transition::to(Transition::Kind::Share);
    if (ui.button("BACK TO THE TABLE"))
        next = Transition::to(Transition::Kind::StopWatching);
    ui.hints({{"\u2190\u2192", "SPEED"}, ui::kHintChoose, ui::kHintBack});
    ui.endPanel();
    return next;
}

std::unique_ptr<FlowScreen> makeWatchScreen() {
    return std::make_unique<WatchScreen>();
}

} // namespace invaders
