// The mystery saucer: timer, conditions, direction and the score table
// (shared/reference/arcade-rules.md, "Mystery saucer").
#include "sim_test_support.h"

namespace invaders::test {
namespace {

// Wave 2 (the rack starts at y = 96, below 120, so the saucer timer runs at once), invaders not firing,
// columns 1-4 emptied so that the cannon at x = 16 shoots freely up the left side.
std::unique_ptr<Simulation> saucerWave() {
    auto simulation = makeSimulation();
    simulation->startWaveForSetup(2);
    simulation->disableInvaderFireForSetup();
    for (int row = 0; row < 5; ++row)
        for (int column = 0; column < 4; ++column)
            simulation->removeInvaderForSetup(row * 11 + column);
    return simulation;
}

// Fires `count` shots that each fly to the ceiling and burst there.
void fireShots(Simulation& simulation, int count) {
    for (int i = 0; i < count; ++i) {
        ASSERT_TRUE(stepUntil(
            simulation, [&] { return simulation.playerShot().phase == ShotPhase::Ready; }, 200));
        ASSERT_TRUE(contains(tapFire(simulation), SimEventType::PlayerShotFired));
    }
    ASSERT_TRUE(stepUntil(
        simulation, [&] { return simulation.playerShot().phase == ShotPhase::Ready; }, 200));
}

// Waits for the saucer (which must come from the right), shoots it from x = 16 and returns the hit.
std::vector<SeenEvent> shootSaucerFromTheRight(Simulation& simulation) {
    EXPECT_TRUE(stepUntil(
        simulation, [&] { return simulation.saucer().active; }, 2000));
    EXPECT_EQ(simulation.saucer().direction, -1);
    // The shot climbs for about 42 frames while the saucer covers 28 voxels: fire when it is at x = 40.
    EXPECT_TRUE(stepUntil(
        simulation, [&] { return simulation.saucer().x <= 40; }, 1000));
    // The rack has marched over the cannon by now; put it back right of x = 40 so the shot's path is clear.
    simulation.moveRackForSetup({24, simulation.activePlayer().rack.origin.y});
    simulation.step({false, false, true});
    return runCollecting(simulation, 80, SimEventType::SaucerHit);
}

TEST(Saucer, ScoresThreeHundredOnThe23rdShot) {
    auto simulation = saucerWave();
    waitForCannon(*simulation);
    fireShots(*simulation, 22);
    ASSERT_EQ(simulation->activePlayer().shotsFired, 22);
    ASSERT_FALSE(simulation->saucer().active);
    const int32_t scoreBefore = simulation->activePlayer().score;
    const std::vector<SeenEvent> hits = shootSaucerFromTheRight(*simulation);
    ASSERT_EQ(hits.size(), 1u);
    EXPECT_EQ(hits[0].event.value, 300);
    EXPECT_EQ(simulation->activePlayer().score - scoreBefore, 300);
    EXPECT_EQ(simulation->activePlayer().shotsFired, 23);
}

TEST(Saucer, ScoreTableFollowsTheShotCount) {
    // Table by the number of the shot that hits, modulo 15 (so the 23rd and every 15th after: 300).
    const int table[] = {100, 50, 50, 100, 150, 100, 100, 50, 300, 100, 100, 100, 50, 150, 100};
    for (int shotsBefore : {0, 2, 4, 12}) { // even: the saucer comes from the right
        SCOPED_TRACE(shotsBefore);
        auto simulation = saucerWave();
        waitForCannon(*simulation);
        fireShots(*simulation, shotsBefore);
        const std::vector<SeenEvent> hits = shootSaucerFromTheRight(*simulation);
        ASSERT_EQ(hits.size(), 1u);
        EXPECT_EQ(hits[0].event.value, table[(shotsBefore + 1) % 15]);
    }
}

TEST(Saucer, DirectionFollowsTheParityOfTheShotCount) {
    for (int shots : {0, 1, 2, 3}) {
        SCOPED_TRACE(shots);
        auto simulation = saucerWave();
        waitForCannon(*simulation);
        fireShots(*simulation, shots);
        std::vector<SeenEvent> appeared = runCollecting(*simulation, 1600, SimEventType::SaucerAppeared);
        ASSERT_FALSE(appeared.empty());
        const bool odd = shots % 2 == 1;
        EXPECT_EQ(appeared[0].event.value, odd ? 1 : -1) << "odd: enters from the left";
        EXPECT_EQ(appeared[0].event.position.x, odd ? 8 : 224 - 8 - 24);
        EXPECT_EQ(appeared[0].event.position.y, 208);
    }
}

TEST(Saucer, TimerOf1536FramesRunsOnlyOnceTheRackIsBelow120) {
    auto simulation = makeSimulation(); // wave 1: the rack starts at 120
    simulation->disableInvaderFireForSetup();
    waitForCannon(*simulation);
    ASSERT_TRUE(stepUntil(
        *simulation,
        [&] {
            EXPECT_EQ(simulation->saucer().timer, 1536);
            return simulation->activePlayer().rack.origin.y < 120;
        },
        2000));
    const int64_t below = simulation->frame();
    std::vector<SeenEvent> appeared = runCollecting(*simulation, 1600, SimEventType::SaucerAppeared);
    ASSERT_FALSE(appeared.empty());
    EXPECT_EQ(appeared[0].frame - below, 1535) << "1,536 frames counted from the first below 120";
}

TEST(Saucer, NeedsEightInvadersAndFliesTwoVoxelsEveryThirdFrame) {
    for (int live : {7, 8}) {
        SCOPED_TRACE(live);
        auto simulation = makeSimulation();
        simulation->startWaveForSetup(2);
        simulation->disableInvaderFireForSetup();
        for (int32_t i = live; i < 55; ++i)
            simulation->removeInvaderForSetup(i);
        std::vector<SeenEvent> appeared = runCollecting(*simulation, 1800, SimEventType::SaucerAppeared);
        EXPECT_EQ(appeared.size(), live >= 8 ? 1u : 0u);
        if (live < 8)
            continue;
        const int32_t x = simulation->saucer().x;
        int64_t start = simulation->frame();
        simulation->step({});
        while (simulation->saucer().x == x)
            simulation->step({});
        const int32_t x1 = simulation->saucer().x;
        start = simulation->frame();
        for (int i = 0; i < 30; ++i)
            simulation->step({});
        EXPECT_EQ(std::abs(simulation->saucer().x - x1), 20) << "2 voxels per 3 frames, " << start;
    }
}

} // namespace
} // namespace invaders::test
