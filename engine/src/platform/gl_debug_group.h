#pragma once
// The KHR_debug group calls GlDebugScope makes while debug output is on, kept with the rest of the debug
// output code (gl_debug.cpp; gl_debug_web.cpp, where WebGL has no debug output, never calls them).

namespace vox::detail {

void pushGlDebugGroup(const char* name); // glPushDebugGroup, source "application"
void popGlDebugGroup();                  // glPopDebugGroup

} // namespace vox::detail
