// The debug overlay: its toggle through the action mapping, pause and single step, its line geometry
// against the tree, that it does nothing while hidden, and a golden image of a fixed game state.
#include "debug/debug_overlay.h"
#include "debug/overlay_geometry.h"
#include "debug/overlay_state.h"

#include "actions.h"
#include "scene/game_scene.h"
#include "sim/asset_loader.h"

#include "engine/platform/key_events.h"
#include "engine/render/gl_test_fixture.h"
#include "engine/render/golden_image.h"

#include "vox/platform/action_map.h"

#include <gtest/gtest.h>

namespace invaders {
namespace {

using vox::test::tapKey;

TEST(OverlayState, F3AndBackquoteToggleItThroughTheActionMap) {
    vox::ActionMap actions = invaders::defaultActionMap();
    OverlayState state;
    EXPECT_FALSE(state.shown());
    state.applyInput(tapKey(actions, SDL_SCANCODE_F3));
    EXPECT_TRUE(state.shown());
    state.applyInput(tapKey(actions, SDL_SCANCODE_GRAVE));
    EXPECT_FALSE(state.shown());
    state.applyInput(tapKey(actions, SDL_SCANCODE_GRAVE));
    EXPECT_TRUE(state.shown());
    state.applyInput(tapKey(actions, SDL_SCANCODE_SPACE)); // another action leaves it alone
    EXPECT_TRUE(state.shown());
    EXPECT_TRUE(OverlayState(true).shown()); // --debug-overlay
}

TEST(OverlayState, PauseHoldsStepsAndStepLetsOneThrough) {
    OverlayState state(true);
    EXPECT_TRUE(state.takeStep());
    state.setPaused(true);
    EXPECT_FALSE(state.takeStep());
    state.requestStep();
    EXPECT_TRUE(state.takeStep());
    EXPECT_FALSE(state.takeStep());
    state.setShown(false); // hiding the overlay never leaves the game frozen
    EXPECT_TRUE(state.takeStep());
}

GameAssets loadAssets() {
    vox::Result<GameAssets> assets = loadGameAssets("assets");
    EXPECT_TRUE(assets.ok()) << assets.error().message;
    return assets.ok() ? std::move(assets).value() : GameAssets{};
}

TEST(OverlayGeometry, OneBoxPerNodeAndAFatAndATightBoxPerLeafOfTheGame) {
    const GameAssets assets = loadAssets();
    Simulation simulation(SimSettings{}, assets);
    for (int i = 0; i < 400; ++i)
        simulation.step(StepInput{});
    const vox::TreeStats stats = simulation.collisionWorld().tree().stats();
    ASSERT_GT(stats.proxies, 50); // the rack, the shields, the cannon
    OverlayState state(true);
    state.layers.pairs = false;
    state.layers.contacts = false;
    vox::LineBatch lines;
    const OverlayGeometryCounts counts = buildOverlayLines(simulation, state, ContactTrail{}, lines);
    EXPECT_EQ(counts.tree.internalBoxes, stats.internalNodes);
    EXPECT_EQ(counts.tree.fatBoxes, stats.proxies);
    EXPECT_EQ(counts.tree.tightBoxes, stats.proxies);
    EXPECT_EQ(lines.lineCount(), 12 * (stats.internalNodes + 2 * stats.proxies));

    // Pairs are single lines; each contact a voxel cube.
    state.layers.pairs = true;
    state.layers.contacts = true;
    ContactTrail trail;
    const std::vector<glm::ivec3> cells = {{10, 50, 0}, {11, 50, 0}};
    trail.step(cells);
    lines.clear();
    const OverlayGeometryCounts all = buildOverlayLines(simulation, state, trail, lines);
    EXPECT_EQ(all.contactBoxes, 2);
    EXPECT_EQ(lines.lineCount(), 12 * (stats.internalNodes + 2 * stats.proxies + 2) + all.pairLines);
}

TEST(ContactTrail, ContactsFadeOutAfterTheirLifetime) {
    ContactTrail trail;
    const std::vector<glm::ivec3> one = {{1, 2, 3}};
    trail.step(one);
    ASSERT_EQ(trail.contacts().size(), 1u);
    for (int32_t i = 1; i < ContactTrail::kLifetime; ++i)
        trail.step({});
    ASSERT_EQ(trail.contacts().size(), 1u);
    EXPECT_EQ(trail.contacts()[0].age, ContactTrail::kLifetime - 1);
    trail.step({});
    EXPECT_TRUE(trail.contacts().empty());
}

class DebugOverlayTest : public vox::test::GlTest {};

// A fixed game state: the demo, seed 1, 900 steps (exactly what the README's screenshot command runs).
std::unique_ptr<GameScene> demoScene(const GameAssets& assets, int steps) {
    FlowSettings flow;
    flow.demo = true;
    flow.options.quality = invaders::Quality::High; // the golden image does not depend on the driver
    auto scene =
        GameScene::create("shaders", assets, flow, HighScoreTable{}, SaveFilePaths{}, AudioSystem::silent());
    EXPECT_TRUE(scene.ok()) << scene.error().message;
    if (!scene.ok())
        return nullptr;
    for (int i = 0; i < steps; ++i)
        scene.value()->step(vox::ActionState{});
    return std::move(scene).value();
}

TEST_F(DebugOverlayTest, HiddenItDoesNoWork) {
    const GameAssets assets = loadAssets();
    std::unique_ptr<GameScene> scene = demoScene(assets, 300);
    ASSERT_TRUE(scene);
    auto overlay = DebugOverlay::create("shaders", window(), false);
    ASSERT_TRUE(overlay.ok()) << overlay.error().message;
    vox::RenderTarget target = makeTarget(160, 120);
    scene->render(160, 120, 1.0);
    const vox::Image before = target.readImage();
    overlay.value()->recordStep(scene->debugView());
    overlay.value()->render(scene->debugView(), 160, 120, {});
    EXPECT_EQ(overlay.value()->lastDrawCalls(), 0);
    EXPECT_EQ(overlay.value()->framesRendered(), 0);
    EXPECT_TRUE(overlay.value()->lines().empty());
    EXPECT_EQ(target.readImage().rgba, before.rgba); // not a pixel changed

    overlay.value()->state().setShown(true);
    overlay.value()->render(scene->debugView(), 160, 120, {.deltaSeconds = 1.0f / 60.0f});
    EXPECT_GE(overlay.value()->lastDrawCalls(), 2); // the lines and the panel
    EXPECT_EQ(overlay.value()->framesRendered(), 1);
    EXPECT_NE(target.readImage().rgba, before.rgba);
}

TEST_F(DebugOverlayTest, GoldenImageOfAFixedGameState) {
    const GameAssets assets = loadAssets();
    std::unique_ptr<GameScene> scene = demoScene(assets, 600);
    ASSERT_TRUE(scene);
    auto overlay = DebugOverlay::create("shaders", window(), true);
    ASSERT_TRUE(overlay.ok()) << overlay.error().message;
    constexpr int kWidth = 640, kHeight = 400;
    vox::RenderTarget target = makeTarget(kWidth, kHeight);
    scene->render(kWidth, kHeight, 1.0);
    // Phase times are wall-clock: give the panel fixed ones so the image is reproducible.
    SceneDebugView view = scene->debugView();
    view.stepMilliseconds = 0.0;
    view.frame.cpuMilliseconds = 0.0;
    overlay.value()->render(view, kWidth, kHeight, {.deltaSeconds = 1.0f / 60.0f});
    EXPECT_GT(overlay.value()->geometryCounts().tree.internalBoxes, 0);
    EXPECT_TRUE(vox::test::matchesGolden(target.readImage(), "debug_overlay_demo"));
}

} // namespace
} // namespace invaders
