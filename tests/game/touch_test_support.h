#pragma once
// What the touch tests share: a finger's SDL event as SDL makes one from a touch screen.

#include <SDL.h>
#include <glm/glm.hpp>

namespace invaders::test {

/// An SDL finger event of `type` (SDL_FINGERDOWN, SDL_FINGERMOTION, SDL_FINGERUP) for finger `id` of touch
/// device 1, at `at` (fractions of the window, 0..1 from the top left).
inline SDL_Event fingerEvent(Uint32 type, SDL_FingerID id, glm::vec2 at) {
    SDL_Event event{};
    event.type = type;
    event.tfinger.touchId = 1;
    event.tfinger.fingerId = id;
    event.tfinger.x = at.x;
    event.tfinger.y = at.y;
    return event;
}

} // namespace invaders::test
