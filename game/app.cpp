#include "app.h"

#include "actions.h"
#include "asset_loader.h"
#include "audio/wav_writer.h"
#include "debug/debug_overlay.h"
#include "debug/frame_rate.h"
#include "demo_scene.h"
#include "model_view_scene.h"
#include "persist/key_rebinding.h"
#include "persist/save_files.h"
#include "run_commands.h"
#include "scene/game_scene.h"
#include "sim/replay.h"
#include "soak_report.h"

#include "vox/platform/action_map.h"
#include "vox/platform/data_directory.h"
#include "vox/platform/fixed_step_clock.h"
#include "vox/platform/gamepads.h"
#include "vox/platform/main_loop.h"
#include "vox/platform/viewport.h"
#include "vox/platform/window.h"
#include "vox/render/render_target.h"
#include "vox/render/software_rasterizer.h"

#include "vox/platform/gl.h"
#include <SDL.h>

#include <cinttypes>
#include <cstdio>
#include <memory>
#include <optional>
#include <string>

#if !defined(VOX_INSTALL_DATA_DIR) || !defined(VOX_INSTALL_DATA_RELATIVE_DIR)
#error                                                                                                       \
    "VOX_INSTALL_DATA_DIR and VOX_INSTALL_DATA_RELATIVE_DIR must be defined by the build (game/CMakeLists.txt)"
#endif

namespace invaders {
namespace {

constexpr uint64_t kDefaultSeed = 1;

int fail(const std::string& message) {
    std::fprintf(stderr, "voxel-invaders: %s\n", message.c_str());
    return 1;
}

// Where shaders/ and assets/ may be, most specific first: next to the executable (a copied build), the
// data folder relative to it (a relocated install: ../share/voxel-invaders, or ../share/games/voxel-invaders
// from /usr/games), the source tree (a build tree; left out of packaged builds, VOX_SOURCE_DIR undefined),
// and the configured install prefix.
vox::DataSearch dataSearch(const std::string& name, const std::string& directoryVariable) {
    vox::DataSearch search{name, directoryVariable, "VOX_DATA_DIR", {}};
    if (std::optional<std::filesystem::path> executable = vox::executableDirectory()) {
        search.roots.push_back({*executable, "next to the executable"});
        search.roots.push_back({*executable / VOX_INSTALL_DATA_RELATIVE_DIR, "relative install prefix"});
    }
#ifdef VOX_SOURCE_DIR
    search.roots.push_back({VOX_SOURCE_DIR, "source tree"});
#endif
    search.roots.push_back({VOX_INSTALL_DATA_DIR, "install prefix"});
    return search;
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

// The default bindings with the keys the player rebound.
vox::ActionMap actionMapFor(const Settings& settings) {
    vox::ActionMap actions = defaultActionMap();
    applyKeyBindings(settings.keys, actions);
    return actions;
}

void warn(const vox::Status& status) {
    if (!status)
        std::fprintf(stderr, "voxel-invaders: warning: %s\n", status.error().message.c_str());
}

// The end-of-run duties of the game: --record, --print-state-hash, and checking a --replay's outcome.
int finishGame(const GameScene& game, const Options& options, const GameAssets& assets) {
    const GameFlow& flow = game.flow();
    int status = 0;
    if (options.record) {
        if (std::optional<Replay> recording = flow.recording()) {
            if (vox::Status written = writeReplayFile(*options.record, *recording); !written)
                status = fail(written.error().message);
        } else {
            status = fail("--record " + options.record->string() +
                          ": no game was played, so there is nothing to record");
        }
    }
    if (options.printShareCode) { // run_commands.h
        if (std::optional<Replay> recording = flow.recording())
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
    if ((options.replay || options.replayCode) && flow.finished() && !flow.replayMatched())
        status = fail(replayFlagText(options) +
                      ": the playback ended on a different state than was recorded (the file is damaged, or "
                      "the rules changed without a new simulation version)");
    return status;
}

class Game {
public:
    // `applied`: the settings the window and `actions` were made with.
    Game(const Options& options, vox::Window window, std::unique_ptr<DemoScene> scene, vox::ActionMap actions,
         const Settings& applied, GameScene* game, const std::filesystem::path& shaders)
        : m_options(options), m_window(std::move(window)), m_scene(std::move(scene)), m_game(game),
          m_actions(std::move(actions)), m_applied(applied),
          // Headless runs take one step per frame; a window paces its steps (see fixed_step_clock.h).
          m_clock(m_window.isHeadless() ? vox::FixedStepSettings{} : vox::pacedFixedStepSettings()),
          m_softwareRenderer(vox::isSoftwareRasterizer(vox::glRendererName())) {
        // Without the overlay the game still runs; say why and go on.
        if (auto overlay = DebugOverlay::create(shaders, m_window, options.debugOverlay))
            m_overlay = std::move(overlay).value();
        else
            std::fprintf(stderr, "voxel-invaders: warning: no debug overlay: %s\n",
                         overlay.error().message.c_str());
        if (!m_window.isHeadless()) {
            // Without controllers the keyboard still works; say why and go on.
            if (auto gamepads = vox::Gamepads::create())
                m_gamepads = std::move(gamepads).value();
            else
                std::fprintf(stderr, "voxel-invaders: note: %s\n", gamepads.error().message.c_str());
        }
        reportDisplay();
    }

    // Whether frames wait for the display (a window) or run back to back (headless).
    [[nodiscard]] vox::LoopPacing pacing() const {
        return m_window.isHeadless() ? vox::LoopPacing::AsFastAsCan : vox::LoopPacing::Display;
    }

    // One frame: events, the steps due, a picture. False when the run is over (then call finish()).
    bool frame() {
        pollEvents();
        if (!m_running)
            return false;
        // Headless runs have no real time to keep up with: exactly one step per frame, as fast as
        // possible, and frames show the latest step (no interpolation).
        const uint64_t now = SDL_GetPerformanceCounter();
        const double elapsed = m_window.isHeadless() ? m_clock.settings().stepSeconds
                                                     : static_cast<double>(now - m_lastTicks) /
                                                           static_cast<double>(SDL_GetPerformanceFrequency());
        m_lastTicks = now;
        const vox::FrameSteps steps = m_clock.advance(elapsed);
        for (int i = 0; i < steps.steps && m_running; ++i)
            step();
        // The soak's last figures come before the last frame, whose one-off GL memory is not the game's.
        if (m_soak && !m_running && !m_soakFailure)
            m_soak->finish(m_stepsRun);
        // Headless runs draw only their last frame (the screenshot): software GL is slow.
        if (m_window.isHeadless() && m_running)
            return true;
        if (vox::Status status = renderFrame(m_window.isHeadless() ? 1.0 : steps.alpha); !status) {
            m_renderFailure = status.error().message;
            return false;
        }
        if (!m_window.hasVsync() && !m_window.isHeadless())
            SDL_Delay(1); // no vsync: don't spin a core at thousands of frames per second
        return m_running;
    }

    // The end of the run: the screenshot, the saved recording, the state hash; the exit status.
    int finish() {
        if (m_options.fps && !m_window.isHeadless()) {
            std::printf("%s\n", m_frameLog.summary().c_str());
            std::fflush(stdout);
        }
        if (m_renderFailure)
            return fail(*m_renderFailure);
        if (m_soakFailure)
            return fail(*m_soakFailure);
        if (m_options.screenshot) {
            if (!m_target.framebuffer().name())
                return fail("no frame was rendered, so there is no screenshot to write");
            if (vox::Status status = vox::writePng(m_target.readImage(), *m_options.screenshot); !status)
                return fail(status.error().message);
        }
        return m_game ? finishGame(*m_game, m_options, m_game->assets()) : 0;
    }

private:
    void pollEvents() {
        SDL_Event event;
        while (SDL_PollEvent(&event)) {
            m_window.handleEvent(event); // the size renderFrame letterboxes into
            if (m_gamepads)
                m_gamepads->handleEvent(event);
            if (m_overlay && m_overlay->handleEvent(event))
                continue; // a click or a drag on the panel, not for the game
            m_actions.handleEvent(event);
            // The controls screen needs the key itself, not what it is bound to.
            if (m_game && event.type == SDL_KEYDOWN && event.key.repeat == 0)
                m_game->keyPressed(event.key.keysym.scancode);
            if (m_game && event.type == SDL_CONTROLLERBUTTONDOWN)
                m_game->buttonPressed();
            if (event.type == SDL_QUIT) // window closed or Ctrl+C (SDL turns SIGINT into SDL_QUIT)
                m_running = false;
        }
    }

    void step() {
        const vox::ActionState input = m_actions.takeStep();
        if (input.pressed(Action::Quit))
            m_running = false;
        // While the controls screen listens, F11 or F3 may be the key being chosen, not a command.
        const bool listening = m_game && m_game->flow().listeningForKey();
        if (input.pressed(Action::ToggleFullscreen) && !m_game)
            m_window.toggleFullscreen(); // the game's flow turns F11 into its fullscreen option instead
        if (m_overlay) {
            if (!listening)
                m_overlay->state().applyInput(input);
            if (!m_overlay->state().takeStep())
                return; // held by the overlay's pause
        }
        m_scene->step(input);
        if (m_overlay)
            m_overlay->recordStep(m_scene->debugView());
        if (m_game && m_game->flow().finished())
            m_running = false;
        if (m_game)
            applyOptions(m_game->flow().options());
        ++m_stepsRun;
        if (m_soak && m_game) {
            if (vox::Status checked = m_soak->afterStep(m_stepsRun, m_game->flow().simulation()); !checked) {
                m_soakFailure = checked.error().message;
                m_running = false;
            }
        }
        const std::optional<int64_t> limit = stepLimit(m_options, m_window.isHeadless());
        if (limit && m_stepsRun >= static_cast<uint64_t>(*limit))
            m_running = false;
    }

    // Applies what changed in the options screen (or by F11) now: keys to the live action map, fullscreen
    // and vsync to the window. A refusal is a warning and a note on the options screen; the game goes on.
    void applyOptions(const Settings& options) {
        if (options == m_applied)
            return;
        if (options.keys != m_applied.keys)
            applyKeyBindings(options.keys, m_actions);
        if (options.fullscreen != m_applied.fullscreen) {
            const vox::Status status = m_window.setFullscreen(options.fullscreen);
            warn(status);
            m_game->setOptionsNote(status ? "" : "FULLSCREEN REFUSED BY THE WINDOW SYSTEM");
        }
        if (options.vsync != m_applied.vsync) {
            const vox::Status status = m_window.setVsync(options.vsync);
            warn(status);
            m_game->setOptionsNote(status ? "" : "VSYNC REFUSED BY THE GRAPHICS DRIVER");
        }
        m_applied = options;
        reportDisplay();
    }

    // Tells the options screen what the window really does (a driver may refuse vsync or fullscreen).
    void reportDisplay() {
        if (m_game)
            m_game->setDisplay({m_window.hasVsync(), m_window.isFullscreen(), m_softwareRenderer});
    }

    // Draws the frame at the aspect-correct viewport of the window (headless: exactly --size). When that
    // viewport is the whole window, the frame is drawn straight into the window's back buffer; otherwise
    // (letterboxed, headless, or a windowed --screenshot, which reads the frame back) into a render target
    // that is then copied into the window. On a software rasteriser that copy is a full-screen pass the
    // frame must wait for: at 1280 x 720 on llvmpipe, ~48 fps through the target, ~65 fps straight.
    vox::Status renderFrame(double alpha) {
        const vox::PixelSize drawable = m_window.drawableSize();
        const double aspect = static_cast<double>(m_options.width) / m_options.height;
        const vox::Viewport viewport = vox::letterboxViewport(drawable.width, drawable.height, aspect);
        if (viewport.width == 0) {
            SDL_Delay(10); // minimised: nothing to draw
            m_frameRate.clear();
            m_lastPresent.reset(); // the time minimised is no frame
            return {};
        }
        const int width = m_window.isHeadless() ? m_options.width : viewport.width;
        const int height = m_window.isHeadless() ? m_options.height : viewport.height;
        const bool straightToWindow = !m_window.isHeadless() && !m_options.screenshot &&
                                      width == drawable.width && height == drawable.height;
        if (straightToWindow) {
            m_target = {}; // a letterboxed frame may have made one
        } else if (m_target.width() != width || m_target.height() != height) {
            auto target = vox::RenderTarget::create(width, height);
            if (!target)
                return target.error();
            m_target = std::move(target).value();
        }
        // Headless runs draw one frame and nothing to measure it against: "-" figures, the same screenshot
        // on every machine.
        const FrameRate* frameRate = m_window.isHeadless() ? nullptr : &m_frameRate;
        static const FrameRate kNotMeasured;
        if (m_game && m_options.fps)
            m_game->setFrameRateText(frameRateText(frameRate ? *frameRate : kNotMeasured));
        if (straightToWindow)
            m_window.bindBackBuffer();
        else
            m_target.bind();
        m_scene->render(width, height, alpha);
        if (m_overlay) {
            // Window mouse coordinates to target pixels: through the drawable's scale and the letterbox.
            int windowWidth = 0, windowHeight = 0;
            SDL_GetWindowSize(m_window.sdlWindow(), &windowWidth, &windowHeight);
            vox::ImGuiFrameSettings mouse;
            if (!m_window.isHeadless() && windowWidth > 0 && windowHeight > 0) {
                const glm::vec2 toDrawable(
                    static_cast<float>(drawable.width) / static_cast<float>(windowWidth),
                    static_cast<float>(drawable.height) / static_cast<float>(windowHeight));
                const glm::vec2 toTarget(static_cast<float>(width) / static_cast<float>(viewport.width),
                                         static_cast<float>(height) / static_cast<float>(viewport.height));
                // The viewport's y counts from the bottom; ImGui's from the top.
                const float top = static_cast<float>(drawable.height - viewport.y - viewport.height);
                mouse.mouseScale = toDrawable * toTarget;
                mouse.mouseOffset = -glm::vec2(static_cast<float>(viewport.x), top) * toTarget;
            } else {
                mouse.deltaSeconds = 1.0f / 60.0f; // reproducible screenshots
            }
            m_overlay->render(m_scene->debugView(), width, height, mouse, frameRate);
        }

        if (!straightToWindow)
            m_target.presentLetterboxed(viewport);
        m_window.swapBuffers();
        measureFrame();
        return {};
    }

    // The whole frame's wall time, from one present to the next: the scene, the overlay, the driver's
    // rasterisation and any wait in swapBuffers (vsync, a software driver finishing the frame) included.
    void measureFrame() {
        const uint64_t now = SDL_GetPerformanceCounter();
        if (m_lastPresent) {
            const double milliseconds = static_cast<double>(now - *m_lastPresent) * 1000.0 /
                                        static_cast<double>(SDL_GetPerformanceFrequency());
            m_frameRate.push(milliseconds);
            m_frameLog.push(milliseconds);
        }
        m_lastPresent = now;
    }

    const Options& m_options;
    vox::Window m_window;
    // Declared after the window so the GL objects below are destroyed while its context still exists.
    std::unique_ptr<DemoScene> m_scene;
    GameScene* m_game = nullptr; // m_scene when it is the game
    vox::RenderTarget m_target;
    std::optional<vox::Gamepads> m_gamepads;
    std::unique_ptr<DebugOverlay> m_overlay; // none when it could not be built
    FrameRate m_frameRate;                   // the latest frames' wall times (overlay, --fps)
    FrameTimeLog m_frameLog;                 // every frame's, for --fps's summary at the end
    std::optional<uint64_t> m_lastPresent;   // performance counter at the latest present
    vox::ActionMap m_actions;
    Settings m_applied; // what the window and m_actions currently follow
    vox::FixedStepClock m_clock;
    bool m_softwareRenderer = false; // GL_RENDERER is a CPU rasteriser: AUTO quality is LOW
    uint64_t m_stepsRun = 0;
    std::optional<SoakReport> m_soak = SoakReport::fromEnvironment();
    std::optional<std::string> m_soakFailure;
    std::optional<std::string> m_renderFailure;
    uint64_t m_lastTicks = SDL_GetPerformanceCounter(); // performance counter at the previous frame
    bool m_running = true;
};

} // namespace

int runGame(const Options& options) {
    vox::Result<std::filesystem::path> shaders =
        vox::findDataDirectory(dataSearch("shaders", "VOX_SHADER_DIR"));
    if (!shaders)
        return fail(shaders.error().message);

    SavedState saved = loadSavedState(options.headless || options.view.has_value());
    // --audio-out: the sound is rendered in step with the simulation into this file instead of played.
    // Opened before the run, so a bad path fails at once; it outlives the scene, whose audio writes to it.
    std::optional<WavWriter> audioFile;
    vox::WindowSettings settings;
    settings.title = "voxel-invaders";
    settings.width = options.width;
    settings.height = options.height;
    settings.headless = options.headless;
    settings.vsync = saved.settings.vsync;
    settings.depthBuffer = false; // the renderer keeps its own; see WindowSettings::depthBuffer
    vox::Result<vox::GlDialect> dialect = vox::glDialectFromEnvironment(); // VOX_GL=es: the browser's GL
    if (!dialect)
        return fail(dialect.error().message);
    settings.dialect = dialect.value();
    vox::Result<vox::Window> window = vox::Window::create(settings);
    if (!window)
        return fail(window.error().message);
    if (saved.settings.fullscreen)
        warn(window.value().setFullscreen(true));
    // --quality sets the option; headless runs draw HIGH unless told, so their pictures (golden images,
    // screenshots) are the same on a GPU and on a software rasteriser.
    if (options.quality)
        saved.settings.quality = *options.quality;
    else if (window.value().isHeadless())
        saved.settings.quality = Quality::High;

    std::unique_ptr<DemoScene> scene;
    GameScene* game = nullptr;
    const Settings applied = saved.settings;
    vox::ActionMap actions = actionMapFor(applied);
    if (options.view) {
        auto view = ModelViewScene::create(shaders.value(), *options.view, options.viewFrame);
        if (!view)
            return fail(view.error().message);
        scene = std::move(view).value();
    } else {
        vox::Result<std::filesystem::path> assetDirectory =
            vox::findDataDirectory(dataSearch("assets", "VOX_ASSET_DIR"));
        if (!assetDirectory)
            return fail(assetDirectory.error().message);
        vox::Result<GameAssets> assets = loadGameAssets(assetDirectory.value());
        if (!assets)
            return fail(assets.error().message);

        FlowSettings flow;
        flow.seed = options.seed.value_or(kDefaultSeed);
        flow.demo = options.demo;
        flow.record = options.record.has_value() || options.printShareCode;
        if (std::optional<vox::Result<Replay>> replay = replayFromOptions(options)) { // FILE or CODE
            if (!replay->ok())
                return fail(replay->error().message);
            flow.replay = std::move(*replay).value();
        }

        flow.difficulty = saved.settings.difficulty;

        AudioSystem audio = AudioSystem::silent();
        if (options.audioOut) {
            vox::Result<WavWriter> file = WavWriter::create(*options.audioOut, kOfflineSampleRate);
            if (!file)
                return fail("--audio-out: " + file.error().message);
            audioFile = std::move(file).value();
            OfflineOutput output;
            output.samples = [&audioFile](std::span<const float> samples) { audioFile->append(samples); };
            audio = AudioSystem::offline(std::move(output));
        } else if (!options.headless) {
            audio = AudioSystem::openOrSilent({}, [](std::string_view why) {
                std::fprintf(stderr, "voxel-invaders: warning: %.*s\n", static_cast<int>(why.size()),
                             why.data());
            });
        }
        audio.setVolumes({saved.settings.masterVolume, saved.settings.effectsVolume, saved.settings.mute});
        flow.options = saved.settings;
        auto created = GameScene::create(shaders.value(), assets.value(), flow, std::move(saved.highScores),
                                         std::move(saved.files), std::move(audio));
        if (!created)
            return fail(created.error().message);
        game = created.value().get();
        scene = std::move(created).value();
    }
    Game loop(options, std::move(window).value(), std::move(scene), std::move(actions), applied, game,
              shaders.value());
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
