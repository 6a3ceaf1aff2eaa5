#include "runner/frame_pacing.h"

namespace invaders {

vox::FixedStepSettings clockSettings(RunMode mode) {
    return mode == RunMode::Headless ? vox::FixedStepSettings{} : vox::pacedFixedStepSettings();
}

vox::LoopPacing loopPacing(RunMode mode) {
    return mode == RunMode::Headless ? vox::LoopPacing::AsFastAsCan : vox::LoopPacing::Display;
}

double frameSeconds(RunMode mode, const vox::FixedStepSettings& clock, uint64_t counterTicks,
                    uint64_t counterFrequency) {
    if (mode == RunMode::Headless)
        return clock.stepSeconds;
    if (counterFrequency == 0)
        return 0.0;
    return static_cast<double>(counterTicks) / static_cast<double>(counterFrequency);
}

bool drawsFrame(RunMode mode, bool running) {
    return mode == RunMode::Windowed || !running;
}

double drawAlpha(RunMode mode, const vox::FrameSteps& steps) {
    return mode == RunMode::Headless ? 1.0 : steps.alpha;
}

bool restsAfterFrame(RunMode mode, bool vsync) {
    return mode == RunMode::Windowed && !vsync;
}

} // namespace invaders
