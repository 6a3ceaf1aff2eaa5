// The game's screens as drawn, driven through the same inputs as play: golden images of every screen a
// player meets (looked at when made), at 1280 x 720 and 1920 x 1080, and the WCAG contrast of every text
// drawn over the playfield, measured on the rendered frames.
#include "flow_test_support.h"
#include "scene/game_scene.h"
#include "scene/game_scene_test_support.h"
#include "scene/pixel_box.h"
#include "ui/theme.h"

#include "actions.h"
#include "sim/asset_loader.h"

#include "engine/render/gl_test_fixture.h"
#include "engine/render/golden_image.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

namespace invaders {
namespace {

using test::PixelBox;

using test::press;

// WCAG 2 relative luminance of an sRGB colour (0..1 per channel).
float luminance(glm::vec3 srgb) {
    const auto linear = [](float c) {
        return c <= 0.04045f ? c / 12.92f : std::pow((c + 0.055f) / 1.055f, 2.4f);
    };
    return 0.2126f * linear(srgb.r) + 0.7152f * linear(srgb.g) + 0.0722f * linear(srgb.b);
}

float contrastRatio(float a, float b) {
    return (std::max(a, b) + 0.05f) / (std::min(a, b) + 0.05f);
}

// The pixels of `image` where the world box `min`..`max` lands under `camera` (clamped to the image).
PixelBox project(const vox::Camera& camera, glm::vec3 min, glm::vec3 max, const vox::Image& image) {
    return test::project(camera, min, max, {image.width, image.height});
}

float pixelLuminance(const vox::Image& image, int x, int y) {
    const uint8_t* p = &image.rgba[static_cast<size_t>((y * image.width + x) * 4)];
    return luminance(glm::vec3(p[0], p[1], p[2]) / 255.0f);
}

// The contrast of a sprite with what is around it: its brightest quarter of pixels (the object, not the
// gaps in its box) against the median of a `ring`-pixel band around its box.
float standOut(const vox::Image& image, const PixelBox& box, int ring) {
    std::vector<float> inside;
    std::vector<float> around;
    for (int y = std::max(box.min.y - ring, 0); y < std::min(box.max.y + ring, image.height); ++y) {
        for (int x = std::max(box.min.x - ring, 0); x < std::min(box.max.x + ring, image.width); ++x) {
            const bool in = x >= box.min.x && x < box.max.x && y >= box.min.y && y < box.max.y;
            (in ? inside : around).push_back(pixelLuminance(image, x, y));
        }
    }
    if (inside.empty() || around.empty())
        return 0.0f;
    std::sort(inside.begin(), inside.end());
    std::sort(around.begin(), around.end());
    const float object = inside[inside.size() * 3 / 4];
    return contrastRatio(object, around[around.size() / 2]);
}

class GameSceneTest : public vox::test::GlTest {
protected:
    // The golden images are drawn at HIGH quality, stated, so they do not depend on the driver.
    static FlowSettings highQuality() {
        FlowSettings flow;
        flow.options.quality = invaders::Quality::High;
        return flow;
    }

    std::unique_ptr<GameScene> makeScene(HighScoreTable table = {},
                                         const FlowSettings& flow = highQuality()) {
        return test::makeTestScene(flow, std::move(table));
    }

    static vox::Image render(GameScene& scene, int width = 1280, int height = 720) {
        return test::renderScene(scene, width, height);
    }

    // Plays a one-player game to its end with taps of Fire.
    static void playUntilGameOver(GameScene& scene) {
        scene.step(press(Action::Confirm));
        for (int i = 0; i < 200000 && scene.flow().screen() == Screen::Playing; ++i)
            scene.step(i % 2 == 0 ? press(Action::Fire) : vox::ActionState{});
        ASSERT_EQ(scene.flow().screen(), Screen::GameOver);
    }

    static void steps(GameScene& scene, int count) {
        for (int i = 0; i < count; ++i)
            scene.step({});
    }

    // Every text the frame drew on a backdrop or bar: its pixels (the exact text colour) against every other
    // pixel of its box, the one nearest in luminance counting, must reach `minimum` (WCAG AA: 4.5:1; AAA,
    // the high-contrast HUD's: 7:1).
    static void expectLegible(const GameScene& scene, const vox::Image& image, std::string_view what,
                              float minimum = 4.5f) {
        int measured = 0;
        for (const ui::DrawnText& text : scene.lastFrameTexts()) {
            if (!text.onBackdrop || text.text.find_first_not_of(' ') == std::string::npos)
                continue;
            const glm::vec3 color(text.color);
            const float textLuminance = luminance(color);
            float worst = 1e9f;
            int textPixels = 0;
            for (int y = std::max(text.min.y, 0); y < std::min(text.max.y, image.height); ++y) {
                for (int x = std::max(text.min.x, 0); x < std::min(text.max.x, image.width); ++x) {
                    const uint8_t* p = &image.rgba[static_cast<size_t>((y * image.width + x) * 4)];
                    const glm::vec3 pixel(p[0] / 255.0f, p[1] / 255.0f, p[2] / 255.0f);
                    if (glm::all(glm::lessThanEqual(glm::abs(pixel - color), glm::vec3(2.5f / 255.0f)))) {
                        ++textPixels;
                        continue;
                    }
                    worst = std::min(worst, contrastRatio(textLuminance, luminance(pixel)));
                }
            }
            EXPECT_GT(textPixels, 0) << what << ": \"" << text.text
                                     << "\" was not drawn where it was laid out";
            EXPECT_GE(worst, minimum)
                << what << ": \"" << text.text << "\" at " << text.min.x << "," << text.min.y;
            ++measured;
        }
        EXPECT_GT(measured, 0) << what << ": no text on a backdrop";
    }
};

// --- Golden images ----------------------------------------------------------------------------------------

TEST_F(GameSceneTest, TitleWithTheMenuAndTheControls) {
    std::unique_ptr<GameScene> scene = makeScene();
    ASSERT_TRUE(scene);
    scene->step({});
    ASSERT_EQ(scene->flow().screen(), Screen::Title);
    EXPECT_TRUE(vox::test::matchesGolden(render(*scene), "title_screen"));
}

// The score advance table's sprites sit beside their lines in both views: the centre of the bright pixels
// in a strip left of each line, within half a row of it, is that line's centre (the flat view had each
// sprite about a row above its line: the rows were placed for the 3D camera).
TEST_F(GameSceneTest, TheScoreTableSpritesSitBesideTheirLinesInBothViews) {
    for (const bool flat : {false, true}) {
        SCOPED_TRACE(flat ? "flat" : "3D");
        FlowSettings settings = highQuality();
        settings.options.flatView = flat;
        std::unique_ptr<GameScene> scene = makeScene({}, settings);
        ASSERT_TRUE(scene);
        steps(*scene, kTitleFrames + 1); // the attract cycle's second screen
        ASSERT_EQ(scene->flow().screen(), Screen::ScoreTable);
        const vox::Image image = render(*scene);
        int lines = 0;
        for (const ui::DrawnText& text : scene->lastFrameTexts()) {
            if (!text.text.starts_with("= "))
                continue;
            ++lines;
            const int lineHeight = text.max.y - text.min.y;
            const int centre = (text.min.y + text.max.y) / 2;
            const int halfRow = image.height * 85 / 2000; // the lines are 0.085 of the height apart
            int count = 0;
            long sum = 0;
            for (int y = centre - halfRow; y < centre + halfRow; ++y) {
                for (int x = text.min.x - 6 * lineHeight; x < text.min.x - lineHeight / 2; ++x) {
                    const uint8_t* p = &image.rgba[static_cast<size_t>((y * image.width + x) * 4)];
                    if (std::max({p[0], p[1], p[2]}) > 100) { // a sprite, not the night sky
                        ++count;
                        sum += y;
                    }
                }
            }
            ASSERT_GT(count, 50) << "no sprite beside \"" << text.text << "\"";
            EXPECT_NEAR(static_cast<double>(sum) / count, centre, halfRow / 3.0) << text.text;
        }
        EXPECT_EQ(lines, 4);
    }
}

// In a tall, narrow window (a phone held upright) the logo reaches further down the screen; the table's
// title goes below it, above the first line, rather than under the logo.
TEST_F(GameSceneTest, TheScoreTablesTitleClearsTheLogoInATallWindow) {
    std::unique_ptr<GameScene> scene = makeScene();
    ASSERT_TRUE(scene);
    steps(*scene, kTitleFrames + 1);
    ASSERT_EQ(scene->flow().screen(), Screen::ScoreTable);
    for (const glm::ivec2 size : {glm::ivec2(1280, 720), glm::ivec2(540, 960), glm::ivec2(400, 900)}) {
        SCOPED_TRACE(std::to_string(size.x) + "x" + std::to_string(size.y));
        render(*scene, size.x, size.y);
        const ui::FrameLayout& layout = scene->lastFrameLayout();
        ASSERT_FALSE(layout.keptClear.empty());
        const auto& texts = scene->lastFrameTexts();
        const auto title = std::find_if(texts.begin(), texts.end(), [](const ui::DrawnText& t) {
            return t.text == "*SCORE ADVANCE TABLE*";
        });
        const auto first = std::find_if(texts.begin(), texts.end(),
                                        [](const ui::DrawnText& t) { return t.text == "= ? MYSTERY"; });
        ASSERT_NE(title, texts.end());
        ASSERT_NE(first, texts.end());
        for (const ui::ScreenBox& kept : layout.keptClear) {
            const bool overlaps = title->min.x < kept.max.x && kept.min.x < title->max.x &&
                                  title->min.y < kept.max.y && kept.min.y < title->max.y;
            EXPECT_FALSE(overlaps) << "the title (" << title->min.y << " to " << title->max.y
                                   << ") over a box kept "
                                   << "clear (" << kept.min.y << " to " << kept.max.y << ")";
        }
        EXPECT_LE(title->max.y, first->min.y) << "above the first line";
    }
}

TEST_F(GameSceneTest, HighScoreTableOfTen) {
    HighScoreTable table;
    const char* names[] = {"ACE", "BOB", "CAT", "DOT", "EVE"};
    // Each row's board: the arcade's, two others, and two entries from before the table kept it.
    const std::optional<BoardSettings> boards[] = {BoardSettings{}, BoardSettings{Difficulty::Easy, 5, 1000},
                                                   BoardSettings{Difficulty::Arcade, 6, 1500}, std::nullopt,
                                                   std::nullopt};
    for (int i = 0; i < 5; ++i)
        (void)table.insert({{names[i][0], names[i][1], names[i][2]},
                            static_cast<uint32_t>(7340 - 1110 * i),
                            5 - i,
                            std::nullopt,
                            boards[i]});
    std::unique_ptr<GameScene> scene = makeScene(table);
    ASSERT_TRUE(scene);
    for (int i = 0; i < 3; ++i) // down to "HIGH SCORES"
        scene->step(press(i < 2 ? Action::MenuDown : Action::Confirm));
    ASSERT_EQ(scene->flow().screen(), Screen::HighScores);
    EXPECT_TRUE(vox::test::matchesGolden(render(*scene), "high_scores_screen"));
    const auto rowEndsWith = [&](std::string_view initials, std::string_view board) {
        const auto& texts = scene->lastFrameTexts();
        return std::any_of(texts.begin(), texts.end(), [&](const ui::DrawnText& text) {
            const std::string trimmed = text.text.substr(0, text.text.find_last_not_of(' ') + 1);
            return trimmed.find(initials) != std::string::npos && trimmed.ends_with(board);
        });
    };
    EXPECT_TRUE(rowEndsWith("ACE", " ARCADE"));
    EXPECT_TRUE(rowEndsWith("BOB", " EASY 5/1000"));
    EXPECT_TRUE(rowEndsWith("CAT", " 6/1500")) << "arcade difficulty, other switches";
    EXPECT_TRUE(rowEndsWith("DOT", " ?")) << "unknown, not assumed";
}

TEST_F(GameSceneTest, GetReadyPauseAndGameOverOverThePlayfield) {
    std::unique_ptr<GameScene> scene = makeScene();
    ASSERT_TRUE(scene);
    scene->step(press(Action::Confirm));
    steps(*scene, 60);
    const vox::Image ready = render(*scene);
    EXPECT_TRUE(vox::test::matchesGolden(ready, "get_ready"));
    expectLegible(*scene, ready, "get ready");
    steps(*scene, 200);
    scene->step(press(Action::Pause));
    ASSERT_EQ(scene->flow().screen(), Screen::Paused);
    const vox::Image paused = render(*scene);
    EXPECT_TRUE(vox::test::matchesGolden(paused, "pause_screen"));
    expectLegible(*scene, paused, "pause");
    // The same screen at 1080p: the layout scales (3 screen pixels per font pixel) and stays on screen.
    const vox::Image large = render(*scene, 1920, 1080);
    EXPECT_TRUE(vox::test::matchesGolden(large, "pause_screen_1080p"));
    expectLegible(*scene, large, "pause at 1080p");
}

TEST_F(GameSceneTest, OptionsAndControls) {
    std::unique_ptr<GameScene> scene = makeScene();
    ASSERT_TRUE(scene);
    scene->setDisplay({.vsync = false, .fullscreen = false}); // the driver refused vsync
    scene->step(press(Action::Back));
    ASSERT_EQ(scene->flow().screen(), Screen::Options);
    scene->step(press(Action::MenuDown));
    EXPECT_TRUE(vox::test::matchesGolden(render(*scene), "options_screen"));
    while (scene->flow().selectedItem() != "CONTROLS")
        scene->step(press(Action::MenuDown));
    scene->step(press(Action::Confirm));
    ASSERT_EQ(scene->flow().screen(), Screen::Controls);
    scene->step(press(Action::MenuDown));
    scene->step(press(Action::MenuDown));
    scene->step(press(Action::Confirm)); // listening for Fire's new key
    ASSERT_TRUE(scene->flow().listeningForKey());
    EXPECT_TRUE(vox::test::matchesGolden(render(*scene), "controls_screen"));
}

// True when the latest frame drew `label`.
bool drew(const GameScene& scene, std::string_view label) {
    const auto& texts = scene.lastFrameTexts();
    return std::any_of(texts.begin(), texts.end(),
                       [&](const ui::DrawnText& text) { return text.text == label; });
}

// GAME SETTINGS: each value with the factory setting marked, what the selected row does, and whether the
// board is the arcade's.
TEST_F(GameSceneTest, GameSettingsMarkTheArcadesValues) {
    std::unique_ptr<GameScene> scene = makeScene();
    ASSERT_TRUE(scene);
    // A value as drawn: the selected row's between arrows, the others padded to the same width.
    const auto drewValue = [&](std::string_view value) {
        const auto& texts = scene->lastFrameTexts();
        return std::any_of(texts.begin(), texts.end(), [&](const ui::DrawnText& text) {
            return text.text == "\u2190 " + std::string(value) + " \u2192" ||
                   text.text == "  " + std::string(value) + "  ";
        });
    };
    scene->step(press(Action::Back));
    ASSERT_EQ(scene->flow().screen(), Screen::Options);
    for (int i = 0; i < 20 && scene->flow().selectedItem() != "GAME SETTINGS"; ++i)
        scene->step(press(Action::MenuDown));
    scene->step(press(Action::Confirm));
    ASSERT_EQ(scene->flow().screen(), Screen::GameSettings);
    render(*scene);
    EXPECT_TRUE(drewValue("ARCADE (ARCADE)"));
    EXPECT_TRUE(drewValue("3 (ARCADE)"));
    EXPECT_TRUE(drewValue("1500 (ARCADE)"));
    EXPECT_TRUE(drew(*scene, "THE ARCADE'S OWN SETTINGS"));
    EXPECT_TRUE(drew(*scene, "EASY AND HARD CHANGE THE INVADERS' SHOTS")) << "the selected row's hint";
    scene->step(press(Action::MenuDown));
    scene->step(press(Action::MenuRight)); // 4 ships
    scene->step(press(Action::MenuDown));
    const vox::Image changed = render(*scene);
    EXPECT_TRUE(vox::test::matchesGolden(changed, "game_settings_screen"));
    expectLegible(*scene, changed, "game settings");
    EXPECT_TRUE(drewValue("4")) << "no mark: not the arcade's";
    EXPECT_TRUE(drew(*scene, "NOT THE ARCADE'S SETTINGS"));
    EXPECT_TRUE(drew(*scene, "THE SCORE THAT GIVES THE ONE EXTRA SHIP (DIP SWITCH 5)"));
}

TEST_F(GameSceneTest, GameOverThenANewHighScoreThenASecondPlace) {
    std::unique_ptr<GameScene> scene = makeScene();
    ASSERT_TRUE(scene);
    playUntilGameOver(*scene);
    steps(*scene, 30);
    const vox::Image over = render(*scene);
    EXPECT_TRUE(vox::test::matchesGolden(over, "game_over"));
    expectLegible(*scene, over, "game over");
    steps(*scene, kGameOverFrames + kInputDelayFrames);
    ASSERT_EQ(scene->flow().screen(), Screen::EnterInitials);
    scene->keyPressed(SDL_SCANCODE_V);
    scene->step({});
    const vox::Image initials = render(*scene);
    EXPECT_TRUE(vox::test::matchesGolden(initials, "initials_new_high_score"));
    expectLegible(*scene, initials, "new high score");

    // A table whose best is out of reach: the place, not "NEW HIGH SCORE".
    HighScoreTable table;
    (void)table.insert({{'T', 'O', 'P'}, 9000, 9});
    std::unique_ptr<GameScene> second = makeScene(table);
    ASSERT_TRUE(second);
    playUntilGameOver(*second);
    steps(*second, kGameOverFrames + 1);
    ASSERT_EQ(second->flow().screen(), Screen::EnterInitials);
    const vox::Image place = render(*second);
    expectLegible(*second, place, "initials, second place");
    const auto& texts = second->lastFrameTexts();
    EXPECT_TRUE(std::any_of(texts.begin(), texts.end(),
                            [](const ui::DrawnText& t) { return t.text == "2ND PLACE"; }));
    EXPECT_TRUE(std::none_of(texts.begin(), texts.end(),
                             [](const ui::DrawnText& t) { return t.text == "NEW HIGH SCORE"; }));
}

// A player on a controller is shown its buttons: once a controller button was the last thing pressed, the
// hints say A, B and START where they said ENTER, ESC and the pause keys; a key press brings the keys back.
TEST_F(GameSceneTest, HintsNameTheControllersButtonsWhileOneIsInUse) {
    std::unique_ptr<GameScene> scene = makeScene();
    ASSERT_TRUE(scene);
    const auto keyCaps = [&] {
        std::vector<std::string> caps;
        for (const ui::DrawnText& text : scene->lastFrameTexts())
            if (text.color == ui::theme::kKeyCapText)
                caps.push_back(text.text);
        return caps;
    };
    const auto has = [](const std::vector<std::string>& caps, std::string_view cap) {
        return std::find(caps.begin(), caps.end(), cap) != caps.end();
    };
    (void)render(*scene); // the title: how to play, and the menu keys
    std::vector<std::string> caps = keyCaps();
    EXPECT_TRUE(has(caps, "ENTER"));
    EXPECT_TRUE(has(caps, "ESC"));
    EXPECT_TRUE(has(caps, "SPACE")) << "fire";
    EXPECT_FALSE(has(caps, "A"));

    scene->buttonPressed();
    const vox::Image image = render(*scene);
    caps = keyCaps();
    EXPECT_TRUE(has(caps, "A")) << "choose, fire";
    EXPECT_TRUE(has(caps, "B")) << "options";
    EXPECT_TRUE(has(caps, "START")) << "pause";
    EXPECT_TRUE(has(caps, "D-PAD / STICK")) << "move";
    EXPECT_TRUE(has(caps, "↑↓")) << "the d-pad's arrows are the arrow keys'";
    EXPECT_FALSE(has(caps, "ENTER"));
    EXPECT_FALSE(has(caps, "ESC"));
    expectLegible(*scene, image, "title with a controller's hints");

    scene->step(press(Action::Confirm)); // in play: the pause hint
    steps(*scene, 200);
    (void)render(*scene);
    EXPECT_TRUE(has(keyCaps(), "START"));

    scene->keyPressed(SDL_SCANCODE_LEFT);
    (void)render(*scene);
    caps = keyCaps();
    EXPECT_FALSE(has(caps, "START")) << "a key was pressed: keys again";
    EXPECT_TRUE(has(caps, "P / ESC"));
}

TEST_F(GameSceneTest, OptionsSayWhenTheDriverRefusedVsync) {
    std::unique_ptr<GameScene> scene = makeScene();
    ASSERT_TRUE(scene);
    scene->step(press(Action::Back));
    const auto shows = [&](std::string_view value) {
        (void)render(*scene);
        const auto& texts = scene->lastFrameTexts();
        return std::any_of(texts.begin(), texts.end(),
                           [&](const ui::DrawnText& t) { return t.text.find(value) != std::string::npos; });
    };
    scene->setDisplay({.vsync = true, .fullscreen = false});
    EXPECT_FALSE(shows("NOT AVAILABLE"));
    scene->setDisplay({.vsync = false, .fullscreen = false});
    EXPECT_TRUE(shows("OFF (NOT AVAILABLE)"));
}

TEST_F(GameSceneTest, TheFpsCounterIsDrawnOnlyWhenSetLegibleAndClearOfTheHud) {
    std::unique_ptr<GameScene> scene = makeScene();
    ASSERT_TRUE(scene);
    scene->step(press(Action::Confirm));
    steps(*scene, 200); // in play: the HUD above and below the playfield, the hint bar
    const auto counter = [&]() -> const ui::DrawnText* {
        const auto& texts = scene->lastFrameTexts();
        const auto found = std::find_if(texts.begin(), texts.end(),
                                        [](const ui::DrawnText& t) { return t.text.ends_with(" MS"); });
        return found == texts.end() ? nullptr : &*found;
    };
    (void)render(*scene);
    EXPECT_EQ(counter(), nullptr) << "no --fps: no counter";

    scene->setFrameRateText("60 FPS  16.7 MS");
    // 16:9 and 4:3 windows; in a very small one (640 x 360) the playfield reaches the corner and the
    // lives row may share it.
    for (const glm::ivec2 size : {glm::ivec2(1280, 720), glm::ivec2(1920, 1080), glm::ivec2(1024, 768)}) {
        SCOPED_TRACE(testing::Message() << size.x << "x" << size.y);
        const vox::Image image = render(*scene, size.x, size.y);
        const ui::DrawnText* drawn = counter();
        ASSERT_NE(drawn, nullptr);
        EXPECT_EQ(drawn->text, "60 FPS  16.7 MS");
        EXPECT_TRUE(drawn->onBackdrop);
        EXPECT_GE(drawn->min.x, 0);
        EXPECT_LE(drawn->max.y, size.y);
        for (const ui::DrawnText& other : scene->lastFrameTexts()) {
            if (&other == drawn)
                continue;
            const bool overlaps = glm::all(glm::lessThan(drawn->min, other.max)) &&
                                  glm::all(glm::lessThan(other.min, drawn->max));
            EXPECT_FALSE(overlaps) << "the counter covers \"" << other.text << "\"";
        }
        expectLegible(*scene, image, "fps counter");
    }

    scene->setFrameRateText("");
    (void)render(*scene);
    EXPECT_EQ(counter(), nullptr);
}

TEST_F(GameSceneTest, TheHudKeepsItsPlaceAtEverySize) {
    std::unique_ptr<GameScene> scene = makeScene();
    ASSERT_TRUE(scene);
    scene->step(press(Action::Confirm));
    steps(*scene, 200);
    for (const glm::ivec2 size : {glm::ivec2(1280, 720), glm::ivec2(1920, 1080), glm::ivec2(800, 600),
                                  glm::ivec2(640, 360), glm::ivec2(1024, 768), glm::ivec2(720, 1280)}) {
        SCOPED_TRACE(testing::Message() << size.x << "x" << size.y);
        (void)render(*scene, size.x, size.y);
        int found = 0;
        for (const ui::DrawnText& text : scene->lastFrameTexts()) {
            EXPECT_GE(text.min.x, 0) << text.text;
            EXPECT_GE(text.min.y, 0) << text.text;
            EXPECT_LE(text.max.x, size.x) << text.text;
            EXPECT_LE(text.max.y, size.y) << text.text;
            found += text.text == "HI-SCORE" || text.text == "WAVE" || text.text.starts_with("SCORE");
        }
        EXPECT_EQ(found, 3) << "score, hi-score and wave";
    }
}

TEST_F(GameSceneTest, TheCannonAndEveryShotStandOutFromWhatIsBehindThem) {
    std::unique_ptr<GameScene> scene = makeScene();
    ASSERT_TRUE(scene);
    scene->step(press(Action::Confirm));
    steps(*scene, 200); // the cannon is on the ground
    scene->step(press(Action::Fire));
    int measuredAlienShots = 0;
    for (int frame = 0; frame < 6; ++frame) {
        steps(*scene, 5);
        const vox::Image image = render(*scene);
        const vox::Camera camera = scene->debugView().camera;
        const Simulation& simulation = *scene->flow().simulation();
        SCOPED_TRACE(testing::Message() << "step " << 200 + 5 * frame);
        const Cannon& cannon = simulation.cannon();
        ASSERT_EQ(cannon.phase, CannonPhase::Alive);
        const glm::vec3 at(glm::vec2(cannon.placement), 0.0f);
        const float cannonContrast =
            standOut(image, project(camera, at + glm::vec3(0, 0, -3), at + glm::vec3(15, 8, 3), image), 6);
        EXPECT_GE(cannonContrast, 3.0f) << "the cannon";
        const PlayerShot& shot = simulation.playerShot();
        if (shot.phase == ShotPhase::Flying) {
            const glm::vec3 tip(static_cast<float>(shot.position.x), static_cast<float>(shot.position.y),
                                0.0f);
            const PixelBox box = project(camera, tip + glm::vec3(-1, 0, -1), tip + glm::vec3(1, 4, 1), image);
            EXPECT_GE(box.max.x - box.min.x, 2) << "at least 2 pixels wide at 720p";
            EXPECT_GE(standOut(image, box, 6), 3.0f) << "the player's shot";
        }
        for (const AlienShot& alien : simulation.alienShots()) {
            if (!alien.active)
                continue;
            const glm::vec3 tip(static_cast<float>(alien.position.x), static_cast<float>(alien.position.y),
                                0.0f);
            EXPECT_GE(standOut(image,
                               project(camera, tip + glm::vec3(-1, 0, -1), tip + glm::vec3(2, 7, 1), image),
                               6),
                      3.0f)
                << "an alien shot at " << alien.position.x << "," << alien.position.y;
            ++measuredAlienShots;
        }
        if (frame == 1) {
            EXPECT_EQ(shot.phase, ShotPhase::Flying) << "the shot fired at step 200 is in flight";
        }
    }
    EXPECT_GT(measuredAlienShots, 0);
}

TEST_F(GameSceneTest, ThePlayfieldIn3DAndArcadeFlatViews) {
    for (const bool flat : {false, true}) {
        FlowSettings settings = highQuality();
        settings.options.flatView = flat;
        std::unique_ptr<GameScene> scene = makeScene({}, settings);
        ASSERT_TRUE(scene);
        scene->step(press(Action::Confirm));
        for (int i = 0; i < 400; ++i) // walk right and shoot: a swayed camera, a shot in flight
            scene->step(i % 40 == 0 ? press(Action::Fire)
                                    : vox::ActionState{0, vox::ActionState::bit(Action::Right), 0});
        EXPECT_TRUE(vox::test::matchesGolden(render(*scene), flat ? "play_flat_view" : "play_3d_view"));
    }
}

// One play frame at each quality: an invader just shot (debris in the air), shots in flight, the HUD. LOW
// must still look good: shots and silhouettes clear, the HUD exactly as sharp (drawn at full resolution).
TEST_F(GameSceneTest, APlayFrameAtLowAndHighQuality) {
    for (const Quality quality : {Quality::Low, Quality::High}) {
        SCOPED_TRACE(invaders::qualityName(quality));
        FlowSettings settings;
        settings.options.quality = quality;
        std::unique_ptr<GameScene> scene = makeScene({}, settings);
        ASSERT_TRUE(scene);
        scene->step(press(Action::Confirm));
        int kills = 0;
        for (int i = 0; i < 3000 && kills < 2; ++i) { // walk right and fire until the second kill
            scene->step(i % 2 == 0 ? press(Action::Fire)
                                   : vox::ActionState{0, vox::ActionState::bit(Action::Right), 0});
            for (const SimEvent& event : scene->flow().events())
                kills += event.type == SimEventType::InvaderKilled ? 1 : 0;
        }
        ASSERT_EQ(kills, 2);
        steps(*scene, 6); // the debris in the air
        const vox::Image image = render(*scene);
        EXPECT_TRUE(vox::test::matchesGolden(image, quality == Quality::Low ? "play_quality_low"
                                                                            : "play_quality_high"));
        expectLegible(*scene, image, "play");
    }
}

// AUTO says what it chose; QUALITY and RENDER SCALE change the picture from the next frame.
TEST_F(GameSceneTest, OptionsShowWhatAutoQualityChoseAndApplyItLive) {
    FlowSettings settings;
    settings.options.quality = Quality::Auto;
    std::unique_ptr<GameScene> scene = makeScene({}, settings);
    ASSERT_TRUE(scene);
    scene->step(press(Action::Back));
    ASSERT_EQ(scene->flow().screen(), Screen::Options);
    while (scene->flow().selectedItem() != "QUALITY")
        scene->step(press(Action::MenuDown));
    const auto shows = [&](std::string_view value) {
        const auto& texts = scene->lastFrameTexts();
        return std::any_of(texts.begin(), texts.end(),
                           [&](const ui::DrawnText& t) { return t.text.find(value) != std::string::npos; });
    };
    // The ground left of the options panel (the bottom 40 rows' first 240 pixels, under the ground line's
    // glow): the 3D scene alone, and still (the stars above twinkle).
    const auto ground = [&] {
        const vox::Image image = render(*scene);
        std::vector<uint8_t> pixels;
        for (int y = image.height - 40; y < image.height; ++y) {
            const auto row = image.rgba.begin() + static_cast<std::ptrdiff_t>(y) * image.width * 4;
            pixels.insert(pixels.end(), row, row + 240 * 4);
        }
        return pixels;
    };
    scene->setDisplay({.vsync = true, .fullscreen = false, .softwareRenderer = false});
    const std::vector<uint8_t> full = ground();
    EXPECT_TRUE(shows("AUTO (HIGH: GPU)"));
    EXPECT_TRUE(shows("AUTO (100%)"));
    scene->setDisplay({.vsync = true, .fullscreen = false, .softwareRenderer = true});
    const std::vector<uint8_t> reduced = ground();
    EXPECT_TRUE(shows("AUTO (LOW: SOFTWARE RENDERER)"));
    EXPECT_TRUE(shows("AUTO (65%)"));
    EXPECT_NE(reduced, full) << "LOW draws the scene at 65 %";

    scene->step(press(Action::MenuRight));
    EXPECT_EQ(scene->flow().options().quality, Quality::Low);
    EXPECT_EQ(ground(), reduced);
    EXPECT_TRUE(shows("LOW"));
    scene->step(press(Action::MenuRight));
    EXPECT_EQ(scene->flow().options().quality, Quality::High);
    EXPECT_EQ(ground(), full) << "HIGH on any driver is the GPU's AUTO";
    EXPECT_TRUE(shows("HIGH"));
    scene->step(press(Action::MenuDown));
    ASSERT_EQ(scene->flow().selectedItem(), "RENDER SCALE");
    scene->step(press(Action::MenuLeft)); // AUTO -> 100%
    EXPECT_EQ(scene->flow().options().renderScale, 1.0f);
    EXPECT_EQ(ground(), full);
    scene->step(press(Action::MenuLeft));
    EXPECT_EQ(scene->flow().options().renderScale, 0.9f);
    EXPECT_NE(ground(), full);
    EXPECT_TRUE(shows("90%"));
}

// Frames between steps draw the moving cannon part of the way through its latest move (the clock's alpha),
// so it glides at any frame rate; paused, it stands still whatever the alpha.
TEST_F(GameSceneTest, TheCannonIsDrawnBetweenStepsAndStillWhilePaused) {
    std::unique_ptr<GameScene> scene = makeScene();
    ASSERT_TRUE(scene);
    scene->step(press(Action::Confirm));
    const vox::ActionState right{0, vox::ActionState::bit(Action::Right), 0};
    for (int i = 0; i < 200 && scene->flow().simulation()->cannon().phase != CannonPhase::Alive; ++i)
        scene->step(right);
    for (int i = 0; i < 30; ++i)
        scene->step(right);
    const Cannon& cannon = scene->flow().simulation()->cannon();
    ASSERT_EQ(cannon.phase, CannonPhase::Alive);
    ASSERT_NE(cannon.placement, cannon.previousPlacement) << "moving";
    const vox::Image latest = render(*scene, 640, 360);
    const vox::Image between = [&] {
        vox::RenderTarget target = makeTarget(640, 360);
        scene->render(640, 360, 0.0);
        return target.readImage();
    }();
    EXPECT_NE(between.rgba, latest.rgba) << "alpha 0 draws the cannon where it was a step ago";
    EXPECT_EQ(render(*scene, 640, 360).rgba, latest.rgba) << "alpha 1 is the latest step";

    scene->step(press(Action::Pause));
    ASSERT_EQ(scene->flow().screen(), Screen::Paused);
    const vox::Image paused = render(*scene, 640, 360);
    vox::RenderTarget target = makeTarget(640, 360);
    scene->render(640, 360, 0.0);
    EXPECT_EQ(target.readImage().rgba, paused.rgba) << "paused: nothing moves back and forth";
}

TEST_F(GameSceneTest, DebrisTwoSecondsAfterAKillHasSettledAndFaded) {
    std::unique_ptr<GameScene> scene = makeScene();
    ASSERT_TRUE(scene);
    scene->step(press(Action::Confirm));
    int32_t atKill = 0;
    for (int i = 0; i < 3000 && atKill == 0; ++i) { // fire until an invader blows up
        scene->step(i % 2 == 0 ? press(Action::Fire) : vox::ActionState{});
        for (const SimEvent& event : scene->flow().events())
            if (event.type == SimEventType::InvaderKilled)
                atKill = scene->debris().size();
    }
    ASSERT_GT(atKill, 0);
    steps(*scene, 140);
    // Alien bombs keep eroding the shields (fresh debris), but nothing from the kill 2.3 s ago is left.
    for (const vox::DebrisParticle& particle : scene->debris().particles())
        EXPECT_LT(particle.age, 135) << "a particle outlived about 2 s";
    EXPECT_TRUE(vox::test::matchesGolden(render(*scene), "debris_after_2s"));
}

TEST_F(GameSceneTest, DebrisFreezesWhilePausedAndBelongsToItsGame) {
    std::unique_ptr<GameScene> scene = makeScene();
    ASSERT_TRUE(scene);
    scene->step(press(Action::Confirm));
    for (int i = 0; i < 3000 && scene->debris().size() == 0; ++i) // fire until something blows up
        scene->step(i % 2 == 0 ? press(Action::Fire) : vox::ActionState{});
    ASSERT_GT(scene->debris().size(), 0);
    scene->step(press(Action::Pause));
    ASSERT_EQ(scene->flow().screen(), Screen::Paused);
    const auto snapshot = [&] {
        const auto particles = scene->debris().particles();
        std::vector<glm::vec3> positions;
        for (const vox::DebrisParticle& p : particles)
            positions.push_back(p.position);
        return positions;
    };
    const std::vector<glm::vec3> paused = snapshot();
    steps(*scene, 30);
    EXPECT_EQ(snapshot(), paused) << "debris stands still while paused";
    scene->step(press(Action::Pause)); // resume
    steps(*scene, 2);
    EXPECT_NE(snapshot(), paused) << "and moves again on resume";
    scene->step(press(Action::Pause));
    scene->step(press(Action::MenuUp)); // "quit to title"
    scene->step(press(Action::Confirm));
    ASSERT_EQ(scene->flow().screen(), Screen::Title);
    EXPECT_EQ(scene->debris().size(), 0) << "no debris across the title";
    scene->step(press(Action::Confirm));
    ASSERT_EQ(scene->flow().screen(), Screen::Playing);
    EXPECT_EQ(scene->debris().size(), 0) << "none on the first frame of a new game";
}

// --- The accessibility options
// ------------------------------------------------------------------------------

// The box `label` was drawn in by the latest frame; fails when it was not drawn.
ui::DrawnText drawnText(const GameScene& scene, std::string_view label) {
    for (const ui::DrawnText& text : scene.lastFrameTexts())
        if (text.text == label)
            return text;
    ADD_FAILURE() << "\"" << label << "\" not drawn";
    return {};
}

// Selects the row `label` of the screen shown, with Down.
void selectRow(GameScene& scene, std::string_view label) {
    for (int i = 0; i < 20 && scene.flow().selectedItem() != label; ++i)
        scene.step(press(Action::MenuDown));
    ASSERT_EQ(scene.flow().selectedItem(), label);
}

// An empty table browsed from the title offers only the way back: no row to choose, no run to WATCH.
TEST_F(GameSceneTest, AnEmptyTableOffersOnlyBack) {
    std::unique_ptr<GameScene> scene = makeScene();
    ASSERT_TRUE(scene);
    for (int i = 0; i < 3; ++i) // down to "HIGH SCORES"
        scene->step(press(i < 2 ? Action::MenuDown : Action::Confirm));
    ASSERT_EQ(scene->flow().screen(), Screen::HighScores);
    render(*scene);
    for (const ui::DrawnText& text : scene->lastFrameTexts()) {
        EXPECT_NE(text.text, "WATCH");
        EXPECT_NE(text.text, "CHOOSE");
    }
    EXPECT_GT(drawnText(*scene, "BACK").max.y, 0);
}

TEST_F(GameSceneTest, AccessibilityRowsApplyToTheMenuInTheFrameAfterTheChange) {
    std::unique_ptr<GameScene> scene = makeScene();
    ASSERT_TRUE(scene);
    scene->step(press(Action::Back));
    ASSERT_EQ(scene->flow().screen(), Screen::Options);
    selectRow(*scene, "ACCESSIBILITY");
    scene->step(press(Action::Confirm));
    ASSERT_EQ(scene->flow().screen(), Screen::Accessibility);
    const vox::Image normal = render(*scene);
    EXPECT_TRUE(vox::test::matchesGolden(normal, "accessibility_screen"));
    expectLegible(*scene, normal, "accessibility");
    // The selected row says what it does.
    EXPECT_GT(drawnText(*scene, "ON: THE VIEW NEITHER SWAYS NOR SHAKES").max.y, 0);
    const ui::DrawnText normalRow = drawnText(*scene, "REDUCE MOTION");

    // TEXT SIZE LARGE: the very next frame's lines are half as tall again.
    selectRow(*scene, "TEXT SIZE");
    render(*scene);
    EXPECT_GT(drawnText(*scene, "LARGE: TEXT AND SCORES HALF AS LARGE AGAIN").max.y, 0) << "its hint";
    scene->step(press(Action::MenuRight));
    ASSERT_TRUE(scene->flow().options().largeText);
    const vox::Image large = render(*scene);
    EXPECT_TRUE(vox::test::matchesGolden(large, "accessibility_large_text"));
    expectLegible(*scene, large, "accessibility, large text");
    const ui::DrawnText largeRow = drawnText(*scene, "REDUCE MOTION");
    const int32_t normalHeight = normalRow.max.y - normalRow.min.y;
    const int32_t largeHeight = largeRow.max.y - largeRow.min.y;
    EXPECT_GE(largeHeight * 2, normalHeight * 3) << "normal " << normalHeight << " px, large " << largeHeight;
    EXPECT_GT(largeRow.max.x - largeRow.min.x, normalRow.max.x - normalRow.min.x);
    scene->step(press(Action::MenuLeft));
    ASSERT_FALSE(scene->flow().options().largeText);
    render(*scene);
    const ui::DrawnText backRow = drawnText(*scene, "REDUCE MOTION");
    EXPECT_EQ(backRow.max - backRow.min, normalRow.max - normalRow.min) << "and back to normal at once";
}

// For each column of `xs`, how many of the rows `ys` are white: a straight edge of a white fill gives the
// same count in every column.
std::vector<int> whiteRowsPerColumn(const vox::Image& image, glm::ivec2 xs, glm::ivec2 ys) {
    std::vector<int> counts;
    for (int x = xs.x; x < xs.y; ++x) {
        int white = 0;
        for (int y = ys.x; y < ys.y; ++y) {
            const uint8_t* p = &image.rgba[static_cast<size_t>((y * image.width + x) * 4)];
            white += std::min({p[0], p[1], p[2]}) > 240;
        }
        counts.push_back(white);
    }
    return counts;
}

// High contrast draws text over the scene on a box of the opposite brightness; drawn on a white selection
// bar or key cap the box stuck out of the fill's edge by a pixel or two (a notch above the table's selected
// row, below each key cap), and the next row's black box cut into the bar's bottom. The edges are straight:
// the same number of white rows just outside the text in every column.
TEST_F(GameSceneTest, HighContrastBarsAndKeyCapsHaveStraightEdges) {
    HighScoreTable table;
    (void)table.insert({{'A', 'C', 'E'}, 7340u, 5});
    FlowSettings settings = highQuality();
    settings.options.highContrastHud = true;
    std::unique_ptr<GameScene> scene = makeScene(table, settings);
    ASSERT_TRUE(scene);
    for (int i = 0; i < 3; ++i) // down to "HIGH SCORES", whose first row is selected
        scene->step(press(i < 2 ? Action::MenuDown : Action::Confirm));
    ASSERT_EQ(scene->flow().screen(), Screen::HighScores);
    const vox::Image image = render(*scene);
    const int pixel = image.height / 360; // the HUD's pixels per font pixel
    const auto expectStraight = [&](const ui::DrawnText& text, glm::ivec2 ys, std::string_view edge) {
        const std::vector<int> counts =
            whiteRowsPerColumn(image, {text.min.x - 2 * pixel, text.max.x + 2 * pixel}, ys);
        ASSERT_FALSE(counts.empty());
        EXPECT_EQ(*std::min_element(counts.begin(), counts.end()),
                  *std::max_element(counts.begin(), counts.end()))
            << edge << " of \"" << text.text << "\" is not straight";
    };
    bool row = false;
    bool cap = false;
    for (const ui::DrawnText& text : scene->lastFrameTexts()) {
        if (text.text.starts_with("1ST")) { // black on the white bar: its top edge
            row = true;
            expectStraight(text, {text.min.y - 3 * pixel, text.min.y}, "the top edge of the bar");
            expectStraight(text, {text.max.y, text.max.y + 6 * pixel}, "the bottom edge of the bar");
        } else if (text.text == "ESC") { // on its white cap: the cap's bottom edge
            cap = true;
            expectStraight(text, {text.max.y, text.max.y + 3 * pixel}, "the bottom edge of the cap");
        }
    }
    EXPECT_TRUE(row && cap) << "the selected row and the ESC key cap were drawn";
}

TEST_F(GameSceneTest, TheHighContrastRowMakesEveryTextSevenToOneOverThePausedGame) {
    std::unique_ptr<GameScene> scene = makeScene();
    ASSERT_TRUE(scene);
    scene->step(press(Action::Confirm));
    steps(*scene, 260);
    scene->step(press(Action::Pause));
    scene->step(press(Action::MenuDown)); // OPTIONS
    scene->step(press(Action::Confirm));
    ASSERT_EQ(scene->flow().screen(), Screen::Options);
    selectRow(*scene, "ACCESSIBILITY");
    scene->step(press(Action::Confirm));
    ASSERT_EQ(scene->flow().screen(), Screen::Accessibility);
    ASSERT_EQ(scene->flow().scenery(), Scenery::Playfield) << "the paused game behind it, as a preview";
    render(*scene);
    const auto coloured = [&] { // texts in a colour other than white or black
        int count = 0;
        for (const ui::DrawnText& text : scene->lastFrameTexts()) {
            const glm::vec3 color(text.color);
            count += color != glm::vec3(1.0f) && color != glm::vec3(0.0f);
        }
        return count;
    };
    EXPECT_GT(coloured(), 0) << "normal: the theme's colours";
    selectRow(*scene, "HIGH-CONTRAST HUD");
    scene->step(press(Action::Confirm));
    ASSERT_TRUE(scene->flow().options().highContrastHud);
    const vox::Image contrast = render(*scene);
    EXPECT_TRUE(vox::test::matchesGolden(contrast, "accessibility_high_contrast"));
    EXPECT_EQ(coloured(), 0) << "every text white or black, from the frame after the change";
    expectLegible(*scene, contrast, "accessibility, high contrast (the HUD and the menu)", 7.0f);
    scene->step(press(Action::Back));
    ASSERT_EQ(scene->flow().screen(), Screen::Options);
    EXPECT_EQ(scene->flow().selectedItem(), "ACCESSIBILITY") << "the options as they were left";
}

} // namespace
} // namespace invaders
