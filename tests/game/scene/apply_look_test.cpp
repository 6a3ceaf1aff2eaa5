// The accessibility and view settings on rendered frames (apply_look.h): reduced motion keeps the camera
// still while the cannon moves; without flashes no frame's brightness jumps; the colour-blind palette and
// the cabinet's gels show where they should and apply from the next frame; the high-contrast HUD reaches
// 7:1 everywhere; large text is half as large again; the visible beat pulses the ground line with each
// march note. Golden images of each (looked at when made).
#include "../flow_test_support.h"
#include "game_scene_test_support.h"
#include "pixel_box.h"
#include "scene/apply_look.h"
#include "scene/apply_quality.h"
#include "scene/color_blind_palette.h"
#include "scene/game_scene.h"

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
using test::project;

using test::press;

vox::ActionState holdRight(bool fire) {
    vox::ActionState state{0, vox::ActionState::bit(Action::Right), 0};
    if (fire) {
        state.pressedBits |= vox::ActionState::bit(Action::Fire);
        state.heldBits |= vox::ActionState::bit(Action::Fire);
    }
    return state;
}

bool hadEvent(const GameScene& scene, SimEventType type) {
    for (const SimEvent& event : scene.flow().events())
        if (event.type == type)
            return true;
    return false;
}

// WCAG 2 relative luminance of an sRGB colour (0..1 per channel).
float luminance(glm::vec3 srgb) {
    const auto linear = [](float c) {
        return c <= 0.04045f ? c / 12.92f : std::pow((c + 0.055f) / 1.055f, 2.4f);
    };
    return 0.2126f * linear(srgb.r) + 0.7152f * linear(srgb.g) + 0.0722f * linear(srgb.b);
}

glm::vec3 pixelColor(const vox::Image& image, int x, int y) {
    const uint8_t* p = image.pixel(x, y);
    return glm::vec3(p[0], p[1], p[2]) / 255.0f;
}

// Mean sRGB colour (0..1) of the pixels of `min`..`max` (clamped to the image).
glm::vec3 meanColor(const vox::Image& image, glm::ivec2 min, glm::ivec2 max) {
    min = glm::clamp(min, glm::ivec2(0), glm::ivec2(image.width, image.height));
    max = glm::clamp(max, glm::ivec2(0), glm::ivec2(image.width, image.height));
    glm::vec3 sum(0.0f);
    for (int y = min.y; y < max.y; ++y)
        for (int x = min.x; x < max.x; ++x)
            sum += pixelColor(image, x, y);
    const int count = std::max(1, (max.x - min.x) * (max.y - min.y));
    return sum / static_cast<float>(count);
}

// Mean brightness (sRGB, 0..1) of a whole frame.
float meanBrightness(const vox::Image& image) {
    const glm::vec3 mean = meanColor(image, {0, 0}, {image.width, image.height});
    return (mean.r + mean.g + mean.b) / 3.0f;
}

class ApplyLookTest : public vox::test::GlTest {
protected:
    static std::unique_ptr<GameScene> makeScene(const Settings& options) {
        FlowSettings flow;
        flow.options = options;
        flow.options.quality = Quality::High; // the goldens do not depend on the driver
        return test::makeTestScene(flow);
    }

    static vox::Image render(GameScene& scene, int width = 1280, int height = 720) {
        return test::renderScene(scene, width, height);
    }

    // A game started and played for `count` steps, walking right and firing every 40th step.
    static std::unique_ptr<GameScene> playing(const Settings& options, int count = 400) {
        std::unique_ptr<GameScene> scene = makeScene(options);
        if (!scene)
            return nullptr;
        scene->step(press(Action::Confirm));
        for (int i = 0; i < count; ++i)
            scene->step(holdRight(i % 40 == 0));
        return scene;
    }
};

// --- Reduce motion ------------------------------------------------------------------------------------

// With reduced motion the camera does not move while the cannon walks right and shots hit (no sway, no
// shake); without it, the same play moves the camera.
TEST_F(ApplyLookTest, ReducedMotionKeepsTheCameraStillWhileTheCannonMoves) {
    for (const bool reduce : {false, true}) {
        SCOPED_TRACE(reduce ? "reduced motion" : "full motion");
        Settings options;
        options.reduceMotion = reduce;
        std::unique_ptr<GameScene> scene = makeScene(options);
        ASSERT_TRUE(scene);
        scene->step(press(Action::Confirm));
        std::vector<glm::mat4> cameras;
        std::vector<int32_t> cannonX;
        int kills = 0;
        for (int i = 0; i < 900; ++i) {
            scene->step(holdRight(i % 2 == 0));
            const bool killed = hadEvent(*scene, SimEventType::InvaderKilled);
            kills += killed ? 1 : 0;
            if (i % 50 == 0 || killed) { // every kill shakes a full-motion camera
                (void)render(*scene, 320, 180);
                cameras.push_back(scene->debugView().camera.viewProjection());
                cannonX.push_back(scene->flow().simulation()->cannon().placement.x);
            }
        }
        ASSERT_GT(kills, 0);
        EXPECT_GT(*std::max_element(cannonX.begin(), cannonX.end()),
                  *std::min_element(cannonX.begin(), cannonX.end()) + 50)
            << "the cannon moved";
        const bool still = std::all_of(cameras.begin(), cameras.end(),
                                       [&](const glm::mat4& camera) { return camera == cameras.front(); });
        EXPECT_EQ(still, reduce) << "the camera is still exactly when motion is reduced";
        if (reduce) {
            EXPECT_TRUE(vox::test::matchesGolden(render(*scene), "look_reduced_motion"));
        }
    }
}

// --- Flashes off --------------------------------------------------------------------------------------

// Without flashes no frame's mean brightness jumps by more than kMaxFrameJump from the one before, through
// an invader's explosion and the cannon's (the frames of both, each step); nor does the hit cannon's own
// box blink. With flashes the cannon's box does blink, by far more: the measure catches a flash.
TEST_F(ApplyLookTest, WithoutFlashesNoFramesBrightnessJumps) {
    constexpr float kMaxFrameJump = 0.01f;  // of the whole frame's mean, 0..1
    constexpr float kMaxCannonJump = 0.04f; // of the mean over the cannon's box
    constexpr glm::ivec2 kSize{320, 180};
    for (const bool flashes : {true, false}) {
        SCOPED_TRACE(flashes ? "flashes" : "no flashes");
        Settings options;
        options.flashes = flashes;
        options.reduceMotion = true; // the camera holds still: only the picture's light changes
        std::unique_ptr<GameScene> scene = makeScene(options);
        ASSERT_TRUE(scene);
        scene->step(press(Action::Confirm));
        float frameJump = 0.0f;
        float cannonJump = 0.0f;
        // An invader's explosion: fire until a kill, then its frames.
        int i = 0;
        while (i++ < 3000 && !hadEvent(*scene, SimEventType::InvaderKilled))
            scene->step(i % 2 == 0 ? press(Action::Fire) : vox::ActionState{});
        ASSERT_LT(i, 3000) << "no kill";
        float before = meanBrightness(render(*scene, kSize.x, kSize.y));
        for (int step = 0; step < 20; ++step) {
            scene->step({});
            const float now = meanBrightness(render(*scene, kSize.x, kSize.y));
            frameJump = std::max(frameJump, std::abs(now - before));
            before = now;
        }
        // The cannon's explosion: stand still until a shot hits it, then its frames.
        i = 0;
        while (i++ < 20000 && !hadEvent(*scene, SimEventType::PlayerHit))
            scene->step({});
        ASSERT_LT(i, 20000) << "the cannon was never hit";
        const Cannon cannon = scene->flow().simulation()->cannon();
        const glm::vec3 cannonMin(static_cast<float>(cannon.placement.x),
                                  static_cast<float>(cannon.placement.y), -2.0f);
        const glm::vec3 cannonMax = cannonMin + glm::vec3(arcade::kCannonWidth, arcade::kCannonHeight, 4.0f);
        vox::Image image = render(*scene, kSize.x, kSize.y);
        PixelBox box = project(scene->debugView().camera, cannonMin, cannonMax, kSize);
        float cannonBefore = glm::dot(meanColor(image, box.min, box.max), glm::vec3(1.0f / 3.0f));
        before = meanBrightness(image);
        // While it explodes (the frame after, the game moves on to the next turn: a change of scene).
        for (int step = 0; step < arcade::kCannonExplosionFrames; ++step) {
            scene->step({});
            if (scene->flow().simulation()->cannon().phase != CannonPhase::Exploding)
                break;
            image = render(*scene, kSize.x, kSize.y);
            const float now = meanBrightness(image);
            const float cannonNow = glm::dot(meanColor(image, box.min, box.max), glm::vec3(1.0f / 3.0f));
            frameJump = std::max(frameJump, std::abs(now - before));
            cannonJump = std::max(cannonJump, std::abs(cannonNow - cannonBefore));
            before = now;
            cannonBefore = cannonNow;
        }
        if (flashes) {
            EXPECT_GT(cannonJump, 2.0f * kMaxCannonJump) << "the hit cannon blinks";
        } else {
            EXPECT_LE(frameJump, kMaxFrameJump);
            EXPECT_LE(cannonJump, kMaxCannonJump);
        }
    }
}

// A frame without flashes while the cannon explodes: the cannon steady red, the invaders' shots as ever.
TEST_F(ApplyLookTest, FlashesOffGolden) {
    Settings options;
    options.flashes = false;
    std::unique_ptr<GameScene> scene = makeScene(options);
    ASSERT_TRUE(scene);
    scene->step(press(Action::Confirm));
    int i = 0;
    while (i++ < 20000 && !hadEvent(*scene, SimEventType::PlayerHit))
        scene->step({});
    ASSERT_LT(i, 20000);
    for (int step = 0; step < 2; ++step) // the frame the blink would be bright in
        scene->step({});
    EXPECT_TRUE(vox::test::matchesGolden(render(*scene), "look_flashes_off"));
}

// --- Colour-blind colours -----------------------------------------------------------------------------

// applyLook re-colours the sprites from the next frame: the crabs (magenta in the models) turn orange.
TEST_F(ApplyLookTest, ColourBlindColoursApplyFromTheNextFrame) {
    vox::Result<GameAssets> loaded = loadGameAssets("assets");
    ASSERT_TRUE(loaded.ok()) << loaded.error().message;
    const GameAssets& assets = loaded.value();
    vox::Result<vox::SceneRenderer> created = vox::SceneRenderer::create("shaders", gameRendererSettings());
    ASSERT_TRUE(created.ok()) << created.error().message;
    vox::SceneRenderer& renderer = created.value();
    PlayfieldView view(renderer, assets);
    PlayfieldCamera camera;
    const Simulation simulation(SimSettings{}, assets);
    constexpr glm::ivec2 kSize{640, 360};
    Settings options;
    const auto frame = [&] {
        applyLook(options, 0.0f, renderer, view, camera);
        vox::RenderTarget target = makeTarget(kSize.x, kSize.y);
        const vox::Camera seen =
            camera.frame(kSize, renderer.font().lineHeight() * renderer.hudPixelScale(kSize));
        renderer.beginFrame(seen, vox::Viewport{0, 0, kSize.x, kSize.y});
        view.draw(renderer, simulation);
        (void)renderer.endFrame();
        return std::pair(target.readImage(), seen);
    };
    // The crabs' pixels: the brightest quarter of each crab's box, averaged.
    const auto crabColor = [&](const vox::Image& image, const vox::Camera& seen) {
        glm::vec3 sum(0.0f);
        int count = 0;
        for (int32_t i = 0; i < arcade::kInvaderCount; ++i) {
            if (Simulation::typeOfRow(Simulation::rowOf(i)) != InvaderType::Crab)
                continue;
            const glm::vec3 at(simulation.activePlayer().rack.invaders[static_cast<size_t>(i)].placement);
            const PixelBox box =
                project(seen, at + glm::vec3(2.0f, 1.0f, 0.0f), at + glm::vec3(10.0f, 7.0f, 2.0f), kSize);
            std::vector<glm::vec3> pixels;
            for (int y = box.min.y; y < box.max.y; ++y)
                for (int x = box.min.x; x < box.max.x; ++x)
                    pixels.push_back(pixelColor(image, x, y));
            std::sort(pixels.begin(), pixels.end(),
                      [](glm::vec3 a, glm::vec3 b) { return a.r + a.g + a.b > b.r + b.g + b.b; });
            for (size_t p = 0; p < pixels.size() / 4; ++p, ++count)
                sum += pixels[p];
        }
        return sum / static_cast<float>(std::max(count, 1));
    };
    const auto [standard, standardCamera] = frame();
    const glm::vec3 before = crabColor(standard, standardCamera);
    EXPECT_GT(before.b, 0.6f * before.r) << "magenta crabs";
    options.colorBlindColors = true;
    const auto [safe, safeCamera] = frame();
    const glm::vec3 after = crabColor(safe, safeCamera);
    EXPECT_LT(after.b, 0.4f * after.r) << "orange crabs from the next frame";
    EXPECT_GT(after.r, after.g) << "orange: more red than green";
    options.colorBlindColors = false;
    const auto [back, backCamera] = frame();
    EXPECT_NEAR(crabColor(back, backCamera).b, before.b, 0.02f) << "and back";
}

TEST_F(ApplyLookTest, ColourBlindColoursGolden) {
    Settings options;
    options.colorBlindColors = true;
    std::unique_ptr<GameScene> scene = playing(options);
    ASSERT_TRUE(scene);
    EXPECT_TRUE(vox::test::matchesGolden(render(*scene), "look_color_blind"));
}

// The colour-blind cannon stands out from the ground line it stands on: at least 3:1 (WCAG 2's contrast for
// a graphical object, relative luminance) between the cannon's pixels (the median and the brightest tenth)
// and the line's core, measured on a rendered frame. (With the visible beat the line flares for a moment on
// each march note; the contrast is the line's at rest.)
TEST_F(ApplyLookTest, TheColourBlindCannonHasThreeToOneAgainstTheGroundLine) {
    Settings options;
    options.colorBlindColors = true;
    options.reduceMotion = true; // a still camera: the boxes below are where the frame drew them
    std::unique_ptr<GameScene> scene = makeScene(options);
    ASSERT_TRUE(scene);
    scene->step(press(Action::Confirm));
    for (int i = 0; i < 400 && scene->flow().simulation()->cannon().phase != CannonPhase::Alive; ++i)
        scene->step({});
    ASSERT_EQ(scene->flow().simulation()->cannon().phase, CannonPhase::Alive);
    for (int i = 0; i < 60; ++i) // to the middle, clear of the shields' shadows
        scene->step(holdRight(false));
    const vox::Image image = render(*scene);
    const vox::Camera& camera = scene->debugView().camera;
    const glm::ivec2 size(image.width, image.height);
    const float cannonX = static_cast<float>(scene->flow().simulation()->cannon().x);
    const auto y = static_cast<float>(arcade::kCannonY);
    // The cannon: the pixels of its box above the line, brighter than the sky (the sky is near black).
    const PixelBox cannon = project(camera, {cannonX, y + 1.0f, 0.0f},
                                    {cannonX + static_cast<float>(arcade::kCannonWidth),
                                     y + static_cast<float>(arcade::kCannonHeight), 1.0f},
                                    size);
    std::vector<float> cannonLuminance;
    for (int py = cannon.min.y; py < cannon.max.y; ++py)
        for (int px = cannon.min.x; px < cannon.max.x; ++px)
            if (const float l = luminance(pixelColor(image, px, py)); l > 0.02f)
                cannonLuminance.push_back(l);
    ASSERT_GT(cannonLuminance.size(), 50u);
    std::sort(cannonLuminance.begin(), cannonLuminance.end());
    // The line: its brightest pixels left and right of the cannon, away from its glow.
    std::vector<float> lineLuminance;
    for (const float from : {cannonX - 40.0f, cannonX + static_cast<float>(arcade::kCannonWidth) + 20.0f}) {
        const PixelBox line = project(camera, {from, y, -1.0f}, {from + 20.0f, y, 1.0f}, size);
        for (int py = line.min.y - 3; py < line.max.y + 3; ++py)
            for (int px = line.min.x; px < line.max.x; ++px)
                lineLuminance.push_back(luminance(pixelColor(image, px, py)));
    }
    std::sort(lineLuminance.begin(), lineLuminance.end());
    const float lineCore = lineLuminance[lineLuminance.size() * 9 / 10];
    const auto ratio = [](float a, float b) { return (std::max(a, b) + 0.05f) / (std::min(a, b) + 0.05f); };
    const float cannonMedian = cannonLuminance[cannonLuminance.size() / 2];
    const float cannonBrightest = cannonLuminance[cannonLuminance.size() * 9 / 10];
    EXPECT_GE(ratio(cannonMedian, lineCore), 3.0f)
        << "the cannon's median luminance " << cannonMedian << ", the line's " << lineCore;
    EXPECT_GE(ratio(cannonBrightest, lineCore), 3.0f)
        << "the cannon's brightest tenth " << cannonBrightest << ", the line's " << lineCore;
}

// --- High-contrast HUD and large text -----------------------------------------------------------------

// Every text of `scene`'s latest frame `image` sits on its own box and reaches 7:1 (WCAG AAA) against
// every pixel of the box that is not text; returns how many were measured.
int expectSevenToOne(const GameScene& scene, const vox::Image& image) {
    int measured = 0;
    for (const ui::DrawnText& text : scene.lastFrameTexts()) {
        if (text.text.find_first_not_of(' ') == std::string::npos)
            continue;
        EXPECT_TRUE(text.onBackdrop) << text.text;
        const glm::vec3 color(text.color);
        float worst = 1e9f;
        int textPixels = 0;
        for (int y = std::max(text.min.y, 0); y < std::min(text.max.y, image.height); ++y) {
            for (int x = std::max(text.min.x, 0); x < std::min(text.max.x, image.width); ++x) {
                const glm::vec3 pixel = pixelColor(image, x, y);
                if (glm::all(glm::lessThanEqual(glm::abs(pixel - color), glm::vec3(2.5f / 255.0f)))) {
                    ++textPixels;
                    continue;
                }
                const float a = luminance(color);
                const float b = luminance(pixel);
                worst = std::min(worst, (std::max(a, b) + 0.05f) / (std::min(a, b) + 0.05f));
            }
        }
        EXPECT_GT(textPixels, 0) << text.text;
        EXPECT_GE(worst, 7.0f) << "\"" << text.text << "\" at " << text.min.x << "," << text.min.y;
        ++measured;
    }
    return measured;
}

// Every text of a play frame, the HUD's over the playfield included, and of the pause menu over it.
TEST_F(ApplyLookTest, TheHighContrastHudReachesSevenToOneEverywhere) {
    Settings options;
    options.highContrastHud = true;
    std::unique_ptr<GameScene> scene = playing(options);
    ASSERT_TRUE(scene);
    const vox::Image image = render(*scene);
    EXPECT_GE(expectSevenToOne(*scene, image), 6) << "the HUD's labels and values";
    EXPECT_TRUE(vox::test::matchesGolden(image, "look_high_contrast_hud"));
    scene->step(press(Action::Pause));
    const vox::Image paused = render(*scene);
    EXPECT_GE(expectSevenToOne(*scene, paused), 9) << "the HUD, the menu and its hints";
    EXPECT_TRUE(vox::test::matchesGolden(paused, "look_high_contrast_pause"));
}

// Large text: the HUD's lines are half as tall again at 720 lines (font pixels of 3 screen pixels, not 2),
// and the playfield makes room for them.
TEST_F(ApplyLookTest, LargeTextIsHalfAsLargeAgain) {
    const auto hiScoreHeight = [](const GameScene& scene) {
        for (const ui::DrawnText& text : scene.lastFrameTexts())
            if (text.text == "HI-SCORE")
                return text.max.y - text.min.y;
        return 0;
    };
    std::unique_ptr<GameScene> normal = playing(Settings{}, 100);
    Settings options;
    options.largeText = true;
    std::unique_ptr<GameScene> large = playing(options, 100);
    ASSERT_TRUE(normal && large);
    (void)render(*normal);
    const vox::Image image = render(*large);
    ASSERT_GT(hiScoreHeight(*normal), 0);
    EXPECT_EQ(hiScoreHeight(*large) * 2, hiScoreHeight(*normal) * 3);
    EXPECT_TRUE(vox::test::matchesGolden(image, "look_large_text"));
    // The options menu in large text, the tallest panel, to look at: it must fit between the HUD's rows.
    large->step(press(Action::Pause));
    while (large->flow().selectedItem() != "OPTIONS")
        large->step(press(Action::MenuDown));
    large->step(press(Action::Confirm));
    ASSERT_EQ(large->flow().screen(), Screen::Options);
    EXPECT_TRUE(vox::test::matchesGolden(render(*large), "look_large_text_options"));
    // Taller than the window, the panel scrolls: the last row selected is drawn on screen, the first is not.
    large->step(press(Action::MenuUp)); // wraps to the last row
    const std::string last = large->flow().selectedItem();
    (void)render(*large);
    bool lastShown = false;
    for (const ui::DrawnText& text : large->lastFrameTexts()) {
        EXPECT_NE(text.text, "MASTER VOLUME") << "scrolled out of view";
        if (text.text == last) {
            lastShown = true;
            EXPECT_GE(text.min.y, 0);
            EXPECT_LE(text.max.y, 720);
        }
    }
    EXPECT_TRUE(lastShown) << last;
}

// --- Visible beat -------------------------------------------------------------------------------------

// The ground line flares on the step of each march note and has faded a few steps later; without the
// setting it does not change.
TEST_F(ApplyLookTest, TheVisibleBeatPulsesTheGroundLineWithEachNote) {
    for (const bool beat : {true, false}) {
        SCOPED_TRACE(beat ? "visible beat" : "no visible beat");
        Settings options;
        options.visibleBeat = beat;
        options.reduceMotion = true; // a still camera: the line stays on the same pixels
        std::unique_ptr<GameScene> scene = makeScene(options);
        ASSERT_TRUE(scene);
        scene->step(press(Action::Confirm));
        int i = 0;
        while (i++ < 2000 && !(hadEvent(*scene, SimEventType::MarchNote) && i > 200))
            scene->step({});
        ASSERT_LT(i, 2000) << "no march note";
        const vox::Image onNote = render(*scene);
        const PixelBox line =
            project(scene->debugView().camera, {0.0f, static_cast<float>(arcade::kCannonY), -1.0f},
                    {static_cast<float>(arcade::kPlayfieldWidth), static_cast<float>(arcade::kCannonY), 1.0f},
                    {1280, 720});
        const glm::ivec2 margin(0, 3);
        const float flare = meanColor(onNote, line.min - margin, line.max + margin).g;
        for (int step = 0; step < BeatLight::kFadeSteps; ++step)
            scene->step({});
        ASSERT_FALSE(hadEvent(*scene, SimEventType::MarchNote)) << "notes are at least 5 steps apart";
        const float faded = meanColor(render(*scene), line.min - margin, line.max + margin).g;
        if (beat) {
            EXPECT_GT(flare, faded + 0.05f) << "the line flares on the note";
            EXPECT_TRUE(vox::test::matchesGolden(onNote, "look_visible_beat"));
        } else {
            EXPECT_NEAR(flare, faded, 0.01f);
        }
    }
}

// --- Cabinet ------------------------------------------------------------------------------------------

// The overlay's bands cover what they covered in the cabinet: the red the saucer's lane, the green the
// cannon and the shields, each with room for the soft edge of the 3D view's light.
TEST(CabinetLook, TheGelsCoverTheSaucerLaneTheShieldsAndTheCannon) {
    Settings options;
    options.cabinet = true;
    for (const bool flat : {false, true}) {
        options.flatView = flat;
        const vox::SceneLook look = playfieldLook(options);
        const vox::LightBand& red = look.lightBands[0];
        const vox::LightBand& green = look.lightBands[1];
        const float edge = red.feather * 0.5f;
        EXPECT_LE(red.minY + edge, static_cast<float>(arcade::kSaucerY));
        EXPECT_GE(red.maxY - edge, static_cast<float>(arcade::kSaucerY + arcade::kSaucerHeight));
        EXPECT_LE(green.minY + edge, static_cast<float>(arcade::kCannonY));
        EXPECT_GE(green.maxY - edge, static_cast<float>(arcade::kShieldY + arcade::kShieldHeight));
        EXPECT_GT(red.color.r, 4.0f * red.color.g);
        EXPECT_GT(green.color.g, 4.0f * green.color.r);
        EXPECT_EQ(look.monochrome, 1.0f);
        EXPECT_GT(look.skyDisc.radius, 0.0f);
    }
    options.cabinet = false;
    const vox::SceneLook plain = playfieldLook(options);
    EXPECT_EQ(plain.monochrome, 0.0f);
    EXPECT_LE(plain.lightBands[0].maxY, plain.lightBands[0].minY) << "no band";
    EXPECT_EQ(plain.skyDisc.radius, 0.0f);
}

// In both views: the shields lit green, the invaders between the bands black and white (grey), and the
// moon behind them.
TEST_F(ApplyLookTest, TheCabinetInTheThreeDAndFlatViews) {
    for (const bool flat : {false, true}) {
        SCOPED_TRACE(flat ? "flat" : "3D");
        Settings options;
        options.cabinet = true;
        options.flatView = flat;
        std::unique_ptr<GameScene> scene = playing(options, 200);
        ASSERT_TRUE(scene);
        const vox::Image image = render(*scene);
        const vox::Camera camera = scene->debugView().camera;
        const glm::vec3 shield =
            meanColor(image,
                      project(camera, {arcade::kShieldX[0] + 4.0f, arcade::kShieldY + 6.0f, 1.0f},
                              {arcade::kShieldX[0] + 18.0f, arcade::kShieldY + 12.0f, 2.0f}, {1280, 720})
                          .min,
                      project(camera, {arcade::kShieldX[0] + 4.0f, arcade::kShieldY + 6.0f, 1.0f},
                              {arcade::kShieldX[0] + 18.0f, arcade::kShieldY + 12.0f, 2.0f}, {1280, 720})
                          .max);
        EXPECT_GT(shield.g, 2.0f * shield.r + 0.05f) << "shields under the green gel";
        // The brightest pixels of the bottom-left invader (between the bands): grey.
        const glm::vec3 at(scene->flow().simulation()->activePlayer().rack.invaders[0].placement);
        const PixelBox box = project(camera, at, at + glm::vec3(12.0f, 8.0f, 2.0f), {1280, 720});
        glm::vec3 brightest(0.0f);
        for (int y = box.min.y; y < box.max.y; ++y)
            for (int x = box.min.x; x < box.max.x; ++x) {
                const glm::vec3 pixel = pixelColor(image, x, y);
                if (pixel.r + pixel.g + pixel.b > brightest.r + brightest.g + brightest.b)
                    brightest = pixel;
            }
        EXPECT_GT(brightest.g, 0.5f) << "a lit invader";
        EXPECT_NEAR(brightest.r, brightest.g, 0.08f) << "black and white";
        EXPECT_NEAR(brightest.b, brightest.g, 0.08f) << "black and white";
        EXPECT_TRUE(vox::test::matchesGolden(image, flat ? "look_cabinet_flat" : "look_cabinet_3d"));
    }
}

// The cabinet's black-and-white picture is the same with colour-blind colours on: the palette's darker
// colours (its bluish-green cannon) would only turn dark grey under the gels.
TEST_F(ApplyLookTest, TheCabinetIsTheSameWithColourBlindColours) {
    for (const bool flat : {false, true}) {
        SCOPED_TRACE(flat ? "flat" : "3D");
        Settings options;
        options.cabinet = true;
        options.flatView = flat;
        std::unique_ptr<GameScene> plain = playing(options, 200);
        options.colorBlindColors = true;
        std::unique_ptr<GameScene> colourBlind = playing(options, 200);
        ASSERT_TRUE(plain && colourBlind);
        const vox::Image expected = render(*plain);
        const vox::Image actual = render(*colourBlind);
        ASSERT_EQ(actual.rgba.size(), expected.rgba.size());
        size_t differing = 0;
        for (size_t i = 0; i < actual.rgba.size(); ++i)
            differing += actual.rgba[i] != expected.rgba[i];
        EXPECT_EQ(differing, 0u) << "bytes that differ";
        // And the palette does apply outside the cabinet (the comparison above could not pass by accident).
        options.cabinet = false;
        std::unique_ptr<GameScene> coloured = playing(options, 200);
        options.colorBlindColors = false;
        std::unique_ptr<GameScene> standard = playing(options, 200);
        EXPECT_NE(render(*coloured).rgba, render(*standard).rgba);
    }
}

} // namespace
} // namespace invaders

namespace invaders {
namespace {

// The attract cycle shows the cabinet once in two rounds: the first demo game in the player's look, the
// second in the cabinet's (black and white under the gels, with a caption saying where to find it), the
// third in the player's again.
TEST_F(ApplyLookTest, TheAttractCycleShowsTheCabinetEverySecondDemo) {
    std::unique_ptr<GameScene> scene = makeScene(Settings{});
    ASSERT_TRUE(scene);
    // The saturation of the brightest pixel of the rack's first live invader.
    const auto invaderSaturation = [&](const vox::Image& image) {
        const PlayerState& player = scene->flow().simulation()->activePlayer();
        for (const Invader& invader : player.rack.invaders) {
            if (!invader.alive)
                continue;
            const glm::vec3 at(invader.placement);
            const PixelBox box =
                project(scene->debugView().camera, at, at + glm::vec3(12.0f, 8.0f, 2.0f), {1280, 720});
            glm::vec3 brightest(0.0f);
            for (int y = std::max(box.min.y, 0); y < std::min(box.max.y, 720); ++y)
                for (int x = std::max(box.min.x, 0); x < std::min(box.max.x, 1280); ++x) {
                    const glm::vec3 pixel = pixelColor(image, x, y);
                    if (pixel.r + pixel.g + pixel.b > brightest.r + brightest.g + brightest.b)
                        brightest = pixel;
                }
            return std::max({brightest.r, brightest.g, brightest.b}) -
                   std::min({brightest.r, brightest.g, brightest.b});
        }
        return -1.0f;
    };
    for (int demo = 1; demo <= 3; ++demo) {
        SCOPED_TRACE(testing::Message() << "demo game " << demo);
        int i = 0;
        while (i++ < 20000 && scene->flow().screen() == Screen::Demo)
            scene->step({});
        while (i++ < 20000 && scene->flow().screen() != Screen::Demo)
            scene->step({});
        ASSERT_EQ(scene->flow().screen(), Screen::Demo);
        for (int step = 0; step < 200; ++step)
            scene->step({});
        const vox::Image image = render(*scene);
        const bool cabinet = demo == 2;
        EXPECT_EQ(scene->showingCabinet(), cabinet);
        const float saturation = invaderSaturation(image);
        if (cabinet) {
            EXPECT_LT(saturation, 0.1f) << "black and white";
            EXPECT_TRUE(vox::test::matchesGolden(image, "look_attract_cabinet"));
        } else {
            EXPECT_GT(saturation, 0.2f) << "the invaders' colours";
        }
        const auto& texts = scene->lastFrameTexts();
        const bool captioned = std::any_of(texts.begin(), texts.end(), [](const ui::DrawnText& text) {
            return text.text.find("CABINET") != std::string::npos;
        });
        EXPECT_EQ(captioned, cabinet);
    }
}

} // namespace
} // namespace invaders
