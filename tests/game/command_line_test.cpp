#include "command_line.h"
#include "sim/share_code.h"

#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <vector>

namespace {

using invaders::Options;
using invaders::parseCommandLine;

Options parseOk(const std::vector<std::string>& arguments) {
    vox::Result<Options> options = parseCommandLine(arguments);
    EXPECT_TRUE(options.ok()) << options.error().message;
    return options.ok() ? options.value() : Options{};
}

// The error for `arguments`; fails the test if they parse.
std::string parseError(const std::vector<std::string>& arguments) {
    vox::Result<Options> options = parseCommandLine(arguments);
    EXPECT_FALSE(options.ok()) << "expected an error";
    return options.ok() ? std::string() : options.error().message;
}

#define EXPECT_CONTAINS(haystack, needle)                                                                    \
    EXPECT_NE(std::string(haystack).find(needle), std::string::npos) << "in: " << (haystack)

TEST(CommandLine, NoArgumentsGiveTheDefaults) {
    const Options options = parseOk({});
    EXPECT_FALSE(options.headless);
    EXPECT_FALSE(options.frames.has_value());
    EXPECT_FALSE(options.screenshot.has_value());
    EXPECT_FALSE(options.seed.has_value());
    EXPECT_EQ(options.width, 1280);
    EXPECT_EQ(options.height, 720);
    EXPECT_FALSE(options.help || options.version || options.demo || options.json);
}

TEST(CommandLine, HeadlessScreenshotRun) {
    const Options options = parseOk({"--headless", "--frames", "120", "--screenshot", "out/shot.PNG",
                                     "--seed", "18446744073709551615", "--size", "640x360"});
    EXPECT_TRUE(options.headless);
    EXPECT_EQ(options.frames, 120);
    EXPECT_EQ(options.screenshot, std::filesystem::path("out/shot.PNG"));
    EXPECT_EQ(options.seed, 18446744073709551615ull);
    EXPECT_EQ(options.width, 640);
    EXPECT_EQ(options.height, 360);
}

TEST(CommandLine, ValuesAfterEquals) {
    const Options options = parseOk({"--frames=5", "--size=800X600", "--seed=0", "--record=run.rec"});
    EXPECT_EQ(options.frames, 5);
    EXPECT_EQ(options.width, 800);
    EXPECT_EQ(options.height, 600);
    EXPECT_EQ(options.seed, 0u);
    EXPECT_EQ(options.record, std::filesystem::path("run.rec"));
}

TEST(CommandLine, EveryOtherFlag) {
    EXPECT_TRUE(parseOk({"--demo", "--print-state-hash", "--debug-overlay"}).demo);
    EXPECT_TRUE(parseOk({"--print-state-hash"}).printStateHash);
    EXPECT_TRUE(parseOk({"--debug-overlay"}).debugOverlay);
    EXPECT_EQ(parseOk({"--replay", "a.rec", "--print-state-hash"}).replay, std::filesystem::path("a.rec"));
    EXPECT_TRUE(parseOk({"--demo", "--record", "demo.rec"}).record.has_value()); // recording the demo is fine

    const Options inspect = parseOk({"--inspect", "assets/invader.vox", "--json"});
    EXPECT_EQ(inspect.inspect, std::filesystem::path("assets/invader.vox"));
    EXPECT_TRUE(inspect.json);

    const Options view =
        parseOk({"--view", "ship.vox", "--frame", "0", "--headless", "--screenshot", "v.png"});
    EXPECT_EQ(view.view, std::filesystem::path("ship.vox"));
    EXPECT_EQ(view.viewFrame, 0);
    EXPECT_EQ(parseOk({"--view", "ship.vox", "--frame", "3"}).viewFrame, 3);
}

TEST(CommandLine, HelpAndVersionStopParsing) {
    EXPECT_TRUE(parseOk({"--help"}).help);
    EXPECT_TRUE(parseOk({"-h"}).help);
    EXPECT_TRUE(parseOk({"--headless", "--help", "--bogus"}).help);
    EXPECT_TRUE(parseOk({"--version"}).version);
}

TEST(CommandLine, UnknownFlagsAndStrayArguments) {
    EXPECT_CONTAINS(parseError({"--bogus"}), "unknown option '--bogus'");
    EXPECT_CONTAINS(parseError({"-x"}), "unknown option '-x'");
    EXPECT_CONTAINS(parseError({"--Headless"}), "unknown option"); // flags are case-sensitive
    EXPECT_CONTAINS(parseError({"--bogus=3"}), "unknown option '--bogus'");
    EXPECT_CONTAINS(parseError({"play"}), "unexpected argument 'play'");
    EXPECT_CONTAINS(parseError({"--frames", "5", "6"}), "unexpected argument '6'");
}

TEST(CommandLine, MissingValues) {
    for (const char* flag :
         {"--frames", "--screenshot", "--seed", "--size", "--record", "--replay", "--inspect", "--view"}) {
        SCOPED_TRACE(flag);
        EXPECT_CONTAINS(parseError({flag}), std::string(flag) + " needs a value");
    }
    EXPECT_CONTAINS(parseError({"--screenshot", "--headless"}), "--screenshot needs a value");
    EXPECT_CONTAINS(parseError({"--screenshot="}), "--screenshot expects a file path, got an empty string");
}

TEST(CommandLine, SwitchesTakeNoValue) {
    EXPECT_CONTAINS(parseError({"--headless=yes"}), "--headless takes no value");
}

TEST(CommandLine, NonNumericNumbers) {
    EXPECT_CONTAINS(parseError({"--frames", "x"}), "--frames expects a number of simulation steps");
    EXPECT_CONTAINS(parseError({"--frames", "x"}), "'x'");
    EXPECT_CONTAINS(parseError({"--frames", "12abc"}), "'12abc'");
    EXPECT_CONTAINS(parseError({"--frames", "1.5"}), "whole number");
    EXPECT_CONTAINS(parseError({"--frames", "+5"}), "whole number");
    EXPECT_CONTAINS(parseError({"--frames", " 5"}), "whole number");
    EXPECT_CONTAINS(parseError({"--frames", ""}), "whole number");
    EXPECT_CONTAINS(parseError({"--seed", "0x10"}), "--seed expects a seed");
    EXPECT_CONTAINS(parseError({"--view", "a.vox", "--frame", "first"}), "--frame expects a frame index");
}

TEST(CommandLine, NegativeAndZeroNumbers) {
    EXPECT_CONTAINS(parseError({"--frames", "-5"}), "negative");
    EXPECT_CONTAINS(parseError({"--frames", "0"}), "between 1 and");
    EXPECT_CONTAINS(parseError({"--seed", "-1"}), "negative");
    EXPECT_CONTAINS(parseError({"--view", "a.vox", "--frame", "-1"}), "negative");
}

TEST(CommandLine, HugeNumbers) {
    EXPECT_CONTAINS(parseError({"--frames", "99999999999999999999999"}), "too large");
    EXPECT_CONTAINS(parseError({"--frames", "9223372036854775808"}), "between 1 and 9223372036854775807");
    EXPECT_CONTAINS(parseError({"--seed", "18446744073709551616"}), "too large");
    EXPECT_CONTAINS(parseError({"--view", "a.vox", "--frame", "2147483648"}), "between 0 and 2147483647");
}

TEST(CommandLine, BadSizes) {
    EXPECT_CONTAINS(parseError({"--size", "0x0"}), "--size '0x0' is too small");
    EXPECT_CONTAINS(parseError({"--size", "1280x0"}), "too small");
    EXPECT_CONTAINS(parseError({"--size", "63x720"}), "between 64 and 8192");
    EXPECT_CONTAINS(parseError({"--size", "8193x720"}), "too large");
    EXPECT_CONTAINS(parseError({"--size", "100000x100000"}), "too large");
    EXPECT_CONTAINS(parseError({"--size", "99999999999999999999x1"}), "too large");
    for (const char* bad :
         {"1280", "1280x", "x720", "1280*720", "-1280x720", "1280x720x3", "wide", "12 80x720"}) {
        SCOPED_TRACE(bad);
        EXPECT_CONTAINS(parseError({"--size", bad}), "--size expects WIDTHxHEIGHT");
    }
    // The edges of the range are accepted.
    const Options smallest = parseOk({"--size", "64x64"});
    EXPECT_EQ(smallest.width, 64);
    const Options largest = parseOk({"--size", "8192x8192"});
    EXPECT_EQ(largest.height, 8192);
}

TEST(CommandLine, FpsShowsACounterWithOrWithoutTheOverlay) {
    EXPECT_FALSE(parseOk({}).fps);
    EXPECT_TRUE(parseOk({"--fps"}).fps);
    const Options both = parseOk({"--fps", "--debug-overlay", "--demo"});
    EXPECT_TRUE(both.fps);
    EXPECT_TRUE(both.debugOverlay);
    EXPECT_CONTAINS(parseError({"--fps=1"}), "--fps takes no value");
    EXPECT_CONTAINS(parseError({"--fps", "--fps"}), "--fps is given more than once");
    // The counter is the game's: the model viewer has none.
    EXPECT_CONTAINS(parseError({"--view", "a.vox", "--fps"}), "cannot be combined with --fps");
}

TEST(CommandLine, QualityTakesAutoLowOrHigh) {
    EXPECT_FALSE(parseOk({}).quality.has_value()) << "the settings file's, or high when headless";
    EXPECT_EQ(parseOk({"--quality", "low"}).quality, invaders::Quality::Low);
    EXPECT_EQ(parseOk({"--quality=high", "--headless"}).quality, invaders::Quality::High);
    EXPECT_EQ(parseOk({"--quality", "auto"}).quality, invaders::Quality::Auto);
    EXPECT_CONTAINS(parseError({"--quality", "ultra"}), "--quality expects auto, low or high, got 'ultra'");
    EXPECT_CONTAINS(parseError({"--quality", "LOW"}), "--quality expects auto, low or high");
    EXPECT_CONTAINS(parseError({"--quality"}), "--quality needs a value");
    EXPECT_CONTAINS(parseError({"--quality", "low", "--quality", "high"}),
                    "--quality is given more than once");
    EXPECT_CONTAINS(parseError({"--view", "a.vox", "--quality", "low"}), "cannot be combined with --quality");
}

TEST(CommandLine, ScreenshotMustBePng) {
    EXPECT_CONTAINS(parseError({"--screenshot", "shot.jpg"}), "must end in .png");
    EXPECT_CONTAINS(parseError({"--screenshot", "shot"}), "must end in .png");
}

TEST(CommandLine, AudioOutWritesTheSoundOfAHeadlessRunToAWavFile) {
    const Options options =
        parseOk({"--headless", "--demo", "--frames", "3600", "--audio-out", "out/demo.WAV"});
    EXPECT_EQ(options.audioOut, std::filesystem::path("out/demo.WAV"));
    EXPECT_FALSE(parseOk({"--headless"}).audioOut.has_value());
    EXPECT_CONTAINS(parseError({"--headless", "--audio-out", "demo.mp3"}), "must end in .wav");
    EXPECT_CONTAINS(parseError({"--headless", "--audio-out", "demo"}), "must end in .wav");
    EXPECT_CONTAINS(parseError({"--headless", "--audio-out="}), "--audio-out expects a file path");
    EXPECT_CONTAINS(parseError({"--audio-out", "--headless"}), "--audio-out needs a value");
    // The sound is rendered in step with a headless run's simulation; a window plays it live instead.
    EXPECT_CONTAINS(parseError({"--demo", "--audio-out", "demo.wav"}), "add --headless");
    EXPECT_CONTAINS(parseError({"--view", "a.vox", "--headless", "--audio-out", "a.wav"}),
                    "cannot be combined with --audio-out");
    EXPECT_CONTAINS(invaders::usageText(), "--audio-out");
}

TEST(CommandLine, FlagsGivenTwice) {
    EXPECT_CONTAINS(parseError({"--frames", "1", "--frames", "2"}), "--frames is given more than once");
    EXPECT_CONTAINS(parseError({"--headless", "--headless"}), "--headless is given more than once");
}

TEST(CommandLine, FlagsThatOnlyApplyToAnother) {
    EXPECT_CONTAINS(parseError({"--json"}), "--json only applies to --inspect");
    EXPECT_CONTAINS(parseError({"--frame", "2"}), "--frame only applies to --view");
}

TEST(CommandLine, ConflictingFlags) {
    EXPECT_CONTAINS(parseError({"--record", "a.rec", "--replay", "b.rec"}), "--record and --replay");
    EXPECT_CONTAINS(parseError({"--replay", "b.rec", "--demo"}), "--demo and --replay");
    EXPECT_CONTAINS(parseError({"--inspect", "a.vox", "--headless"}), "cannot be combined with --headless");
    EXPECT_CONTAINS(parseError({"--inspect", "a.vox", "--view", "b.vox"}), "cannot be combined with --view");
    EXPECT_CONTAINS(parseError({"--view", "a.vox", "--demo"}), "cannot be combined with --demo");
    EXPECT_CONTAINS(parseError({"--view", "a.vox", "--replay", "r.rec"}), "cannot be combined with --replay");
}

TEST(CommandLine, AHeadlessRunWithNoOtherEndStopsAfterTheDefaultSteps) {
    using invaders::kDefaultHeadlessSteps;
    using invaders::stepLimit;
    EXPECT_EQ(stepLimit(parseOk({}), false), std::nullopt) << "a window runs until the player quits";
    EXPECT_EQ(stepLimit(parseOk({}), true), kDefaultHeadlessSteps) << "no display: headless all the same";
    EXPECT_EQ(stepLimit(parseOk({"--headless", "--screenshot", "a.png"}), true), kDefaultHeadlessSteps);
    EXPECT_EQ(stepLimit(parseOk({"--headless", "--demo"}), true), kDefaultHeadlessSteps);
    EXPECT_EQ(stepLimit(parseOk({"--view", "a.vox", "--headless", "--screenshot", "a.png"}), true),
              kDefaultHeadlessSteps);
    EXPECT_EQ(stepLimit(parseOk({"--headless", "--frames", "7"}), true), 7);
    EXPECT_EQ(stepLimit(parseOk({"--frames", "7"}), false), 7);
    EXPECT_EQ(stepLimit(parseOk({"--headless", "--replay", "a.rec"}), true), std::nullopt)
        << "a replay ends when its input does";
    EXPECT_CONTAINS(invaders::usageText(), std::to_string(kDefaultHeadlessSteps) + " steps");
}

TEST(CommandLine, UsageMentionsEveryFlag) {
    const std::string usage = invaders::usageText();
    for (const char* flag : {"--headless",      "--frames",     "--screenshot",
                             "--seed",          "--size",       "--demo",
                             "--record",        "--replay",     "--print-state-hash",
                             "--debug-overlay", "--fps",        "--quality",
                             "--inspect",       "--json",       "--view",
                             "--frame",         "--help",       "--version",
                             "--replay-code",   "--share-code", "--print-share-code",
                             "--verify-scores"}) {
        EXPECT_CONTAINS(usage, flag);
    }
    // Every variable the game reads (app.cpp's data search and window, persist/save_files.cpp).
    for (const char* variable :
         {"VOX_DATA_DIR", "VOX_SHADER_DIR", "VOX_ASSET_DIR", "VOX_DATA_HOME", "VOX_GL"})
        EXPECT_CONTAINS(usage, variable);
    EXPECT_EQ(usage.back(), '\n');
}

// Recorded runs (issue 28): codes, files and the table's runs.
TEST(CommandLine, RunFlags) {
    // The smallest valid code: a run of no steps (its format: share_code.h).
    const std::string code =
        invaders::encodeShareCode(invaders::newReplay({1, 1, invaders::Difficulty::Arcade}));
    const Options replayed = parseOk({"--headless", "--replay-code", code, "--print-state-hash"});
    EXPECT_EQ(replayed.replayCode, code);
    EXPECT_EQ(stepLimit(replayed, true), std::nullopt) << "a replayed code ends when its input does";
    EXPECT_EQ(parseOk({"--share-code", "a.vir"}).shareCode, std::filesystem::path("a.vir"));
    EXPECT_TRUE(parseOk({"--verify-scores"}).verifyScores);
    EXPECT_TRUE(parseOk({"--demo", "--print-share-code"}).printShareCode);

    // A bad code is a bad command line, and says what is wrong with it.
    EXPECT_CONTAINS(parseError({"--replay-code", "hello"}), "--replay-code: run code: ");
    EXPECT_CONTAINS(parseError({"--replay-code", "hello"}), "not a voxel-invaders run code");
    EXPECT_CONTAINS(parseError({"--replay-code="}), "the code is empty");
    EXPECT_CONTAINS(parseError({"--replay-code", code.substr(0, 8)}), "cut short");
    EXPECT_CONTAINS(parseError({"--replay-code"}), "needs a value");

    EXPECT_CONTAINS(parseError({"--replay-code", code, "--replay", "a.vir"}), "--replay-code and --replay");
    EXPECT_CONTAINS(parseError({"--replay-code", code, "--demo"}), "--replay-code and --demo");
    EXPECT_CONTAINS(parseError({"--replay-code", code, "--record", "b.vir"}), "--replay-code and --record");
    EXPECT_CONTAINS(parseError({"--replay", "a.vir", "--print-share-code"}), "--share-code FILE");
    EXPECT_CONTAINS(parseError({"--share-code", "a.vir", "--headless"}),
                    "cannot be combined with --headless");
    EXPECT_CONTAINS(parseError({"--verify-scores", "--seed", "1"}), "cannot be combined with --seed");
    EXPECT_CONTAINS(parseError({"--verify-scores", "--share-code", "a.vir"}), "cannot be combined with");
}

TEST(CommandLine, VersionNamesTheGame) {
    EXPECT_CONTAINS(invaders::versionText(), "voxel-invaders ");
    EXPECT_CONTAINS(invaders::versionText(), VOX_TEST_PROJECT_VERSION);
}

} // namespace
