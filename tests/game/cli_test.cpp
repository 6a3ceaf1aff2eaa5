// Runs the built voxel-invaders executable as a subprocess, the way players and scripts do.
#include "game/game_process.h"

#include "command_line.h"
#include "sim/replay.h"

#include "vox/render/image.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <fstream>
#include <string>

namespace {

using invaders::test::ProcessResult;
using invaders::test::readAll;
using invaders::test::runGame;
using vox::test::TempDirectory;

TEST(Cli, BadValuePrintsUsageAndExits2) {
    const ProcessResult result = runGame("--frames x");
    EXPECT_EQ(result.exitCode, 2);
    EXPECT_NE(result.err.find("--frames"), std::string::npos) << result.err;
    EXPECT_NE(result.err.find("Usage: voxel-invaders"), std::string::npos) << result.err;
    EXPECT_TRUE(result.out.empty()) << result.out;
}

TEST(Cli, UnknownFlagExits2) {
    const ProcessResult result = runGame("--fly");
    EXPECT_EQ(result.exitCode, 2);
    EXPECT_NE(result.err.find("unknown option '--fly'"), std::string::npos) << result.err;
}

TEST(Cli, HelpPrintsUsageAndExits0) {
    const ProcessResult result = runGame("--help");
    EXPECT_EQ(result.exitCode, 0);
    EXPECT_NE(result.out.find("Usage: voxel-invaders"), std::string::npos) << result.out;
    EXPECT_NE(result.out.find("--screenshot"), std::string::npos);
}

TEST(Cli, VersionPrintsTheProjectVersion) {
    const ProcessResult result = runGame("--version");
    EXPECT_EQ(result.exitCode, 0);
    EXPECT_EQ(result.out, "voxel-invaders " VOX_TEST_PROJECT_VERSION "\n");
}

TEST(Cli, HeadlessRunWritesAScreenshotOfTheDefaultSize) {
    TempDirectory temp;
    const auto screenshot = temp.path() / "shot.png";
    const ProcessResult result = runGame("--headless --frames 5 --screenshot '" + screenshot.string() + "'");
    ASSERT_EQ(result.exitCode, 0) << result.err;
    vox::Result<vox::Image> image = vox::readPng(screenshot);
    ASSERT_TRUE(image.ok()) << image.error().message;
    EXPECT_EQ(image.value().width, 1280);
    EXPECT_EQ(image.value().height, 720);
    EXPECT_FALSE(image.value().isUniform()) << "the screenshot is one flat colour";
}

// A headless run draws one frame, its renderer's first (the sky's gradient texture, the scene's buffers and
// the meshes all made in it): at each quality it shows the whole scene, the sky's dark blue gradient
// included (a strip down the left edge, between the HUD and the ground).
TEST(Cli, TheOneFrameOfAHeadlessRunShowsTheSky) {
    TempDirectory temp;
    for (const char* quality : {"low", "high"}) {
        SCOPED_TRACE(quality);
        const auto screenshot = temp.path() / (std::string(quality) + ".png");
        const ProcessResult result = runGame("--headless --frames 5 --quality " + std::string(quality) +
                                             " --screenshot '" + screenshot.string() + "'");
        ASSERT_EQ(result.exitCode, 0) << result.err;
        vox::Result<vox::Image> image = vox::readPng(screenshot);
        ASSERT_TRUE(image.ok()) << image.error().message;
        double red = 0.0, blue = 0.0;
        int pixels = 0;
        for (int y = 150; y < 300; ++y) {
            for (int x = 0; x < 40; ++x) {
                red += image.value().pixel(x, y)[0];
                blue += image.value().pixel(x, y)[2];
                ++pixels;
            }
        }
        EXPECT_GT(blue / pixels, 15.0) << "the sky is black";
        EXPECT_GT(blue / pixels, 1.5 * red / pixels) << "the sky is not blue";
    }
}

TEST(Cli, SizeFlagSetsTheScreenshotSize) {
    TempDirectory temp;
    const auto screenshot = temp.path() / "small.png";
    const ProcessResult result =
        runGame("--headless --frames 2 --size 320x200 --seed 7 --screenshot '" + screenshot.string() + "'");
    ASSERT_EQ(result.exitCode, 0) << result.err;
    vox::Result<vox::Image> image = vox::readPng(screenshot);
    ASSERT_TRUE(image.ok()) << image.error().message;
    EXPECT_EQ(image.value().width, 320);
    EXPECT_EQ(image.value().height, 200);
}

TEST(Cli, SameSeedAndStepsGiveTheSameImage) {
    TempDirectory temp;
    const auto first = temp.path() / "a.png";
    const auto second = temp.path() / "b.png";
    const auto other = temp.path() / "c.png";
    // The demo pilot draws its choices from the seed, so by frame 400 two seeds look different.
    const std::string common = "--headless --demo --frames 400 --size 160x90 ";
    ASSERT_EQ(runGame(common + "--seed 3 --screenshot '" + first.string() + "'").exitCode, 0);
    ASSERT_EQ(runGame(common + "--seed 3 --screenshot '" + second.string() + "'").exitCode, 0);
    ASSERT_EQ(runGame(common + "--seed 4 --screenshot '" + other.string() + "'").exitCode, 0);
    const auto a = vox::readPng(first);
    const auto b = vox::readPng(second);
    const auto c = vox::readPng(other);
    ASSERT_TRUE(a.ok() && b.ok() && c.ok());
    EXPECT_EQ(a.value().rgba, b.value().rgba);
    EXPECT_NE(a.value().rgba, c.value().rgba);
}

TEST(Cli, HeadlessRunsDrawHighQualityUnlessToldSoScreenshotsMatchOnEveryMachine) {
    TempDirectory temp;
    const std::string common = "--headless --frames 30 --size 320x180 --seed 5 ";
    const auto shot = [&](const std::string& flags, const char* name) {
        const auto path = temp.path() / name;
        const ProcessResult result = runGame(common + flags + " --screenshot '" + path.string() + "'");
        EXPECT_EQ(result.exitCode, 0) << result.err;
        vox::Result<vox::Image> image = vox::readPng(path);
        EXPECT_TRUE(image.ok()) << image.error().message;
        return image.ok() ? image.value().rgba : std::vector<uint8_t>{};
    };
    const std::vector<uint8_t> unset = shot("", "unset.png");
    const std::vector<uint8_t> high = shot("--quality high", "high.png");
    const std::vector<uint8_t> low = shot("--quality low", "low.png");
    ASSERT_FALSE(unset.empty());
    EXPECT_EQ(unset, high);
    EXPECT_NE(low, high);
}

TEST(Cli, BadQualityPrintsUsageAndExits2) {
    const ProcessResult result = runGame("--headless --quality best");
    EXPECT_EQ(result.exitCode, 2);
    EXPECT_NE(result.err.find("--quality expects auto, low or high, got 'best'"), std::string::npos)
        << result.err;
    EXPECT_NE(result.err.find("Usage: voxel-invaders"), std::string::npos) << result.err;
}

TEST(Cli, UnwritableScreenshotExits1WithTheReason) {
    TempDirectory temp;
    const auto screenshot = temp.path() / "missing-folder" / "shot.png";
    const ProcessResult result = runGame("--headless --frames 1 --screenshot '" + screenshot.string() + "'");
    EXPECT_EQ(result.exitCode, 1);
    EXPECT_NE(result.err.find(screenshot.string()), std::string::npos) << result.err;
}

TEST(Cli, MissingShadersFolderListsThePathsSearchedAndExits1) {
    TempDirectory empty;
    const ProcessResult result =
        runGame("--headless --frames 1", "VOX_DATA_DIR='" + empty.path().string() + "'");
    EXPECT_EQ(result.exitCode, 1);
    EXPECT_NE(result.err.find("cannot find the shaders/ folder"), std::string::npos) << result.err;
    EXPECT_NE(result.err.find((empty.path() / "shaders").string()), std::string::npos) << result.err;
}

TEST(Cli, ViewShowsAVoxFileAndRefusesAFrameItDoesNotHave) {
    TempDirectory temp;
    const auto screenshot = temp.path() / "view.png";
    const ProcessResult shown =
        runGame("--view assets/invader_jelly.vox --frame 1 --headless --frames 3 --size 200x150 "
                "--screenshot '" +
                screenshot.string() + "'");
    ASSERT_EQ(shown.exitCode, 0) << shown.err;
    vox::Result<vox::Image> image = vox::readPng(screenshot);
    ASSERT_TRUE(image.ok()) << image.error().message;
    EXPECT_EQ(image.value().width, 200);
    EXPECT_FALSE(image.value().isUniform());

    const ProcessResult refused = runGame("--view assets/invader_jelly.vox --frame 2 --headless --frames 1");
    EXPECT_EQ(refused.exitCode, 1);
    EXPECT_NE(refused.err.find("has 2 frames (0 to 1)"), std::string::npos) << refused.err;
}

std::string stateHashOf(const ProcessResult& result) {
    const size_t at = result.out.find("state-hash: ");
    return at == std::string::npos ? std::string() : result.out.substr(at + 12, 16);
}

// Headless runs that nothing else ends (no --frames, no --replay) stop after kDefaultHeadlessSteps steps, as
// if given --frames 120, instead of spinning forever; the limit only catches a regression (a run of 120
// steps takes about a second).
constexpr int kHeadlessTimeLimitSeconds = 60;

// Runs `arguments` (headless, without --frames) with a screenshot, under the time limit, and again with
// --frames kDefaultHeadlessSteps: both must end by themselves with the same output and the same picture.
void expectToEndAsWithTheDefaultFrames(const std::string& arguments) {
    TempDirectory temp;
    const auto unbounded = temp.path() / "unbounded.png";
    const auto bounded = temp.path() / "bounded.png";
    const ProcessResult first =
        runGame(arguments + " --screenshot '" + unbounded.string() + "'", "", kHeadlessTimeLimitSeconds);
    ASSERT_EQ(first.exitCode, 0) << "a headless run without --frames did not end by itself: " << first.err;
    const ProcessResult second = runGame(arguments + " --screenshot '" + bounded.string() + "' --frames " +
                                         std::to_string(invaders::kDefaultHeadlessSteps));
    ASSERT_EQ(second.exitCode, 0) << second.err;
    EXPECT_EQ(first.out, second.out);
    const auto a = vox::readPng(unbounded);
    const auto b = vox::readPng(bounded);
    ASSERT_TRUE(a.ok() && b.ok());
    EXPECT_FALSE(a.value().isUniform());
    EXPECT_EQ(a.value().rgba, b.value().rgba) << "the run did not stop at the default step";
}

TEST(Cli, AHeadlessGameWithoutFramesEndsAfterTheDefaultStepsAndWritesItsScreenshot) {
    expectToEndAsWithTheDefaultFrames("--headless --demo --size 160x90 --print-state-hash");
}

TEST(Cli, AHeadlessViewWithoutFramesEndsAfterTheDefaultStepsAndWritesItsScreenshot) {
    expectToEndAsWithTheDefaultFrames("--view assets/shield.vox --headless --size 160x120");
}

TEST(Cli, AnAutomaticallyHeadlessRunWithoutFramesEndsToo) {
    // No display and no --headless: the window decides to render offscreen, and nobody can close it.
    TempDirectory temp;
    const auto screenshot = temp.path() / "shot.png";
    const ProcessResult result = runGame("--size 160x90 --screenshot '" + screenshot.string() + "'",
                                         "-u DISPLAY -u WAYLAND_DISPLAY -u SDL_VIDEODRIVER VOX_DATA_HOME='" +
                                             temp.path().string() + "'",
                                         kHeadlessTimeLimitSeconds);
    ASSERT_EQ(result.exitCode, 0) << result.err;
    EXPECT_TRUE(vox::readPng(screenshot).ok());
}

TEST(Cli, DebugOverlayShowsInHeadlessScreenshotsAndLeavesTheGameUnchanged) {
    TempDirectory temp;
    const auto plain = temp.path() / "plain.png";
    const auto overlay = temp.path() / "overlay.png";
    const ProcessResult without = runGame("--headless --demo --frames 300 --size 320x200 --print-state-hash "
                                          "--screenshot '" +
                                          plain.string() + "'");
    const ProcessResult with = runGame("--headless --demo --frames 300 --size 320x200 --print-state-hash "
                                       "--debug-overlay --screenshot '" +
                                       overlay.string() + "'");
    ASSERT_EQ(without.exitCode, 0) << without.err;
    ASSERT_EQ(with.exitCode, 0) << with.err;
    EXPECT_EQ(stateHashOf(with), stateHashOf(without)); // the overlay observes, never changes the game
    vox::Result<vox::Image> a = vox::readPng(plain);
    vox::Result<vox::Image> b = vox::readPng(overlay);
    ASSERT_TRUE(a.ok() && b.ok());
    EXPECT_NE(a.value().rgba, b.value().rgba); // and it shows
    for (const ProcessResult& result : {with, without})
        EXPECT_NE(stateHashOf(result), "");
}

// What a run printed and how it ended, for failure messages.
std::string describe(const ProcessResult& result) {
    return "exit " + std::to_string(result.exitCode) + "\nstdout: " + result.out + "\nstderr: " + result.err;
}

// Where two recordings first differ: a byte offset into the files, or "none".
std::string firstDifference(const std::string& a, const std::string& b) {
    const auto [at, unused] = std::mismatch(a.begin(), a.end(), b.begin(), b.end());
    if (at == a.end() && a.size() == b.size())
        return "none";
    return "byte " + std::to_string(at - a.begin()) + " of " + std::to_string(a.size()) + " and " +
           std::to_string(b.size());
}

TEST(Cli, RecordedDemoReplaysToTheSameStateHash) {
    TempDirectory temp;
    const std::string file = (temp.path() / "demo.vir").string();
    const std::string again = (temp.path() / "again.vir").string();
    const ProcessResult recorded =
        runGame("--headless --demo --seed 9 --frames 900 --record '" + file + "' --print-state-hash");
    ASSERT_EQ(recorded.exitCode, 0) << describe(recorded);
    const std::string hash = stateHashOf(recorded);
    ASSERT_EQ(hash.size(), 16u) << describe(recorded);
    // Recorded too, so that a difference can be traced to the first step whose inputs differ.
    const ProcessResult repeated =
        runGame("--headless --demo --seed 9 --frames 900 --record '" + again + "' --print-state-hash");
    ASSERT_EQ(repeated.exitCode, 0) << describe(repeated);
    EXPECT_EQ(stateHashOf(repeated), hash) << "same seed and inputs, same state; the recordings differ at "
                                           << firstDifference(readAll(file), readAll(again)) << "\n"
                                           << describe(repeated);
    const ProcessResult replayed = runGame("--headless --replay '" + file + "' --print-state-hash");
    ASSERT_EQ(replayed.exitCode, 0) << describe(replayed);
    EXPECT_EQ(stateHashOf(replayed), hash) << describe(replayed);
    const ProcessResult otherSeed = runGame("--headless --demo --seed 10 --frames 900 --print-state-hash");
    ASSERT_EQ(otherSeed.exitCode, 0) << describe(otherSeed);
    EXPECT_NE(stateHashOf(otherSeed), hash);
}

// Recordings made once by a Release build and kept in the repository: every build type the suite runs
// in (Release, the sanitizer build) and every machine must play them to the state they were recorded
// with. When the rules change (a new simulation version), record them again; the failure says how.
TEST(Cli, CheckedInRecordingsPlayBackToTheirStateInThisBuild) {
    const std::filesystem::path folder = "tests/data/replays";
    int played = 0;
    for (const auto& entry : std::filesystem::directory_iterator(folder)) {
        if (entry.path().extension() != ".vir")
            continue;
        SCOPED_TRACE(entry.path().string());
        vox::Result<invaders::Replay> recording = invaders::readReplayFile(entry.path());
        ASSERT_TRUE(recording.ok()) << recording.error().message
                                    << "\nre-record it: voxel-invaders --headless --demo --seed S --frames N "
                                       "--record FILE (seed and steps are in its name)";
        char recorded[17];
        std::snprintf(recorded, sizeof recorded, "%016" PRIx64, recording.value().finalStateHash);
        const ProcessResult replayed =
            runGame("--headless --replay '" + entry.path().string() + "' --print-state-hash");
        EXPECT_EQ(replayed.exitCode, 0) << describe(replayed); // the game checks the end state itself
        EXPECT_EQ(stateHashOf(replayed), recorded) << describe(replayed);
        ++played;
    }
    EXPECT_GE(played, 1) << "no recordings in " << folder;
}

TEST(Cli, CorruptOrMissingReplayIsAClearError) {
    TempDirectory temp;
    const std::filesystem::path file = temp.path() / "bad.vir";
    std::ofstream(file) << "VXIRPLAY but not really a replay";
    const ProcessResult corrupt = runGame("--headless --replay '" + file.string() + "'");
    EXPECT_EQ(corrupt.exitCode, 1);
    EXPECT_NE(corrupt.err.find(file.string()), std::string::npos) << corrupt.err;
    const ProcessResult missing =
        runGame("--headless --replay '" + (temp.path() / "none.vir").string() + "'");
    EXPECT_EQ(missing.exitCode, 1);
    EXPECT_NE(missing.err.find("none.vir"), std::string::npos) << missing.err;
}

} // namespace

namespace {

TEST(Cli, InspectDescribesAVoxFileAndExits0) {
    const ProcessResult result = runGame("--inspect tests/data/vox/invader.vox");
    EXPECT_EQ(result.exitCode, 0) << result.err;
    EXPECT_NE(result.out.find("version 150"), std::string::npos) << result.out;
    EXPECT_NE(result.out.find("models: 2"), std::string::npos) << result.out;
    EXPECT_NE(result.out.find("palette: absent"), std::string::npos) << result.out;
}

TEST(Cli, InspectJsonIsOneObject) {
    const ProcessResult result = runGame("--inspect tests/data/vox/invader.vox --json");
    EXPECT_EQ(result.exitCode, 0) << result.err;
    ASSERT_FALSE(result.out.empty());
    EXPECT_EQ(result.out.front(), '{') << result.out;
    EXPECT_NE(result.out.find("\"version\": 150"), std::string::npos) << result.out;
}

TEST(Cli, InspectOfATruncatedFileNamesFileChunkAndOffsetAndExits1) {
    TempDirectory temp;
    const std::filesystem::path truncated = temp.path() / "truncated.vox";
    const std::string bytes = readAll("tests/data/vox/invader.vox");
    ASSERT_GT(bytes.size(), 100u);
    std::ofstream(truncated, std::ios::binary) << bytes.substr(0, 100);
    const ProcessResult result = runGame("--inspect '" + truncated.string() + "'");
    EXPECT_EQ(result.exitCode, 1);
    EXPECT_NE(result.err.find("truncated.vox"), std::string::npos) << result.err;
    EXPECT_NE(result.err.find("chunk 'MAIN' at byte 8"), std::string::npos) << result.err;
    EXPECT_TRUE(result.out.empty()) << result.out;
}

TEST(Cli, InspectOfAMissingFileExits1) {
    const ProcessResult result = runGame("--inspect no/such/file.vox");
    EXPECT_EQ(result.exitCode, 1);
    EXPECT_NE(result.err.find("no/such/file.vox"), std::string::npos) << result.err;
}

// A little-endian field of a WAV header.
uint32_t wavField(const std::string& bytes, size_t offset, size_t size) {
    uint32_t value = 0;
    for (size_t i = 0; i < size; ++i)
        value |= static_cast<uint32_t>(static_cast<uint8_t>(bytes[offset + i])) << (8 * i);
    return value;
}

TEST(Cli, AudioOutWritesTheRunsSoundAndLeavesTheGameUnchanged) {
    TempDirectory temp;
    const auto wav = temp.path() / "demo.wav";
    const std::string run = "--headless --demo --seed 23 --frames 600 --size 64x64 --print-state-hash";
    const ProcessResult with = runGame(run + " --audio-out '" + wav.string() + "'");
    const ProcessResult without = runGame(run);
    ASSERT_EQ(with.exitCode, 0) << describe(with);
    ASSERT_EQ(without.exitCode, 0) << describe(without);
    EXPECT_EQ(stateHashOf(with), stateHashOf(without)); // the sound observes, never changes the game
    EXPECT_NE(stateHashOf(with), "");

    const std::string bytes = readAll(wav);
    ASSERT_GE(bytes.size(), 44u);
    EXPECT_EQ(bytes.substr(0, 4), "RIFF");
    EXPECT_EQ(bytes.substr(8, 8), "WAVEfmt ");
    EXPECT_EQ(wavField(bytes, 20, 2), 1u);     // PCM
    EXPECT_EQ(wavField(bytes, 22, 2), 1u);     // mono
    EXPECT_EQ(wavField(bytes, 24, 4), 48000u); // Hz
    EXPECT_EQ(wavField(bytes, 34, 2), 16u);    // bits
    // Exactly 800 samples for each of the 600 steps: 10 seconds.
    EXPECT_EQ(wavField(bytes, 40, 4), 600u * 800u * 2u);
    ASSERT_EQ(bytes.size(), 44u + 600u * 800u * 2u);
    int peak = 0;
    for (size_t at = 44; at + 1 < bytes.size(); at += 2)
        peak = std::max(peak, std::abs(static_cast<int>(static_cast<int16_t>(wavField(bytes, at, 2)))));
    EXPECT_GT(peak, 1000) << "the demo's march and shots are in the file";
    EXPECT_LE(peak, 29205) << "above -1 dBFS"; // 32767 * 10^(-1/20)
}

} // namespace
