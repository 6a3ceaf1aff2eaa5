#include "vox/platform/fixed_step_clock.h"

#include "vox/core/assert.h"

#include <algorithm>
#include <cmath>

namespace vox {

FixedStepClock::FixedStepClock(const FixedStepSettings& settings) : m_settings(settings) {
    VOX_ASSERT(settings.stepSeconds > 0.0, "FixedStepSettings::stepSeconds must be positive");
    VOX_ASSERT(settings.maxStepsPerFrame >= 1, "FixedStepSettings::maxStepsPerFrame must be at least 1");
    VOX_ASSERT(settings.smoothingFrames >= 1 && settings.smoothingFrames <= kMaxSmoothingFrames,
               "FixedStepSettings::smoothingFrames must be 1 to kMaxSmoothingFrames");
    VOX_ASSERT(settings.maxLagSeconds >= 0.0, "FixedStepSettings::maxLagSeconds must not be negative");
}

// The time to bank this frame with smoothing: the mean of the latest frame times, kept between "all the
// reserve but maxLagSeconds" and "all the reserve", so simulated time never runs ahead of real time and
// never trails it by more than the bound.
double FixedStepClock::paced(double elapsedSeconds, double& droppedSeconds) {
    // A stall is not a frame rate: its excess is dropped now rather than averaged into the next frames. A
    // frame is a stall when it is longer than the most steps a frame may run plus the lag allowed.
    const double longest = m_settings.maxStepsPerFrame * m_settings.stepSeconds + m_settings.maxLagSeconds;
    if (elapsedSeconds > longest) {
        droppedSeconds += elapsedSeconds - longest;
        elapsedSeconds = longest;
    }
    m_recent[static_cast<size_t>(m_recentNext)] = elapsedSeconds;
    m_recentNext = (m_recentNext + 1) % m_settings.smoothingFrames;
    m_recentCount = m_recentCount < m_settings.smoothingFrames ? m_recentCount + 1 : m_recentCount;
    double sum = 0.0; // summed afresh each frame: a running sum would drift
    for (int i = 0; i < m_recentCount; ++i)
        sum += m_recent[static_cast<size_t>(i)];
    const double mean = sum / m_recentCount;

    m_reserve += elapsedSeconds;
    const double fed = std::clamp(mean, std::max(m_reserve - m_settings.maxLagSeconds, 0.0), m_reserve);
    m_reserve -= fed;
    return fed;
}

FrameSteps FixedStepClock::advance(double elapsedSeconds) {
    if (!(elapsedSeconds > 0.0)) // also catches NaN
        elapsedSeconds = 0.0;
    double dropped = 0.0;
    if (m_settings.smoothingFrames > 1)
        elapsedSeconds = paced(elapsedSeconds, dropped);
    m_accumulator += elapsedSeconds;

    const double owed = std::floor(m_accumulator / m_settings.stepSeconds);
    FrameSteps frame;
    if (owed > m_settings.maxStepsPerFrame) {
        // Keep the fraction of a step so alpha stays continuous; drop the whole steps we cannot afford.
        frame.steps = m_settings.maxStepsPerFrame;
        const double kept =
            std::isfinite(m_accumulator) ? std::fmod(m_accumulator, m_settings.stepSeconds) : 0.0;
        const double excess = m_accumulator - kept - frame.steps * m_settings.stepSeconds;
        m_accumulator = kept;
        if (m_settings.smoothingFrames > 1) {
            // Paced: the steps this frame cannot run wait in the reserve; only what exceeds the lag allowed
            // is dropped (the game slows down rather than spiral).
            m_reserve += excess;
            if (m_reserve > m_settings.maxLagSeconds) {
                frame.droppedSeconds = m_reserve - m_settings.maxLagSeconds;
                m_reserve = m_settings.maxLagSeconds;
            }
        } else {
            frame.droppedSeconds = excess;
        }
    } else {
        frame.steps = static_cast<int>(owed);
        m_accumulator -= frame.steps * m_settings.stepSeconds;
    }
    // Rounding can leave the accumulator a hair outside [0, step); alpha must stay in [0, 1).
    if (m_accumulator < 0.0)
        m_accumulator = 0.0;
    else if (m_accumulator >= m_settings.stepSeconds)
        m_accumulator = std::nextafter(m_settings.stepSeconds, 0.0);
    frame.droppedSeconds += dropped;
    m_totalSteps += static_cast<uint64_t>(frame.steps);
    frame.alpha = alpha();
    return frame;
}

} // namespace vox
