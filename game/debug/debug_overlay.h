#pragma once
// `DebugOverlay`: the broadphase and the collision pipeline, live over the running game (issue 7).
//
// Toggled by the `ToggleDebugOverlay` action (F3 or `) or started shown with --debug-overlay; works in
// play, pause, attract mode, replays and --view. It draws the tree in the 3D scene (internal nodes by
// depth, fat and tight boxes, candidate pairs, recent contacts; one line draw) and a Dear ImGui panel
// with the tree's and the pipeline's figures, the frame rate and whole frame time (wall clock, driver
// included, as the app measures it), CPU phase times with history graphs, the renderer's draw calls and
// triangles, a checkbox per layer, a depth filter, and pause / single step.
//
// Hidden, it does nothing: `recordStep` and `render` return at once (tested), so the game pays nothing.

#include "debug/frame_rate.h"
#include "debug/overlay_geometry.h"
#include "debug/overlay_state.h"
#include "demo_scene.h"

#include "vox/core/result.h"
#include "vox/debug/imgui_layer.h"
#include "vox/debug/line_batch.h"
#include "vox/debug/line_renderer.h"
#include "vox/debug/stats_history.h"

#include <cstdint>
#include <filesystem>
#include <memory>

union SDL_Event;

namespace vox {
class Window;
}

namespace invaders {

/// See the file comment.
class DebugOverlay {
public:
    /// Builds the line shaders from `shaderDirectory` and the ImGui layer for `window` (its GL context
    /// current). `shown`: start visible.
    [[nodiscard]] static vox::Result<std::unique_ptr<DebugOverlay>>
    create(const std::filesystem::path& shaderDirectory, const vox::Window& window, bool shown);

    /// Visibility, layers, depth filter, pause.
    [[nodiscard]] OverlayState& state() { return m_state; }
    [[nodiscard]] const OverlayState& state() const { return m_state; }

    /// Passes an SDL event to the panel while shown; true when the panel wants it for itself.
    bool handleEvent(const SDL_Event& event);
    /// Takes the figures of the step `scene` just ran (phase times, contacts). Nothing while hidden.
    void recordStep(const SceneDebugView& scene);
    /// Draws the overlay for `scene` into the bound framebuffer of `width` x `height` pixels. Window
    /// mouse coordinates map to it as `mouse` says. `frameRate`: the wall time of the latest frames (the
    /// panel's "frame" line); none or empty shows "-" (headless runs: reproducible screenshots). Nothing
    /// while hidden.
    void render(const SceneDebugView& scene, int width, int height, const vox::ImGuiFrameSettings& mouse,
                const FrameRate* frameRate = nullptr);

    /// Lines of the last `render` (empty after a hidden frame).
    [[nodiscard]] const vox::LineBatch& lines() const { return m_lines; }
    /// What the last `render` drew in 3D.
    [[nodiscard]] const OverlayGeometryCounts& geometryCounts() const { return m_counts; }
    /// Draw calls the last `render` issued (lines and panel).
    [[nodiscard]] int32_t lastDrawCalls() const { return m_drawCalls; }
    /// Frames rendered while shown.
    [[nodiscard]] int64_t framesRendered() const { return m_framesRendered; }

private:
    DebugOverlay(vox::LineRenderer lineRenderer, vox::ImGuiLayer gui, bool shown);
    void drawPanel(const SceneDebugView& scene, const FrameRate* frameRate);
    // The panel's parts below the tree's counts: the times, the layers shown, pause and step.
    void timesSection(const SceneDebugView& scene, const FrameRate* frameRate);
    void layersSection();
    void pauseSection();

    OverlayState m_state;
    vox::LineRenderer m_lineRenderer;
    vox::ImGuiLayer m_gui;
    vox::LineBatch m_lines;
    ContactTrail m_contacts;
    OverlayGeometryCounts m_counts;
    vox::StatsHistory m_simulationMs{120};
    vox::StatsHistory m_broadphaseMs{120};
    vox::StatsHistory m_narrowphaseMs{120};
    vox::StatsHistory m_renderMs{120};
    vox::StatsHistory m_overlayMs{120}; // CPU work only: the GL calls, which may wait for the driver, not
                                        // included
    const Simulation* m_lastSimulation = nullptr;
    int32_t m_drawCalls = 0;
    int64_t m_framesRendered = 0;
    int64_t m_panelFrames = 0;
};

} // namespace invaders
