// The playfield's composition: at 16:9 it fills at least 85 % of the window's height, in both views and
// at the sway's extremes, stays inside the window at every shape, and leaves the HUD's bands free.
#include "scene/playfield_camera.h"

#include "sim/game_assets.h"

#include <gtest/gtest.h>

namespace invaders {
namespace {

// The camera swayed as far as it goes: the cannon held at one wall for long enough.
PlayfieldCamera swayedTo(float side) {
    static const GameAssets assets = builtinGameAssets();
    Simulation simulation(SimSettings{}, assets);
    for (int i = 0; i < 400; ++i) // the cannon appears (128 steps), then walks to the wall (170 steps)
        simulation.step({side<0.0f, side> 0.0f, false});
    PlayfieldCamera camera;
    for (int i = 0; i < 600; ++i)
        camera.step(&simulation);
    return camera;
}

TEST(PlayfieldCamera, FillsMostOfA16By9WindowInBothViewsAndAtEverySway) {
    const glm::ivec2 size(1280, 720);
    const int32_t hudLine = 26; // 13 px font at 2 px per font pixel (720 / 360)
    for (const float side : {-1.0f, 0.0f, 1.0f}) {
        for (const bool flat : {false, true}) {
            SCOPED_TRACE(testing::Message() << "sway side " << side << (flat ? ", flat" : ", 3D"));
            PlayfieldCamera camera = side == 0.0f ? PlayfieldCamera() : swayedTo(side);
            camera.setFlat(flat);
            if (!flat && side != 0.0f) {
                EXPECT_NEAR(std::abs(camera.swayDegrees()), PlayfieldCamera::kMaxSwayDegrees, 0.2f);
            }
            const ScreenRect rect = playfieldScreenRect(camera.frame(size, hudLine), size);
            EXPECT_GE(rect.max.y - rect.min.y, size.y * 85 / 100) << "the playfield's height";
            EXPECT_GE(rect.min.x, 0);
            EXPECT_LE(rect.max.x, size.x);
            EXPECT_GE(rect.min.y, 2 * hudLine) << "the scores fit above it";
            EXPECT_LE(rect.max.y, size.y - hudLine) << "the lives fit below it";
        }
    }
}

TEST(PlayfieldCamera, StaysInsideTheWindowAtAnyShape) {
    for (const glm::ivec2 size : {glm::ivec2(800, 600), glm::ivec2(720, 1280), glm::ivec2(2560, 1080)}) {
        SCOPED_TRACE(testing::Message() << size.x << "x" << size.y);
        const int32_t hudLine = 13 * std::max(1, size.y / 360);
        const ScreenRect rect = playfieldScreenRect(swayedTo(1.0f).frame(size, hudLine), size);
        EXPECT_GE(rect.min.x, 0);
        EXPECT_LE(rect.max.x, size.x);
        EXPECT_GE(rect.min.y, 2 * hudLine);
        EXPECT_LE(rect.max.y, size.y - hudLine);
        EXPECT_GT(rect.max.x - rect.min.x, size.x / 2) << "and still large";
    }
}

TEST(PlayfieldCamera, TheFlatViewDoesNotSway) {
    PlayfieldCamera camera = swayedTo(1.0f);
    EXPECT_GT(camera.swayDegrees(), 1.0f);
    camera.setFlat(true);
    EXPECT_EQ(camera.settings().tiltDegrees, 0.0f);
    EXPECT_EQ(camera.settings().yawDegrees, 0.0f);
}

// What the camera shows at a pixel is found on the plane z = 0 (the score table places its sprites so):
// points projected to the screen come back where they were, in both views, swayed, at several shapes.
TEST(PlayfieldCamera, APixelLeadsBackToThePointOfThePlaneItShows) {
    for (const glm::ivec2 size : {glm::ivec2(1280, 720), glm::ivec2(800, 600), glm::ivec2(720, 1280)}) {
        for (const bool flat : {false, true}) {
            SCOPED_TRACE(testing::Message() << size.x << "x" << size.y << (flat ? ", flat" : ", 3D"));
            PlayfieldCamera view = swayedTo(1.0f);
            view.setFlat(flat);
            const vox::Camera camera = view.frame(size, 13 * std::max(1, size.y / 360));
            for (const glm::vec3 point : {glm::vec3(70.0f, 154.0f, 0.0f), glm::vec3(10.0f, 40.0f, 0.0f),
                                          glm::vec3(200.0f, 220.0f, 0.0f)}) {
                const glm::vec4 clip = camera.viewProjection() * glm::vec4(point, 1.0f);
                const glm::vec2 ndc = glm::vec2(clip) / clip.w;
                const glm::vec2 pixel((ndc.x + 1.0f) * 0.5f * static_cast<float>(size.x),
                                      (1.0f - ndc.y) * 0.5f * static_cast<float>(size.y));
                const glm::vec3 found = planePointAt(camera, pixel, size);
                EXPECT_NEAR(found.x, point.x, 0.05f);
                EXPECT_NEAR(found.y, point.y, 0.05f);
                EXPECT_NEAR(found.z, 0.0f, 1e-3f);
            }
        }
    }
}

} // namespace
} // namespace invaders
