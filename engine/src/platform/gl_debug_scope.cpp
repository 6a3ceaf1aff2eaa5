#include "vox/platform/gl_debug_scope.h"

#include "gl_debug_group.h"

#include "vox/platform/gl_debug.h"

#include <cstring>

namespace vox {
namespace {

thread_local const GlDebugScope* t_innermost = nullptr;

const char* fileName(const char* path) {
    const char* slash = std::strrchr(path, '/');
    return slash != nullptr ? slash + 1 : path;
}

} // namespace

GlDebugScope::GlDebugScope(const char* name, SourceLine where)
    : m_name(name), m_where(where), m_parent(t_innermost) {
    t_innermost = this;
    if (glDebugOutputEnabled()) {
        detail::pushGlDebugGroup(name);
        m_pushedGroup = true;
    }
}

GlDebugScope::~GlDebugScope() {
    if (m_pushedGroup)
        detail::popGlDebugGroup();
    t_innermost = m_parent;
}

std::string currentGlCallSite() {
    const GlDebugScope* scope = t_innermost;
    if (scope == nullptr)
        return {};
    return std::string("in ") + scope->m_name + " at " + fileName(scope->m_where.file) + ":" +
           std::to_string(scope->m_where.line);
}

} // namespace vox
