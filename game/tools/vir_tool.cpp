#include "vir_tool.h"

#include "sim/asset_loader.h"
#include "sim/replay.h"
#include "sim/run_playback.h"
#include "sim/share_code.h"

#include "vox/core/result.h"

#include <cinttypes>
#include <cstdio>
#include <fstream>
#include <optional>
#include <ostream>
#include <string_view>
#include <system_error>

#ifndef VOX_VERSION_STRING
#error "VOX_VERSION_STRING must be defined by the build (game/tools/CMakeLists.txt)"
#endif

namespace invaders::vir {
namespace {

// What the command line asks for.
struct Command {
    std::string name; // info, verify or convert
    std::string run;  // a .vir file, a file holding a code, or a code
    bool json = false;
    std::optional<std::filesystem::path> assets;
    std::optional<std::filesystem::path> output;
};

// A run as read, and what it was read from.
struct LoadedRun {
    Replay replay;
    bool file = false;          // a .vir file; else a share code (given, or in a text file)
    uint32_t formatVersion = 0; // of the form it was read from
};

std::string usageError(const std::string& message) {
    return "vir: " + message + "\n" + usageText();
}

// The flags each command takes, as the usage names them.
std::string_view flagsOf(std::string_view command) {
    if (command == "info")
        return "--json";
    if (command == "verify")
        return "--assets DIR";
    return "-o FILE";
}

// The value of `flag` (given as "FLAG VALUE" or "FLAG=VALUE"), taken from `arguments` at `index`.
vox::Result<std::string> flagValue(const std::vector<std::string>& arguments, size_t& index,
                                   std::string_view flag, std::string_view command, std::string_view what) {
    const std::string& argument = arguments[index];
    if (argument.size() > flag.size() && argument[flag.size()] == '=')
        return argument.substr(flag.size() + 1);
    if (index + 1 >= arguments.size() || arguments[index + 1].empty())
        return vox::Error{
            usageError(std::string(command) + ": " + std::string(flag) + " needs " + std::string(what))};
    return arguments[++index];
}

bool isFlag(const std::string& argument, std::string_view flag) {
    return argument == flag ||
           (argument.starts_with(flag) && argument.size() > flag.size() && argument[flag.size()] == '=');
}

// Reads one flag of `command` at `index` into `parsed`.
vox::Status readFlag(const std::vector<std::string>& arguments, size_t& index, Command& parsed) {
    const std::string& argument = arguments[index];
    const std::string& command = parsed.name;
    const auto twice = [&](std::string_view flag) {
        return vox::Error{usageError(command + ": " + std::string(flag) + " is given twice")};
    };
    if (command == "info" && argument == "--json") {
        if (parsed.json)
            return twice("--json");
        parsed.json = true;
    } else if (command == "verify" && isFlag(argument, "--assets")) {
        vox::Result<std::string> value = flagValue(arguments, index, "--assets", command, "a folder");
        if (!value)
            return value.error();
        if (parsed.assets)
            return twice("--assets");
        parsed.assets = value.value();
    } else if (command == "convert" && (isFlag(argument, "-o") || isFlag(argument, "--output"))) {
        const std::string_view flag = isFlag(argument, "-o") ? "-o" : "--output";
        vox::Result<std::string> value = flagValue(arguments, index, flag, command, "a file name");
        if (!value)
            return value.error();
        if (parsed.output)
            return twice("-o");
        parsed.output = value.value();
    } else {
        return vox::Error{usageError(command + ": unknown flag '" + argument + "' (" + command + " takes " +
                                     std::string(flagsOf(command)) + ")")};
    }
    return {};
}

vox::Result<Command> parseArguments(const std::vector<std::string>& arguments) {
    Command parsed;
    parsed.name = arguments[0];
    if (parsed.name != "info" && parsed.name != "verify" && parsed.name != "convert")
        return vox::Error{
            usageError("unknown command '" + parsed.name + "' (the commands are info, verify and convert)")};
    bool haveRun = false;
    for (size_t index = 1; index < arguments.size(); ++index) {
        const std::string& argument = arguments[index];
        if (argument.size() > 1 && argument[0] == '-') {
            if (vox::Status flag = readFlag(arguments, index, parsed); !flag)
                return flag.error();
        } else if (!haveRun) {
            parsed.run = argument;
            haveRun = true;
        } else {
            return vox::Error{
                usageError(parsed.name + ": unexpected argument '" + argument + "' (one run at a time)")};
        }
    }
    if (!haveRun || parsed.run.empty())
        return vox::Error{
            usageError(parsed.name + ": no run given (a .vir file, a file holding a share code, or a code)")};
    if (parsed.name == "convert" && !parsed.output)
        return vox::Error{usageError("convert: -o FILE is missing (where the converted run goes)")};
    return parsed;
}

// The code's format version ("VIR2-..." -> 2), after `decodeShareCode` accepted it.
uint32_t codeFormat(std::string_view code) {
    uint32_t version = 0;
    const size_t start = code.find("VIR");
    for (size_t at = start + 3; at < code.size() && code[at] != '-'; ++at)
        if (code[at] >= '0' && code[at] <= '9')
            version = version * 10 + static_cast<uint32_t>(code[at] - '0');
    return version;
}

vox::Result<LoadedRun> loadCode(std::string_view code) {
    vox::Result<Replay> decoded = decodeShareCode(code);
    if (!decoded)
        return decoded.error();
    return LoadedRun{std::move(decoded).value(), false, codeFormat(code)};
}

// A .vir file, a text file holding a share code, or a share code given as the argument itself.
vox::Result<LoadedRun> loadRun(const std::string& argument) {
    const std::filesystem::path path(argument);
    std::error_code error;
    if (!std::filesystem::is_regular_file(path, error)) {
        if (argument.find_first_not_of(" \t\r\n") != std::string::npos &&
            argument.substr(argument.find_first_not_of(" \t\r\n")).starts_with(kShareCodeMagic))
            return loadCode(argument);
        return vox::Error{argument + ": no such file, and not a share code (those start with \"VIR\")"};
    }
    const auto size = std::filesystem::file_size(path, error);
    if (error || size > static_cast<uintmax_t>(kMaxReplayBytes))
        return vox::Error{argument + ": " +
                          (error ? "cannot read it: " + error.message()
                                 : std::to_string(size) + " bytes is too large for a run")};
    std::ifstream file(path, std::ios::binary);
    std::string bytes(static_cast<size_t>(size), '\0');
    if (!file.read(bytes.data(), static_cast<std::streamsize>(bytes.size())))
        return vox::Error{argument + ": cannot read it"};
    if (bytes.starts_with("VXIRPLAY") || path.extension() == ".vir") {
        const std::span<const uint8_t> raw(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size());
        vox::Result<Replay> parsed = parseReplay(raw, argument);
        if (!parsed)
            return parsed.error();
        const uint32_t format = raw[8] | raw[9] << 8 | raw[10] << 16 | static_cast<uint32_t>(raw[11]) << 24;
        return LoadedRun{std::move(parsed).value(), true, format};
    }
    if (bytes.size() > kMaxShareCodeChars)
        return vox::Error{argument + ": " + std::to_string(bytes.size()) +
                          " bytes is too large for a share code"};
    vox::Result<LoadedRun> code = loadCode(bytes);
    if (!code)
        return vox::Error{argument + ": " + code.error().message};
    return code;
}

// 1200 steps -> "0:20"; an hour or more -> "1:02:03".
std::string durationText(int64_t steps) {
    const int64_t seconds = steps / kChainSteps;
    char text[32];
    if (seconds >= 3600)
        std::snprintf(text, sizeof text, "%" PRId64 ":%02d:%02d", seconds / 3600,
                      static_cast<int>(seconds / 60 % 60), static_cast<int>(seconds % 60));
    else
        std::snprintf(text, sizeof text, "%d:%02d", static_cast<int>(seconds / 60),
                      static_cast<int>(seconds % 60));
    return text;
}

std::string hex(uint64_t value) {
    char text[17];
    std::snprintf(text, sizeof text, "%016" PRIx64, value);
    return text;
}

std::string jsonString(std::string_view text) {
    std::string quoted = "\"";
    for (char c : text) {
        const auto byte = static_cast<unsigned char>(c);
        if (c == '"' || c == '\\') {
            quoted += '\\';
            quoted += c;
        } else if (byte < 0x20 || byte >= 0x7F) {
            char escape[8];
            std::snprintf(escape, sizeof escape, "\\u%04x", byte);
            quoted += escape;
        } else {
            quoted += c;
        }
    }
    return quoted + "\"";
}

// `vir info`: one "name: value" line per field, or (--json) one JSON object.
void printInfo(const LoadedRun& run, bool json, std::ostream& out) {
    const Replay& replay = run.replay;
    const SimSettings& settings = replay.settings;
    const auto steps = static_cast<int64_t>(replay.inputs.size());
    char seconds[32];
    std::snprintf(seconds, sizeof seconds, "%.3f", static_cast<double>(steps) / kChainSteps);
    const size_t links = replay.chain.digests.size();
    if (json) {
        out << "{\"form\": \"" << (run.file ? "vir" : "share-code")
            << "\", \"format_version\": " << run.formatVersion
            << ", \"simulation_version\": " << replay.simulationVersion
            << ", \"game_version\": " << (run.file ? jsonString(replay.gameVersion) : "null")
            << ", \"seed\": " << settings.seed << ", \"players\": " << settings.players
            << ", \"difficulty\": \"" << difficultyName(settings.difficulty)
            << "\", \"starting_ships\": " << settings.startingShips
            << ", \"extra_ship_score\": " << settings.extraShipScore << ", \"steps\": " << steps
            << ", \"seconds\": " << seconds << ", \"duration\": \"" << durationText(steps)
            << "\", \"chain_links\": " << links
            << ", \"chain_digest_bits\": " << (links ? std::to_string(replay.chain.digestBits) : "null")
            << ", \"final_state_hash\": \"" << hex(replay.finalStateHash) << "\"}\n";
        return;
    }
    out << "form: " << (run.file ? ".vir file" : "share code") << " (format version " << run.formatVersion
        << ")\n"
        << "simulation version: " << replay.simulationVersion << "\n";
    if (run.file)
        out << "game version: " << replay.gameVersion << "\n";
    out << "seed: " << settings.seed << "\nplayers: " << settings.players
        << "\ndifficulty: " << difficultyName(settings.difficulty)
        << "\nstarting ships: " << settings.startingShips << "\nextra ship at: " << settings.extraShipScore
        << " points\nsteps: " << steps << "\nduration: " << durationText(steps) << " (" << seconds
        << " s)\nhash chain: ";
    if (links == 0)
        out << (run.formatVersion == 1 ? "none (format version 1 recorded none)" : "none") << "\n";
    else
        out << links << " links (one a second), " << replay.chain.digestBits << "-bit digests\n";
    out << "final state hash: " << hex(replay.finalStateHash) << "\n";
}

// The first of `folders` that exists, or nothing.
std::optional<std::filesystem::path> firstFolder(const std::vector<std::filesystem::path>& folders) {
    for (const std::filesystem::path& folder : folders) {
        std::error_code error;
        if (std::filesystem::is_directory(folder, error))
            return folder;
    }
    return std::nullopt;
}

int verify(const LoadedRun& run, const Command& command,
           const std::vector<std::filesystem::path>& assetFolders, std::ostream& out, std::ostream& err) {
    const std::optional<std::filesystem::path> folder =
        command.assets ? command.assets : firstFolder(assetFolders);
    if (!folder) {
        err << "vir verify: the game's models (assets/*.vox) were not found; give their folder with --assets "
               "DIR\n";
        return kExitUnreadable;
    }
    vox::Result<GameAssets> assets = loadGameAssets(*folder);
    if (!assets) {
        err << "vir verify: the game's models: " << assets.error().message << "\n";
        return kExitUnreadable;
    }
    const RunVerdict verdict = verifyRun(run.replay, assets.value());
    const std::string name = run.file ? command.run : std::string("the run code");
    if (!verdict.verified()) {
        out << name << ": " << (verdict.problem.empty() ? "unverified" : verdict.problem) << "\n";
        return kExitDeparts;
    }
    const auto steps = static_cast<int64_t>(run.replay.inputs.size());
    const size_t links = run.replay.chain.digests.size();
    out << name << ": verified: " << steps << " steps (" << durationText(steps) << "), "
        << (links ? std::to_string(links) + " seconds of its hash chain and "
                  : std::string("no hash chain, "))
        << "its final state hash " << hex(verdict.finalHash) << "\n";
    return kExitOk;
}

// Writes `bytes` to `path` through a temporary file next to it and a rename.
vox::Status writeAtomically(const std::filesystem::path& path, const std::string& bytes) {
    std::filesystem::path temporary = path;
    temporary += ".tmp";
    {
        std::ofstream file(temporary, std::ios::binary | std::ios::trunc);
        if (!file.write(bytes.data(), static_cast<std::streamsize>(bytes.size())) || !file.flush())
            return vox::Error{path.string() + ": cannot write it (is the folder writable?)"};
    }
    std::error_code error;
    std::filesystem::rename(temporary, path, error);
    if (error) {
        std::filesystem::remove(temporary, error);
        return vox::Error{path.string() + ": cannot write it: " + error.message()};
    }
    return {};
}

int convert(const LoadedRun& run, const Command& command, std::ostream& out, std::ostream& err) {
    const std::filesystem::path& output = *command.output;
    const std::string extension = output.extension().string();
    if (run.file && extension == ".vir") {
        err << usageError("convert: -o " + output.string() +
                          ": a .vir file converts to a share code, written as text (-o CODE.txt)");
        return kExitUnreadable;
    }
    if (!run.file && extension == ".txt") {
        err << usageError("convert: -o " + output.string() +
                          ": a share code converts to a .vir file (-o FILE.vir)");
        return kExitUnreadable;
    }
    const vox::Status written = run.file ? writeAtomically(output, encodeShareCode(run.replay) + "\n")
                                         : writeReplayFile(output, run.replay);
    if (!written) {
        err << "vir convert: " << written.error().message << "\n";
        return kExitUnreadable;
    }
    out << "wrote " << output.string() << " (" << (run.file ? "a share code" : "a .vir file") << ", "
        << run.replay.inputs.size() << " steps)\n";
    return kExitOk;
}

} // namespace

int runVir(const std::vector<std::string>& arguments, std::ostream& out, std::ostream& err,
           const std::vector<std::filesystem::path>& assetFolders) {
    if (arguments.empty()) {
        err << usageError("no command given");
        return kExitUnreadable;
    }
    if (arguments[0] == "--help" || arguments[0] == "-h" || arguments[0] == "help") {
        out << usageText();
        return kExitOk;
    }
    if (arguments[0] == "--version") {
        out << "vir (voxel-invaders " VOX_VERSION_STRING "): run file format " << kReplayFormatVersion
            << ", share-code format " << kShareCodeVersion << ", simulation version " << kSimulationVersion
            << "\n";
        return kExitOk;
    }
    vox::Result<Command> command = parseArguments(arguments);
    if (!command) {
        err << command.error().message;
        return kExitUnreadable;
    }
    vox::Result<LoadedRun> run = loadRun(command.value().run);
    if (!run) {
        err << "vir " << command.value().name << ": " << run.error().message << "\n";
        return kExitUnreadable;
    }
    if (command.value().name == "info") {
        printInfo(run.value(), command.value().json, out);
        return kExitOk;
    }
    if (command.value().name == "verify")
        return verify(run.value(), command.value(), assetFolders, out, err);
    return convert(run.value(), command.value(), out, err);
}

std::string usageText() {
    return "usage: vir info RUN [--json]          the run's versions, settings, steps, duration, final hash\n"
           "       vir verify RUN [--assets DIR]  play it: exit 0 verified, 1 departs (where), 2 unreadable\n"
           "       vir convert FILE.vir -o CODE.txt   a .vir file to its share code\n"
           "       vir convert CODE -o FILE.vir       a share code (or a file holding one) to a .vir file\n"
           "       vir --help | --version\n"
           "RUN is a .vir file, a file holding a share code, or a share code (VIR2-...).\n"
           "Exit status: 0 done, 1 (verify) the replay departs, 2 unreadable, unwritable or a bad command "
           "line.\n";
}

} // namespace invaders::vir
