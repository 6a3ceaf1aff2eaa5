// The game's screens as drawn: golden images of the title (with an empty high-score table), the options
// over a paused game and the controls screen listening for a key, driven through the same inputs as play.
#include "game_scene.h"

#include "asset_loader.h"

#include "engine/render/gl_test_fixture.h"
#include "engine/render/golden_image.h"

#include <gtest/gtest.h>

namespace invaders {
namespace {

using vox::Action;

vox::ActionState press(Action action) {
    vox::ActionState state;
    state.pressedBits = vox::ActionState::bit(action);
    state.heldBits = state.pressedBits;
    return state;
}

class GameSceneTest : public vox::test::GlTest {
protected:
    static constexpr int kWidth = 640;
    static constexpr int kHeight = 400;

    std::unique_ptr<GameScene> makeScene() {
        vox::Result<GameAssets> assets = loadGameAssets("assets");
        EXPECT_TRUE(assets.ok()) << assets.error().message;
        if (!assets.ok())
            return nullptr;
        auto scene = GameScene::create("shaders", assets.value(), FlowSettings{}, HighScoreTable{},
                                       SaveFilePaths{}, AudioSystem::silent());
        EXPECT_TRUE(scene.ok()) << scene.error().message;
        return scene.ok() ? std::move(scene).value() : nullptr;
    }

    vox::Image render(GameScene& scene) {
        vox::RenderTarget target = makeTarget(kWidth, kHeight);
        scene.render(kWidth, kHeight, 1.0);
        return target.readImage();
    }
};

TEST_F(GameSceneTest, TitleShowsTheHighScoreTableEvenWhenEmpty) {
    std::unique_ptr<GameScene> scene = makeScene();
    ASSERT_TRUE(scene);
    scene->step({});
    ASSERT_EQ(scene->flow().screen(), Screen::Title);
    EXPECT_TRUE(vox::test::matchesGolden(render(*scene), "title_screen"));
}

TEST_F(GameSceneTest, OptionsOverAPausedGameHideThePlayfield) {
    std::unique_ptr<GameScene> scene = makeScene();
    ASSERT_TRUE(scene);
    scene->step(press(Action::Start));
    for (int i = 0; i < 100; ++i) // before the cannon appears: "GET READY" is not for the menu
        scene->step({});
    scene->step(press(Action::Pause));
    scene->step(press(Action::Right));
    scene->step(press(Action::Fire));
    ASSERT_EQ(scene->flow().screen(), Screen::Options);
    EXPECT_TRUE(vox::test::matchesGolden(render(*scene), "options_screen"));
}

TEST_F(GameSceneTest, ControlsScreenListeningForAKey) {
    std::unique_ptr<GameScene> scene = makeScene();
    ASSERT_TRUE(scene);
    scene->step(press(Action::Pause)); // the options
    while (scene->flow().optionSelection() != OptionItem::Controls)
        scene->step(press(Action::Fire));
    scene->step(press(Action::Right));
    ASSERT_EQ(scene->flow().screen(), Screen::Controls);
    // Move left takes Space from Fire (a note says so), then Fire is chosen: "press a key for fire".
    scene->step(press(Action::Fire));
    scene->keyPressed(SDL_SCANCODE_SPACE);
    scene->step({});
    scene->step(press(Action::Right));
    scene->step(press(Action::Right));
    const vox::Image moved = render(*scene);
    scene->step(press(Action::Fire));
    ASSERT_TRUE(scene->flow().listeningForKey());
    EXPECT_TRUE(vox::test::matchesGolden(render(*scene), "controls_screen"));
    EXPECT_NE(render(*scene).rgba, moved.rgba) << "the status line changed";
}

} // namespace
} // namespace invaders
