// Touch as drawn: a tap on a menu row where the frame drew its text chooses that row (the title's
// 1 PLAYER starts a game, OPTIONS opens the options), and the on-screen controls appear only after a
// touch, over the game and over menus, a held one lit; after a touch the hints name the touch controls,
// after a key the keys; a bare tap on an attract screen does what Enter does. With VOX_TOUCH_PICTURES=FOLDER
// the frames are written there as PNGs, to look at.
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
#include <functional>
#include <string>
#include <vector>

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
    // True when the latest frame drew the control of `mode` that holds `action`: its label in its box.
    bool drewControl(TouchMode mode, Action action) const {
        const glm::vec2 size(kWidth, kHeight);
        for (const TouchButton& button : touchButtons(mode)) {
            if (button.action != action)
                continue;
            const glm::ivec2 min(glm::floor(button.drawn.min * size));
            const glm::ivec2 max(glm::ceil(button.drawn.max * size));
            const auto& texts = m_scene->lastFrameTexts();
            return std::any_of(texts.begin(), texts.end(), [&](const ui::DrawnText& t) {
                return t.text == button.label && glm::all(glm::greaterThanEqual(t.min, min)) &&
                       glm::all(glm::lessThanEqual(t.max, max));
            });
        }
        return false;
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

    // The hints' key caps in the latest frame (the texts drawn in the key cap's colour).
    std::vector<std::string> keyCaps() const {
        std::vector<std::string> caps;
        for (const ui::DrawnText& text : m_scene->lastFrameTexts())
            if (text.color == ui::theme::kKeyCapText)
                caps.push_back(text.text);
        return caps;
    }
    bool hasKeyCap(std::string_view cap) const {
        const std::vector<std::string> caps = keyCaps();
        return std::find(caps.begin(), caps.end(), cap) != caps.end();
    }

    // A finger that comes down on no row and no control and slides away before it lifts (no tap): the
    // player's last input is a touch, and nothing is chosen.
    void showControls() {
        send(finger(SDL_FINGERDOWN, 1, {0.5f, 0.01f}));
        step();
        send(finger(SDL_FINGERMOTION, 1, {0.5f, 0.3f}));
        send(finger(SDL_FINGERUP, 1, {0.5f, 0.3f}));
        step();
        ASSERT_EQ(m_scene->flow().screen(), Screen::Title);
        ASSERT_TRUE(TouchInput::visible(m_scene->flow()));
    }

    // From the title, every screen a player meets, each handed to `check` by name (the menus driven by
    // actions, as the touch bar presses them): the options, accessibility and controls, the attract
    // screens, a game, the pause menu, game over and the initials.
    void walkEveryScreen(const std::function<void(std::string_view)>& check) {
        const auto press = [](Action action) {
            vox::ActionState state;
            state.pressedBits = state.heldBits = vox::ActionState::bit(action);
            return state;
        };
        const auto at = [&](std::string_view name) {
            SCOPED_TRACE(name);
            check(name);
        };
        at("title");
        m_scene->step(press(Action::Back));
        ASSERT_EQ(m_scene->flow().screen(), Screen::Options);
        at("options");
        for (int i = 0; i < 20 && m_scene->flow().selectedItem() != "ACCESSIBILITY"; ++i)
            m_scene->step(press(Action::MenuDown));
        m_scene->step(press(Action::Confirm));
        ASSERT_EQ(m_scene->flow().screen(), Screen::Accessibility);
        at("accessibility");
        m_scene->step(press(Action::Back));
        ASSERT_EQ(m_scene->flow().screen(), Screen::Options);
        for (int i = 0; i < 20 && m_scene->flow().selectedItem() != "CONTROLS"; ++i)
            m_scene->step(press(Action::MenuDown));
        m_scene->step(press(Action::Confirm));
        ASSERT_EQ(m_scene->flow().screen(), Screen::Controls);
        at("controls");
        m_scene->step(press(Action::Back));
        m_scene->step(press(Action::Back));
        ASSERT_EQ(m_scene->flow().screen(), Screen::Title);
        for (const Screen attract : {Screen::ScoreTable, Screen::HighScores, Screen::Demo}) {
            for (int i = 0; i < 2000 && m_scene->flow().screen() != attract; ++i)
                step();
            ASSERT_EQ(m_scene->flow().screen(), attract);
            step(60);
            at(attract == Screen::ScoreTable   ? "score-table"
               : attract == Screen::HighScores ? "high-scores"
                                               : "demo");
        }
        m_scene->step(press(Action::Confirm));
        ASSERT_EQ(m_scene->flow().screen(), Screen::Playing);
        step(200);
        at("play");
        m_scene->step(press(Action::Pause));
        ASSERT_EQ(m_scene->flow().screen(), Screen::Paused);
        at("paused");
        m_scene->step(press(Action::Pause));
        for (int i = 0; i < 200000 && m_scene->flow().screen() == Screen::Playing; ++i)
            m_scene->step(i % 2 == 0 ? press(Action::Fire) : vox::ActionState{});
        ASSERT_EQ(m_scene->flow().screen(), Screen::GameOver);
        step(30);
        at("game-over");
        step(kGameOverFrames + kInputDelayFrames);
        ASSERT_EQ(m_scene->flow().screen(), Screen::EnterInitials);
        at("initials");
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
    EXPECT_FALSE(drewControl(TouchMode::Menu, Action::Confirm)) << "no touch yet: no controls";
    send(finger(SDL_FINGERDOWN, 1, {0.5f, 0.2f})); // on no row and no control
    step();
    (void)render("title-touched");
    EXPECT_TRUE(drewControl(TouchMode::Menu, Action::Confirm));
    EXPECT_TRUE(drewControl(TouchMode::Menu, Action::Back));
    EXPECT_EQ(m_scene->flow().screen(), Screen::Title) << "a finger down is no tap yet";

    send(finger(SDL_FINGERUP, 1, {0.5f, 0.2f}));
    step();
    ASSERT_EQ(m_scene->flow().screen(), Screen::Playing)
        << "a bare tap on the title does what Enter does: the selected 1 PLAYER";
    step(200); // past GET READY
    const vox::Image idle = render("play");
    EXPECT_TRUE(drewControl(TouchMode::Play, Action::Fire));
    EXPECT_TRUE(drewControl(TouchMode::Play, Action::Pause));
    EXPECT_FALSE(drewControl(TouchMode::Menu, Action::Confirm)) << "a game shows the play controls";

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
    send(keyDown); // as the runner hands it on: to the touch input (not a finger's), then to the game
    m_scene->keyPressed(SDL_SCANCODE_SPACE);
    step();
    (void)render("play-after-a-key");
    EXPECT_FALSE(drewControl(TouchMode::Play, Action::Fire)) << "a key press hides the controls";
}

// Every screen a player meets, with the controls showing: no control covers a text the screen drew (the
// HUD, a panel, a hint bar), so the game stays readable on a touch screen.
TEST_F(TouchSceneTest, TheControlsCoverNoTextOfAnyScreen) {
    const auto check = [&](std::string_view name) {
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
    showControls();
    walkEveryScreen(check);
}

// A touch player is shown the touch screen's controls and gestures, not keys: after a touch every hint of
// every screen names an on-screen control (OK, BACK, II), a tap or a side of the screen, or the arrows the
// menu bar has; after a key press the same screens name keys again.
TEST_F(TouchSceneTest, AfterATouchTheHintsNameTheTouchControlsAndAfterAKeyTheKeys) {
    const std::vector<std::string_view> touchCaps = {
        "↑↓",          "←→",           ui::kTouchConfirm, ui::kTouchBack, ui::kTouchPause,
        ui::kTouchTap, ui::kTouchMove, ui::kTouchFire};
    const auto isTouchCap = [&](const std::string& cap) {
        return std::find(touchCaps.begin(), touchCaps.end(), cap) != touchCaps.end();
    };
    step();
    (void)render("hints-keys");
    EXPECT_TRUE(hasKeyCap("ENTER")) << "before any touch: keys";
    EXPECT_TRUE(hasKeyCap("SPACE"));

    showControls();
    int withHints = 0;
    walkEveryScreen([&](std::string_view name) {
        (void)render(std::string("hints-") + std::string(name));
        const std::vector<std::string> caps = keyCaps();
        withHints += caps.empty() ? 0 : 1;
        for (const std::string& cap : caps)
            EXPECT_TRUE(isTouchCap(cap)) << "a key hint on a touch screen: \"" << cap << "\"";
    });
    EXPECT_EQ(withHints, 10) << "every screen walked but game over shows hints";

    m_scene->keyPressed(SDL_SCANCODE_DOWN); // on the initials screen: a key, as the runner hands it on
    m_scene->step({});
    (void)render("hints-initials-after-a-key");
    EXPECT_TRUE(hasKeyCap("ENTER")) << "a key was pressed: keys again";
    EXPECT_TRUE(hasKeyCap("BKSP"));
    EXPECT_FALSE(hasKeyCap(ui::kTouchConfirm));
    EXPECT_FALSE(drewControl(TouchMode::Menu, Action::Confirm)) << "and the controls hide";
}

// A bare tap (on no row and no control) on each attract screen does what Enter does there: on the score
// table, the attract cycle's high scores and the demo it starts a game for the players last chosen; on
// the title it chooses the selected row. Fingers go through the touch input as the app's do.
TEST_F(TouchSceneTest, ABareTapOnAnAttractScreenDoesWhatEnterDoes) {
    const glm::vec2 bare{0.5f, 0.02f}; // above every panel, away from the controls
    for (const Screen attract : {Screen::ScoreTable, Screen::HighScores, Screen::Demo, Screen::Title}) {
        SCOPED_TRACE(screenName(attract));
        FlowSettings flow;
        m_scene = test::makeTestScene(flow);
        ASSERT_TRUE(m_scene);
        m_scene->setTouchInput(&m_touch);
        step();
        showControls();
        for (int i = 0; i < 3000 && m_scene->flow().screen() != attract; ++i)
            step();
        ASSERT_EQ(m_scene->flow().screen(), attract);
        step(30);
        (void)render(std::string("bare-tap-") + std::string(screenName(attract)));
        EXPECT_TRUE(hasKeyCap(attract == Screen::Title ? ui::kTouchConfirm : ui::kTouchTap))
            << "the hint names the tap";
        send(finger(SDL_FINGERDOWN, 7, bare));
        send(finger(SDL_FINGERUP, 7, bare));
        step();
        EXPECT_EQ(m_scene->flow().screen(), Screen::Playing);
        ASSERT_NE(m_scene->flow().simulation(), nullptr);
        EXPECT_TRUE(m_scene->flow().session().playerSession()) << "a player's game, not the demo";
        EXPECT_EQ(m_scene->flow().simulation()->settings().players, 1);
    }
}

} // namespace
} // namespace invaders
