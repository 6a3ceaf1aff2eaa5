#include "runner/runner.h"

#include "debug/debug_overlay.h"
#include "demo_scene.h"
#include "persist/key_rebinding.h"
#include "scene/game_scene.h"
#include "soak_report.h"
#include "touch_input.h"

#include <cstdio>

namespace invaders {
namespace {

void warn(const vox::Status& status) {
    if (!status)
        std::fprintf(stderr, "voxel-invaders: warning: %s\n", status.error().message.c_str());
}

} // namespace

Runner::Runner(DemoScene& scene, GameScene* game, vox::ActionMap& actions, WindowControls& window,
               FrameDrawer& drawer, const RunnerSettings& settings)
    : m_scene(scene), m_game(game), m_actions(actions), m_window(window), m_drawer(drawer),
      m_mode(settings.mode), m_stepLimit(settings.stepLimit), m_viewOptions(settings.viewOptions),
      m_clock(clockSettings(settings.mode)), m_lastTicks(SDL_GetPerformanceCounter()) {
    if (m_mode == RunMode::Windowed) {
        if (auto gamepads = vox::Gamepads::create())
            m_gamepads = std::move(gamepads).value();
        else
            std::fprintf(stderr, "voxel-invaders: note: %s\n", gamepads.error().message.c_str());
    }
    // Start-up: the window, the action map and the audio were built plain; the first update applies the
    // options the run starts with, as any later change is applied.
    applyOptions();
}

// --- Events and frames --------------------------------------------------------------------------------

void Runner::handleEvent(const SDL_Event& event) {
    if (m_mode == RunMode::Windowed && takenBeforeTheGame(event))
        return;
    m_actions.handleEvent(event);
    // The controls and initials screens need the key itself, not what it is bound to.
    if (m_game && event.type == SDL_KEYDOWN && event.key.repeat == 0)
        m_game->keyPressed(event.key.keysym.scancode);
    if (m_game && event.type == SDL_CONTROLLERBUTTONDOWN)
        m_game->buttonPressed();
    if (event.type == SDL_QUIT) // window closed or Ctrl+C (SDL turns SIGINT into SDL_QUIT)
        m_running = false;
}

// A window's own events, the gamepads', a finger's and the overlay panel's clicks: true when one of them
// took the event and the game should not see it.
bool Runner::takenBeforeTheGame(const SDL_Event& event) {
    m_window.handleEvent(event); // the size frames are letterboxed into
    if (m_gamepads)
        m_gamepads->handleEvent(event);
    if (m_touch != nullptr && m_game != nullptr &&
        m_touch->handleEvent(event, m_window.drawableSize(), m_aspect))
        return true; // a finger: the touch controls' (touch_input.h), whatever SDL also made of it
    return m_overlay && m_overlay->handleEvent(event); // a click or a drag on the panel
}

bool Runner::frame() {
    if (!m_running) // closed or Ctrl+C: no last picture
        return false;
    const vox::FrameSteps steps = m_clock.advance(frameSeconds());
    for (int i = 0; i < steps.steps && m_running; ++i)
        step();
    endFrameSteps();
    if (drawsFrame(m_mode, m_running)) {
        if (vox::Status status = m_drawer.draw(drawAlpha(m_mode, steps)); !status) {
            m_drawFailure = status.error().message;
            m_running = false;
        }
    }
    if (!m_drawFailure && restsAfterFrame(m_mode, m_window.display().vsync))
        SDL_Delay(1);
    return m_running;
}

double Runner::frameSeconds() {
    const uint64_t now = SDL_GetPerformanceCounter();
    const uint64_t ticks = now - m_lastTicks;
    m_lastTicks = now;
    return invaders::frameSeconds(m_mode, m_clock.settings(), ticks, SDL_GetPerformanceFrequency());
}

// After a frame's steps: the soak's last figures once the run is over (before the last frame, whose
// one-off GL memory is not the game's).
void Runner::endFrameSteps() {
    if (m_soak && !m_running && !m_soakFailure)
        m_soak->finish(m_stepsRun);
}

// --- Steps --------------------------------------------------------------------------------------------

void Runner::step() {
    vox::ActionState input = m_actions.takeStep();
    if (m_touch != nullptr && m_game != nullptr)
        input = m_touch->step(input, *m_game, m_game->flow());
    if (input.pressed(Action::Quit))
        m_running = false;
    // While the controls screen listens, F11 or F3 may be the key being chosen, not a command.
    const bool listening = m_game && m_game->flow().listeningForKey();
    if (input.pressed(Action::ToggleFullscreen) && !listening)
        toggleFullscreen(); // a window command: on any screen, and while the overlay holds the game
    if (m_overlay && !listening)
        m_overlay->state().applyInput(input);
    if (!m_overlay || m_overlay->state().takeStep()) // else held by the overlay's pause
        stepScene(input);
    applyOptions(); // once per step: F11, or whatever screen changed them
}

void Runner::stepScene(const vox::ActionState& input) {
    m_scene.step(input);
    if (m_overlay)
        m_overlay->recordStep(m_scene.debugView());
    if (m_game && m_game->flow().finished())
        m_running = false;
    ++m_stepsRun;
    if (m_soak && m_game) {
        if (vox::Status checked = m_soak->afterStep(m_stepsRun, m_game->flow().simulation()); !checked) {
            m_soakFailure = checked.error().message;
            m_running = false;
        }
    }
    if (m_stepLimit && m_stepsRun >= static_cast<uint64_t>(*m_stepLimit))
        m_running = false;
}

// --- Options ------------------------------------------------------------------------------------------

const Settings& Runner::wantedOptions() const {
    return m_game ? m_game->flow().options() : m_viewOptions;
}

void Runner::toggleFullscreen() {
    if (m_game)
        m_game->toggleFullscreen();
    else
        m_viewOptions.fullscreen = !m_viewOptions.fullscreen;
}

// Applies and saves what differs from the options in force (OptionsApplier), then tells the options screen
// what the window granted. A refusal is a warning and a note on the options screen.
void Runner::applyOptions() {
    const OptionsUpdate update = m_optionsApplier.update(wantedOptions(), *this);
    if (update.note && m_game)
        m_game->setOptionsNote(*update.note);
    if (update.difference.any)
        reportDisplay();
}

void Runner::reportDisplay() {
    if (m_game)
        m_game->setDisplay(m_window.display());
}

void Runner::applyKeys(const KeyBindings& keys) {
    applyKeyBindings(keys, m_actions);
}

vox::Status Runner::applyFullscreen(bool fullscreen) {
    vox::Status status = m_window.setFullscreen(fullscreen);
    warn(status);
    return status;
}

vox::Status Runner::applyVsync(bool vsync) {
    vox::Status status = m_window.setVsync(vsync);
    warn(status);
    return status;
}

void Runner::applyVolumes(const Volumes& volumes) {
    if (m_game)
        m_game->setVolumes(volumes);
}

void Runner::save(const Settings& settings) {
    if (m_game)
        m_game->saveOptions(settings);
}

} // namespace invaders
