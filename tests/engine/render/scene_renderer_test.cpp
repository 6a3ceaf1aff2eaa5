// SceneRenderer: draw-call batching, upload accounting (a static frame uploads nothing, an eroded model
// re-uploads only its own quads), mesh handles, HUD text and GPU timing. Headless llvmpipe via
// SceneRendererFixture.

#include "gl_test_fixture.h"
#include "test_scenes.h"

#include "vox/render/debris.h"
#include "vox/render/scene_renderer.h"
#include "vox/voxel/voxel_erosion.h"
#include "vox/voxel/voxel_mesh.h"

#include <glm/geometric.hpp>
#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtc/quaternion.hpp>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>

namespace {

class SceneRendererTest : public vox::test::SceneRendererFixture<160, 120> {
protected:
    void SetUp() override {
        SceneRendererFixture::SetUp();
        if (m_renderer)
            vox::test::setSceneGround(m_renderer->look()); // under the game scene, as in the goldens
    }
    void begin() {
        m_target.bind();
        renderer().beginFrame(vox::test::sceneCamera(static_cast<float>(kWidth) / kHeight),
                              vox::Viewport{0, 0, kWidth, kHeight});
    }
    // One frame of the game scene (test_scenes.h), nothing else.
    vox::FrameStats drawGameSceneFrame(const vox::test::GameAssets& assets) {
        begin();
        vox::test::drawGameScene(renderer(), assets, 0);
        return renderer().endFrame();
    }
};

vox::VoxelModel solidCube(int size) {
    vox::VoxelModel model{glm::ivec3(size)};
    for (int z = 0; z < size; ++z)
        for (int y = 0; y < size; ++y)
            for (int x = 0; x < size; ++x)
                model.set({x, y, z}, 1);
    return model;
}

TEST_F(SceneRendererTest, ManyInstancesOfOneModelAreOneDrawCall) {
    const vox::MeshHandle cube = renderer().addMesh(solidCube(4));
    const auto quads = static_cast<int64_t>(vox::meshVoxelModel(solidCube(4)).quads.size());
    // The sky's and the ground's triangles, without stars: what a frame with no sprites draws.
    begin();
    const vox::FrameStats empty = renderer().endFrame();
    const int64_t skyAndGround = empty.triangles - int64_t{2} * empty.stars;
    EXPECT_EQ(empty.drawCalls, 2);
    for (int instances : {1, 7, 500}) {
        SCOPED_TRACE(instances);
        begin();
        for (int i = 0; i < instances; ++i)
            renderer().drawSprite(
                {.mesh = cube, .position = {static_cast<float>(i % 50) * 4.0f, 60.0f + i / 50 * 4.0f, 0.0f}});
        const vox::FrameStats& stats = renderer().endFrame();
        EXPECT_EQ(stats.spriteBatches, 1);
        EXPECT_EQ(stats.sprites, instances);
        // Sprites, sky, ground: nothing else; two triangles per sprite quad and per star in view.
        EXPECT_EQ(stats.drawCalls, 3);
        EXPECT_GT(stats.stars, 0);
        EXPECT_EQ(stats.triangles, int64_t{2} * quads * instances + skyAndGround + int64_t{2} * stats.stars);
    }
}

TEST_F(SceneRendererTest, FullGameSceneStaysWithinSixteenDrawCalls) {
    vox::test::GameAssets assets = vox::test::GameAssets::load(renderer());
    vox::DebrisSystem debris;
    debris.spawnModel(assets.invaders[0].sprite.frames[0], {100.0f, 150.0f, -2.0f},
                      {.centre = {104.0f, 152.0f, 0.0f}});
    for (int frame = 0; frame < 2; ++frame) {
        begin();
        vox::test::drawGameScene(renderer(), assets, frame);
        renderer().drawDebris(debris, 0.5f);
        vox::test::drawSampleText(renderer());
        const vox::FrameStats& stats = renderer().endFrame();
        EXPECT_EQ(stats.sprites, 55 + 4 + 2 + 4);
        EXPECT_GT(stats.particles, 0);
        EXPECT_GT(stats.glyphs, 0);
        EXPECT_LE(stats.drawCalls, 16);
        RecordProperty("drawCalls", stats.drawCalls);
    }
}

TEST_F(SceneRendererTest, StaticFrameUploadsNothing) {
    vox::test::GameAssets assets = vox::test::GameAssets::load(renderer());
    vox::DebrisSystem debris;
    debris.spawnModel(assets.invaders[1].sprite.frames[0], {100.0f, 150.0f, -2.0f},
                      {.centre = {104.0f, 152.0f, 0.0f}});
    const auto frame = [&] {
        begin();
        vox::test::drawGameScene(renderer(), assets, 0);
        renderer().drawDebris(debris, 1.0f);
        vox::test::drawSampleText(renderer());
        return renderer().endFrame();
    };
    const vox::FrameStats first = frame();
    EXPECT_GT(first.bytesUploaded, 0);
    EXPECT_GT(first.meshesUploaded, 10);
    const vox::FrameStats second = frame();
    EXPECT_EQ(second.bytesUploaded, 0);
    EXPECT_EQ(second.meshesUploaded, 0);
    EXPECT_EQ(second.drawCalls, first.drawCalls);

    // Moving debris uploads the particles, and nothing else.
    debris.step();
    const vox::FrameStats moved = frame();
    EXPECT_EQ(moved.bytesUploaded, static_cast<int64_t>(moved.particles) * 28); // 28 bytes per particle
}

TEST_F(SceneRendererTest, ErodedModelReuploadsOnlyItsOwnQuads) {
    vox::test::GameAssets assets = vox::test::GameAssets::load(renderer());
    const auto frame = [&] { return drawGameSceneFrame(assets); };
    (void)frame();
    ASSERT_EQ(frame().bytesUploaded, 0);

    // Erode shield 2 twice between frames: one upload of its final mesh and its 32-byte mesh record; the
    // sprite instances, which name the mesh by slot, stay as they were.
    std::vector<vox::RemovedVoxel> removed;
    vox::VoxelModel& shield = assets.shieldModels[2];
    ASSERT_GT(vox::erodeVoxels(shield, assets.stencilDown.sprite.frames[0], {4, 10, 0}, removed), 0);
    renderer().updateMesh(assets.shieldMeshes[2], shield);
    ASSERT_GT(vox::erodeVoxels(shield, assets.stencilUp.sprite.frames[0], {12, -2, 0}, removed), 0);
    renderer().updateMesh(assets.shieldMeshes[2], shield);
    const int64_t quads = static_cast<int64_t>(vox::meshVoxelModel(shield).quads.size());
    EXPECT_EQ(renderer().meshQuadCount(assets.shieldMeshes[2]), quads);

    const vox::FrameStats eroded = frame();
    EXPECT_EQ(eroded.meshesUploaded, 1);
    EXPECT_EQ(eroded.bytesUploaded, quads * static_cast<int64_t>(sizeof(vox::PackedQuad)) + 32);
    EXPECT_EQ(frame().bytesUploaded, 0);
}

TEST_F(SceneRendererTest, RemovedMeshHandlesGoStaleAndSlotsAreReused) {
    const vox::MeshHandle first = renderer().addMesh(solidCube(2));
    EXPECT_TRUE(renderer().containsMesh(first));
    renderer().removeMesh(first);
    EXPECT_FALSE(renderer().containsMesh(first));
    const vox::MeshHandle second = renderer().addMesh(solidCube(3));
    EXPECT_EQ(second.index, first.index); // the slot is recycled...
    EXPECT_NE(second, first);             // ...under a new generation
    EXPECT_FALSE(renderer().containsMesh(first));
    EXPECT_TRUE(renderer().containsMesh(second));
    EXPECT_FALSE(renderer().containsMesh(vox::MeshHandle{}));
}

TEST_F(SceneRendererTest, ManyMeshesGrowTheSharedBufferWithoutLosingEarlierOnes) {
    // Enough big meshes to outgrow the initial quad buffer (a GPU-side copy keeps the earlier ones).
    vox::VoxelModel checker(glm::ivec3(16));
    for (int z = 0; z < 16; ++z)
        for (int y = 0; y < 16; ++y)
            for (int x = 0; x < 16; ++x)
                if ((x + y + z) % 2 == 0)
                    checker.set({x, y, z}, static_cast<uint8_t>(1 + (x % 7)));
    const vox::MeshHandle cube = renderer().addMesh(solidCube(8));
    begin();
    renderer().drawSprite({.mesh = cube, .position = {108.0f, 120.0f, 0.0f}});
    (void)renderer().endFrame();
    const vox::Image before = m_target.readImage();

    std::vector<vox::MeshHandle> checkers;
    for (int i = 0; i < 8; ++i)
        checkers.push_back(renderer().addMesh(checker));
    begin();
    renderer().drawSprite({.mesh = cube, .position = {108.0f, 120.0f, 0.0f}});
    const vox::FrameStats& stats = renderer().endFrame();
    EXPECT_EQ(stats.meshesUploaded, 8);
    EXPECT_GT(static_cast<int64_t>(renderer().meshQuadCount(checkers[0])) * 8, 16384);
    const vox::Image after = m_target.readImage();
    EXPECT_EQ(before.rgba, after.rgba) << "the cube's quads did not survive the buffer's growth";
}

TEST_F(SceneRendererTest, GpuTimeArrivesWithoutStalling) {
    const vox::MeshHandle cube = renderer().addMesh(solidCube(4));
    std::optional<double> gpu;
    for (int frame = 0; frame < 8 && !gpu; ++frame) {
        begin();
        renderer().drawSprite({.mesh = cube, .position = {100.0f, 100.0f, 0.0f}});
        gpu = renderer().endFrame().gpuMilliseconds;
        glFinish(); // lets the queries complete; the renderer itself never waits
    }
    EXPECT_GT(renderer().lastFrameStats().cpuMilliseconds, 0.0);
    if (dialect() == vox::GlDialect::Es) {
        // No timer queries on ES (gpu_timer.h): "unavailable", never a made-up figure or a GL error.
        EXPECT_FALSE(gpu.has_value()) << *gpu;
        return;
    }
    ASSERT_TRUE(gpu.has_value()) << "no GL_TIME_ELAPSED result after 8 finished frames";
    EXPECT_GT(*gpu, 0.0);
}

// A frame is opaque wherever it was drawn, whatever blends into it (the ground fading out, its contact
// shadows, the HUD's panels): a screenshot or a browser's canvas would otherwise show the page or the
// viewer's background through the ground (as the README's pictures once did, on white).
TEST_F(SceneRendererTest, TheFrameIsOpaque) {
    vox::test::GameAssets assets = vox::test::GameAssets::load(renderer());
    for (const int32_t samples : {4, 1}) {
        SCOPED_TRACE(testing::Message() << samples << " samples");
        renderer().setSamples(samples);
        begin();
        vox::test::drawGameScene(renderer(), assets, 0);
        renderer().drawGroundShadow({40.0f, -4.0f}, {60.0f, 4.0f});
        renderer().drawRect({10, 10}, {60, 30}, {0.0f, 0.0f, 0.0f, 0.5f});
        vox::test::drawSampleText(renderer());
        (void)renderer().endFrame();
        const vox::Image image = m_target.readImage();
        int translucent = 0;
        for (size_t i = 3; i < image.rgba.size(); i += 4)
            translucent += image.rgba[i] != 255 ? 1 : 0;
        EXPECT_EQ(translucent, 0) << "pixels with alpha below 255";
    }
    renderer().setSamples(4);
}

// Without GPU timing (the game's setting) the renderer makes no timer queries, which would keep Mesa's
// llvmpipe off its fast path for the upscale: no GPU time ever arrives, and nothing else changes.
TEST_F(SceneRendererTest, GpuTimingOffMeasuresNothing) {
    vox::RendererSettings settings;
    settings.gpuTiming = false;
    vox::Result<vox::SceneRenderer> untimed = vox::SceneRenderer::create("shaders", settings);
    ASSERT_TRUE(untimed.ok()) << untimed.error().message;
    const vox::MeshHandle cube = untimed.value().addMesh(solidCube(4));
    for (int frame = 0; frame < 8; ++frame) {
        m_target.bind();
        untimed.value().beginFrame(vox::test::sceneCamera(static_cast<float>(kWidth) / kHeight),
                                   vox::Viewport{0, 0, kWidth, kHeight});
        untimed.value().drawSprite({.mesh = cube, .position = {100.0f, 100.0f, 0.0f}});
        const vox::FrameStats& stats = untimed.value().endFrame();
        EXPECT_FALSE(stats.gpuMilliseconds.has_value()) << "frame " << frame;
        EXPECT_EQ(stats.sprites, 1);
        glFinish();
    }
    EXPECT_FALSE(m_target.readImage().isUniform()) << "the frames were drawn";
}

// The sky's gradient covers the viewport, whatever its size: after drawing into a smaller viewport, the sky
// there is the whole gradient at the new size (dark at its top, its vignette symmetric), not a corner of
// the old one.
TEST_F(SceneRendererTest, TheSkyFollowsTheViewportSize) {
    renderer().look().drawGround = false;
    renderer().look().stars = 0.0f;
    renderer().look().vignette = 0.9f;
    constexpr int kSmallWidth = kWidth / 2;
    constexpr int kSmallHeight = kHeight / 2;
    for (const vox::Viewport viewport :
         {vox::Viewport{0, 0, kWidth, kHeight}, vox::Viewport{0, 0, kSmallWidth, kSmallHeight}}) {
        SCOPED_TRACE(testing::Message() << "viewport " << viewport.width << " x " << viewport.height);
        m_target.bind();
        glClearColor(0.0f, 0.0f, 0.0f, 1.0f);
        glClear(GL_COLOR_BUFFER_BIT);
        renderer().beginFrame(vox::test::sceneCamera(static_cast<float>(kWidth) / kHeight), viewport);
        const vox::FrameStats& stats = renderer().endFrame();
        EXPECT_EQ(stats.stars, 0);
        const vox::Image image = m_target.readImage();
        // The viewport's rows in the image (top row first): GL's y grows upwards from the bottom.
        const int top = kHeight - viewport.height;
        const int bottom = kHeight - 1;
        const auto brightness = [&](int x, int y) {
            const uint8_t* pixel = image.pixel(x, y);
            return pixel[0] + pixel[1] + pixel[2];
        };
        // Middle of the bottom row brighter than the middle of the top row: the glow near the horizon.
        EXPECT_GT(brightness(viewport.width / 2, bottom - 2), brightness(viewport.width / 2, top + 1) + 6);
        // The vignette darkens both bottom corners alike, and more than the middle.
        EXPECT_NEAR(brightness(1, bottom - 1), brightness(viewport.width - 2, bottom - 1), 3);
        EXPECT_LT(brightness(1, bottom - 1) + 3, brightness(viewport.width / 2, bottom - 1));
    }
}

// The sky follows the look at once: a red sky top shows in the next frame.
TEST_F(SceneRendererTest, TheSkyFollowsTheLook) {
    renderer().look().drawGround = false;
    renderer().look().stars = 0.0f;
    const auto redOfTheTop = [&] {
        begin();
        (void)renderer().endFrame();
        return static_cast<int>(m_target.readImage().pixel(kWidth / 2, 1)[0]);
    };
    const int before = redOfTheTop();
    renderer().look().backgroundTop = {0.8f, 0.0f, 0.0f};
    EXPECT_GT(redOfTheTop(), before + 100);
}

// Stars are small quads, one per star in view: as many as SceneLook::stars allows, none when it is 0.
TEST_F(SceneRendererTest, StarsAreDrawnOnlyWhenTheLookHasThem) {
    renderer().look().drawGround = false;
    begin();
    const int32_t shown = renderer().endFrame().stars;
    EXPECT_GT(shown, 10);
    EXPECT_LT(shown, 2000);
    renderer().look().stars = 0.0f;
    begin();
    EXPECT_EQ(renderer().endFrame().stars, 0);
}

// The ground draws what its look says: a line only where SceneLook::groundLineX puts one, and nothing
// outside its stage and fades (a stage far away leaves the frame as it is without the ground).
TEST_F(SceneRendererTest, TheGroundsLineAndStageFollowTheLook) {
    renderer().look().stars = 0.0f;
    const auto frame = [&] {
        begin();
        (void)renderer().endFrame();
        return m_target.readImage();
    };
    const vox::Image withLine = frame(); // the scenes' ground (test_scenes.h): a line along x 0..224
    renderer().look().groundLineX = glm::vec2(0.0f); // no line
    const vox::Image withoutLine = frame();
    int greener = 0;
    for (size_t i = 0; i < withLine.rgba.size(); i += 4)
        greener += withLine.rgba[i + 1] > withoutLine.rgba[i + 1] + 8 ? 1 : 0;
    EXPECT_GT(greener, kWidth / 4) << "the line shows along the scene's foot";

    renderer().look().groundStageMin = glm::vec2(5000.0f);
    renderer().look().groundStageMax = glm::vec2(5100.0f);
    renderer().look().groundStageFade = glm::vec2(10.0f);
    const vox::Image farAway = frame();
    renderer().look().drawGround = false;
    const vox::Image noGround = frame();
    EXPECT_TRUE(farAway.rgba == noGround.rgba) << "no ground drawn outside its stage and fades";
    EXPECT_FALSE(withoutLine.rgba == noGround.rgba) << "the ground shows on its stage";
}

TEST_F(SceneRendererTest, HudTextLandsWhereAnchored) {
    begin();
    renderer().look().drawGround = false;
    renderer().look().stars = 0.0f;
    vox::TextStyle style;
    style.anchor = {0.0f, 0.0f};
    style.pivot = {0.0f, 0.0f};
    style.shadow = false;
    style.color = {1.0f, 0.0f, 0.0f, 1.0f};
    renderer().drawText("MMMM", style);
    (void)renderer().endFrame();
    const vox::Image image = m_target.readImage();
    // Red text in the top-left corner, nothing red in the bottom-right one.
    int redTopLeft = 0;
    int redBottomRight = 0;
    for (int y = 0; y < 16; ++y) {
        for (int x = 0; x < 32; ++x) {
            redTopLeft += image.pixel(x, y)[0] > 200 && image.pixel(x, y)[1] < 60;
            const uint8_t* far = image.pixel(kWidth - 1 - x, kHeight - 1 - y);
            redBottomRight += far[0] > 200 && far[1] < 60;
        }
    }
    EXPECT_GT(redTopLeft, 20);
    EXPECT_EQ(redBottomRight, 0);
}

// --- Resolution: multisampling and render scale ---------------------------------------------------------

TEST_F(SceneRendererTest, RenderScaleAndSamplesAreClampedAndSizeTheScene) {
    EXPECT_EQ(renderer().samples(), 4);
    EXPECT_EQ(renderer().renderScale(), 1.0f);
    EXPECT_EQ(renderer().sceneSize({1280, 720}), glm::ivec2(1280, 720));
    renderer().setRenderScale(0.7f);
    EXPECT_EQ(renderer().sceneSize({1280, 720}), glm::ivec2(896, 504));
    EXPECT_EQ(renderer().sceneSize({1, 1}), glm::ivec2(1, 1)) << "never empty";
    renderer().setRenderScale(0.01f);
    EXPECT_EQ(renderer().renderScale(), vox::kMinRenderScale);
    renderer().setRenderScale(3.0f);
    EXPECT_EQ(renderer().renderScale(), 1.0f);
    renderer().setRenderScale(std::nanf(""));
    EXPECT_EQ(renderer().renderScale(), 1.0f);
    renderer().setSamples(0);
    EXPECT_EQ(renderer().samples(), 1);
    renderer().setSamples(1 << 20);
    EXPECT_GE(renderer().samples(), 1);
    EXPECT_LT(renderer().samples(), 1 << 20) << "clamped to GL_MAX_SAMPLES";
}

// Drawing by face direction leaves out the quads an instance cannot turn towards the camera: the same
// picture, pixel for pixel, from about half the triangles; switching back restores one draw call per batch.
TEST_F(SceneRendererTest, DrawingByFaceDirectionDrawsTheSamePictureFromFewerTriangles) {
    vox::test::GameAssets assets = vox::test::GameAssets::load(renderer());
    const auto frame = [&] { return drawGameSceneFrame(assets); };
    const vox::FrameStats all = frame();
    const vox::Image reference = m_target.readImage();
    renderer().setDrawByFaceDirection(true);
    EXPECT_TRUE(renderer().drawByFaceDirection());
    const vox::FrameStats byDirection = frame();
    const vox::Image image = m_target.readImage();
    renderer().setDrawByFaceDirection(false);
    const vox::FrameStats back = frame();

    ASSERT_EQ(image.rgba.size(), reference.rgba.size());
    int64_t differing = 0;
    for (size_t i = 0; i < image.rgba.size(); i += 4)
        differing += std::memcmp(&image.rgba[i], &reference.rgba[i], 4) != 0 ? 1 : 0;
    EXPECT_EQ(differing, 0) << "pixels differing from the picture drawn with every quad";
    EXPECT_EQ(byDirection.sprites, all.sprites);
    // Seen from outside its box, a sprite can show at most one face direction per axis: about half of
    // its quads (here 52 %), for a draw call per direction and per set of directions in a batch.
    EXPECT_LT(byDirection.triangles, all.triangles * 6 / 10);
    EXPECT_GT(byDirection.drawCalls, all.drawCalls);
    EXPECT_EQ(back.drawCalls, all.drawCalls);
    EXPECT_EQ(back.triangles, all.triangles);
    EXPECT_EQ(m_target.readImage().rgba, reference.rgba);
}

// A game draws a frame that fills its window straight into the window's back buffer (framebuffer 0),
// which has no depth buffer (the renderer keeps its own) and whose format may differ from the scene's RGBA8
// buffers (OpenGL ES and WebGL2 refuse a multisample resolve between different formats): at every
// resolution the window shows the picture a render target gets, and nothing goes wrong on the way.
TEST_F(SceneRendererTest, DrawsIntoTheWindowTheSamePictureAsIntoATarget) {
    vox::test::GameAssets assets = vox::test::GameAssets::load(renderer());
    const vox::PixelSize window = vox::test::GlTest::window().drawableSize();
    vox::test::GlTest::window().bindBackBuffer();
    GLint depth = -1;
    glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_DEPTH, GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE,
                                          &depth);
    EXPECT_EQ(depth, GL_NONE) << "the window was made without a depth buffer, like the game's";
    vox::RenderTarget target = makeTarget(window.width, window.height);
    const auto frame = [&] {
        renderer().beginFrame(vox::test::sceneCamera(static_cast<float>(window.width) / window.height),
                              vox::Viewport{0, 0, window.width, window.height});
        vox::test::drawGameScene(renderer(), assets, 0);
        vox::test::drawSampleText(renderer());
        return renderer().endFrame();
    };
    const auto rgb = [](const vox::Image& image) { // the window may have no alpha channel
        std::vector<uint8_t> colour;
        for (size_t i = 0; i < image.rgba.size(); i += 4)
            colour.insert(colour.end(), image.rgba.begin() + static_cast<std::ptrdiff_t>(i),
                          image.rgba.begin() + static_cast<std::ptrdiff_t>(i + 3));
        return colour;
    };
    struct Resolution {
        int32_t samples;
        float scale;
    };
    for (const Resolution resolution :
         {Resolution{4, 1.0f}, Resolution{1, 1.0f}, Resolution{1, 0.65f}, Resolution{4, 0.7f}}) {
        SCOPED_TRACE(testing::Message() << resolution.samples << " samples, scale " << resolution.scale);
        renderer().setSamples(resolution.samples);
        renderer().setRenderScale(resolution.scale);
        target.bind();
        const vox::FrameStats intoTarget = frame();
        const vox::Image expected = target.readImage();
        vox::test::GlTest::window().bindBackBuffer();
        glClearColor(1.0f, 0.0f, 1.0f, 1.0f); // not in the picture: shows wherever the frame did not draw
        glClear(GL_COLOR_BUFFER_BIT);
        const vox::FrameStats intoWindow = frame();
        glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);
        const vox::Image shown = vox::readPixels(0, 0, window.width, window.height);
        EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
        EXPECT_FALSE(expected.isUniform());
        EXPECT_EQ(rgb(shown), rgb(expected));
        EXPECT_EQ(intoWindow.drawCalls, intoTarget.drawCalls);
    }
    renderer().setSamples(4);
    renderer().setRenderScale(1.0f);
}

// Changing the resolution between frames rebuilds only framebuffers: no mesh is uploaded again, the draw
// calls stay the same (one more, the upscale or copy, at a render scale below 1 or a single sample), and
// going back to samples 4 at scale 1 draws exactly the first picture.
TEST_F(SceneRendererTest, ResolutionChangesBetweenFramesKeepMeshesDrawCallsAndThePicture) {
    vox::test::GameAssets assets = vox::test::GameAssets::load(renderer());
    // Stars are drawn a few scene pixels wide, so fewer pixels make them larger: off, to compare the rest.
    renderer().look().stars = 0.0f;
    const auto frame = [&] {
        begin();
        vox::test::drawGameScene(renderer(), assets, 0);
        vox::test::drawSampleText(renderer());
        return renderer().endFrame();
    };
    const vox::FrameStats first = frame();
    const vox::Image reference = m_target.readImage();
    const auto meanLuminance = [](const vox::Image& image) {
        double sum = 0.0;
        for (size_t i = 0; i < image.rgba.size(); i += 4)
            sum += 0.2126 * image.rgba[i] + 0.7152 * image.rgba[i + 1] + 0.0722 * image.rgba[i + 2];
        return sum / static_cast<double>(image.rgba.size() / 4);
    };
    struct Resolution {
        int32_t samples;
        float scale;
    };
    for (const Resolution resolution : {Resolution{1, 1.0f}, Resolution{1, 0.5f}, Resolution{4, 0.7f},
                                        Resolution{2, 0.25f}, Resolution{1, 0.75f}}) {
        SCOPED_TRACE(testing::Message() << resolution.samples << " samples, scale " << resolution.scale);
        renderer().setSamples(resolution.samples);
        renderer().setRenderScale(resolution.scale);
        // The first frame re-sends only the small per-frame uniform block (its viewport changed).
        const vox::FrameStats changed = frame();
        EXPECT_EQ(changed.meshesUploaded, 0);
        EXPECT_LT(changed.bytesUploaded, 1024);
        const vox::FrameStats stats = frame();
        EXPECT_EQ(stats.bytesUploaded, 0);
        EXPECT_EQ(stats.meshesUploaded, 0);
        // A scaled or single-sampled scene adds one draw, a rectangle: the upscale or copy of the
        // renderer's own buffer into the target (`first`, 4 samples at scale 1, is resolved by a blit).
        const int32_t copy = resolution.scale < 1.0f || resolution.samples == 1 ? 1 : 0;
        EXPECT_EQ(stats.drawCalls, first.drawCalls + copy);
        EXPECT_EQ(stats.triangles, first.triangles + 2 * copy);
        // The same scene, softer: the brightness over the whole picture barely moves (a little more at a
        // quarter of the size, 40 x 30 pixels here, where whole voxels blur together).
        const vox::Image image = m_target.readImage();
        EXPECT_NEAR(meanLuminance(image), meanLuminance(reference), resolution.scale >= 0.5f ? 2.5 : 5.0);
        EXPECT_NE(image.rgba, reference.rgba) << "the setting took effect";
    }
    renderer().setSamples(4);
    renderer().setRenderScale(1.0f);
    (void)frame();
    EXPECT_EQ(m_target.readImage().rgba, reference.rgba);
}

// The HUD is drawn after the upscale, at the viewport's resolution: text is as sharp at any scale.
TEST_F(SceneRendererTest, HudTextIsEquallySharpAtAnyRenderScale) {
    const auto redText = [&](float scale) {
        renderer().setSamples(1);
        renderer().setRenderScale(scale);
        begin();
        renderer().look().drawGround = false;
        renderer().look().stars = 0.0f;
        vox::TextStyle style;
        style.anchor = {0.5f, 0.5f};
        style.shadow = false;
        style.color = {1.0f, 0.0f, 0.0f, 1.0f};
        renderer().drawText("SCORE 0123", style);
        (void)renderer().endFrame();
        const vox::Image image = m_target.readImage();
        std::vector<bool> mask;
        for (int y = 0; y < kHeight; ++y)
            for (int x = 0; x < kWidth; ++x)
                mask.push_back(image.pixel(x, y)[0] == 255 && image.pixel(x, y)[1] == 0);
        return mask;
    };
    const std::vector<bool> full = redText(1.0f);
    EXPECT_GT(std::count(full.begin(), full.end(), true), 50);
    EXPECT_EQ(redText(0.5f), full);
    EXPECT_EQ(redText(0.3f), full);
}

// Linear value of an sRGB-encoded byte.
float srgbToLinear(uint8_t value) {
    const float c = static_cast<float>(value) / 255.0f;
    return c <= 0.04045f ? c / 12.92f : std::pow((c + 0.055f) / 1.055f, 2.4f);
}

// The faces away from the key light keep at least kLightFloor of their colour, whatever their direction: a
// grey cube is turned so that one face points along each direction tried, looked at straight on, and the
// mean linear colour of the middle of that face, over the cube's, is the light it receives. Fog and
// vignette are off; specular reaches only lit faces and only adds; faces away from the key stay below the
// tone curve's knee.
TEST_F(SceneRendererTest, NoFaceIsDarkerThanTheLightFloor) {
    constexpr int kSide = 8;
    vox::VoxelModel cube = solidCube(kSide);
    vox::Palette palette = cube.palette();
    palette[1] = vox::packRgba(160, 160, 160);
    cube.setPalette(palette);
    const float albedo = srgbToLinear(160);
    const vox::MeshHandle mesh = renderer().addMesh(cube);
    vox::SceneLook& look = renderer().look();
    look.drawGround = false;
    look.stars = 0.0f;
    look.vignette = 0.0f;
    look.fogDensity = 0.0f;
    const glm::vec3 toKey = glm::normalize(look.toLight);
    // The six axes, straight away from the key, and the darkest direction of the default look: below the
    // terminator, where the key does not reach and the bounce only half.
    const glm::vec3 directions[] = {
        {1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0},
        {0, 0, 1}, {0, 0, -1}, -toKey,    glm::normalize(glm::vec3(-0.20f, -0.67f, 0.71f))};
    for (const glm::vec3& direction : directions) {
        SCOPED_TRACE(testing::Message()
                     << "face towards (" << direction.x << ", " << direction.y << ", " << direction.z << ")");
        // Turn +z onto the direction, the cube's centre at the origin (the pivot is the middle of its back).
        const glm::vec3 z(0.0f, 0.0f, 1.0f);
        const float angle = std::acos(std::clamp(glm::dot(z, direction), -1.0f, 1.0f));
        const glm::vec3 axis = glm::length(glm::cross(z, direction)) > 1e-4f
                                   ? glm::normalize(glm::cross(z, direction))
                                   : glm::vec3(1.0f, 0.0f, 0.0f);
        const glm::quat rotation = glm::angleAxis(angle, axis);
        const float half = 0.5f * static_cast<float>(kSide);
        vox::Camera camera;
        camera.position = direction * (3.0f * static_cast<float>(kSide));
        const glm::vec3 up = std::abs(direction.y) > 0.9f ? z : glm::vec3(0.0f, 1.0f, 0.0f);
        camera.view = glm::lookAt(camera.position, glm::vec3(0.0f), up);
        camera.projection =
            glm::perspective(glm::radians(30.0f), static_cast<float>(kWidth) / kHeight, 1.0f, 200.0f);
        m_target.bind();
        renderer().beginFrame(camera, vox::Viewport{0, 0, kWidth, kHeight});
        renderer().drawSprite(
            {.mesh = mesh, .position = -(rotation * glm::vec3(half, half, 0.0f)), .rotation = rotation});
        (void)renderer().endFrame();
        const vox::Image image = m_target.readImage();
        glm::vec3 sum(0.0f);
        constexpr int kPatch = 48; // about four voxels square in the middle of the face
        for (int y = (kHeight - kPatch) / 2; y < (kHeight + kPatch) / 2; ++y)
            for (int x = (kWidth - kPatch) / 2; x < (kWidth + kPatch) / 2; ++x)
                for (int c = 0; c < 3; ++c)
                    sum[c] += srgbToLinear(image.pixel(x, y)[c]);
        const glm::vec3 light = sum / (static_cast<float>(kPatch * kPatch) * albedo);
        for (int c = 0; c < 3; ++c)
            EXPECT_GE(light[c], vox::kLightFloor)
                << "channel " << c << " of light (" << light.r << ", " << light.g << ", " << light.b << ")";
    }
}

// The pixel where the world point `point` lands under the fixture's camera (top row first).
glm::ivec2 projectToPixel(glm::vec3 point, int width, int height) {
    const glm::vec4 clip =
        vox::test::sceneCamera(static_cast<float>(width) / static_cast<float>(height)).viewProjection() *
        glm::vec4(point, 1.0f);
    const glm::vec2 ndc = glm::vec2(clip) / clip.w;
    return {static_cast<int>((ndc.x + 1.0f) * 0.5f * static_cast<float>(width)),
            static_cast<int>((1.0f - ndc.y) * 0.5f * static_cast<float>(height))};
}

// A light band colours what is lit at its heights, and only there: a white cube inside a red band turns
// red, one below it stays grey; with no band both are grey.
TEST_F(SceneRendererTest, LightBandsColourWhatIsLitAtTheirHeights) {
    vox::VoxelModel cube = solidCube(12);
    vox::Palette palette = cube.palette();
    palette[1] = vox::packRgba(220, 220, 220);
    cube.setPalette(palette);
    const vox::MeshHandle mesh = renderer().addMesh(cube);
    renderer().look().stars = 0.0f;
    const glm::vec3 low(100.0f, 80.0f, 0.0f);
    const glm::vec3 high(100.0f, 160.0f, 0.0f);
    const auto frame = [&] {
        begin();
        renderer().drawSprite({.mesh = mesh, .position = low});
        renderer().drawSprite({.mesh = mesh, .position = high});
        (void)renderer().endFrame();
        return m_target.readImage();
    };
    const auto colourAt = [&](const vox::Image& image, glm::vec3 corner) {
        const glm::ivec2 pixel = projectToPixel(corner + glm::vec3(6.0f, 6.0f, 6.0f), kWidth, kHeight);
        const uint8_t* rgba = image.pixel(pixel.x, pixel.y);
        return glm::ivec3(rgba[0], rgba[1], rgba[2]);
    };
    const vox::Image plain = frame();
    for (const glm::vec3& at : {low, high}) {
        const glm::ivec3 c = colourAt(plain, at);
        EXPECT_NEAR(c.r, c.g, 25) << "no band: the cube at y " << at.y << " is grey";
        EXPECT_GT(c.r, 60);
    }
    renderer().look().lightBands[0] = {
        .minY = 140.0f, .maxY = 190.0f, .feather = 4.0f, .color = {1.0f, 0.1f, 0.1f}};
    const vox::Image banded = frame();
    const glm::ivec3 red = colourAt(banded, high);
    EXPECT_GT(red.r, 2 * red.g + 20) << "the cube in the band is lit red";
    EXPECT_EQ(colourAt(banded, low), colourAt(plain, low)) << "the cube below the band keeps its light";
    renderer().look().lightBands[0] = {};
}

// Monochrome turns a saturated sprite grey (its brightest channel), and 0 leaves its colours.
TEST_F(SceneRendererTest, MonochromeTurnsSurfaceColoursGrey) {
    vox::VoxelModel cube = solidCube(12);
    vox::Palette palette = cube.palette();
    palette[1] = vox::packRgba(230, 40, 220);
    cube.setPalette(palette);
    const vox::MeshHandle mesh = renderer().addMesh(cube);
    renderer().look().stars = 0.0f;
    const glm::vec3 at(100.0f, 100.0f, 0.0f);
    const auto colour = [&] {
        begin();
        renderer().drawSprite({.mesh = mesh, .position = at});
        (void)renderer().endFrame();
        const glm::ivec2 pixel = projectToPixel(at + glm::vec3(6.0f), kWidth, kHeight);
        const vox::Image image = m_target.readImage(); // kept: `pixel` points into it
        const uint8_t* rgba = image.pixel(pixel.x, pixel.y);
        return glm::ivec3(rgba[0], rgba[1], rgba[2]);
    };
    const glm::ivec3 coloured = colour();
    EXPECT_GT(coloured.r, coloured.g + 80);
    renderer().look().monochrome = 1.0f;
    const glm::ivec3 grey = colour();
    renderer().look().monochrome = 0.0f;
    EXPECT_NEAR(grey.r, grey.g, 25);
    EXPECT_NEAR(grey.b, grey.g, 25);
    EXPECT_GE(grey.g, coloured.r - 40) << "grey as bright as its brightest channel";
}

// The sky's disc is painted where its look puts it, in front of the stars (none show over it), and leaves
// the rest of the sky as it was.
TEST_F(SceneRendererTest, TheSkyDiscCoversTheSkyAndHidesTheStars) {
    renderer().look().drawGround = false;
    const auto frame = [&] {
        begin();
        (void)renderer().endFrame();
        return m_target.readImage();
    };
    const vox::Image without = frame();
    renderer().look().skyDisc = {.centre = {0.5f, 0.5f}, .radius = 0.3f, .color = {0.6f, 0.6f, 0.6f}};
    const vox::Image with = frame();
    renderer().look().stars = 0.0f;
    const vox::Image withoutStars = frame();
    const int radius = static_cast<int>(0.3f * kHeight);
    int inside = 0;
    int brighter = 0;
    for (int y = 0; y < kHeight; ++y) {
        for (int x = 0; x < kWidth; ++x) {
            const int dx = x - kWidth / 2;
            const int dy = y - kHeight / 2;
            const int d2 = dx * dx + dy * dy;
            if (d2 < (radius - 2) * (radius - 2)) {
                ++inside;
                brighter += with.pixel(x, y)[1] > without.pixel(x, y)[1] + 10 ? 1 : 0;
                ASSERT_EQ(std::memcmp(with.pixel(x, y), withoutStars.pixel(x, y), 3), 0)
                    << "a star shows over the disc at " << x << ", " << y;
            } else if (d2 > (radius + 2) * (radius + 2)) {
                ASSERT_EQ(std::memcmp(with.pixel(x, y), without.pixel(x, y), 3), 0)
                    << "the sky changed outside the disc at " << x << ", " << y;
            }
        }
    }
    EXPECT_GT(brighter, inside * 8 / 10) << "the disc is lighter than the night sky";
    renderer().look().skyDisc = {};
    renderer().look().stars = 1.0f;
}

// A smaller HUD reference height makes the HUD's pixels larger, from the next call.
TEST_F(SceneRendererTest, TheHudReferenceHeightScalesTheHud) {
    const int32_t before = renderer().hudReferenceHeight();
    renderer().setHudReferenceHeight(40);
    EXPECT_EQ(renderer().hudPixelScale({200, 120}), 3);
    renderer().setHudReferenceHeight(0);
    EXPECT_EQ(renderer().hudReferenceHeight(), 1) << "clamped to at least 1";
    renderer().setHudReferenceHeight(before);
}

// A reference width caps the HUD's pixels in a narrow window: a line that many font pixels wide fits.
TEST_F(SceneRendererTest, TheHudReferenceWidthCapsTheHudInANarrowWindow) {
    const int32_t height = renderer().hudReferenceHeight();
    const int32_t width = renderer().hudReferenceWidth();
    renderer().setHudReferenceHeight(40);
    renderer().setHudReferenceWidth(0);
    EXPECT_EQ(renderer().hudPixelScale({60, 200}), 5) << "no reference width: the height alone";
    renderer().setHudReferenceWidth(30);
    EXPECT_EQ(renderer().hudPixelScale({60, 200}), 2) << "a portrait window: the width's";
    EXPECT_EQ(renderer().hudPixelScale({300, 200}), 5) << "a wide one: the height's still";
    EXPECT_EQ(renderer().hudPixelScale({20, 200}), 1) << "at least 1";
    renderer().setHudReferenceWidth(-3);
    EXPECT_EQ(renderer().hudReferenceWidth(), 0) << "none";
    renderer().setHudReferenceHeight(height);
    renderer().setHudReferenceWidth(width);
}

} // namespace
