#include "vox/voxel/vox_file.h"

#include "engine/voxel/test_models.h"
#include "vox/voxel/voxel_sprite.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

namespace {

using testing::HasSubstr;
using vox::VoxelModel;

// Builds .vox byte strings by hand, independently of the writer under test.
struct Bytes {
    std::vector<uint8_t> data;

    Bytes& i32(int32_t value) {
        for (int shift = 0; shift < 32; shift += 8)
            data.push_back(static_cast<uint8_t>(static_cast<uint32_t>(value) >> shift));
        return *this;
    }
    Bytes& id(const char* text) {
        data.insert(data.end(), text, text + 4);
        return *this;
    }
    Bytes& raw(std::initializer_list<uint8_t> bytes) {
        data.insert(data.end(), bytes);
        return *this;
    }
    Bytes& append(const Bytes& other) {
        data.insert(data.end(), other.data.begin(), other.data.end());
        return *this;
    }
    // A chunk with the given content and children.
    Bytes& chunk(const char* name, const Bytes& content, const Bytes& children = {}) {
        id(name)
            .i32(static_cast<int32_t>(content.data.size()))
            .i32(static_cast<int32_t>(children.data.size()));
        return append(content).append(children);
    }
    size_t size() const { return data.size(); }
};

// 'VOX ' 150, MAIN (at byte 8) holding `children` from byte 20.
Bytes voxFile(const Bytes& children, int32_t version = 150) {
    Bytes file;
    file.id("VOX ").i32(version);
    return file.chunk("MAIN", {}, children);
}

Bytes sizeChunk(int32_t x, int32_t y, int32_t z) {
    return Bytes{}.chunk("SIZE", Bytes{}.i32(x).i32(y).i32(z));
}

Bytes xyziChunk(std::initializer_list<std::array<uint8_t, 4>> voxels) {
    Bytes content;
    content.i32(static_cast<int32_t>(voxels.size()));
    for (const auto& v : voxels)
        content.raw({v[0], v[1], v[2], v[3]});
    return Bytes{}.chunk("XYZI", content);
}

vox::Result<vox::VoxFile> parse(const Bytes& bytes) {
    return vox::parseVox(bytes.data, "test.vox");
}

// Expects a failure whose message names the source, the chunk (or header) and the byte offset.
void expectError(const Bytes& bytes, const std::string& where, size_t offset, const std::string& what) {
    const vox::Result<vox::VoxFile> result = parse(bytes);
    ASSERT_FALSE(result.ok()) << "expected an error for " << where;
    const std::string& message = result.error().message;
    EXPECT_THAT(message,
                testing::StartsWith("test.vox: " + where + " at byte " + std::to_string(offset) + ": "));
    EXPECT_THAT(message, HasSubstr(what));
}

vox::Palette testPalette() {
    vox::Palette palette{};
    for (uint32_t i = 0; i < 256; ++i)
        palette[i] = vox::packRgba(static_cast<uint8_t>(i), static_cast<uint8_t>(255 - i),
                                   static_cast<uint8_t>(i * 7), static_cast<uint8_t>(i ^ 0x5A));
    return palette;
}

TEST(VoxFile, RoundTripsModelsPalettesAndVersions) {
    const uint64_t seed = 99;
    SCOPED_TRACE(testing::Message() << "seed " << seed);
    vox::Rng rng(seed);
    for (const int32_t version : {150, 200}) {
        for (const bool hasPalette : {true, false}) {
            SCOPED_TRACE(testing::Message() << "version " << version << " palette " << hasPalette);
            vox::VoxFile file;
            file.version = version;
            file.hasPalette = hasPalette;
            file.palette = hasPalette ? testPalette() : vox::magicaVoxelDefaultPalette();
            file.models.push_back(vox::test::noiseModel({11, 8, 4}, 0.5, 255, rng));
            file.models.push_back(vox::test::noiseModel({256, 3, 2}, 0.3, 4, rng));
            file.models.push_back(vox::test::noiseModel({1, 256, 1}, 0.9, 200, rng));
            file.models.push_back(VoxelModel(glm::ivec3(5, 6, 7))); // empty
            for (VoxelModel& model : file.models)
                model.setPalette(file.palette);
            const std::vector<uint8_t> bytes = vox::encodeVox(file);
            const vox::Result<vox::VoxFile> back = vox::parseVox(bytes, "roundtrip.vox");
            ASSERT_TRUE(back.ok()) << back.error().message;
            EXPECT_TRUE(back.value() == file);
            EXPECT_EQ(vox::encodeVox(back.value()), bytes);
        }
    }
}

TEST(VoxFile, MapsMagicaVoxelZUpOntoTheGameAxes) {
    // MagicaVoxel SIZE 2 x 3 x 4 (z up); voxel (1, 0, 3) is at the right, front, top.
    const Bytes bytes =
        voxFile(Bytes{}.append(sizeChunk(2, 3, 4)).append(xyziChunk({{1, 0, 3, 5}, {0, 2, 0, 9}})));
    const vox::Result<vox::VoxFile> file = parse(bytes);
    ASSERT_TRUE(file.ok()) << file.error().message;
    const VoxelModel& model = file.value().models.at(0);
    EXPECT_EQ(model.size(), glm::ivec3(2, 4, 3)); // game x, y (up), z (towards the viewer)
    EXPECT_EQ(model.voxelCount(), 2);
    EXPECT_EQ(model.colorIndex({1, 3, 2}), 5); // right, top, nearest the viewer
    EXPECT_EQ(model.colorIndex({0, 0, 0}), 9); // left, bottom, farthest back
    EXPECT_EQ(file.value().version, 150);
}

TEST(VoxFile, DefaultPaletteFollowsMagicaVoxelsLayout) {
    const vox::Palette& palette = vox::magicaVoxelDefaultPalette();
    EXPECT_EQ(palette[0], 0u);
    // Entries 1..215: the 6x6x6 cube, blue varying fastest from 0xFF down in steps of 0x33, black left out.
    int index = 1;
    for (int r = 0; r < 6; ++r)
        for (int g = 0; g < 6; ++g)
            for (int b = 0; b < 6; ++b) {
                if (index > 215)
                    break;
                const auto channel = [](int step) { return static_cast<uint8_t>(0xFF - 0x33 * step); };
                EXPECT_EQ(palette[static_cast<size_t>(index)],
                          vox::packRgba(channel(r), channel(g), channel(b)))
                    << "entry " << index;
                ++index;
            }
    // Entries 216..255: ramps of red, green, blue and grey, each EE DD BB AA 88 77 55 44 22 11.
    const uint8_t ramp[10] = {0xEE, 0xDD, 0xBB, 0xAA, 0x88, 0x77, 0x55, 0x44, 0x22, 0x11};
    for (int i = 0; i < 10; ++i) {
        EXPECT_EQ(palette[static_cast<size_t>(216 + i)], vox::packRgba(ramp[i], 0, 0));
        EXPECT_EQ(palette[static_cast<size_t>(226 + i)], vox::packRgba(0, ramp[i], 0));
        EXPECT_EQ(palette[static_cast<size_t>(236 + i)], vox::packRgba(0, 0, ramp[i]));
        EXPECT_EQ(palette[static_cast<size_t>(246 + i)], vox::packRgba(ramp[i], ramp[i], ramp[i]));
    }
}

TEST(VoxFile, PaletteEntryIIsPaletteIndexIPlusOne) {
    Bytes rgba;
    for (int i = 0; i < 256; ++i)
        rgba.raw({static_cast<uint8_t>(i), 2, 3, 4});
    const Bytes bytes =
        voxFile(Bytes{}.append(sizeChunk(1, 1, 1)).append(xyziChunk({{0, 0, 0, 1}})).chunk("RGBA", rgba));
    const vox::Result<vox::VoxFile> file = parse(bytes);
    ASSERT_TRUE(file.ok()) << file.error().message;
    EXPECT_TRUE(file.value().hasPalette);
    EXPECT_EQ(file.value().palette[1], vox::packRgba(0, 2, 3, 4));
    EXPECT_EQ(file.value().palette[255], vox::packRgba(254, 2, 3, 4));
    EXPECT_EQ(file.value().models[0].rgba({0, 0, 0}), vox::packRgba(0, 2, 3, 4));

    const vox::Result<vox::VoxFile> plain =
        parse(voxFile(Bytes{}.append(sizeChunk(1, 1, 1)).append(xyziChunk({}))));
    ASSERT_TRUE(plain.ok()) << plain.error().message;
    EXPECT_FALSE(plain.value().hasPalette);
    EXPECT_EQ(plain.value().palette, vox::magicaVoxelDefaultPalette());
}

TEST(VoxFile, ReadsSeveralModelsThroughTheSceneGraphAndSkipsUnknownChunks) {
    const Bytes emptyDict = Bytes{}.i32(0);
    Bytes children;
    children.chunk("PACK", Bytes{}.i32(2));
    children.append(sizeChunk(3, 1, 1)).append(xyziChunk({{0, 0, 0, 1}, {2, 0, 0, 2}}));
    children.append(sizeChunk(1, 1, 2)).append(xyziChunk({{0, 0, 1, 3}}));
    // A root transform with attributes and a translated frame, a group, and two shapes.
    Bytes nameDict = Bytes{}.i32(1).i32(5).id("_nam").raw({'e'}).i32(3).raw({'s', 'h', 'p'});
    children.chunk("nTRN", Bytes{}
                               .i32(0)
                               .append(nameDict)
                               .i32(1)
                               .i32(-1)
                               .i32(-1)
                               .i32(1)
                               .i32(1)
                               .i32(2)
                               .raw({'_', 't'})
                               .i32(5)
                               .raw({'1', ' ', '2', ' ', '3'}));
    children.chunk("nGRP", Bytes{}.i32(1).append(emptyDict).i32(2).i32(2).i32(3));
    children.chunk("nSHP", Bytes{}.i32(2).append(emptyDict).i32(1).i32(1).append(emptyDict));
    children.chunk("nSHP", Bytes{}.i32(3).append(emptyDict).i32(1).i32(0).append(emptyDict));
    for (const char* unknown : {"MATL", "MATT", "LAYR", "rOBJ", "rCAM", "NOTE", "IMAP", "ZZZZ"})
        children.chunk(unknown, Bytes{}.i32(7).i32(-1).raw({1, 2, 3}), Bytes{}.id("JUNK").i32(0).i32(0));
    const vox::Result<vox::VoxFile> file = parse(voxFile(children, 200));
    ASSERT_TRUE(file.ok()) << file.error().message;
    ASSERT_EQ(file.value().models.size(), 2u);
    EXPECT_EQ(file.value().version, 200);
    EXPECT_EQ(file.value().models[0].size(), glm::ivec3(3, 1, 1));
    EXPECT_EQ(file.value().models[0].voxelCount(), 2);
    EXPECT_EQ(file.value().models[1].size(), glm::ivec3(1, 2, 1));
    EXPECT_EQ(file.value().models[1].colorIndex({0, 1, 0}), 3);
}

TEST(VoxFile, EveryMalformedInputNamesTheChunkAndOffset) {
    const Bytes model = Bytes{}.append(sizeChunk(2, 2, 2)).append(xyziChunk({{1, 1, 1, 1}}));
    // SIZE at byte 20, XYZI at byte 44 (content from 56, first voxel at 60), then byte 64.

    expectError(Bytes{}.id("VOX "), "header", 0, "too short");
    expectError(Bytes{}.id("PK\x03\x04").i32(150), "header", 0, "wrong magic 'PK\\x03\\x04'");
    expectError(voxFile(model, 151), "header", 4, "unsupported version 151");

    Bytes truncated = voxFile(model);
    truncated.data.resize(truncated.size() - 3);
    expectError(truncated, "chunk 'MAIN'", 8, "overrun the file");
    expectError(Bytes{}.id("VOX ").i32(150).raw({'M', 'A', 'I'}), "chunk 'MAI'", 8, "header is truncated");
    expectError(voxFile(Bytes{}.id("SIZE").i32(12)), "chunk 'SIZE'", 20, "header is truncated");
    expectError(Bytes{}.id("VOX ").i32(150).append(model), "chunk 'SIZE'", 8, "expected 'MAIN'");

    // A child whose content overruns MAIN: claims 100 bytes of content, MAIN holds 24.
    expectError(voxFile(Bytes{}.id("SIZE").i32(100).i32(0).i32(2).i32(2).i32(2)), "chunk 'SIZE'", 20,
                "overrun its parent 'MAIN', which ends at byte 44");
    expectError(voxFile(Bytes{}.id("NOTE").i32(0).i32(8).i32(0)), "chunk 'NOTE'", 20, "overrun its parent");
    expectError(voxFile(Bytes{}.id("NOTE").i32(-4).i32(0)), "chunk 'NOTE'", 20, "negative content size -4");

    expectError(voxFile(Bytes{}.append(sizeChunk(2, 2, 2)).append(xyziChunk({{0, 0, 0, 1}, {0, 2, 1, 1}}))),
                "chunk 'XYZI'", 64, "voxel 1 (0, 2, 1) lies outside SIZE 2 x 2 x 2");
    expectError(voxFile(Bytes{}.append(sizeChunk(0, 2, 2)).append(xyziChunk({}))), "chunk 'SIZE'", 32,
                "model size 0 x 2 x 2 is out of range");
    expectError(voxFile(Bytes{}.append(sizeChunk(2, 257, 2)).append(xyziChunk({}))), "chunk 'SIZE'", 32,
                "out of range");
    expectError(voxFile(Bytes{}.append(sizeChunk(2, 2, -1)).append(xyziChunk({}))), "chunk 'SIZE'", 32,
                "out of range");
    expectError(
        voxFile(Bytes{}.append(sizeChunk(2, 2, 2)).chunk("XYZI", Bytes{}.i32(1000).raw({0, 0, 0, 1}))),
        "chunk 'XYZI'", 56, "voxel count 1000 cannot fit the chunk's 8-byte content");
    expectError(voxFile(Bytes{}.append(sizeChunk(2, 2, 2)).chunk("XYZI", Bytes{}.i32(-1))), "chunk 'XYZI'",
                56, "voxel count -1 cannot fit");
    expectError(voxFile(Bytes{}.append(sizeChunk(2, 2, 2)).chunk("XYZI", Bytes{}.raw({1}))), "chunk 'XYZI'",
                44, "too short");

    expectError(voxFile(xyziChunk({{0, 0, 0, 1}})), "chunk 'XYZI'", 20, "no SIZE chunk before it");
    expectError(voxFile(Bytes{}.append(sizeChunk(2, 2, 2))), "chunk 'SIZE'", 20, "not followed by an XYZI");
    expectError(voxFile(Bytes{}.append(sizeChunk(2, 2, 2)).append(sizeChunk(2, 2, 2))), "chunk 'SIZE'", 20,
                "not followed by an XYZI");
    expectError(voxFile(Bytes{}.chunk("SIZE", Bytes{}.i32(2).i32(2))), "chunk 'SIZE'", 20, "SIZE needs 12");
    expectError(voxFile(Bytes{}.append(model).chunk("RGBA", Bytes{}.i32(1))), "chunk 'RGBA'", 64,
                "needs 1024");
    expectError(voxFile(Bytes{}.chunk("PACK", Bytes{}.raw({1}))), "chunk 'PACK'", 20, "PACK needs 4");
    expectError(voxFile(Bytes{}), "chunk 'MAIN'", 8, "holds no model");

    // Scene graph: a DICT running past the chunk, a negative count, a shape naming a missing model.
    expectError(voxFile(Bytes{}.append(model).chunk("nTRN", Bytes{}.i32(0).i32(1).i32(50))), "chunk 'nTRN'",
                84, "node attributes holds a 50-byte string that runs past the end");
    expectError(voxFile(Bytes{}.append(model).chunk("nGRP", Bytes{}.i32(0).i32(0).i32(-2))), "chunk 'nGRP'",
                84, "child count is negative (-2)");
    expectError(voxFile(Bytes{}.append(model).chunk("nSHP", Bytes{}.i32(0).i32(0).i32(1).i32(4).i32(0))),
                "chunk 'nSHP'", 88, "refers to model 4 but the file holds 1 models");
}

TEST(VoxFile, CapsTheMemoryTheModelsMayClaim) {
    Bytes children;
    for (int i = 0; i < 8; ++i)
        children.append(sizeChunk(256, 256, 256)).append(xyziChunk({}));
    const vox::Result<vox::VoxFile> file = vox::parseVox(voxFile(children).data, "huge.vox");
    ASSERT_FALSE(file.ok());
    EXPECT_THAT(file.error().message, HasSubstr("over the limit"));
    EXPECT_THAT(file.error().message, HasSubstr("chunk 'SIZE' at byte"));
}

TEST(VoxFile, EveryTruncationAndRandomCorruptionFailsCleanly) {
    vox::VoxFile original;
    original.models.push_back(vox::test::solidModel({3, 2, 2}, 7));
    original.models.push_back(vox::test::solidModel({1, 2, 3}, 9));
    const std::vector<uint8_t> bytes = vox::encodeVox(original);
    for (size_t length = 0; length < bytes.size(); ++length) {
        const vox::Result<vox::VoxFile> file =
            vox::parseVox(std::span<const uint8_t>(bytes.data(), length), "cut.vox");
        ASSERT_FALSE(file.ok()) << "a file cut to " << length << " bytes parsed";
        EXPECT_THAT(file.error().message, testing::StartsWith("cut.vox: "));
        EXPECT_THAT(file.error().message, HasSubstr(" at byte "));
    }
    const uint64_t seed = 4242;
    SCOPED_TRACE(testing::Message() << "seed " << seed);
    vox::Rng rng(seed);
    for (int trial = 0; trial < 2000; ++trial) {
        std::vector<uint8_t> corrupt = bytes;
        for (uint32_t flips = 1 + rng.below(4); flips > 0; --flips)
            corrupt[rng.below(static_cast<uint32_t>(corrupt.size()))] = static_cast<uint8_t>(rng.next());
        const vox::Result<vox::VoxFile> file = vox::parseVox(corrupt, "flip.vox");
        if (file.ok()) // a harmless flip (a colour, say) must still give a file that round-trips
            EXPECT_TRUE(vox::parseVox(vox::encodeVox(file.value()), "again.vox").value() == file.value());
        else
            EXPECT_THAT(file.error().message, testing::StartsWith("flip.vox: "));
    }
}

TEST(VoxFile, FilesOnDiskAndTheirErrorsNameThePath) {
    const std::filesystem::path dir = std::filesystem::path(testing::TempDir()) / "vox_file_test";
    std::filesystem::create_directories(dir);
    vox::VoxFile file;
    file.models.push_back(vox::test::sphereModel(9, 3));
    file.models.push_back(vox::test::solidModel({2, 2, 2}, 4));
    ASSERT_TRUE(vox::writeVoxFile(dir / "ball.vox", file).ok());
    const vox::Result<vox::VoxelSprite> sprite = vox::loadVoxelSprite(dir / "ball.vox");
    ASSERT_TRUE(sprite.ok()) << sprite.error().message;
    ASSERT_EQ(sprite.value().frames.size(), 2u);
    EXPECT_TRUE(sprite.value().frames[0] == file.models[0]);

    const vox::Result<vox::VoxFile> missing = vox::readVoxFile(dir / "missing.vox");
    ASSERT_FALSE(missing.ok());
    EXPECT_THAT(missing.error().message, HasSubstr((dir / "missing.vox").string()));
    const vox::Status unwritable = vox::writeVoxFile(dir / "no" / "such" / "dir.vox", file);
    ASSERT_FALSE(unwritable.ok());
    EXPECT_THAT(unwritable.error().message, HasSubstr("dir.vox"));
}

} // namespace
