#include "persist/save_files.h"

#include "vox/platform/atomic_file.h"

#include <SDL.h>

#include <cstdlib>

namespace invaders {
namespace {

// Moves a bad file aside and says what happened; `problem` says what is wrong with it.
std::string keepBadFile(const std::filesystem::path& file, const std::string& problem, const char* defaults) {
    vox::Result<std::filesystem::path> kept = vox::keepAside(file);
    if (kept)
        return problem + "; using " + defaults + ", and the file was kept as " + kept.value().string();
    return problem + "; using " + defaults + ". The file could not be kept aside (" + kept.error().message +
           "), so a later save may replace it";
}

// Reads `file` with `parse(text, name) -> Result<Loaded<T>>` and falls back to `T{}` as the file comment
// says.
template <class T, class Parse>
Loaded<T> loadOrDefault(const std::filesystem::path& file, const char* defaults, Parse parse) {
    Loaded<T> loaded{T{}, {}};
    vox::Result<std::optional<std::string>> text = vox::readSmallFile(file, kMaxSaveFileBytes);
    if (!text) {
        loaded.warnings.push_back(keepBadFile(file, text.error().message, defaults));
        return loaded;
    }
    if (!text.value().has_value())
        return loaded; // first run
    auto parsed = parse(*text.value(), file.string());
    if (!parsed) {
        loaded.warnings.push_back(keepBadFile(file, parsed.error().message, defaults));
        return loaded;
    }
    return std::move(parsed).value();
}

} // namespace

vox::Result<std::filesystem::path> userDataDirectory() {
    if (const char* home = std::getenv(kDataHomeVariable); home != nullptr && *home != '\0') {
        std::error_code error;
        std::filesystem::create_directories(home, error);
        if (error)
            return vox::Error{std::string("cannot create the data folder ") + home + " (from $" +
                              kDataHomeVariable + "): " + error.message()};
        return std::filesystem::path(home);
    }
    char* folder = SDL_GetPrefPath("voxel-invaders", "voxel-invaders"); // creates it; works before SDL_Init
    if (folder == nullptr)
        return vox::Error{std::string("cannot find or create the user data folder: ") + SDL_GetError() +
                          "; set " + kDataHomeVariable + " to a writable folder"};
    std::filesystem::path path(folder);
    SDL_free(folder);
    return path;
}

std::filesystem::path settingsPath(const std::filesystem::path& dataDirectory) {
    return dataDirectory / "settings.txt";
}

std::filesystem::path highScoresPath(const std::filesystem::path& dataDirectory) {
    return dataDirectory / "highscores.txt";
}

Loaded<Settings> loadSettings(const std::filesystem::path& file) {
    return loadOrDefault<Settings>(
        file, "the default settings", [](std::string_view text, const std::string& name) {
            vox::Result<ParsedSettings> parsed = parseSettings(text, name);
            if (!parsed)
                return vox::Result<Loaded<Settings>>(parsed.error());
            return vox::Result<Loaded<Settings>>(
                Loaded<Settings>{std::move(parsed.value().settings), std::move(parsed.value().warnings)});
        });
}

vox::Status saveSettings(const std::filesystem::path& file, const Settings& settings) {
    return vox::writeFileAtomically(file, formatSettings(settings));
}

Loaded<HighScoreTable> loadHighScores(const std::filesystem::path& file) {
    return loadOrDefault<HighScoreTable>(
        file, "an empty high-score table", [](std::string_view text, const std::string& name) {
            vox::Result<HighScoreTable> parsed = parseHighScores(text, name);
            if (!parsed)
                return vox::Result<Loaded<HighScoreTable>>(parsed.error());
            return vox::Result<Loaded<HighScoreTable>>(Loaded<HighScoreTable>{std::move(parsed).value(), {}});
        });
}

vox::Status saveHighScores(const std::filesystem::path& file, const HighScoreTable& table) {
    return vox::writeFileAtomically(file, formatHighScores(table));
}

} // namespace invaders
