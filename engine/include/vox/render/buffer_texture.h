#pragma once
/// @file
/// `BufferTexture`: a GL buffer texture (GL_TEXTURE_BUFFER), the view that lets a shader read a buffer
/// object as an array with `texelFetch`. The renderer keeps every voxel mesh in one buffer and reads the
/// packed quads through one of these ("vertex pulling"), so meshes need no vertex array layout.

#include "vox/render/buffer.h"
#include "vox/render/gl_handle.h"

namespace vox {

/// A GL buffer texture; move-only, owns one texture name (not the buffer it views). See gl_handle.h.
class BufferTexture {
public:
    /// An empty wrapper (owns no name); use `create()`.
    BufferTexture() = default;
    /// Generates a new texture name.
    [[nodiscard]] static BufferTexture create();

    /// Makes the texture view all of `buffer` as texels of `internalFormat` (e.g. GL_RG32UI). Call again
    /// whenever `buffer` is reallocated. Leaves the texture bound to GL_TEXTURE_BUFFER.
    void attach(const Buffer& buffer, GLenum internalFormat);
    /// Binds the texture to GL_TEXTURE_BUFFER of texture unit `unit`.
    void bind(int unit) const;
    /// The GL name (0 when empty).
    [[nodiscard]] GLuint name() const { return m_name.get(); }

private:
    struct Traits {
        static void destroy(GLuint name) { glDeleteTextures(1, &name); }
    };
    GlHandle<Traits> m_name;
};

} // namespace vox
