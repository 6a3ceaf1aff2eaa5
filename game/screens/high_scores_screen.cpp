// The top ten. In the attract cycle a timed display; browsed (from the title's HIGH SCORES, after a game)
// Up/Down choose a row and Confirm WATCHes its kept run, after a game SHARE THIS GAME follows the rows.
// After a game the new row is selected and input waits a moment (a held button must not skip the table).
#include "flow/runs.h"
#include "screens/screens.h"
#include "ui/board_text.h"
#include "ui/hud.h"

#include <cstdio>

namespace invaders {

void HighScoresScreen::enter() {
    m_row = kUnset;
    m_idleFrames = 0;
    m_framesShown = 0;
}

int32_t HighScoresScreen::selectedRow(const SharedScreenState& shared, const Runs& runs) const {
    if (!shared.tableBrowsable)
        return -1;
    if (m_row != kUnset)
        return m_row;
    const auto entries = static_cast<int32_t>(runs.highScores().entries().size());
    if (shared.highlightedRank >= 0)
        return shared.highlightedRank;
    if (shared.tableAfterGame)
        return entries; // SHARE THIS GAME
    return entries > 0 ? 0 : -1;
}

Transition HighScoresScreen::step(const StepContext& context, ui::Ui& ui, const vox::ActionState& /*input*/) {
    const SharedScreenState& shared = context.shared;
    if (!shared.tableBrowsable)
        return stepAttract(context, ui.nav(), kHighScoresFrames * 3 / 4);
    // Browsed: left alone, the title (and the attract cycle) follows; any input keeps it.
    const ui::NavInput& nav = ui.nav();
    m_idleFrames = nav.any() ? 0 : m_idleFrames + 1;
    if (m_idleFrames >= kHighScoresFrames)
        return Transition::to(Transition::Kind::NextAttractScreen);
    // Since it was shown afresh (not since a return from WATCH or SHARE, which takes input at once).
    if (shared.tableAfterGame && ++m_framesShown <= kInputDelayFrames)
        return Transition::none();
    m_row = selectedRow(shared, context.runs);
    const auto entries = static_cast<int32_t>(context.runs.highScores().entries().size());
    const int32_t last = shared.tableAfterGame ? entries : entries - 1;
    if (nav.up && m_row > 0)
        --m_row;
    if (nav.down && m_row < last)
        ++m_row;
    if (nav.back)
        return Transition::to(Transition::Kind::ToTitle);
    if (nav.confirm && m_row >= 0) {
        m_idleFrames = 0; // back from WATCH or SHARE, the table waits again
        return m_row == entries ? Transition::to(Transition::Kind::Share) : Transition::watch(m_row);
    }
    return Transition::none();
}

Transition HighScoresScreen::layout(const ScreenContext& context, ui::Ui& ui) {
    const SharedScreenState& shared = context.shared;
    const Runs& runs = context.runs;
    const int32_t selected = selectedRow(shared, runs);
    if (ui::Painter* painter = ui.painter())
        ui::drawHiScore(*painter, hiScore(runs.highScores(), context.session));
    ui.beginPanel("HIGH SCORES", {0.5f, 0.52f});
    // One table for every board: each row says what it was made on (docs/game.md, "The top ten").
    ui.text("RANK NAME  SCORE WAVE  RUN        BOARD      ", ui::theme::kMuted);
    const std::vector<HighScore>& entries = runs.highScores().entries();
    for (int32_t rank = 0; rank < HighScoreTable::kCapacity; ++rank) {
        char line[80];
        if (rank < static_cast<int32_t>(entries.size())) {
            const HighScore& entry = entries[static_cast<size_t>(rank)];
            // The run's mark: none kept, or found unverified (watched to a bad end, its file damaged).
            const std::optional<bool> verified = runs.runVerified(entry);
            const char* mark = !entry.run               ? "NO RUN"
                               : verified && !*verified ? "UNVERIFIED"
                               : verified               ? "VERIFIED"
                                                        : "";
            // An entry from before the table kept the board: unknown, not assumed.
            const std::string board = entry.board ? ui::boardTag(*entry.board) : "?";
            std::snprintf(line, sizeof line, "%-4s %s  %s  %4d  %-10s %-11s",
                          ui::ordinalText(rank + 1).c_str(), entry.initialsText().c_str(),
                          ui::scoreText(entry.score).c_str(), entry.wave, mark, board.c_str());
        } else {
            std::snprintf(line, sizeof line, "%-4s ---  %s     -                        ",
                          ui::ordinalText(rank + 1).c_str(), ui::scoreText(0).c_str());
        }
        // Browsed, the selection (a row with an entry, never a placeholder); else the row just entered.
        const bool highlighted = shared.tableBrowsable
                                     ? rank == selected && rank < static_cast<int32_t>(entries.size())
                                     : rank == shared.highlightedRank;
        ui.text(line, ui::theme::kText, 1, highlighted);
    }
    if (!shared.tableBrowsable) {
        ui.hints({ui::kHintPlay, ui::kHintOptions});
    } else if (entries.empty() && !shared.tableAfterGame) {
        ui.hints({ui::kHintBack}); // no row to choose, no run to WATCH
    } else {
        if (shared.tableAfterGame) {
            ui.space();
            ui.text("SHARE THIS GAME", ui::theme::kText, 1, selected == static_cast<int32_t>(entries.size()));
        }
        const bool onShare = shared.tableAfterGame && selected == static_cast<int32_t>(entries.size());
        ui.hints({{"\u2191\u2193", "CHOOSE"},
                  {"ENTER", onShare ? "SHARE" : "WATCH", "A", ui::kTouchConfirm},
                  ui::kHintBack});
    }
    ui.endPanel();
    return Transition::none();
}

std::unique_ptr<FlowScreen> makeHighScoresScreen() {
    return std::make_unique<HighScoresScreen>();
}

} // namespace invaders
