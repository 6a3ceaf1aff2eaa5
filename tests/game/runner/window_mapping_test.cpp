// From the window to the frame: the letterboxed frame, when it may go straight into the window, and the
// mouse mapping, checked at the frame's corners worked out by hand (a HiDPI window, pillar and letter boxes).
#include "runner/window_mapping.h"

#include <gtest/gtest.h>

namespace invaders {
namespace {

void expectNear(glm::vec2 actual, glm::vec2 expected) {
    EXPECT_NEAR(actual.x, expected.x, 1e-3f);
    EXPECT_NEAR(actual.y, expected.y, 1e-3f);
}

TEST(FrameTarget, AWindowOfTheRightShapeIsDrawnStraightIntoAndAWiderOneIsPillarboxed) {
    const FrameTarget exact = frameTarget(false, false, {1024, 768}, {1024, 768});
    EXPECT_EQ(exact.width, 1024);
    EXPECT_EQ(exact.height, 768);
    EXPECT_TRUE(exact.straightToWindow);

    // 4:3 in 1920 x 1080: 1440 x 1080, 240 pixels of bar on each side.
    const FrameTarget wide = frameTarget(false, false, {1920, 1080}, {1024, 768});
    EXPECT_EQ(wide.width, 1440);
    EXPECT_EQ(wide.height, 1080);
    EXPECT_EQ(wide.viewport.x, 240);
    EXPECT_EQ(wide.viewport.y, 0);
    EXPECT_FALSE(wide.straightToWindow) << "bars: through a render target";

    EXPECT_FALSE(frameTarget(false, true, {1024, 768}, {1024, 768}).straightToWindow)
        << "a screenshot reads the frame back from a target";
    EXPECT_EQ(frameTarget(false, false, {0, 0}, {1024, 768}).width, 0) << "minimised: nothing to draw";
}

TEST(FrameTarget, HeadlessFramesAreTheAskedSizeExactly) {
    const FrameTarget frame = frameTarget(true, false, {640, 640}, {320, 240});
    EXPECT_EQ(frame.width, 320);
    EXPECT_EQ(frame.height, 240);
    EXPECT_FALSE(frame.straightToWindow);
}

TEST(MouseMapping, TheFrameCornersUnderTheMouseInAHiDpiPillarboxedWindow) {
    // Window 960 x 540 points, drawable 1920 x 1080 pixels (2x), 4:3 frame: 1440 x 1080 at x = 240.
    const vox::PixelSize window{960, 540};
    const vox::PixelSize drawable{1920, 1080};
    const FrameTarget frame = frameTarget(false, false, drawable, {1024, 768});
    const MouseMapping mapping = mouseMapping(window, drawable, frame);
    expectNear(mapping.apply({120.0f, 0.0f}), {0.0f, 0.0f});         // the frame's top-left
    expectNear(mapping.apply({840.0f, 540.0f}), {1440.0f, 1080.0f}); // its bottom-right
    expectNear(mapping.apply({480.0f, 270.0f}), {720.0f, 540.0f});   // the centre
    expectNear(mapping.apply({0.0f, 0.0f}), {-240.0f, 0.0f});        // on the bar: left of the frame
}

TEST(MouseMapping, ALetterboxedWindowCountsRowsFromTheTop) {
    // Window = drawable 800 x 800, 4:3 frame: 800 x 600 with 100-pixel bars above and below.
    const vox::PixelSize size{800, 800};
    const FrameTarget frame = frameTarget(false, false, size, {1024, 768});
    ASSERT_EQ(frame.height, 600);
    ASSERT_EQ(frame.viewport.y, 100);
    const MouseMapping mapping = mouseMapping(size, size, frame);
    expectNear(mapping.apply({0.0f, 100.0f}), {0.0f, 0.0f});
    expectNear(mapping.apply({800.0f, 700.0f}), {800.0f, 600.0f});
}

TEST(MouseMapping, NoAreaIsTheIdentity) {
    const FrameTarget none = frameTarget(false, false, {0, 0}, {1024, 768});
    const MouseMapping mapping = mouseMapping({0, 0}, {0, 0}, none);
    expectNear(mapping.apply({12.0f, 34.0f}), {12.0f, 34.0f});
}

} // namespace
} // namespace invaders
