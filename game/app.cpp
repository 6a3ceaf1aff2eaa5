#include "app.h"

#include "actions.h"
#include "audio/wav_writer.h"
#include "data_search.h"
#include "debug/debug_overlay.h"
#include "demo_scene.h"
#include "model_view_scene.h"
#include "persist/save_files.h"
#include "run_commands.h"
#include "runner/frame_pacing.h"
#include "runner/frame_renderer.h"
#include "runner/runner.h"
#include "scene/game_scene.h"
#include "sim/asset_loader.h"
#include "sim/replay.h"
#include "soak_report.h"
#include "touch_input.h"

#include "vox/platform/action_map.h"
#include "vox/platform/data_directory.h"
#include "vox/platform/main_loop.h"
#include "vox/platform/window.h"
#include "vox/render/software_rasterizer.h"

#include "vox/platform/gl.h"
#include <SDL.h>

#include <cinttypes>
#include <cstdio>
#include <memory>
#include <optional>
#include <string>

namespace invaders {
namespace {

constexpr uint64_t kDefaultSeed = 1;

int fail(const std::string& message) {
    std::fprintf(stderr, "voxel-invaders: %s\n", message.c_str());
    return 1;
}

// What the player keeps between sessions (settings and high scores), read from the user data folder.
// A problem is a warning, never the end of the game. Headless runs (tests, recordings) neither read nor
// write them, so they do not depend on the machine they run on.
struct SavedState {
    Settings settings;
    HighScoreTable highScores;
    SaveFilePaths files; ///< Where to save changes; none: don't.
};

SavedState loadSavedState(bool headless) {
    SavedState saved;
    if (headless)
        return saved;
    vox::Result<std::filesystem::path> data = userDataDirectory();
    if (!data) {
        std::fprintf(stderr, "voxel-invaders: warning: %s; high scores will not be saved\n",
                     data.error().message.c_str());
        return saved;
    }
    Loaded<Settings> settings = loadSettings(settingsPath(data.value()));
    Loaded<HighScoreTable> scores = loadHighScores(highScoresPath(data.value()));
    for (const std::string& warning : settings.warnings)
        std::fprintf(stderr, "voxel-invaders: warning: %s\n", warning.c_str());
    for (const std::string& warning : scores.warnings)
        std::fprintf(stderr, "voxel-invaders: warning: %s\n", warning.c_str());
    saved.settings = std::move(settings.value);
    saved.highScores = std::move(scores.value);
    saved.files = {settingsPath(data.value()), highScoresPath(data.value())};
    return saved;
}

// The end-of-run duties of the game: --record, --print-state-hash, and checking a --replay's outcome.
int finishGame(const GameScene& game, const Options& options, const GameAssets& assets) {
    const GameFlow& flow = game.flow();
    int status = 0;
    if (options.record) {
        if (std::optional<Replay> recording = flow.session().recording()) {
            if (vox::Status written = writeReplayFile(*options.record, *recording); !written)
                status = fail(written.error().message);
        } else {
            status = fail("--record " + options.record->string() +
                          ": no game was played, so there is nothing to record");
        }
    }
    if (options.printShareCode) { // run_commands.h
        if (std::optional<Replay> recording = flow.session().recording())
            std::printf("%s\n", shareCodeLine(*recording).c_str());
        else
            status = fail("--print-share-code: no game was played, so there is no run to share");
    }
    if (options.printStateHash) {
        // With no session yet (the title), the state is that of a game about to start.
        const Simulation* simulation = flow.simulation();
        const uint64_t hash =
            simulation ? simulation->stateHash()
                       : Simulation(SimSettings{options.seed.value_or(kDefaultSeed)}, assets).stateHash();
        std::printf("state-hash: %016" PRIx64 "\n", hash);
        std::fflush(stdout);
    }
    if ((options.replay || options.replayCode) && flow.finished() && !flow.session().replayMatched()) {
        const std::optional<RunDeparture>& departure = flow.session().replayDeparture();
        status = fail(replayFlagText(options) + ": the playback " +
                      (departure ? departure->message + " from the recording: it reached a different state"
                                 : std::string("ended on a different state than was recorded")) +
                      " (the file is damaged, or the rules changed without a new simulation version)");
    }
    return status;
}

// The window as the runner sees it: the display options and what was granted, its size and events.
class WindowDisplay final : public WindowControls {
public:
    explicit WindowDisplay(vox::Window& window)
        : m_window(window), m_softwareRenderer(vox::isSoftwareRasterizer(vox::glRendererName())) {}
    vox::Status setFullscreen(bool fullscreen) override { return m_window.setFullscreen(fullscreen); }
    vox::Status setVsync(bool vsync) override { return m_window.setVsync(vsync); }
    [[nodiscard]] DisplayState display() const override {
        return {m_window.hasVsync(), m_window.isFullscreen(), m_softwareRenderer};
    }
    void handleEvent(const SDL_Event& event) override { m_window.handleEvent(event); }
    [[nodiscard]] vox::PixelSize drawableSize() const override { return m_window.drawableSize(); }

private:
    vox::Window& m_window;
    bool m_softwareRenderer = false; // GL_RENDERER is a CPU rasteriser: AUTO quality is LOW
};

// The scene a run shows: the model viewer (--view), or the game on the shipped assets.
struct BuiltScene {
    std::unique_ptr<DemoScene> scene;
    GameScene* game = nullptr; // `scene` when it is the game
};

// One run: the window, the scene and the overlay, the renderer and the runner. The members are borrowed by
// those declared after them.
class Game {
public:
    // `startWith`: the options the run starts with (the flow holds the game's; --view's are these).
    Game(const Options& options, vox::Window window, BuiltScene scene, const Settings& startWith,
         const std::filesystem::path& shaders)
        : m_options(options), m_window(std::move(window)),
          m_mode(m_window.isHeadless() ? RunMode::Headless : RunMode::Windowed),
          m_scene(std::move(scene.scene)), m_game(scene.game), m_display(m_window) {
        // Without the overlay the game still runs; say why and go on.
        if (auto overlay = DebugOverlay::create(shaders, m_window, options.debugOverlay))
            m_overlay = std::move(overlay).value();
        else
            std::fprintf(stderr, "voxel-invaders: warning: no debug overlay: %s\n",
                         overlay.error().message.c_str());
        FrameRendererSettings drawing;
        drawing.mode = m_mode;
        drawing.size = {options.width, options.height};
        drawing.screenshot = options.screenshot.has_value();
        drawing.frameRateText = options.fps;
        m_renderer.emplace(m_window, *m_scene, m_game, m_overlay.get(), drawing);
        const RunnerSettings run{m_mode, stepLimit(options, m_mode == RunMode::Headless), startWith};
        m_runner.emplace(*m_scene, m_game, m_actions, m_display, *m_renderer, run);
        m_runner->setOverlay(m_overlay.get());
        if (m_game) {
            m_runner->setTouchInput(&m_touch, static_cast<double>(options.width) / options.height);
            m_game->setTouchInput(&m_touch);
        }
        if (m_soak)
            m_runner->setSoak(&*m_soak);
    }

    // Whether frames wait for the display (a window) or run back to back (headless).
    [[nodiscard]] vox::LoopPacing pacing() const { return loopPacing(m_mode); }

    // One frame: events, the steps due, a picture. False when the run is over (then call finish()).
    bool frame() {
        SDL_Event event;
        while (SDL_PollEvent(&event))
            m_runner->handleEvent(event);
        return m_runner->frame();
    }

    // The end of the run: the screenshot, the saved recording, the state hash; the exit status.
    int finish() {
        if (m_options.fps && m_mode == RunMode::Windowed) {
            std::printf("%s\n", m_renderer->frameLog().summary().c_str());
            std::fflush(stdout);
        }
        if (m_runner->drawFailure())
            return fail(*m_runner->drawFailure());
        if (m_runner->soakFailure())
            return fail(*m_runner->soakFailure());
        if (m_options.screenshot) {
            if (vox::Status status = m_renderer->writeScreenshot(*m_options.screenshot); !status)
                return fail(status.error().message);
        }
        return m_game ? finishGame(*m_game, m_options, m_game->assets()) : 0;
    }

private:
    const Options& m_options;
    vox::Window m_window;
    RunMode m_mode;
    // Declared after the window so the GL objects below are destroyed while its context still exists.
    std::unique_ptr<DemoScene> m_scene;
    GameScene* m_game = nullptr;                   // m_scene when it is the game
    std::unique_ptr<DebugOverlay> m_overlay;       // none when it could not be built
    vox::ActionMap m_actions = defaultActionMap(); // the player's keys: the runner's first options update
    WindowDisplay m_display;
    TouchInput m_touch; // fingers: the on-screen controls (touch_input.h)
    std::optional<SoakReport> m_soak = SoakReport::fromEnvironment();
    std::optional<FrameRenderer> m_renderer;
    std::optional<Runner> m_runner;
};

// The options a run starts with: the saved ones, with --quality. Headless runs draw HIGH unless told, so
// their pictures (golden images, screenshots) are the same on a GPU and on a software rasteriser.
Settings startOptions(Settings saved, const Options& options, bool headless) {
    if (options.quality)
        saved.quality = *options.quality;
    else if (headless)
        saved.quality = Quality::High;
    return saved;
}

vox::Result<vox::Window> openWindow(const Options& options) {
    vox::Result<vox::WindowSettings> settings = windowSettings(options);
    if (!settings)
        return settings.error();
    return vox::Window::create(settings.value());
}

// The game's sound: rendered in step with the simulation into `audioFile` (--audio-out, opened here so a
// bad path fails at once), played on the device, or none headless. At the default volumes: the runner's
// first options update sets the player's.
vox::Result<AudioSystem> openAudio(const Options& options, std::optional<WavWriter>& audioFile) {
    if (options.audioOut) {
        vox::Result<WavWriter> file = WavWriter::create(*options.audioOut, kOfflineSampleRate);
        if (!file)
            return vox::Error{"--audio-out: " + file.error().message};
        audioFile = std::move(file).value();
        OfflineOutput output;
        output.samples = [&audioFile](std::span<const float> samples) { audioFile->append(samples); };
        return AudioSystem::offline(std::move(output));
    }
    if (options.headless)
        return AudioSystem::silent();
    return AudioSystem::openOrSilent({}, [](std::string_view why) {
        std::fprintf(stderr, "voxel-invaders: warning: %.*s\n", static_cast<int>(why.size()), why.data());
    });
}

vox::Result<BuiltScene> makeGame(const Options& options, const std::filesystem::path& shaders,
                                 const Settings& startWith, SavedState saved,
                                 std::optional<WavWriter>& audioFile) {
    vox::Result<std::filesystem::path> assetDirectory =
        vox::findDataDirectory(gameDataSearch("assets", "VOX_ASSET_DIR"));
    if (!assetDirectory)
        return assetDirectory.error();
    vox::Result<GameAssets> assets = loadGameAssets(assetDirectory.value());
    if (!assets)
        return assets.error();
    FlowSettings flow;
    flow.seed = options.seed.value_or(kDefaultSeed);
    flow.demo = options.demo;
    flow.record = options.record.has_value() || options.printShareCode;
    flow.options = startWith;
    if (std::optional<vox::Result<Replay>> replay = replayFromOptions(options)) { // FILE or CODE
        if (!replay->ok())
            return replay->error();
        flow.replay = std::move(*replay).value();
    }
    vox::Result<AudioSystem> audio = openAudio(options, audioFile);
    if (!audio)
        return audio.error();
    auto created = GameScene::create(shaders, assets.value(), flow, std::move(saved.highScores),
                                     std::move(saved.files), std::move(audio).value());
    if (!created)
        return created.error();
    GameScene* game = created.value().get();
    return BuiltScene{std::move(created).value(), game};
}

vox::Result<BuiltScene> makeScene(const Options& options, const std::filesystem::path& shaders,
                                  const Settings& startWith, SavedState saved,
                                  std::optional<WavWriter>& audioFile) {
    if (!options.view)
        return makeGame(options, shaders, startWith, std::move(saved), audioFile);
    auto view = ModelViewScene::create(shaders, *options.view, options.viewFrame);
    if (!view)
        return view.error();
    return BuiltScene{std::move(view).value()};
}

} // namespace

vox::Result<vox::WindowSettings> windowSettings(const Options& options) {
    vox::WindowSettings settings;
    settings.title = "voxel-invaders";
    settings.width = options.width;
    settings.height = options.height;
    settings.headless = options.headless;
    // Plain: the saved fullscreen and vsync are the runner's first `OptionsApplier` update's to apply, as any
    // later change is. A window that set vsync itself would say a second time that the driver refused it.
    settings.vsync = std::nullopt;
    settings.depthBuffer = false; // the renderer keeps its own; see WindowSettings::depthBuffer
    vox::Result<vox::GlDialect> dialect = vox::glDialectFromEnvironment(); // VOX_GL=es: the browser's GL
    if (!dialect)
        return dialect.error();
    settings.dialect = dialect.value();
    return settings;
}

int runGame(const Options& options) {
    vox::Result<std::filesystem::path> shaders =
        vox::findDataDirectory(gameDataSearch("shaders", "VOX_SHADER_DIR"));
    if (!shaders)
        return fail(shaders.error().message);
    SavedState saved = loadSavedState(options.headless || options.view.has_value());
    vox::Result<vox::Window> window = openWindow(options);
    if (!window)
        return fail(window.error().message);
    const Settings startWith = startOptions(saved.settings, options, window.value().isHeadless());
    // --audio-out's file outlives the scene, whose audio writes to it.
    std::optional<WavWriter> audioFile;
    vox::Result<BuiltScene> scene =
        makeScene(options, shaders.value(), startWith, std::move(saved), audioFile);
    if (!scene)
        return fail(scene.error().message);
    Game loop(options, std::move(window).value(), std::move(scene).value(), startWith, shaders.value());
    // In a browser the frames are the page's to call, and this function does not return (main_loop.h).
    return vox::runMainLoop([&loop] { return loop.frame(); },
                            [&loop, &audioFile] {
                                int status = loop.finish();
                                if (audioFile) {
                                    if (vox::Status written = audioFile->finish(); !written)
                                        status = fail("--audio-out: " + written.error().message);
                                }
                                return status;
                            },
                            loop.pacing());
}

} // namespace invaders
