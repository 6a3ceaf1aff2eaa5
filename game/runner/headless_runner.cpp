#include "runner/headless_runner.h"

namespace invaders {

bool HeadlessRunner::frame() {
    if (!m_stepper.running()) // closed or Ctrl+C: no last picture
        return false;
    const double seconds = frameSeconds(RunMode::Headless, m_clock.settings(), 0, 0);
    return runFrame(RunMode::Headless, seconds, m_clock, m_stepper, m_drawer, m_drawFailure);
}

} // namespace invaders
