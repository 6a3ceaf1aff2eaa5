#include "design_scale_world.h"

#include <glm/geometric.hpp>
#include <gtest/gtest.h>

#include <algorithm>
#include <utility>
#include <vector>

namespace samples {
namespace {

// Built once: making 320 models takes a while.
const DesignScaleWorld& freshWorld() {
    static const DesignScaleWorld world;
    return world;
}

TEST(DesignScaleWorldTest, HasTheIssuesCountsAndExtent) {
    const DesignScaleWorld& world = freshWorld();
    EXPECT_GE(world.models().size(), 300u);
    EXPECT_GE(world.voxelCount(), 1'000'000);
    vox::Aabb extent = world.worldBox(0);
    for (int32_t i = 1; i < static_cast<int32_t>(world.models().size()); ++i) {
        const vox::Aabb box = world.worldBox(i);
        extent.min = glm::min(extent.min, box.min);
        extent.max = glm::max(extent.max, box.max);
    }
    // A kilometre across at 10 cm a voxel, on x and on z.
    EXPECT_GE(extent.max.x - extent.min.x, 10'000.0f);
    EXPECT_GE(extent.max.z - extent.min.z, 10'000.0f);
    for (const DesignScaleModel& object : world.models()) {
        const glm::ivec3 size = object.model.size();
        EXPECT_GE(std::max({size.x, size.y, size.z}), 16);
        EXPECT_LE(std::max({size.x, size.y, size.z}), 44);
        EXPECT_TRUE(object.bricks.matches(object.model));
    }
}

TEST(DesignScaleWorldTest, IsAPureFunctionOfTheSeed) {
    DesignScaleWorld first;
    DesignScaleWorld second;
    for (int step = 0; step < 240; ++step) {
        first.step();
        second.step();
    }
    ASSERT_EQ(first.models().size(), second.models().size());
    for (size_t i = 0; i < first.models().size(); ++i) {
        const DesignScaleModel& a = first.models()[i];
        const DesignScaleModel& b = second.models()[i];
        ASSERT_EQ(a.center, b.center) << "model " << i;
        ASSERT_EQ(a.orientation, b.orientation) << "model " << i;
        ASSERT_EQ(a.velocity, b.velocity) << "model " << i;
        ASSERT_TRUE(a.model == b.model) << "model " << i;
    }
    EXPECT_EQ(first.impacts(), second.impacts());
    EXPECT_EQ(first.erodedVoxels(), second.erodedVoxels());

    DesignScaleSettings otherSeed;
    otherSeed.seed = 28;
    const DesignScaleWorld third(otherSeed);
    EXPECT_NE(third.models()[0].center, DesignScaleWorld().models()[0].center);
}

// The tree's pairs and the narrowphase find exactly the pairs the narrowphase finds on every pair of models,
// step after step, while the models move, turn and erode; and the models do meet.
TEST(DesignScaleWorldTest, FindsTheContactsOfABruteForceOverEveryPair) {
    DesignScaleWorld world;
    int64_t touchingSeen = 0;
    for (int step = 0; step < 1200; ++step) {
        world.moveModels();
        const std::vector<DesignScaleContact>& contacts = world.findContacts();
        if (step % 40 == 0 || !contacts.empty()) {
            std::vector<std::pair<int32_t, int32_t>> found;
            for (const DesignScaleContact& contact : contacts)
                found.emplace_back(contact.modelA, contact.modelB);
            ASSERT_EQ(found, touchingPairsBruteForce(world)) << "step " << step;
        }
        touchingSeen += static_cast<int64_t>(contacts.size());
        world.respond();
    }
    EXPECT_GT(touchingSeen, 0);
    EXPECT_GT(world.impacts(), 3);
}

// A contact closing in carves a ball out of both models around the touching voxels, and the bricks follow.
TEST(DesignScaleWorldTest, ErodesBothModelsWhereTheyTouch) {
    DesignScaleWorld world;
    for (int step = 0; step < 3000; ++step) {
        world.moveModels();
        const std::vector<DesignScaleContact> contacts = world.findContacts();
        std::vector<int32_t> before;
        for (const DesignScaleModel& object : world.models())
            before.push_back(object.model.voxelCount());
        world.respond();
        if (world.changedModels().empty())
            continue;
        for (const int32_t index : world.changedModels()) {
            const DesignScaleModel& object = world.models()[static_cast<size_t>(index)];
            EXPECT_LT(object.model.voxelCount(), before[static_cast<size_t>(index)]) << "model " << index;
            EXPECT_TRUE(object.bricks.matches(object.model));
        }
        // The touching voxels themselves are gone from both models (one contact: it was the one eroded).
        if (contacts.size() != 1)
            continue;
        for (const DesignScaleContact& contact : contacts) {
            EXPECT_FALSE(
                world.models()[static_cast<size_t>(contact.modelA)].model.filled(contact.voxels.cellA));
            EXPECT_FALSE(
                world.models()[static_cast<size_t>(contact.modelB)].model.filled(contact.voxels.cellB));
        }
        return;
    }
    FAIL() << "no impact in 3000 steps";
}

// A mesh point drawn by the renderer's sprite transform (scene_renderer.h: the pivot, cell (0, 0, 0) shifted
// back by half the mesh's depth, is put at `position`; rotation and scale turn about it) lands where the
// collision pose puts the same point of the model, at every level of detail.
TEST(DesignScaleWorldTest, SpritesShowTheModelsAtTheirCollisionPose) {
    DesignScaleWorld world;
    for (int step = 0; step < 30; ++step)
        world.step();
    for (size_t i = 0; i < world.models().size(); i += 7) {
        const DesignScaleModel& object = world.models()[i];
        const vox::VoxelPose pose = object.pose();
        for (const int32_t factor : {1, 2, 4}) {
            const DesignScaleSprite sprite = spritePlacement(object, factor);
            const glm::ivec3 meshSize = (object.model.size() + factor - 1) / factor;
            const glm::vec3 pivot(0.0f, 0.0f, static_cast<float>(meshSize.z) * 0.5f);
            const glm::mat3 rotation = glm::mat3_cast(sprite.rotation);
            for (const glm::ivec3 corner :
                 {glm::ivec3(0), meshSize, glm::ivec3(meshSize.x, 0, meshSize.z / 2),
                  glm::ivec3(1, meshSize.y - 1, 2)}) {
                const glm::vec3 local(corner);
                const glm::vec3 drawn =
                    sprite.position - rotation * (pivot * sprite.scale) + rotation * (local * sprite.scale);
                const glm::vec3 posed = pose.position + pose.rotation * (local * static_cast<float>(factor));
                EXPECT_LT(glm::length(drawn - posed), 1e-2f) << "model " << i << " factor " << factor;
            }
        }
    }
}

TEST(DesignScaleWorldTest, DownsamplingKeepsEveryFilledBlock) {
    const vox::VoxelModel& model = freshWorld().models()[0].model;
    for (const int32_t factor : {2, 4}) {
        const vox::VoxelModel coarse = downsampleVoxels(model, factor);
        EXPECT_EQ(coarse.size(), (model.size() + factor - 1) / factor);
        const glm::ivec3 size = model.size();
        for (int32_t z = 0; z < size.z; ++z)
            for (int32_t y = 0; y < size.y; ++y)
                for (int32_t x = 0; x < size.x; ++x)
                    if (model.filled({x, y, z})) {
                        ASSERT_TRUE(coarse.filled(glm::ivec3(x, y, z) / factor));
                    }
        EXPECT_LE(coarse.voxelCount(), model.voxelCount());
        EXPECT_GT(coarse.voxelCount(), 0);
    }
}

} // namespace
} // namespace samples
