#pragma once
// Scenes shared by the renderer's tests and benchmarks: the game's sprites loaded from assets/ (the
// working directory is the source tree) and the arcade layout of a full game scene.

#include "vox/render/debris.h"
#include "vox/render/scene_renderer.h"
#include "vox/voxel/voxel_sprite.h"

#include <array>
#include <string>
#include <vector>

namespace vox::test {

struct LoadedSprite {
    VoxelSprite sprite;
    std::vector<MeshHandle> meshes;
};

inline LoadedSprite loadSprite(SceneRenderer& renderer, const std::string& file) {
    Result<VoxelSprite> sprite = loadVoxelSprite("assets/" + file);
    VOX_VERIFY(sprite.ok(), "the test assets must load (run from the source tree)");
    LoadedSprite loaded{std::move(sprite).value(), {}};
    for (const VoxelModel& frame : loaded.sprite.frames)
        loaded.meshes.push_back(renderer.addMesh(frame));
    return loaded;
}

// Every sprite of the game, plus four shields with their own (erodible) models.
struct GameAssets {
    std::array<LoadedSprite, 3> invaders; // jelly, beetle, brute
    LoadedSprite player;
    LoadedSprite saucer;
    LoadedSprite explosion;
    LoadedSprite stencilUp;
    LoadedSprite stencilDown;
    std::array<LoadedSprite, 4> shots; // player, rolling, plunger, squiggly
    std::array<VoxelModel, 4> shieldModels;
    std::array<MeshHandle, 4> shieldMeshes;

    static GameAssets load(SceneRenderer& renderer) {
        GameAssets assets;
        assets.invaders = {loadSprite(renderer, "invader_jelly.vox"),
                           loadSprite(renderer, "invader_beetle.vox"),
                           loadSprite(renderer, "invader_brute.vox")};
        assets.player = loadSprite(renderer, "player.vox");
        assets.saucer = loadSprite(renderer, "saucer.vox");
        assets.explosion = loadSprite(renderer, "explosion_invader.vox");
        assets.stencilUp = loadSprite(renderer, "explosion_shot_up.vox");
        assets.stencilDown = loadSprite(renderer, "explosion_shot_down.vox");
        assets.shots = {loadSprite(renderer, "shot_player.vox"), loadSprite(renderer, "shot_rolling.vox"),
                        loadSprite(renderer, "shot_plunger.vox"), loadSprite(renderer, "shot_squiggly.vox")};
        const LoadedSprite shield = loadSprite(renderer, "shield.vox");
        renderer.removeMesh(shield.meshes[0]);
        for (size_t i = 0; i < 4; ++i) {
            assets.shieldModels[i] = shield.sprite.frames[0];
            assets.shieldMeshes[i] = renderer.addMesh(assets.shieldModels[i]);
        }
        return assets;
    }
};

inline constexpr std::array<float, 4> kShieldX{32.0f, 77.0f, 122.0f, 167.0f};
inline constexpr float kShieldY = 48.0f;

// Arcade layout: row 0 at the top (jellies), 16-voxel cells, the formation's left edge at x = 24.
inline glm::vec3 invaderPosition(const GameAssets& assets, int row, int column, int frame) {
    const int type = row == 0 ? 0 : (row <= 2 ? 1 : 2);
    const int width =
        assets.invaders[static_cast<size_t>(type)].sprite.frames[static_cast<size_t>(frame)].size().x;
    return {24.0f + 16.0f * static_cast<float>(column) + static_cast<float>((16 - width) / 2),
            184.0f - 16.0f * static_cast<float>(row), 0.0f};
}

// A full game scene: 55 invaders, 4 shields, the cannon, the saucer and one shot of each kind; `march`
// shifts the formation right by that many voxels.
inline void drawGameScene(SceneRenderer& renderer, const GameAssets& assets, int frame, float march = 0.0f) {
    for (int row = 0; row < 5; ++row) {
        const int type = row == 0 ? 0 : (row <= 2 ? 1 : 2);
        for (int column = 0; column < 11; ++column) {
            renderer.drawSprite(
                {.mesh = assets.invaders[static_cast<size_t>(type)].meshes[static_cast<size_t>(frame)],
                 .position = invaderPosition(assets, row, column, frame) + glm::vec3(march, 0.0f, 0.0f)});
        }
    }
    for (size_t i = 0; i < 4; ++i)
        renderer.drawSprite({.mesh = assets.shieldMeshes[i], .position = {kShieldX[i], kShieldY, 0.0f}});
    renderer.drawSprite({.mesh = assets.player.meshes[0], .position = {104.0f, 32.0f, 0.0f}});
    renderer.drawSprite({.mesh = assets.saucer.meshes[0], .position = {40.0f, 208.0f, 0.0f}});
    for (size_t i = 0; i < assets.shots.size(); ++i) {
        renderer.drawSprite({.mesh = assets.shots[i].meshes[0],
                             .position = {60.0f + 40.0f * static_cast<float>(i),
                                          90.0f + 12.0f * static_cast<float>(i), 0.0f}});
    }
}

} // namespace vox::test
