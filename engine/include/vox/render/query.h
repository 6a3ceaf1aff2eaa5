#pragma once
/// @file
/// `Query`: a GL query object (timer, occlusion, primitives generated).

#include "vox/render/gl_handle.h"

namespace vox {

/// A GL query object; move-only, owns one name. See gl_handle.h.
class Query {
public:
    /// An empty wrapper (owns no name); use `create()`.
    Query() = default;
    /// Generates a new query name. The query object itself comes to life at its first `glBeginQuery`.
    [[nodiscard]] static Query create();

    /// The GL name (0 when empty).
    [[nodiscard]] GLuint name() const { return m_name.get(); }

private:
    struct Traits {
        static void destroy(GLuint name) { glDeleteQueries(1, &name); }
    };
    GlHandle<Traits> m_name;
};

} // namespace vox
