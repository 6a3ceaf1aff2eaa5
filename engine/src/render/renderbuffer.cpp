#include "vox/render/renderbuffer.h"

#include "vox/core/assert.h"

namespace vox {

Renderbuffer Renderbuffer::create(int width, int height, GLenum internalFormat, int samples) {
    VOX_ASSERT(width > 0 && height > 0, "Renderbuffer::create: width and height must be positive");
    Renderbuffer renderbuffer;
    GLuint name = 0;
    glGenRenderbuffers(1, &name);
    renderbuffer.m_name = GlHandle<Traits>(name);
    glBindRenderbuffer(GL_RENDERBUFFER, name);
    if (samples > 1)
        glRenderbufferStorageMultisample(GL_RENDERBUFFER, samples, internalFormat, width, height);
    else
        glRenderbufferStorage(GL_RENDERBUFFER, internalFormat, width, height);
    return renderbuffer;
}

} // namespace vox
