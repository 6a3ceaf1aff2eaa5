// vir: a recorded run of voxel-invaders from the command line (vir_tool.h; `vir --help`, `man vir`).
//
//     vir info RUN [--json]              vir verify RUN [--assets DIR]
//     vir convert FILE.vir -o CODE.txt   vir convert CODE -o FILE.vir
//
// Exit status: 0 done (verified), 1 the replay departs, 2 unreadable, unwritable or a bad command line.
#include "vir_tool.h"

#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <string>
#include <system_error>
#include <vector>

#if !defined(VOX_INSTALL_DATA_DIR) || !defined(VOX_INSTALL_DATA_RELATIVE_DIR)
#error                                                                                                       \
    "VOX_INSTALL_DATA_DIR and VOX_INSTALL_DATA_RELATIVE_DIR must be defined by the build (game/tools/CMakeLists.txt)"
#endif

namespace {

// The folder of this executable (Linux: /proc/self/exe; elsewhere the one `argv0` names, if any).
std::filesystem::path executableDirectory(const char* argv0) {
    std::error_code error;
    const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", error);
    if (!error)
        return self.parent_path();
    const std::filesystem::path named = std::filesystem::absolute(argv0 ? argv0 : "", error);
    return error ? std::filesystem::path() : named.parent_path();
}

// Where `vir verify` looks for the game's models, as the game looks for its data (data_search.h): the
// variables, next to the tool, the data folder relative to it (a relocated install), the source tree
// (build trees only) and the configured install prefix.
std::vector<std::filesystem::path> assetFolders(const char* argv0) {
    std::vector<std::filesystem::path> folders;
    if (const char* assets = std::getenv("VOX_ASSET_DIR"); assets && *assets)
        folders.emplace_back(assets);
    if (const char* data = std::getenv("VOX_DATA_DIR"); data && *data)
        folders.push_back(std::filesystem::path(data) / "assets");
    if (const std::filesystem::path executable = executableDirectory(argv0); !executable.empty()) {
        folders.push_back(executable / "assets");
        folders.push_back(executable / VOX_INSTALL_DATA_RELATIVE_DIR / "assets");
    }
#ifdef VOX_SOURCE_DIR
    folders.push_back(std::filesystem::path(VOX_SOURCE_DIR) / "assets");
#endif
    folders.push_back(std::filesystem::path(VOX_INSTALL_DATA_DIR) / "assets");
    return folders;
}

} // namespace

int main(int argc, char** argv) {
    const std::vector<std::string> arguments(argv + 1, argv + argc);
    return invaders::vir::runVir(arguments, std::cout, std::cerr, assetFolders(argc > 0 ? argv[0] : nullptr));
}
