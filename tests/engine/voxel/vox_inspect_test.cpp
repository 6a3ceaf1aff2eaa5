#include "vox/voxel/vox_inspect.h"

#include "engine/voxel/test_models.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <fstream>

namespace {

using testing::HasSubstr;

class VoxInspect : public testing::Test {
protected:
    void SetUp() override {
        m_dir = std::filesystem::path(testing::TempDir()) / "vox_inspect_test";
        std::filesystem::create_directories(m_dir);
    }
    std::filesystem::path m_dir;
};

TEST_F(VoxInspect, DescribesVersionPaletteAndEveryModel) {
    vox::VoxFile file;
    file.version = 150;
    file.hasPalette = false;
    file.models.push_back(vox::test::solidModel({11, 8, 2}, 5)); // MagicaVoxel 11 x 2 x 8
    file.models.push_back(vox::test::checkerboardModel({3, 3, 3}));
    const std::filesystem::path path = m_dir / "invader.vox";
    ASSERT_TRUE(vox::writeVoxFile(path, file).ok());

    const vox::Result<std::string> text = vox::describeVoxFile(path, false);
    ASSERT_TRUE(text.ok()) << text.error().message;
    EXPECT_THAT(text.value(), HasSubstr(path.string()));
    EXPECT_THAT(text.value(), HasSubstr("version 150"));
    EXPECT_THAT(text.value(), HasSubstr("palette: absent"));
    EXPECT_THAT(text.value(), HasSubstr("models: 2"));
    EXPECT_THAT(text.value(), HasSubstr("model 0: size 11 x 2 x 8 (MagicaVoxel x y z), 176 voxels"));
    EXPECT_THAT(text.value(), HasSubstr("model 1: size 3 x 3 x 3 (MagicaVoxel x y z), 14 voxels"));

    file.version = 200;
    file.hasPalette = true;
    file.models.pop_back();
    ASSERT_TRUE(vox::writeVoxFile(path, file).ok());
    const vox::Result<std::string> json = vox::describeVoxFile(path, true);
    ASSERT_TRUE(json.ok()) << json.error().message;
    EXPECT_EQ(json.value(),
              "{\"file\": \"" + path.string() +
                  "\", \"version\": 200, \"palette\": true, \"models\": [{\"size\": [11, 2, 8], "
                  "\"voxels\": 176}]}\n");
}

TEST_F(VoxInspect, JsonEscapesTheName) {
    vox::VoxFile file;
    file.models.push_back(vox::test::solidModel({1, 1, 1}));
    EXPECT_THAT(vox::describeVox(file, "a \"b\"\\c\n", true),
                HasSubstr("{\"file\": \"a \\\"b\\\"\\\\c\\u000a\""));
}

TEST_F(VoxInspect, BadFileGivesTheReadersError) {
    const std::filesystem::path path = m_dir / "bad.vox";
    std::ofstream(path, std::ios::binary) << "VOX \x96";
    const vox::Result<std::string> result = vox::describeVoxFile(path, false);
    ASSERT_FALSE(result.ok());
    EXPECT_THAT(result.error().message, testing::StartsWith(path.string() + ": header at byte 0: "));
}

} // namespace
