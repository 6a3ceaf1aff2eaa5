// The corpus (tests/data/corpus; docs/run-format.md, "The corpus: the same run on every build"): runs of five
// minutes and more whose every second's state hash this build must reach. Every build that runs the suite
// checks it (GCC Release, ASan, and Clang in scripts/test.sh sim; the web stage plays the same files in the
// page): the files are the table's (game/tools/corpus.h), every second of every run's hash chain holds when
// the simulation plays its inputs, `vir verify` (the tool's own code, in process) verifies each, and a copy
// with one input changed departs at the second of the change, as `vir verify` names it.
// Runs from the source tree (CTest's working directory), whose assets/ are the game's models.
#include "engine/platform/temp_directory.h"

#include "corpus.h"
#include "sim/asset_loader.h"
#include "sim/replay.h"
#include "sim/simulation.h"
#include "vir_tool.h"

#include "vox/core/rng.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

namespace invaders::test {
namespace {

constexpr const char* kCorpusFolder = "tests/data/corpus";

// Every .vir file of the corpus, by name.
std::vector<std::filesystem::path> corpusFiles() {
    std::vector<std::filesystem::path> files;
    for (const auto& entry : std::filesystem::directory_iterator(kCorpusFolder))
        if (entry.path().extension() == ".vir")
            files.push_back(entry.path());
    std::sort(files.begin(), files.end());
    return files;
}

const GameAssets& gameAssets() {
    static const GameAssets assets = [] {
        vox::Result<GameAssets> loaded = loadGameAssets("assets");
        if (!loaded) {
            ADD_FAILURE() << "the game's models: " << loaded.error().message;
            return builtinGameAssets();
        }
        return std::move(loaded).value();
    }();
    return assets;
}

Replay readRun(const std::filesystem::path& path) {
    vox::Result<Replay> replay = readReplayFile(path);
    if (!replay) {
        ADD_FAILURE() << replay.error().message;
        return {};
    }
    return std::move(replay).value();
}

// The whole seconds of play as the verdicts write them, written out here: 161 -> "2:41".
std::string clock(int64_t seconds) {
    char text[32];
    std::snprintf(text, sizeof text, "%d:%02d", static_cast<int>(seconds / 60),
                  static_cast<int>(seconds % 60));
    return text;
}

// 9660 -> "9,660" (the corpus' runs are shorter than a million steps).
std::string withCommas(int64_t value) {
    const std::string digits = std::to_string(value);
    return digits.size() > 3 ? digits.substr(0, digits.size() - 3) + "," + digits.substr(digits.size() - 3)
                             : digits;
}

// The first second whose recorded link `simulation`, playing `inputs` from `replay`'s settings, does not
// reach; nothing when every link holds. `linksChecked` counts the links compared.
std::optional<int64_t> firstDepartingSecond(const Replay& replay, const std::vector<uint8_t>& inputs,
                                            int64_t& linksChecked, uint64_t* finalHash = nullptr) {
    Simulation simulation(replay.settings, gameAssets());
    std::optional<int64_t> departs;
    linksChecked = 0;
    for (size_t step = 0; step < inputs.size(); ++step) {
        simulation.step(StepInput::fromBits(inputs[step]));
        if ((step + 1) % kChainSteps != 0)
            continue;
        const size_t link = (step + 1) / kChainSteps - 1;
        ++linksChecked;
        if (!departs && simulation.stateHash() != replay.chain.digests.at(link))
            departs = static_cast<int64_t>(link + 1);
    }
    if (finalHash)
        *finalHash = simulation.stateHash();
    return departs;
}

struct Outcome {
    int status = -1;
    std::string out;
    std::string err;
};

Outcome vir(const std::vector<std::string>& arguments) {
    std::ostringstream out, err;
    const int status = vir::runVir(arguments, out, err, {"assets"});
    return {status, out.str(), err.str()};
}

TEST(Corpus, HoldsTheTablesRunsOfFiveMinutesAndMore) {
    const std::vector<std::filesystem::path> files = corpusFiles();
    const std::vector<corpus::CorpusRun>& table = corpus::corpusRuns();
    ASSERT_GE(files.size(), 20u) << "the corpus is at least 20 runs";
    ASSERT_EQ(files.size(), table.size()) << "one file per run of game/tools/corpus.cpp's table";
    std::map<std::string, const corpus::CorpusRun*> byName;
    for (const corpus::CorpusRun& run : table)
        byName[run.name + ".vir"] = &run;
    int32_t twoPlayers = 0, offBoard = 0, easy = 0, hard = 0, demos = 0;
    for (const std::filesystem::path& file : files) {
        SCOPED_TRACE(file.string());
        ASSERT_TRUE(byName.contains(file.filename().string())) << "not a run of the table";
        const corpus::CorpusRun& run = *byName[file.filename().string()];
        const Replay replay = readRun(file);
        const auto steps = static_cast<int64_t>(replay.inputs.size());
        EXPECT_EQ(steps, run.steps);
        EXPECT_GE(steps, corpus::kMinCorpusSteps) << "five minutes at least";
        EXPECT_EQ(replay.chain.digestBits, kFullDigestBits);
        EXPECT_EQ(static_cast<int64_t>(replay.chain.digests.size()), steps / kChainSteps);
        const SimSettings& settings = replay.settings;
        EXPECT_EQ(settings.seed, run.settings.seed);
        EXPECT_EQ(settings.players, run.settings.players);
        EXPECT_EQ(settings.difficulty, run.settings.difficulty);
        EXPECT_EQ(settings.startingShips, run.settings.startingShips);
        EXPECT_EQ(settings.extraShipScore, run.settings.extraShipScore);
        twoPlayers += settings.players == 2;
        offBoard += settings.startingShips != arcade::kStartingShips ||
                    settings.extraShipScore != arcade::kExtraLifeScore;
        easy += settings.difficulty == Difficulty::Easy;
        hard += settings.difficulty == Difficulty::Hard;
        demos += run.hands == corpus::Hands::Demo;
    }
    EXPECT_GE(twoPlayers, 1);
    EXPECT_GE(offBoard, 1) << "a run on DIP settings other than the arcade's";
    EXPECT_GE(easy, 1);
    EXPECT_GE(hard, 1);
    EXPECT_GE(demos, 1);
    EXPECT_GE(static_cast<int32_t>(files.size()) - demos, 1) << "player games too";
}

TEST(Corpus, TheDemoPilotsRunsAreTheGamesDemo) {
    // The game's own recording of its attract demo (seed 5, 18,000 steps, file format 1) and the corpus'.
    const Replay game = readRun("tests/data/replays/demo-seed5-18000.vir");
    const Replay kept = readRun(std::string(kCorpusFolder) + "/demo-seed5.vir");
    EXPECT_TRUE(game.inputs == kept.inputs) << "vir-corpus's demo pilot no longer plays as the game's demo";
    EXPECT_EQ(game.finalStateHash, kept.finalStateHash);
}

TEST(Corpus, EveryRunReachesEverySecondOfItsHashChain) {
    for (const std::filesystem::path& file : corpusFiles()) {
        SCOPED_TRACE(file.string());
        const Replay replay = readRun(file);
        int64_t linksChecked = 0;
        uint64_t finalHash = 0;
        const std::optional<int64_t> departs =
            firstDepartingSecond(replay, replay.inputs, linksChecked, &finalHash);
        EXPECT_FALSE(departs) << "this build's state after " << clock(departs.value_or(0))
                              << " of play is not the recorded one";
        EXPECT_EQ(linksChecked, static_cast<int64_t>(replay.inputs.size()) / kChainSteps);
        EXPECT_EQ(finalHash, replay.finalStateHash);
    }
}

TEST(Corpus, VirVerifiesEveryRun) {
    for (const std::filesystem::path& file : corpusFiles()) {
        const Replay replay = readRun(file);
        const auto steps = static_cast<int64_t>(replay.inputs.size());
        const Outcome verified = vir({"verify", file.string()});
        EXPECT_EQ(verified.status, vir::kExitOk) << verified.out << verified.err;
        char finalHash[17];
        std::snprintf(finalHash, sizeof finalHash, "%016llx",
                      static_cast<unsigned long long>(replay.finalStateHash));
        const std::string expected =
            file.string() + ": verified: " + std::to_string(steps) + " steps (" + clock(steps / kChainSteps) +
            "), " + std::to_string(steps / kChainSteps) +
            " seconds of its hash chain and its final state hash " + finalHash + "\n";
        EXPECT_EQ(verified.out, expected);
    }
}

// Steps from `from` on until the cannon is on the field, clear of the edges, and the input moves it one way
// (so that moving it the other way changes where it stands); the step found, or -1 before `end`.
int64_t movableStep(const Replay& replay, int64_t from, int64_t end) {
    Simulation simulation(replay.settings, gameAssets());
    for (int64_t step = 0; step < end; ++step) {
        const Cannon& cannon = simulation.cannon();
        const uint8_t moves = replay.inputs[static_cast<size_t>(step)] & 3u;
        if (step >= from && cannon.phase == CannonPhase::Alive && moves != 3 &&
            cannon.x > arcade::kCannonMinX + 8 && cannon.x < arcade::kCannonMaxX - 8)
            return step;
        simulation.step(StepInput::fromBits(replay.inputs[static_cast<size_t>(step)]));
    }
    return -1;
}

TEST(Corpus, ARunWithOneInputChangedDepartsAtTheSecondOfTheChange) {
    constexpr uint64_t kSeed = 3535;
    SCOPED_TRACE("seed " + std::to_string(kSeed));
    RecordProperty("seed", std::to_string(kSeed));
    vox::Rng rng(kSeed);
    const std::vector<std::filesystem::path> files = corpusFiles();
    ASSERT_FALSE(files.empty());
    vox::test::TempDirectory folder;
    for (int32_t change = 0; change < 3; ++change) {
        const std::filesystem::path& file = files[rng.below(static_cast<uint32_t>(files.size()))];
        Replay replay = readRun(file);
        const int64_t linked = static_cast<int64_t>(replay.chain.digests.size()) * kChainSteps;
        const int64_t step =
            movableStep(replay, kChainSteps + rng.below(static_cast<uint32_t>(linked - 600)), linked);
        SCOPED_TRACE(file.string() + ", the input of step " + std::to_string(step) + " (0-based) changed");
        ASSERT_GE(step, 0);
        uint8_t& input = replay.inputs[static_cast<size_t>(step)];
        input = static_cast<uint8_t>((input & 4u) | ((input & 3u) == 1 ? 2u : 1u)); // moves the other way
        const std::filesystem::path changed = folder.path() / ("changed-" + file.filename().string());
        ASSERT_TRUE(writeReplayFile(changed, replay)); // its checksum made right, as an editor would

        // The state differs from the step played with the change on: the first link after it.
        const int64_t second = step / kChainSteps + 1;
        int64_t linksChecked = 0;
        EXPECT_EQ(firstDepartingSecond(replay, replay.inputs, linksChecked), second);
        const Outcome departs = vir({"verify", changed.string()});
        std::printf("seed %llu: %s", static_cast<unsigned long long>(kSeed), departs.out.c_str());
        EXPECT_EQ(departs.status, vir::kExitDeparts) << departs.out << departs.err;
        const std::string expected = changed.string() + ": the replay departs at " + clock(second) +
                                     ", step " + withCommas(second * kChainSteps) + ": ";
        EXPECT_TRUE(departs.out.starts_with(expected))
            << "expected \"" << expected << "\", got: " << departs.out;
    }
}

} // namespace
} // namespace invaders::test
