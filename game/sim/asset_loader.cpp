#include "sim/asset_loader.h"

#include "vox/voxel/voxel_sprite.h"

#include <string>

namespace invaders {
namespace {

// Loads `name` from `directory` and copies its frames into `frames`, repeating the last frame when the
// file has fewer.
template <size_t N>
vox::Status loadFrames(const std::filesystem::path& directory, const char* name,
                       std::array<vox::VoxelModel, N>& frames) {
    vox::Result<vox::VoxelSprite> sprite = vox::loadVoxelSprite(directory / name);
    if (!sprite)
        return sprite.error();
    const std::vector<vox::VoxelModel>& loaded = sprite.value().frames;
    if (loaded.empty())
        return vox::Error{(directory / name).string() + ": the file holds no model"};
    for (size_t i = 0; i < N; ++i)
        frames[i] = loaded[std::min(i, loaded.size() - 1)];
    return {};
}

vox::Status loadOne(const std::filesystem::path& directory, const char* name, vox::VoxelModel& model) {
    std::array<vox::VoxelModel, 1> frames;
    if (vox::Status status = loadFrames(directory, name, frames); !status)
        return status;
    model = std::move(frames[0]);
    return {};
}

} // namespace

vox::Result<GameAssets> loadGameAssets(const std::filesystem::path& directory) {
    GameAssets assets;
    const auto invader = [&](InvaderType type) -> auto& {
        return assets.invaders[static_cast<size_t>(type)];
    };
    const auto shot = [&](AlienShotType type) -> auto& {
        return assets.alienShots[static_cast<size_t>(type)];
    };
    vox::Status statuses[] = {
        loadFrames(directory, "invader_brute.vox", invader(InvaderType::Octopus)),
        loadFrames(directory, "invader_beetle.vox", invader(InvaderType::Crab)),
        loadFrames(directory, "invader_jelly.vox", invader(InvaderType::Squid)),
        loadOne(directory, "player.vox", assets.cannon),
        loadOne(directory, "saucer.vox", assets.saucer),
        loadOne(directory, "shot_player.vox", assets.playerShot),
        loadFrames(directory, "shot_rolling.vox", shot(AlienShotType::Rolling)),
        loadFrames(directory, "shot_plunger.vox", shot(AlienShotType::Plunger)),
        loadFrames(directory, "shot_squiggly.vox", shot(AlienShotType::Squiggly)),
        loadOne(directory, "shield.vox", assets.shield),
        loadOne(directory, "explosion_shot_up.vox", assets.playerShotExplosion),
        loadOne(directory, "explosion_shot_down.vox", assets.alienShotExplosion),
        loadOne(directory, "explosion_invader.vox", assets.invaderExplosion),
    };
    for (vox::Status& status : statuses)
        if (!status)
            return status.error();
    if (vox::Status status = validateGameAssets(assets); !status)
        return vox::Error{directory.string() + ": " + status.error().message};
    return assets;
}

} // namespace invaders
