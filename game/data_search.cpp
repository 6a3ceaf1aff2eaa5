#include "data_search.h"

#if !defined(VOX_INSTALL_DATA_DIR) || !defined(VOX_INSTALL_DATA_RELATIVE_DIR)
#error                                                                                                       \
    "VOX_INSTALL_DATA_DIR and VOX_INSTALL_DATA_RELATIVE_DIR must be defined by the build (game/CMakeLists.txt)"
#endif

namespace invaders {

vox::DataSearch gameDataSearch(const std::string& name, const std::string& directoryVariable) {
    vox::DataSearch search{name, directoryVariable, "VOX_DATA_DIR", {}};
    if (std::optional<std::filesystem::path> executable = vox::executableDirectory()) {
        search.roots.push_back({*executable, "next to the executable"});
        search.roots.push_back({*executable / VOX_INSTALL_DATA_RELATIVE_DIR, "relative install prefix"});
    }
#ifdef VOX_SOURCE_DIR
    search.roots.push_back({VOX_SOURCE_DIR, "source tree"});
#endif
    search.roots.push_back({VOX_INSTALL_DATA_DIR, "install prefix"});
    return search;
}

} // namespace invaders
