#pragma once
// The command line of voxel-invaders: the `Options` it sets and a pure parser, so every flag and every
// way of getting one wrong is unit-tested (tests/game/command_line_test.cpp) without starting the game.

#include "quality.h"

#include "vox/core/result.h"

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace invaders {

/// Smallest width or height `--size` accepts, in pixels.
inline constexpr int kMinRenderSide = 64;
/// Largest width or height `--size` accepts, in pixels (an 8192x8192 RGBA frame is 256 MiB).
inline constexpr int kMaxRenderSide = 8192;
/// Steps a headless run takes when nothing else ends it (no `--frames`, no `--replay`): two seconds of
/// game time, then the run exits 0 (writing its `--screenshot`). Nobody can close a window that is not
/// shown, so without this end such a run would spin forever.
inline constexpr int64_t kDefaultHeadlessSteps = 120;

/// Everything the command line can set. Defaults are what running with no flags means.
struct Options {
    bool headless = false;                           ///< --headless: render offscreen, no window.
    std::optional<int64_t> frames;                   ///< --frames N: run N steps (>= 1), then exit 0.
    std::optional<std::filesystem::path> screenshot; ///< --screenshot PATH.png: write the last frame.
    std::optional<std::filesystem::path> audioOut;   ///< --audio-out PATH.wav: write the run's sound.
    std::optional<uint64_t> seed;                    ///< --seed N: seed of the game's random numbers.
    int width = 1280;                                ///< --size WxH: render size in pixels.
    int height = 720;                                ///< --size WxH: render size in pixels.
    bool demo = false;                               ///< --demo: the game plays itself.
    std::optional<std::filesystem::path> record;     ///< --record FILE: save each step's input.
    std::optional<std::filesystem::path> replay;     ///< --replay FILE: play recorded input back.
    std::optional<std::string> replayCode;           ///< --replay-code CODE: play a shared run back.
    std::optional<std::filesystem::path> shareCode;  ///< --share-code FILE.vir: print its code, exit.
    bool printShareCode = false;                     ///< --print-share-code: print the played run's code.
    bool verifyScores = false;                       ///< --verify-scores: check the top ten's runs, exit.
    bool printStateHash = false;                     ///< --print-state-hash: print the final state hash.
    bool debugOverlay = false;                       ///< --debug-overlay: start with the overlay shown.
    bool fps = false;                                ///< --fps: a small frame-rate counter, no overlay.
    /// --quality auto|low|high: the QUALITY option for this run (headless runs: high unless given).
    std::optional<Quality> quality;
    std::optional<std::filesystem::path> inspect; ///< --inspect FILE.vox: describe a model, exit.
    bool json = false;                            ///< --json: --inspect prints JSON.
    std::optional<std::filesystem::path> view;    ///< --view FILE.vox: show a model.
    std::optional<int64_t> viewFrame;             ///< --frame N: animation frame for --view (>= 0).
    bool help = false;                            ///< --help / -h: print usage, exit 0.
    bool version = false;                         ///< --version: print the version, exit 0.
};

/// Parses the arguments after the program name. Flags take their value as the next argument or after
/// '=' (`--frames=120`). `--help` and `--version` stop parsing. Fails on the first problem with a
/// sentence naming the flag and what is wrong: unknown flags, stray arguments, missing or malformed
/// values, values out of range, flags given twice, and flags that make no sense together.
[[nodiscard]] vox::Result<Options> parseCommandLine(const std::vector<std::string>& arguments);

/// The number of simulation steps after which the run ends, or none when only the player (or a finished
/// replay) ends it. `headless`: whether the window turned out headless (`--headless`, or no display):
/// `--frames N` gives N; a headless run without `--frames` or `--replay` gives `kDefaultHeadlessSteps`.
[[nodiscard]] std::optional<int64_t> stepLimit(const Options& options, bool headless);

/// The usage text printed by --help and after a command-line error (ends with a newline).
[[nodiscard]] std::string usageText();

/// "voxel-invaders 0.1.0" (the CMake project version).
[[nodiscard]] std::string versionText();

} // namespace invaders
