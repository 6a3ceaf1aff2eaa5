// ASCII voxel designs (game/tools/ascii_voxels.h, the format of assets/README.md): a design's voxels, layers
// and colours, and every error naming its line.

#include "ascii_voxels.h"

#include "vox/voxel/palette.h"

#include <gtest/gtest.h>

#include <string>

namespace {

// The error message of parsing `text` as "design.txt" (empty when it parses).
std::string errorOf(const std::string& text) {
    vox::Result<vox::VoxFile> file = invaders::parseAsciiVoxels(text, "design.txt");
    return file ? std::string() : file.error().message;
}

TEST(AsciiVoxels, RowsAreExtrudedThroughTheirKeysLayers) {
    const std::string design = "# a test design\n"
                               "depth 3\n"
                               "key A #ff0000        # all layers\n"
                               "key e #00ff00 1-2\n"
                               "key f #0000ff 0\n"
                               "frame\n"
                               "A.e\n"
                               "fA\n"
                               "frame\n"
                               "e\n";
    vox::Result<vox::VoxFile> file = invaders::parseAsciiVoxels(design, "design.txt");
    ASSERT_TRUE(file.ok()) << file.error().message;
    ASSERT_EQ(file.value().models.size(), 2u);
    const vox::VoxelModel& first = file.value().models[0];
    EXPECT_EQ(first.size(), glm::ivec3(3, 2, 3)); // widest row, rows, depth
    // The first row is the highest y: 'A' at (0, 1) through z 0..2.
    for (int z = 0; z < 3; ++z)
        EXPECT_EQ(first.colorIndex({0, 1, z}), 1) << "z " << z;
    EXPECT_EQ(first.colorIndex({1, 1, 0}), 0); // '.'
    EXPECT_EQ(first.colorIndex({2, 1, 0}), 0); // 'e' only in layers 1-2
    EXPECT_EQ(first.colorIndex({2, 1, 1}), 2);
    EXPECT_EQ(first.colorIndex({2, 1, 2}), 2);
    EXPECT_EQ(first.colorIndex({0, 0, 0}), 3); // 'f' only in layer 0
    EXPECT_EQ(first.colorIndex({0, 0, 1}), 0);
    EXPECT_EQ(first.colorIndex({1, 0, 2}), 1);
    EXPECT_EQ(first.colorIndex({2, 0, 0}), 0); // past the shorter row's end
    EXPECT_EQ(first.voxelCount(), 3 + 2 + 1 + 3);
    EXPECT_EQ(file.value().models[1].size(), glm::ivec3(1, 1, 3));
    EXPECT_EQ(file.value().models[1].voxelCount(), 2);
    // The keys' colours take palette entries 1, 2, 3 in order; the rest is MagicaVoxel's default palette.
    const vox::Palette& palette = file.value().palette;
    EXPECT_EQ(palette[1], vox::packRgba(255, 0, 0));
    EXPECT_EQ(palette[2], vox::packRgba(0, 255, 0));
    EXPECT_EQ(palette[3], vox::packRgba(0, 0, 255));
    EXPECT_EQ(palette[4], vox::magicaVoxelDefaultPalette()[4]);
    EXPECT_EQ(first.palette(), palette);
}

TEST(AsciiVoxels, ErrorsNameTheLine) {
    EXPECT_EQ(errorOf("depth 0\n"), "design.txt:1: 'depth' takes one number from 1 to 256");
    EXPECT_EQ(errorOf("depth 257\n"), "design.txt:1: 'depth' takes one number from 1 to 256");
    EXPECT_EQ(errorOf("\nkey A #ffffff\n"), "design.txt:2: 'depth N' must come before the first key");
    EXPECT_EQ(errorOf("frame\n"), "design.txt:1: 'depth N' must come before the first frame");
    EXPECT_EQ(
        errorOf("depth 2\nkey AB #ffffff\n"),
        "design.txt:2: expected 'key C #rrggbb [FIRST-LAST]' with C one character other than '.' and '#'");
    EXPECT_EQ(
        errorOf("depth 2\nkey . #ffffff\n"),
        "design.txt:2: expected 'key C #rrggbb [FIRST-LAST]' with C one character other than '.' and '#'");
    EXPECT_EQ(errorOf("depth 2\nkey A #fffff\n"), "design.txt:2: '#fffff' is not a colour like #4fd0ff");
    EXPECT_EQ(errorOf("depth 2\nkey A #ffffff 1-2\n"),
              "design.txt:2: layer range '1-2' must be FIRST-LAST within 0-1");
    EXPECT_EQ(errorOf("depth 2\nkey A #ffffff 1-0\n"),
              "design.txt:2: layer range '1-0' must be FIRST-LAST within 0-1");
    EXPECT_EQ(errorOf("depth 2\nkey A #ffffff\nkey A #000000\n"), "design.txt:3: key 'A' is defined twice");
    EXPECT_EQ(errorOf("depth 2\nAAA\n"),
              "design.txt:2: unknown line 'AAA' (expected depth, key, frame or a row)");
    EXPECT_EQ(errorOf("depth 2\nframe\nA B\n"),
              "design.txt:3: unknown line 'A B' (expected depth, key, frame or a row)");
    EXPECT_EQ(errorOf("depth 2\nkey A #ffffff\nframe\nAx\n"), "design.txt:4: character 'x' has no key");
    EXPECT_EQ(errorOf("depth 2\nkey A #ffffff\nframe\n" + std::string(257, 'A') + "\n"),
              "design.txt:4: a frame may be at most 256 x 256");
    EXPECT_EQ(errorOf("depth 2\n"), "design.txt: no 'frame' in the design");
    EXPECT_EQ(errorOf("depth 2\nkey A #ffffff\nframe\nA\nframe\n"), "design.txt: frame 2 has no rows");
}

} // namespace
