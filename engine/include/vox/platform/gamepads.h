#pragma once
/// @file
/// `Gamepads`: opens game controllers as they are plugged in and closes them when they go, so that their
/// button and axis events reach the event queue (and from there an `ActionMap`).

#include "vox/core/result.h"

#include <SDL.h>

#include <vector>

namespace vox {

/// The connected game controllers. Move-only; releases them and SDL's game-controller subsystem on
/// destruction.
class Gamepads {
public:
    /// Starts SDL's game-controller subsystem. Controllers already plugged in arrive as
    /// SDL_CONTROLLERDEVICEADDED events, which `handleEvent` opens.
    [[nodiscard]] static Result<Gamepads> create();

    /// Takes over `other`'s resources; `other` is left empty.
    Gamepads(Gamepads&& other) noexcept;
    /// Releases this object's resources, then takes over `other`'s.
    Gamepads& operator=(Gamepads&& other) noexcept;
    Gamepads(const Gamepads&) = delete;
    Gamepads& operator=(const Gamepads&) = delete;
    /// Releases the resources (see the class comment).
    ~Gamepads();

    /// Opens added controllers and closes removed ones; ignores every other event.
    void handleEvent(const SDL_Event& event);
    /// Number of open controllers.
    [[nodiscard]] int count() const { return static_cast<int>(m_controllers.size()); }

private:
    Gamepads() = default;
    void closeAll();

    std::vector<SDL_GameController*> m_controllers;
    bool m_ownsSubsystem = false;
};

} // namespace vox
