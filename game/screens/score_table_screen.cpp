// The score advance table; the scene draws the logo and the four scoring sprites beside these lines (at the
// heights `scoreTableRowY` gives both).
#include "flow/runs.h"
#include "screens/screens.h"
#include "ui/hud.h"

#include <algorithm>

namespace invaders {
namespace {

/// The score advance table.
class ScoreTableScreen final : public FlowScreen {
public:
    [[nodiscard]] Transition step(const StepContext& context, ui::Ui& ui,
                                  const vox::ActionState& input) override;
    [[nodiscard]] Transition layout(const ScreenContext& context, ui::Ui& ui) override;
    [[nodiscard]] Scenery scenery() const override { return Scenery::ScoreTable; }
};

} // namespace

float scoreTableRowY(int32_t row) {
    return 0.458f + 0.085f * static_cast<float>(row);
}

namespace {

// Where the table's title goes, as a fraction of the height: 0.37, or lower where the logo (kept clear by the
// scene) reaches further down, as a tall narrow window makes it; never onto the first row.
float titleY(const ui::Painter& painter) {
    const auto height = static_cast<float>(painter.size().y);
    const float line = static_cast<float>(painter.lineHeight());
    const float firstRowTop = scoreTableRowY(0) * height - line;
    float y = 0.37f * height;
    for (const ui::ScreenBox& kept : painter.layout().keptClear)
        if (static_cast<float>(kept.max.y) < firstRowTop)
            y = std::max(y, static_cast<float>(kept.max.y) + line);
    return std::min(y, firstRowTop - line / 2.0f) / height;
}

} // namespace

Transition ScoreTableScreen::step(const StepContext& context, ui::Ui& ui, const vox::ActionState& /*input*/) {
    return stepAttract(context, ui.nav(), kScoreTableFrames);
}

Transition ScoreTableScreen::layout(const ScreenContext& context, ui::Ui& ui) {
    ui::Painter* painter = ui.painter();
    if (painter == nullptr)
        return Transition::none();
    ui::drawHiScore(*painter, hiScore(context.runs.highScores(), context.session));
    const glm::vec2 size(painter->size());
    const auto centred = [&](std::string_view text, float y, const glm::vec4& color, int32_t scale) {
        const glm::ivec2 box = painter->measure(text, scale);
        painter->text(text, {(painter->size().x - box.x) / 2, static_cast<int32_t>(y * size.y) - box.y / 2},
                      color, scale);
    };
    centred("*SCORE ADVANCE TABLE*", titleY(*painter), ui::theme::kText, 1);
    // Beside the sprites of GameScene's score table (same rows: mystery, 30, 20, 10).
    const char* lines[] = {"= ? MYSTERY", "= 30 POINTS", "= 20 POINTS", "= 10 POINTS"};
    for (int32_t i = 0; i < 4; ++i) {
        const glm::ivec2 box = painter->measure(lines[i]);
        painter->text(lines[i],
                      {static_cast<int32_t>(0.44f * size.x),
                       static_cast<int32_t>(scoreTableRowY(i) * size.y) - box.y / 2},
                      ui::theme::kText);
    }
    ui.hintBar({ui::kHintPlay, ui::kHintOptions}, {0.5f, 0.88f});
    return Transition::none();
}

std::unique_ptr<FlowScreen> makeScoreTableScreen() {
    return std::make_unique<ScoreTableScreen>();
}

} // namespace invaders
