// Scoring: points by row, the single extra ship at 1,500 and the four-digit roll-over
// (shared/reference/arcade-rules.md, "Formation" and "Player cannon").
#include "sim_test_support.h"

namespace invaders::test {
namespace {

std::unique_ptr<Simulation> quietRange() {
    auto simulation = makeSimulation();
    simulation->disableInvaderFireForSetup();
    simulation->removeShieldsForSetup();
    return simulation;
}

TEST(Score, InvadersScoreTenTwentyAndThirtyByRow) {
    auto simulation = quietRange();
    waitForCannon(*simulation);
    const int expected[] = {10, 10, 20, 20, 30}; // rows from the bottom
    int total = 0;
    for (int row = 0; row < 5; ++row) {
        const SimEvent kill = shootInvader(*simulation, row * 11 + 5);
        EXPECT_EQ(kill.value, expected[row]) << "row " << row;
        total += expected[row];
    }
    EXPECT_EQ(simulation->activePlayer().score, total);
    EXPECT_EQ(simulation->activePlayer().rack.liveCount, 50);
}

TEST(Score, KillBlowsTheInvadersVoxelsOutAsDebris) {
    auto simulation = quietRange();
    waitForCannon(*simulation);
    const int32_t index = 3; // bottom row: nothing in the way
    const SimEvent kill = shootInvader(*simulation, index);
    ASSERT_EQ(kill.type, SimEventType::InvaderKilled);
    const auto& frames = builtinAssets().invaders[static_cast<size_t>(InvaderType::Octopus)];
    EXPECT_TRUE(kill.debrisCount == frames[0].voxelCount() || kill.debrisCount == frames[1].voxelCount())
        << "every voxel of the invader flies off: " << kill.debrisCount;
}

TEST(Score, ExactlyOneExtraShipAt1500) {
    auto simulation = quietRange();
    waitForCannon(*simulation);
    simulation->setScoreForSetup(1490);
    EXPECT_EQ(simulation->activePlayer().ships, 3);
    int extraShips = 0;
    for (int32_t index : {0, 1, 2, 3}) {
        shootInvader(*simulation, index);
        for (const SimEvent& event : simulation->events())
            extraShips += event.type == SimEventType::ExtraShip ? 1 : 0;
        if (index == 0) {
            EXPECT_EQ(simulation->activePlayer().score, 1500);
            EXPECT_EQ(simulation->activePlayer().ships, 4);
        }
    }
    simulation->setScoreForSetup(1490); // passing 1,500 again gives nothing
    shootInvader(*simulation, 4);
    EXPECT_EQ(simulation->activePlayer().ships, 4);
    EXPECT_EQ(extraShips, 1);
}

TEST(Score, TheExtraShipComesAtTheBoardsSetting) {
    for (int32_t extraShipScore : arcade::kExtraShipScoreChoices) {
        SCOPED_TRACE(extraShipScore);
        SimSettings settings;
        settings.extraShipScore = extraShipScore;
        Simulation simulation(settings, builtinAssets());
        simulation.disableInvaderFireForSetup();
        simulation.removeShieldsForSetup();
        waitForCannon(simulation);
        simulation.setScoreForSetup(extraShipScore - 20);
        shootInvader(simulation, 0); // 10 points: one short
        EXPECT_EQ(simulation.activePlayer().ships, 3);
        shootInvader(simulation, 1);
        EXPECT_EQ(simulation.activePlayer().score, extraShipScore);
        EXPECT_EQ(simulation.activePlayer().ships, 4);
    }
    // At 1,000 points the 1,500 setting gives nothing yet.
    auto simulation = quietRange();
    waitForCannon(*simulation);
    simulation->setScoreForSetup(990);
    shootInvader(*simulation, 0);
    EXPECT_EQ(simulation->activePlayer().ships, 3);
}

TEST(Score, RollsOverPast9990) {
    auto simulation = quietRange();
    waitForCannon(*simulation);
    simulation->setScoreForSetup(9990);
    shootInvader(*simulation, 0);
    EXPECT_EQ(simulation->activePlayer().score, 0);
}

} // namespace
} // namespace invaders::test
