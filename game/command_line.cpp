#include "command_line.h"

#include "sim/share_code.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <limits>
#include <string_view>

#ifndef VOX_VERSION_STRING
#error "VOX_VERSION_STRING must be defined by the build (game/CMakeLists.txt)"
#endif

namespace invaders {
namespace {

using vox::Error;

enum class ValueKind { None, Count, Seed, Size, PngPath, WavPath, Path, Index, Quality, Code };

struct FlagSpec {
    std::string_view name;
    ValueKind kind;
};

constexpr FlagSpec kFlags[] = {
    {"--headless", ValueKind::None},
    {"--frames", ValueKind::Count},
    {"--screenshot", ValueKind::PngPath},
    {"--seed", ValueKind::Seed},
    {"--size", ValueKind::Size},
    {"--demo", ValueKind::None},
    {"--record", ValueKind::Path},
    {"--replay", ValueKind::Path},
    {"--replay-code", ValueKind::Code},
    {"--share-code", ValueKind::Path},
    {"--print-share-code", ValueKind::None},
    {"--verify-scores", ValueKind::None},
    {"--print-state-hash", ValueKind::None},
    {"--debug-overlay", ValueKind::None},
    {"--fps", ValueKind::None},
    {"--quality", ValueKind::Quality},
    {"--inspect", ValueKind::Path},
    {"--json", ValueKind::None},
    {"--view", ValueKind::Path},
    {"--frame", ValueKind::Index},
    // the sound of a --headless run, rendered offline
    {"--audio-out", ValueKind::WavPath},
};

const FlagSpec* findFlag(std::string_view name) {
    const auto* found = std::find_if(std::begin(kFlags), std::end(kFlags),
                                     [name](const FlagSpec& flag) { return flag.name == name; });
    return found == std::end(kFlags) ? nullptr : found;
}

std::string quoted(std::string_view text) {
    // Built with append rather than "'" + ... + "'", which trips GCC 12's false -Wrestrict (bug 105329).
    std::string result(1, '\'');
    result.append(text);
    result += '\'';
    return result;
}

// A whole number in [minimum, maximum]; `what` describes it for the message ("a number of steps").
vox::Result<uint64_t> parseNumber(std::string_view flag, std::string_view text, std::string_view what,
                                  uint64_t minimum, uint64_t maximum) {
    if (text.starts_with('-') && text.size() > 1 &&
        std::all_of(text.begin() + 1, text.end(), [](char c) { return c >= '0' && c <= '9'; })) {
        return Error{std::string(flag) + " expects " + std::string(what) + " of at least " +
                     std::to_string(minimum) + ", got the negative number " + quoted(text)};
    }
    uint64_t value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error == std::errc::result_out_of_range) {
        return Error{std::string(flag) + " " + quoted(text) + " is too large; the most is " +
                     std::to_string(maximum)};
    }
    if (text.empty() || error != std::errc() || end != text.data() + text.size()) {
        return Error{std::string(flag) + " expects " + std::string(what) + " (a whole number), got " +
                     quoted(text)};
    }
    if (value < minimum || value > maximum) {
        return Error{std::string(flag) + " " + quoted(text) + " is out of range; it must be between " +
                     std::to_string(minimum) + " and " + std::to_string(maximum)};
    }
    return value;
}

vox::Status parseSize(std::string_view text, Options& options) {
    const std::string expected =
        "--size expects WIDTHxHEIGHT in pixels, such as 1280x720, got " + quoted(text);
    const size_t separator = text.find_first_of("xX");
    if (separator == std::string_view::npos)
        return Error{expected};
    const std::string_view widthText = text.substr(0, separator);
    const std::string_view heightText = text.substr(separator + 1);
    const auto isNumber = [](std::string_view part) {
        return !part.empty() &&
               std::all_of(part.begin(), part.end(), [](char c) { return c >= '0' && c <= '9'; });
    };
    if (!isNumber(widthText) || !isNumber(heightText))
        return Error{expected};
    const std::string range = "; width and height must each be between " + std::to_string(kMinRenderSide) +
                              " and " + std::to_string(kMaxRenderSide) + " pixels";
    if (widthText.size() > 9 || heightText.size() > 9) // would overflow an int; far too large anyway
        return Error{"--size " + quoted(text) + " is too large" + range};
    int width = 0;
    int height = 0;
    std::from_chars(widthText.data(), widthText.data() + widthText.size(), width);
    std::from_chars(heightText.data(), heightText.data() + heightText.size(), height);
    if (width < kMinRenderSide || height < kMinRenderSide)
        return Error{"--size " + quoted(text) + " is too small" + range};
    if (width > kMaxRenderSide || height > kMaxRenderSide)
        return Error{"--size " + quoted(text) + " is too large" + range};
    options.width = width;
    options.height = height;
    return {};
}

vox::Result<std::filesystem::path> parsePath(std::string_view flag, std::string_view text, ValueKind kind) {
    if (text.empty())
        return Error{std::string(flag) + " expects a file path, got an empty string"};
    if (kind == ValueKind::PngPath || kind == ValueKind::WavPath) {
        std::string extension = std::filesystem::path(text).extension().string();
        std::transform(extension.begin(), extension.end(), extension.begin(),
                       [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
        const bool png = kind == ValueKind::PngPath;
        if (extension != (png ? ".png" : ".wav"))
            return Error{std::string(flag) + " " + quoted(text) +
                         (png ? " must end in .png (screenshots are PNG files)"
                              : " must end in .wav (the sound is written as a WAV file)")};
    }
    return std::filesystem::path(text);
}

vox::Status applyValue(const FlagSpec& flag, std::string_view value, Options& options) {
    constexpr auto kMaxInt64 = static_cast<uint64_t>(std::numeric_limits<int64_t>::max());
    switch (flag.kind) {
    case ValueKind::Count: {
        auto count = parseNumber(flag.name, value, "a number of simulation steps", 1, kMaxInt64);
        if (!count)
            return count.error();
        options.frames = static_cast<int64_t>(count.value());
        return {};
    }
    case ValueKind::Index: {
        auto index = parseNumber(flag.name, value, "a frame index", 0, std::numeric_limits<int32_t>::max());
        if (!index)
            return index.error();
        options.viewFrame = static_cast<int64_t>(index.value());
        return {};
    }
    case ValueKind::Seed: {
        auto seed = parseNumber(flag.name, value, "a seed", 0, std::numeric_limits<uint64_t>::max());
        if (!seed)
            return seed.error();
        options.seed = seed.value();
        return {};
    }
    case ValueKind::Size:
        return parseSize(value, options);
    case ValueKind::Code: {
        // Decoded here so that a bad code is a bad command line (exit 2); the game decodes it again.
        if (vox::Result<Replay> replay = decodeShareCode(value); !replay)
            return Error{std::string(flag.name) + ": " + replay.error().message};
        options.replayCode = std::string(value);
        return {};
    }
    case ValueKind::Quality: {
        const std::optional<Quality> quality = qualityFromName(value);
        if (!quality)
            return Error{"--quality expects auto, low or high, got " + quoted(value)};
        options.quality = *quality;
        return {};
    }
    case ValueKind::PngPath:
    case ValueKind::WavPath:
    case ValueKind::Path: {
        auto path = parsePath(flag.name, value, flag.kind);
        if (!path)
            return path.error();
        std::optional<std::filesystem::path>* target = flag.name == "--screenshot"   ? &options.screenshot
                                                       : flag.name == "--audio-out"  ? &options.audioOut
                                                       : flag.name == "--record"     ? &options.record
                                                       : flag.name == "--replay"     ? &options.replay
                                                       : flag.name == "--inspect"    ? &options.inspect
                                                       : flag.name == "--share-code" ? &options.shareCode
                                                                                     : &options.view;
        *target = std::move(path).value();
        return {};
    }
    case ValueKind::None:
        break;
    }
    return {};
}

void applySwitch(std::string_view name, Options& options) {
    if (name == "--headless")
        options.headless = true;
    else if (name == "--demo")
        options.demo = true;
    else if (name == "--print-state-hash")
        options.printStateHash = true;
    else if (name == "--debug-overlay")
        options.debugOverlay = true;
    else if (name == "--fps")
        options.fps = true;
    else if (name == "--json")
        options.json = true;
    else if (name == "--print-share-code")
        options.printShareCode = true;
    else if (name == "--verify-scores")
        options.verifyScores = true;
}

// Flags that make no sense together; `given` lists the flags in the order they appeared.
vox::Status checkCombinations(const std::vector<std::string_view>& given) {
    const auto has = [&given](std::string_view name) {
        return std::find(given.begin(), given.end(), name) != given.end();
    };
    const auto firstOtherThan =
        [&given](std::initializer_list<std::string_view> allowed) -> std::string_view {
        for (std::string_view flag : given) {
            if (std::find(allowed.begin(), allowed.end(), flag) == allowed.end())
                return flag;
        }
        return {};
    };

    if (has("--json") && !has("--inspect"))
        return Error{"--json only applies to --inspect FILE.vox"};
    if (has("--frame") && !has("--view"))
        return Error{"--frame only applies to --view FILE.vox"};
    if (has("--record") && has("--replay"))
        return Error{"--record and --replay cannot be used together: a replay's input comes from its file"};
    if (has("--demo") && has("--replay"))
        return Error{"--demo and --replay cannot be used together: both decide the player's input"};
    if (has("--replay-code")) {
        for (std::string_view other : {"--replay", "--record", "--demo", "--print-share-code"}) {
            if (has(other))
                return Error{"--replay-code and " + std::string(other) +
                             " cannot be used together: the run's input comes from its code"};
        }
    }
    if (has("--print-share-code") && has("--replay"))
        return Error{
            "--print-share-code prints the code of a run played now; for a file use --share-code FILE"};
    for (std::string_view command : {"--share-code", "--verify-scores"}) {
        if (has(command)) {
            if (std::string_view other = firstOtherThan({command}); !other.empty())
                return Error{std::string(command) +
                             " prints its answer and exits; it cannot be combined with " +
                             std::string(other)};
        }
    }
    if (has("--audio-out") && !has("--headless"))
        return Error{"--audio-out renders the sound of a --headless run, step by step; add --headless"};
    if (has("--inspect")) {
        if (std::string_view other = firstOtherThan({"--inspect", "--json"}); !other.empty())
            return Error{"--inspect prints a model's summary and exits; it cannot be combined with " +
                         std::string(other)};
    }
    if (has("--view")) {
        const std::string_view other = firstOtherThan(
            {"--view", "--frame", "--headless", "--frames", "--screenshot", "--size", "--debug-overlay"});
        if (!other.empty())
            return Error{"--view shows a model instead of the game; it cannot be combined with " +
                         std::string(other)};
    }
    return {};
}

} // namespace

vox::Result<Options> parseCommandLine(const std::vector<std::string>& arguments) {
    Options options;
    std::vector<std::string_view> given;
    for (size_t i = 0; i < arguments.size(); ++i) {
        std::string_view argument = arguments[i];
        if (argument == "--help" || argument == "-h") {
            options.help = true;
            return options;
        }
        if (argument == "--version") {
            options.version = true;
            return options;
        }
        if (!argument.starts_with("-"))
            return Error{"unexpected argument " + quoted(argument) + "; every option starts with --"};

        std::string_view name = argument;
        std::optional<std::string_view> inlineValue;
        if (const size_t equals = argument.find('='); equals != std::string_view::npos) {
            name = argument.substr(0, equals);
            inlineValue = argument.substr(equals + 1);
        }
        const FlagSpec* flag = findFlag(name);
        if (flag == nullptr)
            return Error{"unknown option " + quoted(name)};
        if (std::find(given.begin(), given.end(), flag->name) != given.end())
            return Error{std::string(flag->name) + " is given more than once"};
        given.push_back(flag->name);

        if (flag->kind == ValueKind::None) {
            if (inlineValue)
                return Error{std::string(flag->name) + " takes no value, got " + quoted(*inlineValue)};
            applySwitch(flag->name, options);
            continue;
        }
        std::string_view value;
        if (inlineValue) {
            value = *inlineValue;
        } else {
            // A following "--flag" is a forgotten value, not the value (numbers may start with one '-').
            if (i + 1 == arguments.size() || std::string_view(arguments[i + 1]).starts_with("--"))
                return Error{std::string(flag->name) + " needs a value right after it"};
            value = arguments[++i];
        }
        if (vox::Status status = applyValue(*flag, value, options); !status)
            return status.error();
    }
    if (vox::Status status = checkCombinations(given); !status)
        return status.error();
    return options;
}

std::optional<int64_t> stepLimit(const Options& options, bool headless) {
    if (options.frames)
        return options.frames;
    // A replay ends by itself when its input runs out; anything else headless has nobody to end it.
    if (headless && !options.replay && !options.replayCode)
        return kDefaultHeadlessSteps;
    return std::nullopt;
}

std::string usageText() {
    return R"(Usage: voxel-invaders [options]

Play:
  --seed N             seed of the game's random numbers (0 to 2^64-1)
  --size WxH           render size in pixels, each side 64 to 8192 (default 1280x720)
  --debug-overlay      start with the debug overlay shown (F3 or ` toggles it)
  --fps                show a small frame-rate counter (frames per second, frame time)
                       and print a summary of the run's frame times when the game ends
  --quality Q          drawing quality: auto (low on a software renderer, else high),
                       low or high; sets Options > Quality (headless runs: high)
  --demo               attract mode: the game plays itself
  --record FILE        save every simulation step's input to FILE
  --replay FILE        play back the input saved in FILE
  --replay-code CODE   play back a shared run (a code from --share-code or the game)
  --print-share-code   print the share code of the game played, on exit
  --share-code F.vir   print the share code of a recorded run and exit
  --verify-scores      replay every top-ten entry's kept run, say which hold and exit
                       (status 1 if any does not)
  --print-state-hash   print a hash of the final game state on exit

Headless runs and automation:
  --headless           render offscreen with no window (automatic when there is no display)
  --frames N           run N simulation steps (60 per second), then exit with status 0;
                       a headless run without --frames or a replay stops after 120 steps
  --screenshot F.png   write the last frame to F.png on exit
  --audio-out F.wav    with --headless: write the run's sound to F.wav (48 kHz mono, 16-bit)

Models:
  --inspect F.vox      print a summary of a MagicaVoxel model and exit
  --json               with --inspect: print the summary as JSON
  --view F.vox         show a model instead of the game
  --frame N            with --view: show animation frame N (default 0)

  -h, --help           show this help and exit
  --version            show the version and exit

Values go after the flag or after '=': --frames 120, --frames=120.
Keys: arrows or A/D move, Space fires, P or Esc pauses, Enter starts,
      F11 or Alt+Enter toggles fullscreen, F3 or ` toggles the debug overlay;
      Options > Controls rebinds them.
Environment:
  VOX_DATA_DIR         the folder holding shaders/ and assets/
  VOX_SHADER_DIR       the shaders folder itself
  VOX_ASSET_DIR        the assets folder itself
  VOX_DATA_HOME        where settings and high scores are saved (default: the user data folder)
  VOX_GL               es: draw with OpenGL ES 3.0, the GL of web browsers (WebGL2); desktop: the default
Exit status: 0 done, 1 fatal error (no OpenGL 3.3, data not found), 2 bad command line.
)";
}

std::string versionText() {
    return std::string("voxel-invaders ") + VOX_VERSION_STRING;
}

} // namespace invaders
