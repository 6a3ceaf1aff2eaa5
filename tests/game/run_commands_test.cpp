// The run commands of the executable (run_commands.h): --share-code, --replay-code, --print-share-code and
// --verify-scores, run as players and scripts run them.
#include "game/game_process.h"

#include "persist/save_files.h"
#include "persist/score_runs.h"
#include "sim/asset_loader.h"
#include "sim/replay.h"
#include "sim/share_code.h"
#include "sim/simulation.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <string>

namespace {

using invaders::test::ProcessResult;
using invaders::test::runGame;
using vox::test::TempDirectory;

constexpr const char* kRecording = "tests/data/replays/demo-seed5-18000.vir";

std::string describe(const ProcessResult& result) {
    return "exit " + std::to_string(result.exitCode) + "\nstdout:\n" + result.out.substr(0, 2000) +
           "\nstderr:\n" + result.err.substr(0, 2000);
}

// The word after `label` on the first line that starts with it ("" when none): "share-code: " gives the
// code, "state-hash: " the hash. (No std::regex: GCC 12 warns inside it under ASan.)
std::string valueAfter(const std::string& text, const std::string& label) {
    for (size_t start = 0; start < text.size();) {
        const size_t end = std::min(text.find('\n', start), text.size());
        if (text.compare(start, label.size(), label) == 0) {
            const size_t from = start + label.size();
            return text.substr(from, std::min(text.find(' ', from), end) - from);
        }
        start = end + 1;
    }
    return {};
}

std::string hex(uint64_t value) {
    char text[17];
    std::snprintf(text, sizeof text, "%016" PRIx64, value);
    return text;
}

TEST(RunCommands, AFileSharedAsACodePlaysToTheSameHash) {
    const ProcessResult shared = runGame(std::string("--share-code ") + kRecording);
    ASSERT_EQ(shared.exitCode, 0) << describe(shared);
    const std::string code = valueAfter(shared.out, "share-code: ");
    ASSERT_FALSE(code.empty()) << describe(shared);
    vox::Result<invaders::Replay> recording = invaders::readReplayFile(kRecording);
    ASSERT_TRUE(recording.ok());

    const ProcessResult played = runGame("--headless --replay-code " + code + " --print-state-hash");
    ASSERT_EQ(played.exitCode, 0) << describe(played); // the game checks the end state itself
    EXPECT_EQ(valueAfter(played.out, "state-hash: "), hex(recording.value().finalStateHash))
        << describe(played);
}

TEST(RunCommands, ACodeThatEndsOnAnotherStateExits1) {
    vox::Result<invaders::Replay> recording = invaders::readReplayFile(kRecording);
    ASSERT_TRUE(recording.ok());
    invaders::Replay tampered = recording.value();
    tampered.inputs.resize(6000);
    tampered.finalStateHash ^= 1; // well-formed, but not where its inputs lead
    const ProcessResult played =
        runGame("--headless --replay-code " + invaders::encodeShareCode(tampered) + " --print-state-hash");
    EXPECT_EQ(played.exitCode, 1) << describe(played);
    EXPECT_NE(played.err.find("--replay-code: the playback ended on a different state than was recorded"),
              std::string::npos)
        << describe(played);
}

TEST(RunCommands, APlayedSessionPrintsACodeThatPlaysBackToItsEnd) {
    const ProcessResult session =
        runGame("--headless --demo --seed 12 --frames 1500 --print-share-code --print-state-hash");
    ASSERT_EQ(session.exitCode, 0) << describe(session);
    const std::string code = valueAfter(session.out, "share-code: ");
    const std::string hash = valueAfter(session.out, "state-hash: ");
    ASSERT_FALSE(code.empty()) << describe(session);
    vox::Result<invaders::Replay> decoded = invaders::decodeShareCode(code);
    ASSERT_TRUE(decoded.ok()) << decoded.error().message;
    EXPECT_EQ(decoded.value().inputs.size(), 1500u);
    EXPECT_EQ(hex(decoded.value().finalStateHash), hash);

    const ProcessResult played = runGame("--headless --replay-code=" + code + " --print-state-hash");
    ASSERT_EQ(played.exitCode, 0) << describe(played);
    EXPECT_EQ(valueAfter(played.out, "state-hash: "), hash);
}

TEST(RunCommands, BadCodesExit2NamingTheProblem) {
    const ProcessResult shared = runGame(std::string("--share-code ") + kRecording);
    const std::string code = valueAfter(shared.out, "share-code: ");
    ASSERT_GT(code.size(), 40u) << describe(shared);
    std::string changed = code;
    changed[30] = changed[30] == 'A' ? 'B' : 'A';
    const std::pair<std::string, std::string> cases[] = {
        {code.substr(0, code.size() / 2), "cut short"},
        {changed, "checksum does not match"},
        {"ABC1-" + code.substr(5), "is not a voxel-invaders run code"},
        {"VIR9-" + code.substr(5), "newer than this build's format 2: update voxel-invaders"},
        {"''", "the code is empty"},
    };
    for (const auto& [bad, expected] : cases) {
        SCOPED_TRACE(bad.substr(0, 40));
        const ProcessResult result = runGame("--headless --replay-code " + bad);
        EXPECT_EQ(result.exitCode, 2) << describe(result);
        EXPECT_NE(result.err.find("--replay-code: run code: "), std::string::npos) << describe(result);
        EXPECT_NE(result.err.find(expected), std::string::npos) << describe(result);
    }
}

TEST(RunCommands, ShareCodeOfABadFileExits1NamingIt) {
    TempDirectory temp;
    const std::filesystem::path file = temp.path() / "bad.vir";
    std::ofstream(file) << "not a replay";
    const ProcessResult result = runGame("--share-code '" + file.string() + "'");
    EXPECT_EQ(result.exitCode, 1) << describe(result);
    EXPECT_NE(result.err.find(file.string() + ": not a voxel-invaders replay"), std::string::npos)
        << describe(result);
    const ProcessResult combined = runGame(std::string("--share-code ") + kRecording + " --headless");
    EXPECT_EQ(combined.exitCode, 2) << describe(combined);
}

// The checked-in recording's player 1 at its end, played here with the game's models: the table claims.
struct Outcome {
    uint32_t score = 0;
    int wave = 1;
};

Outcome outcomeOf(const invaders::Replay& replay) {
    vox::Result<invaders::GameAssets> assets = invaders::loadGameAssets("assets");
    VOX_VERIFY(assets.ok(), "the game's models must load from assets/");
    invaders::Simulation simulation(replay.settings, assets.value());
    for (uint8_t bits : replay.inputs)
        simulation.step(invaders::StepInput::fromBits(bits));
    return {static_cast<uint32_t>(simulation.player(0).score), simulation.player(0).wave};
}

invaders::HighScore entry(const char* initials, uint32_t score, int wave,
                          std::optional<invaders::RunLink> run = std::nullopt) {
    invaders::HighScore made;
    std::copy(initials, initials + 3, made.initials.begin());
    made.score = score;
    made.wave = wave;
    made.run = run;
    return made;
}

TEST(RunCommands, VerifyScoresSaysWhichEntriesHold) {
    vox::Result<invaders::Replay> recording = invaders::readReplayFile(kRecording);
    ASSERT_TRUE(recording.ok());
    const Outcome outcome = outcomeOf(recording.value());
    ASSERT_GT(outcome.score, 20u);

    TempDirectory data;
    const std::string environment = "VOX_DATA_HOME='" + data.path().string() + "'";
    const std::filesystem::path tableFile = invaders::highScoresPath(data.path());
    const std::filesystem::path runs = invaders::scoreRunsDirectory(tableFile);
    vox::Result<invaders::RunLink> link = invaders::storeScoreRun(runs, recording.value(), 0);
    ASSERT_TRUE(link.ok()) << link.error().message;

    const ProcessResult empty = runGame("--verify-scores", environment);
    EXPECT_EQ(empty.exitCode, 0) << describe(empty);
    EXPECT_NE(empty.out.find("is empty: nothing to verify"), std::string::npos) << describe(empty);

    invaders::HighScoreTable good;
    good.insert(entry("ACE", outcome.score, outcome.wave, link.value()));
    ASSERT_TRUE(invaders::saveHighScores(tableFile, good).ok());
    const ProcessResult holds = runGame("--verify-scores", environment);
    EXPECT_EQ(holds.exitCode, 0) << describe(holds);
    EXPECT_NE(holds.out.find("1. ACE " + std::to_string(outcome.score) + " wave " +
                             std::to_string(outcome.wave) + ": verified (18000 steps, player 1)"),
              std::string::npos)
        << describe(holds);
    EXPECT_NE(holds.out.find("1 of 1 entries verified"), std::string::npos) << describe(holds);

    invaders::HighScoreTable mixed = good;
    mixed.insert(entry("BOB", outcome.score - 10, outcome.wave, link.value()));     // not what the run scored
    mixed.insert(entry("CAT", 20, 1));                                              // no run kept
    mixed.insert(entry("DOG", 10, 1, invaders::RunLink{0x0123456789abcdefull, 0})); // its file is gone
    ASSERT_TRUE(invaders::saveHighScores(tableFile, mixed).ok());
    const ProcessResult some = runGame("--verify-scores", environment);
    EXPECT_EQ(some.exitCode, 1) << describe(some);
    EXPECT_NE(some.out.find("1. ACE"), std::string::npos) << describe(some);
    EXPECT_NE(some.out.find("2. BOB " + std::to_string(outcome.score - 10) + " wave " +
                            std::to_string(outcome.wave) + ": unverified: "),
              std::string::npos)
        << describe(some);
    EXPECT_NE(some.out.find("player 1 ends with " + std::to_string(outcome.score) + " points"),
              std::string::npos)
        << describe(some);
    EXPECT_NE(some.out.find("3. CAT 20 wave 1: unverified: no run was kept"), std::string::npos)
        << describe(some);
    EXPECT_NE(some.out.find("4. DOG 10 wave 1: unverified: "), std::string::npos) << describe(some);
    EXPECT_NE(some.out.find("0123456789abcdef.vir"), std::string::npos) << describe(some);
    EXPECT_NE(some.out.find("1 of 4 entries verified"), std::string::npos) << describe(some);

    // A damaged run: unverified, and --verify-scores only reads (the file stays where it is).
    const std::filesystem::path runFile = invaders::scoreRunPath(runs, link.value().id);
    std::string bytes = vox::test::readAll(runFile);
    bytes[100] ^= 1;
    std::ofstream(runFile, std::ios::binary | std::ios::trunc) << bytes;
    ASSERT_TRUE(invaders::saveHighScores(tableFile, good).ok());
    const ProcessResult damaged = runGame("--verify-scores", environment);
    EXPECT_EQ(damaged.exitCode, 1) << describe(damaged);
    EXPECT_NE(damaged.out.find("1. ACE " + std::to_string(outcome.score) + " wave " +
                               std::to_string(outcome.wave) + ": unverified: " + runFile.string()),
              std::string::npos)
        << describe(damaged);
    EXPECT_TRUE(std::filesystem::exists(runFile));

    std::ofstream(tableFile, std::ios::trunc) << "voxel-invaders-highscores 1\nACE x 1\nend\n";
    const ProcessResult corrupt = runGame("--verify-scores", environment);
    EXPECT_EQ(corrupt.exitCode, 1) << describe(corrupt);
    EXPECT_NE(corrupt.err.find("--verify-scores: " + tableFile.string() + ":2: score 'x'"), std::string::npos)
        << describe(corrupt);
}

} // namespace
