#include "vox/render/framebuffer.h"

#include <string>

namespace vox {
namespace {

const char* statusName(GLenum status) {
    switch (status) {
    case GL_FRAMEBUFFER_UNDEFINED:
        return "GL_FRAMEBUFFER_UNDEFINED";
    case GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT:
        return "GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT";
    case GL_FRAMEBUFFER_INCOMPLETE_MISSING_ATTACHMENT:
        return "GL_FRAMEBUFFER_INCOMPLETE_MISSING_ATTACHMENT";
    case GL_FRAMEBUFFER_UNSUPPORTED:
        return "GL_FRAMEBUFFER_UNSUPPORTED";
    case GL_FRAMEBUFFER_INCOMPLETE_MULTISAMPLE:
        return "GL_FRAMEBUFFER_INCOMPLETE_MULTISAMPLE";
    default:
        return "an unknown status";
    }
}

} // namespace

Framebuffer Framebuffer::create() {
    Framebuffer framebuffer;
    GLuint name = 0;
    glGenFramebuffers(1, &name);
    framebuffer.m_name = GlHandle<Traits>(name);
    return framebuffer;
}

void Framebuffer::attachColor(const Texture& texture, int index) {
    bind();
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0 + static_cast<GLenum>(index), GL_TEXTURE_2D,
                           texture.name(), 0);
}

void Framebuffer::attachDepthStencil(const Renderbuffer& renderbuffer) {
    bind();
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT, GL_RENDERBUFFER,
                              renderbuffer.name());
}

Status Framebuffer::checkComplete() const {
    bind();
    const GLenum status = glCheckFramebufferStatus(GL_FRAMEBUFFER);
    if (status == GL_FRAMEBUFFER_COMPLETE)
        return {};
    return Error{std::string("framebuffer is incomplete: ") + statusName(status)};
}

void Framebuffer::bind() const {
    glBindFramebuffer(GL_FRAMEBUFFER, m_name.get());
}

} // namespace vox
