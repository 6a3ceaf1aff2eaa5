// The top ten. After a game the new row is highlighted and input waits a moment (a held button must not
// skip the table).
#include "game_flow.h"
#include "ui/hud.h"

#include <cstdio>

namespace invaders {
Transition HighScoresScreen::step(const StepContext& context, ui::Ui& ui, const vox::ActionState& /*input*/) {
    const GameFlow& flow = context.flow;
    const bool afterGame = flow.shared().highlightedRank >= 0;
    if (afterGame && flow.screenFrames() <= kInputDelayFrames)
        return Transition::none();
    return stepAttract(flow, ui.nav(), afterGame ? kHighScoresFrames : kHighScoresFrames * 3 / 4);
}

Transition HighScoresScreen::layout(const ScreenContext& context, ui::Ui& ui) {
    const GameFlow& flow = context.flow;
    if (ui::Painter* painter = ui.painter())
        ui::drawHiScore(*painter, flow.hiScore());
    ui.beginPanel("HIGH SCORES", {0.5f, 0.52f});
    ui.text("RANK  NAME  SCORE  WAVE", ui::theme::kMuted);
    const std::vector<HighScore>& entries = flow.highScores().entries();
    for (int32_t rank = 0; rank < HighScoreTable::kCapacity; ++rank) {
        char line[64];
        if (rank < static_cast<int32_t>(entries.size())) {
            const HighScore& entry = entries[static_cast<size_t>(rank)];
            std::snprintf(line, sizeof line, "%-4s  %s   %s  %4d", ui::ordinalText(rank + 1).c_str(),
                          entry.initialsText().c_str(), ui::scoreText(entry.score).c_str(), entry.wave);
        } else {
            std::snprintf(line, sizeof line, "%-4s  ---   %s     -", ui::ordinalText(rank + 1).c_str(),
                          ui::scoreText(0).c_str());
        }
        ui.text(line, ui::theme::kText, 1, rank == flow.shared().highlightedRank);
    }
    ui.hints({{"ENTER", "PLAY", "A"}, {"ESC", "OPTIONS", "B"}});
    ui.endPanel();
    return Transition::none();
}

} // namespace invaders
