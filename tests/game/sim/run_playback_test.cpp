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

// A table entry names the board its score was made on; a run played on another board does not verify it
// (a 6-ship run must not pass for an arcade score), and an entry naming no board is not checked for one.
TEST(VerifyRun, TheBoardTheEntryNamesMustBeTheRunsBoard) {
    const SimSettings settings = SimSettings::on({Difficulty::Arcade, 6, 1000}, 7, 1);
    const RecordedRun run = recordRun(settings, 2400);
    const BoardSettings played = settings.board();
    EXPECT_TRUE(
        verifyRun(run.replay, builtinAssets(), RunClaim{0, run.score, run.wave, {}, played}).verified());
    EXPECT_TRUE(verifyRun(run.replay, builtinAssets(), RunClaim{0, run.score, run.wave, {}}).verified());
    const RunVerdict arcade =
        verifyRun(run.replay, builtinAssets(), RunClaim{0, run.score, run.wave, {}, BoardSettings{}});
    EXPECT_TRUE(arcade.hashMatches);
    EXPECT_FALSE(arcade.verified());
    EXPECT_EQ(arcade.problem,
              "the table says the score was made on arcade difficulty, 3 ships, the extra one at "
              "1500, but the run was played on arcade difficulty, 6 ships, the extra one at 1000");
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

// --- Study: slow motion, stepping, seeking ---------------------------------------------------------------

// The state hash after every step of `replay` played from the start: [k] after k steps ([0]: before any).
std::vector<uint64_t> hashesOf(const Replay& replay) {
    Simulation simulation(replay.settings, builtinAssets());
    std::vector<uint64_t> hashes{simulation.stateHash()};
    for (uint8_t bits : replay.inputs) {
        simulation.step(StepInput::fromBits(bits));
        hashes.push_back(simulation.stateHash());
    }
    return hashes;
}

// A two-player run past several snapshots, the turn handed over between players on the way.
const RecordedRun& twoPlayerRun() {
    static const RecordedRun run = recordRun({23, 2, Difficulty::Arcade}, 4000);
    return run;
}

TEST(RunPlayback, SlowMotionStepsEverySecondOrFourthFrame) {
    RunPlayback playback(scoringRun().replay, builtinAssets());
    EXPECT_EQ(playback.slowdown(), 1);
    EXPECT_TRUE(playback.setSpeed(4));
    EXPECT_TRUE(playback.setSlowdown(2));
    EXPECT_EQ(playback.speed(), 1) << "slow motion plays one step at a time";
    for (int frame = 0; frame < 8; ++frame)
        playback.advanceFrame();
    EXPECT_EQ(playback.stepsPlayed(), 4);
    EXPECT_TRUE(playback.setSlowdown(4));
    for (int frame = 0; frame < 8; ++frame)
        playback.advanceFrame();
    EXPECT_EQ(playback.stepsPlayed(), 6);
    EXPECT_FALSE(playback.setSlowdown(3));
    EXPECT_EQ(playback.slowdown(), 4);
    EXPECT_TRUE(playback.setSpeed(2));
    EXPECT_EQ(playback.slowdown(), 1) << "a speed ends slow motion";
    playback.advanceFrame();
    EXPECT_EQ(playback.stepsPlayed(), 8);
}

// Stepping back is exact: the hash after stepping back to step k is the hash playing forward reaches at k,
// for every k of a stretch across two snapshots; so are seeks to steps drawn at random, either way.
TEST(RunPlayback, StepBackAndSeekReachExactlyTheStatePlayingForwardReaches) {
    const RecordedRun& run = twoPlayerRun();
    const std::vector<uint64_t> hashes = hashesOf(run.replay);
    ASSERT_EQ(run.replay.settings.players, 2);
    RunPlayback playback(run.replay, builtinAssets());
    playback.seek(3000);
    ASSERT_EQ(playback.stepsPlayed(), 3000);
    EXPECT_EQ(playback.simulation().stateHash(), hashes[3000]);
    for (int64_t k = 2999; k >= 2350; --k) { // back over the snapshots at 2700 and 2400
        ASSERT_TRUE(playback.stepBack());
        ASSERT_EQ(playback.stepsPlayed(), k);
        ASSERT_EQ(playback.simulation().stateHash(), hashes[static_cast<size_t>(k)])
            << "stepped back to " << k;
    }
    for (int64_t k = 2351; k <= 2460; ++k) { // and forward again
        ASSERT_TRUE(playback.stepForward());
        ASSERT_EQ(playback.simulation().stateHash(), hashes[static_cast<size_t>(k)]) << "stepped on to " << k;
    }
    const uint64_t seed = 5;
    SCOPED_TRACE(testing::Message() << "seed " << seed);
    vox::Rng rng(seed);
    for (int i = 0; i < 60; ++i) {
        const auto k = static_cast<int64_t>(rng.next() % static_cast<uint64_t>(playback.totalSteps() + 1));
        playback.seek(k);
        ASSERT_EQ(playback.stepsPlayed(), k);
        ASSERT_EQ(playback.simulation().stateHash(), hashes[static_cast<size_t>(k)]) << "seek to " << k;
    }
    playback.seek(0);
    EXPECT_EQ(playback.simulation().stateHash(), hashes[0]);
    EXPECT_FALSE(playback.stepBack()) << "nothing before the start";
    EXPECT_EQ(playback.simulation().stateHash(), hashes[0]);
}

// Seeking the end plays the last steps: the verdict, as at the end of watching; back from there, it stays
// the run's, and the end panel's condition (`ended()`) goes.
TEST(RunPlayback, SeekingTheEndGivesTheVerdictAndStepsBackFromIt) {
    const RecordedRun& run = scoringRun();
    RunPlayback playback(run.replay, builtinAssets(), RunClaim{0, run.score, run.wave, {'A', 'C', 'E'}});
    playback.seek(playback.totalSteps() + 100); // clamped
    EXPECT_TRUE(playback.ended());
    ASSERT_TRUE(playback.verdict().has_value());
    EXPECT_TRUE(playback.verdict()->verified()) << playback.verdict()->problem;
    EXPECT_FALSE(playback.stepForward()) << "nothing after the end";
    EXPECT_TRUE(playback.stepBack());
    EXPECT_FALSE(playback.ended());
    EXPECT_TRUE(playback.verdict().has_value());
    playback.seek(-5); // clamped
    EXPECT_EQ(playback.stepsPlayed(), 0);
}

// A run changed after it was recorded departs from its hash chain; a seek that jumps over the departure
// (restoring a snapshot past it) still says where it was, as playing every step does.
TEST(RunPlayback, ASeekOverADepartureStillNamesItsSecond) {
    Replay changed = twoPlayerRun().replay;
    for (size_t step = 1000; step < 1060; ++step) // a second of other moves, after the link at 960
        changed.inputs[step] = changed.inputs[step] == 1 ? 2 : 1;
    const RunVerdict played = verifyRun(changed, builtinAssets());
    ASSERT_TRUE(played.departure.has_value()) << "the change shows on the chain";
    for (const bool prepared : {false, true}) {
        SCOPED_TRACE(prepared ? "snapshots taken ahead" : "snapshots taken by the seek");
        RunPlayback playback(changed, builtinAssets());
        if (prepared)
            playback.prepareSeeking(100000);
        playback.seek(3000); // restores the snapshot at 3000: the steps before it are the scout's
        ASSERT_TRUE(playback.departure().has_value());
        EXPECT_EQ(playback.departure()->step, played.departure->step);
        playback.seek(playback.totalSteps());
        ASSERT_TRUE(playback.verdict().has_value());
        EXPECT_FALSE(playback.verdict()->verified());
        ASSERT_TRUE(playback.verdict()->departure.has_value());
        EXPECT_EQ(playback.verdict()->departure->message, played.departure->message);
    }
}

// The snapshots are taken a share at a time ahead of the watcher; a seek past them takes them up to there.
TEST(RunSnapshots, AreTakenAShareAtATimeAndASeekPastThemCatchesUp) {
    const RecordedRun& run = twoPlayerRun();
    RunPlayback playback(run.replay, builtinAssets());
    EXPECT_EQ(playback.snapshots(), nullptr);
    playback.prepareSeeking(1000);
    ASSERT_NE(playback.snapshots(), nullptr);
    EXPECT_EQ(playback.snapshots()->count(), 4u) << "steps 0, 300, 600 and 900";
    EXPECT_EQ(playback.snapshots()->reach(), 900);
    EXPECT_EQ(playback.stepsPlayed(), 0) << "the watcher stays where it is";
    playback.seek(2500);
    EXPECT_EQ(playback.snapshots()->reach(), 2400);
    EXPECT_FALSE(playback.snapshots()->complete());
    playback.prepareSeeking(100000);
    EXPECT_TRUE(playback.snapshots()->complete());
    EXPECT_EQ(playback.snapshots()->count(), static_cast<size_t>(4000 / RunSnapshots::kInterval + 1));
    playback.prepareSeeking(100); // nothing left to take
    EXPECT_TRUE(playback.snapshots()->complete());
}

// Runs so long that they would take more than kMaxSnapshots space their snapshots further apart: a kept run
// of three hours takes one every 27 seconds. Seeks there are exact all the same.
TEST(RunSnapshots, ALongRunSpacesItsSnapshotsToStayWithinTheirMost) {
    EXPECT_EQ(RunSnapshots::intervalFor(0), RunSnapshots::kInterval);
    EXPECT_EQ(RunSnapshots::intervalFor(108000), 300) << "30 minutes: every 5 seconds";
    EXPECT_EQ(RunSnapshots::intervalFor(648000), 1620) << "three hours: every 27 seconds";
    EXPECT_EQ(RunSnapshots::intervalFor(120001), 301);
    // 130,000 steps of a game left alone (it ends, then only counts frames): 400 snapshots 325 apart.
    Replay idle = newReplay({3, 1, Difficulty::Arcade});
    idle.inputs.assign(130000, 0);
    const std::vector<uint64_t> hashes = hashesOf(idle);
    idle.finalStateHash = hashes.back();
    RunPlayback playback(idle, builtinAssets());
    playback.prepareSeeking(200000);
    ASSERT_NE(playback.snapshots(), nullptr);
    EXPECT_EQ(playback.snapshots()->interval(), 325);
    EXPECT_EQ(playback.snapshots()->count(), 401u);
    for (const int64_t k : {129999, 325, 324, 650, 1000, 0, 64999, 130000}) {
        playback.seek(k);
        EXPECT_EQ(playback.simulation().stateHash(), hashes[static_cast<size_t>(k)]) << "seek to " << k;
    }
    EXPECT_TRUE(playback.verdict().has_value() && playback.verdict()->verified());
}

} // namespace
} // namespace invaders::test
