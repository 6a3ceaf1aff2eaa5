#pragma once
/// @file
/// `findDataDirectory()`: locates a data folder (shaders/, assets/) at run time.
///
/// The game runs from a build tree, an install prefix or a copied folder, so its data can be in several
/// places. The search order is:
///   1. `$<directoryVariable>` (e.g. `VOX_SHADER_DIR`): the folder itself;
///   2. `$<rootVariable>/<name>` (e.g. `$VOX_DATA_DIR/shaders`);
///   3. `<root>/<name>` for each of the caller's `roots`, in order (typically: next to the executable,
///      `../share/<app>` relative to it, the source tree, the configured install prefix).
/// When either variable is set, only the variables are searched: a typo in an explicit setting is
/// reported, never silently replaced by another folder. A failure lists every path searched.

#include "vox/core/result.h"

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace vox {

/// A folder that may hold data folders, and where it came from (for the error message).
struct DataRoot {
    std::filesystem::path path; ///< E.g. "/usr/share/my-game".
    std::string origin;         ///< E.g. "install prefix"; shown next to the path when the search fails.
};

/// What to look for and where. See the file comment for the order.
struct DataSearch {
    std::string name;              ///< Folder name, e.g. "shaders".
    std::string directoryVariable; ///< Environment variable naming the folder itself; empty: none.
    std::string rootVariable;      ///< Environment variable naming a folder that holds `name`; empty: none.
    std::vector<DataRoot> roots;   ///< Candidate parents of `name`, searched in order.
};

/// The first existing folder of the search, as an absolute path. On failure the error names the folder,
/// lists every path searched with its origin, and says which variables would fix it.
[[nodiscard]] Result<std::filesystem::path> findDataDirectory(const DataSearch& search);

/// The folder holding the running executable (from SDL), or nothing if the platform cannot tell.
[[nodiscard]] std::optional<std::filesystem::path> executableDirectory();

} // namespace vox
