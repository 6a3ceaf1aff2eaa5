// The top ten's kept runs (persist/score_runs.h): stored beside the table and linked from it, shared by a
// two-player session's entries, bounded, pruned, and a bad run file kept aside like the table's.
#include "persist/save_files.h"
#include "persist/score_runs.h"
#include "sim/simulation.h"

#include "engine/platform/temp_directory.h"

#include <gtest/gtest.h>

#include <fstream>

namespace invaders {
namespace {

using vox::test::readAll;
using vox::test::TempDirectory;

bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

// A recording with some steps (the inputs do not need to be a real game to be kept and read back).
Replay someRun(uint64_t seed, int32_t players = 1, size_t steps = 500) {
    Replay replay = newReplay({seed, players, Difficulty::Arcade});
    for (size_t i = 0; i < steps; ++i)
        replay.inputs.push_back(static_cast<uint8_t>((i / 37 + seed) % 8));
    replay.finalStateHash = seed * 0x9E3779B97F4A7C15ull;
    return replay;
}

HighScore entry(const char* initials, uint32_t score, int wave = 1) {
    HighScore made;
    std::copy(initials, initials + 3, made.initials.begin());
    made.score = score;
    made.wave = wave;
    return made;
}

size_t runFiles(const std::filesystem::path& folder) {
    size_t count = 0;
    for (const auto& file : std::filesystem::directory_iterator(folder))
        count += file.path().extension() == ".vir" ? 1 : 0;
    return count;
}

TEST(ScoreRuns, AKeptRunIsLinkedFromTheSavedTableAndReadsBackEqual) {
    TempDirectory temp;
    const std::filesystem::path table = highScoresPath(temp.path());
    HighScoreTable scores;
    const Replay run = someRun(3);
    const int rank = *scores.insert(entry("ACE", 900));
    ASSERT_TRUE(keepTopTenRun(table, scores, rank, run, 0).ok());

    ASSERT_TRUE(scores.entries()[0].run.has_value());
    const RunLink link = *scores.entries()[0].run;
    EXPECT_EQ(link.player, 0);
    EXPECT_EQ(link.id, scoreRunId(run));
    const std::filesystem::path file = scoreRunPath(scoreRunsDirectory(table), link.id);
    EXPECT_EQ(file.parent_path(), temp.path() / "runs");
    EXPECT_TRUE(std::filesystem::exists(file));
    EXPECT_FALSE(std::filesystem::exists(file.string() + ".tmp")) << "written atomically, nothing left over";

    // The table on disk has the link; loading it gives the same table, and the run the same replay.
    Loaded<HighScoreTable> loaded = loadHighScores(table);
    EXPECT_TRUE(loaded.warnings.empty());
    EXPECT_EQ(loaded.value, scores);
    EXPECT_TRUE(contains(readAll(table), "ACE 900 1 run="));
    vox::Result<Replay> back = loadScoreRun(scoreRunsDirectory(table), link);
    ASSERT_TRUE(back.ok()) << back.error().message;
    EXPECT_EQ(back.value().inputs, run.inputs);
    EXPECT_EQ(back.value().finalStateHash, run.finalStateHash);
    EXPECT_EQ(back.value().settings.seed, run.settings.seed);
}

TEST(ScoreRuns, AnEntryGivesItsRunAndWhatTheRunMustReach) {
    TempDirectory temp;
    const std::filesystem::path table = highScoresPath(temp.path());
    HighScoreTable scores;
    const Replay session = someRun(8, 2);
    const int rank = *scores.insert(entry("ZED", 450, 3));
    EXPECT_FALSE(runClaimOf(scores.entries()[0]).has_value());
    vox::Result<Replay> none = loadEntryRun(table, scores.entries()[0]);
    ASSERT_FALSE(none.ok());
    EXPECT_TRUE(contains(none.error().message, "no run was kept for ZED's 450 points"))
        << none.error().message;

    ASSERT_TRUE(keepTopTenRun(table, scores, rank, session, 1).ok());
    const std::optional<RunClaim> claim = runClaimOf(scores.entries()[0]);
    ASSERT_TRUE(claim.has_value());
    EXPECT_EQ(claim->player, 1);
    EXPECT_EQ(claim->score, 450u);
    EXPECT_EQ(claim->wave, 3);
    EXPECT_EQ(std::string(claim->initials.begin(), claim->initials.end()), "ZED");
    vox::Result<Replay> run = loadEntryRun(table, scores.entries()[0]);
    ASSERT_TRUE(run.ok()) << run.error().message;
    EXPECT_EQ(run.value().inputs, session.inputs);
}

TEST(ScoreRuns, TwoPlayersOfOneSessionShareItsFile) {
    TempDirectory temp;
    const std::filesystem::path table = highScoresPath(temp.path());
    HighScoreTable scores;
    const Replay session = someRun(5, 2);
    const int first = *scores.insert(entry("ONE", 700));
    ASSERT_TRUE(keepTopTenRun(table, scores, first, session, 0).ok());
    const int second = *scores.insert(entry("TWO", 800));
    ASSERT_TRUE(keepTopTenRun(table, scores, second, session, 1).ok());
    EXPECT_EQ(runFiles(scoreRunsDirectory(table)), 1u);
    EXPECT_EQ(scores.entries()[0].run->player, 1);
    EXPECT_EQ(scores.entries()[1].run->player, 0);
    EXPECT_EQ(scores.entries()[0].run->id, scores.entries()[1].run->id);
    EXPECT_EQ(loadHighScores(table).value, scores);
}

TEST(ScoreRuns, RunsNoEntryLinksAreRemovedSoTheFolderHoldsAtMostTen) {
    TempDirectory temp;
    const std::filesystem::path table = highScoresPath(temp.path());
    const std::filesystem::path runs = scoreRunsDirectory(table);
    std::filesystem::create_directories(runs);
    std::ofstream(runs / "notes.txt") << "not a run";
    std::ofstream(runs / "0123456789abcdef.vir.corrupt-1") << "kept aside";
    HighScoreTable scores;
    for (uint32_t i = 0; i < 14; ++i) { // each a better score than the last: the first four drop out
        const int rank = *scores.insert(entry("AAA", 100 + 10 * i));
        ASSERT_TRUE(keepTopTenRun(table, scores, rank, someRun(100 + i), 0).ok());
        EXPECT_LE(runFiles(runs), 10u);
    }
    EXPECT_EQ(runFiles(runs), 10u);
    for (const HighScore& kept : scores.entries())
        EXPECT_TRUE(std::filesystem::exists(scoreRunPath(runs, kept.run->id)));
    EXPECT_FALSE(std::filesystem::exists(scoreRunPath(runs, scoreRunId(someRun(100)))));
    EXPECT_TRUE(std::filesystem::exists(runs / "notes.txt"));
    EXPECT_TRUE(std::filesystem::exists(runs / "0123456789abcdef.vir.corrupt-1"));
}

TEST(ScoreRuns, ARunTooLongToKeepLeavesTheScoreSavedWithoutIt) {
    TempDirectory temp;
    const std::filesystem::path table = highScoresPath(temp.path());
    HighScoreTable scores;
    const int rank = *scores.insert(entry("LNG", 500));
    Replay longRun = someRun(1, 1, 0);
    longRun.inputs.assign(static_cast<size_t>(kMaxScoreRunSteps) + 1, 0);
    const vox::Status kept = keepTopTenRun(table, scores, rank, longRun, 0);
    ASSERT_FALSE(kept.ok());
    EXPECT_TRUE(contains(kept.error().message, "too long to keep")) << kept.error().message;
    EXPECT_TRUE(contains(kept.error().message, "saved without its run")) << kept.error().message;
    EXPECT_FALSE(scores.entries()[0].run.has_value());
    EXPECT_EQ(loadHighScores(table).value, scores);
    EXPECT_FALSE(std::filesystem::exists(scoreRunsDirectory(table)) &&
                 runFiles(scoreRunsDirectory(table)) > 0);

    HighScoreTable two;
    const int player2 = *two.insert(entry("TWO", 500));
    EXPECT_FALSE(keepTopTenRun(table, two, player2, someRun(2, 1), 1).ok())
        << "a one-player run has no player 2";
}

TEST(ScoreRuns, ACorruptRunIsKeptAsideAndAMissingOneSaysSo) {
    TempDirectory temp;
    const std::filesystem::path table = highScoresPath(temp.path());
    HighScoreTable scores;
    const int rank = *scores.insert(entry("BAD", 300));
    ASSERT_TRUE(keepTopTenRun(table, scores, rank, someRun(9), 0).ok());
    const RunLink link = *scores.entries()[0].run;
    const std::filesystem::path runs = scoreRunsDirectory(table);
    const std::filesystem::path file = scoreRunPath(runs, link.id);
    std::string bytes = readAll(file);
    bytes[bytes.size() / 2] ^= 0x40;
    std::ofstream(file, std::ios::binary | std::ios::trunc) << bytes;

    vox::Result<Replay> corrupt = loadScoreRun(runs, link);
    ASSERT_FALSE(corrupt.ok());
    EXPECT_TRUE(contains(corrupt.error().message, file.string())) << corrupt.error().message;
    EXPECT_TRUE(contains(corrupt.error().message, "checksum")) << corrupt.error().message;
    EXPECT_TRUE(contains(corrupt.error().message, "kept as " + file.string() + ".corrupt-1"))
        << corrupt.error().message;
    EXPECT_EQ(readAll(file.string() + ".corrupt-1"), bytes) << "the bad file is kept, not lost";

    vox::Result<Replay> missing = loadScoreRun(runs, link);
    ASSERT_FALSE(missing.ok());
    EXPECT_TRUE(contains(missing.error().message, "the run file is missing")) << missing.error().message;
}

TEST(ScoreRuns, ARunFromOtherRulesStaysWhereItIs) {
    TempDirectory temp;
    const std::filesystem::path runs = temp.path() / "runs";
    Replay old = someRun(4);
    old.simulationVersion = kSimulationVersion - 1;
    vox::Result<RunLink> link = storeScoreRun(runs, old, 0);
    ASSERT_TRUE(link.ok()) << link.error().message;
    vox::Result<Replay> loaded = loadScoreRun(runs, link.value());
    ASSERT_FALSE(loaded.ok());
    EXPECT_TRUE(contains(loaded.error().message, "simulation version")) << loaded.error().message;
    EXPECT_TRUE(std::filesystem::exists(scoreRunPath(runs, link.value().id))) << "not damaged: not moved";
}

TEST(ScoreRuns, AnUnwritableFolderIsAnErrorNamingIt) {
    TempDirectory temp;
    const std::filesystem::path blocker = temp.path() / "runs";
    std::ofstream(blocker) << "a file where the folder should be";
    vox::Result<RunLink> link = storeScoreRun(blocker, someRun(1), 0);
    ASSERT_FALSE(link.ok());
    EXPECT_TRUE(contains(link.error().message, blocker.string())) << link.error().message;
}

} // namespace
} // namespace invaders
