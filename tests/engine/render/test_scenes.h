#pragma once
// Scenes shared by the renderer's tests and benchmarks: the game's sprites loaded from assets/ (the
// working directory is the source tree) and the arcade layout of a full game scene.

#include "vox/render/camera.h"
#include "vox/render/debris.h"
#include "vox/render/scene_renderer.h"
#include "vox/voxel/voxel_sprite.h"

#include <array>
#include <string>
#include <vector>

namespace vox::test {

// The box the scenes' camera frames: the arcade screen the game scene below is laid out on, 224 x 256
// voxels, 16 deep.
inline constexpr glm::vec3 kSceneBoxMin{0.0f, 0.0f, -8.0f};
inline constexpr glm::vec3 kSceneBoxMax{224.0f, 256.0f, 8.0f};

// The camera the renderer's tests and benchmarks look at the scenes with, for a viewport of `aspect`.
inline Camera sceneCamera(float aspect) {
    return frameBox(kSceneBoxMin, kSceneBoxMax, FramingSettings{}, aspect);
}

// The ground the scenes stand on, as the game lays it out under its playfield (game/scene/playfield_view.cpp,
// setPlayfieldGround): at y = 32, the green line along the box's foot (x 0..224 at z = 0), a stage from 60
// voxels left of the box to 60 right of it and from z = 0 towards the camera, fading out over 200 voxels
// at the sides and 70 behind. The golden images were drawn with it.
inline constexpr float kSceneGroundHeight = 32.0f;
inline void setSceneGround(SceneLook& look) {
    look.groundHeight = kSceneGroundHeight;
    look.groundLineColor = glm::vec3(0.15f, 0.9f, 0.25f);
    look.groundLineX = glm::vec2(kSceneBoxMin.x, kSceneBoxMax.x);
    look.groundStageMin = glm::vec2(kSceneBoxMin.x - 60.0f, 0.0f);
    look.groundStageMax = glm::vec2(kSceneBoxMax.x + 60.0f, 1400.0f);
    look.groundStageFade = glm::vec2(200.0f, 70.0f);
}

// Debris bouncing on that ground.
inline DebrisSettings sceneDebrisSettings() {
    DebrisSettings settings;
    settings.groundHeight = kSceneGroundHeight;
    return settings;
}

// A few lines of text in the built-in font, labels and values along the top, a line at the bottom left and
// one large in the middle: the text layer's part of a frame, for tests of the renderer itself (the game's
// HUD is drawn by the game, game/ui/hud.cpp).
inline void drawSampleText(SceneRenderer& renderer) {
    const int32_t lineHeight = renderer.font().lineHeight();
    const auto labelledValue = [&](const char* label, const char* value, float pivotX, float anchorX) {
        TextStyle style;
        style.pivot = glm::vec2(pivotX, 0.0f);
        style.anchor = glm::vec2(anchorX, 0.025f);
        style.color = glm::vec4(0.55f, 0.62f, 0.85f, 1.0f);
        renderer.drawText(label, style);
        style.offset = glm::ivec2(0, lineHeight);
        style.color = glm::vec4(1.0f);
        renderer.drawText(value, style);
    };
    labelledValue("LEFT", "01230", 0.0f, 0.03f);
    labelledValue("MIDDLE", "09990", 0.5f, 0.5f);
    labelledValue("RIGHT", "3", 1.0f, 0.97f);
    TextStyle corner;
    corner.pivot = glm::vec2(0.0f, 1.0f);
    corner.anchor = glm::vec2(0.03f, 0.975f);
    corner.color = glm::vec4(0.45f, 1.0f, 0.5f, 1.0f);
    renderer.drawText("CORNER 2", corner);
    TextStyle large;
    large.scale = 2;
    renderer.drawText("LARGE", large);
}

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
