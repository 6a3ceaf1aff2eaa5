// vox-samples: interactive samples of the vox engine, one scene at a time, built only on its public targets.
//
//   vox-samples [--scene NAME] [--headless] [--frames N] [--screenshot F.png] [--stats] [--list]
//
// The main loop: a window, a renderer, a line renderer and a Dear ImGui panel (the scene list, pause and
// single step, the scene's counts with history graphs), an orbit camera (right or left drag, wheel, arrow
// keys), and a fixed 60 Hz step. Headless runs (`--headless --frames N`) take exactly one step per frame,
// so their pictures and counts are reproducible.
#include "scene.h"
#include "scene_registry.h"

#include <vox/debug/imgui_layer.h>
#include <vox/debug/line_renderer.h>
#include <vox/debug/stats_history.h>
#include <vox/platform/fixed_step_clock.h>
#include <vox/platform/window.h>
#include <vox/render/image.h>
#include <vox/render/scene_renderer.h>

#include <SDL.h>
#include <glm/gtc/matrix_transform.hpp>
#include <imgui.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace {

constexpr float kPanelWidth = 340.0f;

using samples::Scene;
using samples::SceneEntry;

struct Options {
    std::string scene = "tree-tutorial";
    std::string screenshot;
    long frames = -1; // -1: until the window closes
    bool headless = false;
    bool stats = false;
    bool list = false;
};

void printUsage(std::FILE* out) {
    std::fprintf(out, "usage: vox-samples [--scene NAME] [--headless] [--frames N] [--screenshot F.png] "
                      "[--stats] [--list]\n"
                      "  --list        print the scene names, one a line\n"
                      "  --scene NAME  start with scene NAME (see --list)\n"
                      "  --headless    no window on screen (SDL's offscreen driver); one step per frame\n"
                      "  --frames N    quit after N frames\n"
                      "  --screenshot  write the last frame to this PNG file\n"
                      "  --stats       print the scene's counts and step times as 'name: number' lines\n");
}

// Parses the command line; nothing (after printing the usage) when it is wrong.
std::optional<Options> parseOptions(int argc, char** argv) {
    Options options;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        const bool hasValue = i + 1 < argc;
        if (arg == "--list") {
            options.list = true;
        } else if (arg == "--headless") {
            options.headless = true;
        } else if (arg == "--stats") {
            options.stats = true;
        } else if (arg == "--scene" && hasValue) {
            options.scene = argv[++i];
        } else if (arg == "--screenshot" && hasValue) {
            options.screenshot = argv[++i];
        } else if (arg == "--frames" && hasValue) {
            char* end = nullptr;
            options.frames = std::strtol(argv[++i], &end, 10);
            if (*end != '\0' || options.frames <= 0) {
                std::fprintf(stderr, "vox-samples: --frames wants a positive whole number, not '%s'\n",
                             argv[i]);
                return std::nullopt;
            }
        } else if (arg == "--help" || arg == "-h") {
            printUsage(stdout);
            std::exit(0);
        } else {
            std::fprintf(stderr, "vox-samples: unknown or incomplete argument '%s'\n", arg.c_str());
            return std::nullopt;
        }
    }
    if (samples::findScene(options.scene) == nullptr) {
        std::fprintf(stderr, "vox-samples: no scene called '%s' (vox-samples --list names them)\n",
                     options.scene.c_str());
        return std::nullopt;
    }
    return options;
}

// The orbit camera: right drag (or left drag the scene does not take) turns, middle drag pans, the wheel
// and PageUp/PageDown zoom, arrow keys turn, Home goes back to the scene's start.
class OrbitControls {
public:
    void reset(const samples::CameraPose& pose) {
        m_start = pose;
        m_pose = pose;
    }
    [[nodiscard]] vox::Camera camera(float aspect) const {
        return vox::orbitCamera(m_pose.target, m_pose.distance, m_pose.yaw, m_pose.pitch, 40.0f, aspect);
    }
    void handleEvent(const SDL_Event& event) {
        switch (event.type) {
        case SDL_MOUSEBUTTONDOWN:
            if (event.button.button == SDL_BUTTON_LEFT || event.button.button == SDL_BUTTON_RIGHT)
                m_turning = true;
            if (event.button.button == SDL_BUTTON_MIDDLE)
                m_panning = true;
            break;
        case SDL_MOUSEBUTTONUP:
            m_turning = m_panning = false;
            break;
        case SDL_MOUSEMOTION:
            if (m_turning)
                turn(static_cast<float>(event.motion.xrel) * -0.008f,
                     static_cast<float>(event.motion.yrel) * 0.008f);
            if (m_panning)
                pan(static_cast<float>(event.motion.xrel), static_cast<float>(event.motion.yrel));
            break;
        case SDL_MOUSEWHEEL:
            zoom(event.wheel.y > 0 ? 0.88f : 1.0f / 0.88f);
            break;
        case SDL_KEYDOWN:
            switch (event.key.keysym.scancode) {
            case SDL_SCANCODE_LEFT:
                turn(0.08f, 0.0f);
                break;
            case SDL_SCANCODE_RIGHT:
                turn(-0.08f, 0.0f);
                break;
            case SDL_SCANCODE_UP:
                turn(0.0f, 0.06f);
                break;
            case SDL_SCANCODE_DOWN:
                turn(0.0f, -0.06f);
                break;
            case SDL_SCANCODE_PAGEUP:
                zoom(0.88f);
                break;
            case SDL_SCANCODE_PAGEDOWN:
                zoom(1.0f / 0.88f);
                break;
            case SDL_SCANCODE_HOME:
                m_pose = m_start;
                break;
            default:
                break;
            }
            break;
        default:
            break;
        }
    }

private:
    void turn(float yaw, float pitch) {
        m_pose.yaw += yaw;
        m_pose.pitch = std::clamp(m_pose.pitch + pitch, -1.5f, 1.5f);
    }
    void zoom(float factor) { m_pose.distance = std::clamp(m_pose.distance * factor, 2.0f, 5000.0f); }
    void pan(float dx, float dy) {
        // Along the screen's right and up, scaled so the target follows the mouse roughly.
        const float speed = m_pose.distance * 0.0015f;
        const glm::vec3 right(std::cos(m_pose.yaw), 0.0f, -std::sin(m_pose.yaw));
        m_pose.target += -dx * speed * right + dy * speed * glm::vec3(0.0f, 1.0f, 0.0f);
    }

    samples::CameraPose m_start;
    samples::CameraPose m_pose;
    bool m_turning = false;
    bool m_panning = false;
};

void styleGui() {
    ImGuiStyle& style = ImGui::GetStyle();
    ImGui::StyleColorsDark(&style);
    style.WindowRounding = 5.0f;
    style.FrameRounding = 3.0f;
    style.WindowBorderSize = 0.0f;
    style.ItemSpacing = ImVec2(6.0f, 4.0f);
    style.Colors[ImGuiCol_WindowBg] = ImVec4(0.04f, 0.05f, 0.09f, 0.86f);
    style.Colors[ImGuiCol_TitleBgActive] = ImVec4(0.30f, 0.10f, 0.45f, 0.95f);
    style.Colors[ImGuiCol_TitleBg] = ImVec4(0.20f, 0.08f, 0.30f, 0.90f);
    style.Colors[ImGuiCol_PlotLines] = ImVec4(0.99f, 0.65f, 0.21f, 1.0f);
    style.Colors[ImGuiCol_Header] = ImVec4(0.35f, 0.16f, 0.55f, 0.80f);
}

// The running program: the scene shown, its histories, pause and step.
class SamplesApp {
public:
    SamplesApp(samples::SceneResources resources, size_t sceneIndex) : m_resources(std::move(resources)) {
        select(sceneIndex);
    }

    void select(size_t index) {
        const SceneEntry& entry = samples::sceneEntries()[index];
        if (entry.create == nullptr)
            return;
        m_scene.reset(); // its meshes go before the next scene's arrive
        m_scene = entry.create(m_resources);
        m_index = index;
        m_histories.clear();
        m_stepMs.clear();
        m_stepMsSum = 0.0;
        m_stepMsMax = 0.0;
        m_steps = 0;
        m_startPose = m_scene->cameraPose();
        m_controls.reset(m_startPose);
    }
    void cycle(int direction) {
        const size_t count = samples::sceneEntries().size();
        size_t index = m_index;
        do
            index = (index + count + static_cast<size_t>(direction)) % count;
        while (samples::sceneEntries()[index].create == nullptr);
        select(index);
    }

    // Every event after ImGui had it; returns false to quit. Clicks and the wheel over a panel are the
    // panel's; releases and motion always pass, so that a drag begun in the scene ends there.
    bool handleEvent(const SDL_Event& event, const samples::SceneView& view, bool panelHasMouse) {
        if (event.type == SDL_QUIT)
            return false;
        if (panelHasMouse && (event.type == SDL_MOUSEBUTTONDOWN || event.type == SDL_MOUSEWHEEL))
            return true;
        if (m_scene->handleEvent(event, view))
            return true;
        if (event.type == SDL_KEYDOWN) {
            switch (event.key.keysym.scancode) {
            case SDL_SCANCODE_ESCAPE:
                return false;
            case SDL_SCANCODE_SPACE:
                m_paused = !m_paused;
                return true;
            case SDL_SCANCODE_N:
                m_stepRequested = true;
                return true;
            case SDL_SCANCODE_TAB:
                cycle((event.key.keysym.mod & KMOD_SHIFT) != 0 ? -1 : 1);
                return true;
            default:
                break;
            }
        }
        m_controls.handleEvent(event);
        return true;
    }

    // Runs `steps` fixed steps (or one, when paused and a step was asked for), timing each.
    void step(int steps) {
        if (m_paused)
            steps = m_stepRequested ? 1 : 0;
        m_stepRequested = false;
        for (int i = 0; i < steps; ++i) {
            const auto start = std::chrono::steady_clock::now();
            m_scene->step();
            const double ms =
                std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
            m_stepMs.push(static_cast<float>(ms));
            m_stepMsSum += ms;
            m_stepMsMax = std::max(m_stepMsMax, ms);
            ++m_steps;
        }
    }

    // Once per frame: the scene's counts into their graphs, and the camera back to the scene's start when
    // the scene moved it (a swarm rebuilt at another size).
    void recordStats() {
        const samples::CameraPose pose = m_scene->cameraPose();
        if (pose.target != m_startPose.target || pose.distance != m_startPose.distance) {
            m_startPose = pose;
            m_controls.reset(pose);
        }
        for (const samples::SceneStat& stat : m_scene->stats())
            m_histories.try_emplace(stat.name, 240).first->second.push(static_cast<float>(stat.value));
    }

    void panel(const samples::SceneView& view) {
        ImGui::SetNextWindowPos(ImVec2(8.0f, 8.0f), ImGuiCond_Always);
        ImGui::SetNextWindowSize(ImVec2(kPanelWidth, static_cast<float>(view.size.y) - 16.0f),
                                 ImGuiCond_Always);
        ImGui::Begin("vox-samples", nullptr,
                     ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings |
                         ImGuiWindowFlags_NoCollapse);
        ImGui::TextDisabled("Scenes  (Tab: next)");
        const auto entries = samples::sceneEntries();
        for (size_t i = 0; i < entries.size(); ++i) {
            const SceneEntry& entry = entries[i];
            if (entry.create == nullptr) {
                ImGui::BeginDisabled();
                ImGui::Selectable(entry.title, false);
                ImGui::EndDisabled();
                if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
                    ImGui::SetTooltip("Not yet: %s", entry.unavailableReason);
                continue;
            }
            if (ImGui::Selectable(entry.title, i == m_index) && i != m_index) {
                select(i);
                ImGui::End();
                return; // the old scene is gone: draw the new one's panel next frame
            }
            if (ImGui::IsItemHovered())
                ImGui::SetTooltip("%s", entry.summary);
        }
        ImGui::Separator();
        ImGui::Checkbox("Pause (Space)", &m_paused);
        ImGui::SameLine();
        if (ImGui::Button("Step (N)"))
            m_stepRequested = true;
        ImGui::SameLine();
        ImGui::Text("%llu steps", static_cast<unsigned long long>(m_steps));
        ImGui::TextDisabled(
            "Right drag, arrows: orbit  Wheel: zoom\nMiddle drag: pan  Home: camera  Esc: quit");

        if (ImGui::CollapsingHeader("Counts and times", ImGuiTreeNodeFlags_DefaultOpen)) {
            graphRow("step ms", m_stepMs, 3);
            for (const samples::SceneStat& stat : m_scene->stats()) {
                const auto found = m_histories.find(stat.name);
                if (found != m_histories.end())
                    graphRow(stat.name.c_str(), found->second, stat.integer ? 0 : 3);
            }
        }
        if (ImGui::CollapsingHeader(entries[m_index].title, ImGuiTreeNodeFlags_DefaultOpen))
            m_scene->gui(view);
        ImGui::End();
    }

    void printStats() const {
        std::printf("frames: %llu\n", static_cast<unsigned long long>(m_frames));
        for (const samples::SceneStat& stat : m_scene->stats()) {
            if (stat.integer)
                std::printf("%s: %lld\n", stat.name.c_str(), static_cast<long long>(stat.value));
            else
                std::printf("%s: %.4f\n", stat.name.c_str(), stat.value);
        }
        std::printf("steps: %llu\n", static_cast<unsigned long long>(m_steps));
        std::printf("step_ms_mean: %.4f\n", m_steps > 0 ? m_stepMsSum / static_cast<double>(m_steps) : 0.0);
        std::printf("step_ms_max: %.4f\n", m_stepMsMax);
    }

    Scene& scene() { return *m_scene; }
    OrbitControls& controls() { return m_controls; }
    void countFrame() { ++m_frames; }

private:
    static void graphRow(const char* name, const vox::StatsHistory& history, int decimals) {
        const float latest = history.size() > 0 ? history.latest() : 0.0f;
        ImGui::TextUnformatted(name);
        ImGui::SameLine(150.0f);
        ImGui::Text("%9.*f", decimals, static_cast<double>(latest));
        ImGui::SameLine(222.0f);
        ImGui::PushID(name);
        ImGui::PlotLines("##graph", history.data(), history.size(), history.offset(), nullptr, 0.0f,
                         std::max(1e-3f, history.max() * 1.1f),
                         ImVec2(ImGui::GetContentRegionAvail().x, 18.0f));
        ImGui::PopID();
    }

    samples::SceneResources m_resources;
    std::unique_ptr<Scene> m_scene;
    size_t m_index = 0;
    OrbitControls m_controls;
    samples::CameraPose m_startPose;
    std::map<std::string, vox::StatsHistory> m_histories;
    vox::StatsHistory m_stepMs{240};
    double m_stepMsSum = 0.0;
    double m_stepMsMax = 0.0;
    uint64_t m_steps = 0;
    uint64_t m_frames = 0;
    bool m_paused = false;
    bool m_stepRequested = false;
};

template <class T>
T orExit(vox::Result<T> result) {
    if (!result) {
        std::fprintf(stderr, "vox-samples: %s\n", result.error().message.c_str());
        std::exit(1);
    }
    return std::move(result).value();
}

// The window and what draws into it; a failure to make any of them ends the program (exit 1).
struct Graphics {
    vox::Window window;
    vox::SceneRenderer renderer;
    vox::LineRenderer lineRenderer;
    vox::ImGuiLayer gui;
};

Graphics createGraphics(bool headless) {
    vox::WindowSettings windowSettings;
    windowSettings.title = "vox-samples";
    windowSettings.headless = headless;
    windowSettings.depthBuffer = false; // the renderer keeps its own (llvmpipe's fast path, window.h)
    vox::Window window = orExit(vox::Window::create(windowSettings));
    vox::SceneRenderer renderer = orExit(vox::SceneRenderer::create(VOX_SAMPLES_SHADER_DIR));
    vox::LineRenderer lineRenderer = orExit(vox::LineRenderer::create(VOX_SAMPLES_SHADER_DIR));
    vox::ImGuiLayer gui = orExit(vox::ImGuiLayer::create(window.sdlWindow(), window.glContext()));
    styleGui();
    return {std::move(window), std::move(renderer), std::move(lineRenderer), std::move(gui)};
}

// Drawable pixels per window coordinate (2 on a high-DPI screen), for the mouse.
glm::vec2 mouseScaleOf(const vox::Window& window) {
    const vox::PixelSize pixels = window.drawableSize();
    int windowWidth = pixels.width, windowHeight = pixels.height;
    SDL_GetWindowSize(window.sdlWindow(), &windowWidth, &windowHeight);
    return {static_cast<float>(pixels.width) / static_cast<float>(std::max(1, windowWidth)),
            static_cast<float>(pixels.height) / static_cast<float>(std::max(1, windowHeight))};
}

// Takes the frame's events into `events`, the window and ImGui seeing each first; false: the window closed.
bool pollEvents(Graphics& graphics, std::vector<SDL_Event>& events) {
    bool running = true;
    events.clear();
    for (SDL_Event event; SDL_PollEvent(&event);) {
        graphics.window.handleEvent(event);
        graphics.gui.handleEvent(event);
        running = running && event.type != SDL_QUIT;
        events.push_back(event);
    }
    return running;
}

// Hands the frame's events to the app, once ImGui's frame has begun (it knows then whether the mouse is
// over a panel now; asked before, it would answer for the last frame's mouse position), with the mouse
// in drawable pixels in `view`. False: quit.
bool dispatchEvents(SamplesApp& app, const std::vector<SDL_Event>& events, samples::SceneView& view,
                    glm::vec2 mouseScale) {
    const bool panelHasMouse = ImGui::GetIO().WantCaptureMouse;
    bool running = true;
    for (const SDL_Event& event : events) {
        if (event.type == SDL_MOUSEMOTION)
            view.mouse = glm::vec2(static_cast<float>(event.motion.x), static_cast<float>(event.motion.y)) *
                         mouseScale;
        if (event.type == SDL_MOUSEBUTTONDOWN || event.type == SDL_MOUSEBUTTONUP)
            view.mouse = glm::vec2(static_cast<float>(event.button.x), static_cast<float>(event.button.y)) *
                         mouseScale;
        running = app.handleEvent(event, view, panelHasMouse) && running;
    }
    return running;
}

// The scene and its lines, seen through the orbit camera with an off-centre lens: the scene's middle is
// that of the area right of the panel, not of the window.
void drawScene(SamplesApp& app, Graphics& graphics, samples::SceneView& view, vox::LineBatch& lines,
               long frame) {
    const float aspect = static_cast<float>(view.size.x) / static_cast<float>(view.size.y);
    view.camera = app.controls().camera(aspect);
    const float panelShift = (kPanelWidth + 16.0f) / static_cast<float>(view.size.x);
    view.camera.projection =
        glm::translate(glm::mat4(1.0f), glm::vec3(panelShift, 0.0f, 0.0f)) * view.camera.projection;
    const vox::Viewport viewport{0, 0, view.size.x, view.size.y};
    graphics.window.bindBackBuffer();
    lines.clear();
    graphics.renderer.beginFrame(view.camera, viewport, static_cast<double>(frame) / 60.0);
    app.scene().draw(view, graphics.renderer, lines);
    (void)graphics.renderer.endFrame();
    graphics.lineRenderer.draw(lines, view.camera.viewProjection(), viewport);
}

// Writes the back buffer (`size` pixels) to `file`; false (after saying why) when it could not.
bool writeScreenshot(const std::string& file, glm::ivec2 size) {
    const std::filesystem::path path(file);
    std::error_code ignored; // writePng names the folder if it still cannot write
    if (path.has_parent_path())
        std::filesystem::create_directories(path.parent_path(), ignored);
    const vox::Status written = vox::writePng(vox::readPixels(0, 0, size.x, size.y), path);
    if (!written) {
        std::fprintf(stderr, "vox-samples: %s\n", written.error().message.c_str());
        return false;
    }
    std::printf("wrote %s\n", file.c_str());
    return true;
}

size_t sceneIndex(std::string_view name) {
    size_t index = 0;
    const auto entries = samples::sceneEntries();
    while (entries[index].name != name) // parseOptions made sure it is there
        ++index;
    return index;
}

} // namespace

int main(int argc, char** argv) {
    const std::optional<Options> parsed = parseOptions(argc, argv);
    if (!parsed) {
        printUsage(stderr);
        return 2;
    }
    const Options& options = *parsed;
    if (options.list) {
        for (const SceneEntry& entry : samples::sceneEntries())
            if (entry.create != nullptr)
                std::printf("%s\n", entry.name);
        return 0;
    }
    Graphics graphics = createGraphics(options.headless);
    SamplesApp app(samples::SceneResources{graphics.renderer, VOX_SAMPLES_ASSETS_DIR},
                   sceneIndex(options.scene));

    vox::FixedStepSettings clockSettings = vox::pacedFixedStepSettings();
    clockSettings.maxStepsPerFrame = 3; // a slow step (a big swarm) slows the scene rather than the frames
    vox::FixedStepClock clock(clockSettings);
    vox::LineBatch lines;
    auto lastTime = std::chrono::steady_clock::now();
    samples::SceneView view;
    std::vector<SDL_Event> events;
    for (long frame = 0; options.frames < 0 || frame < options.frames; ++frame) {
        const vox::PixelSize pixels = graphics.window.drawableSize();
        const glm::vec2 mouseScale = mouseScaleOf(graphics.window);
        view.size = {pixels.width, pixels.height};
        if (!pollEvents(graphics, events))
            break;
        if (pixels.width == 0 || pixels.height == 0) { // minimised: nothing to draw into
            SDL_Delay(16);
            continue;
        }
        vox::ImGuiFrameSettings guiFrame;
        guiFrame.width = pixels.width;
        guiFrame.height = pixels.height;
        guiFrame.mouseScale = mouseScale;
        if (options.headless)
            guiFrame.deltaSeconds = 1.0f / 60.0f;
        graphics.gui.beginFrame(guiFrame);
        if (!dispatchEvents(app, events, view, mouseScale)) {
            graphics.gui.endFrame();
            break;
        }

        // Headless runs take one step per frame: the same pictures and counts on any machine.
        const auto now = std::chrono::steady_clock::now();
        const double elapsed = std::chrono::duration<double>(now - lastTime).count();
        lastTime = now;
        if (options.headless)
            app.scene().autoplay(frame);
        app.step(options.headless ? 1 : clock.advance(elapsed).steps);
        app.recordStats();
        drawScene(app, graphics, view, lines, frame);
        app.panel(view);
        graphics.gui.endFrame();
        app.countFrame();
        if (!options.screenshot.empty() && frame + 1 == options.frames &&
            !writeScreenshot(options.screenshot, view.size))
            return 1;
        graphics.window.swapBuffers();
    }
    if (options.stats)
        app.printStats();
    return 0;
}
