#pragma once
/// @file
/// `Buffer`: a GL buffer object (vertices, indices, uniforms).

#include "vox/render/gl_handle.h"

#include <cstddef>
#include <span>

namespace vox {

/// A GL buffer object; move-only, owns one name. See gl_handle.h.
class Buffer {
public:
    /// An empty wrapper (owns no name); use `create()`.
    Buffer() = default;
    /// Generates a new buffer name (storage is allocated by the first `upload`).
    [[nodiscard]] static Buffer create();

    /// Binds the buffer to `target` and replaces its storage with `byteCount` bytes from `data` (which may
    /// be null to allocate only). `usage` is a hint such as GL_STATIC_DRAW or GL_DYNAMIC_DRAW.
    void upload(GLenum target, const void* data, size_t byteCount, GLenum usage = GL_STATIC_DRAW);
    /// Typed convenience for `upload(target, data.data(), data.size_bytes(), usage)`.
    template <class T>
    void upload(GLenum target, std::span<const T> data, GLenum usage = GL_STATIC_DRAW) {
        upload(target, data.data(), data.size_bytes(), usage);
    }

    /// Binds the buffer to `target`.
    void bind(GLenum target) const;
    /// The GL name (0 when empty).
    [[nodiscard]] GLuint name() const { return m_name.get(); }

private:
    struct Traits {
        static void destroy(GLuint name) { glDeleteBuffers(1, &name); }
    };
    GlHandle<Traits> m_name;
};

} // namespace vox
