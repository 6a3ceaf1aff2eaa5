// The game's models read from assets/*.vox by the simulation's target alone (no window, no GL), and a
// recorded run verified with them, as a command-line verifier does. Runs from the source tree (CTest's
// working directory).

#include "engine/platform/temp_directory.h"

#include "sim/asset_loader.h"
#include "sim/replay.h"
#include "sim/run_playback.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

namespace {

constexpr const char* kAssets = "assets";
// Recorded by the game (with the models of assets/) from the attract demo's seed 5, 18,000 steps.
constexpr const char* kRecording = "tests/data/replays/demo-seed5-18000.vir";

TEST(AssetLoader, TheGamesModelsLoadAndFitTheirBoxes) {
    vox::Result<invaders::GameAssets> assets = invaders::loadGameAssets(kAssets);
    ASSERT_TRUE(assets.ok()) << assets.error().message;
    EXPECT_TRUE(invaders::validateGameAssets(assets.value()).ok());
    // The arcade's boxes (game_assets.h), written out here.
    const glm::ivec3 cannon = assets.value().cannon.size();
    EXPECT_LE(cannon.x, 16);
    EXPECT_LE(cannon.y, 8);
    for (const auto& frames : assets.value().invaders) {
        for (const vox::VoxelModel& frame : frames) {
            EXPECT_GT(frame.voxelCount(), 0);
            EXPECT_LE(frame.size().x, 16);
            EXPECT_LE(frame.size().y, 16);
        }
    }
    // The art, not the built-in stand-ins: the loaded cannon differs from builtinGameAssets()'s somewhere.
    const vox::VoxelModel builtin = invaders::builtinGameAssets().cannon;
    EXPECT_TRUE(builtin.size() != cannon || builtin.voxelCount() != assets.value().cannon.voxelCount() ||
                builtin.palette() != assets.value().cannon.palette());
}

TEST(AssetLoader, ARecordedRunVerifiesWithTheGamesModels) {
    vox::Result<invaders::GameAssets> assets = invaders::loadGameAssets(kAssets);
    ASSERT_TRUE(assets.ok()) << assets.error().message;
    vox::Result<invaders::Replay> replay = invaders::readReplayFile(kRecording);
    ASSERT_TRUE(replay.ok()) << replay.error().message;
    ASSERT_EQ(replay.value().inputs.size(), 18000u);

    const invaders::RunVerdict verdict = invaders::verifyRun(replay.value(), assets.value());
    EXPECT_TRUE(verdict.verified()) << verdict.problem;
    EXPECT_EQ(verdict.finalHash, replay.value().finalStateHash);

    // The same inputs played with the built-in models end elsewhere: verifying needs the models it was
    // recorded with, which is why a verifier loads them.
    const invaders::RunVerdict builtin = invaders::verifyRun(replay.value(), invaders::builtinGameAssets());
    EXPECT_FALSE(builtin.verified());
    EXPECT_FALSE(builtin.problem.empty());
}

TEST(AssetLoader, AMissingFileFailsNamingIt) {
    const vox::test::TempDirectory empty;
    vox::Result<invaders::GameAssets> assets = invaders::loadGameAssets(empty.path());
    ASSERT_FALSE(assets.ok());
    EXPECT_NE(assets.error().message.find("invader_brute.vox"), std::string::npos) << assets.error().message;
}

TEST(AssetLoader, ACorruptFileFailsNamingIt) {
    const vox::test::TempDirectory copy;
    for (const auto& entry : std::filesystem::directory_iterator(kAssets)) {
        if (entry.path().extension() == ".vox")
            std::filesystem::copy_file(entry.path(), copy.path() / entry.path().filename());
    }
    ASSERT_TRUE(invaders::loadGameAssets(copy.path()).ok()); // the copy alone loads
    std::ofstream(copy.path() / "saucer.vox", std::ios::binary | std::ios::trunc) << "not a vox file";
    vox::Result<invaders::GameAssets> assets = invaders::loadGameAssets(copy.path());
    ASSERT_FALSE(assets.ok());
    EXPECT_NE(assets.error().message.find("saucer.vox"), std::string::npos) << assets.error().message;
}

} // namespace
