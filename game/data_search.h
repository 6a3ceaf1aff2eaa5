#pragma once
// Where the game's data folders (shaders/, assets/) are looked for; shared by the game and the commands
// that need no window (run_commands.h).

#include "vox/platform/data_directory.h"

#include <string>

namespace invaders {

/// The search for data folder `name` ("shaders", "assets"), most specific first: `directoryVariable`
/// (e.g. VOX_ASSET_DIR), VOX_DATA_DIR, next to the executable (a copied build), the data folder relative to
/// it (a relocated install: ../share/voxel-invaders, or ../share/games/voxel-invaders from /usr/games), the
/// source tree (build trees only: packaged builds leave VOX_SOURCE_DIR undefined) and the configured install
/// prefix.
[[nodiscard]] vox::DataSearch gameDataSearch(const std::string& name, const std::string& directoryVariable);

} // namespace invaders
