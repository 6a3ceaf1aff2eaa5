#include "ui/ui.h"

#include "vox/core/assert.h"

#include <algorithm>
#include <functional>

namespace invaders::ui {
namespace {

constexpr int32_t kMinimumInnerWidth = 150; // font pixels: short menus still read as a panel
constexpr std::string_view kHintSeparator = "   ";

// A letter box of `Ui::letterBoxes`: a scale-3 glyph with a margin.
glm::ivec2 letterBox(const Painter& painter) {
    const glm::ivec2 glyph = painter.measure("W", 3);
    return glyph + 6 * painter.scale();
}

} // namespace

int32_t tappedRow(const MenuState& menu, glm::vec2 tap) {
    for (size_t i = 0; i < menu.rowBoxes.size(); ++i)
        if (menu.rowBoxes[i].contains(tap))
            return static_cast<int32_t>(i);
    return -1;
}

Ui Ui::stepping(const NavInput& input) {
    return Ui(input, nullptr, 0);
}

Ui Ui::drawing(Painter& painter, int64_t tick, InputDevice device) {
    return Ui(NavInput{}, &painter, tick, device);
}

void Ui::beginPanel(std::string_view title, glm::vec2 centre, MenuState* menu) {
    VOX_ASSERT(!m_inPanel, "Ui::beginPanel: the previous panel was not ended");
    m_inPanel = true;
    m_title = title;
    m_centre = centre;
    m_menu = menu;
    m_selectableCount = 0;
    m_rows.clear();
}

Ui::Row& Ui::addRow(RowKind kind, std::string_view label) {
    Row& row = m_rows.emplace_back();
    row.kind = kind;
    row.label = label;
    return row;
}

bool Ui::selectable() {
    VOX_ASSERT(m_inPanel, "Ui: a widget outside beginPanel / endPanel");
    const int32_t index = m_selectableCount++;
    // A tap on this row (where the last frame drew it) selects it and chooses it.
    m_rowTapped = !isDrawing() && m_menu != nullptr && m_nav.tap && tappedRow(*m_menu, *m_nav.tap) == index;
    if (m_rowTapped)
        m_menu->selected = index;
    return m_menu != nullptr && index == m_menu->selected;
}

bool Ui::button(std::string_view label) {
    const bool selected = selectable();
    addRow(RowKind::Button, label).selected = selected;
    return !isDrawing() && selected && confirmed();
}

bool Ui::button(std::string_view label, std::string_view value) {
    return valueRow(label, value, false) && confirmed();
}

int32_t Ui::option(std::string_view label, std::string_view value) {
    if (!valueRow(label, value, true))
        return 0;
    if (m_nav.left)
        return -1;
    return m_nav.right || confirmed() ? 1 : 0;
}

bool Ui::valueRow(std::string_view label, std::string_view value, bool arrows) {
    const bool selected = selectable();
    Row& row = addRow(RowKind::Option, label);
    row.value = value;
    row.selected = selected;
    row.arrows = arrows;
    return !isDrawing() && selected;
}

void Ui::text(std::string_view text, const glm::vec4& color, int32_t scale, bool highlighted) {
    VOX_ASSERT(m_inPanel, "Ui::text outside beginPanel / endPanel");
    Row& row = addRow(RowKind::Text, text);
    row.color = color;
    row.scale = scale;
    row.selected = highlighted;
}

void Ui::letterBoxes(std::string_view letters, int32_t cursor) {
    VOX_ASSERT(m_inPanel, "Ui::letterBoxes outside beginPanel / endPanel");
    Row& row = addRow(RowKind::Letters, letters);
    row.scale = 3;
    row.cursor = cursor;
}

void Ui::space(int32_t fontPixels) {
    VOX_ASSERT(m_inPanel, "Ui::space outside beginPanel / endPanel");
    addRow(RowKind::Space, {}).scale = fontPixels;
}

void Ui::hints(std::initializer_list<Hint> hints) {
    VOX_ASSERT(m_inPanel, "Ui::hints outside beginPanel / endPanel");
    if (isDrawing())
        addRow(RowKind::Hints, {}).hints = hints;
}

void Ui::endPanel() {
    VOX_ASSERT(m_inPanel, "Ui::endPanel without beginPanel");
    m_inPanel = false;
    moveSelection();
    if (isDrawing())
        drawPanel();
}

void Ui::moveSelection() {
    if (m_menu == nullptr || m_selectableCount == 0)
        return;
    int32_t& selected = m_menu->selected;
    selected = std::clamp(selected, 0, m_selectableCount - 1);
    if (!isDrawing()) {
        if (m_nav.up)
            selected = (selected + m_selectableCount - 1) % m_selectableCount;
        if (m_nav.down)
            selected = (selected + 1) % m_selectableCount;
    }
    int32_t index = 0;
    for (const Row& row : m_rows) {
        if (row.kind != RowKind::Button && row.kind != RowKind::Option)
            continue;
        if (index++ == selected)
            m_selectedLabel = row.label;
    }
}

Ui::Band Ui::freeBand(int32_t minX, int32_t maxX, int32_t centreY) const {
    // Each kept-clear box over the same columns bounds the band from above or below, by which side of the
    // wanted centre its own centre lies.
    const int32_t gap = 2 * theme::kRowGap * m_painter->scale();
    Band band{0, m_painter->size().y};
    for (const ScreenBox& box : m_painter->layout().keptClear) {
        if (box.max.x <= minX || box.min.x >= maxX)
            continue;
        if (box.min.y + box.max.y <= 2 * centreY)
            band.top = std::max(band.top, box.max.y + gap);
        else
            band.bottom = std::min(band.bottom, box.min.y - gap);
    }
    band.bottom = std::max(band.bottom, band.top);
    return band;
}

glm::ivec2 Ui::placeBox(glm::ivec2 size, glm::vec2 centre, const Band& band) const {
    const glm::ivec2 screen = m_painter->size();
    glm::ivec2 min = glm::ivec2(centre * glm::vec2(screen)) - size / 2;
    min.x = std::clamp(min.x, 0, std::max(screen.x - size.x, 0));
    min.y = std::clamp(min.y, band.top, std::max(band.bottom - size.y, band.top));
    return min;
}

bool Ui::coversKeptClear(glm::ivec2 min, glm::ivec2 size) const {
    const ScreenBox box{min, min + size};
    const std::vector<ScreenBox>& kept = m_painter->layout().keptClear;
    return std::any_of(kept.begin(), kept.end(),
                       [&](const ScreenBox& clear) { return box.intersects(clear); });
}

glm::ivec2 Ui::placeBar(glm::ivec2 size, glm::vec2 centre) const {
    // Inside the screen where it is wanted, if that covers nothing kept clear; else beside what it would
    // cover, in the same row (a bottom bar beside the HUD's lives); else above or below it (WATCH's banner
    // below the HUD's scores).
    const glm::ivec2 screen = m_painter->size();
    glm::ivec2 min = placeBox(size, centre, {0, screen.y});
    if (!coversKeptClear(min, size))
        return min;
    const int32_t gap = 2 * theme::kRowGap * m_painter->scale();
    int32_t right = 0;
    int32_t left = screen.x;
    for (const ScreenBox& kept : m_painter->layout().keptClear) {
        if (kept.max.y <= min.y || kept.min.y >= min.y + size.y)
            continue;
        right = std::max(right, kept.max.x + gap);
        left = std::min(left, kept.min.x - gap);
    }
    if (right + size.x <= screen.x && !coversKeptClear({right, min.y}, size))
        return {std::max(right, min.x), min.y};
    if (left - size.x >= 0 && !coversKeptClear({left - size.x, min.y}, size))
        return {std::min(left - size.x, min.x), min.y};
    const Band band =
        freeBand(min.x, min.x + size.x, static_cast<int32_t>(centre.y * static_cast<float>(screen.y)));
    return placeBox(size, centre, {band.top, std::min(band.bottom, screen.y)});
}

void Ui::drawPanel() {
    Painter& painter = *m_painter;
    const int32_t s = painter.scale();
    const int32_t pad = theme::kPadding * s;
    int32_t valueWidth = 0;
    for (const Row& row : m_rows)
        if (row.kind == RowKind::Option)
            valueWidth = std::max(valueWidth, painter.measure("← " + row.value + " →").x);
    int32_t innerWidth = std::max(kMinimumInnerWidth * s, painter.measure(m_title, 2).x);
    int32_t height = 2 * pad;
    if (!m_title.empty())
        height += painter.lineHeight(2) + 2 * theme::kRowGap * s;
    for (const Row& row : m_rows) {
        const glm::ivec2 size = rowSize(row, valueWidth);
        innerWidth = std::max(innerWidth, size.x);
        height += size.y;
    }
    // Between what it must keep clear of (the HUD, the logo) and scrolled when taller than that room, as
    // when large text makes a menu taller than the window.
    const int32_t width = innerWidth + 2 * pad;
    const int32_t left = placeBox({width, 0}, m_centre, {}).x;
    const Band band = freeBand(left, left + width, static_cast<int32_t>(m_centre.y * painter.size().y));
    const RowWindow window = rowWindow(valueWidth, height - (band.bottom - band.top));
    const glm::ivec2 panelSize(width, height - window.hiddenHeight);
    const glm::ivec2 min = placeBox(panelSize, m_centre, band);
    painter.backdrop(min, min + panelSize);
    if (m_menu != nullptr)
        m_menu->rowBoxes.clear();

    glm::ivec2 pen = min + glm::ivec2(pad);
    if (!m_title.empty()) {
        const int32_t titleWidth = painter.measure(m_title, 2).x;
        painter.text(m_title, {pen.x + (innerWidth - titleWidth) / 2, pen.y}, theme::kTitle, 2);
        pen.y += painter.lineHeight(2) + 2 * theme::kRowGap * s;
    }
    for (size_t i = 0; i < m_rows.size(); ++i) {
        if (i < window.first || (i >= window.end && i != window.pinned)) {
            // Scrolled out: no box a tap could fall in, so each box stays its row's.
            const RowKind kind = m_rows[i].kind;
            if (m_menu != nullptr && (kind == RowKind::Button || kind == RowKind::Option))
                m_menu->rowBoxes.emplace_back();
            continue;
        }
        // Rows left out above or below: an arrow at the right end of the first or last row shown.
        const bool moreAbove = i == window.first && window.first > 0;
        const bool moreBelow = i + 1 == window.end && window.end < window.scrollEnd;
        if (moreAbove || moreBelow) {
            const std::string_view arrow = moreAbove ? "↑" : "↓";
            painter.text(arrow, {pen.x + innerWidth + pad / 4, pen.y}, theme::kMuted, 1);
        }
        drawRow(m_rows[i], pen, innerWidth, valueWidth);
        pen.y += rowSize(m_rows[i], valueWidth).y;
    }
    painter.endBackdrop();
}

Ui::RowWindow Ui::rowWindow(int32_t valueWidth, int32_t overflow) const {
    RowWindow window;
    window.end = m_rows.size();
    window.scrollEnd = m_rows.size();
    if (overflow <= 0)
        return window;
    // The hints stay in view at the bottom; the rows above them scroll so the selected one is shown, as
    // when large text makes a menu taller than the window.
    if (!m_rows.empty() && m_rows.back().kind == RowKind::Hints) {
        window.pinned = m_rows.size() - 1;
        window.scrollEnd = window.pinned;
    }
    int32_t scrolling = 0;
    for (size_t i = 0; i < window.scrollEnd; ++i)
        scrolling += rowSize(m_rows[i], valueWidth).y;
    const int32_t room = std::max(scrolling - overflow, 0);
    // The longest run of rows that fits and ends at the row to show (or starts at the top)...
    const auto runEndingAt = [&](size_t last, int32_t& used) {
        size_t first = 0;
        used = 0;
        for (size_t i = 0; i <= last && i < window.scrollEnd; ++i) {
            used += rowSize(m_rows[i], valueWidth).y;
            while (used > room && first < i)
                used -= rowSize(m_rows[first++], valueWidth).y;
        }
        return first;
    };
    const size_t shown = rowToShow(window.scrollEnd, [&](size_t last) {
        int32_t used = 0;
        return runEndingAt(last, used);
    });
    int32_t used = 0;
    const size_t first = runEndingAt(shown, used);
    // ... then as many rows after it as still fit.
    size_t end = std::min(shown + 1, window.scrollEnd);
    while (end < window.scrollEnd && used + rowSize(m_rows[end], valueWidth).y <= room)
        used += rowSize(m_rows[end++], valueWidth).y;
    window.first = first;
    window.end = end;
    window.hiddenHeight = scrolling - used;
    return window;
}

size_t Ui::rowToShow(size_t scrollEnd, const std::function<size_t(size_t)>& firstOfRunEndingAt) const {
    size_t selected = SIZE_MAX;
    size_t lastSelectable = SIZE_MAX;
    for (size_t i = 0; i < scrollEnd; ++i) {
        if (m_rows[i].selected)
            selected = i;
        if (m_rows[i].kind == RowKind::Button || m_rows[i].kind == RowKind::Option)
            lastSelectable = i;
    }
    if (scrollEnd == 0)
        return 0;
    // At the last selectable row, the rows after it (a note, how to play) too, when they fit with it.
    if (selected != SIZE_MAX && selected == lastSelectable)
        return firstOfRunEndingAt(scrollEnd - 1) <= selected ? scrollEnd - 1 : selected;
    if (selected != SIZE_MAX)
        return selected;
    // Nothing selected (a table, a note to read): the rows scroll by themselves, so every one shows in
    // turn: a while at the top, a row at a time to the bottom, a while there, and back to the top.
    size_t fitFromTop = 0;
    while (fitFromTop + 1 < scrollEnd && firstOfRunEndingAt(fitFromTop + 1) == 0)
        ++fitFromTop;
    const size_t hidden = scrollEnd - 1 - fitFromTop;
    constexpr int64_t kStepTicks = 45; // steps a row stays before the next one scrolls in
    constexpr size_t kDwellRows = 3;   // at the top and at the bottom, as long as this many rows take
    const auto phase = static_cast<size_t>(m_tick / kStepTicks) % (hidden + 2 * kDwellRows);
    return fitFromTop + std::min(phase > kDwellRows ? phase - kDwellRows : 0, hidden);
}

glm::ivec2 Ui::rowSize(const Row& row, int32_t valueWidth) const {
    const Painter& painter = *m_painter;
    const int32_t s = painter.scale();
    const int32_t gap = theme::kRowGap * s;
    switch (row.kind) {
    case RowKind::Text:
        return {painter.measure(row.label, row.scale).x, painter.lineHeight(row.scale) + gap};
    case RowKind::Button:
        return {painter.measure(row.label).x, painter.lineHeight() + 2 * gap};
    case RowKind::Option:
        return {painter.measure(row.label + "    ").x + valueWidth, painter.lineHeight() + 2 * gap};
    case RowKind::Space:
        return {0, row.scale * s};
    case RowKind::Hints:
        return {hintsWidth(row.hints), painter.lineHeight() + 4 * gap};
    case RowKind::Letters: {
        const glm::ivec2 box = letterBox(painter);
        const auto count = static_cast<int32_t>(row.label.size());
        return {count * box.x + (count - 1) * box.x / 3, box.y + 2 * gap};
    }
    }
    return {0, 0};
}

void Ui::recordRowBox(glm::ivec2 min, glm::ivec2 max) {
    const glm::vec2 screen(m_painter->size());
    m_menu->rowBoxes.push_back({glm::vec2(min) / screen, glm::vec2(max) / screen});
}

void Ui::drawRow(const Row& row, glm::ivec2 topLeft, int32_t innerWidth, int32_t valueWidth) {
    Painter& painter = *m_painter;
    const int32_t s = painter.scale();
    const int32_t gap = theme::kRowGap * s;
    const glm::ivec2 size = rowSize(row, valueWidth);
    const int32_t textTop = row.kind == RowKind::Text ? topLeft.y : topLeft.y + gap;
    // The selection bar's box: what the row covers, and where a tap chooses it.
    const int32_t margin = theme::kPadding * s / 2;
    const glm::ivec2 barMin(topLeft.x - margin, topLeft.y);
    const glm::ivec2 barMax(topLeft.x + innerWidth + margin, topLeft.y + size.y);
    if (m_menu != nullptr && (row.kind == RowKind::Button || row.kind == RowKind::Option))
        recordRowBox(barMin, barMax);
    if (row.selected && row.kind != RowKind::Hints)
        painter.rect(barMin, barMax, theme::kSelectedBar);
    const glm::vec4 color = row.selected                ? theme::kSelectedText
                            : row.kind == RowKind::Text ? row.color
                                                        : theme::kText;
    const bool shadow = !row.selected;
    switch (row.kind) {
    case RowKind::Text:
    case RowKind::Button: {
        const int32_t width = painter.measure(row.label, row.scale).x;
        painter.text(row.label, {topLeft.x + (innerWidth - width) / 2, textTop}, color, row.scale, shadow);
        break;
    }
    case RowKind::Option: {
        painter.text(row.label, {topLeft.x, textTop}, color, 1, shadow);
        // Arrows only on the selected row, without moving the value: spaces stand in for them elsewhere.
        const std::string shown =
            row.selected && row.arrows ? "← " + row.value + " →" : "  " + row.value + "  ";
        const int32_t width = painter.measure(shown).x;
        painter.text(shown, {topLeft.x + innerWidth - width, textTop}, color, 1, shadow);
        break;
    }
    case RowKind::Hints:
        drawHints(row.hints, {topLeft.x + (innerWidth - hintsWidth(row.hints)) / 2, topLeft.y + 2 * gap});
        break;
    case RowKind::Letters: {
        const glm::ivec2 box = letterBox(painter);
        const int32_t step = box.x + box.x / 3;
        glm::ivec2 pen(topLeft.x + (innerWidth - size.x) / 2, topLeft.y + gap);
        for (int32_t i = 0; i < static_cast<int32_t>(row.label.size()); ++i, pen.x += step) {
            const bool current = i == row.cursor;
            const int32_t w = theme::kBorderWidth * s;
            // The current letter sits on the bar; the others in an outlined box, so every slot shows.
            if (current) {
                painter.rect(pen, pen + box, theme::kSelectedBar);
            } else {
                painter.rect(pen, {pen.x + box.x, pen.y + w}, theme::kBorder);
                painter.rect({pen.x, pen.y + box.y - w}, pen + box, theme::kBorder);
                painter.rect(pen, {pen.x + w, pen.y + box.y}, theme::kBorder);
                painter.rect({pen.x + box.x - w, pen.y}, pen + box, theme::kBorder);
            }
            const std::string letter(1, row.label[static_cast<size_t>(i)]);
            const glm::ivec2 glyph = painter.measure(letter, row.scale);
            painter.text(letter, pen + (box - glyph) / 2, current ? theme::kSelectedText : theme::kText,
                         row.scale, !current);
        }
        break;
    }
    case RowKind::Space:
        break;
    }
}

std::string_view Ui::shownKeys(const Hint& hint) const {
    if (m_device == InputDevice::Gamepad && !hint.padKeys.empty())
        return hint.padKeys;
    if (m_device == InputDevice::Touch && !hint.touchKeys.empty())
        return hint.touchKeys;
    return hint.keys;
}

int32_t Ui::hintsWidth(const std::vector<Hint>& hints) const {
    const Painter& painter = *m_painter;
    const int32_t capPadding = 3 * painter.scale();
    int32_t width = 0;
    for (size_t i = 0; i < hints.size(); ++i) {
        if (i > 0)
            width += painter.measure(kHintSeparator).x;
        if (!hints[i].keys.empty())
            width += painter.measure(shownKeys(hints[i])).x + 2 * capPadding + painter.measure(" ").x;
        width += painter.measure(hints[i].action).x;
    }
    return width;
}

void Ui::drawHints(const std::vector<Hint>& hints, glm::ivec2 topLeft) {
    Painter& painter = *m_painter;
    const int32_t s = painter.scale();
    const int32_t capPadding = 3 * s;
    glm::ivec2 pen = topLeft;
    for (size_t i = 0; i < hints.size(); ++i) {
        if (i > 0)
            pen.x += painter.measure(kHintSeparator).x;
        if (hints[i].keys.empty()) { // a label
            painter.text(hints[i].action, pen, theme::kAccent);
            pen.x += painter.measure(hints[i].action).x;
            continue;
        }
        const std::string_view keys = shownKeys(hints[i]);
        const int32_t keysWidth = painter.measure(keys).x;
        painter.rect({pen.x, pen.y - s}, {pen.x + keysWidth + 2 * capPadding, pen.y + painter.lineHeight()},
                     theme::kKeyCap);
        painter.text(keys, {pen.x + capPadding, pen.y}, theme::kKeyCapText, 1, false);
        pen.x += keysWidth + 2 * capPadding + painter.measure(" ").x;
        painter.text(hints[i].action, pen, theme::kMuted);
        pen.x += painter.measure(hints[i].action).x;
    }
}

size_t Ui::textColumns() const {
    if (!isDrawing())
        return SIZE_MAX;
    // The panel's padding either side, and a column's worth for the scroll arrows.
    const int32_t room = m_painter->size().x - 2 * theme::kPadding * m_painter->scale();
    const int32_t column = m_painter->measure("W").x;
    return static_cast<size_t>(std::max(room / std::max(column, 1) - 1, 1));
}

void Ui::hintBar(std::initializer_list<Hint> list, glm::vec2 centre) {
    if (!isDrawing())
        return;
    Painter& painter = *m_painter;
    std::vector<Hint> hints(list);
    const int32_t pad = theme::kPadding * painter.scale();
    glm::ivec2 size(hintsWidth(hints) + 2 * pad, painter.lineHeight() + pad);
    glm::ivec2 min = placeBar(size, centre);
    // No room for it in the window (large text, a small window): the hints before the last go, from the end.
    while (hints.size() > 1 && (glm::any(glm::lessThan(min, glm::ivec2(0))) ||
                                glm::any(glm::greaterThan(min + size, painter.size())))) {
        hints.erase(hints.end() - 2);
        size.x = hintsWidth(hints) + 2 * pad;
        min = placeBar(size, centre);
    }
    painter.backdrop(min, min + size, false);
    drawHints(hints, min + glm::ivec2(pad, pad / 2));
    painter.endBackdrop();
    painter.keepClear({min, min + size}); // a panel laid out after it (WATCH's pause menu) stays off it
}

void Ui::seekBar(std::string_view before, float position, std::string_view after, glm::vec2 centre,
                 int32_t trackWidth) {
    if (!isDrawing())
        return;
    Painter& painter = *m_painter;
    const int32_t s = painter.scale();
    const int32_t pad = theme::kPadding * s;
    const int32_t gap = painter.measure("  ").x;
    const int32_t line = painter.lineHeight();
    // Wider than the window: the track shortens (to a quarter), then `before` goes.
    const int32_t beforeWidth = painter.measure(before).x + gap;
    const int32_t room = painter.size().x - beforeWidth - gap - painter.measure(after).x - 2 * pad;
    int32_t track = std::clamp(room, trackWidth * s / 4, trackWidth * s);
    if (room < track) {
        before = {};
        track = std::clamp(room + beforeWidth, trackWidth * s / 4, trackWidth * s);
    }
    const glm::ivec2 size((before.empty() ? 0 : painter.measure(before).x + gap) + track + gap +
                              painter.measure(after).x + 2 * pad,
                          line + pad);
    const glm::ivec2 min = placeBar(size, centre);
    painter.backdrop(min, min + size, false);
    glm::ivec2 pen = min + glm::ivec2(pad, pad / 2);
    if (!before.empty()) {
        painter.text(before, pen, theme::kAccent);
        pen.x += painter.measure(before).x + gap;
    }
    // The track: a thin groove, filled up to the position, a marker a line high there.
    const int32_t middle = pen.y + line / 2;
    const int32_t filled = static_cast<int32_t>(std::clamp(position, 0.0f, 1.0f) * static_cast<float>(track));
    painter.rect({pen.x, middle - s}, {pen.x + track, middle + s}, theme::kBorder);
    painter.rect({pen.x, middle - s}, {pen.x + filled, middle + s}, theme::kAccent);
    const int32_t marker = std::min(pen.x + filled, pen.x + track - 2 * s);
    painter.rect({marker, pen.y}, {marker + 2 * s, pen.y + line - s}, theme::kText);
    pen.x += track + gap;
    painter.text(after, pen, theme::kText);
    painter.endBackdrop();
    painter.keepClear({min, min + size}); // a panel laid out after it (the end's verdict) stays off it
}

} // namespace invaders::ui
