#include "vox/voxel/voxel_model.h"

#include "engine/voxel/test_models.h"

#include <gtest/gtest.h>

namespace {

using vox::VoxelModel;

TEST(VoxelModel, StartsEmptyWithTheDefaultPalette) {
    const VoxelModel model(glm::ivec3(3, 4, 5));
    EXPECT_EQ(model.size(), glm::ivec3(3, 4, 5));
    EXPECT_EQ(model.voxelCount(), 0);
    EXPECT_TRUE(model.bounds().empty());
    EXPECT_EQ(model.palette(), vox::magicaVoxelDefaultPalette());
    EXPECT_FALSE(model.filled({0, 0, 0}));
    EXPECT_FALSE(model.filled({-1, 0, 0}));
    EXPECT_FALSE(model.filled({3, 0, 0}));
}

TEST(VoxelModel, SetKeepsCountsRowsAndColumnsInStep) {
    VoxelModel model(glm::ivec3(130, 70, 3)); // three words per row, two per column
    model.set({129, 69, 2}, 7);
    model.set({64, 0, 1}, 1);
    model.set({64, 0, 1}, 2); // recolouring does not count twice
    EXPECT_EQ(model.voxelCount(), 2);
    EXPECT_EQ(model.colorIndex({64, 0, 1}), 2);
    EXPECT_EQ(model.row(69, 2)[2], uint64_t{1} << 1);
    EXPECT_EQ(model.row(0, 1)[1], uint64_t{1});
    const uint64_t* column = model.columnData() + (2 * 130 + 129) * model.wordsPerColumn();
    EXPECT_EQ(column[1], uint64_t{1} << 5);
    const vox::VoxelBox box = model.bounds();
    EXPECT_EQ(box.min, glm::ivec3(64, 0, 1));
    EXPECT_EQ(box.max, glm::ivec3(130, 70, 3));
    model.set({129, 69, 2}, 0);
    EXPECT_EQ(model.voxelCount(), 1);
    EXPECT_EQ(model.row(69, 2)[2], 0u);
    EXPECT_EQ(column[1], 0u);
    EXPECT_EQ(model.bounds().max, glm::ivec3(65, 1, 2));
}

TEST(VoxelModel, BoundsAreTightOnRandomModels) {
    const uint64_t seed = 5;
    SCOPED_TRACE(testing::Message() << "seed " << seed);
    vox::Rng rng(seed);
    for (int trial = 0; trial < 50; ++trial) {
        const glm::ivec3 size(1 + static_cast<int>(rng.below(150)), 1 + static_cast<int>(rng.below(20)),
                              1 + static_cast<int>(rng.below(20)));
        const VoxelModel model = vox::test::noiseModel(size, 0.01, 1, rng);
        glm::ivec3 lo(1000), hi(-1000);
        int count = 0;
        for (int z = 0; z < size.z; ++z)
            for (int y = 0; y < size.y; ++y)
                for (int x = 0; x < size.x; ++x)
                    if (model.filled({x, y, z})) {
                        lo = glm::min(lo, glm::ivec3(x, y, z));
                        hi = glm::max(hi, glm::ivec3(x + 1, y + 1, z + 1));
                        ++count;
                    }
        EXPECT_EQ(model.voxelCount(), count);
        if (count == 0) {
            EXPECT_TRUE(model.bounds().empty());
        } else {
            EXPECT_EQ(model.bounds().min, lo);
            EXPECT_EQ(model.bounds().max, hi);
        }
    }
}

TEST(VoxelModel, EqualityComparesCellsAndPalette) {
    VoxelModel a(glm::ivec3(2)), b(glm::ivec3(2));
    EXPECT_TRUE(a == b);
    a.set({1, 1, 1}, 3);
    EXPECT_FALSE(a == b);
    b.set({1, 1, 1}, 3);
    EXPECT_TRUE(a == b);
    vox::Palette palette = a.palette();
    palette[3] = vox::packRgba(1, 2, 3);
    b.setPalette(palette);
    EXPECT_FALSE(a == b);
    EXPECT_EQ(b.rgba({1, 1, 1}), vox::packRgba(1, 2, 3));
}

} // namespace
