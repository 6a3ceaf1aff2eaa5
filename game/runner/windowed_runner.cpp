#include "runner/windowed_runner.h"

#include "debug/debug_overlay.h"

#include <cstdio>

namespace invaders {

WindowedRunner::WindowedRunner(SceneStepper& stepper, FrameDrawer& drawer, vox::Window& window,
                               DebugOverlay* overlay)
    : m_stepper(stepper), m_drawer(drawer), m_window(window), m_overlay(overlay) {
    if (auto gamepads = vox::Gamepads::create())
        m_gamepads = std::move(gamepads).value();
    else
        std::fprintf(stderr, "voxel-invaders: note: %s\n", gamepads.error().message.c_str());
}

void WindowedRunner::handleEvent(const SDL_Event& event) {
    m_window.handleEvent(event); // the size frames are letterboxed into
    if (m_gamepads)
        m_gamepads->handleEvent(event);
    if (m_stepper.handleTouchEvent(event, m_window.drawableSize()))
        return; // a finger: the touch controls' (touch_input.h), whatever SDL also made of it
    if (m_overlay && m_overlay->handleEvent(event))
        return; // a click or a drag on the panel, not for the game
    m_stepper.handleEvent(event);
}

bool WindowedRunner::frame() {
    if (!m_stepper.running())
        return false;
    const uint64_t now = SDL_GetPerformanceCounter();
    const double seconds =
        frameSeconds(RunMode::Windowed, m_clock.settings(), now - m_lastTicks, SDL_GetPerformanceFrequency());
    m_lastTicks = now;
    const bool running = runFrame(RunMode::Windowed, seconds, m_clock, m_stepper, m_drawer, m_drawFailure);
    if (!m_drawFailure && restsAfterFrame(RunMode::Windowed, m_window.hasVsync()))
        SDL_Delay(1);
    return running;
}

} // namespace invaders
