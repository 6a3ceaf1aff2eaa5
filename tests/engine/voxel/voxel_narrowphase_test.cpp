#include "vox/voxel/voxel_narrowphase.h"

#include "engine/voxel/test_models.h"

#include <gtest/gtest.h>

#include <cmath>

namespace {

using vox::VoxelModel;

// The reference: every world cell of the grids' overlap, one voxel at a time, in scan order.
std::vector<glm::ivec3> bruteForceOverlaps(const VoxelModel& a, glm::ivec3 offsetA, const VoxelModel& b,
                                           glm::ivec3 offsetB) {
    std::vector<glm::ivec3> cells;
    const glm::ivec3 lo = glm::min(offsetA, offsetB);
    const glm::ivec3 hi = glm::max(offsetA + a.size(), offsetB + b.size());
    for (int z = lo.z; z < hi.z; ++z)
        for (int y = lo.y; y < hi.y; ++y)
            for (int x = lo.x; x < hi.x; ++x) {
                const glm::ivec3 cell(x, y, z);
                if (a.filled(cell - offsetA) && b.filled(cell - offsetB))
                    cells.push_back(cell);
            }
    return cells;
}

glm::ivec3 randomSize(vox::Rng& rng) {
    // One pair in four is wider than 64 (two or three words per row).
    const int maxX = rng.below(4) == 0 ? 150 : 64;
    return {1 + static_cast<int>(rng.below(static_cast<uint32_t>(maxX))), 1 + static_cast<int>(rng.below(8)),
            1 + static_cast<int>(rng.below(8))};
}

TEST(VoxelNarrowphase, TenThousandRandomPairsMatchTheBruteForceReference) {
    const uint64_t seed = 0x5EED0001;
    SCOPED_TRACE(testing::Message() << "seed " << seed);
    vox::Rng rng(seed);
    std::vector<glm::ivec3> cells;
    int overlapping = 0;
    for (int trial = 0; trial < 10000; ++trial) {
        const glm::ivec3 sizeA = randomSize(rng), sizeB = randomSize(rng);
        const VoxelModel a = vox::test::noiseModel(sizeA, 0.05 + 0.9 * rng.nextDouble(), 3, rng);
        const VoxelModel b = vox::test::noiseModel(sizeB, 0.05 + 0.9 * rng.nextDouble(), 3, rng);
        const glm::ivec3 offsetA(static_cast<int>(rng.below(200)) - 100,
                                 static_cast<int>(rng.below(200)) - 100,
                                 static_cast<int>(rng.below(200)) - 100);
        glm::ivec3 relative;
        for (int axis = 0; axis < 3; ++axis) // from just clear on one side to just clear on the other
            relative[axis] =
                static_cast<int>(rng.below(static_cast<uint32_t>(sizeA[axis] + sizeB[axis] + 3))) -
                sizeB[axis] - 1;
        const glm::ivec3 offsetB = offsetA + relative;

        const std::vector<glm::ivec3> expected = bruteForceOverlaps(a, offsetA, b, offsetB);
        cells.clear();
        const int32_t count = vox::collectOverlaps(a, offsetA, b, offsetB, cells);
        const bool overlaps = vox::voxelsOverlap(a, offsetA, b, offsetB);
        const std::optional<glm::ivec3> first = vox::firstOverlap(a, offsetA, b, offsetB);
        if (cells != expected || overlaps != !expected.empty() ||
            count != static_cast<int32_t>(expected.size()) || first.has_value() != !expected.empty() ||
            (first && *first != expected.front())) {
            ADD_FAILURE() << "trial " << trial << ": sizes " << sizeA.x << "x" << sizeA.y << "x" << sizeA.z
                          << " and " << sizeB.x << "x" << sizeB.y << "x" << sizeB.z << ", relative offset "
                          << relative.x << "," << relative.y << "," << relative.z << ": " << cells.size()
                          << " cells, expected " << expected.size();
            return;
        }
        // Symmetric in its arguments.
        EXPECT_EQ(vox::voxelsOverlap(b, offsetB, a, offsetA), overlaps);
        overlapping += overlaps ? 1 : 0;
    }
    RecordProperty("overlappingPairs", overlapping);
    // The workload must exercise both outcomes.
    EXPECT_GT(overlapping, 2000);
    EXPECT_LT(overlapping, 9000);
}

TEST(VoxelNarrowphase, FaceAdjacentVoxelsDoNotOverlap) {
    const VoxelModel cube = vox::test::solidModel(glm::ivec3(3));
    EXPECT_FALSE(vox::voxelsOverlap(cube, {0, 0, 0}, cube, {3, 0, 0}));
    EXPECT_FALSE(vox::voxelsOverlap(cube, {0, 0, 0}, cube, {0, -3, 0}));
    EXPECT_FALSE(vox::voxelsOverlap(cube, {0, 0, 0}, cube, {3, 3, 3}));
    EXPECT_TRUE(vox::voxelsOverlap(cube, {0, 0, 0}, cube, {2, 2, 2}));
    EXPECT_EQ(vox::firstOverlap(cube, {0, 0, 0}, cube, {2, -2, 1}), glm::ivec3(2, 0, 1));
}

TEST(VoxelNarrowphase, EmptyCellsNeverCollide) {
    VoxelModel ring = vox::test::solidModel(glm::ivec3(3, 3, 1));
    ring.set({1, 1, 0}, 0);
    const VoxelModel dot = vox::test::solidModel(glm::ivec3(1));
    EXPECT_FALSE(vox::voxelsOverlap(ring, {10, 10, 0}, dot, {11, 11, 0}));
    EXPECT_TRUE(vox::voxelsOverlap(ring, {10, 10, 0}, dot, {12, 11, 0}));
}

TEST(VoxelNarrowphase, SnapRoundsHalvesUpExactly) {
    EXPECT_EQ(vox::snapToVoxel({0.49999997f, 0.5f, -0.5f}), glm::ivec3(0, 1, 0));
    EXPECT_EQ(vox::snapToVoxel({-0.50000006f, 2.5f, -2.5f}), glm::ivec3(-1, 3, -2));
    EXPECT_EQ(vox::snapToVoxel({-0.0f, 1e6f + 0.5f, -7.25f}), glm::ivec3(0, 1000001, -7));
}

TEST(VoxelNarrowphase, SmoothMovementCollidesFromHalfAVoxelOfOverlap) {
    // A one-voxel target at the origin; a one-voxel mover sliding along x in steps of 1/64 voxel. The
    // drawn cubes overlap for |p| < 1; the documented rule makes them collide for p in [-0.5, 0.5).
    const VoxelModel dot = vox::test::solidModel(glm::ivec3(1));
    for (int i = -128; i <= 128; ++i) {
        const float p = static_cast<float>(i) / 64.0f;
        SCOPED_TRACE(testing::Message() << "p = " << p);
        const bool expected = p >= -0.5f && p < 0.5f;
        EXPECT_EQ(vox::voxelsOverlap(dot, {0, 0, 0}, dot, vox::snapToVoxel({p, 0.25f, -0.25f})), expected);
    }
}

TEST(VoxelNarrowphase, SweepStopsAtTheFirstWallCell) {
    const VoxelModel wall = vox::test::solidModel(glm::ivec3(1, 10, 10));
    const VoxelModel shot = vox::test::solidModel(glm::ivec3(1, 3, 1));
    const std::optional<vox::SweepHit> hit = vox::sweepVoxels(wall, {10, 0, 0}, shot, {0, 2, 5}, {15, 2, 5});
    ASSERT_TRUE(hit.has_value());
    EXPECT_EQ(hit->offset, glm::ivec3(10, 2, 5));
    EXPECT_EQ(hit->cell, glm::ivec3(10, 2, 5));
    EXPECT_EQ(hit->step, 10);
    // Stopping short of the wall, or passing beside it, is clear.
    EXPECT_FALSE(vox::sweepVoxels(wall, {10, 0, 0}, shot, {0, 2, 5}, {9, 2, 5}).has_value());
    EXPECT_FALSE(vox::sweepVoxels(wall, {10, 0, 0}, shot, {0, 2, 11}, {15, 2, 11}).has_value());
    // Already overlapping at the start: step 0.
    const std::optional<vox::SweepHit> inside =
        vox::sweepVoxels(wall, {10, 0, 0}, shot, {10, 0, 0}, {20, 0, 0});
    ASSERT_TRUE(inside.has_value());
    EXPECT_EQ(inside->step, 0);
}

// Fires shots at `speed` voxels per step across `target` and checks that every shot whose straight path
// crosses the wall reports a hit on it, at the first placement of its path that overlaps.
void expectNoTunnelling(const VoxelModel& target, const VoxelModel& shot, glm::vec3 start, glm::vec3 velocity,
                        int steps) {
    glm::vec3 position = start;
    for (int step = 0; step < steps; ++step) {
        const glm::ivec3 from = vox::snapToVoxel(position), to = vox::snapToVoxel(position + velocity);
        position += velocity;
        const std::optional<vox::SweepHit> hit = vox::sweepVoxels(target, {0, 0, 0}, shot, from, to);
        if (!hit)
            continue;
        const glm::ivec3 moved = glm::abs(hit->offset - from);
        EXPECT_EQ(moved.x + moved.y + moved.z, hit->step);
        EXPECT_TRUE(target.filled(hit->cell));
        EXPECT_EQ(vox::firstOverlap(target, {0, 0, 0}, shot, hit->offset), hit->cell);
        return;
    }
    ADD_FAILURE() << "shot tunnelled: start " << start.x << "," << start.y << "," << start.z << " velocity "
                  << velocity.x << "," << velocity.y << "," << velocity.z;
}

TEST(VoxelNarrowphase, SweptShotsNeverTunnelThroughOneVoxelWalls) {
    const uint64_t seed = 77;
    SCOPED_TRACE(testing::Message() << "seed " << seed);
    vox::Rng rng(seed);
    // A wall one voxel thick across y = 40, and a diagonal one (x + y + z == 60), in a 64^3 grid.
    VoxelModel flat(glm::ivec3(64)), diagonal(glm::ivec3(64));
    for (int z = 0; z < 64; ++z)
        for (int x = 0; x < 64; ++x) {
            flat.set({x, 40, z}, 1);
            const int y = 60 - x - z;
            if (y >= 0 && y < 64)
                diagonal.set({x, y, z}, 2);
        }
    const VoxelModel dot = vox::test::solidModel(glm::ivec3(1));
    const VoxelModel bolt = vox::test::solidModel(glm::ivec3(1, 3, 1));
    for (int speed = 1; speed <= 16; ++speed) {
        for (int shotIndex = 0; shotIndex < 40; ++shotIndex) {
            SCOPED_TRACE(testing::Message() << "speed " << speed << " shot " << shotIndex);
            const VoxelModel& shot = shotIndex % 2 == 0 ? dot : bolt;
            // Upwards with a random slant, small enough that every shot meets the flat wall inside the
            // grid; the shot starts below both walls.
            glm::vec3 direction(rng.uniform(-0.5f, 0.5f), 1.0f, rng.uniform(-0.5f, 0.5f));
            direction /=
                std::sqrt(direction.x * direction.x + direction.y * direction.y + direction.z * direction.z);
            const glm::vec3 velocity = direction * static_cast<float>(speed);
            const glm::vec3 start(rng.uniform(24.0f, 40.0f), rng.uniform(0.0f, 6.0f),
                                  rng.uniform(24.0f, 40.0f));
            expectNoTunnelling(flat, shot, start, velocity, 200);
            const glm::vec3 diagonalVelocity =
                glm::vec3(std::abs(direction.x) + 0.2f, direction.y, std::abs(direction.z) + 0.2f) *
                static_cast<float>(speed);
            expectNoTunnelling(diagonal, shot, glm::vec3(2.0f, 2.0f, 2.0f) + start * 0.1f, diagonalVelocity,
                               200);
        }
    }
}

} // namespace
