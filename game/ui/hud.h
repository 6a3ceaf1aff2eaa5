#pragma once
// The HUD beside a game: scores in a column left of the playfield, the wave and the lives (a number and
// cannon icons) right of it; where the window is too narrow for the columns, scores along the top and lives
// at the bottom left. Scores show as the arcade shows them: four digits (see
// `scoreText`), the same on every screen and in the high-score table.

#include "ui/painter.h"

#include "vox/voxel/voxel_model.h"

#include <cstdint>
#include <string>

namespace invaders::ui {

/// A score as every screen shows it: at least four digits, zero-padded ("0450"). The game's score rolls
/// over at 10,000 as the arcade's does (game/sim), so four digits are always enough.
[[nodiscard]] std::string scoreText(int64_t score);

/// A place in a table as the screens show it: "1ST", "2ND", "3RD", "4TH" ... "10TH".
[[nodiscard]] std::string ordinalText(int32_t place);

/// What the HUD shows.
struct HudModel {
    int64_t score = 0;                       ///< The active player's score.
    int64_t hiScore = 0;                     ///< max(table's best, scores being made now).
    int32_t wave = 1;                        ///< The active player's wave.
    int32_t lives = 0;                       ///< Ships left, the one in play included.
    int32_t players = 1;                     ///< 1 or 2.
    int32_t currentPlayer = 0;               ///< Whose turn (0 or 1).
    int64_t otherScore = 0;                  ///< The other player's score, in a two-player game.
    const vox::VoxelModel* cannon = nullptr; ///< The icon of a reserve ship; none: no icons.
    glm::ivec2 playfieldMin{0};              ///< Where the playfield is on screen, pixels (top-left) ...
    glm::ivec2 playfieldMax{0};              ///< ... and one past its bottom-right; empty: corners layout.
};

/// Draws the HUD of `hud`.
void drawHud(Painter& painter, const HudModel& hud);

/// Draws only "HI-SCORE" and its value at the top centre (screens without a game).
void drawHiScore(Painter& painter, int64_t hiScore);

} // namespace invaders::ui
