// RunPlayback and verifyRun (sim/run_playback.h): steps per frame at each speed, pause, the end, and the
// verdict against the recorded hash and a table entry's claim.
#include "sim_test_support.h"

#include "sim/autoplayer.h"
#include "sim/run_playback.h"

namespace invaders::test {
namespace {

// A run played by the demo pilot, and the state it ends in (the reference the playback must reach).
struct RecordedRun {
    Replay replay;
    uint32_t score = 0;
    int32_t wave = 1;
};

RecordedRun recordRun(const SimSettings& settings, int64_t steps) {
    Simulation simulation(settings, builtinAssets());
    AutoPlayer pilot(settings.seed);
    RecordedRun run{newReplay(settings)};
    for (int64_t i = 0; i < steps; ++i) {
        const StepInput input = pilot.decide(simulation);
        simulation.step(input);
        recordStep(run.replay, input, simulation);
    }
    run.replay.finalStateHash = simulation.stateHash();
    run.score = static_cast<uint32_t>(simulation.player(0).score);
    run.wave = simulation.player(0).wave;
    return run;
}

const RecordedRun& scoringRun() {
    static const RecordedRun run = recordRun({7, 1, Difficulty::Arcade}, 2400);
    return run;
}

TEST(RunPlayback, TakesSpeedStepsPerFrameAndNoneWhilePaused) {
    RunPlayback playback(scoringRun().replay, builtinAssets());
    EXPECT_EQ(playback.speed(), 1);
    playback.advanceFrame();
    EXPECT_EQ(playback.stepsPlayed(), 1);
    EXPECT_TRUE(playback.setSpeed(2));
    playback.advanceFrame();
    EXPECT_EQ(playback.stepsPlayed(), 3);
    EXPECT_TRUE(playback.setSpeed(4));
    playback.advanceFrame();
    EXPECT_EQ(playback.stepsPlayed(), 7);
    EXPECT_FALSE(playback.setSpeed(3));
    EXPECT_EQ(playback.speed(), 4);

    playback.setPaused(true);
    const uint64_t before = playback.simulation().stateHash();
    for (int i = 0; i < 10; ++i)
        playback.advanceFrame();
    EXPECT_EQ(playback.stepsPlayed(), 7);
    EXPECT_EQ(playback.simulation().stateHash(), before);
    playback.setPaused(false);
    playback.advanceFrame();
    EXPECT_EQ(playback.stepsPlayed(), 11);

    playback.cycleSpeed(); // 4x wraps to 1x
    EXPECT_EQ(playback.speed(), 1);
    playback.cycleSpeed();
    EXPECT_EQ(playback.speed(), 2);
    playback.cycleSpeed();
    EXPECT_EQ(playback.speed(), 4);
}

TEST(RunPlayback, EndsOnTheLastStepAtAnySpeedAndVerifies) {
    for (int32_t speed : RunPlayback::kSpeeds) {
        SCOPED_TRACE(speed);
        const RecordedRun& run = scoringRun();
        RunPlayback playback(run.replay, builtinAssets(), RunClaim{0, run.score, run.wave, {'A', 'C', 'E'}});
        ASSERT_TRUE(playback.setSpeed(speed));
        int frames = 0;
        while (!playback.ended()) {
            EXPECT_FALSE(playback.verdict().has_value());
            playback.advanceFrame();
            ++frames;
        }
        EXPECT_EQ(frames, (playback.totalSteps() + speed - 1) / speed);
        EXPECT_EQ(playback.stepsPlayed(), static_cast<int64_t>(run.replay.inputs.size()));
        playback.advanceFrame(); // nothing left
        EXPECT_EQ(playback.stepsPlayed(), playback.totalSteps());
        ASSERT_TRUE(playback.verdict().has_value());
        EXPECT_TRUE(playback.verdict()->verified()) << playback.verdict()->problem;
        EXPECT_EQ(playback.verdict()->finalHash, run.replay.finalStateHash);
        EXPECT_EQ(playback.verdict()->finalScore, run.score);
        EXPECT_TRUE(playback.verdict()->problem.empty());
    }
    ASSERT_GT(scoringRun().score, 0u) << "the run should score, for the claim checks to mean something";
}

TEST(RunPlayback, BannerShowsTheEntry) {
    const RecordedRun& run = scoringRun();
    const RunPlayback claimed(run.replay, builtinAssets(), RunClaim{0, 1230, 2, {'B', 'O', 'B'}});
    EXPECT_EQ(claimed.banner().initials, "BOB");
    EXPECT_EQ(claimed.banner().score, 1230u);
    EXPECT_EQ(claimed.banner().wave, 2);
    const RunPlayback shared(run.replay, builtinAssets());
    EXPECT_EQ(shared.banner().initials, "");
}

TEST(VerifyRun, ADamagedRunOrAWrongClaimIsUnverified) {
    const RecordedRun& run = scoringRun();
    EXPECT_TRUE(verifyRun(run.replay, builtinAssets()).verified());

    Replay otherHash = run.replay;
    otherHash.finalStateHash ^= 1;
    const RunVerdict hash = verifyRun(otherHash, builtinAssets());
    EXPECT_FALSE(hash.verified());
    EXPECT_FALSE(hash.hashMatches);
    EXPECT_NE(hash.problem.find("not the recorded"), std::string::npos) << hash.problem;

    Replay changedInput = run.replay;
    for (size_t step = 300; step < 360; ++step) // a second of other moves
        changedInput.inputs[step] = changedInput.inputs[step] == 1 ? 2 : 1;
    EXPECT_FALSE(verifyRun(changedInput, builtinAssets()).hashMatches);

    const RunVerdict score =
        verifyRun(run.replay, builtinAssets(), RunClaim{0, run.score + 10, run.wave, {}});
    EXPECT_TRUE(score.hashMatches);
    EXPECT_FALSE(score.verified());
    EXPECT_NE(score.problem.find("player 1 ends with " + std::to_string(run.score) + " points"),
              std::string::npos)
        << score.problem;
    EXPECT_FALSE(verifyRun(run.replay, builtinAssets(), RunClaim{0, run.score, run.wave + 1, {}}).verified());
    const RunVerdict player = verifyRun(run.replay, builtinAssets(), RunClaim{1, run.score, run.wave, {}});
    EXPECT_FALSE(player.verified());
    EXPECT_NE(player.problem.find("1 player(s)"), std::string::npos) << player.problem;
}

TEST(VerifyRun, TheSecondPlayerOfATwoPlayerGameIsChecked) {
    const SimSettings settings{11, 2, Difficulty::Arcade};
    const RecordedRun run = recordRun(settings, 6000);
    // The reference: player 2's state after the same steps, played here directly.
    Simulation simulation(settings, builtinAssets());
    for (uint8_t bits : run.replay.inputs)
        simulation.step(StepInput::fromBits(bits));
    const auto score = static_cast<uint32_t>(simulation.player(1).score);
    const int32_t wave = simulation.player(1).wave;
    EXPECT_TRUE(verifyRun(run.replay, builtinAssets(), RunClaim{1, score, wave, {}}).verified());
    EXPECT_FALSE(verifyRun(run.replay, builtinAssets(), RunClaim{1, score + 10, wave, {}}).verified());
}

TEST(RunPlayback, AnEmptyRunHasEndedAtOnce) {
    Replay empty = newReplay({1, 1, Difficulty::Arcade});
    empty.finalStateHash = Simulation(empty.settings, builtinAssets()).stateHash();
    RunPlayback playback(empty, builtinAssets());
    EXPECT_TRUE(playback.ended());
    ASSERT_TRUE(playback.verdict().has_value());
    EXPECT_TRUE(playback.verdict()->verified());
}

} // namespace
} // namespace invaders::test
