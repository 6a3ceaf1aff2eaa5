#include "app.h"

#include "demo_scene.h"
#include "model_view_scene.h"
#include "showcase_scene.h"

#include "vox/platform/action_map.h"
#include "vox/platform/data_directory.h"
#include "vox/platform/fixed_step_clock.h"
#include "vox/platform/gamepads.h"
#include "vox/platform/viewport.h"
#include "vox/platform/window.h"
#include "vox/render/render_target.h"

#include <SDL.h>
#include <epoxy/gl.h>

#include <cstdio>
#include <memory>
#include <optional>
#include <string>

#if !defined(VOX_SOURCE_DIR) || !defined(VOX_INSTALL_DATA_DIR)
#error "VOX_SOURCE_DIR and VOX_INSTALL_DATA_DIR must be defined by the build (game/CMakeLists.txt)"
#endif

namespace invaders {
namespace {

constexpr uint64_t kDefaultSeed = 1;

int fail(const std::string& message) {
    std::fprintf(stderr, "voxel-invaders: %s\n", message.c_str());
    return 1;
}

// Where shaders/ and assets/ may be, most specific first: next to the executable (a copied build),
// ../share/voxel-invaders relative to it (a relocated install), the source tree (a build tree), and the
// configured install prefix.
vox::DataSearch dataSearch(const std::string& name, const std::string& directoryVariable) {
    vox::DataSearch search{name, directoryVariable, "VOX_DATA_DIR", {}};
    if (std::optional<std::filesystem::path> executable = vox::executableDirectory()) {
        search.roots.push_back({*executable, "next to the executable"});
        search.roots.push_back({*executable / ".." / "share" / "voxel-invaders", "relative install prefix"});
    }
    search.roots.push_back({VOX_SOURCE_DIR, "source tree"});
    search.roots.push_back({VOX_INSTALL_DATA_DIR, "install prefix"});
    return search;
}

class Game {
public:
    Game(const Options& options, vox::Window window, std::unique_ptr<DemoScene> scene)
        : m_options(options), m_window(std::move(window)), m_scene(std::move(scene)),
          m_actions(vox::ActionMap::withDefaultBindings()) {
        if (!m_window.isHeadless()) {
            // Without controllers the keyboard still works; say why and go on.
            if (auto gamepads = vox::Gamepads::create())
                m_gamepads = std::move(gamepads).value();
            else
                std::fprintf(stderr, "voxel-invaders: note: %s\n", gamepads.error().message.c_str());
        }
    }

    int run() {
        const double ticksPerSecond = static_cast<double>(SDL_GetPerformanceFrequency());
        uint64_t lastTicks = SDL_GetPerformanceCounter();
        while (m_running) {
            pollEvents();
            if (!m_running)
                break;
            // Headless runs have no real time to keep up with: exactly one step per frame, as fast as
            // possible, and frames show the latest step (no interpolation).
            const uint64_t now = SDL_GetPerformanceCounter();
            const double elapsed = m_window.isHeadless()
                                       ? m_clock.settings().stepSeconds
                                       : static_cast<double>(now - lastTicks) / ticksPerSecond;
            lastTicks = now;
            const vox::FrameSteps frame = m_clock.advance(elapsed);
            for (int i = 0; i < frame.steps && m_running; ++i)
                step();
            if (vox::Status status = renderFrame(m_window.isHeadless() ? 1.0 : frame.alpha); !status)
                return fail(status.error().message);
            if (!m_window.hasVsync() && !m_window.isHeadless())
                SDL_Delay(1); // no vsync: don't spin a core at thousands of frames per second
        }
        if (m_options.screenshot) {
            if (!m_target.framebuffer().name())
                return fail("no frame was rendered, so there is no screenshot to write");
            if (vox::Status status = vox::writePng(m_target.readImage(), *m_options.screenshot); !status)
                return fail(status.error().message);
        }
        return 0;
    }

private:
    void pollEvents() {
        SDL_Event event;
        while (SDL_PollEvent(&event)) {
            if (m_gamepads)
                m_gamepads->handleEvent(event);
            m_actions.handleEvent(event);
            if (event.type == SDL_QUIT) // window closed or Ctrl+C (SDL turns SIGINT into SDL_QUIT)
                m_running = false;
        }
    }

    void step() {
        const vox::ActionState input = m_actions.takeStep();
        if (input.pressed(vox::Action::Quit))
            m_running = false;
        if (input.pressed(vox::Action::ToggleFullscreen))
            m_window.toggleFullscreen();
        m_scene->step(input);
        ++m_stepsRun;
        if (m_options.frames && m_stepsRun >= static_cast<uint64_t>(*m_options.frames))
            m_running = false;
    }

    // Draws into a render target of the requested size (headless: exactly --size; windowed: the
    // aspect-correct viewport of the window, for a crisp picture), then shows it letterboxed.
    vox::Status renderFrame(double alpha) {
        const vox::PixelSize drawable = m_window.drawableSize();
        const double aspect = static_cast<double>(m_options.width) / m_options.height;
        const vox::Viewport viewport = vox::letterboxViewport(drawable.width, drawable.height, aspect);
        if (viewport.width == 0) {
            SDL_Delay(10); // minimised: nothing to draw
            return {};
        }
        const int width = m_window.isHeadless() ? m_options.width : viewport.width;
        const int height = m_window.isHeadless() ? m_options.height : viewport.height;
        if (m_target.width() != width || m_target.height() != height) {
            auto target = vox::RenderTarget::create(width, height);
            if (!target)
                return target.error();
            m_target = std::move(target).value();
        }
        m_target.bind();
        m_scene->render(width, height, alpha);

        glBindFramebuffer(GL_FRAMEBUFFER, 0);
        glViewport(0, 0, drawable.width, drawable.height);
        glClearColor(0.0f, 0.0f, 0.0f, 1.0f); // the letterbox bars
        glClear(GL_COLOR_BUFFER_BIT);
        m_target.blitTo(viewport);
        m_window.swapBuffers();
        return {};
    }

    const Options& m_options;
    vox::Window m_window;
    // Declared after the window so the GL objects below are destroyed while its context still exists.
    std::unique_ptr<DemoScene> m_scene;
    vox::RenderTarget m_target;
    std::optional<vox::Gamepads> m_gamepads;
    vox::ActionMap m_actions;
    vox::FixedStepClock m_clock;
    uint64_t m_stepsRun = 0;
    bool m_running = true;
};

} // namespace

int runGame(const Options& options) {
    vox::Result<std::filesystem::path> shaders =
        vox::findDataDirectory(dataSearch("shaders", "VOX_SHADER_DIR"));
    if (!shaders)
        return fail(shaders.error().message);

    vox::WindowSettings settings;
    settings.width = options.width;
    settings.height = options.height;
    settings.headless = options.headless;
    vox::Result<vox::Window> window = vox::Window::create(settings);
    if (!window)
        return fail(window.error().message);

    std::unique_ptr<DemoScene> scene;
    if (options.view) {
        auto view = ModelViewScene::create(shaders.value(), *options.view, options.viewFrame);
        if (!view)
            return fail(view.error().message);
        scene = std::move(view).value();
    } else {
        vox::Result<std::filesystem::path> assets =
            vox::findDataDirectory(dataSearch("assets", "VOX_ASSET_DIR"));
        if (!assets)
            return fail(assets.error().message);
        auto showcase =
            ShowcaseScene::create(shaders.value(), assets.value(), options.seed.value_or(kDefaultSeed));
        if (!showcase)
            return fail(showcase.error().message);
        scene = std::move(showcase).value();
    }
    Game game(options, std::move(window).value(), std::move(scene));
    return game.run();
}

} // namespace invaders
