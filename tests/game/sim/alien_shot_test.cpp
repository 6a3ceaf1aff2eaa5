// The invaders' three shots: reload gaps, aiming, column tables, speed and the harmless row
// (shared/reference/arcade-rules.md, "Invader shots").
#include "sim_test_support.h"

namespace invaders::test {
namespace {

// The column (0-based) of the invader whose shot starts at `shot` (its centre column and bottom).
int32_t shooterColumn(const Simulation& simulation, glm::ivec2 shot) {
    const int32_t originX = simulation.activePlayer().rack.origin.x;
    // The shot leaves the centre of the shooter's cell; the cell may be one rack step (2 or 3) ahead.
    return (shot.x - 8 - originX + 8) / 16;
}

TEST(AlienShots, ReloadGapDependsOnTheScore) {
    // Reload R by score: < 300: 48, 300-1,099: 16, 1,100-2,099: 11, 2,100-3,099: 8, >= 3,100: 7 steps.
    // A shot moves once every 3 frames; the next slot in the round robin may fire once the first shot
    // has moved R + 1 steps: 3 * (R + 1) + 1 frames after it fired.
    const std::pair<int32_t, int32_t> cases[] = {{300, 16}, {1090, 16}, {1100, 11}, {2090, 11},
                                                 {2100, 8}, {3090, 8},  {3100, 7},  {9990, 7}};
    for (const auto& [score, reload] : cases) {
        SCOPED_TRACE(score);
        auto simulation = makeSimulation();
        simulation->removeShieldsForSetup();
        simulation->setScoreForSetup(score);
        waitForCannon(*simulation);
        moveCannonTo(*simulation, 60); // under column 2, before the invaders' 48-frame hold ends
        const std::vector<SeenEvent> fired =
            runCollecting(*simulation, 48 + 3 * (reload + 1) + 10, SimEventType::AlienShotFired);
        ASSERT_GE(fired.size(), 2u);
        EXPECT_EQ(fired[1].frame - fired[0].frame, 3 * (reload + 1) + 1);
    }
}

TEST(AlienShots, WithALowScoreASecondShotWaitsFor48Steps) {
    auto simulation = makeSimulation();
    simulation->removeShieldsForSetup();
    simulation->removeInvaderForSetup(0); // nothing above the cannon: no rolling shot to kill it
    simulation->removeInvaderForSetup(11);
    simulation->removeInvaderForSetup(22);
    simulation->removeInvaderForSetup(33);
    simulation->removeInvaderForSetup(44);
    int maxActive = 0;
    for (int i = 0; i < 3000; ++i) {
        simulation->step({});
        int active = 0;
        int32_t oldest = 0;
        for (const AlienShot& shot : simulation->alienShots()) {
            active += shot.active ? 1 : 0;
            if (shot.active)
                oldest = std::max(oldest, shot.steps);
        }
        if (active > 1) {
            EXPECT_GT(oldest, 48) << "a second shot only after the first moved more than 48 steps";
        }
        maxActive = std::max(maxActive, active);
    }
    EXPECT_EQ(maxActive, 1) << "shots fall about 24 steps to the floor, never 48";
}

TEST(AlienShots, RollingShotComesFromTheLowestInvaderAboveTheCannon) {
    for (int32_t cannonX : {60, 100, 150}) {
        SCOPED_TRACE(cannonX);
        auto simulation = makeSimulation();
        simulation->removeShieldsForSetup();
        for (int32_t column = 0; column < 11; ++column)
            simulation->removeInvaderForSetup(column); // row 0 gone: row 1 is the lowest
        waitForCannon(*simulation);
        moveCannonTo(*simulation, cannonX);
        std::vector<SimEvent> fired;
        ASSERT_TRUE(stepUntil(
            *simulation,
            [&] {
                for (const SimEvent& event : simulation->events())
                    if (event.type == SimEventType::AlienShotFired &&
                        event.value == static_cast<int32_t>(AlienShotType::Rolling))
                        fired.push_back(event);
                return !fired.empty();
            },
            400));
        const glm::ivec2 shot = fired[0].position;
        const int32_t centre = cannonX + 8;
        int shooters = 0;
        for (int32_t column = 0; column < 11; ++column) {
            const Invader& invader =
                simulation->activePlayer().rack.invaders[static_cast<size_t>(11 + column)];
            // The shooter may have made its rack step (2 voxels) later in the same frame.
            const int32_t shooterX = shot.x - 8;
            if (std::abs(invader.position.x - shooterX) <= 2 && shot.y == invader.position.y - 8) {
                ++shooters;
                EXPECT_LE(shooterX, centre) << "the shooter's cell is above the cannon's centre";
                EXPECT_LT(centre, shooterX + 16);
            }
        }
        EXPECT_EQ(shooters, 1) << "dropped from under a row-1 invader";
    }
}

TEST(AlienShots, PlungerAndSquigglyFollowTheirColumnTablesSkippingEmptyColumns) {
    const int plunger[] = {1, 7, 1, 1, 1, 4, 11, 1, 6, 3, 1, 1, 11, 9, 2, 8};
    const int squiggly[] = {11, 1, 6, 3, 1, 1, 11, 9, 2, 8, 2, 11, 4, 7, 10};
    auto simulation = makeSimulation();
    // Columns 1 and 2 emptied: those table entries fire nothing, and the cannon (x 16) has no
    // invader above it, so no rolling shot interferes.
    for (int row = 0; row < 5; ++row) {
        simulation->removeInvaderForSetup(row * 11);
        simulation->removeInvaderForSetup(row * 11 + 1);
    }
    std::vector<int> expectedPlunger, expectedSquiggly;
    for (int round = 0; round < 3; ++round) {
        for (int column : plunger)
            if (column > 2)
                expectedPlunger.push_back(column);
        for (int column : squiggly)
            if (column > 2)
                expectedSquiggly.push_back(column);
    }
    std::vector<int> seenPlunger, seenSquiggly;
    for (int i = 0; i < 4000; ++i) {
        simulation->step({});
        for (const SimEvent& event : simulation->events()) {
            if (event.type != SimEventType::AlienShotFired)
                continue;
            const int column = shooterColumn(*simulation, event.position) + 1;
            if (event.value == static_cast<int32_t>(AlienShotType::Plunger))
                seenPlunger.push_back(column);
            if (event.value == static_cast<int32_t>(AlienShotType::Squiggly))
                seenSquiggly.push_back(column);
        }
    }
    ASSERT_GE(seenPlunger.size(), 8u);
    ASSERT_GE(seenSquiggly.size(), 8u);
    EXPECT_EQ(seenPlunger, std::vector<int>(expectedPlunger.begin(),
                                            expectedPlunger.begin() + static_cast<long>(seenPlunger.size())));
    EXPECT_EQ(seenSquiggly,
              std::vector<int>(expectedSquiggly.begin(),
                               expectedSquiggly.begin() + static_cast<long>(seenSquiggly.size())));
}

TEST(AlienShots, PlungerStopsWhenOneInvaderIsLeft) {
    auto simulation = makeSimulation();
    for (int32_t i = 1; i < 55; ++i)
        simulation->removeInvaderForSetup(i);
    simulation->removeShieldsForSetup();
    int plungers = 0, others = 0;
    for (int i = 0; i < 3000; ++i) {
        simulation->step({});
        for (const SimEvent& event : simulation->events())
            if (event.type == SimEventType::AlienShotFired)
                (event.value == static_cast<int32_t>(AlienShotType::Plunger) ? plungers : others)++;
        if (simulation->cannon().phase == CannonPhase::Exploding)
            break;
    }
    EXPECT_EQ(plungers, 0);
    EXPECT_GT(others, 0);
}

TEST(AlienShots, MoveFourVoxelsEveryThirdFrameAndFiveWithEightOrFewerLeft) {
    for (const auto& [live, speed] : {std::pair{55, 4}, std::pair{9, 4}, std::pair{8, 5}, std::pair{2, 5}}) {
        SCOPED_TRACE(live);
        auto simulation = makeSimulation();
        for (int32_t i = live; i < 55; ++i)
            simulation->removeInvaderForSetup(i);
        simulation->removeShieldsForSetup();
        ASSERT_TRUE(stepUntil(
            *simulation,
            [&] {
                for (const AlienShot& shot : simulation->alienShots())
                    if (shot.active)
                        return true;
                return false;
            },
            1000));
        const AlienShot* shot = nullptr;
        for (const AlienShot& candidate : simulation->alienShots())
            if (candidate.active)
                shot = &candidate;
        const int32_t startY = shot->position.y;
        for (int frame = 1; frame <= 12; ++frame) {
            simulation->step({});
            EXPECT_EQ(shot->position.y, startY - speed * (frame / 3)) << "frame " << frame;
        }
    }
}

TEST(AlienShots, ShotsFromTheRowAboveTheInvasionLineCannotHurt) {
    // Bottom row at y = 40 (the lowest legal row): its shots start inside the cannon's band.
    for (const auto& [rowY, hurts] : {std::pair{40, false}, std::pair{48, true}}) {
        SCOPED_TRACE(rowY);
        auto simulation = makeSimulation();
        simulation->removeShieldsForSetup();
        simulation->moveRackForSetup({24, rowY});
        waitForCannon(*simulation);
        moveCannonTo(*simulation, 60);
        // Stand still under column 2 until a rolling shot has come and gone.
        bool firedRolling = false;
        ASSERT_TRUE(stepUntil(
            *simulation,
            [&] {
                for (const SimEvent& event : simulation->events())
                    firedRolling =
                        firedRolling || (event.type == SimEventType::AlienShotFired &&
                                         event.value == static_cast<int32_t>(AlienShotType::Rolling));
                return firedRolling && !simulation->alienShots()[0].active;
            },
            400));
        EXPECT_EQ(simulation->cannon().phase == CannonPhase::Exploding, hurts);
        EXPECT_EQ(simulation->activePlayer().ships, hurts ? 2 : 3);
    }
}

} // namespace
} // namespace invaders::test
