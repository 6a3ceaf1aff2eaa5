#pragma once
// `SceneStepper`: what a run does each 60 Hz step, the same for the windowed and the headless runner and
// with no window or GL of its own, so tests drive it directly: the events (raw keys to the flow, the
// window closing), the Quit action, the debug overlay's pause, the scene's step, the options applied and
// saved once (`OptionsApplier`), the end of the flow, the step limit and the soak report.

#include "game_flow.h"
#include "options_applier.h"

#include "vox/core/result.h"
#include "vox/platform/action.h"
#include "vox/platform/action_map.h"
#include "vox/platform/window.h"

#include <SDL.h>

#include <cstdint>
#include <optional>
#include <string>

namespace invaders {

class DebugOverlay;
class DemoScene;
class SoakReport;
class TouchInput;

/// What the stepper needs of the window: the display options and what was granted.
class WindowControls {
public:
    virtual ~WindowControls() = default;
    /// Makes the window fullscreen or not; an error when the window system refused.
    virtual vox::Status setFullscreen(bool fullscreen) = 0;
    /// Turns vsync on or off; an error when the driver refused.
    virtual vox::Status setVsync(bool vsync) = 0;
    /// What the window really does now.
    [[nodiscard]] virtual DisplayState display() const = 0;
};

/// What the stepper needs of the game beyond its scene (the app adapts `GameScene`; tests hold a flow).
class RunnerGame {
public:
    virtual ~RunnerGame() = default;
    /// The screens and the session.
    [[nodiscard]] virtual const GameFlow& flow() const = 0;
    /// A key went down (not a repeat).
    virtual void keyPressed(SDL_Scancode key) = 0;
    /// A gamepad button went down.
    virtual void buttonPressed() = 0;
    /// Plays at these volumes from now on.
    virtual void setVolumes(const Volumes& volumes) = 0;
    /// Writes the options to the settings file, if the run saves.
    virtual void saveOptions(const Settings& options) = 0;
    /// A line the options screen shows about applying them; empty: none.
    virtual void setOptionsNote(std::string note) = 0;
    /// What the window really does, for the options screen.
    virtual void setDisplay(const DisplayState& display) = 0;
    /// A tap on a touch screen at `where` (fractions of the screen), for the next step's menu.
    virtual void tapped(glm::vec2 where) = 0;
    /// F11: flips the fullscreen option (applied after the step).
    virtual void toggleFullscreen() = 0;
};

/// See the file comment.
class SceneStepper final : private OptionsTarget {
public:
    /// Steps `scene` (and `game`, the same scene seen as the game; null in --view) with the steps of
    /// `actions`, and applies the options the run starts with (the game's flow's, else `viewOptions`) to
    /// the window, `actions` and the audio, which were built plain. `stepLimit`: the run ends after that
    /// many steps (stepLimit() in command_line.h). All are borrowed and must outlive it.
    SceneStepper(DemoScene& scene, RunnerGame* game, vox::ActionMap& actions, WindowControls& window,
                 const Settings& viewOptions, std::optional<int64_t> stepLimit);

    /// Shows the overlay's pause and takes its toggle key (none: no overlay).
    void setOverlay(DebugOverlay* overlay) { m_overlay = overlay; }
    /// Takes fingers through `touch` (the on-screen controls, touch_input.h); `aspect` is the game's width /
    /// height, which the window letterboxes. None (the default): touches are ignored.
    void setTouchInput(TouchInput* touch, double aspect) {
        m_touch = touch;
        m_aspect = aspect;
    }
    /// Gives a finger's event (or a mouse event SDL made from one) to the touch input; true when it took
    /// it, and no one else should handle it. `drawable`: the window's size in pixels.
    bool handleTouchEvent(const SDL_Event& event, vox::PixelSize drawable);
    /// Checks each step against the soak report (VOX_SOAK_REPORT; none: no checks).
    void setSoak(SoakReport* soak) { m_soak = soak; }

    /// One event the window, the gamepads and the overlay did not take: actions, raw keys for the
    /// screens, the window closing (or Ctrl+C).
    void handleEvent(const SDL_Event& event);
    /// One fixed step with the actions since the last.
    void step();
    /// After a frame's steps: the soak's last figures once the run is over (before the last frame, whose
    /// one-off GL memory is not the game's).
    void endFrameSteps();

    /// False once the run is over: Quit, the window closed, the flow finished, the step limit, a soak
    /// failure.
    [[nodiscard]] bool running() const { return m_running; }
    /// Ends the run after this step.
    void stop() { m_running = false; }
    /// Steps run so far (the overlay's pause does not count).
    [[nodiscard]] uint64_t stepsRun() const { return m_stepsRun; }
    /// What the soak report found wrong, if anything.
    [[nodiscard]] const std::optional<std::string>& soakFailure() const { return m_soakFailure; }
    /// Tells the options screen what the window really does.
    void reportDisplay();

private:
    void stepScene(const vox::ActionState& input);
    // The options the run wants: the game's flow's (its screens edit them), or --view's own.
    [[nodiscard]] const Settings& wantedOptions() const;
    void toggleFullscreen();
    void applyOptions(const Settings& wanted);
    // OptionsTarget: where the options take effect in this run.
    void applyKeys(const KeyBindings& keys) override;
    vox::Status applyFullscreen(bool fullscreen) override;
    vox::Status applyVsync(bool vsync) override;
    void applyVolumes(const Volumes& volumes) override;
    void save(const Settings& settings) override;

    DemoScene& m_scene;
    RunnerGame* m_game;
    vox::ActionMap& m_actions;
    WindowControls& m_window;
    std::optional<int64_t> m_stepLimit;
    DebugOverlay* m_overlay = nullptr;
    SoakReport* m_soak = nullptr;
    TouchInput* m_touch = nullptr;
    double m_aspect = 16.0 / 9.0;
    OptionsApplier m_optionsApplier; // the options the window, m_actions and the audio follow
    Settings m_viewOptions;          // the model viewer's (it has no flow)
    uint64_t m_stepsRun = 0;
    std::optional<std::string> m_soakFailure;
    bool m_running = true;
};

} // namespace invaders
