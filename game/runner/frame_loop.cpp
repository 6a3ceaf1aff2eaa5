#include "runner/frame_loop.h"

#include "runner/scene_stepper.h"

namespace invaders {

bool runFrame(RunMode mode, double seconds, vox::FixedStepClock& clock, SceneStepper& stepper,
              FrameDrawer& drawer, std::optional<std::string>& failure) {
    const vox::FrameSteps steps = clock.advance(seconds);
    for (int i = 0; i < steps.steps && stepper.running(); ++i)
        stepper.step();
    stepper.endFrameSteps();
    if (!drawsFrame(mode, stepper.running()))
        return true;
    if (vox::Status status = drawer.draw(drawAlpha(mode, steps)); !status) {
        failure = status.error().message;
        return false;
    }
    return stepper.running();
}

} // namespace invaders
