#include "run_commands.h"

#include "data_search.h"
#include "persist/save_files.h"
#include "persist/score_runs.h"
#include "sim/asset_loader.h"
#include "sim/run_playback.h"
#include "sim/share_code.h"

#include "vox/platform/atomic_file.h"

#include <cstdio>

namespace invaders {
namespace {

int fail(const std::string& message) {
    std::fprintf(stderr, "voxel-invaders: %s\n", message.c_str());
    return 1;
}

int printShareCodeOfFile(const std::filesystem::path& file) {
    vox::Result<Replay> replay = readReplayFile(file);
    if (!replay)
        return fail("--share-code: " + replay.error().message);
    std::printf("%s\n", shareCodeLine(replay.value()).c_str());
    return 0;
}

int verifyScores() {
    vox::Result<std::filesystem::path> data = userDataDirectory();
    if (!data)
        return fail("--verify-scores: " + data.error().message);
    vox::Result<std::filesystem::path> assetDirectory =
        vox::findDataDirectory(gameDataSearch("assets", "VOX_ASSET_DIR"));
    if (!assetDirectory)
        return fail("--verify-scores: " + assetDirectory.error().message);
    vox::Result<GameAssets> assets = loadGameAssets(assetDirectory.value());
    if (!assets)
        return fail("--verify-scores: " + assets.error().message);
    const ScoreTableCheck check = checkScoreTable(highScoresPath(data.value()), assets.value());
    if (!check.error.empty())
        return fail("--verify-scores: " + check.error);
    std::fputs(check.report.c_str(), stdout);
    return check.allHold() ? 0 : 1;
}

} // namespace

std::string replayFlagText(const Options& options) {
    return options.replay ? "--replay " + options.replay->string() : std::string("--replay-code");
}

std::string shareCodeLine(const Replay& replay) {
    return "share-code: " + encodeShareCode(replay);
}

std::optional<int> runCommandWithoutWindow(const Options& options) {
    if (options.shareCode)
        return printShareCodeOfFile(*options.shareCode);
    if (options.verifyScores)
        return verifyScores();
    return std::nullopt;
}

std::optional<vox::Result<Replay>> replayFromOptions(const Options& options) {
    if (options.replay) {
        vox::Result<Replay> replay = readReplayFile(*options.replay);
        if (!replay)
            return vox::Result<Replay>(vox::Error{"--replay: " + replay.error().message});
        return replay;
    }
    if (options.replayCode) {
        vox::Result<Replay> replay = decodeShareCode(*options.replayCode);
        if (!replay)
            return vox::Result<Replay>(vox::Error{"--replay-code: " + replay.error().message});
        return replay;
    }
    return std::nullopt;
}

ScoreTableCheck checkScoreTable(const std::filesystem::path& highScoresFile, const GameAssets& assets) {
    ScoreTableCheck check;
    vox::Result<std::optional<std::string>> text = vox::readSmallFile(highScoresFile, kMaxSaveFileBytes);
    if (!text) {
        check.error = text.error().message;
        return check;
    }
    HighScoreTable table;
    if (text.value()) {
        vox::Result<HighScoreTable> parsed = parseHighScores(*text.value(), highScoresFile.string());
        if (!parsed) {
            check.error = parsed.error().message;
            return check;
        }
        table = std::move(parsed).value();
    }
    const std::filesystem::path runs = scoreRunsDirectory(highScoresFile);
    check.entries = static_cast<int>(table.entries().size());
    for (int rank = 0; rank < check.entries; ++rank) {
        const HighScore& entry = table.entries()[static_cast<size_t>(rank)];
        std::string line = std::to_string(rank + 1) + ". " + entry.initialsText() + " " +
                           std::to_string(entry.score) + " wave " + std::to_string(entry.wave) + ": ";
        if (!entry.run) {
            line += "unverified: no run was kept for it";
        } else {
            const std::filesystem::path path = scoreRunPath(runs, entry.run->id);
            vox::Result<Replay> replay = readReplayFile(path);
            if (!replay) {
                line += "unverified: " + replay.error().message;
            } else {
                const RunVerdict verdict = verifyRun(replay.value(), assets, runClaimOf(entry));
                if (verdict.verified()) {
                    line += "verified (" + std::to_string(replay.value().inputs.size()) + " steps, player " +
                            std::to_string(entry.run->player + 1) + ")";
                    ++check.verified;
                } else {
                    line += "unverified: " + path.string() + ": " + verdict.problem;
                }
            }
        }
        check.report += line + "\n";
    }
    if (check.entries == 0)
        check.report +=
            "the high-score table in " + highScoresFile.string() + " is empty: nothing to verify\n";
    else
        check.report += std::to_string(check.verified) + " of " + std::to_string(check.entries) +
                        " entries verified (" + highScoresFile.string() + ")\n";
    return check;
}

} // namespace invaders
