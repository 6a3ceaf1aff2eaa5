#pragma once
// Every top-ten entry's run, kept beside the table: runs/<id>.vir in the folder of highscores.txt, one
// replay file (sim/replay.h) per recorded session, named by a hash of its bytes so that the two entries of
// a two-player session share one file. The table links each entry to its file (HighScore::run).
//
// Bounded: a run longer than kMaxScoreRunSteps is not kept (its entry has no run), and a save removes the
// run files no entry links to, so the folder holds at most ten runs. Written atomically (run first, then
// the table that links it, so a crash never leaves a link to a half-written run). A run file that cannot
// be read or parsed is moved aside to "<id>.vir.corrupt-N", as the table's own bad files are, and its
// entry is then unverified.

#include "persist/high_scores.h"
#include "sim/replay.h"
#include "sim/run_playback.h"

#include "vox/core/result.h"

#include <cstdint>
#include <filesystem>

namespace invaders {

/// The longest run kept for the table: three hours of play (648,000 steps, a file of about 717 KiB).
inline constexpr int64_t kMaxScoreRunSteps = int64_t{3} * 60 * 60 * 60;

/// The folder of the table's runs: "runs" beside `highScoresFile`.
[[nodiscard]] std::filesystem::path scoreRunsDirectory(const std::filesystem::path& highScoresFile);

/// "<id as 16 lowercase hex digits>.vir" in `runsDirectory`.
[[nodiscard]] std::filesystem::path scoreRunPath(const std::filesystem::path& runsDirectory, uint64_t id);

/// The file name id of `replay`: FNV-1a 64 of its file bytes.
[[nodiscard]] uint64_t scoreRunId(const Replay& replay);

/// Writes `replay` to its file in `runsDirectory` (created if missing) atomically and returns the link to
/// it for player `player` (0-based). Fails, writing nothing, for a run longer than kMaxScoreRunSteps, a
/// player the run does not have, or a folder that cannot be written (the error names the path).
[[nodiscard]] vox::Result<RunLink> storeScoreRun(const std::filesystem::path& runsDirectory,
                                                 const Replay& replay, int32_t player);

/// What GameFlow calls when a score enters the table at `rank`: keeps `replay` (the session that made
/// it, recorded to its end) for `player`, links the entry to it, saves `table` to `highScoresFile` and
/// removes the runs no entry links to. When the run cannot be kept the table is still saved (the entry
/// without a run) and the error says why; on any error the game goes on.
[[nodiscard]] vox::Status keepTopTenRun(const std::filesystem::path& highScoresFile, HighScoreTable& table,
                                        int rank, const Replay& replay, int32_t player);

/// Removes every "<16 hex digits>.vir" in `runsDirectory` that no entry of `table` links to (other files,
/// kept-aside ones included, stay). A missing folder is fine.
[[nodiscard]] vox::Status pruneScoreRuns(const std::filesystem::path& runsDirectory,
                                         const HighScoreTable& table);

/// The run `link` names. A missing file fails saying so; an unreadable or corrupt one is moved aside (see
/// the file comment) and the error names the file, the problem and where it was kept.
[[nodiscard]] vox::Result<Replay> loadScoreRun(const std::filesystem::path& runsDirectory,
                                               const RunLink& link);

/// What `entry`'s run must reach to hold (its player, score, wave and initials, for RunPlayback and
/// verifyRun); nothing when the entry has no run.
[[nodiscard]] std::optional<RunClaim> runClaimOf(const HighScore& entry);

/// The run of `entry` of the table saved in `highScoresFile` (loadScoreRun: a corrupt file is kept aside);
/// fails saying so when the entry has no run.
[[nodiscard]] vox::Result<Replay> loadEntryRun(const std::filesystem::path& highScoresFile,
                                               const HighScore& entry);

} // namespace invaders
