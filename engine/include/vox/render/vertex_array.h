#pragma once
/// @file
/// `VertexArray`: a GL vertex array object, the record of which buffers feed which vertex attributes.

#include "vox/render/buffer.h"
#include "vox/render/gl_handle.h"

#include <cstddef>

namespace vox {

/// A GL vertex array object; move-only, owns one name. See gl_handle.h.
class VertexArray {
public:
    /// An empty wrapper (owns no name); use `create()`.
    VertexArray() = default;
    /// Generates a new vertex array name.
    [[nodiscard]] static VertexArray create();

    /// Binds this vertex array and makes attribute `index` read `components` floats per vertex from
    /// `buffer`, starting `offsetBytes` into it, advancing `strideBytes` per vertex.
    void setFloatAttribute(GLuint index, const Buffer& buffer, int components, size_t strideBytes,
                           size_t offsetBytes);

    /// Binds this vertex array.
    void bind() const;
    /// The GL name (0 when empty).
    [[nodiscard]] GLuint name() const { return m_name.get(); }

private:
    struct Traits {
        static void destroy(GLuint name) { glDeleteVertexArrays(1, &name); }
    };
    GlHandle<Traits> m_name;
};

} // namespace vox
