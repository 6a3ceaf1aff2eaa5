// WATCH: a top-ten entry's kept run played back over the playfield, as the game was, to study. A bar names
// whose run it is and shows where it stands (a seek track, the time, the rate); the input panel shows each
// step's inputs (ui/input_panel.h). Space, Enter or P (A or Start on a pad) pauses and plays; Up/Down set
// the rate (1/4x, 1/2x, 1x, 2x, 4x); Left/Right jump 5 seconds while playing and step one step while paused
// (held: repeating); Page Up/Down (LB/RB) jump 30 seconds; Esc (B) returns to the table with the same row.
// Jumps restore the run's snapshots (sim/run_snapshots.h) and play no sounds; a step forward plays its own.
// At the run's end the verdict shows: VERIFIED (it ended on its recorded state hash, score and wave) or
// UNVERIFIED and why, with WATCH AGAIN, SHARE and BACK; Left goes back into the run.
#include "flow/runs.h"
#include "screens/screens.h"
#include "ui/board_text.h"
#include "ui/hud.h"

#include "actions.h"

#include <cstdio>

namespace invaders {
namespace {

constexpr int64_t kStepsPerSecond = 60;
constexpr int64_t kShortJump = 5 * kStepsPerSecond;       // Left/Right while playing
constexpr int64_t kLongJump = 30 * kStepsPerSecond;       // Page Up/Down
constexpr int64_t kBoardShownSteps = 4 * kStepsPerSecond; // the board's panel, from the run's start

/// A top-ten entry's run played back to study: pause, rates, steps, jumps and a seek track; the verdict at
/// the end (VERIFIED, or UNVERIFIED and why), SHARE; a row without a run says so instead.
class WatchScreen final : public FlowScreen {
public:
    void enter() override;
    [[nodiscard]] Transition step(const StepContext& context, ui::Ui& ui,
                                  const vox::ActionState& input) override;
    [[nodiscard]] Transition layout(const ScreenContext& context, ui::Ui& ui) override;
    [[nodiscard]] Scenery scenery() const override { return Scenery::Playfield; }

private:
    [[nodiscard]] Transition stepEnded(const StepContext& context, ui::Ui& ui, const RunPlayback& run);
    [[nodiscard]] Transition layoutEnd(const ScreenContext& context, ui::Ui& ui, const RunPlayback& run);

    ui::MenuState m_menu;
    bool m_endShown = false; ///< The end's menu was shown (it starts on its first entry).
};

constexpr size_t kNoteWidth = 44; // characters a line of a note takes in the panel

void layoutNote(ui::Ui& ui, std::string_view note, const glm::vec4& color) {
    for (const std::string& line : wrapLines(note, kNoteWidth))
        ui.text(line, color);
}

// "1:05", or "1:02:05" past an hour: `steps` of play as a clock.
std::string clockText(int64_t steps) {
    const int64_t seconds = steps / kStepsPerSecond;
    char text[32];
    if (seconds >= 3600)
        std::snprintf(text, sizeof text, "%d:%02d:%02d", static_cast<int>(seconds / 3600),
                      static_cast<int>(seconds / 60 % 60), static_cast<int>(seconds % 60));
    else
        std::snprintf(text, sizeof text, "%d:%02d", static_cast<int>(seconds / 60),
                      static_cast<int>(seconds % 60));
    return text;
}

// "2X", "1/4X": the rate the run plays at.
std::string rateText(const RunPlayback& run) {
    char text[16];
    if (run.slowdown() > 1)
        std::snprintf(text, sizeof text, "1/%dX", static_cast<int>(run.slowdown()));
    else
        std::snprintf(text, sizeof text, "%dX", static_cast<int>(run.speed()));
    return text;
}

// The keys that move in the run: Left/Right (one step paused, 5 seconds playing), Page Up/Down (30
// seconds). True when the run moved (or tried to).
bool moveInRun(const StepContext& context, const ui::NavInput& nav, const RunPlayback& run) {
    const int64_t at = run.stepsPlayed();
    if (run.paused() && (nav.left || nav.right)) {
        context.watch.stepWatchBy(nav.right ? 1 : -1);
        return true;
    }
    if (nav.left || nav.right) {
        context.watch.seekWatch(at + (nav.right ? kShortJump : -kShortJump));
        return true;
    }
    if (nav.pageUp || nav.pageDown) {
        context.watch.seekWatch(at + (nav.pageDown ? kLongJump : -kLongJump));
        return true;
    }
    return false;
}

// The bar over the playfield (whose run, the seek track, the time and rate) and, before the end, the keys'
// hints in the bottom-right corner (clear of the lives at the bottom left).
void layoutBars(ui::Ui& ui, const RunPlayback& run) {
    const RunBanner banner = run.banner();
    char claim[96];
    std::snprintf(claim, sizeof claim, "WATCHING %s  %s  WAVE %d  %s",
                  banner.initials.empty() ? "A RUN" : banner.initials.c_str(),
                  ui::scoreText(banner.score).c_str(), banner.wave,
                  ui::boardTag(run.replay().settings.board()).c_str());
    const std::string rate = rateText(run);
    const std::string state = run.ended() ? "ENDED" : run.paused() ? "PAUSED " + rate : rate;
    const std::string where =
        clockText(run.stepsPlayed()) + " / " + clockText(run.totalSteps()) + "  " + state;
    const float position = run.totalSteps() == 0
                               ? 1.0f
                               : static_cast<float>(run.stepsPlayed()) / static_cast<float>(run.totalSteps());
    // Between the HUD and the saucer's lane: lower down it would hide the cannon, which the watcher follows.
    ui.seekBar(claim, position, where, {0.5f, 0.135f});
    if (run.ended())
        return;
    const std::string_view play = run.paused() ? "PLAY" : "PAUSE";
    const std::string_view move = run.paused() ? "STEP" : "5 S";
    if (ui.device() == ui::InputDevice::Touch) // the touch screen's menu bar has no page keys
        ui.hintBar({{"SPACE", play, "A", ui::kTouchConfirm},
                    {"\u2190\u2192", move},
                    {"\u2191\u2193", "SPEED"},
                    ui::kHintBack},
                   {1.0f, 1.0f});
    else
        ui.hintBar({{"SPACE", play, "A", ui::kTouchConfirm}, // too wide for the window: PGUP/DN goes first
                    {"\u2190\u2192", move},
                    {"\u2191\u2193", "SPEED"},
                    {"PGUP/DN", "30 S", "LB/RB"},
                    ui::kHintBack},
                   {1.0f, 1.0f});
}

} // namespace

void WatchScreen::enter() {
    m_menu = {};
    m_endShown = false;
}

Transition WatchScreen::step(const StepContext& context, ui::Ui& ui, const vox::ActionState& input) {
    const RunPlayback* run = context.runs.watchedRun();
    if (run == nullptr) // the row has no run: the note and BACK
        return layout(context, ui);
    // The menus read the pause key as Back; here it pauses, and Back (Esc, B) alone leaves.
    if (input.pressed(Action::Back))
        return Transition::to(Transition::Kind::StopWatching);
    context.watch.prepareWatchSeeking();
    const ui::NavInput& nav = ui.nav();
    if (run->ended())
        return stepEnded(context, ui, *run);
    m_endShown = false;
    const bool toggle = input.pressed(Action::Pause) || nav.confirm;
    if (toggle)
        context.watch.pauseWatch(!run->paused());
    if (nav.up || nav.down)
        context.watch.changeWatchSpeed(nav.up ? 1 : -1);
    const bool moved = moveInRun(context, nav, *run);
    if (!run->paused() && !toggle && !moved)
        context.watch.stepWatch();
    return Transition::none();
}

Transition WatchScreen::stepEnded(const StepContext& context, ui::Ui& ui, const RunPlayback& run) {
    const ui::NavInput& nav = ui.nav();
    if (nav.left || nav.pageUp) { // back into the run, paused there
        context.watch.pauseWatch(true);
        if (nav.left)
            context.watch.stepWatchBy(-1);
        else
            context.watch.seekWatch(run.stepsPlayed() - kLongJump);
        return Transition::none();
    }
    if (!m_endShown) { // the end's menu starts on its first entry
        m_endShown = true;
        m_menu = {};
    }
    return layout(context, ui);
}

Transition WatchScreen::layout(const ScreenContext& context, ui::Ui& ui) {
    const RunPlayback* run = context.runs.watchedRun();
    if (run == nullptr) {
        Transition next;
        ui.beginPanel("WATCH", {0.5f, 0.45f}, &m_menu);
        layoutNote(ui, context.runs.watchNote(), ui::theme::kWarning);
        ui.space();
        if (ui.button("BACK TO THE TABLE"))
            next = Transition::to(Transition::Kind::StopWatching);
        ui.endPanel();
        return next;
    }
    layoutBars(ui, *run);
    // The run's board in words while its first seconds play, under the invaders (the bar keeps its tag).
    if (!run->ended() && run->stepsPlayed() < kBoardShownSteps) {
        ui.beginPanel("PLAYED ON", {0.5f, 0.66f});
        for (const std::string& line : ui::boardLines(run->replay().settings.board()))
            ui.text(line, ui::theme::kAccent);
        ui.endPanel();
    }
    return run->ended() ? layoutEnd(context, ui, *run) : Transition::none();
}

Transition WatchScreen::layoutEnd(const ScreenContext& context, ui::Ui& ui, const RunPlayback& run) {
    Transition next;
    const RunVerdict& verdict = *run.verdict();
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
    if (ui.button("SHARE"))
        next = Transition::to(Transition::Kind::Share);
    if (ui.button("BACK TO THE TABLE"))
        next = Transition::to(Transition::Kind::StopWatching);
    ui.hints({{"\u2190", "STEP BACK"}, ui::kHintChoose, ui::kHintBack});
    ui.endPanel();
    return next;
}

std::unique_ptr<FlowScreen> makeWatchScreen() {
    return std::make_unique<WatchScreen>();
}

} // namespace invaders
