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
    labelledValue(painter, "HI-SCORE", scoreText(hiScore), 0.5f, 0.5f);
}

void drawHud(Painter& painter, const HudModel& hud) {
    const bool twoPlayers = hud.players == 2;
    labelledValue(painter, twoPlayers && hud.currentPlayer == 1 ? "SCORE<2>" : "SCORE<1>",
                  scoreText(hud.score), 0.0f, 0.03f);
    drawHiScore(painter, hud.hiScore);
    labelledValue(painter, "WAVE", std::to_string(hud.wave), 1.0f, 0.97f);
    if (twoPlayers) {
        std::string other = hud.currentPlayer == 0 ? "SCORE<2> " : "SCORE<1> ";
        other += scoreText(hud.otherScore);
        const int32_t width = painter.measure(other).x;
        painter.text(other,
                     {painter.size().x / 2 - width / 2, painter.lineHeight() / 2 + 2 * painter.lineHeight()},
                     theme::kMuted);
    }

    // Bottom left: the ships left as a number, then one cannon per ship in reserve (as the arcade).
    const int32_t s = painter.scale();
    const int32_t baseline = painter.size().y - painter.lineHeight() / 2;
    glm::ivec2 pen(static_cast<int32_t>(0.03f * static_cast<float>(painter.size().x)),
                   baseline - painter.lineHeight());
    const std::string count = std::to_string(std::max(hud.lives, 0));
    painter.text(count, pen, theme::kAccent);
    pen.x += painter.measure(count + " ").x;
    if (hud.cannon != nullptr) {
        const glm::ivec3 size = hud.cannon->size();
        const int32_t voxel = s;
        const int32_t reserve = std::clamp(hud.lives - 1, 0, kMaxLifeIcons);
        for (int32_t i = 0; i < reserve; ++i) {
            painter.icon(*hud.cannon,
                         {pen.x, baseline - size.y * voxel - (painter.lineHeight() - size.y * voxel) / 2},
                         voxel);
            pen.x += (size.x + 4) * voxel;
        }
    }
}

} // namespace invaders::ui
