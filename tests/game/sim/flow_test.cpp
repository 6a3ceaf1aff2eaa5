// Turns, invasion, game over and two-player alternation (shared/reference/arcade-rules.md, "Game flow").
#include "sim_test_support.h"

namespace invaders::test {
namespace {

// Stands under column 2 with no shields until the rolling shot kills the cannon; returns once the
// explosion is over and the next turn has begun.
void loseShip(Simulation& simulation) {
    simulation.removeShieldsForSetup();
    waitForCannon(simulation);
    moveCannonTo(simulation, 60);
    ASSERT_TRUE(stepUntil(
        simulation, [&] { return simulation.cannon().phase == CannonPhase::Exploding; }, 3000));
    ASSERT_TRUE(stepUntil(
        simulation, [&] { return simulation.cannon().phase != CannonPhase::Exploding; }, 200));
}

TEST(Flow, InvasionEndsTheGameWhateverShipsAreLeft) {
    auto simulation = makeSimulation();
    simulation->disableInvaderFireForSetup();
    simulation->moveRackForSetup({40, 40}); // at the right edge, bottom row at y = 40
    waitForCannon(*simulation);
    EXPECT_EQ(simulation->activePlayer().ships, 3);
    std::vector<SimEventType> seen;
    for (int i = 0; i < 400 && simulation->phase() == SimPhase::Playing; ++i) {
        simulation->step({});
        for (const SimEvent& event : simulation->events())
            seen.push_back(event.type);
    }
    EXPECT_EQ(simulation->phase(), SimPhase::GameOver);
    EXPECT_NE(std::find(seen.begin(), seen.end(), SimEventType::PlayerHit), seen.end());
    EXPECT_NE(std::find(seen.begin(), seen.end(), SimEventType::PlayerOut), seen.end());
    EXPECT_EQ(seen.back(), SimEventType::GameOver);
    EXPECT_EQ(simulation->activePlayer().ships, 0);
    EXPECT_TRUE(simulation->activePlayer().out);
}

TEST(Flow, ThreeLostShipsEndAOnePlayerGame) {
    auto simulation = makeSimulation();
    for (int ship = 3; ship >= 1; --ship) {
        ASSERT_EQ(simulation->activePlayer().ships, ship);
        loseShip(*simulation);
    }
    EXPECT_EQ(simulation->phase(), SimPhase::GameOver);
    simulation->step({});
    EXPECT_EQ(simulation->phase(), SimPhase::GameOver);
}

TEST(Flow, EachPlayerStartsWithTheBoardsShips) {
    for (int32_t ships : arcade::kStartingShipsChoices) {
        SCOPED_TRACE(ships);
        SimSettings settings{3, 2, Difficulty::Arcade};
        settings.startingShips = ships;
        Simulation simulation(settings, builtinAssets());
        EXPECT_EQ(simulation.player(0).ships, ships);
        EXPECT_EQ(simulation.player(1).ships, ships);
    }
    SimSettings settings;
    settings.startingShips = 5;
    Simulation simulation(settings, builtinAssets());
    for (int ship = 5; ship >= 1; --ship) {
        ASSERT_EQ(simulation.activePlayer().ships, ship);
        ASSERT_EQ(simulation.phase(), SimPhase::Playing);
        loseShip(simulation);
    }
    EXPECT_EQ(simulation.phase(), SimPhase::GameOver);
}

TEST(Flow, TwoPlayersAlternateAfterEachLostShipWithTheirOwnRacks) {
    auto simulation = makeSimulation(2);
    ASSERT_EQ(simulation->currentPlayer(), 0);
    simulation->removeInvaderForSetup(54); // player 1's rack differs from player 2's
    simulation->setScoreForSetup(120);
    loseShip(*simulation);
    EXPECT_EQ(simulation->currentPlayer(), 1);
    EXPECT_EQ(simulation->player(0).ships, 2);
    EXPECT_EQ(simulation->player(1).ships, 3);
    EXPECT_EQ(simulation->activePlayer().rack.liveCount, 55);
    EXPECT_EQ(simulation->activePlayer().score, 0);
    EXPECT_EQ(simulation->activePlayer().shields[0].model, builtinAssets().shield) << "own shields";
    loseShip(*simulation);
    EXPECT_EQ(simulation->currentPlayer(), 0);
    EXPECT_EQ(simulation->activePlayer().rack.liveCount, 54);
    EXPECT_EQ(simulation->activePlayer().score, 120);
    EXPECT_EQ(simulation->player(1).ships, 2);
}

TEST(Flow, WhenOnePlayerIsOutTheOtherPlaysOn) {
    auto simulation = makeSimulation(2);
    simulation->moveRackForSetup({40, 40}); // the rack lands long before a shot does
    std::vector<SeenEvent> out = runCollecting(*simulation, 600, SimEventType::PlayerOut);
    ASSERT_EQ(out.size(), 1u);
    EXPECT_EQ(out[0].event.value, 0);
    EXPECT_EQ(simulation->phase(), SimPhase::Playing);
    EXPECT_EQ(simulation->currentPlayer(), 1);
    loseShip(*simulation);
    EXPECT_EQ(simulation->currentPlayer(), 1) << "player 1 is out, so player 2 keeps playing";
}

} // namespace
} // namespace invaders::test
