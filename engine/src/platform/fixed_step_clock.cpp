#include "vox/platform/fixed_step_clock.h"

#include "vox/core/assert.h"

#include <cmath>

namespace vox {

FixedStepClock::FixedStepClock(const FixedStepSettings& settings) : m_settings(settings) {
    VOX_ASSERT(settings.stepSeconds > 0.0, "FixedStepSettings::stepSeconds must be positive");
    VOX_ASSERT(settings.maxStepsPerFrame >= 1, "FixedStepSettings::maxStepsPerFrame must be at least 1");
}

FrameSteps FixedStepClock::advance(double elapsedSeconds) {
    if (!(elapsedSeconds > 0.0)) // also catches NaN
        elapsedSeconds = 0.0;
    m_accumulator += elapsedSeconds;

    const double owed = std::floor(m_accumulator / m_settings.stepSeconds);
    FrameSteps frame;
    if (owed > m_settings.maxStepsPerFrame) {
        // Keep the fraction of a step so alpha stays continuous; drop the whole steps we cannot afford.
        frame.steps = m_settings.maxStepsPerFrame;
        const double kept =
            std::isfinite(m_accumulator) ? std::fmod(m_accumulator, m_settings.stepSeconds) : 0.0;
        frame.droppedSeconds = m_accumulator - kept - frame.steps * m_settings.stepSeconds;
        m_accumulator = kept;
    } else {
        frame.steps = static_cast<int>(owed);
        m_accumulator -= frame.steps * m_settings.stepSeconds;
    }
    // Rounding can leave the accumulator a hair outside [0, step); alpha must stay in [0, 1).
    if (m_accumulator < 0.0)
        m_accumulator = 0.0;
    else if (m_accumulator >= m_settings.stepSeconds)
        m_accumulator = std::nextafter(m_settings.stepSeconds, 0.0);
    m_totalSteps += static_cast<uint64_t>(frame.steps);
    frame.alpha = alpha();
    return frame;
}

} // namespace vox
