#include "vox/platform/data_directory.h"

#include <SDL.h>

#include <cstdlib>
#include <system_error>

namespace vox {
namespace {

struct Candidate {
    std::filesystem::path path;
    std::string origin;
};

std::optional<std::string> environmentValue(const std::string& variable) {
    if (variable.empty())
        return std::nullopt;
    const char* value = std::getenv(variable.c_str());
    if (value == nullptr || *value == '\0')
        return std::nullopt;
    return std::string(value);
}

std::vector<Candidate> candidates(const DataSearch& search) {
    std::vector<Candidate> list;
    if (auto directory = environmentValue(search.directoryVariable))
        list.push_back({*directory, "$" + search.directoryVariable});
    if (auto root = environmentValue(search.rootVariable))
        list.push_back({std::filesystem::path(*root) / search.name, "$" + search.rootVariable});
    if (!list.empty())
        return list; // explicit settings are the whole search; see the header
    for (const DataRoot& root : search.roots)
        list.push_back({root.path / search.name, root.origin});
    return list;
}

} // namespace

Result<std::filesystem::path> findDataDirectory(const DataSearch& search) {
    const std::vector<Candidate> list = candidates(search);
    for (const Candidate& candidate : list) {
        std::error_code error;
        if (std::filesystem::is_directory(candidate.path, error)) {
            std::filesystem::path absolute = std::filesystem::absolute(candidate.path, error);
            return error ? candidate.path.lexically_normal() : absolute.lexically_normal();
        }
    }

    std::string message = "cannot find the " + search.name + "/ folder; searched:";
    for (const Candidate& candidate : list)
        message += "\n  " + candidate.path.lexically_normal().string() + "  (" + candidate.origin + ")";
    if (list.empty())
        message += " nowhere (no search roots were given)";
    std::string hint;
    if (!search.directoryVariable.empty())
        hint += "set " + search.directoryVariable + " to the " + search.name + " folder";
    if (!search.rootVariable.empty())
        hint += (hint.empty() ? "set " : ", or ") + search.rootVariable + " to the folder that holds it";
    if (!hint.empty())
        message += "\n" + hint;
    return Error{message};
}

std::optional<std::filesystem::path> executableDirectory() {
    char* base = SDL_GetBasePath(); // works before SDL_Init; ends with a separator
    if (base == nullptr)
        return std::nullopt;
    std::filesystem::path directory = std::filesystem::path(base).lexically_normal();
    SDL_free(base);
    if (!directory.has_filename() && directory.has_parent_path())
        directory = directory.parent_path(); // "/opt/game/" -> "/opt/game"
    return directory;
}

} // namespace vox
