#include "vox/platform/touch_state.h"

#include <algorithm>

namespace vox {

Finger* TouchState::find(int64_t device, int64_t id) {
    // A finger that ended keeps its entry until endStep(); SDL may reuse its id for a new finger at once.
    for (Finger& finger : m_fingers)
        if (finger.device == device && finger.id == id && !finger.ended)
            return &finger;
    return nullptr;
}

bool TouchState::handleEvent(const SDL_Event& event) {
    switch (event.type) {
    case SDL_FINGERDOWN:
    case SDL_FINGERMOTION:
    case SDL_FINGERUP: {
        const SDL_TouchFingerEvent& touch = event.tfinger;
        const glm::vec2 position(touch.x, touch.y);
        Finger* finger = find(touch.touchId, touch.fingerId);
        if (finger == nullptr) {
            // Motion or a lift of a finger not known (it came down before the window had focus, or focus
            // was lost while it was down): nothing to report.
            if (event.type != SDL_FINGERDOWN)
                return true;
            finger = &m_fingers.emplace_back();
            finger->device = touch.touchId;
            finger->id = touch.fingerId;
            finger->start = position;
            finger->began = true;
            m_everTouched = true;
        }
        finger->position = position;
        if (event.type == SDL_FINGERUP)
            finger->ended = true;
        return true;
    }
    case SDL_MOUSEMOTION:
        return event.motion.which == SDL_TOUCH_MOUSEID;
    case SDL_MOUSEBUTTONDOWN:
    case SDL_MOUSEBUTTONUP:
        return event.button.which == SDL_TOUCH_MOUSEID;
    case SDL_MOUSEWHEEL:
        return event.wheel.which == SDL_TOUCH_MOUSEID;
    case SDL_WINDOWEVENT:
        if (event.window.event == SDL_WINDOWEVENT_FOCUS_LOST)
            releaseAll();
        return false;
    default:
        return false;
    }
}

void TouchState::endStep() {
    std::erase_if(m_fingers, [](const Finger& finger) { return finger.ended; });
    for (Finger& finger : m_fingers)
        finger.began = false;
}

void TouchState::releaseAll() {
    for (Finger& finger : m_fingers)
        finger.ended = true;
}

} // namespace vox
