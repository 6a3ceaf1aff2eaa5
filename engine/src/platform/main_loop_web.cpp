#include "vox/platform/main_loop.h"

#include <emscripten/emscripten.h>

#include <utility>

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
        return finish();
    }
    // fps 0: requestAnimationFrame. simulate_infinite_loop: this call does not return and the caller's
    // stack (the objects `frame` refers to) is kept.
    emscripten_set_main_loop_arg(browserFrame, new Loop{frame, finish}, 0, true);
    return 0; // not reached
}

} // namespace vox
