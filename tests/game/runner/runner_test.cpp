// The runner driving a real `GameScene` (GL, no window of its own): a window that only records what it
// was asked, a drawer that counts pictures, the settings file in a temporary folder. Headless: one step per
// frame, the step limit, closing, a replay finishing; start-up applying the options the run starts with;
// F11 and the options screen's changes applied and saved once, and a key reaching the game itself. In a
// window: the window sees every event and a picture is drawn each frame.
#include "../scene/game_scene_test_support.h"
#include "runner/runner.h"
#include "scene/game_scene.h"

#include "actions.h"
#include "persist/save_files.h"

#include "engine/platform/key_events.h"
#include "engine/platform/temp_directory.h"
#include "engine/render/gl_test_fixture.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <memory>
#include <optional>
#include <vector>

namespace invaders {
namespace {

class FakeWindow final : public WindowControls {
public:
    vox::Status setFullscreen(bool fullscreen) override {
        if (refuseFullscreen)
            return vox::Error{"the window system said no"};
        state.fullscreen = fullscreen;
        return {};
    }
    vox::Status setVsync(bool vsync) override {
        state.vsync = vsync;
        return {};
    }
    [[nodiscard]] DisplayState display() const override { return state; }
    void handleEvent(const SDL_Event& /*event*/) override { ++events; }
    [[nodiscard]] vox::PixelSize drawableSize() const override { return {1280, 720}; }

    DisplayState state;
    bool refuseFullscreen = false;
    int events = 0; ///< Events the window was shown.
};

class CountingDrawer final : public FrameDrawer {
public:
    vox::Status draw(double alpha) override {
        ++draws;
        lastAlpha = alpha;
        stepsAtDraw = runner != nullptr ? runner->stepsRun() : 0;
        return {};
    }
    const Runner* runner = nullptr; ///< Whose steps are counted at each picture.
    int draws = 0;
    double lastAlpha = -1.0;
    uint64_t stepsAtDraw = 0;
};

class RunnerTest : public vox::test::GlTest {
protected:
    // A run of a game made with `flow`, saving its options to the temporary folder.
    void start(const FlowSettings& flow, std::optional<int64_t> limit = std::nullopt,
               RunMode mode = RunMode::Headless) {
        SaveFilePaths files;
        files.settings = settingsFile();
        m_game = test::makeTestScene(flow, {}, files);
        ASSERT_TRUE(m_game);
        RunnerSettings settings;
        settings.mode = mode;
        settings.stepLimit = limit;
        m_runner.emplace(*m_game, m_game.get(), m_actions, m_window, m_drawer, settings);
        m_drawer.runner = &*m_runner;
    }

    // Frames until the runner says the run is over (at most `cap`); returns how many.
    int runToEnd(int cap = 100000) {
        int frames = 0;
        while (frames < cap) {
            ++frames;
            if (!m_runner->frame())
                break;
        }
        return frames;
    }
    // `key` down for a frame, then up for one; each frame must go on.
    void tap(SDL_Scancode key) {
        m_runner->handleEvent(vox::test::keyEvent(SDL_KEYDOWN, key));
        ASSERT_TRUE(m_runner->frame());
        m_runner->handleEvent(vox::test::keyEvent(SDL_KEYUP, key));
        ASSERT_TRUE(m_runner->frame());
    }

    [[nodiscard]] std::filesystem::path settingsFile() const { return settingsPath(m_temp.path()); }
    // The settings saved since the last call (the file is then removed, so a second save shows); none
    // when nothing was saved.
    std::optional<Settings> takeSaved() {
        if (!std::filesystem::exists(settingsFile()))
            return std::nullopt;
        Loaded<Settings> loaded = loadSettings(settingsFile());
        EXPECT_TRUE(loaded.warnings.empty());
        std::filesystem::remove(settingsFile());
        return loaded.value;
    }
    [[nodiscard]] const GameFlow& flow() const { return m_game->flow(); }

    vox::test::TempDirectory m_temp;
    vox::ActionMap m_actions = defaultActionMap(); // plain: the runner's start-up applies the keys
    FakeWindow m_window;
    CountingDrawer m_drawer;
    std::unique_ptr<GameScene> m_game;
    std::optional<Runner> m_runner;
};

TEST_F(RunnerTest, HeadlessRunsTheStepLimitOneStepPerFrameAndDrawsOnlyTheLastFrame) {
    start({}, 100);
    EXPECT_EQ(runToEnd(), 100);
    EXPECT_EQ(m_runner->stepsRun(), 100u);
    EXPECT_EQ(flow().screenFrames(), 100) << "the game took every step";
    EXPECT_EQ(m_drawer.draws, 1) << "only the last frame: the screenshot";
    EXPECT_EQ(m_drawer.stepsAtDraw, 100u) << "drawn after the last step";
    EXPECT_EQ(m_drawer.lastAlpha, 1.0) << "the latest step, not an interpolation";
    EXPECT_FALSE(m_runner->frame()) << "over is over";
    EXPECT_EQ(m_runner->stepsRun(), 100u);
    EXPECT_EQ(m_window.events, 0) << "headless, events go to the game alone";
}

TEST_F(RunnerTest, StartUpAppliesTheOptionsTheRunStartsWithAndSavesNothing) {
    FlowSettings settings;
    settings.options.fullscreen = true;
    settings.options.vsync = false;
    settings.options.masterVolume = 0.25f;
    settings.options.mute = true;
    settings.options.keys[static_cast<size_t>(Action::Fire)] = {{SDL_SCANCODE_K}};
    start(settings); // the window, the action map and the audio built plain
    EXPECT_TRUE(m_window.state.fullscreen) << "the window made fullscreen";
    EXPECT_FALSE(m_window.state.vsync) << "and vsync turned off";
    EXPECT_TRUE(flow().display().fullscreen) << "the options screen told what was granted";
    EXPECT_FALSE(flow().display().vsync);
    EXPECT_FLOAT_EQ(m_game->volumes().master, 0.25f) << "the audio given the volumes";
    EXPECT_TRUE(m_game->volumes().mute);
    EXPECT_TRUE(vox::test::tapKey(m_actions, SDL_SCANCODE_K).pressed(Action::Fire)) << "the keys bound";
    EXPECT_FALSE(vox::test::tapKey(m_actions, SDL_SCANCODE_SPACE).pressed(Action::Fire));
    EXPECT_FALSE(takeSaved()) << "the file already holds them";
    EXPECT_EQ(flow().optionsNote(), "");
}

TEST_F(RunnerTest, ClosingEndsTheRunWithoutAPicture) {
    start({});
    for (int i = 0; i < 10; ++i)
        ASSERT_TRUE(m_runner->frame());
    SDL_Event quit{};
    quit.type = SDL_QUIT;
    m_runner->handleEvent(quit);
    EXPECT_FALSE(m_runner->frame());
    EXPECT_EQ(m_runner->stepsRun(), 10u);
    EXPECT_EQ(m_drawer.draws, 0);
}

TEST_F(RunnerTest, AReplayRunsToItsEndThenTheRunStops) {
    FlowSettings settings;
    settings.replay = Replay{};
    settings.replay->inputs = {0, 1, 1, 2, 4, 0, 0};
    start(settings);
    EXPECT_EQ(runToEnd(), 7);
    EXPECT_TRUE(flow().finished());
    EXPECT_EQ(m_runner->stepsRun(), 7u);
    EXPECT_EQ(m_drawer.draws, 1);
}

TEST_F(RunnerTest, F11IsAppliedToTheWindowSavedAndShownOnce) {
    start({});
    ASSERT_TRUE(m_runner->frame());
    EXPECT_FALSE(takeSaved()) << "nothing changed yet";
    tap(SDL_SCANCODE_F11);
    EXPECT_TRUE(flow().options().fullscreen);
    EXPECT_TRUE(m_window.state.fullscreen) << "applied to the window";
    EXPECT_TRUE(flow().display().fullscreen) << "and the options screen told";
    const std::optional<Settings> saved = takeSaved();
    ASSERT_TRUE(saved.has_value());
    EXPECT_TRUE(saved->fullscreen) << "and saved";
    ASSERT_TRUE(m_runner->frame());
    EXPECT_FALSE(takeSaved()) << "once";

    m_window.refuseFullscreen = true;
    tap(SDL_SCANCODE_F11);
    EXPECT_FALSE(flow().options().fullscreen);
    EXPECT_EQ(flow().optionsNote(), "FULLSCREEN REFUSED BY THE WINDOW SYSTEM");
    EXPECT_TRUE(takeSaved()) << "what the player asked for is saved even so";
}

TEST_F(RunnerTest, F11InAGameIsAppliedAndSaved) {
    start({});
    tap(SDL_SCANCODE_RETURN);
    ASSERT_EQ(flow().screen(), Screen::Playing);
    tap(SDL_SCANCODE_F11);
    EXPECT_TRUE(flow().options().fullscreen);
    EXPECT_TRUE(m_window.state.fullscreen);
    EXPECT_TRUE(takeSaved());
    tap(SDL_SCANCODE_F11);
    EXPECT_EQ(flow().screen(), Screen::Playing) << "the game goes on";
    EXPECT_FALSE(m_window.state.fullscreen) << "and back to a window";
    EXPECT_TRUE(takeSaved());
}

// The key itself reaches the game (the controls screen binds it), and F11 is no command while it listens.
TEST_F(RunnerTest, F11IsOnlyTheKeyChosenWhileTheControlsScreenListens) {
    start({});
    tap(SDL_SCANCODE_ESCAPE);
    ASSERT_EQ(flow().screen(), Screen::Options);
    for (int rows = 0; flow().selectedItem() != "CONTROLS"; ++rows) {
        ASSERT_LT(rows, 20) << "CONTROLS not found";
        tap(SDL_SCANCODE_DOWN);
    }
    tap(SDL_SCANCODE_RETURN);
    ASSERT_EQ(flow().screen(), Screen::Controls);
    tap(SDL_SCANCODE_RETURN); // the first row: MOVE LEFT
    ASSERT_TRUE(flow().listeningForKey());
    tap(SDL_SCANCODE_F11);
    EXPECT_FALSE(flow().listeningForKey());
    EXPECT_FALSE(flow().options().fullscreen) << "not a command here";
    EXPECT_FALSE(m_window.state.fullscreen);
    EXPECT_EQ(flow().options().keys[static_cast<size_t>(Action::Left)],
              std::vector<vox::KeyBinding>{{SDL_SCANCODE_F11}});
    EXPECT_TRUE(vox::test::tapKey(m_actions, SDL_SCANCODE_F11).pressed(Action::Left)) << "bound live";
    const std::optional<Settings> saved = takeSaved();
    ASSERT_TRUE(saved.has_value()) << "the binding saved";
    EXPECT_EQ(saved->keys, flow().options().keys);
}

TEST_F(RunnerTest, VolumesChangedOnTheOptionsScreenReachTheAudio) {
    start({});
    tap(SDL_SCANCODE_ESCAPE);
    ASSERT_EQ(flow().screen(), Screen::Options);
    ASSERT_EQ(flow().selectedItem(), "MASTER VOLUME");
    tap(SDL_SCANCODE_LEFT);
    EXPECT_FLOAT_EQ(m_game->volumes().master, flow().options().masterVolume);
    EXPECT_FLOAT_EQ(m_game->volumes().master, Settings{}.masterVolume - kVolumeStep);
    const std::optional<Settings> saved = takeSaved();
    ASSERT_TRUE(saved.has_value());
    EXPECT_FLOAT_EQ(saved->masterVolume, flow().options().masterVolume);
}

TEST_F(RunnerTest, InAWindowEveryEventReachesTheWindowAndEveryFrameIsDrawn) {
    start({}, std::nullopt, RunMode::Windowed);
    ASSERT_TRUE(m_runner->frame());
    m_runner->handleEvent(vox::test::keyEvent(SDL_KEYDOWN, SDL_SCANCODE_ESCAPE));
    ASSERT_TRUE(m_runner->frame());
    EXPECT_EQ(m_window.events, 1) << "the window sees the key (and its size events) first";
    EXPECT_EQ(m_drawer.draws, 2) << "a picture every frame";
    SDL_Event quit{};
    quit.type = SDL_QUIT;
    m_runner->handleEvent(quit);
    EXPECT_FALSE(m_runner->frame());
    EXPECT_EQ(m_drawer.draws, 2) << "closed: no last picture";
}

} // namespace
} // namespace invaders
