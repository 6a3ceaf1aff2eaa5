#include "vox/platform/viewport.h"

#include <gtest/gtest.h>

namespace {

TEST(LetterboxViewport, SameAspectFillsTheDrawable) {
    EXPECT_EQ(vox::letterboxViewport(1280, 720, 16.0 / 9.0), (vox::Viewport{0, 0, 1280, 720}));
}

TEST(LetterboxViewport, WiderWindowGetsBarsLeftAndRight) {
    // 16:9 content in a 21:9-ish window: full height, centred horizontally.
    EXPECT_EQ(vox::letterboxViewport(2560, 1080, 16.0 / 9.0), (vox::Viewport{320, 0, 1920, 1080}));
}

TEST(LetterboxViewport, TallerWindowGetsBarsTopAndBottom) {
    EXPECT_EQ(vox::letterboxViewport(1280, 1024, 16.0 / 9.0), (vox::Viewport{0, 152, 1280, 720}));
}

TEST(LetterboxViewport, ResultAlwaysFitsAndIsCentred) {
    for (int width = 1; width < 400; width += 37) {
        for (int height = 1; height < 400; height += 41) {
            const vox::Viewport viewport = vox::letterboxViewport(width, height, 4.0 / 3.0);
            SCOPED_TRACE(testing::Message() << width << "x" << height);
            EXPECT_GE(viewport.x, 0);
            EXPECT_GE(viewport.y, 0);
            EXPECT_GE(viewport.width, 1);
            EXPECT_GE(viewport.height, 1);
            EXPECT_LE(viewport.x + viewport.width, width);
            EXPECT_LE(viewport.y + viewport.height, height);
            EXPECT_TRUE(viewport.width == width || viewport.height == height); // touches two sides
            EXPECT_LE(std::abs((width - viewport.width) - 2 * viewport.x), 1);
        }
    }
}

TEST(LetterboxViewport, NoAreaGivesAnEmptyViewport) {
    EXPECT_EQ(vox::letterboxViewport(0, 720, 1.5), vox::Viewport{});
    EXPECT_EQ(vox::letterboxViewport(1280, 0, 1.5), vox::Viewport{});
    EXPECT_EQ(vox::letterboxViewport(1280, 720, 0.0), vox::Viewport{});
}

} // namespace
