#include "vox/voxel/voxel_bricks.h"

#include "engine/voxel/test_models.h"

#include <gtest/gtest.h>

#include <glm/gtc/quaternion.hpp>

#include <bit>
#include <cmath>

namespace {

using vox::VoxelBox;
using vox::VoxelBrickNode;
using vox::VoxelBricks;
using vox::VoxelModel;

VoxelBox tightBoxOfCells(const VoxelModel& model, const VoxelBox& region) {
    VoxelBox box{glm::ivec3(1 << 20), glm::ivec3(-(1 << 20))};
    for (int z = region.min.z; z < region.max.z; ++z)
        for (int y = region.min.y; y < region.max.y; ++y)
            for (int x = region.min.x; x < region.max.x; ++x)
                if (model.filled({x, y, z})) {
                    box.min = glm::min(box.min, glm::ivec3(x, y, z));
                    box.max = glm::max(box.max, glm::ivec3(x, y, z) + 1);
                }
    return box;
}

bool sameBox(const VoxelBox& a, const VoxelBox& b) {
    return a.min == b.min && a.max == b.max;
}

// Every invariant the narrowphase relies on: each filled cell in exactly one brick's occupancy, every
// node's box tight, children consecutive and inside their parent's box, no empty node.
void expectValidHierarchy(const VoxelModel& model, const VoxelBricks& bricks) {
    ASSERT_TRUE(bricks.matches(model));
    if (model.voxelCount() == 0) {
        EXPECT_TRUE(bricks.empty());
        EXPECT_TRUE(bricks.bounds().empty());
        return;
    }
    ASSERT_FALSE(bricks.empty());
    EXPECT_TRUE(sameBox(bricks.bounds(), model.bounds()));
    std::vector<int> parents(bricks.nodes().size(), 0);
    int32_t cellsInBricks = 0;
    int32_t brickCount = 0;
    for (size_t index = 0; index < bricks.nodes().size(); ++index) {
        const VoxelBrickNode& node = bricks.nodes()[index];
        ASSERT_FALSE(node.bounds.empty()) << "node " << index;
        if (node.isBrick()) {
            ++brickCount;
            const glm::ivec3 origin = node.brickOrigin();
            EXPECT_EQ(origin % 4, glm::ivec3(0));
            ASSERT_NE(node.cells, 0u);
            for (int bit = 0; bit < 64; ++bit) {
                const glm::ivec3 cell = origin + glm::ivec3(bit & 3, (bit >> 2) & 3, (bit >> 4) & 3);
                EXPECT_EQ(((node.cells >> bit) & 1) != 0, model.filled(cell))
                    << "brick " << index << ", cell " << cell.x << "," << cell.y << "," << cell.z;
            }
            cellsInBricks += std::popcount(node.cells);
            EXPECT_TRUE(sameBox(node.bounds, tightBoxOfCells(model, {origin, origin + 4})))
                << "brick " << index;
            continue;
        }
        ASSERT_GE(node.childCount, 1);
        ASSERT_LE(node.childCount, 64);
        ASSERT_GT(node.firstChild, static_cast<int32_t>(index));
        ASSERT_LE(static_cast<size_t>(node.firstChild + node.childCount), bricks.nodes().size());
        VoxelBox united{glm::ivec3(1 << 20), glm::ivec3(-(1 << 20))};
        for (int32_t child = node.firstChild; child < node.firstChild + node.childCount; ++child) {
            ++parents[static_cast<size_t>(child)];
            const VoxelBox& box = bricks.nodes()[static_cast<size_t>(child)].bounds;
            united = {glm::min(united.min, box.min), glm::max(united.max, box.max)};
        }
        EXPECT_TRUE(sameBox(node.bounds, united)) << "node " << index << " is not its children's tight box";
    }
    EXPECT_EQ(parents[0], 0);
    for (size_t index = 1; index < parents.size(); ++index)
        EXPECT_EQ(parents[index], 1) << "node " << index;
    EXPECT_EQ(cellsInBricks, model.voxelCount());
    EXPECT_EQ(bricks.brickCount(), brickCount);
}

TEST(VoxelBricks, EmptyModelHasNoNodes) {
    const VoxelModel model(glm::ivec3(9, 3, 70));
    expectValidHierarchy(model, VoxelBricks::build(model));
}

TEST(VoxelBricks, SingleVoxelIsOneBrickUnderTheRoot) {
    VoxelModel model(glm::ivec3(40, 40, 40));
    model.set({37, 2, 21}, 5);
    const VoxelBricks bricks = VoxelBricks::build(model);
    expectValidHierarchy(model, bricks);
    EXPECT_EQ(bricks.brickCount(), 1);
    EXPECT_TRUE(sameBox(bricks.bounds(), {{37, 2, 21}, {38, 3, 22}}));
}

TEST(VoxelBricks, RandomModelsOfAnySizeKeepEveryInvariant) {
    const uint64_t seed = 0xB81C0001;
    SCOPED_TRACE(testing::Message() << "seed " << seed);
    vox::Rng rng(seed);
    for (int trial = 0; trial < 60; ++trial) {
        // Sizes not multiples of 4, wider than 64 (several words per row), and up to 256 on one axis.
        const glm::ivec3 size(1 + static_cast<int>(rng.below(trial % 10 == 0 ? 256 : 90)),
                              1 + static_cast<int>(rng.below(40)), 1 + static_cast<int>(rng.below(40)));
        const VoxelModel model = vox::test::noiseModel(size, 0.002 + 0.3 * rng.nextDouble(), 2, rng);
        SCOPED_TRACE(testing::Message()
                     << "trial " << trial << ", size " << size.x << "x" << size.y << "x" << size.z);
        expectValidHierarchy(model, VoxelBricks::build(model));
        if (HasFatalFailure())
            return;
    }
}

TEST(VoxelBricks, SphereOf64HasLevelsAboveItsBricks) {
    const VoxelModel model = vox::test::sphereModel(64);
    const VoxelBricks bricks = VoxelBricks::build(model);
    expectValidHierarchy(model, bricks);
    // 16^3 brick slots, the corners' empty ones left out, under 4^3 nodes of 16^3 cells, under the root.
    EXPECT_LT(bricks.brickCount(), 16 * 16 * 16);
    EXPECT_GT(bricks.brickCount(), 16 * 16 * 16 / 2);
    EXPECT_EQ(bricks.nodes()[0].childCount, 4 * 4 * 4);
    EXPECT_EQ(static_cast<int32_t>(bricks.nodes().size()), 1 + 4 * 4 * 4 + bricks.brickCount());
}

TEST(VoxelBricks, WorldBoxIsTheTightBoxAtThePose) {
    VoxelModel model(glm::ivec3(10, 10, 10));
    model.set({2, 3, 4}, 1);
    model.set({5, 3, 8}, 1);
    const VoxelBricks bricks = VoxelBricks::build(model);
    const glm::mat3 rotation =
        glm::mat3_cast(glm::angleAxis(0.7f, glm::normalize(glm::vec3(1.0f, 2.0f, 3.0f))));
    const vox::VoxelPose pose{{4.0f, -1.0f, 2.5f}, rotation};
    const vox::Obb box = bricks.worldBox(pose);
    EXPECT_EQ(box.halfExtents, glm::vec3(2.0f, 0.5f, 2.5f));
    const glm::vec3 expectedCenter = pose.position + rotation * glm::vec3(4.0f, 3.5f, 6.5f);
    EXPECT_LT(glm::length(box.center - expectedCenter), 1e-5f);
    EXPECT_EQ(box.rotation, rotation);
}

} // namespace
