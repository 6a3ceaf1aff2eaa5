#include "gl_debug_group.h"
#include "vox/platform/gl_debug.h"

// WebGL 2 has no KHR_debug: the browser's console reports GL errors itself (vox/platform/gl_debug.h).
namespace vox {

bool glDebugOutputEnabled() {
    return false;
}

void forgetGlDebugOutput() {}

bool enableGlDebugOutput() {
    return false;
}

namespace detail {

void pushGlDebugGroup(const char*) {}

void popGlDebugGroup() {}

} // namespace detail

} // namespace vox
