// Bad environments for the whole game, run as a subprocess: missing or broken data, no display, no audio
// device, no OpenGL 3.3, broken save files. Each must end in a clear message and the documented exit
// status (docs/robustness.md), or in a warning and a game that goes on; never in a crash or a hang.
#include "game/game_process.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <string>

namespace {

using invaders::test::ProcessResult;
using invaders::test::readAll;
using invaders::test::runGame;
using vox::test::TempDirectory;

bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

std::string quoted(const std::filesystem::path& path) {
    std::string text = "'"; // appended, not "'" + path: GCC 12's -Wrestrict misfires on that in Release
    text += path.string();
    text += '\'';
    return text;
}

// A copy of the game's folder `name` (assets or shaders) in `temp`, to damage.
std::filesystem::path copyOf(const TempDirectory& temp, const char* name) {
    const std::filesystem::path copy = temp.path() / name;
    std::filesystem::copy(name, copy, std::filesystem::copy_options::recursive);
    return copy;
}

// A windowed run (so that settings, high scores and audio are used) on SDL's offscreen driver, with the
// user data folder in `dataHome`.
std::string windowedEnvironment(const std::filesystem::path& dataHome, const std::string& more = "") {
    return "SDL_VIDEODRIVER=offscreen VOX_DATA_HOME=" + quoted(dataHome) + " " + more;
}

TEST(Robustness, AMissingAssetsFolderExits1NamingTheVariableAndPath) {
    TempDirectory temp;
    const auto missing = temp.path() / "no-assets";
    const ProcessResult result = runGame("--headless --frames 1", "VOX_ASSET_DIR=" + quoted(missing));
    EXPECT_EQ(result.exitCode, 1);
    EXPECT_TRUE(contains(result.err, "VOX_ASSET_DIR")) << result.err;
    EXPECT_TRUE(contains(result.err, missing.string())) << result.err;
}

TEST(Robustness, ATruncatedAssetExits1NamingTheFile) {
    TempDirectory temp;
    const auto assets = copyOf(temp, "assets");
    const std::string bytes = readAll(assets / "saucer.vox");
    ASSERT_GT(bytes.size(), 40u);
    temp.write("assets/saucer.vox", bytes.substr(0, bytes.size() / 2));
    const ProcessResult result = runGame("--headless --frames 1", "VOX_ASSET_DIR=" + quoted(assets));
    EXPECT_EQ(result.exitCode, 1);
    EXPECT_TRUE(contains(result.err, (assets / "saucer.vox").string())) << result.err;
}

TEST(Robustness, AnAssetThatIsAFolderExits1NamingIt) {
    TempDirectory temp;
    const auto assets = copyOf(temp, "assets");
    std::filesystem::remove(assets / "player.vox");
    std::filesystem::create_directory(assets / "player.vox");
    const ProcessResult result = runGame("--headless --frames 1", "VOX_ASSET_DIR=" + quoted(assets));
    EXPECT_EQ(result.exitCode, 1);
    EXPECT_TRUE(contains(result.err, (assets / "player.vox").string())) << result.err;

    const ProcessResult inspected = runGame("--inspect " + quoted(assets / "player.vox"));
    EXPECT_EQ(inspected.exitCode, 1);
    EXPECT_TRUE(contains(inspected.err, (assets / "player.vox").string())) << inspected.err;
}

TEST(Robustness, AShaderSyntaxErrorExits1WithTheFileAndLine) {
    TempDirectory temp;
    const auto shaders = copyOf(temp, "shaders");
    const std::string source = readAll(shaders / "background.frag");
    const size_t firstLine = source.find('\n');
    ASSERT_NE(firstLine, std::string::npos);
    temp.write("shaders/background.frag",
               source.substr(0, firstLine + 1) + "this is not GLSL;\n" + source.substr(firstLine + 1));
    const ProcessResult result = runGame("--headless --frames 1", "VOX_SHADER_DIR=" + quoted(shaders));
    EXPECT_EQ(result.exitCode, 1);
    EXPECT_TRUE(contains(result.err, "background.frag:2")) << result.err;
}

TEST(Robustness, NoDisplayMeansOffscreenRendering) {
    TempDirectory temp;
    const ProcessResult result =
        runGame("--frames 3 --print-state-hash",
                "-u DISPLAY -u WAYLAND_DISPLAY -u SDL_VIDEODRIVER VOX_DATA_HOME=" + quoted(temp.path()));
    EXPECT_EQ(result.exitCode, 0) << result.err;
    EXPECT_TRUE(contains(result.out, "state-hash: ")) << result.out;
}

TEST(Robustness, AnUnusableVideoDriverExits1SayingWhatToDo) {
    const ProcessResult result =
        runGame("--frames 1", "-u DISPLAY -u WAYLAND_DISPLAY SDL_VIDEODRIVER=no-such-driver");
    EXPECT_EQ(result.exitCode, 1);
    EXPECT_TRUE(contains(result.err, "cannot start SDL video")) << result.err;
    EXPECT_TRUE(contains(result.err, "headless")) << result.err;
}

TEST(Robustness, NoAudioDeviceIsAWarningAndTheGamePlaysSilently) {
    TempDirectory temp;
    const ProcessResult result =
        runGame("--demo --frames 30", windowedEnvironment(temp.path(), "SDL_AUDIODRIVER=no-such-driver"));
    EXPECT_EQ(result.exitCode, 0) << result.err;
    EXPECT_TRUE(contains(result.err, "warning: ")) << result.err;
    EXPECT_TRUE(contains(result.err, "no-such-driver")) << result.err;
}

TEST(Robustness, WithoutOpenGl33TheGameExits1NamingWhatItNeeds) {
    // Mesa's llvmpipe told to offer no more than OpenGL 3.0 (and GLSL 1.30): an old driver.
    const ProcessResult result =
        runGame("--headless --frames 1", "MESA_GL_VERSION_OVERRIDE=3.0 MESA_GLSL_VERSION_OVERRIDE=130");
    EXPECT_EQ(result.exitCode, 1);
    EXPECT_TRUE(contains(result.err, "needs OpenGL 3.3")) << result.err;
}

// VOX_GL=es runs the game on OpenGL ES 3.0, the browser's GL (gl_dialect.h): the same picture as on desktop
// GL (screenshots of the same frame are equal; llvmpipe renders both the same way); a bad value is named.
TEST(Robustness, VoxGlEsDrawsTheSameFrameAndABadValueExits1NamingIt) {
    TempDirectory temp;
    const auto desktop = temp.path() / "desktop.png";
    const auto es = temp.path() / "es.png";
    const std::string run = "--headless --frames 30 --size 320x180 --seed 3 --demo --screenshot ";
    const ProcessResult onDesktop = runGame(run + quoted(desktop), "VOX_GL=desktop");
    ASSERT_EQ(onDesktop.exitCode, 0) << onDesktop.err;
    const ProcessResult onEs = runGame(run + quoted(es), "VOX_GL=es");
    ASSERT_EQ(onEs.exitCode, 0) << onEs.err;
    EXPECT_FALSE(readAll(desktop).empty());
    EXPECT_EQ(readAll(desktop), readAll(es)) << "VOX_GL=es drew another picture";

    const ProcessResult bad = runGame("--headless --frames 1", "VOX_GL=webgl1");
    EXPECT_EQ(bad.exitCode, 1);
    EXPECT_TRUE(contains(bad.err, "VOX_GL")) << bad.err;
    EXPECT_TRUE(contains(bad.err, "webgl1")) << bad.err;
}

TEST(Robustness, CorruptSaveFilesAreWarnedAboutKeptAsideAndTheGameRuns) {
    TempDirectory temp;
    temp.write("settings.txt", "voxel-invaders-settings 1\nmaster_volume = loud\n\x01\x02");
    temp.write("highscores.txt", std::string("\0\xff garbage", 10));
    const ProcessResult result = runGame("--frames 3", windowedEnvironment(temp.path()));
    EXPECT_EQ(result.exitCode, 0) << result.err;
    EXPECT_TRUE(contains(result.err, (temp.path() / "settings.txt").string())) << result.err;
    EXPECT_TRUE(contains(result.err, (temp.path() / "highscores.txt").string())) << result.err;
    int keptAside = 0;
    for (const auto& entry : std::filesystem::directory_iterator(temp.path()))
        keptAside += entry.path().filename().string().rfind("settings.txt.", 0) == 0 ||
                     entry.path().filename().string().rfind("highscores.txt.", 0) == 0;
    EXPECT_EQ(keptAside, 2) << "each corrupt file is kept aside for the player, not deleted";
}

TEST(Robustness, AnUnusableDataFolderIsAWarningAndTheGameRuns) {
    TempDirectory temp;
    // A regular file where the folder should be (as root, the one kind of unwritable path chmod can't fake).
    const auto data = temp.write("file", "x") / "data";
    const ProcessResult result = runGame("--frames 3", windowedEnvironment(data));
    EXPECT_EQ(result.exitCode, 0) << result.err;
    EXPECT_TRUE(contains(result.err, data.string())) << result.err;
    EXPECT_TRUE(contains(result.err, "high scores will not be saved")) << result.err;
}

TEST(Robustness, AnUnwritableRecordingOrAFolderAsReplayExits1NamingIt) {
    TempDirectory temp;
    const auto recording = temp.write("file", "x") / "demo.vir";
    const ProcessResult recorded = runGame("--headless --demo --frames 10 --record " + quoted(recording));
    EXPECT_EQ(recorded.exitCode, 1);
    EXPECT_TRUE(contains(recorded.err, recording.string())) << recorded.err;

    const ProcessResult replayed = runGame("--headless --replay " + quoted(temp.path()));
    EXPECT_EQ(replayed.exitCode, 1);
    EXPECT_TRUE(contains(replayed.err, temp.path().string())) << replayed.err;
}

TEST(Robustness, AnUnwritableAudioOutExits1NamingItBeforeTheRun) {
    TempDirectory temp;
    const auto wav = temp.write("file", "x") / "demo.wav";
    const ProcessResult result = runGame("--headless --demo --frames 100000000 --audio-out " + quoted(wav));
    EXPECT_EQ(result.exitCode, 1); // at once: 100 million steps would take hours
    EXPECT_TRUE(contains(result.err, "--audio-out: cannot write " + wav.string())) << result.err;
}

TEST(Robustness, TheSoakReportPrintsMemoryAfterAMinuteAndAtTheEndAndChecksTheTree) {
    const ProcessResult result =
        runGame("--headless --demo --frames 3700 --size 64x64 --print-state-hash", "VOX_SOAK_REPORT=1");
    ASSERT_EQ(result.exitCode, 0) << result.err;
    EXPECT_TRUE(contains(result.out, "soak: step 3600: rss ")) << result.out;
    EXPECT_TRUE(contains(result.out, "soak: step 3700: rss ")) << result.out;
    EXPECT_FALSE(contains(result.out, "unknown")) << "no memory figures from /proc/self/status\n"
                                                  << result.out;
    EXPECT_TRUE(contains(result.out, "soak: tree validate() clean at all ")) << result.out;
    EXPECT_FALSE(contains(result.out, "clean at all 0 turn starts")) << "the first turn is always checked";
    EXPECT_TRUE(contains(result.out, "state-hash: ")) << result.out;

    const ProcessResult quiet = runGame("--headless --demo --frames 10 --size 64x64");
    EXPECT_EQ(quiet.exitCode, 0) << quiet.err;
    EXPECT_FALSE(contains(quiet.out, "soak:")) << "only VOX_SOAK_REPORT=1 turns it on";
}

TEST(Robustness, ZeroSizeIsABadFlag) {
    const ProcessResult result = runGame("--headless --size 0x0");
    EXPECT_EQ(result.exitCode, 2);
    EXPECT_TRUE(contains(result.err, "--size")) << result.err;
}

} // namespace
