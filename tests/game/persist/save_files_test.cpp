#include "persist/save_files.h"

#include "engine/platform/temp_directory.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <fstream>
#include <sstream>

namespace {

using invaders::HighScoreTable;
using invaders::Settings;
using vox::test::readAll;
using vox::test::ScopedEnvironment;
using vox::test::TempDirectory;

bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

Settings changedSettings() {
    Settings settings;
    settings.masterVolume = 0.25f;
    settings.difficulty = invaders::Difficulty::Easy;
    settings.keys[static_cast<std::size_t>(invaders::Action::Fire)] = {{SDL_SCANCODE_Z}};
    return settings;
}

TEST(UserDataDirectory, TheEnvironmentOverrideIsUsedAndCreated) {
    TempDirectory temp;
    const auto home = temp.path() / "nested" / "data";
    ScopedEnvironment override(invaders::kDataHomeVariable, home.c_str());
    auto directory = invaders::userDataDirectory();
    ASSERT_TRUE(directory.ok()) << directory.error().message;
    EXPECT_EQ(directory.value(), home);
    EXPECT_TRUE(std::filesystem::is_directory(home));
    EXPECT_EQ(invaders::settingsPath(home), home / "settings.txt");
    EXPECT_EQ(invaders::highScoresPath(home), home / "highscores.txt");
}

TEST(UserDataDirectory, AnOverrideThatCannotBeCreatedIsAnErrorNamingIt) {
    TempDirectory temp;
    const auto home = temp.write("file", "x") / "data";
    ScopedEnvironment override(invaders::kDataHomeVariable, home.c_str());
    auto directory = invaders::userDataDirectory();
    ASSERT_FALSE(directory.ok());
    EXPECT_TRUE(contains(directory.error().message, home.string())) << directory.error().message;
    EXPECT_TRUE(contains(directory.error().message, invaders::kDataHomeVariable))
        << directory.error().message;
}

TEST(SaveFiles, AMissingFileGivesTheDefaultsSilently) {
    TempDirectory temp;
    const auto settings = invaders::loadSettings(temp.path() / "settings.txt");
    EXPECT_TRUE(settings.value == Settings());
    EXPECT_TRUE(settings.warnings.empty());
    const auto scores = invaders::loadHighScores(temp.path() / "highscores.txt");
    EXPECT_TRUE(scores.value.entries().empty());
    EXPECT_TRUE(scores.warnings.empty());
}

TEST(SaveFiles, SettingsAndHighScoresRoundTripThroughTheDisk) {
    TempDirectory temp;
    const auto settingsFile = invaders::settingsPath(temp.path());
    ASSERT_TRUE(invaders::saveSettings(settingsFile, changedSettings()).ok());
    const auto settings = invaders::loadSettings(settingsFile);
    EXPECT_TRUE(settings.value == changedSettings());
    EXPECT_TRUE(settings.warnings.empty());

    HighScoreTable table;
    (void)table.insert({{'A', 'C', 'E'}, 4210, 3});
    const auto scoresFile = invaders::highScoresPath(temp.path());
    ASSERT_TRUE(invaders::saveHighScores(scoresFile, table).ok());
    const auto scores = invaders::loadHighScores(scoresFile);
    EXPECT_EQ(scores.value, table);
    EXPECT_TRUE(scores.warnings.empty());
    EXPECT_FALSE(std::filesystem::exists(temp.path() / "settings.txt.tmp"));
}

TEST(SaveFiles, ParseWarningsReachTheCaller) {
    TempDirectory temp;
    const auto file = temp.write("settings.txt", "voxel-invaders-settings 1\nmaster_volume = 2\nend\n");
    const auto settings = invaders::loadSettings(file);
    EXPECT_EQ(settings.value.masterVolume, 1.0f);
    ASSERT_EQ(settings.warnings.size(), 1u);
    EXPECT_TRUE(contains(settings.warnings[0], file.string() + ":2:")) << settings.warnings[0];
    EXPECT_TRUE(std::filesystem::exists(file)); // a forgiven file is not moved
}

TEST(SaveFiles, CorruptSettingsGiveDefaultsAWarningAndAreKeptAside) {
    const std::pair<const char*, std::string> cases[] = {
        {"garbage", std::string("\x00\x01\x02garbage\xff", 11)},
        {"truncated", "voxel-invaders-settings 1\nmaster_volume = 0.5\n"},
        {"wrong version", "voxel-invaders-settings 7\nend\n"},
        {"bad value", "voxel-invaders-settings 1\nvsync = maybe\nend\n"},
        {"bad quality", "voxel-invaders-settings 1\nmute = true\nquality = ultra\nend\n"},
        {"bad render scale", "voxel-invaders-settings 1\nrender_scale = half\nend\n"},
    };
    for (const auto& [what, text] : cases) {
        SCOPED_TRACE(what);
        TempDirectory temp;
        const auto file = temp.write("settings.txt", text);
        const auto loaded = invaders::loadSettings(file);
        EXPECT_TRUE(loaded.value == Settings());
        ASSERT_EQ(loaded.warnings.size(), 1u);
        const auto kept = temp.path() / "settings.txt.corrupt-1";
        EXPECT_TRUE(contains(loaded.warnings[0], file.string())) << loaded.warnings[0];
        EXPECT_TRUE(contains(loaded.warnings[0], kept.string())) << loaded.warnings[0];
        EXPECT_TRUE(contains(loaded.warnings[0], "default settings")) << loaded.warnings[0];
        EXPECT_EQ(readAll(kept), text);
        EXPECT_FALSE(std::filesystem::exists(file));
        // Saving now cannot touch the kept copy.
        ASSERT_TRUE(invaders::saveSettings(file, Settings()).ok());
        EXPECT_EQ(readAll(kept), text);
    }
}

TEST(SaveFiles, ASecondCorruptFileNeverOverwritesTheFirstKeptOne) {
    TempDirectory temp;
    const auto file = temp.write("highscores.txt", "first garbage");
    const auto first = invaders::loadHighScores(file);
    ASSERT_EQ(first.warnings.size(), 1u);
    EXPECT_TRUE(contains(first.warnings[0], "empty high-score table")) << first.warnings[0];
    temp.write("highscores.txt", "voxel-invaders-highscores 1\nACE 5 1\n"); // truncated
    const auto second = invaders::loadHighScores(file);
    ASSERT_EQ(second.warnings.size(), 1u);
    EXPECT_TRUE(contains(second.warnings[0], "highscores.txt.corrupt-2")) << second.warnings[0];
    EXPECT_EQ(readAll(temp.path() / "highscores.txt.corrupt-1"), "first garbage");
    EXPECT_EQ(readAll(temp.path() / "highscores.txt.corrupt-2"), "voxel-invaders-highscores 1\nACE 5 1\n");
    EXPECT_TRUE(second.value.entries().empty());
}

TEST(SaveFiles, AnUnreadableFileGivesDefaultsAndAWarning) {
    TempDirectory temp;
    std::filesystem::create_directories(temp.path() / "settings.txt"); // a folder where the file should be
    const auto loaded = invaders::loadSettings(temp.path() / "settings.txt");
    EXPECT_TRUE(loaded.value == Settings());
    ASSERT_EQ(loaded.warnings.size(), 1u);
    EXPECT_TRUE(contains(loaded.warnings[0], (temp.path() / "settings.txt").string())) << loaded.warnings[0];
}

TEST(SaveFiles, AnUnwritableLocationIsAnErrorAndTheOldFileStays) {
    TempDirectory temp;
    const auto folder = temp.path() / "data";
    const auto file = invaders::settingsPath(folder);
    std::filesystem::create_directories(folder);
    ASSERT_TRUE(invaders::saveSettings(file, Settings()).ok());
    const std::string before = readAll(file);
    std::filesystem::permissions(folder, std::filesystem::perms(0555));
    // As root a 0555 folder stays writable; then a folder that is a regular file stands in for it.
    const bool chmodProtects = ::access(folder.c_str(), W_OK) != 0;
    SCOPED_TRACE(chmodProtects ? "using a 0555 folder" : "running as root: using a file as the folder");
    const auto blocked = chmodProtects ? file : invaders::settingsPath(temp.write("file", "x"));
    const vox::Status settings = invaders::saveSettings(blocked, changedSettings());
    const vox::Status scores = invaders::saveHighScores(invaders::highScoresPath(blocked.parent_path()), {});
    std::filesystem::permissions(folder, std::filesystem::perms(0755));
    ASSERT_FALSE(settings.ok());
    ASSERT_FALSE(scores.ok());
    EXPECT_TRUE(contains(settings.error().message, blocked.string())) << settings.error().message;
    EXPECT_EQ(readAll(file), before);
}

TEST(SaveFiles, AFailedSaveLeavesTheOldContents) {
    TempDirectory temp;
    const auto file = invaders::settingsPath(temp.path());
    ASSERT_TRUE(invaders::saveSettings(file, Settings()).ok());
    const std::string before = readAll(file);
    std::filesystem::create_directory(temp.path() / "settings.txt.tmp"); // the temporary cannot be written
    const vox::Status status = invaders::saveSettings(file, changedSettings());
    ASSERT_FALSE(status.ok());
    EXPECT_TRUE(contains(status.error().message, "settings.txt.tmp")) << status.error().message;
    EXPECT_EQ(readAll(file), before);
    EXPECT_TRUE(invaders::loadSettings(file).value == Settings());
}

} // namespace
