#include "vox/render/buffer_texture.h"

namespace vox {

BufferTexture BufferTexture::create() {
    BufferTexture texture;
    GLuint name = 0;
    glGenTextures(1, &name);
    texture.m_name = GlHandle<Traits>(name);
    return texture;
}

void BufferTexture::attach(const Buffer& buffer, GLenum internalFormat) {
    glBindTexture(GL_TEXTURE_BUFFER, m_name.get());
    glTexBuffer(GL_TEXTURE_BUFFER, internalFormat, buffer.name());
}

void BufferTexture::bind(int unit) const {
    glActiveTexture(GL_TEXTURE0 + static_cast<GLenum>(unit));
    glBindTexture(GL_TEXTURE_BUFFER, m_name.get());
}

} // namespace vox
