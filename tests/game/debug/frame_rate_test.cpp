// FrameRate: frames per second over wall time, median and longest frame, and the --fps counter's text;
// FrameTimeLog: the summary --fps prints at the end.
#include "debug/frame_rate.h"

#include <gtest/gtest.h>

namespace invaders {
namespace {

TEST(FrameRate, EmptyReportsNothingMeasured) {
    const FrameRate rate;
    EXPECT_EQ(rate.size(), 0);
    EXPECT_EQ(rate.framesPerSecond(), 0.0);
    EXPECT_EQ(rate.medianMilliseconds(), 0.0);
    EXPECT_EQ(rate.maxMilliseconds(), 0.0);
    EXPECT_EQ(rate.latestMilliseconds(), 0.0);
    EXPECT_EQ(frameRateText(rate), "-- FPS  -- MS");
}

TEST(FrameRate, SteadyFramesGiveTheirRate) {
    FrameRate rate;
    for (int i = 0; i < 100; ++i)
        rate.push(1000.0 / 60.0);
    EXPECT_EQ(rate.size(), kFrameRateWindow);
    EXPECT_NEAR(rate.framesPerSecond(), 60.0, 1e-3);
    EXPECT_NEAR(rate.medianMilliseconds(), 16.667, 1e-3);
    EXPECT_EQ(frameRateText(rate), "60 FPS  16.7 MS");
}

TEST(FrameRate, RateIsFramesOverTheirTotalTimeNotTheMeanOfRates) {
    // Three 10 ms frames and one 70 ms frame: 4 frames in 100 ms is 40 per second (the mean of the
    // per-frame rates would claim 78.6).
    FrameRate rate(4);
    for (double ms : {10.0, 10.0, 70.0, 10.0})
        rate.push(ms);
    EXPECT_NEAR(rate.framesPerSecond(), 40.0, 1e-4);
    EXPECT_NEAR(rate.medianMilliseconds(), 10.0, 1e-6);
    EXPECT_NEAR(rate.maxMilliseconds(), 70.0, 1e-6);
    EXPECT_NEAR(rate.latestMilliseconds(), 10.0, 1e-6);
}

TEST(FrameRate, KeepsOnlyTheLatestFramesAndTheMedianOfAnEvenCount) {
    FrameRate rate(4);
    for (double ms : {100.0, 100.0, 20.0, 30.0, 40.0, 50.0}) // the slow start falls out of the window
        rate.push(ms);
    EXPECT_EQ(rate.size(), 4);
    EXPECT_NEAR(rate.medianMilliseconds(), 35.0, 1e-6);
    EXPECT_NEAR(rate.maxMilliseconds(), 50.0, 1e-6);
    EXPECT_NEAR(rate.framesPerSecond(), 4.0 * 1000.0 / 140.0, 1e-4);
    EXPECT_EQ(frameRateText(rate), "29 FPS  35.0 MS");
    rate.clear();
    EXPECT_EQ(rate.size(), 0);
}

TEST(FrameRate, FramesOfNoTimeGiveNoRateRatherThanInfinity) {
    FrameRate rate(2);
    rate.push(0.0);
    rate.push(-1.0); // a clock that stepped back counts as no time
    EXPECT_EQ(rate.framesPerSecond(), 0.0);
    EXPECT_EQ(rate.maxMilliseconds(), 0.0);
}

TEST(FrameTimeLog, LeavesOutTheFirstSecondAndSummarisesTheRest) {
    FrameTimeLog log;
    EXPECT_EQ(log.summary(), "fps: no frames measured");
    // Warm-up: 2 frames of 400 ms and one of 250 ms end the first second (shader compiles).
    log.push(400.0);
    log.push(400.0);
    log.push(250.0);
    EXPECT_EQ(log.frames(), 0);
    // Then 99 frames of 10 ms and one of 50 ms: 100 frames in 1.04 s.
    for (int i = 0; i < 99; ++i)
        log.push(10.0);
    log.push(50.0);
    EXPECT_EQ(log.frames(), 100);
    EXPECT_EQ(log.summary(), "fps: 100 frames in 1.0 s: 96.2 fps; frame time median 10.0 ms, 95th percentile "
                             "10.0 ms, longest 50.0 ms");
}

TEST(FrameTimeLog, ThePercentilesFollowTheSlowFrames) {
    FrameTimeLog log;
    log.push(1000.0); // the warm-up, in one frame
    for (int i = 0; i < 80; ++i)
        log.push(12.0);
    for (int i = 0; i < 20; ++i)
        log.push(30.0);
    // 95th percentile: the 95th of 100 sorted times, one of the slow fifth.
    EXPECT_EQ(log.summary(), "fps: 100 frames in 1.6 s: 64.1 fps; frame time median 12.0 ms, 95th percentile "
                             "30.0 ms, longest 30.0 ms");
}

} // namespace
} // namespace invaders
