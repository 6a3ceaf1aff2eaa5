#pragma once
// `HighScoreTable`: the persistent top ten, with three-letter initials, score and wave, and its text file:
//
//     voxel-invaders-highscores 1
//     # initials score wave [board] [run], best first
//     ACE 7340 4 board=arcade/3/1500 run=9f3c01d2a4b5e6f7/p1
//     KIM 5120 3 board=easy/5/1000
//     BOB 2210 2
//     end
//
// The optional `board=` word is the board the score was made on (`BoardSettings`: difficulty, ships,
// extra-ship score); an entry without it was written before the table kept it, and its board is unknown.
// The optional `run=` word links the entry to its recorded run (score_runs.h): the file runs/<id>.vir
// beside the table and the player (p1 or p2) of that session whose score this is. When both are given,
// board= comes first.
//
// One table for every board: scores made on other settings stand beside the arcade's, each row showing its
// board (docs/game.md, "The top ten"), and a kept run is verified against the board its row names.
//
// Ordering: higher scores first; on a tie the earlier entry stays above, so a new score must beat an
// entry to pass it. A file with entries out of that order, more than ten entries, bad initials or numbers
// out of range is rejected as corrupt (the game keeps it aside and starts with an empty table).

#include "sim/sim_types.h"

#include "vox/core/result.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace invaders {

/// Highest score the table stores (the arcade's counter has 4 digits; this leaves room for variants).
inline constexpr uint32_t kMaxHighScore = 999'999'999;
/// Highest wave number the table stores.
inline constexpr int kMaxHighScoreWave = 99'999;

/// Where a top-ten entry's recorded run is kept: runs/<id as 16 hex digits>.vir, and whose score it is.
struct RunLink {
    uint64_t id = 0;    ///< The run's file name (scoreRunId() of the recording).
    int32_t player = 0; ///< 0-based player of that session (0 or 1).

    friend bool operator==(const RunLink&, const RunLink&) = default;
};

/// One line of the table.
struct HighScore {
    std::array<char, 3> initials{'A', 'A', 'A'}; ///< 'A'-'Z' or '0'-'9' each (see validInitials()).
    uint32_t score = 0;                          ///< Points, 1 to kMaxHighScore.
    int wave = 1;                                ///< Wave reached, 1 to kMaxHighScoreWave.
    std::optional<RunLink> run = std::nullopt;   ///< Its recorded run, if kept.
    /// The board it was made on; nothing for an entry from before the table kept it.
    std::optional<BoardSettings> board = std::nullopt;

    /// The initials as a string, e.g. "ACE".
    [[nodiscard]] std::string initialsText() const { return {initials.begin(), initials.end()}; }

    friend bool operator==(const HighScore&, const HighScore&) = default;
};

/// True if `initials` is three characters, each an uppercase letter or a digit.
[[nodiscard]] bool validInitials(std::string_view initials);

/// The top ten, best first. Starts empty.
class HighScoreTable {
public:
    /// Entries kept.
    static constexpr int kCapacity = 10;

    /// True if `score` would enter the table: it is above 0 and the table has room or `score` beats its
    /// last entry (a tie with the last entry does not qualify: the earlier one stays).
    [[nodiscard]] bool qualifies(uint32_t score) const;

    /// Inserts `entry` below every entry with the same or a higher score, dropping the 11th entry.
    /// Returns its 0-based rank, or nothing if it does not qualify. The entry must be valid (initials,
    /// score and wave in range); that is checked in debug builds.
    std::optional<int> insert(const HighScore& entry);

    /// Links entry `rank` (0-based) to its recorded run, or unlinks it; false if there is no such entry.
    bool setRun(int rank, std::optional<RunLink> run);

    /// The entries, best first; at most kCapacity.
    [[nodiscard]] const std::vector<HighScore>& entries() const { return m_entries; }

    /// The best score, or 0 when the table is empty (the "HI-SCORE" on the screen).
    [[nodiscard]] uint32_t bestScore() const { return m_entries.empty() ? 0 : m_entries.front().score; }

    friend bool operator==(const HighScoreTable&, const HighScoreTable&) = default;

private:
    std::vector<HighScore> m_entries;
};

/// Magic word on the first line of a high-score file.
inline constexpr std::string_view kHighScoresMagic = "voxel-invaders-highscores";
/// The format version this game writes and reads.
inline constexpr int kHighScoresVersion = 1;

/// The high-score file text for `table`. `parseHighScores` reads it back equal.
[[nodiscard]] std::string formatHighScores(const HighScoreTable& table);

/// Reads a high-score file's text; `fileName` is only used in messages. Fails with "<file>:<line>: what is
/// wrong" on anything the file comment calls corrupt.
[[nodiscard]] vox::Result<HighScoreTable> parseHighScores(std::string_view text, std::string_view fileName);

} // namespace invaders
