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
    /// A `width` x `height` texture with storage `internalFormat`, contents undefined, clamped to the edge,
    /// no mipmaps; linear filtering, except nearest for integer formats (which linear filtering would make
    /// incomplete). Formats: GL_RGBA8, GL_SRGB8_ALPHA8, GL_R8, GL_RG32UI, GL_RGBA32UI, GL_DEPTH_COMPONENT24,
    /// GL_DEPTH_COMPONENT32F, GL_DEPTH24_STENCIL8 (OpenGL ES wants the upload format and type that match
    /// the storage exactly: `uploadFormatOf()`). `pixels`, when given, is the initial contents in
    /// `uploadFormatOf(internalFormat)`'s layout, rows of 4-byte aligned length (a new texture's contents
    /// are undefined: Mesa clears them, GPU drivers need not). Leaves it bound to GL_TEXTURE_2D.
    [[nodiscard]] static Texture create2D(int width, int height, GLenum internalFormat = GL_RGBA8,
                                          const void* pixels = nullptr);
    /// A `width` x `height` 8-bit RGBA texture to draw into and then sample (linear filtering, clamped, no
    /// mipmaps), e.g. a framebuffer's colour. On desktop OpenGL its texels are stored in BGRA order (the
    /// unsized GL_RGBA format given BGRA data): the order Mesa's llvmpipe copies on its fast path for
    /// full-screen textured rectangles, several times cheaper per pixel than its general one. OpenGL ES
    /// (WebGL2) gets GL_RGBA8. Shaders see RGBA either way. Leaves it bound to GL_TEXTURE_2D.
    [[nodiscard]] static Texture createColorBuffer(int width, int height);

    /// The pixel format and type of uploads to (and the texture specification of) a texture with storage
    /// `internalFormat` (one of `create2D()`'s), as OpenGL ES 3.0 requires them: e.g. GL_RG32UI ->
    /// {GL_RG_INTEGER, GL_UNSIGNED_INT}, GL_R8 -> {GL_RED, GL_UNSIGNED_BYTE}.
    struct UploadFormat {
        GLenum format = GL_RGBA;        ///< e.g. GL_RGBA, GL_RED, GL_RG_INTEGER.
        GLenum type = GL_UNSIGNED_BYTE; ///< e.g. GL_UNSIGNED_BYTE, GL_UNSIGNED_INT.
        bool integer = false;           ///< An integer format (read with usampler / isampler).
    };
    /// See `UploadFormat`.
    [[nodiscard]] static UploadFormat uploadFormatOf(GLenum internalFormat);

    /// Binds the texture to GL_TEXTURE_2D of texture unit `unit`.
    void bind(int unit = 0) const;
    /// Sets the minifying and magnifying filter (GL_NEAREST or GL_LINEAR). Leaves it bound to
    /// GL_TEXTURE_2D of the active unit.
    void setFilter(GLint filter) const;
    /// The GL name (0 when empty).
    [[nodiscard]] GLuint name() const { return m_name.get(); }
    /// Width in texels.
    [[nodiscard]] int width() const { return m_width; }
    /// Height in texels.
    [[nodiscard]] int height() const { return m_height; }

private:
    // A new texture of storage `internalFormat`, specified with `upload`'s format and type.
    static Texture allocate(int width, int height, GLint internalFormat, UploadFormat upload,
                            const void* pixels);

    struct Traits {
        static void destroy(GLuint name) { glDeleteTextures(1, &name); }
    };
    GlHandle<Traits> m_name;
    int m_width = 0;
    int m_height = 0;
};

} // namespace vox
