// DebrisSystem: deterministic, falls under gravity, never sinks through the ground, comes to rest, dies on
// time, respects its capacity.

#include "vox/render/debris.h"

#include <glm/geometric.hpp>
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>

namespace {

vox::VoxelModel block(glm::ivec3 size) {
    vox::VoxelModel model(size);
    for (int z = 0; z < size.z; ++z)
        for (int y = 0; y < size.y; ++y)
            for (int x = 0; x < size.x; ++x)
                model.set({x, y, z}, static_cast<uint8_t>(1 + x));
    return model;
}

vox::DebrisSystem burst(uint64_t seed) {
    vox::DebrisSystem debris({}, seed);
    debris.spawnModel(block({6, 4, 3}), {100.0f, 120.0f, -1.5f}, {.centre = {103.0f, 121.0f, 0.0f}});
    return debris;
}

TEST(DebrisTest, SpawnsOneParticlePerVoxelWithItsColour) {
    const vox::VoxelModel model = block({6, 4, 3});
    vox::DebrisSystem debris;
    EXPECT_EQ(debris.spawnModel(model, {0.0f, 50.0f, 0.0f}, {}), model.voxelCount());
    EXPECT_EQ(debris.size(), 6 * 4 * 3);
    // Voxel (x, y, z) starts at its cell's centre with its palette colour.
    const vox::DebrisParticle& first = debris.particles()[0];
    EXPECT_EQ(first.position, glm::vec3(0.5f, 50.5f, 0.5f));
    EXPECT_EQ(first.rgba, model.rgba({0, 0, 0}));
}

TEST(DebrisTest, SameSeedSameMotionDifferentSeedDifferentMotion) {
    for (uint64_t seed : {1ull, 42ull, 9001ull}) {
        SCOPED_TRACE(seed);
        vox::DebrisSystem a = burst(seed);
        vox::DebrisSystem b = burst(seed);
        vox::DebrisSystem other = burst(seed + 1);
        for (int step = 0; step < 50; ++step) {
            a.step();
            b.step();
            other.step();
        }
        ASSERT_EQ(a.size(), b.size());
        ASSERT_GT(a.size(), 0);
        EXPECT_EQ(std::memcmp(a.particles().data(), b.particles().data(), a.particles().size_bytes()), 0);
        EXPECT_NE(a.particles()[0].position, other.particles()[0].position);
    }
}

TEST(DebrisTest, FallsBouncesAndRestsOnTheGround) {
    vox::DebrisSettings settings;
    settings.groundHeight = 10.0f;
    settings.groundSeconds = 100.0f; // this test watches it lie there
    vox::DebrisSystem debris(settings, 7);
    vox::DebrisBurst still;
    still.centre = {0.5f, 0.0f, 0.5f}; // straight below: thrown up
    still.lifetimeSeconds = 100.0f;
    debris.spawnModel(block({1, 1, 1}), {0.0f, 40.0f, 0.0f}, still);
    const float floor = settings.groundHeight + settings.particleSize * 0.5f;
    bool bounced = false;
    float previousVelocity = 0.0f;
    for (int step = 0; step < 600; ++step) {
        debris.step();
        const vox::DebrisParticle& p = debris.particles()[0];
        EXPECT_GE(p.position.y, floor - 1e-4f) << "step " << step;
        bounced = bounced || (previousVelocity < 0.0f && p.velocity.y > 0.0f);
        previousVelocity = p.velocity.y;
    }
    const vox::DebrisParticle& rested = debris.particles()[0];
    EXPECT_TRUE(bounced);
    EXPECT_TRUE(rested.resting);
    EXPECT_FLOAT_EQ(rested.position.y, floor);
    EXPECT_LT(glm::length(rested.velocity), 0.01f);
}

TEST(DebrisTest, ParticlesShrinkAndDieAtTheEndOfTheirLife) {
    vox::DebrisSystem debris;
    vox::DebrisBurst shortLived;
    shortLived.lifetimeSeconds = 0.5f;
    shortLived.lifetimeJitter = 0.0f;
    debris.spawnModel(block({2, 2, 2}), {0.0f, 60.0f, 0.0f}, shortLived);
    const int32_t lifetime = debris.particles()[0].lifetime;
    EXPECT_EQ(lifetime, 30);
    for (int step = 0; step < lifetime - 1; ++step)
        debris.step();
    ASSERT_EQ(debris.size(), 8);
    const float scale = debris.particles()[0].sizeScale(debris.fadeSteps());
    EXPECT_GT(scale, 0.0f);
    EXPECT_LT(scale, 0.2f);
    debris.step();
    EXPECT_EQ(debris.size(), 0);
}

TEST(DebrisTest, DebrisThatLandsFadesSoonAndNoneOutlivesTwoSeconds) {
    // A kill just above the ground, as near the cannon: nothing may pile up there.
    vox::DebrisSettings settings;
    vox::DebrisSystem debris(settings, 3);
    vox::DebrisBurst burst;
    burst.centre = {100.0f, settings.groundHeight + 6.0f, 0.0f};
    burst.lifetimeSeconds = 30.0f; // long-lived on purpose: the ground must end it
    debris.spawnModel(block({8, 6, 3}), {96.0f, settings.groundHeight + 3.0f, -1.5f}, burst);
    const int32_t groundSteps = static_cast<int32_t>(std::lround(settings.groundSeconds * 60.0f));
    for (int step = 0; step < 120 && debris.size() > 0; ++step) {
        debris.step();
        for (const vox::DebrisParticle& p : debris.particles()) {
            if (p.position.y <=
                settings.groundHeight + settings.particleSize * 0.5f + 1e-4f) { // on the ground
                EXPECT_LE(p.lifetime - p.age, groundSteps) << "step " << step;
            }
        }
    }
    EXPECT_EQ(debris.size(), 0) << "every particle reached the ground and faded within 2 s";

    vox::DebrisSystem defaults({}, 5); // an ordinary burst high up: its mean life is 1.6 s
    defaults.spawnModel(block({6, 4, 3}), {100.0f, 120.0f, -1.5f}, {.centre = {103.0f, 121.0f, 0.0f}});
    for (int step = 0; step < 2 * 60 + 10; ++step)
        defaults.step();
    EXPECT_EQ(defaults.size(), 0) << "settled and faded within about 2 s";
}

TEST(DebrisTest, SpawnsStopAtCapacity) {
    vox::DebrisSettings settings;
    settings.maxParticles = 10;
    vox::DebrisSystem debris(settings, 3);
    EXPECT_EQ(debris.spawnModel(block({4, 2, 2}), {}, {}), 10);
    EXPECT_EQ(debris.size(), 10);
    const std::vector<vox::RemovedVoxel> removed(5, vox::RemovedVoxel{{1, 1, 1}, 1, 0xff0000ffu});
    EXPECT_EQ(debris.spawn(removed, {}, {}), 0);
    debris.clear();
    EXPECT_EQ(debris.spawn(removed, {}, {}), 5);
}

} // namespace
