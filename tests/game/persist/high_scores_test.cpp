#include "persist/high_scores.h"

#include "vox/core/rng.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace {

using invaders::HighScore;
using invaders::HighScoreTable;

HighScore entry(const char* initials, uint32_t score, int wave = 1) {
    HighScore result;
    std::copy(initials, initials + 3, result.initials.begin());
    result.score = score;
    result.wave = wave;
    return result;
}

TEST(HighScoreTable, AnEmptyTableTakesAnyPositiveScore) {
    HighScoreTable table;
    EXPECT_FALSE(table.qualifies(0));
    EXPECT_TRUE(table.qualifies(1));
    EXPECT_EQ(table.bestScore(), 0u);
    EXPECT_EQ(table.insert(entry("AAA", 50)), 0);
    EXPECT_EQ(table.bestScore(), 50u);
}

TEST(HighScoreTable, KeepsBestFirstAndTiesKeepTheEarlierEntryAbove) {
    HighScoreTable table;
    EXPECT_EQ(table.insert(entry("MID", 200)), 0);
    EXPECT_EQ(table.insert(entry("TOP", 300)), 0);
    EXPECT_EQ(table.insert(entry("LOW", 100)), 2);
    EXPECT_EQ(table.insert(entry("TIE", 200)), 2); // below the earlier 200
    const std::vector<std::string> order = {"TOP", "MID", "TIE", "LOW"};
    ASSERT_EQ(table.entries().size(), order.size());
    for (std::size_t i = 0; i < order.size(); ++i)
        EXPECT_EQ(table.entries()[i].initialsText(), order[i]);
}

TEST(HighScoreTable, AFullTableNeedsABetterScoreThanTheLastAndDropsIt) {
    HighScoreTable table;
    for (uint32_t i = 1; i <= 10; ++i)
        ASSERT_TRUE(table.insert(entry("AAA", i * 100)).has_value());
    EXPECT_FALSE(table.qualifies(100)); // a tie with the last entry stays out
    EXPECT_FALSE(table.insert(entry("NEW", 100)).has_value());
    EXPECT_TRUE(table.qualifies(101));
    EXPECT_EQ(table.insert(entry("NEW", 101)), 9);
    EXPECT_EQ(table.entries().size(), 10u);
    EXPECT_EQ(table.entries().back().initialsText(), "NEW");
    EXPECT_EQ(table.insert(entry("BIG", 5000)), 0);
    EXPECT_EQ(table.entries().back().score, 200u);
}

TEST(HighScoreTable, MatchesAStableSortReferenceOnRandomScores) {
    const uint64_t seed = 20240611;
    SCOPED_TRACE("seed " + std::to_string(seed));
    vox::Rng rng(seed);
    HighScoreTable table;
    std::vector<HighScore> all;
    for (int i = 0; i < 500; ++i) {
        HighScore next = entry("AAA", 1 + rng.below(40) * 10, 1 + static_cast<int>(rng.below(9)));
        next.initials[0] = static_cast<char>('A' + i % 26);
        next.initials[1] = static_cast<char>('0' + i % 10);
        const bool qualified = table.qualifies(next.score);
        const auto rank = table.insert(next);
        EXPECT_EQ(rank.has_value(), qualified);
        all.push_back(next);
        std::vector<HighScore> reference = all;
        std::stable_sort(reference.begin(), reference.end(),
                         [](const HighScore& a, const HighScore& b) { return a.score > b.score; });
        reference.resize(std::min<std::size_t>(reference.size(), 10));
        ASSERT_EQ(table.entries(), reference) << "after entry " << i;
    }
}

TEST(HighScoreTable, RoundTripsThroughItsFile) {
    HighScoreTable table;
    (void)table.insert(entry("ACE", 7340, 4));
    (void)table.insert(entry("B0B", 2210, 2));
    (void)table.insert(entry("ZZZ", 2210, 99999));
    const std::string text = invaders::formatHighScores(table);
    auto parsed = invaders::parseHighScores(text, "highscores.txt");
    ASSERT_TRUE(parsed.ok()) << parsed.error().message << "\n" << text;
    EXPECT_EQ(parsed.value(), table);

    auto empty = invaders::parseHighScores(invaders::formatHighScores({}), "highscores.txt");
    ASSERT_TRUE(empty.ok()) << empty.error().message;
    EXPECT_TRUE(empty.value().entries().empty());
}

// Each entry keeps the board it was made on; an entry written before the table kept it reads as unknown.
TEST(HighScoreTable, EntriesKeepTheirBoardAndOlderEntriesHaveNone) {
    HighScoreTable table;
    HighScore arcade = entry("ACE", 7340, 4);
    arcade.board = invaders::BoardSettings{};
    arcade.run = invaders::RunLink{0x0123456789abcdefULL, 1};
    HighScore easy = entry("KIM", 5120, 3);
    easy.board = invaders::BoardSettings{invaders::Difficulty::Easy, 5, 1000};
    (void)table.insert(arcade);
    (void)table.insert(easy);
    (void)table.insert(entry("OLD", 100, 1));
    const std::string text = invaders::formatHighScores(table);
    EXPECT_NE(text.find("ACE 7340 4 board=arcade/3/1500 run=0123456789abcdef/p2\n"), std::string::npos)
        << text;
    EXPECT_NE(text.find("KIM 5120 3 board=easy/5/1000\n"), std::string::npos) << text;
    EXPECT_NE(text.find("OLD 100 1\n"), std::string::npos) << text;
    auto parsed = invaders::parseHighScores(text, "highscores.txt");
    ASSERT_TRUE(parsed.ok()) << parsed.error().message << "\n" << text;
    EXPECT_EQ(parsed.value(), table);
    EXPECT_FALSE(parsed.value().entries()[2].board.has_value()) << "unknown, not assumed to be the arcade's";
    // Every board the game can record reads back.
    for (const auto difficulty :
         {invaders::Difficulty::Arcade, invaders::Difficulty::Easy, invaders::Difficulty::Hard})
        for (const int32_t ships : invaders::arcade::kStartingShipsChoices)
            for (const int32_t extra : invaders::arcade::kExtraShipScoreChoices) {
                HighScoreTable one;
                HighScore made = entry("ONE", 10, 1);
                made.board = invaders::BoardSettings{difficulty, ships, extra};
                (void)one.insert(made);
                auto read = invaders::parseHighScores(invaders::formatHighScores(one), "highscores.txt");
                ASSERT_TRUE(read.ok()) << read.error().message;
                EXPECT_EQ(read.value(), one);
            }
}

TEST(HighScoreTable, CorruptFilesAreRejectedWithTheLineAndReason) {
    const std::string header = "voxel-invaders-highscores 1\n";
    std::string eleven = header;
    for (int i = 0; i < 11; ++i)
        eleven += "AAA " + std::to_string(1000 - i) + " 1\n";
    eleven += "end\n";
    const std::pair<std::string, std::string> cases[] = {
        {"", "the file is empty"},
        {std::string("\x89PNG\r\n\x1a\n", 8), ":2: unexpected control character"}, // CR LF is text
        {"voxel-invaders-highscores 9\nend\n", ":1: version 9 is not supported"},
        {"voxel-invaders-settings 1\nend\n", ":1: expected"},
        {header + "ACE 100 1\nBOB 50", "cut short"},
        {header + "ACE 100\nend\n", ":2: expected 'initials score wave'"},
        {header + "ACE 100 1 extra\nend\n", ":2: run 'extra' must be run="},
        {header + "ACE 100 1 run=0123456789abcdef/p1 extra\nend\n", ":2: expected 'initials score wave"},
        {header + "ACE 100 1 run=0123456789ABCDEF/p1\nend\n", ":2: run 'run=0123456789ABCDEF/p1'"},
        {header + "ACE 100 1 run=0123456789abcdef/p3\nend\n", ":2: run 'run=0123456789abcdef/p3'"},
        {header + "ACE 100 1 run=0123456789abcde/p1\nend\n", ":2: run "},
        {header + "ACE 100 1 board=arcade/7/1500\nend\n", ":2: board 'board=arcade/7/1500' must be"},
        {header + "ACE 100 1 board=arcade/3/1200\nend\n", ":2: board 'board=arcade/3/1200' must be"},
        {header + "ACE 100 1 board=medium/3/1500\nend\n", ":2: board 'board=medium/3/1500' must be"},
        {header + "ACE 100 1 board=arcade/3\nend\n", ":2: board 'board=arcade/3' must be"},
        {header + "ACE 100 1 board=arcade/-3/1500\nend\n", ":2: board"},
        {header + "ACE 100 1 run=0123456789abcdef/p1 board=arcade/3/1500\nend\n",
         ":2: expected 'initials score wave'"}, // board= comes first
        {header + "ACE 100 1 board=arcade/3/1500 board=arcade/3/1500\nend\n", ":2: run 'board="},
        {header + "ace 100 1\nend\n", ":2: initials 'ace'"},
        {header + "ACED 100 1\nend\n", ":2: initials"},
        {header + "ACE 0 1\nend\n", ":2: score '0'"},
        {header + "ACE -5 1\nend\n", ":2: score '-5'"},
        {header + "ACE 99999999999 1\nend\n", ":2: score"},
        {header + "ACE 10 0\nend\n", ":2: wave '0'"},
        {header + "ACE 10 1.5\nend\n", ":2: wave"},
        {header + "ACE 10 1\nBOB 20 1\nend\n", ":3: entries must be in order"},
        {eleven, ":12: more than 10 entries"},
    };
    for (const auto& [text, expected] : cases) {
        SCOPED_TRACE(text);
        auto parsed = invaders::parseHighScores(text, "highscores.txt");
        ASSERT_FALSE(parsed.ok());
        EXPECT_NE(parsed.error().message.find("highscores.txt"), std::string::npos) << parsed.error().message;
        EXPECT_NE(parsed.error().message.find(expected), std::string::npos) << parsed.error().message;
    }
}

TEST(ValidInitials, LettersAndDigitsOnlyThreeOfThem) {
    EXPECT_TRUE(invaders::validInitials("AZ9"));
    EXPECT_FALSE(invaders::validInitials("AB"));
    EXPECT_FALSE(invaders::validInitials("ABCD"));
    EXPECT_FALSE(invaders::validInitials("A B"));
    EXPECT_FALSE(invaders::validInitials("abc"));
}

} // namespace
