#include "vox/render/query.h"

namespace vox {

Query Query::create() {
    Query query;
    GLuint name = 0;
    glGenQueries(1, &name);
    query.m_name = GlHandle<Traits>(name);
    return query;
}

} // namespace vox
