#include "scene/beat_light.h"

#include <algorithm>

namespace invaders {

void BeatLight::step(std::span<const SimEvent> events) {
    m_stepsSinceNote = std::min(m_stepsSinceNote + 1, kFadeSteps);
    for (const SimEvent& event : events) {
        if (event.type == SimEventType::MarchNote)
            m_stepsSinceNote = 0;
    }
}

float BeatLight::level() const {
    return 1.0f - static_cast<float>(m_stepsSinceNote) / static_cast<float>(kFadeSteps);
}

} // namespace invaders
