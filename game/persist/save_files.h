#pragma once
// The game's files in the user data folder: where they are, and loading and saving them safely.
//
// Loading never fails: a missing file gives the defaults silently; a file that cannot be read or parsed
// gives the defaults and a warning, and the bad file is moved aside to "<name>.corrupt-N" (never over an
// earlier kept file) so the next save cannot destroy it. Saving is atomic (vox::writeFileAtomically):
// on failure the old file is intact and the error names the path and the reason, and the game goes on.

#include "persist/high_scores.h"
#include "persist/settings.h"

#include "vox/core/result.h"

#include <filesystem>
#include <string>
#include <vector>

namespace invaders {

/// Environment variable that, when set, replaces the user data folder (tests, CI, portable installs).
inline constexpr const char* kDataHomeVariable = "VOX_DATA_HOME";

/// The folder for settings and high scores: `$VOX_DATA_HOME` if set (created if missing), else SDL's
/// per-user folder for the game (e.g. ~/.local/share/voxel-invaders/voxel-invaders/ on Linux). Fails with
/// a message naming the folder when it cannot be found or created.
[[nodiscard]] vox::Result<std::filesystem::path> userDataDirectory();

/// "settings.txt" in `dataDirectory`.
[[nodiscard]] std::filesystem::path settingsPath(const std::filesystem::path& dataDirectory);
/// "highscores.txt" in `dataDirectory`.
[[nodiscard]] std::filesystem::path highScoresPath(const std::filesystem::path& dataDirectory);

/// Largest settings or high-score file the game reads (a real one is well under 1 KiB).
inline constexpr std::size_t kMaxSaveFileBytes = 64 * 1024;

/// A loaded value and what went wrong on the way, one sentence per warning, for the player's log.
template <class T>
struct Loaded {
    T value;                           ///< From the file, or the defaults.
    std::vector<std::string> warnings; ///< Empty when the file was fine or missing.
};

/// The settings in `file`, or the defaults. See the file comment.
[[nodiscard]] Loaded<Settings> loadSettings(const std::filesystem::path& file);
/// Writes `settings` to `file` atomically.
[[nodiscard]] vox::Status saveSettings(const std::filesystem::path& file, const Settings& settings);

/// The high scores in `file`, or an empty table. See the file comment.
[[nodiscard]] Loaded<HighScoreTable> loadHighScores(const std::filesystem::path& file);
/// Writes `table` to `file` atomically.
[[nodiscard]] vox::Status saveHighScores(const std::filesystem::path& file, const HighScoreTable& table);

} // namespace invaders
