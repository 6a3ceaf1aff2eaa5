#include "vox/render/gl_debug_scope.h"

#include <epoxy/gl.h>

#include <cstring>

namespace vox {
namespace {

thread_local const GlDebugScope* t_innermost = nullptr;

bool debugOutputEnabled() {
    // Every context the engine makes comes from the same driver, so asking about KHR_debug once is enough;
    // whether output is on differs per context (debug builds and tests turn it on).
    static const bool hasKhrDebug = epoxy_gl_version() >= 43 || epoxy_has_gl_extension("GL_KHR_debug");
    return hasKhrDebug && glIsEnabled(GL_DEBUG_OUTPUT) == GL_TRUE;
}

const char* fileName(const char* path) {
    const char* slash = std::strrchr(path, '/');
    return slash != nullptr ? slash + 1 : path;
}

} // namespace

GlDebugScope::GlDebugScope(const char* name, std::source_location where)
    : m_name(name), m_where(where), m_parent(t_innermost) {
    t_innermost = this;
    if (debugOutputEnabled()) {
        glPushDebugGroup(GL_DEBUG_SOURCE_APPLICATION, 0, -1, name);
        m_pushedGroup = true;
    }
}

GlDebugScope::~GlDebugScope() {
    if (m_pushedGroup)
        glPopDebugGroup();
    t_innermost = m_parent;
}

std::string currentGlCallSite() {
    const GlDebugScope* scope = t_innermost;
    if (scope == nullptr)
        return {};
    return std::string("in ") + scope->m_name + " at " + fileName(scope->m_where.file_name()) + ":" +
           std::to_string(scope->m_where.line());
}

} // namespace vox
