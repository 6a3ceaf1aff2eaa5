#pragma once
/// @file
/// GL debug output: driver messages (errors, undefined behaviour, performance warnings) logged to stderr
/// as they happen, through GL_KHR_debug. `Window::create()` turns it on for debug builds.

namespace vox {

/// Enables synchronous KHR_debug output on the current context and logs every message above
/// "notification" severity to stderr, as "GL <severity> <type> (<source>): <message>", except the shader
/// compiler's (`ShaderProgram` reports those with file names and lines). Synchronous, so a
/// breakpoint in the callback shows the offending call. Returns false when the context lacks
/// GL_KHR_debug (then nothing changes).
bool enableGlDebugOutput();

} // namespace vox
