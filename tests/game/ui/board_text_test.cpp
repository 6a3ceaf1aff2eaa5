// The board's words (ui/board_text.h): every board the game can record has a tag that fits the top ten's
// column, no two boards share a tag, and only the factory setting reads "ARCADE".
#include "ui/board_text.h"

#include <gtest/gtest.h>

#include <set>

namespace invaders {
namespace {

std::vector<BoardSettings> everyBoard() {
    std::vector<BoardSettings> boards;
    for (const Difficulty difficulty : {Difficulty::Arcade, Difficulty::Easy, Difficulty::Hard})
        for (const int32_t ships : arcade::kStartingShipsChoices)
            for (const int32_t extra : arcade::kExtraShipScoreChoices)
                boards.push_back({difficulty, ships, extra});
    return boards;
}

TEST(BoardText, EveryBoardHasItsOwnTagThatFitsTheColumn) {
    std::set<std::string> tags;
    for (const BoardSettings& board : everyBoard()) {
        const std::string tag = ui::boardTag(board);
        EXPECT_LE(tag.size(), 11u) << tag;
        EXPECT_EQ(tag == "ARCADE", board.isArcadeDefault()) << tag;
        tags.insert(tag);
    }
    EXPECT_EQ(tags.size(), everyBoard().size()) << "no two boards read the same";
    EXPECT_EQ(ui::boardTag({Difficulty::Easy, 5, 1000}), "EASY 5/1000");
    EXPECT_EQ(ui::boardTag({Difficulty::Arcade, 6, 1500}), "6/1500");
    EXPECT_EQ(ui::boardTag({Difficulty::Hard, 3, 1500}), "HARD 3/1500");
}

TEST(BoardText, TheLinesNameEveryFieldAndMarkOnlyTheFactorySetting) {
    const std::array<std::string, 2> arcade = ui::boardLines({});
    EXPECT_EQ(arcade[0], "ARCADE DIFFICULTY, 3 SHIPS");
    EXPECT_EQ(arcade[1], "EXTRA SHIP AT 1500 (THE ARCADE'S)");
    const std::array<std::string, 2> other = ui::boardLines({Difficulty::Hard, 4, 1000});
    EXPECT_EQ(other[0], "HARD DIFFICULTY, 4 SHIPS");
    EXPECT_EQ(other[1], "EXTRA SHIP AT 1000");
}

} // namespace
} // namespace invaders
