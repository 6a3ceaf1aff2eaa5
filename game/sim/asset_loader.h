#pragma once
// Loading `GameAssets` from the .vox files in assets/ (the art the renderer helper authored).

#include "sim/game_assets.h"

#include "vox/core/result.h"

#include <filesystem>

namespace invaders {

/// Reads every model the game needs from `directory`: invader_brute/beetle/jelly.vox (10/20/30-point
/// invaders, two frames each), player.vox, saucer.vox, shot_player.vox, shot_rolling/plunger/squiggly.vox
/// (four frames each; fewer are repeated), shield.vox, explosion_shot_up.vox (the stencil of the player's
/// shot, from below), explosion_shot_down.vox (invader shots, from above) and explosion_invader.vox.
/// Fails naming the file: missing, unreadable, malformed, or a model that does not fit its arcade box.
[[nodiscard]] vox::Result<GameAssets> loadGameAssets(const std::filesystem::path& directory);

} // namespace invaders
