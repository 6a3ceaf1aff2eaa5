#include "ui/hud.h"

#include "ui/theme.h"

#include <algorithm>
#include <cstdio>

namespace invaders::ui {
namespace {

constexpr int32_t kMaxLifeIcons = 5;

// A label with its value below it on the top edge, aligned left, centred or right (`align` 0, 0.5, 1) at
// `x` (a fraction of the width).
void labelledValue(Painter& painter, std::string_view label, std::string_view value, float align, float x) {
    const int32_t top = painter.lineHeight() / 2;
    const auto place = [&](std::string_view text) {
        const int32_t width = painter.measure(text).x;
        return static_cast<int32_t>(x * static_cast<float>(painter.size().x) -
                                    align * static_cast<float>(width));
    };
    painter.text(label, {place(label), top}, theme::kMuted);
    painter.text(value, {place(value), top + painter.lineHeight()}, theme::kText);
}

} // namespace

std::string scoreText(int64_t score) {
    char text[24];
    std::snprintf(text, sizeof text, "%04lld", static_cast<long long>(std::max<int64_t>(score, 0)));
    return text;
}

std::string ordinalText(int32_t place) {
    const int32_t lastTwo = place % 100;
    const int32_t last = place % 10;
    const char* suffix = (lastTwo >= 11 && lastTwo <= 13) ? "TH"
                         : last == 1                      ? "ST"
                         : last == 2                      ? "ND"
                         : last == 3                      ? "RD"
                                                          : "TH";
    return std::to_string(place) + suffix;
}

void drawHiScore(Painter& painter, int64_t hiScore) {
    painter.beginKeepClear(); // no panel covers it
    labelledValue(painter, "HI-SCORE", scoreText(hiScore), 0.5f, 0.5f);
    painter.endKeepClear();
}

namespace {

// A label with its value below it, `x` the left edge (`align` 0) or the right edge (`align` 1).
void columnEntry(Painter& painter, std::string_view label, std::string_view value, int32_t x, float align,
                 int32_t y) {
    const auto left = [&](std::string_view text) {
        return x - static_cast<int32_t>(align * static_cast<float>(painter.measure(text).x));
    };
    painter.text(label, {left(label), y}, theme::kMuted);
    painter.text(value, {left(value), y + painter.lineHeight()}, theme::kText);
}

// The ships left as a number, then one cannon per ship in reserve (as the arcade), from `pen` rightwards,
// as many icons as fit before `right`.
void drawLives(Painter& painter, const HudModel& hud, glm::ivec2 pen, int32_t right) {
    const std::string count = std::to_string(std::max(hud.lives, 0));
    painter.text(count, pen, theme::kAccent);
    pen.x += painter.measure(count + " ").x;
    if (hud.cannon == nullptr)
        return;
    const glm::ivec3 size = hud.cannon->size();
    const int32_t voxel = painter.scale();
    const int32_t top = pen.y + (painter.lineHeight() - size.y * voxel) / 2;
    const int32_t reserve = std::clamp(hud.lives - 1, 0, kMaxLifeIcons);
    for (int32_t i = 0; i < reserve && pen.x + size.x * voxel <= right; ++i) {
        painter.icon(*hud.cannon, {pen.x, top}, voxel);
        pen.x += (size.x + 4) * voxel;
    }
}

// The HUD's texts and icons (see drawHud).
void drawHudItems(Painter& painter, const HudModel& hud) {
    const bool twoPlayers = hud.players == 2;
    const std::string scoreLabel = twoPlayers && hud.currentPlayer == 1 ? "SCORE<2>" : "SCORE<1>";
    const std::string otherLabel = hud.currentPlayer == 0 ? "SCORE<2>" : "SCORE<1>";
    const int32_t line = painter.lineHeight();
    // Along the playfield's edges: scores above it, aligned with its corners; lives below its left end.
    if (hud.playfieldMax.x > hud.playfieldMin.x) {
        const glm::ivec2 min = hud.playfieldMin;
        const glm::ivec2 max = hud.playfieldMax;
        const int32_t top = std::max(0, min.y - 2 * line - line / 8);
        columnEntry(painter, scoreLabel, scoreText(hud.score), min.x, 0.0f, top);
        const std::string hi = scoreText(hud.hiScore);
        painter.text("HI-SCORE", {(min.x + max.x - painter.measure("HI-SCORE").x) / 2, top}, theme::kMuted);
        painter.text(hi, {(min.x + max.x - painter.measure(hi).x) / 2, top + line}, theme::kText);
        if (twoPlayers) // the other player's score left of the wave, in the same row
            columnEntry(painter, otherLabel, scoreText(hud.otherScore), (min.x + 3 * max.x) / 4, 0.5f, top);
        columnEntry(painter, "WAVE", std::to_string(hud.wave), max.x, 1.0f, top);
        drawLives(painter, hud, {min.x, std::min(max.y + line / 8, painter.size().y - line)},
                  (min.x + max.x) / 2);
        return;
    }

    // Too narrow for columns: along the top, lives at the bottom left.
    labelledValue(painter, scoreLabel, scoreText(hud.score), 0.0f, 0.03f);
    drawHiScore(painter, hud.hiScore);
    labelledValue(painter, "WAVE", std::to_string(hud.wave), 1.0f, 0.97f);
    if (twoPlayers) {
        const std::string other = otherLabel + " " + scoreText(hud.otherScore);
        painter.text(other, {painter.size().x / 2 - painter.measure(other).x / 2, line / 2 + 2 * line},
                     theme::kMuted);
    }
    drawLives(painter, hud,
              {static_cast<int32_t>(0.03f * static_cast<float>(painter.size().x)),
               painter.size().y - line - line / 2},
              painter.size().x / 2);
}

} // namespace

void drawHud(Painter& painter, const HudModel& hud) {
    painter.beginKeepClear(); // no panel or bar covers it
    drawHudItems(painter, hud);
    painter.endKeepClear();
}

} // namespace invaders::ui
