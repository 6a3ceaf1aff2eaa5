#include "ui/input_panel.h"

#include "ui/theme.h"

#include <algorithm>

namespace invaders::ui {
namespace {

std::string_view playerLabel(int32_t player) {
    return player == 1 ? "P2" : "P1";
}

// The sizes every layout shares, screen pixels.
struct PanelMetrics {
    int32_t pad = 0;    // inside the backdrop
    int32_t gap = 0;    // between caps, between rows
    int32_t margin = 0; // between the panel and the playfield
    glm::ivec2 label{0};
    std::array<glm::ivec2, 3> caps{};
};

PanelMetrics metrics(const Painter& painter) {
    const int32_t s = painter.scale();
    PanelMetrics m;
    m.pad = theme::kPadding * s / 2;
    m.gap = 2 * s;
    m.margin = 4 * s;
    m.label = painter.measure("P1");
    for (size_t i = 0; i < m.caps.size(); ++i) // as the hints' key caps: 3 font pixels either side
        m.caps[i] = {painter.measure(kInputCapNames[i]).x + 6 * s, painter.lineHeight() + s};
    return m;
}

// A column right of the playfield: the label, then the arrows side by side, then FIRE; its bottom near the
// playfield's (the cannon's row), two lines clear of the screen's bottom edge, where the screens' hint bars
// go.
InputPanelLayout column(const PanelMetrics& m, glm::ivec2 playfieldMin, glm::ivec2 playfieldMax,
                        glm::ivec2 screen, int32_t line) {
    const glm::ivec2 arrows{m.caps[0].x + m.gap + m.caps[1].x, m.caps[0].y};
    const int32_t inner = std::max({m.label.x, arrows.x, m.caps[2].x});
    const glm::ivec2 size{inner + 2 * m.pad, m.label.y + arrows.y + m.caps[2].y + 2 * m.gap + 2 * m.pad};
    InputPanelLayout layout;
    layout.beside = true;
    const int32_t bottom = std::min(playfieldMax.y, screen.y - 2 * line - m.gap);
    layout.min = {playfieldMax.x + m.margin, std::max(playfieldMin.y, bottom - size.y)};
    layout.max = layout.min + size;
    const int32_t centre = layout.min.x + size.x / 2;
    int32_t y = layout.min.y + m.pad;
    layout.labelAt = {centre - m.label.x / 2, y};
    y += m.label.y + m.gap;
    layout.capMin[0] = {centre - arrows.x / 2, y};
    layout.capMin[1] = {layout.capMin[0].x + m.caps[0].x + m.gap, y};
    y += arrows.y + m.gap;
    layout.capMin[2] = {centre - m.caps[2].x / 2, y};
    for (size_t i = 0; i < 3; ++i)
        layout.capMax[i] = layout.capMin[i] + m.caps[i];
    return layout;
}

// A row in the scores' band above the playfield, centred a quarter of the way along it: between the
// active player's score (at its left end) and the hi-score (the middle); the other player's score is at
// three quarters.
InputPanelLayout row(const PanelMetrics& m, glm::ivec2 playfieldMin, glm::ivec2 playfieldMax) {
    int32_t width = m.label.x;
    for (const glm::ivec2& cap : m.caps)
        width += m.gap + cap.x;
    const glm::ivec2 size{width + 2 * m.pad, m.caps[0].y + 2 * m.pad};
    InputPanelLayout layout;
    layout.min = {(3 * playfieldMin.x + playfieldMax.x) / 4 - size.x / 2,
                  std::max(0, playfieldMin.y - m.gap - size.y)};
    layout.max = layout.min + size;
    const int32_t top = layout.min.y + m.pad;
    layout.labelAt = {layout.min.x + m.pad, top + (m.caps[0].y - m.label.y) / 2};
    int32_t x = layout.labelAt.x + m.label.x;
    for (size_t i = 0; i < 3; ++i) {
        x += m.gap;
        layout.capMin[i] = {x, top};
        layout.capMax[i] = layout.capMin[i] + m.caps[i];
        x += m.caps[i].x;
    }
    return layout;
}

// `layout` moved right past what is kept clear that it would cover (the HUD's score: large text makes it
// wider than the quarter of the playfield the row is centred on).
InputPanelLayout clearOfTheHud(const Painter& painter, InputPanelLayout layout, int32_t gap) {
    for (const ScreenBox& kept : painter.layout().keptClear) {
        if (!kept.intersects({layout.min, layout.max}))
            continue;
        const glm::ivec2 move{kept.max.x + gap - layout.min.x, 0};
        layout.min += move;
        layout.max += move;
        layout.labelAt += move;
        for (size_t i = 0; i < layout.capMin.size(); ++i) {
            layout.capMin[i] += move;
            layout.capMax[i] += move;
        }
    }
    return layout;
}

} // namespace

InputPanelLayout layoutInputPanel(const Painter& painter, glm::ivec2 playfieldMin, glm::ivec2 playfieldMax) {
    const PanelMetrics m = metrics(painter);
    const InputPanelLayout beside =
        column(m, playfieldMin, playfieldMax, painter.size(), painter.lineHeight());
    if (beside.max.x + m.margin <= painter.size().x)
        return beside;
    return clearOfTheHud(painter, row(m, playfieldMin, playfieldMax), m.gap);
}

InputPanelLayout drawInputPanel(Painter& painter, const InputPanelModel& model) {
    const InputPanelLayout layout = layoutInputPanel(painter, model.playfieldMin, model.playfieldMax);
    const int32_t s = painter.scale();
    painter.backdrop(layout.min, layout.max, false);
    painter.text(playerLabel(model.player), layout.labelAt, theme::kAccent, 1, false);
    const std::array<bool, 3> held{model.left, model.right, model.fire};
    for (size_t i = 0; i < held.size(); ++i) {
        const glm::ivec2 min = layout.capMin[i];
        const glm::ivec2 max = layout.capMax[i];
        if (held[i]) { // lit: a solid cap, dark letters
            painter.rect(min, max, theme::kSelectedBar);
        } else { // at rest: an outline, muted letters
            const glm::vec4 edge = theme::kBorder;
            painter.rect(min, {max.x, min.y + s}, edge);
            painter.rect({min.x, max.y - s}, max, edge);
            painter.rect({min.x, min.y + s}, {min.x + s, max.y - s}, edge);
            painter.rect({max.x - s, min.y + s}, {max.x, max.y - s}, edge);
        }
        painter.text(kInputCapNames[i], {min.x + 3 * s, min.y + s},
                     held[i] ? theme::kSelectedText : theme::kMuted, 1, false);
    }
    painter.endBackdrop();
    painter.keepClear({layout.min, layout.max}); // the screens' bars and panels stay off it
    return layout;
}

} // namespace invaders::ui
