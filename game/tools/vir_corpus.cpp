// vir-corpus: records the corpus of runs that every build must replay step for step (corpus.h;
// tests/data/corpus/README.md; docs/run-format.md, "The corpus: the same run on every build").
//
//     vir-corpus write DIR [--assets DIR]   records every run of the table into DIR/<name>.vir and prints
//                                           the README's table of them
//     vir-corpus check DIR [--assets DIR]   records them again, in memory, and compares with DIR's files
//
// Run from the source tree: the models are assets/ unless --assets says otherwise. Exit status: 0 done
// (check: every file is what recording gives), 1 check: a file differs, is missing or is not the table's;
// write: a game ended before its run did; 2 a bad command line, the models or a file cannot be read or
// written.
#include "corpus.h"

#include "sim/asset_loader.h"
#include "sim/replay.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace {

using namespace invaders;
using namespace invaders::corpus;

constexpr const char* kUsage = "usage: vir-corpus write|check DIR [--assets DIR]\n";

// "5,300 (wave 6)" for each player, " / " between them.
std::string endText(const RunSummary& summary) {
    std::string text;
    for (size_t player = 0; player < summary.scores.size(); ++player)
        text += (player ? " / " : "") + std::to_string(summary.scores[player]) + " (wave " +
                std::to_string(summary.waves[player]) + ")";
    return text;
}

// The README's row of `run`.
void printRow(const CorpusRun& run, const RunSummary& summary) {
    const SimSettings& settings = run.settings;
    std::printf("| `%s.vir` | %llu | %d | %s | %d | %d | %lld | %s | %s, %d lost |\n", run.name.c_str(),
                static_cast<unsigned long long>(settings.seed), settings.players,
                std::string(difficultyName(settings.difficulty)).c_str(), settings.startingShips,
                settings.extraShipScore, static_cast<long long>(run.steps), run.about.c_str(),
                endText(summary).c_str(), summary.shipsLost);
}

std::vector<uint8_t> readBytes(const std::filesystem::path& path) {
    std::ifstream file(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>()};
}

int write(const std::filesystem::path& folder, const GameAssets& assets) {
    std::error_code error;
    std::filesystem::create_directories(folder, error);
    std::printf("| file | seed | players | difficulty | ships | extra ship at | steps | played by | "
                "end: score (wave), ships lost |\n| --- | --- | --- | --- | --- | --- | --- | --- | --- |\n");
    for (const CorpusRun& run : corpusRuns()) {
        RunSummary summary;
        const Replay replay = recordCorpusRun(run, assets, &summary);
        if (summary.gameOverStep >= 0) {
            std::fprintf(stderr,
                         "vir-corpus: %s: the game is over at step %lld, before the run's %lld steps: "
                         "choose settings or a seed whose game lasts\n",
                         run.name.c_str(), static_cast<long long>(summary.gameOverStep),
                         static_cast<long long>(run.steps));
            return 1;
        }
        const std::filesystem::path path = folder / (run.name + ".vir");
        if (const vox::Status written = writeReplayFile(path, replay); !written) {
            std::fprintf(stderr, "vir-corpus: %s\n", written.error().message.c_str());
            return 2;
        }
        printRow(run, summary);
    }
    return 0;
}

int check(const std::filesystem::path& folder, const GameAssets& assets) {
    int status = 0;
    std::set<std::string> expected;
    for (const CorpusRun& run : corpusRuns()) {
        const std::filesystem::path path = folder / (run.name + ".vir");
        expected.insert(path.filename().string());
        std::error_code error;
        if (!std::filesystem::is_regular_file(path, error)) {
            std::printf("%s: missing\n", path.string().c_str());
            status = 1;
            continue;
        }
        const std::vector<uint8_t> recorded = encodeReplay(recordCorpusRun(run, assets));
        const std::vector<uint8_t> kept = readBytes(path);
        const auto differ = std::mismatch(recorded.begin(), recorded.end(), kept.begin(), kept.end());
        if (differ.first == recorded.end() && differ.second == kept.end()) {
            std::printf("%s: the same %zu bytes\n", path.string().c_str(), kept.size());
            continue;
        }
        std::printf("%s: differs from its recording at byte %td (%zu bytes kept, %zu recorded)\n",
                    path.string().c_str(), differ.first - recorded.begin(), kept.size(), recorded.size());
        status = 1;
    }
    std::error_code error;
    for (const auto& entry : std::filesystem::directory_iterator(folder, error))
        if (entry.path().extension() == ".vir" && !expected.contains(entry.path().filename().string())) {
            std::printf("%s: not a run of the corpus' table (game/tools/corpus.cpp)\n",
                        entry.path().string().c_str());
            status = 1;
        }
    return status;
}

} // namespace

int main(int argc, char** argv) {
    const std::vector<std::string> arguments(argv + 1, argv + argc);
    std::filesystem::path assetFolder = "assets";
    std::vector<std::string> positional;
    for (size_t index = 0; index < arguments.size(); ++index) {
        if (arguments[index] == "--assets" && index + 1 < arguments.size())
            assetFolder = arguments[++index];
        else if (arguments[index].starts_with("-")) {
            std::fprintf(stderr, "vir-corpus: unknown flag '%s'\n%s", arguments[index].c_str(), kUsage);
            return 2;
        } else
            positional.push_back(arguments[index]);
    }
    if (positional.size() != 2 || (positional[0] != "write" && positional[0] != "check")) {
        std::fputs(kUsage, stderr);
        return 2;
    }
    const vox::Result<GameAssets> assets = loadGameAssets(assetFolder);
    if (!assets) {
        std::fprintf(stderr,
                     "vir-corpus: the game's models: %s (run it from the source tree, or give "
                     "--assets DIR)\n",
                     assets.error().message.c_str());
        return 2;
    }
    return positional[0] == "write" ? write(positional[1], assets.value())
                                    : check(positional[1], assets.value());
}
