#include "vox/platform/gamepads.h"

#include <algorithm>
#include <cstdio>
#include <utility>

namespace vox {

Result<Gamepads> Gamepads::create() {
    if (SDL_InitSubSystem(SDL_INIT_GAMECONTROLLER) != 0)
        return Error{std::string("cannot start SDL game controllers: ") + SDL_GetError()};
    Gamepads gamepads;
    gamepads.m_ownsSubsystem = true;
    return gamepads;
}

Gamepads::Gamepads(Gamepads&& other) noexcept
    : m_controllers(std::move(other.m_controllers)),
      m_ownsSubsystem(std::exchange(other.m_ownsSubsystem, false)) {
    other.m_controllers.clear();
}

Gamepads& Gamepads::operator=(Gamepads&& other) noexcept {
    if (this != &other) {
        closeAll();
        m_controllers = std::move(other.m_controllers);
        other.m_controllers.clear();
        m_ownsSubsystem = std::exchange(other.m_ownsSubsystem, false);
    }
    return *this;
}

Gamepads::~Gamepads() {
    closeAll();
}

void Gamepads::closeAll() {
    for (SDL_GameController* controller : m_controllers)
        SDL_GameControllerClose(controller);
    m_controllers.clear();
    if (m_ownsSubsystem)
        SDL_QuitSubSystem(SDL_INIT_GAMECONTROLLER);
    m_ownsSubsystem = false;
}

void Gamepads::handleEvent(const SDL_Event& event) {
    if (event.type == SDL_CONTROLLERDEVICEADDED) {
        // cdevice.which is a device index here, an instance id in the removal event.
        if (SDL_GameController* controller = SDL_GameControllerOpen(event.cdevice.which))
            m_controllers.push_back(controller);
        else
            std::fprintf(stderr, "note: cannot open game controller: %s\n", SDL_GetError());
    } else if (event.type == SDL_CONTROLLERDEVICEREMOVED) {
        const auto removed =
            std::find_if(m_controllers.begin(), m_controllers.end(), [&](SDL_GameController* c) {
                return SDL_JoystickInstanceID(SDL_GameControllerGetJoystick(c)) == event.cdevice.which;
            });
        if (removed != m_controllers.end()) {
            SDL_GameControllerClose(*removed);
            m_controllers.erase(removed);
        }
    }
}

} // namespace vox
