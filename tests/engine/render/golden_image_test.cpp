// Golden images: four fixed scenes rendered headless (llvmpipe) at 320 x 240 and compared with the PNGs in
// tests/golden/ (see golden_image.h for the tolerance and tests/golden/README.md to regenerate them). The
// full formation with the HUD over it is the game's (tests/game/ui/hud_test.cpp): the HUD is the game's.

#include "gl_test_fixture.h"
#include "golden_image.h"
#include "test_scenes.h"

#include "vox/render/camera.h"
#include "vox/render/debris.h"
#include "vox/render/scene_renderer.h"
#include "vox/voxel/voxel_erosion.h"

#include <glm/geometric.hpp>
#include <glm/gtc/quaternion.hpp>
#include <glm/trigonometric.hpp>
#include <gtest/gtest.h>

namespace {

class GoldenImageTest : public vox::test::SceneRendererFixture<320, 240> {
protected:
    static constexpr float kAspect = static_cast<float>(kWidth) / kHeight;

    void SetUp() override {
        SceneRendererFixture::SetUp();
        if (m_renderer)
            vox::test::setSceneGround(m_renderer->look()); // each test moves its height to its model's foot
    }

    void begin(const vox::Camera& camera) {
        m_target.bind();
        m_renderer->beginFrame(camera, vox::Viewport{0, 0, kWidth, kHeight}, 1.0);
    }
    vox::Image finish() {
        (void)m_renderer->endFrame();
        const vox::Image image = m_target.readImage();
        EXPECT_FALSE(image.isUniform());
        return image;
    }
};

// A close-up orbit camera on a model of `size` centred at `centre`.
vox::Camera closeUp(glm::vec3 centre, float radius, float yaw, float pitch) {
    const float distance = radius / std::sin(glm::radians(30.0f) * 0.5f) * 1.05f;
    return vox::orbitCamera(centre, distance, yaw, pitch, 30.0f, static_cast<float>(320) / 240);
}

TEST_F(GoldenImageTest, OneLitSprite) {
    const vox::test::LoadedSprite brute = vox::test::loadSprite(*m_renderer, "invader_brute.vox");
    const glm::vec3 size(brute.sprite.frames[0].size());
    m_renderer->look().groundHeight = -0.01f;
    begin(closeUp(size * glm::vec3(0.5f, 0.5f, 0.0f), glm::length(size) * 0.5f, 0.5f, 0.35f));
    m_renderer->drawSprite({.mesh = brute.meshes[0], .position = {0.0f, 0.0f, 0.0f}});
    EXPECT_TRUE(vox::test::matchesGolden(finish(), "one_lit_sprite"));
}

TEST_F(GoldenImageTest, ShieldAfterErosion) {
    vox::test::GameAssets assets = vox::test::GameAssets::load(*m_renderer);
    vox::VoxelModel& shield = assets.shieldModels[0];
    std::vector<vox::RemovedVoxel> removed;
    // Two bombs from above, one shot from below: the stencils are deeper than the shield.
    const vox::VoxelModel& down = assets.stencilDown.sprite.frames[0];
    const vox::VoxelModel& up = assets.stencilUp.sprite.frames[0];
    EXPECT_GT(vox::erodeVoxels(shield, down, {3, 10, 0}, removed), 0);
    EXPECT_GT(vox::erodeVoxels(shield, down, {13, 8, 0}, removed), 0);
    EXPECT_GT(vox::erodeVoxels(shield, up, {9, -1, 0}, removed), 0);
    m_renderer->updateMesh(assets.shieldMeshes[0], shield);
    const glm::vec3 size(shield.size());
    m_renderer->look().groundHeight = -0.01f;
    begin(closeUp(size * glm::vec3(0.5f, 0.5f, 0.0f), glm::length(size) * 0.5f, -0.35f, 0.3f));
    m_renderer->drawSprite({.mesh = assets.shieldMeshes[0], .position = {0.0f, 0.0f, 0.0f}});
    EXPECT_TRUE(vox::test::matchesGolden(finish(), "shield_after_erosion"));
}

TEST_F(GoldenImageTest, DebrisBurstAtAFixedTime) {
    const vox::test::LoadedSprite beetle = vox::test::loadSprite(*m_renderer, "invader_beetle.vox");
    const vox::VoxelModel& model = beetle.sprite.frames[0];
    vox::DebrisSettings settings;
    settings.groundHeight = 0.0f;
    vox::DebrisSystem debris(settings, 42);
    const glm::vec3 position(-5.0f, 12.0f, 0.0f);
    debris.spawnModel(model, vox::spriteOrigin(position, model.size()),
                      {.centre = position + glm::vec3(5.5f, 2.0f, 0.0f)});
    for (int step = 0; step < 24; ++step)
        debris.step();
    m_renderer->look().groundHeight = 0.0f;
    begin(vox::orbitCamera({0.0f, 10.0f, 0.0f}, 90.0f, 0.25f, 0.3f, 40.0f, kAspect));
    m_renderer->drawDebris(debris, 0.5f);
    EXPECT_TRUE(vox::test::matchesGolden(finish(), "debris_burst"));
}

// A stone monument (after MagicaVoxel's monu samples) in greys, `depth` deep: the rows of `picture` top
// first, 'L' light, 'S' stone, 'D' dark stone, '.' empty.
vox::VoxelModel stoneMonument() {
    const char* picture[] = {"........LLLL........", "........SSSS........", ".......SSDDSS.......",
                             "......SSSSSSSS......", "......SSSSSSSS......", ".....LLLLLLLLLL.....",
                             ".....SSDSSSSDSS.....", ".....SSSSSSSSSS.....", "....LLLLLLLLLLLL....",
                             "....SSSSSSSSSSSS....", "....SSSS....SSSS....", "...LSSSS....SSSSL...",
                             "...SSSSS....SSSSS...", "..LSSSSS....SSSSSL..", "..SSSSSS....SSSSSS..",
                             ".LDDDDDD....DDDDDDL.", "DDDDDDDD....DDDDDDDD", "DDDDDDDD....DDDDDDDD"};
    constexpr int kWidth = 20, kHeight = 18, kDepth = 10;
    vox::VoxelModel model{glm::ivec3(kWidth, kHeight, kDepth)};
    vox::Palette palette = model.palette();
    palette[1] = vox::packRgba(0xa5, 0x9a, 0x86);
    palette[2] = vox::packRgba(0x8a, 0x80, 0x70);
    palette[3] = vox::packRgba(0x6b, 0x63, 0x58);
    model.setPalette(palette);
    for (int row = 0; row < kHeight; ++row)
        for (int x = 0; x < kWidth; ++x) {
            const char cell = picture[row][x];
            const uint8_t color = cell == 'L' ? 1 : cell == 'S' ? 2 : cell == 'D' ? 3 : 0;
            for (int z = 0; color != 0 && z < kDepth; ++z)
                model.set({x, kHeight - 1 - row, z}, color);
        }
    return model;
}

// The side of a model turned away from the key light, seen from below it (the ground off): the back, the
// right side and the underside of the arch keep their colours and shape (the light floor, SceneLook).
TEST_F(GoldenImageTest, TheSideAwayFromTheKeyLightKeepsItsShape) {
    const vox::VoxelModel model = stoneMonument();
    const vox::MeshHandle mesh = m_renderer->addMesh(model);
    const glm::vec3 size(model.size());
    m_renderer->look().drawGround = false;
    begin(closeUp(size * glm::vec3(0.5f, 0.5f, 0.0f), glm::length(size) * 0.5f, 2.5f, -0.3f));
    m_renderer->drawSprite({.mesh = mesh, .position = {0.0f, 0.0f, 0.0f}});
    EXPECT_TRUE(vox::test::matchesGolden(finish(), "shadow_side_of_a_model"));
}

} // namespace
