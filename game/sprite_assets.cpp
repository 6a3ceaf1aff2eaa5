#include "sprite_assets.h"

namespace invaders {

vox::Result<SpriteMeshes> loadSpriteMeshes(vox::SceneRenderer& renderer, const std::filesystem::path& path) {
    vox::Result<vox::VoxelSprite> sprite = vox::loadVoxelSprite(path);
    if (!sprite)
        return sprite.error();
    SpriteMeshes result;
    result.sprite = std::move(sprite).value();
    for (const vox::VoxelModel& frame : result.sprite.frames)
        result.meshes.push_back(renderer.addMesh(frame));
    return result;
}

} // namespace invaders
