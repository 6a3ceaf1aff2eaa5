// The player's cannon and shot (shared/reference/arcade-rules.md, "Player cannon").
#include "sim_test_support.h"

namespace invaders::test {
namespace {

constexpr StepInput kFire{false, false, true};
constexpr StepInput kLeft{true, false, false};
constexpr StepInput kRight{false, true, false};

TEST(Cannon, AppearsAfter128Frames) {
    auto simulation = makeSimulation();
    for (int i = 0; i < 127; ++i)
        simulation->step({});
    EXPECT_EQ(simulation->cannon().phase, CannonPhase::Waiting);
    simulation->step({});
    EXPECT_EQ(simulation->cannon().phase, CannonPhase::Alive);
}

TEST(Cannon, MovesOneVoxelPerFrameBetween16And185) {
    auto simulation = makeSimulation();
    simulation->disableInvaderFireForSetup();
    waitForCannon(*simulation);
    EXPECT_EQ(simulation->cannon().x, 16);
    for (int i = 0; i < 10; ++i)
        simulation->step(kLeft);
    EXPECT_EQ(simulation->cannon().x, 16);
    for (int i = 1; i <= 100; ++i) {
        simulation->step(kRight);
        ASSERT_EQ(simulation->cannon().x, 16 + i);
    }
    for (int i = 0; i < 200; ++i)
        simulation->step(kRight);
    EXPECT_EQ(simulation->cannon().x, 185);
    simulation->step({true, true, false}); // both: no move
    EXPECT_EQ(simulation->cannon().x, 185);
}

TEST(PlayerShot, OneAtATimeAndFireMustBeReleased) {
    auto simulation = makeSimulation();
    simulation->disableInvaderFireForSetup();
    waitForCannon(*simulation);
    // Holding fire for long gives one shot, not autofire.
    EXPECT_EQ(runCollecting(*simulation, 400, SimEventType::PlayerShotFired, kFire).size(), 1u);
    // Fresh presses while a shot flies do nothing.
    simulation->step({});
    ASSERT_EQ(tapFire(*simulation).size() > 0, true);
    ASSERT_EQ(simulation->playerShot().phase, ShotPhase::Flying);
    for (int i = 0; i < 10; ++i) {
        std::vector<SimEvent> events = tapFire(*simulation);
        if (simulation->playerShot().phase != ShotPhase::Flying)
            break;
        EXPECT_FALSE(contains(events, SimEventType::PlayerShotFired));
    }
}

TEST(PlayerShot, FliesFourVoxelsPerFrameFromTheCannon) {
    auto simulation = makeSimulation();
    simulation->disableInvaderFireForSetup();
    waitForCannon(*simulation);
    moveCannonTo(*simulation, 60);
    simulation->step(kFire);
    const PlayerShot& shot = simulation->playerShot();
    ASSERT_EQ(shot.phase, ShotPhase::Flying);
    EXPECT_EQ(shot.position, glm::ivec2(60 + 8, 40)) << "from the cannon's centre, just above it";
    for (int i = 1; i <= 10; ++i) {
        simulation->step(kFire);
        EXPECT_EQ(shot.position.y, 40 + 4 * i);
    }
}

TEST(PlayerShot, NoNewShotWhileTheLastOneExplodes) {
    auto simulation = makeSimulation();
    simulation->disableInvaderFireForSetup();
    waitForCannon(*simulation);
    moveCannonTo(*simulation, 80); // under shield 1: the shot bursts on it
    simulation->step(kFire);
    ASSERT_TRUE(stepUntil(
        *simulation, [&] { return simulation->playerShot().phase == ShotPhase::Exploding; }, 100));
    int64_t burstFrame = simulation->frame();
    int64_t nextShotFrame = -1;
    for (int i = 0; i < 40 && nextShotFrame < 0; ++i) {
        for (const SimEvent& event : tapFire(*simulation))
            if (event.type == SimEventType::PlayerShotFired)
                nextShotFrame = simulation->frame();
    }
    ASSERT_GE(nextShotFrame, 0);
    EXPECT_GT(nextShotFrame - burstFrame, 16) << "the burst lasts 16 frames";
}

} // namespace
} // namespace invaders::test
