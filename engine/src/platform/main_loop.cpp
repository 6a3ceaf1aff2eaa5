#include "vox/platform/main_loop.h"

namespace vox {

// The desktop: the program paces itself (vsync in swapBuffers, or its own short sleep).
int runMainLoop(const std::function<bool()>& frame, const std::function<int()>& finish, LoopPacing) {
    while (frame()) {
    }
    return finish();
}

} // namespace vox
