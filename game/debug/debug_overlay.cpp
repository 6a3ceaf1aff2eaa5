#include "debug/debug_overlay.h"

#include "vox/debug/tree_view.h"
#include "vox/platform/window.h"

#include <imgui.h>

#include <algorithm>
#include <chrono>
#include <cstdio>

namespace invaders {
namespace {

constexpr float kPanelWidth = 330.0f;
constexpr float kPanelTop = 76.0f; // below the HUD's top lines
const ImVec4 kHeadingColor(0.6f, 0.8f, 1.0f, 1.0f);

ImVec4 toImGui(const glm::vec4& color) {
    return {color.r, color.g, color.b, color.a};
}

// One phase: its latest time, and a small graph of its history (0 .. the larger of 1 ms and its peak).
void phaseRow(const char* name, const vox::StatsHistory& history) {
    const float latest = history.size() > 0 ? history.latest() : 0.0f;
    ImGui::Text("%-12s %7.3f ms", name, static_cast<double>(latest));
    ImGui::SameLine(190.0f);
    char id[32];
    std::snprintf(id, sizeof id, "##%s", name);
    ImGui::PlotLines(id, history.data(), history.size(), history.offset(), nullptr, 0.0f,
                     std::max(1.0f, history.max()), ImVec2(ImGui::GetContentRegionAvail().x, 16.0f));
}

void legendSwatch(const char* id, const glm::vec4& color, const char* label) {
    ImGui::ColorButton(id, toImGui({glm::vec3(color), 1.0f}), ImGuiColorEditFlags_NoTooltip, ImVec2(11, 11));
    ImGui::SameLine();
    ImGui::TextUnformatted(label);
}

// The tree's counts and the collision pipeline's of the latest step; a note when no game runs.
void treeSection(const Simulation* simulation) {
    if (simulation == nullptr) {
        ImGui::TextDisabled("no game session in this scene: no tree");
        return;
    }
    const vox::DynamicAabbTree& tree = simulation->collisionWorld().tree();
    const vox::TreeStats treeStats = tree.stats();
    const CollisionStepStats& stats = simulation->collisionStats();
    ImGui::TextColored(kHeadingColor, "Tree  (step %lld)", static_cast<long long>(simulation->frame()));
    ImGui::Text("proxies %4d   nodes %4d   height %2d", treeStats.proxies, treeStats.internalNodes,
                treeStats.height);
    ImGui::Text("area ratio %5.2f   re-fattened %3d", treeStats.areaRatio, stats.refattened);
    // Leaves re-fattened in place wait to be settled (their ancestors refitted) and, some, relocated: a
    // pending leaf may be drawn outside its parent's box until then.
    ImGui::Text("pending %3d   to relocate %3d", treeStats.pendingLeaves, treeStats.relocationsWaiting);
    ImGui::TextColored(kHeadingColor, "Collision pipeline (this step)");
    ImGui::Text("candidate pairs %3d  checks %3d  hits %2d", stats.candidatePairs, stats.narrowphaseChecks,
                stats.confirmedHits);
}

// The legend: the depth ramp as it is drawn, then the fixed colours.
void legend(const vox::TreeViewSettings& view) {
    for (int32_t depth = 0; depth <= view.rampDepth; ++depth) {
        char id[16];
        std::snprintf(id, sizeof id, "##d%d", depth);
        ImGui::ColorButton(id, toImGui(vox::depthColor(depth, view.rampDepth)), ImGuiColorEditFlags_NoTooltip,
                           ImVec2(14, 11));
        ImGui::SameLine(0.0f, 2.0f);
    }
    ImGui::Text(" depth 0..%d+", view.rampDepth);
    legendSwatch("##fat", view.fatColor, "fat");
    ImGui::SameLine();
    legendSwatch("##tight", view.tightColor, "tight");
    ImGui::SameLine();
    legendSwatch("##pair", kPairColor, "pair");
    ImGui::SameLine();
    legendSwatch("##contact", kContactColor, "contact");
}

} // namespace

vox::Result<std::unique_ptr<DebugOverlay>> DebugOverlay::create(const std::filesystem::path& shaderDirectory,
                                                                const vox::Window& window, bool shown) {
    vox::Result<vox::LineRenderer> lines = vox::LineRenderer::create(shaderDirectory);
    if (!lines)
        return lines.error();
    vox::Result<vox::ImGuiLayer> gui = vox::ImGuiLayer::create(window.sdlWindow(), window.glContext());
    if (!gui)
        return gui.error();
    ImGuiStyle& style = ImGui::GetStyle();
    ImGui::StyleColorsDark(&style);
    style.WindowRounding = 5.0f;
    style.FrameRounding = 3.0f;
    style.WindowBorderSize = 0.0f;
    style.ItemSpacing = ImVec2(6.0f, 3.0f);
    style.Colors[ImGuiCol_WindowBg] = ImVec4(0.04f, 0.05f, 0.09f, 0.82f);
    style.Colors[ImGuiCol_TitleBgActive] = ImVec4(0.30f, 0.10f, 0.45f, 0.95f);
    style.Colors[ImGuiCol_TitleBg] = ImVec4(0.20f, 0.08f, 0.30f, 0.90f);
    style.Colors[ImGuiCol_PlotLines] = ImVec4(0.99f, 0.65f, 0.21f, 1.0f);
    return std::unique_ptr<DebugOverlay>(
        new DebugOverlay(std::move(lines).value(), std::move(gui).value(), shown));
}

DebugOverlay::DebugOverlay(vox::LineRenderer lineRenderer, vox::ImGuiLayer gui, bool shown)
    : m_state(shown), m_lineRenderer(std::move(lineRenderer)), m_gui(std::move(gui)) {}

bool DebugOverlay::handleEvent(const SDL_Event& event) {
    return m_state.shown() && m_gui.handleEvent(event);
}

void DebugOverlay::recordStep(const SceneDebugView& scene) {
    if (!m_state.shown())
        return;
    if (scene.simulation != m_lastSimulation) {
        m_contacts.clear(); // a new session: its cells mean nothing in the old one
        m_lastSimulation = scene.simulation;
    }
    m_simulationMs.push(static_cast<float>(scene.stepMilliseconds));
    if (scene.simulation == nullptr)
        return;
    const CollisionStepStats& stats = scene.simulation->collisionStats();
    m_broadphaseMs.push(static_cast<float>(stats.broadphaseMs));
    m_narrowphaseMs.push(static_cast<float>(stats.narrowphaseMs));
    m_contacts.step(scene.simulation->contacts());
}

void DebugOverlay::render(const SceneDebugView& scene, int width, int height,
                          const vox::ImGuiFrameSettings& mouse, const FrameRate* frameRate) {
    m_drawCalls = 0;
    if (!m_state.shown()) {
        m_lines.clear();
        m_counts = {};
        return;
    }
    // The overlay's own time is its CPU work: building the lines and the panel. The GL calls that draw
    // them are left out: on a software driver (llvmpipe) an upload into a buffer the frame still uses
    // waits for the whole frame's rasterisation, which is the frame's cost, not the overlay's.
    using Clock = std::chrono::steady_clock;
    Clock::duration cpuTime{};
    Clock::time_point start = Clock::now();
    m_renderMs.push(static_cast<float>(scene.frame.cpuMilliseconds));
    m_lines.clear();
    m_counts = {};
    if (scene.simulation != nullptr)
        m_counts = buildOverlayLines(*scene.simulation, m_state, m_contacts, m_lines);
    cpuTime += Clock::now() - start;
    const vox::Viewport viewport{0, 0, width, height};
    m_drawCalls += m_lineRenderer.draw(m_lines, scene.camera.viewProjection(), viewport);

    if (m_state.layers.panel) {
        vox::ImGuiFrameSettings frame = mouse;
        frame.width = width;
        frame.height = height;
        // ImGui sizes an auto-fitting window in its first frame and shows it from the second: run the
        // first one extra, so that a single rendered frame (a headless screenshot) has the panel.
        for (int pass = m_panelFrames == 0 ? 0 : 1; pass < 2; ++pass) {
            start = Clock::now();
            m_gui.beginFrame(frame);
            drawPanel(scene, frameRate);
            cpuTime += Clock::now() - start;
            m_gui.endFrame(); // ImGui::Render (a few microseconds) and the GL draw
            ++m_panelFrames;
        }
        m_drawCalls += m_gui.lastDrawStats().drawCalls;
    }
    ++m_framesRendered;
    m_overlayMs.push(std::chrono::duration<float, std::milli>(cpuTime).count());
}

void DebugOverlay::drawPanel(const SceneDebugView& scene, const FrameRate* frameRate) {
    const ImGuiIO& io = ImGui::GetIO();
    ImGui::SetNextWindowPos(ImVec2(io.DisplaySize.x - kPanelWidth - 8.0f, kPanelTop), ImGuiCond_Always);
    ImGui::SetNextWindowSize(ImVec2(kPanelWidth, 0.0f), ImGuiCond_Always);
    ImGui::Begin("Broadphase debug overlay  (F3)", nullptr,
                 ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings |
                     ImGuiWindowFlags_NoFocusOnAppearing);
    treeSection(scene.simulation);
    ImGui::Separator();
    timesSection(scene, frameRate);
    ImGui::Separator();
    layersSection();
    ImGui::Separator();
    pauseSection();
    ImGui::End();
}

void DebugOverlay::timesSection(const SceneDebugView& scene, const FrameRate* frameRate) {
    // The whole frame, present to present: what the player gets. The CPU times below leave out the
    // driver's work, which on llvmpipe is most of a frame.
    ImGui::TextColored(kHeadingColor, "Frame (wall clock, driver included)");
    if (frameRate != nullptr && frameRate->size() > 0)
        ImGui::Text("frame %5.1f fps  %6.2f ms  (max %6.2f)", frameRate->framesPerSecond(),
                    frameRate->medianMilliseconds(), frameRate->maxMilliseconds());
    else
        ImGui::TextUnformatted("frame     - fps       - ms");
    ImGui::TextColored(kHeadingColor, "Times (CPU)");
    phaseRow("simulation", m_simulationMs);
    phaseRow("broadphase", m_broadphaseMs);
    phaseRow("narrowphase", m_narrowphaseMs);
    phaseRow("CPU submit", m_renderMs);
    phaseRow("overlay", m_overlayMs);
    ImGui::Text("draw calls %d (+%d overlay)   triangles %lld", scene.frame.drawCalls,
                m_gui.lastDrawStats().drawCalls + 1, static_cast<long long>(scene.frame.triangles));
}

void DebugOverlay::layersSection() {
    OverlayLayers& layers = m_state.layers;
    ImGui::Checkbox("internal nodes", &layers.internalNodes);
    ImGui::SameLine(160.0f);
    ImGui::Checkbox("static tree", &layers.staticTree);
    ImGui::Checkbox("fat boxes", &layers.fatBoxes);
    ImGui::SameLine(160.0f);
    ImGui::Checkbox("tight boxes", &layers.tightBoxes);
    ImGui::Checkbox("candidate pairs", &layers.pairs);
    ImGui::SameLine(160.0f);
    ImGui::Checkbox("contacts", &layers.contacts);
    const int32_t deepest = std::max(1, m_counts.tree.deepest);
    ImGui::SetNextItemWidth(-1.0f);
    ImGui::DragIntRange2("##depth", &m_state.minDepth, &m_state.maxDepth, 0.1f, 0, deepest, "depth min %d",
                         "max %d");
    legend(treeViewSettings(m_state));
}

void DebugOverlay::pauseSection() {
    bool paused = m_state.paused();
    if (ImGui::Checkbox("pause simulation", &paused))
        m_state.setPaused(paused);
    ImGui::SameLine();
    ImGui::BeginDisabled(!paused);
    if (ImGui::Button("step"))
        m_state.requestStep();
    ImGui::EndDisabled();
}

} // namespace invaders
