#pragma once
/// @file
/// `GlDebugScope`: names a stretch of GL calls and remembers where in the C++ source it was opened, so
/// that a GL debug-output message (see gl_debug.h) says which part of the engine caused it:
///
///     void SceneRenderer::drawSprites() {
///         GlDebugScope scope("sprites");  // a message from here ends "[in sprites at
///         scene_renderer.cpp:412]"
///         ...
///
/// Scopes nest per thread. While debug output is on, each scope is also pushed as a KHR_debug group, so
/// tools such as RenderDoc and apitrace show the same names. Opening a scope costs a few nanoseconds
/// when debug output is off.

#include <string>

namespace vox {

/// A position in the C++ source: std::source_location's file and line, which the web build's standard
/// library (Emscripten 3.1.6's libc++) lacks. GCC and Clang fill in the builtins at the call site.
struct SourceLine {
    const char* file = ""; ///< The source file's path as the compiler saw it.
    unsigned line = 0;     ///< 1-based line number.

    /// The caller's position when used as a default argument.
    static constexpr SourceLine current(const char* file = __builtin_FILE(),
                                        unsigned line = __builtin_LINE()) {
        return {file, line};
    }
};

/// Marks the GL calls made during its lifetime; see the file comment. Not copyable or movable.
class GlDebugScope {
public:
    /// Opens scope `name` (a string literal or other string that outlives the scope) at `where`.
    explicit GlDebugScope(const char* name, SourceLine where = SourceLine::current());
    ~GlDebugScope();
    GlDebugScope(const GlDebugScope&) = delete;
    GlDebugScope& operator=(const GlDebugScope&) = delete;

private:
    friend std::string currentGlCallSite();
    const char* m_name;
    SourceLine m_where;
    const GlDebugScope* m_parent;
    bool m_pushedGroup = false;
};

/// The innermost open scope on this thread as "in NAME at FILE:LINE" (file without its folders), or ""
/// when none is open. The debug-output callback appends it to every message.
[[nodiscard]] std::string currentGlCallSite();

} // namespace vox
