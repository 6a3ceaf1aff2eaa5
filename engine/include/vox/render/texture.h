#pragma once
/// @file
/// `Texture`: a GL 2D texture.

#include "vox/render/gl_handle.h"

namespace vox {

/// A GL 2D texture; move-only, owns one name. See gl_handle.h.
class Texture {
public:
    /// An empty wrapper (owns no name); use `create2D()`.
    Texture() = default;
    /// A `width` x `height` texture with storage `internalFormat` (e.g. GL_RGBA8), contents undefined,
    /// linear filtering, clamped to the edge, no mipmaps. Leaves it bound to GL_TEXTURE_2D.
    [[nodiscard]] static Texture create2D(int width, int height, GLenum internalFormat = GL_RGBA8);

    /// Binds the texture to GL_TEXTURE_2D of texture unit `unit`.
    void bind(int unit = 0) const;
    /// The GL name (0 when empty).
    [[nodiscard]] GLuint name() const { return m_name.get(); }
    /// Width in texels.
    [[nodiscard]] int width() const { return m_width; }
    /// Height in texels.
    [[nodiscard]] int height() const { return m_height; }

private:
    struct Traits {
        static void destroy(GLuint name) { glDeleteTextures(1, &name); }
    };
    GlHandle<Traits> m_name;
    int m_width = 0;
    int m_height = 0;
};

} // namespace vox
