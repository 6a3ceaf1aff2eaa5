#include "vox/platform/fixed_step_clock.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <vector>

namespace {

constexpr double kStep = 1.0 / 60.0;

// A fake clock: a list of frame times, fed to the clock frame by frame; totals what it hands out.
struct FakeRun {
    int steps = 0;
    double dropped = 0.0;
    std::vector<int> stepsPerFrame;
};

FakeRun feed(vox::FixedStepClock& clock, double frameSeconds, int frames) {
    FakeRun run;
    for (int i = 0; i < frames; ++i) {
        const vox::FrameSteps frame = clock.advance(frameSeconds);
        run.steps += frame.steps;
        run.dropped += frame.droppedSeconds;
        run.stepsPerFrame.push_back(frame.steps);
        EXPECT_GE(frame.alpha, 0.0);
        EXPECT_LT(frame.alpha, 1.0);
    }
    return run;
}

TEST(FixedStepClock, OneStepPerFrameAtSixtyHertz) {
    vox::FixedStepClock clock;
    const FakeRun run = feed(clock, kStep, 600);
    for (int steps : run.stepsPerFrame)
        EXPECT_EQ(steps, 1);
    EXPECT_EQ(clock.totalSteps(), 600u);
}

TEST(FixedStepClock, SlowFramesRunSeveralStepsAndFastFramesSomeNone) {
    vox::FixedStepClock thirty;
    const FakeRun slow = feed(thirty, 1.0 / 30.0, 30);
    EXPECT_EQ(slow.steps, 60); // one second of 30 Hz frames is still 60 steps

    vox::FixedStepClock oneFortyFour;
    const FakeRun fast = feed(oneFortyFour, 1.0 / 144.0, 144);
    // One second of 144 Hz frames: 60 steps, give or take the one still in the accumulator.
    EXPECT_GE(fast.steps, 59);
    EXPECT_LE(fast.steps, 60);
    int framesWithoutStep = 0;
    for (int steps : fast.stepsPerFrame) {
        EXPECT_LE(steps, 1);
        framesWithoutStep += steps == 0 ? 1 : 0;
    }
    EXPECT_GT(framesWithoutStep, 70);
}

TEST(FixedStepClock, StepsTrackRealTimeOverManyIrregularFrames) {
    // Frame times from a fixed cycle of jittery values; simulated time must stay within a step of real time.
    const double frameTimes[] = {0.016, 0.017, 0.0155, 0.021, 0.009, 0.033, 0.0166};
    vox::FixedStepClock clock;
    double real = 0.0;
    for (int i = 0; i < 7000; ++i) {
        const double elapsed = frameTimes[i % 7];
        real += elapsed;
        const vox::FrameSteps frame = clock.advance(elapsed);
        ASSERT_EQ(frame.droppedSeconds, 0.0);
        const double simulated = static_cast<double>(clock.totalSteps()) * kStep;
        ASSERT_NEAR(simulated + frame.alpha * kStep, real, 1e-6) << "frame " << i;
    }
}

TEST(FixedStepClock, CatchUpIsBoundedAndTheBacklogDropped) {
    vox::FixedStepClock clock({kStep, 5});
    const vox::FrameSteps stall = clock.advance(10.0); // a 10 s hitch (debugger, dragged window)
    EXPECT_EQ(stall.steps, 5);
    EXPECT_NEAR(stall.droppedSeconds, 10.0 - 5 * kStep - stall.alpha * kStep, 1e-9);
    EXPECT_GT(stall.droppedSeconds, 9.0);
    // No spiral: the next normal frame is a normal frame again.
    const vox::FrameSteps next = clock.advance(kStep);
    EXPECT_LE(next.steps, 2);
    EXPECT_EQ(next.droppedSeconds, 0.0);
}

TEST(FixedStepClock, AlphaIsTheFractionOfAStepLeftOver) {
    vox::FixedStepClock clock;
    vox::FrameSteps frame = clock.advance(kStep * 0.25);
    EXPECT_EQ(frame.steps, 0);
    EXPECT_NEAR(frame.alpha, 0.25, 1e-9);
    frame = clock.advance(kStep * 1.5);
    EXPECT_EQ(frame.steps, 1);
    EXPECT_NEAR(frame.alpha, 0.75, 1e-9);
    EXPECT_NEAR(clock.alpha(), 0.75, 1e-9);
}

TEST(FixedStepClock, NegativeAndNotANumberElapsedCountAsZero) {
    vox::FixedStepClock clock;
    EXPECT_EQ(clock.advance(-1.0).steps, 0);
    EXPECT_EQ(clock.advance(std::numeric_limits<double>::quiet_NaN()).steps, 0);
    EXPECT_EQ(clock.advance(std::numeric_limits<double>::infinity()).steps, 5); // bounded like any stall
    EXPECT_EQ(clock.advance(kStep).steps, 1);
    EXPECT_FALSE(std::isnan(clock.alpha()));
}

TEST(FixedStepClock, CustomStepAndBound) {
    vox::FixedStepClock clock({0.1, 2});
    EXPECT_EQ(clock.advance(0.35).steps, 2); // 3 owed, bound 2
    EXPECT_EQ(clock.advance(0.1).steps, 1);
}

} // namespace
