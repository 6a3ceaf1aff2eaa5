#pragma once
/// @file
/// `Renderbuffer`: GL storage for a framebuffer attachment that is never sampled (e.g. depth).

#include "vox/render/gl_handle.h"

namespace vox {

/// A GL renderbuffer; move-only, owns one name. See gl_handle.h.
class Renderbuffer {
public:
    /// An empty wrapper (owns no name); use `create()`.
    Renderbuffer() = default;
    /// A `width` x `height` renderbuffer of `internalFormat` (e.g. GL_DEPTH24_STENCIL8), with `samples`
    /// samples per pixel when more than 1 (multisampling; resolve with glBlitFramebuffer).
    [[nodiscard]] static Renderbuffer create(int width, int height,
                                             GLenum internalFormat = GL_DEPTH24_STENCIL8, int samples = 1);

    /// The GL name (0 when empty).
    [[nodiscard]] GLuint name() const { return m_name.get(); }

private:
    struct Traits {
        static void destroy(GLuint name) { glDeleteRenderbuffers(1, &name); }
    };
    GlHandle<Traits> m_name;
};

} // namespace vox
