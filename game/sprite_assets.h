#pragma once
// Loading the game's .vox sprites into a SceneRenderer: one mesh per animation frame.

#include "vox/core/result.h"
#include "vox/render/scene_renderer.h"
#include "vox/voxel/voxel_sprite.h"

#include <filesystem>
#include <vector>

namespace invaders {

/// A sprite's frames and their meshes (meshes[i] draws sprite.frames[i]).
struct SpriteMeshes {
    vox::VoxelSprite sprite;             ///< The models, e.g. for debris and collisions.
    std::vector<vox::MeshHandle> meshes; ///< One per frame.
};

/// Loads `path` (a .vox file) and adds every frame to `renderer`. Errors are the reader's, naming the file.
[[nodiscard]] vox::Result<SpriteMeshes> loadSpriteMeshes(vox::SceneRenderer& renderer,
                                                         const std::filesystem::path& path);

} // namespace invaders
