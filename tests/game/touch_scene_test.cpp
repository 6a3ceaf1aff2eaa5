// Touch as drawn: a tap on a menu row where the frame drew its text chooses that row (the title's
// 1 PLAYER starts a game, OPTIONS opens the options), and the on-screen controls appear only after a
// touch, over the game and over menus, a held one lit. With VOX_TOUCH_PICTURES=FOLDER the frames are
// written there as PNGs, to look at.
#include "scene/game_scene.h"
#include "scene/game_scene_test_support.h"
#include "touch_input.h"
#include "touch_test_support.h"

#include "actions.h"
#include "sim/asset_loader.h"

#include "engine/render/gl_test_fixture.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>

namespace invaders {
namespace {

constexpr int kWidth = 1280;
constexpr int kHeight = 720;

SDL_Event finger(Uint32 type, SDL_FingerID id, glm::vec2 at) {
    return test::fingerEvent(type, id, at);
}

glm::vec2 centreOf(const TouchButton& button) {
    return (button.drawn.min + button.drawn.max) * 0.5f;
}

class TouchSceneTest : public vox::test::GlTest {
protected:
    void SetUp() override {
        GlTest::SetUp();
        if (IsSkipped() || HasFatalFailure())
            return;
        FlowSettings flow;
        flow.options.quality = Quality::High;
        m_scene = test::makeTestScene(flow);
        ASSERT_TRUE(m_scene);
        m_scene->setTouchInput(&m_touch);
    }

    vox::Image render(std::string_view name) {
        vox::RenderTarget target = makeTarget(kWidth, kHeight);
        m_scene->render(kWidth, kHeight, 1.0);
        vox::Image image = target.readImage();
        if (const char* folder = std::getenv("VOX_TOUCH_PICTURES")) {
            std::filesystem::create_directories(folder);
            EXPECT_TRUE(vox::writePng(image, std::filesystem::path(folder) / (std::string(name) + ".png")));
        }
        return image;
    }

    // The app's step: the fingers' actions and tap handed to the scene.
    void step(int count = 1) {
        for (int i = 0; i < count; ++i)
            m_scene->step(m_touch.step({}, *m_scene, m_scene->flow()));
    }
    void send(const SDL_Event& event) { (void)m_touch.handleEvent(event, {kWidth, kHeight}, 16.0 / 9.0); }

    // The box (fractions of the screen) of the text `text` in the latest frame; fails if it was not drawn.
    glm::vec2 centreOfText(std::string_view text) {
        const auto& texts = m_scene->lastFrameTexts();
        const auto found =
            std::find_if(texts.begin(), texts.end(), [&](const ui::DrawnText& t) { return t.text == text; });
        EXPECT_NE(found, texts.end()) << "\"" << text << "\" was not drawn";
        if (found == texts.end())
            return glm::vec2(-1.0f);
        return glm::vec2(found->min + found->max) * 0.5f / glm::vec2(kWidth, kHeight);
    }
    bool drew(std::string_view text) const {
        const auto& texts = m_scene->lastFrameTexts();
        return std::any_of(texts.begin(), texts.end(),
                           [&](const ui::DrawnText& t) { return t.text == text; });
    }

    static float meanBrightness(const vox::Image& image, const TouchBox& box) {
        const glm::ivec2 min(box.min * glm::vec2(image.width, image.height));
        const glm::ivec2 max(box.max * glm::vec2(image.width, image.height));
        double sum = 0.0;
        int count = 0;
        for (int y = min.y; y < max.y; ++y)
            for (int x = min.x; x < max.x; ++x, ++count)
                for (int c = 0; c < 3; ++c)
                    sum += image.rgba[static_cast<size_t>((y * image.width + x) * 4 + c)];
        return count == 0 ? 0.0f : static_cast<float>(sum / (3.0 * count));
    }

    TouchInput m_touch;
    std::unique_ptr<GameScene> m_scene;
};

TEST_F(TouchSceneTest, ATapOnAMenuRowWhereItsTextIsDrawnChoosesIt) {
    step();
    (void)render("title");
    const glm::vec2 options = centreOfText("OPTIONS");
    send(finger(SDL_FINGERDOWN, 1, options));
    send(finger(SDL_FINGERUP, 1, options));
    step();
    EXPECT_EQ(m_scene->flow().screen(), Screen::Options);

    vox::ActionState back;
    back.pressedBits = back.heldBits = vox::ActionState::bit(Action::Back);
    m_scene->step(back);
    ASSERT_EQ(m_scene->flow().screen(), Screen::Title);
    (void)render("title-again");
    const glm::vec2 onePlayer = centreOfText("1 PLAYER");
    send(finger(SDL_FINGERDOWN, 2, onePlayer));
    send(finger(SDL_FINGERUP, 2, onePlayer));
    step();
    EXPECT_EQ(m_scene->flow().screen(), Screen::Playing);
    EXPECT_EQ(m_scene->flow().simulation()->settings().players, 1);
}

TEST_F(TouchSceneTest, TheControlsAppearAfterATouchAndAHeldOneLightsUp) {
    step();
    (void)render("title-untouched");
    EXPECT_FALSE(drew("OK")) << "no touch yet: no controls";
    send(finger(SDL_FINGERDOWN, 1, {0.5f, 0.2f})); // on no row and no control
    step();
    (void)render("title-touched");
    EXPECT_TRUE(drew("OK"));
    EXPECT_TRUE(drew("BACK"));
    send(finger(SDL_FINGERUP, 1, {0.5f, 0.2f}));
    step();
    EXPECT_EQ(m_scene->flow().screen(), Screen::Title) << "a tap on no row chooses nothing";

    send(finger(SDL_FINGERDOWN, 2, centreOfText("OK")));
    send(finger(SDL_FINGERUP, 2, centreOfText("OK")));
    step();
    ASSERT_EQ(m_scene->flow().screen(), Screen::Playing) << "OK chose the selected 1 PLAYER";
    step(200); // past GET READY
    const vox::Image idle = render("play");
    EXPECT_TRUE(drew("FIRE"));
    EXPECT_TRUE(drew("II"));
    EXPECT_FALSE(drew("OK")) << "a game shows the play controls";

    const std::span<const TouchButton> play = touchButtons(TouchMode::Play);
    const auto fire =
        std::find_if(play.begin(), play.end(), [](const TouchButton& b) { return b.action == Action::Fire; });
    const auto right = std::find_if(play.begin(), play.end(),
                                    [](const TouchButton& b) { return b.action == Action::Right; });
    ASSERT_NE(fire, play.end());
    ASSERT_NE(right, play.end());
    send(finger(SDL_FINGERDOWN, 3, centreOfText("FIRE")));
    send(finger(SDL_FINGERDOWN, 4, centreOf(*right)));
    step();
    const vox::Image held = render("play-fire-and-right-held");
    EXPECT_GT(meanBrightness(held, fire->drawn), meanBrightness(idle, fire->drawn) + 20.0f)
        << "FIRE lights up";
    EXPECT_GT(meanBrightness(held, right->drawn), meanBrightness(idle, right->drawn) + 20.0f);

    SDL_Event keyDown{};
    keyDown.type = SDL_KEYDOWN;
    keyDown.key.keysym.scancode = SDL_SCANCODE_SPACE;
    send(keyDown);
    step();
    (void)render("play-after-a-key");
    EXPECT_FALSE(drew("FIRE")) << "a key press hides the controls";
}

// Every screen a player meets, with the controls showing: no control covers a text the screen drew (the
// HUD, a panel, a hint bar), so the game stays readable on a touch screen.
TEST_F(TouchSceneTest, TheControlsCoverNoTextOfAnyScreen) {
    const auto press = [](Action action) {
        vox::ActionState state;
        state.pressedBits = state.heldBits = vox::ActionState::bit(action);
        return state;
    };
    const auto check = [&](std::string_view name) {
        SCOPED_TRACE(name);
        (void)render(name);
        const TouchMode mode = touchModeFor(m_scene->flow().screen());
        const glm::vec2 size(kWidth, kHeight);
        for (const TouchButton& button : touchButtons(mode)) {
            const glm::ivec2 min(glm::round(button.drawn.min * size));
            const glm::ivec2 max(glm::round(button.drawn.max * size));
            for (const ui::DrawnText& text : m_scene->lastFrameTexts()) {
                const bool inside = glm::all(glm::greaterThanEqual(text.min, min)) &&
                                    glm::all(glm::lessThanEqual(text.max, max));
                if (inside && text.text == button.label)
                    continue; // the control's own label
                const bool overlaps =
                    glm::all(glm::lessThan(min, text.max)) && glm::all(glm::lessThan(text.min, max));
                EXPECT_FALSE(overlaps) << "the control " << button.label << " covers \"" << text.text
                                       << "\" at " << text.min.x << "," << text.min.y;
            }
        }
    };
    step();
    send(finger(SDL_FINGERDOWN, 1, {0.5f, 0.01f})); // on nothing: only shows the controls
    send(finger(SDL_FINGERUP, 1, {0.5f, 0.01f}));
    step();
    ASSERT_TRUE(m_touch.visible());
    check("title");
    m_scene->step(press(Action::Back));
    ASSERT_EQ(m_scene->flow().screen(), Screen::Options);
    check("options");
    for (int i = 0; i < 20 && m_scene->flow().selectedItem() != "CONTROLS"; ++i)
        m_scene->step(press(Action::MenuDown));
    m_scene->step(press(Action::Confirm));
    ASSERT_EQ(m_scene->flow().screen(), Screen::Controls);
    check("controls");
    m_scene->step(press(Action::Back));
    m_scene->step(press(Action::Back));
    ASSERT_EQ(m_scene->flow().screen(), Screen::Title);
    for (const Screen attract : {Screen::ScoreTable, Screen::HighScores, Screen::Demo}) {
        for (int i = 0; i < 2000 && m_scene->flow().screen() != attract; ++i)
            step();
        ASSERT_EQ(m_scene->flow().screen(), attract);
        step(60);
        check(attract == Screen::ScoreTable   ? "score-table"
              : attract == Screen::HighScores ? "high-scores"
                                              : "demo");
    }
    m_scene->step(press(Action::Confirm));
    ASSERT_EQ(m_scene->flow().screen(), Screen::Playing);
    step(200);
    check("play");
    m_scene->step(press(Action::Pause));
    ASSERT_EQ(m_scene->flow().screen(), Screen::Paused);
    check("paused");
    m_scene->step(press(Action::Pause));
    for (int i = 0; i < 200000 && m_scene->flow().screen() == Screen::Playing; ++i)
        m_scene->step(i % 2 == 0 ? press(Action::Fire) : vox::ActionState{});
    ASSERT_EQ(m_scene->flow().screen(), Screen::GameOver);
    step(30);
    check("game-over");
    step(kGameOverFrames + kInputDelayFrames);
    ASSERT_EQ(m_scene->flow().screen(), Screen::EnterInitials);
    check("initials");
}

} // namespace
} // namespace invaders
