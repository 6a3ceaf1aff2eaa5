#pragma once
// What the GL tests of the game's scene share: a silent scene on the shipped assets and shaders, and one
// frame of it rendered and read back.

#include "audio/audio_system.h"
#include "scene/game_scene.h"
#include "sim/asset_loader.h"
#include "ui/input_panel.h"
#include "ui/theme.h"

#include "vox/render/image.h"
#include "vox/render/render_target.h"

#include <gtest/gtest.h>

#include <memory>

namespace invaders::test {

/// A silent `GameScene` on assets/ and shaders/ (the tests run from the source tree) with `flow`, the
/// table `table` and the save files `files` (none: nothing is saved). Null, with a test failure naming the
/// problem, when it cannot be made.
inline std::unique_ptr<GameScene> makeTestScene(const FlowSettings& flow, HighScoreTable table = {},
                                                const SaveFilePaths& files = {}) {
    vox::Result<GameAssets> assets = loadGameAssets("assets");
    EXPECT_TRUE(assets.ok()) << assets.error().message;
    if (!assets.ok())
        return nullptr;
    auto scene =
        GameScene::create("shaders", assets.value(), flow, std::move(table), files, AudioSystem::silent());
    EXPECT_TRUE(scene.ok()) << scene.error().message;
    return scene.ok() ? std::move(scene).value() : nullptr;
}

/// `scene` drawn into a fresh `width` x `height` render target, read back.
inline vox::Image renderScene(GameScene& scene, int width = 1280, int height = 720) {
    vox::Result<vox::RenderTarget> target = vox::RenderTarget::create(width, height);
    EXPECT_TRUE(target.ok()) << target.error().message;
    if (!target.ok())
        return {};
    target.value().bind();
    scene.render(width, height, 1.0);
    return target.value().readImage();
}

/// True when most of the input panel's cap `cap` (as laid out in `layout`) is the lit fill on `image` (its
/// dark letters take the rest); a cap at rest is an outline over the backdrop, none of it that colour.
inline bool inputCapLit(const vox::Image& image, const ui::InputPanelLayout& layout, ui::InputCap cap) {
    const glm::ivec2 min = layout.capMin[static_cast<size_t>(cap)];
    const glm::ivec2 max = layout.capMax[static_cast<size_t>(cap)];
    const glm::vec3 fill(ui::theme::kSelectedBar);
    int filled = 0;
    for (int y = min.y; y < max.y; ++y) {
        for (int x = min.x; x < max.x; ++x) {
            const uint8_t* p = &image.rgba[static_cast<size_t>((y * image.width + x) * 4)];
            const glm::vec3 pixel = glm::vec3(p[0], p[1], p[2]) / 255.0f;
            filled += glm::all(glm::lessThanEqual(glm::abs(pixel - fill), glm::vec3(0.02f))) ? 1 : 0;
        }
    }
    return filled * 2 > (max.x - min.x) * (max.y - min.y);
}

} // namespace invaders::test
