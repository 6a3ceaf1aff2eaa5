// Shields: eroded voxel by voxel by every shot's burst (one stencil from below, another from above) and
// by invaders passing through; fresh each wave (shared/reference/arcade-rules.md, "Shields").
#include "sim_test_support.h"

namespace invaders::test {
namespace {

// True when the x-y silhouette of `art` (any z filled) covers (x, y).
bool silhouetteCovers(const vox::VoxelModel& art, int32_t x, int32_t y) {
    if (x < 0 || y < 0 || x >= art.size().x || y >= art.size().y)
        return false;
    for (int32_t z = 0; z < art.size().z; ++z)
        if (art.filled({x, y, z}))
            return true;
    return false;
}

// Checks that going from `before` to `after` the shield lost exactly its voxels under `stencil`'s
// silhouette centred on `centre` (world x-y; centre = corner + size / 2), through its whole depth.
void expectCarved(const vox::VoxelModel& before, const Shield& after, const vox::VoxelModel& stencil,
                  glm::ivec2 centre) {
    const glm::ivec2 corner = centre - glm::ivec2(stencil.size().x / 2, stencil.size().y / 2);
    int removed = 0;
    for (int32_t z = 0; z < before.size().z; ++z)
        for (int32_t y = 0; y < before.size().y; ++y)
            for (int32_t x = 0; x < before.size().x; ++x) {
                const glm::ivec3 world = after.placement + glm::ivec3(x, y, z);
                const bool carved = silhouetteCovers(stencil, world.x - corner.x, world.y - corner.y);
                const bool expected = before.filled({x, y, z}) && !carved;
                ASSERT_EQ(after.model.filled({x, y, z}), expected) << "cell " << x << "," << y << "," << z;
                removed += before.filled({x, y, z}) && carved ? 1 : 0;
            }
    EXPECT_GT(removed, 0);
}

TEST(Shields, PlayerShotBurstCarvesTheFromBelowStencil) {
    auto simulation = makeSimulation();
    simulation->disableInvaderFireForSetup();
    waitForCannon(*simulation);
    moveCannonTo(*simulation, 80); // shot at x = 88: up the arch of shield 1 (x 77..98)
    const vox::VoxelModel before = simulation->activePlayer().shields[1].model;
    simulation->step({false, false, true});
    std::vector<SeenEvent> bursts = runCollecting(*simulation, 30, SimEventType::PlayerShotBurst);
    ASSERT_EQ(bursts.size(), 1u);
    // The arch is empty up to y = 51 under x = 88, so the shot meets the shield at y = 52.
    EXPECT_EQ(bursts[0].event.position, glm::ivec2(88, 52));
    expectCarved(before, simulation->activePlayer().shields[1], builtinAssets().playerShotExplosion,
                 bursts[0].event.position);
}

TEST(Shields, InvaderShotBurstCarvesTheFromAboveStencil) {
    auto simulation = makeSimulation();
    waitForCannon(*simulation);
    moveCannonTo(*simulation, 80); // under shield 1: the rolling shot lands on it
    const vox::VoxelModel before = simulation->activePlayer().shields[1].model;
    std::vector<SimEvent> bursts;
    ASSERT_TRUE(stepUntil(
        *simulation,
        [&] {
            for (const SimEvent& event : simulation->events())
                if (event.type == SimEventType::AlienShotBurst &&
                    event.value == static_cast<int32_t>(AlienShotType::Rolling))
                    bursts.push_back(event);
            return !bursts.empty();
        },
        500));
    const glm::ivec2 at = bursts[0].position;
    EXPECT_GE(at.y, 48);
    EXPECT_LE(at.y, 63) << "it burst on the shield";
    expectCarved(before, simulation->activePlayer().shields[1], builtinAssets().alienShotExplosion, at);
    EXPECT_NE(builtinAssets().alienShotExplosion, builtinAssets().playerShotExplosion)
        << "shots from above and below leave different marks";
}

TEST(Shields, InvadersEraseTheShieldVoxelsTheyCover) {
    auto simulation = makeSimulation();
    simulation->disableInvaderFireForSetup();
    simulation->moveRackForSetup({24, 52}); // the bottom row overlaps the shields (y 48..63)
    waitForCannon(*simulation);
    for (int i = 0; i < 60; ++i)
        simulation->step({});
    const PlayerState& player = simulation->activePlayer();
    int checked = 0;
    for (int32_t column = 0; column < 11; ++column) {
        const Invader& invader = player.rack.invaders[static_cast<size_t>(column)];
        const vox::VoxelModel& art = simulation->invaderModel(column);
        for (const Shield& shield : player.shields) {
            for (int32_t z = 0; z < shield.size.z; ++z)
                for (int32_t y = 0; y < shield.size.y; ++y)
                    for (int32_t x = 0; x < shield.size.x; ++x) {
                        const glm::ivec3 world = shield.placement + glm::ivec3(x, y, z);
                        if (silhouetteCovers(art, world.x - invader.placement.x,
                                             world.y - invader.placement.y)) {
                            ++checked;
                            ASSERT_FALSE(shield.model.filled({x, y, z})) << "under invader " << column;
                        }
                    }
        }
    }
    EXPECT_GT(checked, 0);
    EXPECT_LT(player.shields[1].model.voxelCount(), builtinAssets().shield.voxelCount());
}

TEST(Shields, ErosionPersistsAcrossDeathsAndShieldsAreFreshEachWave) {
    auto simulation = makeSimulation();
    simulation->disableInvaderFireForSetup();
    waitForCannon(*simulation);
    moveCannonTo(*simulation, 80);
    simulation->step({false, false, true});
    runCollecting(*simulation, 30, SimEventType::PlayerShotBurst);
    const int32_t eroded = simulation->activePlayer().shields[1].model.voxelCount();
    ASSERT_LT(eroded, builtinAssets().shield.voxelCount());
    // Clear the wave: shoot the last invader.
    for (int32_t i = 1; i < 55; ++i)
        simulation->removeInvaderForSetup(i);
    EXPECT_EQ(simulation->activePlayer().shields[1].model.voxelCount(), eroded);
    shootInvader(*simulation, 0);
    const std::vector<SeenEvent> cleared = runCollecting(*simulation, 20, SimEventType::WaveCleared);
    ASSERT_EQ(cleared.size(), 1u);
    EXPECT_EQ(cleared[0].event.value, 1);
    const PlayerState& player = simulation->activePlayer();
    EXPECT_EQ(player.wave, 2);
    EXPECT_EQ(player.rack.liveCount, 55);
    EXPECT_EQ(player.rack.invaders[0].position, glm::ivec2(24, 96));
    EXPECT_EQ(player.shotsFired, 0);
    for (const Shield& shield : player.shields)
        EXPECT_EQ(shield.model, builtinAssets().shield);
}

} // namespace
} // namespace invaders::test
