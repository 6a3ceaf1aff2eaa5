#include "audio/wav_writer.h"

#include "engine/platform/temp_directory.h"

#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

namespace {

using invaders::WavWriter;
using vox::test::readAll;
using vox::test::TempDirectory;

uint32_t u32(const std::string& bytes, size_t offset) {
    uint32_t value = 0;
    for (size_t i = 0; i < 4; ++i)
        value |= static_cast<uint32_t>(static_cast<uint8_t>(bytes[offset + i])) << (8 * i);
    return value;
}

uint16_t u16(const std::string& bytes, size_t offset) {
    return static_cast<uint16_t>(static_cast<uint8_t>(bytes[offset]) | static_cast<uint8_t>(bytes[offset + 1])
                                                                           << 8);
}

TEST(ToPcm16, ScalesRoundsAndClamps) {
    EXPECT_EQ(invaders::toPcm16(0.0f), 0);
    EXPECT_EQ(invaders::toPcm16(1.0f), 32767);
    EXPECT_EQ(invaders::toPcm16(-1.0f), -32767);
    EXPECT_EQ(invaders::toPcm16(0.5f), 16384); // 16383.5 rounds away from zero
    EXPECT_EQ(invaders::toPcm16(-0.25f), -8192);
    EXPECT_EQ(invaders::toPcm16(3.0f), 32767);
    EXPECT_EQ(invaders::toPcm16(-3.0f), -32767);
}

TEST(WavWriter, WritesACanonicalMono16BitFileInPieces) {
    TempDirectory temp;
    const auto path = temp.path() / "mix.wav";
    vox::Result<WavWriter> writer = WavWriter::create(path, 48000);
    ASSERT_TRUE(writer.ok()) << writer.error().message;
    const std::vector<float> first = {0.0f, 0.5f, -0.5f};
    const std::vector<float> second = {1.0f, -1.0f};
    writer.value().append(first);
    writer.value().append(second);
    EXPECT_EQ(writer.value().sampleCount(), 5);
    EXPECT_FALSE(std::filesystem::exists(path)) << "the file appears only when it is complete";
    ASSERT_TRUE(writer.value().finish().ok());
    EXPECT_FALSE(std::filesystem::exists(temp.path() / "mix.wav.tmp"));

    const std::string bytes = readAll(path);
    ASSERT_EQ(bytes.size(), 44u + 10u);
    EXPECT_EQ(bytes.substr(0, 4), "RIFF");
    EXPECT_EQ(u32(bytes, 4), 36u + 10u);
    EXPECT_EQ(bytes.substr(8, 8), "WAVEfmt ");
    EXPECT_EQ(u32(bytes, 16), 16u);    // fmt chunk size
    EXPECT_EQ(u16(bytes, 20), 1u);     // PCM
    EXPECT_EQ(u16(bytes, 22), 1u);     // mono
    EXPECT_EQ(u32(bytes, 24), 48000u); // samples per second
    EXPECT_EQ(u32(bytes, 28), 96000u); // bytes per second
    EXPECT_EQ(u16(bytes, 32), 2u);     // bytes per sample frame
    EXPECT_EQ(u16(bytes, 34), 16u);    // bits per sample
    EXPECT_EQ(bytes.substr(36, 4), "data");
    EXPECT_EQ(u32(bytes, 40), 10u);
    const std::vector<int16_t> expected = {0, 16384, -16384, 32767, -32767};
    for (size_t i = 0; i < expected.size(); ++i)
        EXPECT_EQ(static_cast<int16_t>(u16(bytes, 44 + 2 * i)), expected[i]) << i;
}

TEST(WavWriter, AFolderThatIsNotThereIsAnErrorNamingTheFile) {
    TempDirectory temp;
    const auto path = temp.path() / "no" / "such" / "mix.wav";
    vox::Result<WavWriter> writer = WavWriter::create(path, 48000);
    ASSERT_FALSE(writer.ok());
    EXPECT_NE(writer.error().message.find(path.string()), std::string::npos) << writer.error().message;
}

TEST(WavWriter, AFailedRenameIsAnErrorAndLeavesNoTemporaryFile) {
    TempDirectory temp;
    const auto path = temp.path() / "taken.wav";
    std::filesystem::create_directories(path / "inside"); // a non-empty folder cannot be renamed over
    vox::Result<WavWriter> writer = WavWriter::create(path, 44100);
    ASSERT_TRUE(writer.ok()) << writer.error().message;
    writer.value().append(std::vector<float>(100, 0.25f));
    const vox::Status finished = writer.value().finish();
    ASSERT_FALSE(finished.ok());
    EXPECT_NE(finished.error().message.find(path.string()), std::string::npos) << finished.error().message;
    EXPECT_FALSE(std::filesystem::exists(temp.path() / "taken.wav.tmp"));
}

} // namespace
