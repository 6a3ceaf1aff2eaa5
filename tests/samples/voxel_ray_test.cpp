#include "voxel_ray.h"

#include "vox/broadphase/aabb.h"
#include "vox/core/rng.h"

#include <gtest/gtest.h>

#include <cmath>

namespace samples {
namespace {

vox::VoxelModel randomModel(vox::Rng& rng, glm::ivec3 size, float density) {
    vox::VoxelModel model(size);
    for (int z = 0; z < size.z; ++z)
        for (int y = 0; y < size.y; ++y)
            for (int x = 0; x < size.x; ++x)
                if (rng.uniform(0.0f, 1.0f) < density)
                    model.set({x, y, z}, static_cast<uint8_t>(1 + rng.below(255)));
    return model;
}

glm::vec3 randomPoint(vox::Rng& rng, const glm::vec3& low, const glm::vec3& high) {
    return {rng.uniform(low.x, high.x), rng.uniform(low.y, high.y), rng.uniform(low.z, high.z)};
}

TEST(VoxelRayTest, AgreesWithTheRayAgainstEveryVoxel) {
    constexpr uint64_t kSeed = 99;
    SCOPED_TRACE(testing::Message() << "seed " << kSeed);
    vox::Rng rng(kSeed);
    int hits = 0;
    for (int trial = 0; trial < 4000; ++trial) {
        const glm::ivec3 size(1 + static_cast<int>(rng.below(12)), 1 + static_cast<int>(rng.below(12)),
                              1 + static_cast<int>(rng.below(12)));
        const vox::VoxelModel model = randomModel(rng, size, rng.uniform(0.02f, 0.4f));
        const glm::vec3 extent(size);
        // Origins inside and outside the grid; ends anywhere around it; some rays along an axis.
        const glm::vec3 origin = randomPoint(rng, -extent * 0.5f, extent * 1.5f);
        glm::vec3 direction = randomPoint(rng, -extent * 0.5f, extent * 1.5f) - origin;
        if (trial % 7 == 0) {
            direction = glm::vec3(0.0f);
            direction[trial % 3] = trial % 2 == 0 ? 30.0f : -30.0f;
        }
        const float maxFraction = rng.uniform(0.2f, 1.5f);
        SCOPED_TRACE(testing::Message() << "trial " << trial);

        const std::optional<VoxelRayHit> walked = castVoxelRay(model, origin, direction, maxFraction);
        const std::optional<VoxelRayHit> reference =
            castVoxelRayBruteForce(model, origin, direction, maxFraction);
        ASSERT_EQ(walked.has_value(), reference.has_value());
        if (!walked)
            continue;
        ++hits;
        ASSERT_TRUE(model.filled(walked->cell));
        ASSERT_NEAR(walked->fraction, reference->fraction, 1e-4f);
        // Where the ray crosses an edge two cells can tie; the walk's cell must be entered at the same point.
        float entry = 0.0f;
        ASSERT_TRUE(vox::raycast({glm::vec3(walked->cell), glm::vec3(walked->cell + 1)},
                                 vox::Ray{origin, direction, maxFraction}, entry));
        ASSERT_NEAR(entry, reference->fraction, 1e-4f);
    }
    EXPECT_GT(hits, 1000) << "the trials should hit often enough to mean something";
}

TEST(VoxelRayTest, FindsTheFirstVoxelAlongAnAxisAndTheFaceItEntered) {
    vox::VoxelModel model(glm::ivec3(8, 3, 3));
    model.set({5, 1, 1}, 7);
    model.set({6, 1, 1}, 7);
    const std::optional<VoxelRayHit> hit =
        castVoxelRay(model, {-2.0f, 1.5f, 1.5f}, {20.0f, 0.0f, 0.0f}, 1.0f);
    ASSERT_TRUE(hit);
    EXPECT_EQ(hit->cell, glm::ivec3(5, 1, 1));
    EXPECT_FLOAT_EQ(hit->fraction, 7.0f / 20.0f);
    EXPECT_EQ(hit->normal, glm::ivec3(-1, 0, 0));
    // From the other side it meets cell 6 first, through its +x face.
    const std::optional<VoxelRayHit> back =
        castVoxelRay(model, {10.0f, 1.5f, 1.5f}, {-20.0f, 0.0f, 0.0f}, 1.0f);
    ASSERT_TRUE(back);
    EXPECT_EQ(back->cell, glm::ivec3(6, 1, 1));
    EXPECT_EQ(back->normal, glm::ivec3(1, 0, 0));
}

TEST(VoxelRayTest, StopsAtTheEndOfTheSegmentAndVisitsOnlyTheCellsCrossed) {
    vox::VoxelModel model(glm::ivec3(16, 16, 16));
    model.set({15, 15, 15}, 1);
    VoxelRayCost cost;
    // Ends before the voxel: a miss.
    EXPECT_FALSE(castVoxelRay(model, {0.5f, 0.5f, 0.5f}, {15.0f, 15.0f, 15.0f}, 0.9f, &cost));
    // The full diagonal crosses at most 16 * 3 - 2 cells: never the 4,096 of the grid.
    cost = {};
    const std::optional<VoxelRayHit> hit =
        castVoxelRay(model, {0.5f, 0.5f, 0.7f}, {15.0f, 15.0f, 14.8f}, 1.0f, &cost);
    ASSERT_TRUE(hit);
    EXPECT_EQ(hit->cell, glm::ivec3(15, 15, 15));
    EXPECT_LE(cost.cellsVisited, 16 * 3 - 2);
}

TEST(VoxelRayTest, AZeroDirectionOrAnEmptyModelHitsNothing) {
    vox::VoxelModel model(glm::ivec3(4, 4, 4));
    EXPECT_FALSE(castVoxelRay(model, {1.0f, 1.0f, 1.0f}, {1.0f, 0.0f, 0.0f}, 1.0f));
    model.set({1, 1, 1}, 1);
    EXPECT_FALSE(castVoxelRay(model, {1.5f, 1.5f, 1.5f}, {0.0f, 0.0f, 0.0f}, 1.0f));
    EXPECT_TRUE(castVoxelRay(model, {1.5f, 1.5f, 1.5f}, {1.0f, 0.0f, 0.0f}, 1.0f)); // starts inside it
}

} // namespace
} // namespace samples
