#include "persist/score_runs.h"

#include "persist/save_files.h"
#include "sim/simulation.h"

#include "vox/platform/atomic_file.h"

#include <cstdio>
#include <set>
#include <system_error>

namespace invaders {
namespace {

constexpr std::size_t kIdDigits = 16;

std::string idText(uint64_t id) {
    static constexpr char kDigits[] = "0123456789abcdef";
    std::string text;
    for (int shift = 60; shift >= 0; shift -= 4)
        text += kDigits[(id >> shift) & 0xF];
    return text;
}

// The id of a run file's name, or nothing for any other name.
std::optional<uint64_t> idOfFileName(const std::string& name) {
    if (name.size() != kIdDigits + 4 || !name.ends_with(".vir"))
        return std::nullopt;
    uint64_t id = 0;
    for (std::size_t i = 0; i < kIdDigits; ++i) {
        const char c = name[i];
        const int value = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
        if (value < 0)
            return std::nullopt;
        id = id << 4 | static_cast<uint64_t>(value);
    }
    return id;
}

// The largest file a kept run can be: its steps, its chain and the header (replay.h).
constexpr std::size_t kMaxScoreRunFileBytes = static_cast<std::size_t>(maxReplayFileBytes(kMaxScoreRunSteps));

// True for a replay file whose header is sound but whose simulation version is not this build's.
bool recordedUnderOtherRules(std::string_view bytes) {
    constexpr std::string_view kMagic = "VXIRPLAY";
    constexpr std::size_t kVersionOffset = 12; // replay.h: magic, format version, simulation version
    if (bytes.size() < kVersionOffset + 4 || !bytes.starts_with(kMagic))
        return false;
    uint32_t version = 0;
    for (std::size_t i = 0; i < 4; ++i)
        version |= static_cast<uint32_t>(static_cast<uint8_t>(bytes[kVersionOffset + i])) << (8 * i);
    return version != kSimulationVersion;
}

} // namespace

std::filesystem::path scoreRunsDirectory(const std::filesystem::path& highScoresFile) {
    return highScoresFile.parent_path() / "runs";
}

std::filesystem::path scoreRunPath(const std::filesystem::path& runsDirectory, uint64_t id) {
    return runsDirectory / (idText(id) + ".vir");
}

uint64_t scoreRunId(const Replay& replay) {
    uint64_t hash = 0xCBF29CE484222325ull;
    for (uint8_t byte : encodeReplay(replay)) {
        hash ^= byte;
        hash *= 0x100000001B3ull;
    }
    return hash;
}

vox::Result<RunLink> storeScoreRun(const std::filesystem::path& runsDirectory, const Replay& replay,
                                   int32_t player) {
    if (static_cast<int64_t>(replay.inputs.size()) > kMaxScoreRunSteps)
        return vox::Error{"the run of " + std::to_string(replay.inputs.size()) +
                          " steps is too long to keep with the high scores (the most is " +
                          std::to_string(kMaxScoreRunSteps) + ", three hours)"};
    if (player < 0 || player >= replay.settings.players)
        return vox::Error{"cannot keep the run for player " + std::to_string(player + 1) + ": the run has " +
                          std::to_string(replay.settings.players) + " player(s)"};
    std::error_code error;
    std::filesystem::create_directories(runsDirectory, error);
    if (error)
        return vox::Error{"cannot create the folder for the high scores' runs " + runsDirectory.string() +
                          ": " + error.message()};
    const std::vector<uint8_t> bytes = encodeReplay(replay);
    const RunLink link{scoreRunId(replay), player};
    const std::string contents(bytes.begin(), bytes.end());
    if (vox::Status written = vox::writeFileAtomically(scoreRunPath(runsDirectory, link.id), contents);
        !written)
        return written.error();
    return link;
}

vox::Status keepTopTenRun(const std::filesystem::path& highScoresFile, HighScoreTable& table, int rank,
                          const Replay& replay, int32_t player) {
    const std::filesystem::path runs = scoreRunsDirectory(highScoresFile);
    vox::Result<RunLink> link = storeScoreRun(runs, replay, player);
    table.setRun(rank, link ? std::optional<RunLink>(link.value()) : std::nullopt);
    if (vox::Status saved = saveHighScores(highScoresFile, table); !saved)
        return saved;
    if (!link)
        return vox::Error{link.error().message + "; the score is saved without its run"};
    return pruneScoreRuns(runs, table);
}

vox::Status pruneScoreRuns(const std::filesystem::path& runsDirectory, const HighScoreTable& table) {
    std::set<uint64_t> linked;
    for (const HighScore& entry : table.entries())
        if (entry.run)
            linked.insert(entry.run->id);
    std::error_code error;
    std::filesystem::directory_iterator files(runsDirectory, error);
    if (error)
        return error == std::errc::no_such_file_or_directory
                   ? vox::Status{}
                   : vox::Error{"cannot list the high scores' runs in " + runsDirectory.string() + ": " +
                                error.message()};
    std::vector<std::filesystem::path> unlinked;
    for (const std::filesystem::directory_entry& file : files) {
        const std::optional<uint64_t> id = idOfFileName(file.path().filename().string());
        if (id && !linked.contains(*id))
            unlinked.push_back(file.path());
    }
    for (const std::filesystem::path& path : unlinked) {
        if (!std::filesystem::remove(path, error) && error)
            return vox::Error{"cannot remove the run no high score needs any more, " + path.string() + ": " +
                              error.message()};
    }
    return {};
}

vox::Result<Replay> loadScoreRun(const std::filesystem::path& runsDirectory, const RunLink& link) {
    const std::filesystem::path path = scoreRunPath(runsDirectory, link.id);
    vox::Result<std::optional<std::string>> text = vox::readSmallFile(path, kMaxScoreRunFileBytes);
    std::string problem;
    if (!text) {
        problem = text.error().message;
    } else if (!text.value()) {
        return vox::Error{path.string() + ": the run file is missing"};
    } else {
        const std::string& bytes = *text.value();
        vox::Result<Replay> replay = parseReplay(
            std::span<const uint8_t>(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size()),
            path.string());
        if (replay)
            return replay;
        problem = replay.error().message;
        // A run recorded under other rules is no damaged file: it stays where it is (and is unverified).
        if (recordedUnderOtherRules(bytes))
            return replay.error();
    }
    vox::Result<std::filesystem::path> kept = vox::keepAside(path);
    if (kept)
        return vox::Error{problem + "; the file was kept as " + kept.value().string()};
    return vox::Error{problem + "; the file could not be kept aside (" + kept.error().message + ")"};
}

std::optional<RunClaim> runClaimOf(const HighScore& entry) {
    if (!entry.run)
        return std::nullopt;
    return RunClaim{entry.run->player, entry.score, entry.wave, entry.initials, entry.board};
}

vox::Result<Replay> loadEntryRun(const std::filesystem::path& highScoresFile, const HighScore& entry) {
    if (!entry.run)
        return vox::Error{"no run was kept for " + entry.initialsText() + "'s " +
                          std::to_string(entry.score) + " points"};
    return loadScoreRun(scoreRunsDirectory(highScoresFile), *entry.run);
}

} // namespace invaders
