#include "vox/voxel/voxel_erosion.h"

#include "engine/voxel/test_models.h"
#include "vox/voxel/voxel_mesh.h"

#include <gtest/gtest.h>

namespace {

using vox::VoxelModel;

// The reference: every model cell, one at a time.
std::vector<glm::ivec3> bruteForceCovered(const VoxelModel& model, const VoxelModel& stencil,
                                          glm::ivec3 offset) {
    std::vector<glm::ivec3> cells;
    const glm::ivec3 s = model.size();
    for (int z = 0; z < s.z; ++z)
        for (int y = 0; y < s.y; ++y)
            for (int x = 0; x < s.x; ++x)
                if (model.filled({x, y, z}) && stencil.filled(glm::ivec3(x, y, z) - offset))
                    cells.emplace_back(x, y, z);
    return cells;
}

// A 5 x 5 x 3 "plus" explosion: a cross in x/y, three deep.
VoxelModel plusStencil() {
    VoxelModel stencil(glm::ivec3(5, 5, 3));
    for (int z = 0; z < 3; ++z)
        for (int i = 0; i < 5; ++i) {
            stencil.set({i, 2, z}, 1);
            stencil.set({2, i, z}, 1);
        }
    return stencil;
}

TEST(VoxelErosion, CarvesTheStencilOutOfAShieldAndReportsDebris) {
    VoxelModel shield(glm::ivec3(22, 16, 4));
    for (int z = 0; z < 4; ++z)
        for (int y = 0; y < 16; ++y)
            for (int x = 0; x < 22; ++x)
                shield.set({x, y, z}, static_cast<uint8_t>(1 + (x + y) % 3));
    const VoxelModel original = shield;
    const VoxelModel stencil = plusStencil();
    const glm::ivec3 offset = vox::stencilOffsetCentredOn(stencil, {10, 15, 0}); // top edge, hangs over
    EXPECT_EQ(offset, glm::ivec3(8, 13, -1));

    const std::vector<glm::ivec3> expected = bruteForceCovered(shield, stencil, offset);
    std::vector<vox::RemovedVoxel> removed;
    const int32_t count = vox::erodeVoxels(shield, stencil, offset, removed);
    ASSERT_EQ(count, static_cast<int32_t>(expected.size()));
    ASSERT_EQ(removed.size(), expected.size());
    // z -1 hangs off the shield: two of the stencil's three layers land; the cross is cut at y = 16.
    EXPECT_EQ(count, 2 * (5 + 2));
    for (size_t i = 0; i < removed.size(); ++i) {
        EXPECT_EQ(removed[i].cell, expected[i]);
        EXPECT_EQ(removed[i].colorIndex, original.colorIndex(expected[i]));
        EXPECT_EQ(removed[i].rgba, original.palette()[original.colorIndex(expected[i])]);
        EXPECT_FALSE(shield.filled(expected[i]));
    }
    EXPECT_EQ(shield.voxelCount(), original.voxelCount() - count);

    // The re-mesh equals meshing the expected model from scratch.
    VoxelModel rebuilt = original;
    for (const glm::ivec3& cell : expected)
        rebuilt.set(cell, 0);
    EXPECT_TRUE(shield == rebuilt);
    EXPECT_EQ(vox::meshVoxelModel(shield).quads, vox::meshVoxelModel(rebuilt).quads);

    // Nothing is left to remove at the same place.
    EXPECT_EQ(vox::erodeVoxels(shield, stencil, offset, removed), 0);
}

TEST(VoxelErosion, RandomStencilsMatchTheBruteForceReference) {
    const uint64_t seed = 31337;
    SCOPED_TRACE(testing::Message() << "seed " << seed);
    vox::Rng rng(seed);
    std::vector<vox::RemovedVoxel> removed;
    for (int trial = 0; trial < 300; ++trial) {
        VoxelModel model =
            vox::test::noiseModel({1 + static_cast<int>(rng.below(100)), 1 + static_cast<int>(rng.below(20)),
                                   1 + static_cast<int>(rng.below(8))},
                                  rng.nextDouble(), 5, rng);
        const VoxelModel stencil =
            vox::test::noiseModel({1 + static_cast<int>(rng.below(70)), 1 + static_cast<int>(rng.below(7)),
                                   1 + static_cast<int>(rng.below(7))},
                                  rng.nextDouble(), 1, rng);
        glm::ivec3 offset;
        for (int axis = 0; axis < 3; ++axis)
            offset[axis] = static_cast<int>(
                               rng.below(static_cast<uint32_t>(model.size()[axis] + stencil.size()[axis]))) -
                           stencil.size()[axis];
        const std::vector<glm::ivec3> expected = bruteForceCovered(model, stencil, offset);
        const int32_t before = model.voxelCount();
        removed.clear();
        ASSERT_EQ(vox::erodeVoxels(model, stencil, offset, removed), static_cast<int32_t>(expected.size()))
            << "trial " << trial;
        for (size_t i = 0; i < removed.size(); ++i)
            EXPECT_EQ(removed[i].cell, expected[i]);
        EXPECT_EQ(model.voxelCount(), before - static_cast<int32_t>(expected.size()));
        EXPECT_TRUE(bruteForceCovered(model, stencil, offset).empty());
    }
}

} // namespace
