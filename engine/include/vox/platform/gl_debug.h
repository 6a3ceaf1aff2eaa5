#pragma once
/// @file
/// GL debug output: driver messages (errors, undefined behaviour, performance warnings) logged to stderr
/// as they happen, through GL_KHR_debug. `Window::create()` turns it on for debug builds. Part of the
/// platform module because it belongs to the GL context the window makes, as do the scopes that name the
/// calls (gl_debug_scope.h).

namespace vox {

/// Enables synchronous KHR_debug output on the current context and logs every message above
/// "notification" severity to stderr, as "GL <severity> <type> (<source>): <message>", except the shader
/// compiler's (`ShaderProgram` reports those with file names and lines). Synchronous, so a
/// breakpoint in the callback shows the offending call. Returns false when the context lacks
/// GL_KHR_debug (then nothing changes).
bool enableGlDebugOutput();

/// Whether `enableGlDebugOutput()` succeeded for the context made current on this thread by the last
/// `Window::create()` (which calls `forgetGlDebugOutput()` first). `GlDebugScope` asks this instead of
/// `glIsEnabled()`: a driver query makes a threaded driver (Mesa's glthread) wait for its queue.
[[nodiscard]] bool glDebugOutputEnabled();

/// Records that the context now current on this thread has debug output off (a fresh context).
void forgetGlDebugOutput();

} // namespace vox
