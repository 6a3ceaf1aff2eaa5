#pragma once
// The command-line side of recorded runs that needs no window: --share-code FILE.vir, --verify-scores,
// and turning --replay FILE / --replay-code CODE into the `Replay` the game plays (app.cpp).

#include "command_line.h"
#include "sim/game_assets.h"
#include "sim/replay.h"

#include "vox/core/result.h"

#include <filesystem>
#include <optional>
#include <string>

namespace invaders {

/// Runs --share-code or --verify-scores, printing to stdout (answers) and stderr (errors), and returns the
/// process exit status; nothing when `options` names neither. --share-code: 0, or 1 for an unreadable
/// file. --verify-scores: 0 when every entry holds, 1 when any does not or the table cannot be read.
[[nodiscard]] std::optional<int> runCommandWithoutWindow(const Options& options);

/// The run --replay FILE or --replay-code CODE names, or nothing when neither is given. The error starts
/// with the flag and says what is wrong with the file or code.
[[nodiscard]] std::optional<vox::Result<Replay>> replayFromOptions(const Options& options);

/// "--replay FILE" or "--replay-code": how messages name the replay the options play.
[[nodiscard]] std::string replayFlagText(const Options& options);

/// "share-code: <code>": the line --share-code and --print-share-code print.
[[nodiscard]] std::string shareCodeLine(const Replay& replay);

/// The table in `highScoresFile` checked entry by entry against its kept runs (score_runs.h), as the text
/// --verify-scores prints. Reads only: bad files are reported, not moved.
struct ScoreTableCheck {
    std::string report; ///< One line per entry ("1. ACE 7340 wave 4: verified"), then a summary.
    int entries = 0;    ///< Entries in the table.
    int verified = 0;   ///< Entries whose run holds.
    std::string error;  ///< Set when the table itself cannot be read; then nothing else is.

    /// True when the table was read and every entry holds (an empty table holds).
    [[nodiscard]] bool allHold() const { return error.empty() && verified == entries; }
};

/// See ScoreTableCheck. `assets`: the models the game plays with (the runs were recorded with them).
[[nodiscard]] ScoreTableCheck checkScoreTable(const std::filesystem::path& highScoresFile,
                                              const GameAssets& assets);

} // namespace invaders
