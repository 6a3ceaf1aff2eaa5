#pragma once
// `Runner`: a run of the game (or of --view's scene), one class in a window and headless; the mode
// (frame_pacing.h) says how frames are paced. Each frame: the steps the fixed-step clock hands out for the
// frame's time, then the picture when the mode draws it. Each step: the input since the last (the keys
// themselves to the game, for the screens that take them), the Quit action, F11, the debug overlay's
// pause, the scene's step, the options applied and saved once (`OptionsApplier`; start-up is its first
// update), the end of the flow, the step limit and the soak report. A key travels: SDL -> `handleEvent`
// -> `GameScene` -> its flow. No window or GL of its own, so tests drive it with a fake window and drawer.

#include "options_applier.h"
#include "runner/frame_pacing.h"

#include "vox/core/result.h"
#include "vox/platform/action.h"
#include "vox/platform/action_map.h"
#include "vox/platform/fixed_step_clock.h"
#include "vox/platform/gamepads.h"
#include "vox/platform/window.h"

#include <SDL.h>

#include <cstdint>
#include <optional>
#include <string>

namespace invaders {

class DebugOverlay;
class DemoScene;
class GameScene;
class SoakReport;
class TouchInput;
struct DisplayState;

/// What the runner needs of the window: the display options, what was granted, its size and events.
class WindowControls {
public:
    virtual ~WindowControls() = default;
    /// Makes the window fullscreen or not; an error when the window system refused.
    virtual vox::Status setFullscreen(bool fullscreen) = 0;
    /// Turns vsync on or off; an error when the driver refused.
    virtual vox::Status setVsync(bool vsync) = 0;
    /// What the window really does now.
    [[nodiscard]] virtual DisplayState display() const = 0;
    /// One of the window's own events (its size changing); the runner passes on every event in a window.
    virtual void handleEvent(const SDL_Event& event) = 0;
    /// The window's size in pixels (where fingers land).
    [[nodiscard]] virtual vox::PixelSize drawableSize() const = 0;
};

/// Draws a frame of the run (the app's `FrameRenderer` into the window; tests count the calls).
class FrameDrawer {
public:
    virtual ~FrameDrawer() = default;
    /// Draws the scene `alpha` (0..1) of the way from the previous step to the latest; an error when the
    /// frame could not be drawn (the run then ends with it).
    virtual vox::Status draw(double alpha) = 0;
};

/// How a run goes.
struct RunnerSettings {
    RunMode mode = RunMode::Windowed; ///< Paced by the display, or one step per frame (frame_pacing.h).
    std::optional<int64_t> stepLimit; ///< The run ends after that many steps (stepLimit(), command_line.h).
    Settings viewOptions;             ///< The options of a run without a game (--view); a game's flow
                                      ///< holds its own.
};

/// See the file comment.
class Runner final : private OptionsTarget {
public:
    /// Runs `scene` (`game` when it is the game; null in --view) with the steps of `actions` in `window`,
    /// drawing with `drawer`; all borrowed, and must outlive it. Applies the options the run starts with
    /// (the game's flow's, else `settings.viewOptions`) to the window, `actions` and the audio, which were
    /// built plain. In a window it opens the gamepads (without them the keyboard still works: a note says
    /// why).
    Runner(DemoScene& scene, GameScene* game, vox::ActionMap& actions, WindowControls& window,
           FrameDrawer& drawer, const RunnerSettings& settings);

    /// Shows the overlay's pause, takes its toggle key and, in a window, its panel's clicks (none: no
    /// overlay).
    void setOverlay(DebugOverlay* overlay) { m_overlay = overlay; }
    /// Takes fingers through `touch` (the on-screen controls, touch_input.h); `aspect` is the game's width /
    /// height, which the window letterboxes. None (the default): touches are ignored.
    void setTouchInput(TouchInput* touch, double aspect) {
        m_touch = touch;
        m_aspect = aspect;
    }
    /// Checks each step against the soak report (VOX_SOAK_REPORT; none: no checks).
    void setSoak(SoakReport* soak) { m_soak = soak; }

    /// One event. In a window: the window's size, the gamepads, a finger, the overlay's panel, then the
    /// game's; headless only the game's (SDL_QUIT, Ctrl+C, the keys tests send). The game's: actions, the
    /// key itself for the screens, the window closing.
    void handleEvent(const SDL_Event& event);
    /// One frame: the steps due, then the picture when the mode draws it. False when the run is over
    /// (after its last picture; closed or Ctrl+C: none).
    [[nodiscard]] bool frame();

    /// False once the run is over: Quit, the window closed, the flow finished, the step limit, a soak
    /// failure, a frame that could not be drawn.
    [[nodiscard]] bool running() const { return m_running; }
    /// Steps run so far (the overlay's pause does not count).
    [[nodiscard]] uint64_t stepsRun() const { return m_stepsRun; }
    /// What the soak report found wrong, if anything.
    [[nodiscard]] const std::optional<std::string>& soakFailure() const { return m_soakFailure; }
    /// Why a frame could not be drawn, if one could not.
    [[nodiscard]] const std::optional<std::string>& drawFailure() const { return m_drawFailure; }

private:
    bool takenBeforeTheGame(const SDL_Event& event);
    void step();
    void stepScene(const vox::ActionState& input);
    void endFrameSteps();
    [[nodiscard]] double frameSeconds();
    // The options the run wants: the game's flow's (its screens edit them), or --view's own.
    [[nodiscard]] const Settings& wantedOptions() const;
    void toggleFullscreen();
    void applyOptions();
    void reportDisplay();
    // OptionsTarget: where the options take effect in this run.
    void applyKeys(const KeyBindings& keys) override;
    vox::Status applyFullscreen(bool fullscreen) override;
    vox::Status applyVsync(bool vsync) override;
    void applyVolumes(const Volumes& volumes) override;
    void save(const Settings& settings) override;

    DemoScene& m_scene;
    GameScene* m_game;
    vox::ActionMap& m_actions;
    WindowControls& m_window;
    FrameDrawer& m_drawer;
    RunMode m_mode;
    std::optional<int64_t> m_stepLimit;
    Settings m_viewOptions;
    DebugOverlay* m_overlay = nullptr;
    SoakReport* m_soak = nullptr;
    TouchInput* m_touch = nullptr;
    double m_aspect = 16.0 / 9.0;
    std::optional<vox::Gamepads> m_gamepads; // a window's; none headless or when they could not open
    OptionsApplier m_optionsApplier;         // the options the window, m_actions and the audio follow
    vox::FixedStepClock m_clock;
    uint64_t m_lastTicks = 0; // performance counter at the previous frame
    uint64_t m_stepsRun = 0;
    std::optional<std::string> m_soakFailure;
    std::optional<std::string> m_drawFailure;
    bool m_running = true;
};

} // namespace invaders
