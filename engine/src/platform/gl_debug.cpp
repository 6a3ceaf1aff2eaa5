#include "vox/platform/gl_debug.h"

#include "gl_debug_group.h"
#include "vox/platform/gl_debug_scope.h"
#include "vox/platform/gl_dialect.h"

#include "vox/platform/gl.h"

#include <cstdio>
#include <cstring>
#include <string>

namespace vox {
namespace {

const char* sourceName(GLenum source) {
    switch (source) {
    case GL_DEBUG_SOURCE_API:
        return "api";
    case GL_DEBUG_SOURCE_WINDOW_SYSTEM:
        return "window system";
    case GL_DEBUG_SOURCE_SHADER_COMPILER:
        return "shader compiler";
    case GL_DEBUG_SOURCE_THIRD_PARTY:
        return "third party";
    case GL_DEBUG_SOURCE_APPLICATION:
        return "application";
    default:
        return "other";
    }
}

const char* typeName(GLenum type) {
    switch (type) {
    case GL_DEBUG_TYPE_ERROR:
        return "error";
    case GL_DEBUG_TYPE_DEPRECATED_BEHAVIOR:
        return "deprecated";
    case GL_DEBUG_TYPE_UNDEFINED_BEHAVIOR:
        return "undefined behaviour";
    case GL_DEBUG_TYPE_PORTABILITY:
        return "portability";
    case GL_DEBUG_TYPE_PERFORMANCE:
        return "performance";
    default:
        return "other";
    }
}

const char* severityName(GLenum severity) {
    switch (severity) {
    case GL_DEBUG_SEVERITY_HIGH:
        return "high";
    case GL_DEBUG_SEVERITY_MEDIUM:
        return "medium";
    case GL_DEBUG_SEVERITY_LOW:
        return "low";
    default:
        return "notification";
    }
}

void GLAPIENTRY logMessage(GLenum source, GLenum type, GLuint /*id*/, GLenum severity, GLsizei length,
                           const GLchar* message, const void* /*user*/) {
    const std::string callSite = currentGlCallSite(); // "in sprites at scene_renderer.cpp:412", or ""
    std::fprintf(stderr, "GL %s %s (%s): %.*s%s%s%s\n", severityName(severity), typeName(type),
                 sourceName(source),
                 length >= 0 ? static_cast<int>(length) : static_cast<int>(std::strlen(message)), message,
                 callSite.empty() ? "" : " [", callSite.c_str(), callSite.empty() ? "" : "]");
}

thread_local bool t_debugOutput = false;

} // namespace

bool glDebugOutputEnabled() {
    return t_debugOutput;
}

void forgetGlDebugOutput() {
    t_debugOutput = false;
}

bool enableGlDebugOutput() {
    // Core in desktop GL 4.3 and OpenGL ES 3.2; an extension before (WebGL2 has neither).
    const int core = currentGlDialect() == GlDialect::Es ? 32 : 43;
    if (epoxy_gl_version() < core && !epoxy_has_gl_extension("GL_KHR_debug"))
        return false;
    t_debugOutput = true;
    glEnable(GL_DEBUG_OUTPUT);
    glEnable(GL_DEBUG_OUTPUT_SYNCHRONOUS);
    glDebugMessageCallback(logMessage, nullptr);
    glDebugMessageControl(GL_DONT_CARE, GL_DONT_CARE, GL_DONT_CARE, 0, nullptr, GL_TRUE);
    glDebugMessageControl(GL_DONT_CARE, GL_DONT_CARE, GL_DEBUG_SEVERITY_NOTIFICATION, 0, nullptr, GL_FALSE);
    // Compile errors come back from ShaderProgram with file names; the raw copies here would only confuse.
    glDebugMessageControl(GL_DEBUG_SOURCE_SHADER_COMPILER, GL_DONT_CARE, GL_DONT_CARE, 0, nullptr, GL_FALSE);
    return true;
}

namespace detail {

void pushGlDebugGroup(const char* name) {
    glPushDebugGroup(GL_DEBUG_SOURCE_APPLICATION, 0, -1, name);
}

void popGlDebugGroup() {
    glPopDebugGroup();
}

} // namespace detail

} // namespace vox
