#include "vox/platform/main_loop.h"

#include <emscripten/emscripten.h>

#include <string>

namespace vox {
namespace {

struct Loop {
    std::function<bool()> frame;
    std::function<int()> finish;
};

void browserFrame(void* argument) {
    auto* loop = static_cast<Loop*>(argument);
    if (loop->frame())
        return;
    emscripten_cancel_main_loop();
    const int status = loop->finish();
    delete loop;
    emscripten_force_exit(status); // Module.onExit(status) tells the page
}

} // namespace

int runMainLoop(const std::function<bool()>& frame, const std::function<int()>& finish, LoopPacing pacing) {
    if (pacing == LoopPacing::AsFastAsCan) {
        // Headless runs (tests, the state hash): nothing to show until the end, so the page simply waits.
        while (frame()) {
        }
        const int status = finish();
        // The runtime stays: leaving it would take the last frame off the canvas, which tests look at.
        // Module.onFinish(status) tells the page instead of Module.onExit.
        emscripten_run_script(
            ("if (Module.onFinish) Module.onFinish(" + std::to_string(status) + ");").c_str());
        emscripten_exit_with_live_runtime();
        return status; // not reached
    }
    // fps 0: requestAnimationFrame. simulate_infinite_loop: this call does not return and the caller's
    // stack (the objects `frame` refers to) is kept.
    emscripten_set_main_loop_arg(browserFrame, new Loop{frame, finish}, 0, true);
    return 0; // not reached
}

} // namespace vox
