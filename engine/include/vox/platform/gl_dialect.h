#pragma once
/// @file
/// `GlDialect`: which OpenGL the current context speaks, desktop OpenGL 3.3 core or OpenGL ES 3.0 (what
/// browsers' WebGL2 is), and the few things that differ between them. The engine runs the same C++ and the
/// same GLSL bodies on both; what differs is decided here and nowhere else:
/// - GLSL: the files in shaders/ carry no `#version` line. `ShaderProgram` puts `glslPreamble()` in front
///   of every shader: "#version 330 core", or "#version 300 es" with high precision as the default for
///   floats, ints and every sampler type (ES has no default for floats in fragment shaders, nor for integer
///   samplers anywhere). Dear ImGui's backend gets `glslVersionLine()`.
/// - Features: `hasTimerQueries()` (GL_TIME_ELAPSED is desktop-only; on ES the GPU time is "unavailable").
///   Everything else the engine calls exists in both; what ES lacks (texture buffers, glPolygonMode,
///   GL_CLAMP_TO_BORDER, glClearDepth with a double, buffer mapping in WebGL2) the engine does not use.
/// - Choosing: `WindowSettings::dialect` asks for one; `glDialectFromEnvironment()` reads `VOX_GL`
///   (`es` or `desktop`), which the game, the tests and the benchmarks honour, so the ES path can be
///   run and tested natively (Mesa gives OpenGL ES 3.x contexts through EGL, also with llvmpipe).
///
/// A context's dialect is read from its GL_VERSION string, which starts with "OpenGL ES" on every ES
/// context (the ES specification requires it; WebGL2 through Emscripten reports "OpenGL ES 3.0 (WebGL
/// 2.0 ...)"), so code that has a current context needs nobody to pass the dialect along.

#include "vox/core/result.h"

#include <string_view>

namespace vox {

/// The two OpenGL dialects the engine runs on. See the file comment.
enum class GlDialect {
    Desktop, ///< Desktop OpenGL 3.3 core profile (or newer).
    Es,      ///< OpenGL ES 3.0 (or newer); WebGL2.
};

/// The dialect named by a GL_VERSION string: `Es` when it starts with "OpenGL ES", else `Desktop`.
[[nodiscard]] GlDialect glDialectOfVersion(std::string_view glVersion);

/// The dialect of the context current on this thread (`Desktop` when none is). Reads GL_VERSION, which
/// makes a threaded driver wait for its queue: ask at set-up, not per frame.
[[nodiscard]] GlDialect currentGlDialect();

/// "OpenGL 3.3 core" or "OpenGL ES 3.0", for messages.
[[nodiscard]] const char* glDialectName(GlDialect dialect);

/// The GLSL version directive without a newline: "#version 330 core" or "#version 300 es".
[[nodiscard]] const char* glslVersionLine(GlDialect dialect);

/// What goes before every shader's text: the version directive and, on ES, the default precisions. Ends
/// with a newline; its lines are not counted in the shader's line numbers (see `ShaderProgram`).
[[nodiscard]] std::string_view glslPreamble(GlDialect dialect);

/// Whether GL_TIME_ELAPSED timer queries exist: desktop GL only (ES 3.0 and WebGL2 have them only as
/// optional extensions, which the engine does not use).
[[nodiscard]] bool hasTimerQueries(GlDialect dialect);

/// The dialect asked for by the environment variable `VOX_GL`: `es` or `desktop` (any case); unset or
/// empty means `Desktop`. Anything else is an error naming the variable and the values it takes.
[[nodiscard]] Result<GlDialect> glDialectFromEnvironment();

} // namespace vox
