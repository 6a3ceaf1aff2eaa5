#include "runner/scene_stepper.h"

#include "debug/debug_overlay.h"
#include "demo_scene.h"
#include "persist/key_rebinding.h"
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

SceneStepper::SceneStepper(DemoScene& scene, RunnerGame* game, vox::ActionMap& actions,
                           WindowControls& window, const Settings& viewOptions,
                           std::optional<int64_t> stepLimit)
    : m_scene(scene), m_game(game), m_actions(actions), m_window(window), m_stepLimit(stepLimit),
      m_viewOptions(viewOptions) {
    // Start-up: the window, the action map and the audio were built plain; the first update applies the
    // options the run starts with, as any later change is applied.
    applyOptions(wantedOptions());
}

void SceneStepper::handleEvent(const SDL_Event& event) {
    m_actions.handleEvent(event);
    // The controls screen needs the key itself, not what it is bound to.
    if (m_game && event.type == SDL_KEYDOWN && event.key.repeat == 0)
        m_game->keyPressed(event.key.keysym.scancode);
    if (m_game && event.type == SDL_CONTROLLERBUTTONDOWN)
        m_game->buttonPressed();
    if (event.type == SDL_QUIT) // window closed or Ctrl+C (SDL turns SIGINT into SDL_QUIT)
        m_running = false;
}

bool SceneStepper::handleTouchEvent(const SDL_Event& event, vox::PixelSize drawable) {
    return m_touch != nullptr && m_game != nullptr && m_touch->handleEvent(event, drawable, m_aspect);
}

void SceneStepper::step() {
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
    applyOptions(wantedOptions()); // once per step: F11, or whatever screen changed them
}

void SceneStepper::stepScene(const vox::ActionState& input) {
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

const Settings& SceneStepper::wantedOptions() const {
    return m_game ? m_game->flow().options() : m_viewOptions;
}

void SceneStepper::toggleFullscreen() {
    if (m_game)
        m_game->toggleFullscreen();
    else
        m_viewOptions.fullscreen = !m_viewOptions.fullscreen;
}

void SceneStepper::endFrameSteps() {
    if (m_soak && !m_running && !m_soakFailure)
        m_soak->finish(m_stepsRun);
}

// Applies and saves what differs from the options in force (OptionsApplier), then tells the options screen
// what the window granted. A refusal is a warning and a note on the options screen.
void SceneStepper::applyOptions(const Settings& wanted) {
    const OptionsUpdate update = m_optionsApplier.update(wanted, *this);
    if (update.note && m_game)
        m_game->setOptionsNote(*update.note);
    if (update.difference.any)
        reportDisplay();
}

void SceneStepper::reportDisplay() {
    if (m_game)
        m_game->setDisplay(m_window.display());
}

void SceneStepper::applyKeys(const KeyBindings& keys) {
    applyKeyBindings(keys, m_actions);
}

vox::Status SceneStepper::applyFullscreen(bool fullscreen) {
    vox::Status status = m_window.setFullscreen(fullscreen);
    warn(status);
    return status;
}

vox::Status SceneStepper::applyVsync(bool vsync) {
    vox::Status status = m_window.setVsync(vsync);
    warn(status);
    return status;
}

void SceneStepper::applyVolumes(const Volumes& volumes) {
    if (m_game)
        m_game->setVolumes(volumes);
}

void SceneStepper::save(const Settings& settings) {
    if (m_game)
        m_game->saveOptions(settings);
}

} // namespace invaders
