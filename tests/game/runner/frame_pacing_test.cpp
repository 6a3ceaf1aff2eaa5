// Frame pacing: a headless run takes exactly one step per frame whatever the clock, draws only its last
// frame and shows the latest step; a window steps by the wall time it measures and draws every frame.
#include "runner/frame_pacing.h"

#include <gtest/gtest.h>

namespace invaders {
namespace {

TEST(FramePacing, HeadlessTakesOneStepPerFrameWhateverTheCounterSays) {
    const vox::FixedStepSettings settings = clockSettings(RunMode::Headless);
    vox::FixedStepClock clock(settings);
    // Frames of wildly different wall times (a slow software rasteriser, a fast GPU): the same steps.
    const uint64_t ticks[] = {1, 1'000'000, 3, 50'000'000, 0, 7};
    for (uint64_t tick : ticks) {
        const vox::FrameSteps steps =
            clock.advance(frameSeconds(RunMode::Headless, settings, tick, 1'000'000));
        EXPECT_EQ(steps.steps, 1) << "ticks " << tick;
        EXPECT_EQ(drawAlpha(RunMode::Headless, steps), 1.0) << "the latest step, not an interpolation";
    }
    EXPECT_EQ(clock.totalSteps(), std::size(ticks));
    EXPECT_EQ(loopPacing(RunMode::Headless), vox::LoopPacing::AsFastAsCan);
}

TEST(FramePacing, AWindowStepsByTheWallTimeItMeasures) {
    const vox::FixedStepSettings settings = clockSettings(RunMode::Windowed);
    EXPECT_GT(settings.smoothingFrames, 1) << "a window smooths its frame times";
    EXPECT_DOUBLE_EQ(frameSeconds(RunMode::Windowed, settings, 500, 1000), 0.5);
    EXPECT_DOUBLE_EQ(frameSeconds(RunMode::Windowed, settings, 16'667, 1'000'000), 0.016667);
    EXPECT_EQ(frameSeconds(RunMode::Windowed, settings, 123, 0), 0.0) << "no counter: no time, no crash";
    vox::FixedStepClock clock(settings);
    uint64_t steps = 0;
    for (int frame = 0; frame < 600; ++frame) // ten seconds at 60 Hz, measured in microseconds
        steps += static_cast<uint64_t>(
            clock.advance(frameSeconds(RunMode::Windowed, settings, 16'667, 1'000'000)).steps);
    EXPECT_NEAR(static_cast<double>(steps), 600.0, 2.0) << "as many steps as the wall time holds";
    vox::FrameSteps between;
    between.alpha = 0.25;
    EXPECT_EQ(drawAlpha(RunMode::Windowed, between), 0.25);
    EXPECT_EQ(loopPacing(RunMode::Windowed), vox::LoopPacing::Display);
}

TEST(FramePacing, HeadlessDrawsOnlyItsLastFrameAndAWindowEveryFrame) {
    EXPECT_FALSE(drawsFrame(RunMode::Headless, true));
    EXPECT_TRUE(drawsFrame(RunMode::Headless, false)) << "the last frame: the screenshot";
    EXPECT_TRUE(drawsFrame(RunMode::Windowed, true));
    EXPECT_TRUE(drawsFrame(RunMode::Windowed, false));
}

TEST(FramePacing, OnlyAWindowWithoutVsyncRests) {
    EXPECT_TRUE(restsAfterFrame(RunMode::Windowed, false));
    EXPECT_FALSE(restsAfterFrame(RunMode::Windowed, true)) << "vsync waits already";
    EXPECT_FALSE(restsAfterFrame(RunMode::Headless, false)) << "headless runs as fast as it can";
}

} // namespace
} // namespace invaders
