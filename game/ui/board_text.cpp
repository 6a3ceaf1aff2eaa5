#include "ui/board_text.h"

#include "ui/key_names.h"

namespace invaders::ui {

std::string boardTag(const BoardSettings& board) {
    if (board.isArcadeDefault())
        return "ARCADE";
    const std::string switches =
        std::to_string(board.startingShips) + "/" + std::to_string(board.extraShipScore);
    if (board.difficulty == Difficulty::Arcade)
        return switches;
    return upperCase(difficultyName(board.difficulty)) + " " + switches;
}

std::array<std::string, 2> boardLines(const BoardSettings& board) {
    return {upperCase(difficultyName(board.difficulty)) + " DIFFICULTY, " +
                std::to_string(board.startingShips) + " SHIPS",
            "EXTRA SHIP AT " + std::to_string(board.extraShipScore) +
                (board.isArcadeDefault() ? " (THE ARCADE'S)" : "")};
}

} // namespace invaders::ui
