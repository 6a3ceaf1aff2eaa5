#pragma once
// The input panel: one step's inputs (left, right, fire) and whose they are ("P1", "P2"), as three key caps
// lit while held, on a small backdrop beside the playfield: right of it near the cannon's height where the
// margin holds it (wide windows), else in the scores' band above it, between the score and the hi-score.
// Never over the playfield's action. WATCH shows it always; a game with Options > SHOW INPUTS.

#include "ui/painter.h"

#include <glm/vec2.hpp>

#include <array>
#include <cstdint>

namespace invaders::ui {

/// What the input panel shows.
struct InputPanelModel {
    bool left = false;          ///< Move left held this step.
    bool right = false;         ///< Move right held this step.
    bool fire = false;          ///< Fire held this step.
    int32_t player = 0;         ///< Whose input (0 or 1): the active player.
    glm::ivec2 playfieldMin{0}; ///< Where the playfield is on screen, pixels (top-left) ...
    glm::ivec2 playfieldMax{0}; ///< ... and one past its bottom-right.
};

/// The caps of the panel, in `InputPanelLayout::caps` order.
enum class InputCap : uint8_t { Left, Right, Fire };

/// Where the panel and its parts go, screen pixels (max exclusive).
struct InputPanelLayout {
    glm::ivec2 min{0};                  ///< The backdrop's top-left ...
    glm::ivec2 max{0};                  ///< ... and one past its bottom-right.
    glm::ivec2 labelAt{0};              ///< Top-left of the player's label.
    std::array<glm::ivec2, 3> capMin{}; ///< Each cap's top-left (`InputCap` order) ...
    std::array<glm::ivec2, 3> capMax{}; ///< ... and one past its bottom-right.
    bool beside = false;                ///< Right of the playfield (a column); false: above it (a row).
};

/// The caps' names as drawn, in `InputCap` order.
inline constexpr std::array<std::string_view, 3> kInputCapNames{"\u2190", "\u2192", "FIRE"};

/// Lays the panel out on `painter`'s screen beside the playfield `playfieldMin` .. `playfieldMax` (see the
/// file comment); kept inside the screen, and a row right of what the HUD keeps clear there (its score).
[[nodiscard]] InputPanelLayout layoutInputPanel(const Painter& painter, glm::ivec2 playfieldMin,
                                                glm::ivec2 playfieldMax);

/// Draws the panel of `model` and returns where it went.
InputPanelLayout drawInputPanel(Painter& painter, const InputPanelModel& model);

} // namespace invaders::ui
