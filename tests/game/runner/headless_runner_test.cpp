// The headless runner with no window and no GL: a real `GameFlow` behind a scene that only steps it, a
// window that only records what it was asked, a drawer that counts pictures. One step per frame, the step
// limit, closing, a replay finishing, and options changed through key events applied and saved.
#include "../flow_test_support.h"
#include "runner/headless_runner.h"

#include "actions.h"
#include "demo_scene.h"
#include "sim/game_assets.h"

#include "engine/platform/key_events.h"

#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <vector>

namespace invaders {
namespace {

using test::assets;

// The game as the runner drives it, minus the drawing: the scene steps the flow.
class FlowGame final : public DemoScene, public RunnerGame {
public:
    explicit FlowGame(const FlowSettings& settings) : m_flow(settings, assets(), {}) {}

    void step(const vox::ActionState& input) override { m_flow.step(input); }
    void render(int /*width*/, int /*height*/, double /*alpha*/) override {}
    [[nodiscard]] SceneDebugView debugView() const override { return {}; }

    [[nodiscard]] const GameFlow& flow() const override { return m_flow; }
    void keyPressed(SDL_Scancode key) override { m_flow.keyPressed(key); }
    void buttonPressed() override { m_flow.buttonPressed(); }
    void tapped(glm::vec2 where) override { m_flow.tapped(where); }
    void toggleFullscreen() override { m_flow.toggleFullscreen(); }
    void setVolumes(const Volumes& volumes) override { applied = volumes; }
    void saveOptions(const Settings& options) override {
        saved = options;
        ++saves;
    }
    void setOptionsNote(std::string note) override { m_flow.setOptionsNote(std::move(note)); }
    void setDisplay(const DisplayState& display) override { m_flow.setDisplay(display); }

    std::optional<Volumes> applied; ///< The latest volumes the audio was given.
    std::optional<Settings> saved;
    int saves = 0;

private:
    GameFlow m_flow;
};

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

    DisplayState state;
    bool refuseFullscreen = false;
};

class CountingDrawer final : public FrameDrawer {
public:
    vox::Status draw(double alpha) override {
        ++draws;
        lastAlpha = alpha;
        stepsAtDraw = stepper->stepsRun();
        return {};
    }
    const SceneStepper* stepper = nullptr; ///< Whose steps are counted at each picture.
    int draws = 0;
    double lastAlpha = -1.0;
    uint64_t stepsAtDraw = 0;
};

// A headless run of `game` with no window: the parts the app wires, with fakes for the window and drawing.
struct HeadlessRun {
    HeadlessRun(FlowGame& game, std::optional<int64_t> limit)
        : stepper(game, &game, actions, window, game.flow().options(), limit), runner(stepper, drawer) {
        drawer.stepper = &stepper;
    }
    // Frames until the runner says the run is over (at most `cap`); returns how many.
    int runToEnd(int cap = 100000) {
        int frames = 0;
        while (frames < cap) {
            ++frames;
            if (!runner.frame())
                break;
        }
        return frames;
    }
    // `key` down for a frame, then up for one; each frame must go on.
    void tap(SDL_Scancode key) {
        runner.handleEvent(vox::test::keyEvent(SDL_KEYDOWN, key));
        ASSERT_TRUE(runner.frame());
        runner.handleEvent(vox::test::keyEvent(SDL_KEYUP, key));
        ASSERT_TRUE(runner.frame());
    }

    vox::ActionMap actions = defaultActionMap();
    FakeWindow window;
    SceneStepper stepper;
    CountingDrawer drawer;
    HeadlessRunner runner;
};

TEST(HeadlessRunner, RunsTheStepLimitOneStepPerFrameAndDrawsOnlyTheLastFrame) {
    FlowGame game({});
    HeadlessRun run(game, 100);
    EXPECT_EQ(run.runToEnd(), 100);
    EXPECT_EQ(run.stepper.stepsRun(), 100u);
    EXPECT_EQ(game.flow().screenFrames(), 100) << "the flow took every step";
    EXPECT_EQ(run.drawer.draws, 1) << "only the last frame: the screenshot";
    EXPECT_EQ(run.drawer.stepsAtDraw, 100u) << "drawn after the last step";
    EXPECT_EQ(run.drawer.lastAlpha, 1.0) << "the latest step, not an interpolation";
    EXPECT_FALSE(run.runner.frame()) << "over is over";
    EXPECT_EQ(run.stepper.stepsRun(), 100u);
}

TEST(HeadlessRunner, StartUpAppliesTheOptionsTheRunStartsWithAndSavesNothing) {
    FlowSettings settings;
    settings.options.fullscreen = true;
    settings.options.vsync = false;
    settings.options.masterVolume = 0.25f;
    settings.options.mute = true;
    settings.options.keys[static_cast<size_t>(Action::Fire)] = {{SDL_SCANCODE_K}};
    FlowGame game(settings);
    HeadlessRun run(game, std::nullopt); // the window, the action map and the audio built plain
    EXPECT_TRUE(run.window.state.fullscreen) << "the window made fullscreen";
    EXPECT_FALSE(run.window.state.vsync) << "and vsync turned off";
    EXPECT_TRUE(game.flow().display().fullscreen) << "the options screen told what was granted";
    EXPECT_FALSE(game.flow().display().vsync);
    ASSERT_TRUE(game.applied.has_value()) << "the audio given the volumes";
    EXPECT_FLOAT_EQ(game.applied->master, 0.25f);
    EXPECT_TRUE(game.applied->mute);
    EXPECT_TRUE(vox::test::tapKey(run.actions, SDL_SCANCODE_K).pressed(Action::Fire)) << "the keys bound";
    EXPECT_FALSE(vox::test::tapKey(run.actions, SDL_SCANCODE_SPACE).pressed(Action::Fire));
    EXPECT_EQ(game.saves, 0) << "the file already holds them";
    EXPECT_EQ(game.flow().optionsNote(), "");
}

TEST(HeadlessRunner, ClosingEndsTheRunWithoutAPicture) {
    FlowGame game({});
    HeadlessRun run(game, std::nullopt);
    for (int i = 0; i < 10; ++i)
        ASSERT_TRUE(run.runner.frame());
    SDL_Event quit{};
    quit.type = SDL_QUIT;
    run.runner.handleEvent(quit);
    EXPECT_FALSE(run.runner.frame());
    EXPECT_EQ(run.stepper.stepsRun(), 10u);
    EXPECT_EQ(run.drawer.draws, 0);
}

TEST(HeadlessRunner, AReplayRunsToItsEndThenTheRunStops) {
    FlowSettings settings;
    settings.replay = Replay{};
    settings.replay->inputs = {0, 1, 1, 2, 4, 0, 0};
    FlowGame game(settings);
    HeadlessRun run(game, std::nullopt);
    EXPECT_EQ(run.runToEnd(), 7);
    EXPECT_TRUE(game.flow().finished());
    EXPECT_EQ(run.stepper.stepsRun(), 7u);
    EXPECT_EQ(run.drawer.draws, 1);
}

TEST(HeadlessRunner, F11IsAppliedToTheWindowSavedAndShownOnce) {
    FlowGame game({});
    HeadlessRun run(game, std::nullopt);
    ASSERT_TRUE(run.runner.frame());
    EXPECT_EQ(game.saves, 0) << "nothing changed yet";
    run.runner.handleEvent(vox::test::keyEvent(SDL_KEYDOWN, SDL_SCANCODE_F11));
    ASSERT_TRUE(run.runner.frame());
    run.runner.handleEvent(vox::test::keyEvent(SDL_KEYUP, SDL_SCANCODE_F11));
    ASSERT_TRUE(run.runner.frame());
    EXPECT_TRUE(game.flow().options().fullscreen);
    EXPECT_TRUE(run.window.state.fullscreen) << "applied to the window";
    EXPECT_TRUE(game.flow().display().fullscreen) << "and the options screen told";
    ASSERT_EQ(game.saves, 1);
    EXPECT_TRUE(game.saved->fullscreen) << "and saved";

    run.window.refuseFullscreen = true;
    run.runner.handleEvent(vox::test::keyEvent(SDL_KEYDOWN, SDL_SCANCODE_F11));
    ASSERT_TRUE(run.runner.frame());
    EXPECT_FALSE(game.flow().options().fullscreen);
    EXPECT_EQ(game.flow().optionsNote(), "FULLSCREEN REFUSED BY THE WINDOW SYSTEM");
    EXPECT_EQ(game.saves, 2) << "what the player asked for is saved even so";
}

TEST(HeadlessRunner, F11InAGameIsAppliedAndSaved) {
    FlowGame game({});
    HeadlessRun run(game, std::nullopt);
    run.tap(SDL_SCANCODE_RETURN);
    ASSERT_EQ(game.flow().screen(), Screen::Playing);
    run.tap(SDL_SCANCODE_F11);
    EXPECT_TRUE(game.flow().options().fullscreen);
    EXPECT_TRUE(run.window.state.fullscreen);
    EXPECT_EQ(game.saves, 1);
    run.tap(SDL_SCANCODE_F11);
    EXPECT_EQ(game.flow().screen(), Screen::Playing) << "the game goes on";
    EXPECT_FALSE(run.window.state.fullscreen) << "and back to a window";
    EXPECT_EQ(game.saves, 2);
}

TEST(HeadlessRunner, F11IsOnlyTheKeyChosenWhileTheControlsScreenListens) {
    FlowGame game({});
    HeadlessRun run(game, std::nullopt);
    run.tap(SDL_SCANCODE_ESCAPE);
    ASSERT_EQ(game.flow().screen(), Screen::Options);
    for (int rows = 0; game.flow().selectedItem() != "CONTROLS"; ++rows) {
        ASSERT_LT(rows, 20) << "CONTROLS not found";
        run.tap(SDL_SCANCODE_DOWN);
    }
    run.tap(SDL_SCANCODE_RETURN);
    ASSERT_EQ(game.flow().screen(), Screen::Controls);
    run.tap(SDL_SCANCODE_RETURN); // the first row: MOVE LEFT
    ASSERT_TRUE(game.flow().listeningForKey());
    run.tap(SDL_SCANCODE_F11);
    EXPECT_FALSE(game.flow().listeningForKey());
    EXPECT_FALSE(game.flow().options().fullscreen) << "not a command here";
    EXPECT_FALSE(run.window.state.fullscreen);
    EXPECT_EQ(game.flow().options().keys[static_cast<size_t>(Action::Left)],
              std::vector<vox::KeyBinding>{{SDL_SCANCODE_F11}});
    EXPECT_TRUE(vox::test::tapKey(run.actions, SDL_SCANCODE_F11).pressed(Action::Left)) << "bound live";
    EXPECT_EQ(game.saves, 1) << "the binding saved";
}

TEST(HeadlessRunner, VolumesChangedOnTheOptionsScreenReachTheAudio) {
    FlowGame game({});
    HeadlessRun run(game, std::nullopt);
    run.tap(SDL_SCANCODE_ESCAPE);
    ASSERT_EQ(game.flow().screen(), Screen::Options);
    ASSERT_EQ(game.flow().selectedItem(), "MASTER VOLUME");
    run.tap(SDL_SCANCODE_LEFT);
    ASSERT_TRUE(game.applied.has_value());
    EXPECT_FLOAT_EQ(game.applied->master, game.flow().options().masterVolume);
    EXPECT_FLOAT_EQ(game.applied->master, Settings{}.masterVolume - kVolumeStep);
    EXPECT_EQ(game.saves, 1);
}

} // namespace
} // namespace invaders
