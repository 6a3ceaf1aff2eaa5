#pragma once
// `FrameRenderer`: draws a run's frames into its window: the scene and the debug overlay at the
// letterboxed frame (window_mapping.h), straight into the back buffer when it can, and the whole frame's
// wall time for the frame-rate figures (--fps, the overlay). Headless it draws exactly --size and keeps
// the frame for the screenshot.

#include "debug/frame_rate.h"
#include "runner/frame_pacing.h"
#include "runner/runner.h"

#include "vox/core/result.h"
#include "vox/platform/window.h"
#include "vox/render/render_target.h"

#include <cstdint>
#include <filesystem>
#include <optional>

namespace invaders {

class DebugOverlay;
class DemoScene;
class GameScene;

/// What the renderer draws and how.
struct FrameRendererSettings {
    RunMode mode = RunMode::Windowed; ///< Headless: exactly `size`, no measured frame times.
    vox::PixelSize size;              ///< The picture's size (--size); a window letterboxes its aspect.
    bool screenshot = false;          ///< The frame is read back (--screenshot): always through a target.
    bool frameRateText = false;       ///< --fps: the game draws the frame-rate line.
};

/// See the file comment.
class FrameRenderer final : public FrameDrawer {
public:
    /// Draws `scene` (`game` when it is the game, else null) and `overlay` (or null) into `window`; all
    /// borrowed.
    FrameRenderer(vox::Window& window, DemoScene& scene, GameScene* game, DebugOverlay* overlay,
                  const FrameRendererSettings& settings)
        : m_window(window), m_scene(scene), m_game(game), m_overlay(overlay), m_settings(settings) {}

    vox::Status draw(double alpha) override;
    /// Writes the latest frame as a PNG; an error when no frame was drawn or the file cannot be written.
    [[nodiscard]] vox::Status writeScreenshot(const std::filesystem::path& path) const;
    /// Every frame's wall time, for --fps's summary.
    [[nodiscard]] const FrameTimeLog& frameLog() const { return m_frameLog; }

private:
    void measureFrame();

    vox::Window& m_window;
    DemoScene& m_scene;
    GameScene* m_game;
    DebugOverlay* m_overlay;
    FrameRendererSettings m_settings;
    vox::RenderTarget m_target;
    FrameRate m_frameRate;                 // the latest frames' wall times (overlay, --fps)
    FrameTimeLog m_frameLog;               // every frame's, for --fps's summary at the end
    std::optional<uint64_t> m_lastPresent; // performance counter at the latest present
};

} // namespace invaders
