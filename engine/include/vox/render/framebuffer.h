#pragma once
/// @file
/// `Framebuffer`: a GL framebuffer object, a set of attachments to render into.

#include "vox/core/result.h"
#include "vox/render/gl_handle.h"
#include "vox/render/renderbuffer.h"
#include "vox/render/texture.h"

namespace vox {

/// A GL framebuffer object; move-only, owns one name (not its attachments). See gl_handle.h.
class Framebuffer {
public:
    /// An empty wrapper (owns no name); use `create()`.
    Framebuffer() = default;
    /// Generates a new framebuffer name.
    [[nodiscard]] static Framebuffer create();

    /// Binds this framebuffer and attaches `texture` as colour attachment `index`.
    void attachColor(const Texture& texture, int index = 0);
    /// Binds this framebuffer and attaches `renderbuffer` as the depth-stencil attachment.
    void attachDepthStencil(const Renderbuffer& renderbuffer);
    /// Binds this framebuffer and checks it is complete; the error names the GL status.
    [[nodiscard]] Status checkComplete() const;

    /// Binds this framebuffer to GL_FRAMEBUFFER (drawing and reading).
    void bind() const;
    /// The GL name (0 when empty).
    [[nodiscard]] GLuint name() const { return m_name.get(); }

private:
    struct Traits {
        static void destroy(GLuint name) { glDeleteFramebuffers(1, &name); }
    };
    GlHandle<Traits> m_name;
};

} // namespace vox
