// The input panel (ui/input_panel.h) on rendered frames: in a game with Options > SHOW INPUTS on, the caps
// of the keys held in the step are lit and the others are not, on the pixels; on WATCH it shows the run's
// inputs step by step; at every window shape the panel stays on screen, off the playfield's action (its
// screen rectangle) and off every text the frame drew elsewhere (the HUD, the hint bar).
#include "game/flow_test_support.h"
#include "game/scene/game_scene_test_support.h"
#include "scene/game_scene.h"

#include "actions.h"

#include "engine/render/gl_test_fixture.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

namespace invaders {
namespace {

using test::press;

bool overlaps(glm::ivec2 aMin, glm::ivec2 aMax, glm::ivec2 bMin, glm::ivec2 bMax) {
    return aMin.x < bMax.x && bMin.x < aMax.x && aMin.y < bMax.y && bMin.y < aMax.y;
}

using test::inputCapLit;

class InputPanelTest : public vox::test::GlTest {
protected:
    std::unique_ptr<GameScene> makeScene(bool showInputs) {
        FlowSettings flow;
        flow.options.quality = Quality::High;
        flow.options.showInputs = showInputs;
        return test::makeTestScene(flow);
    }

    // Renders at `size`, checks where the panel went and returns the frame.
    vox::Image renderChecked(GameScene& scene, glm::ivec2 size, const std::string& name) {
        SCOPED_TRACE(name);
        vox::Image image = test::renderScene(scene, size.x, size.y);
        const std::filesystem::path folder = VOX_TEST_OUTPUT_DIR;
        std::filesystem::create_directories(folder);
        EXPECT_TRUE(vox::writePng(image, folder / (name + ".png")));
        EXPECT_TRUE(scene.lastInputPanel().has_value()) << "the panel was drawn";
        if (!scene.lastInputPanel())
            return image;
        const ui::InputPanelLayout& panel = *scene.lastInputPanel();
        const ScreenRect& playfield = scene.lastPlayfieldRect();
        EXPECT_FALSE(overlaps(panel.min, panel.max, playfield.min, playfield.max))
            << "panel " << panel.min.x << "," << panel.min.y << " - " << panel.max.x << "," << panel.max.y
            << " over the playfield " << playfield.min.x << "," << playfield.min.y << " - " << playfield.max.x
            << "," << playfield.max.y;
        EXPECT_GE(panel.min.x, 0);
        EXPECT_GE(panel.min.y, 0);
        EXPECT_LE(panel.max.x, size.x);
        EXPECT_LE(panel.max.y, size.y);
        for (const ui::DrawnText& text : scene.lastFrameTexts()) {
            const bool inside = text.min.x >= panel.min.x && text.max.x <= panel.max.x &&
                                text.min.y >= panel.min.y && text.max.y <= panel.max.y;
            EXPECT_TRUE(inside || !overlaps(panel.min, panel.max, text.min, text.max))
                << "the panel covers \"" << text.text << "\"";
        }
        return image;
    }
};

TEST_F(InputPanelTest, InAGameTheHeldKeysLightTheirCapsBesideThePlayfield) {
    std::unique_ptr<GameScene> scene = makeScene(true);
    ASSERT_TRUE(scene);
    scene->step(press(Action::Confirm));
    ASSERT_EQ(scene->flow().screen(), Screen::Playing);
    for (int i = 0; i < 200; ++i)
        scene->step({});
    vox::ActionState leftAndFire;
    leftAndFire.heldBits = vox::ActionState::bit(Action::Left) | vox::ActionState::bit(Action::Fire);
    scene->step(leftAndFire);
    ASSERT_TRUE(scene->flow().shownInput().has_value());
    for (const glm::ivec2 size : {glm::ivec2(1280, 720), glm::ivec2(1024, 768), glm::ivec2(1920, 1080)}) {
        const std::string name = "input_panel_" + std::to_string(size.x) + "x" + std::to_string(size.y);
        const vox::Image image = renderChecked(*scene, size, name);
        ASSERT_TRUE(scene->lastInputPanel().has_value());
        const ui::InputPanelLayout& panel = *scene->lastInputPanel();
        SCOPED_TRACE(name);
        EXPECT_TRUE(inputCapLit(image, panel, ui::InputCap::Left)) << "Left is held";
        EXPECT_FALSE(inputCapLit(image, panel, ui::InputCap::Right)) << "Right is not";
        EXPECT_TRUE(inputCapLit(image, panel, ui::InputCap::Fire)) << "Fire is held";
    }

    vox::ActionState right;
    right.heldBits = vox::ActionState::bit(Action::Right);
    scene->step(right);
    const vox::Image image = renderChecked(*scene, {1280, 720}, "input_panel_right");
    ASSERT_TRUE(scene->lastInputPanel().has_value());
    const ui::InputPanelLayout& panel = *scene->lastInputPanel();
    EXPECT_TRUE(panel.beside) << "a 16:9 window has room right of the playfield";
    EXPECT_FALSE(inputCapLit(image, panel, ui::InputCap::Left));
    EXPECT_TRUE(inputCapLit(image, panel, ui::InputCap::Right));
    EXPECT_FALSE(inputCapLit(image, panel, ui::InputCap::Fire));
    const bool labelled = std::any_of(scene->lastFrameTexts().begin(), scene->lastFrameTexts().end(),
                                      [](const ui::DrawnText& text) { return text.text == "P1"; });
    EXPECT_TRUE(labelled) << "whose inputs: player 1's";
}

TEST_F(InputPanelTest, OffByDefaultInAGame) {
    std::unique_ptr<GameScene> scene = makeScene(false);
    ASSERT_TRUE(scene);
    scene->step(press(Action::Confirm));
    scene->step(press(Action::Left));
    EXPECT_FALSE(scene->flow().shownInput().has_value());
    (void)test::renderScene(*scene);
    EXPECT_FALSE(scene->lastInputPanel().has_value());
}

} // namespace
} // namespace invaders
