#pragma once
// Synthetic SDL keyboard events, built as SDL delivers them, for tests that drive an ActionMap.

#include "vox/platform/action_map.h"

#include <SDL.h>

namespace vox::test {

/// A key event of `type` (SDL_KEYDOWN or SDL_KEYUP) for `scancode`.
inline SDL_Event keyEvent(Uint32 type, SDL_Scancode scancode, Uint16 modifiers = KMOD_NONE,
                          Uint8 repeat = 0) {
    SDL_Event event{};
    event.type = type;
    event.key.state = type == SDL_KEYDOWN ? SDL_PRESSED : SDL_RELEASED;
    event.key.repeat = repeat;
    event.key.keysym.scancode = scancode;
    event.key.keysym.sym = SDL_GetKeyFromScancode(scancode);
    event.key.keysym.mod = modifiers;
    return event;
}

/// Presses and releases `scancode`, then returns the step's actions.
inline ActionState tapKey(ActionMap& actions, SDL_Scancode scancode) {
    actions.handleEvent(keyEvent(SDL_KEYDOWN, scancode));
    actions.handleEvent(keyEvent(SDL_KEYUP, scancode));
    return actions.takeStep();
}

} // namespace vox::test
