#include "vox/render/image.h"

#include "engine/platform/temp_directory.h"

#include <gtest/gtest.h>

namespace {

using vox::test::TempDirectory;

vox::Image gradient(int width, int height) {
    vox::Image image{width, height, std::vector<uint8_t>(static_cast<size_t>(width * height * 4))};
    for (int y = 0; y < height; ++y) {
        for (int x = 0; x < width; ++x) {
            uint8_t* p = image.rgba.data() + (y * width + x) * 4;
            p[0] = static_cast<uint8_t>(x * 7);
            p[1] = static_cast<uint8_t>(y * 11);
            p[2] = static_cast<uint8_t>(x + y);
            p[3] = 255;
        }
    }
    return image;
}

TEST(Image, PngRoundTripKeepsSizeAndPixels) {
    TempDirectory temp;
    const vox::Image image = gradient(37, 21);
    const auto path = temp.path() / "shot.png";
    ASSERT_TRUE(vox::writePng(image, path).ok());
    auto loaded = vox::readPng(path);
    ASSERT_TRUE(loaded.ok()) << loaded.error().message;
    EXPECT_EQ(loaded.value().width, 37);
    EXPECT_EQ(loaded.value().height, 21);
    EXPECT_EQ(loaded.value().rgba, image.rgba);
}

TEST(Image, WritingIntoAMissingFolderSaysWhy) {
    TempDirectory temp;
    const auto path = temp.path() / "no-such-folder" / "shot.png";
    vox::Status status = vox::writePng(gradient(4, 4), path);
    ASSERT_FALSE(status.ok());
    EXPECT_NE(status.error().message.find(path.string()), std::string::npos) << status.error().message;
    EXPECT_NE(status.error().message.find("No such file"), std::string::npos) << status.error().message;
}

TEST(Image, ReadingANonImageFails) {
    TempDirectory temp;
    const auto path = temp.write("fake.png", "this is not a png");
    auto loaded = vox::readPng(path);
    ASSERT_FALSE(loaded.ok());
    EXPECT_NE(loaded.error().message.find("fake.png"), std::string::npos);
}

TEST(Image, UniformDetection) {
    vox::Image flat{3, 2, std::vector<uint8_t>(24, 9)};
    EXPECT_TRUE(flat.isUniform());
    flat.rgba[23] = 10;
    EXPECT_FALSE(flat.isUniform());
    EXPECT_FALSE(gradient(2, 2).isUniform());
}

} // namespace
