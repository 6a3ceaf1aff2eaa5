// The window runGame opens: plain, for the runner's first options update to set up.
#include "app.h"

#include <gtest/gtest.h>

namespace invaders {
namespace {

// Start-up applies the saved vsync once, through OptionsApplier: a window that asked for it itself would
// report a refusing driver twice ("note: ..." from the window, then the runner's warning).
TEST(WindowSettings, TheWindowOpensPlainAtTheRequestedSizeAndLeavesVsyncToTheOptions) {
    for (const bool headless : {false, true}) {
        Options options;
        options.width = 960;
        options.height = 540;
        options.headless = headless;
        const vox::Result<vox::WindowSettings> settings = windowSettings(options);
        ASSERT_TRUE(settings) << settings.error().message;
        EXPECT_FALSE(settings.value().vsync.has_value()) << "the first OptionsApplier update sets it";
        EXPECT_EQ(settings.value().width, 960);
        EXPECT_EQ(settings.value().height, 540);
        EXPECT_EQ(settings.value().headless, headless);
        EXPECT_FALSE(settings.value().depthBuffer) << "the renderer keeps its own depth";
        EXPECT_EQ(settings.value().title, "voxel-invaders");
    }
}

} // namespace
} // namespace invaders
