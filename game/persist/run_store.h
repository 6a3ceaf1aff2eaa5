#pragma once
// `RunStore`: where the game keeps and shares runs, so that `GameFlow` (which touches no files) can keep a
// top-ten entry's run, load it for WATCH and SHARE a run. `FileRunStore` is the game's: the table's runs
// beside highscores.txt (persist/score_runs.h), shared runs in a folder of their own:
//
//     <shared folder>/<INITIALS>-<score>-<seed>.vir   the run (sim/replay.h), written atomically
//     <shared folder>/<INITIALS>-<score>-<seed>.txt   its share code (sim/share_code.h) and a line break
//
// and the code on the clipboard (a failure there is a note, not an error: the files are written).

#include "persist/high_scores.h"
#include "sim/replay.h"

#include "vox/core/result.h"

#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>
#include <string_view>

namespace invaders {

/// A run SHAREd: where it went and what to tell the player.
struct SharedRun {
    std::filesystem::path file;     ///< The .vir file (in the browser: also offered as a download).
    std::filesystem::path codeFile; ///< The .txt file holding the code.
    std::string code;               ///< The share code ("VIR1-...").
    bool copied = false;            ///< The clipboard holds the code (the browser: the page's link).
    std::string clipboardNote;      ///< Why it was not copied; empty when it was.
};

/// Puts a shared run on the clipboard (and, in the browser, offers `runFile` as a download): the code and
/// the run file written. Fails saying why (no clipboard, refused); the share still counts.
using ShareClipboard =
    std::function<vox::Status(const std::string& code, const std::filesystem::path& runFile)>;

/// Keeps, loads and shares runs for `GameFlow`; see the file comment.
class RunStore {
public:
    virtual ~RunStore() = default;
    /// A score entered `table` at `rank`: keeps `replay` (its whole session) for `player` and saves the
    /// table with the link (`keepTopTenRun`). On failure the table is saved without the run, if it can be.
    [[nodiscard]] virtual vox::Status keepTopTenRun(HighScoreTable& table, int rank, const Replay& replay,
                                                    int32_t player) = 0;
    /// The run `entry` links to; fails saying why (no run kept, missing, corrupt).
    [[nodiscard]] virtual vox::Result<Replay> loadRun(const HighScore& entry) = 0;
    /// Saves `replay` as a .vir file and its code as a .txt file named by `initials`, `score` and the seed,
    /// and copies the code; fails, naming the file, when the files cannot be written.
    [[nodiscard]] virtual vox::Result<SharedRun> shareRun(const Replay& replay, std::string_view initials,
                                                          uint32_t score) = 0;
};

/// "<INITIALS>-<score>-<seed>.vir": `initials` kept to A-Z and 0-9 (none left: "RUN").
[[nodiscard]] std::string sharedRunFileName(std::string_view initials, uint32_t score, uint64_t seed);

/// The game's store: files beside `highScoresFile` and in `sharedDirectory` (created when first needed).
class FileRunStore final : public RunStore {
public:
    /// `clipboard`: how a shared code reaches the clipboard (null: it does not, and the share says so).
    FileRunStore(std::filesystem::path highScoresFile, std::filesystem::path sharedDirectory,
                 ShareClipboard clipboard);

    [[nodiscard]] vox::Status keepTopTenRun(HighScoreTable& table, int rank, const Replay& replay,
                                            int32_t player) override;
    [[nodiscard]] vox::Result<Replay> loadRun(const HighScore& entry) override;
    [[nodiscard]] vox::Result<SharedRun> shareRun(const Replay& replay, std::string_view initials,
                                                  uint32_t score) override;

private:
    std::filesystem::path m_highScoresFile;
    std::filesystem::path m_sharedDirectory;
    ShareClipboard m_clipboard;
};

/// The clipboard of the platform: SDL_SetClipboardText natively; in the browser the page's
/// `voxShareRun(code, name, bytes)` (web/index.html), which downloads the run and copies the page's link.
[[nodiscard]] vox::Status copyShareToSystemClipboard(const std::string& code,
                                                     const std::filesystem::path& runFile);

} // namespace invaders
