#pragma once
// The board's settings (`BoardSettings`: difficulty, ships, extra-ship score) as the screens show them: a
// short tag for a column of the top ten and a sentence for WATCH and the GAME SETTINGS screen. One wording
// for all of them, so a score keeper reads the same words everywhere.

#include "sim/sim_types.h"

#include <array>
#include <string>

namespace invaders::ui {

/// "ARCADE" for the 1978 factory setting; else the ships / extra-ship score after the difficulty when it is
/// not the arcade's: "6/1500", "EASY 5/1000". At most 11 characters (a column of the top ten).
[[nodiscard]] std::string boardTag(const BoardSettings& board);

/// The board in words, as two lines: "ARCADE DIFFICULTY, 3 SHIPS" and "EXTRA SHIP AT 1500 (THE ARCADE'S)"
/// (the second without " (THE ARCADE'S)" when it is not the factory setting).
[[nodiscard]] std::array<std::string, 2> boardLines(const BoardSettings& board);

} // namespace invaders::ui
