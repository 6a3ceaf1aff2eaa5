#include "vox/render/texture.h"

#include "vox/core/assert.h"

namespace vox {

Texture Texture::create2D(int width, int height, GLenum internalFormat) {
    VOX_ASSERT(width > 0 && height > 0, "Texture::create2D: width and height must be positive");
    Texture texture;
    GLuint name = 0;
    glGenTextures(1, &name);
    texture.m_name = GlHandle<Traits>(name);
    texture.m_width = width;
    texture.m_height = height;
    glBindTexture(GL_TEXTURE_2D, name);
    // The format/type pair only describes the (absent) upload data, but must be valid for the format.
    const bool depth = internalFormat == GL_DEPTH_COMPONENT24 || internalFormat == GL_DEPTH_COMPONENT32F;
    glTexImage2D(GL_TEXTURE_2D, 0, static_cast<GLint>(internalFormat), width, height, 0,
                 depth ? GL_DEPTH_COMPONENT : GL_RGBA, depth ? GL_FLOAT : GL_UNSIGNED_BYTE, nullptr);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, 0);
    return texture;
}

void Texture::bind(int unit) const {
    glActiveTexture(GL_TEXTURE0 + static_cast<GLenum>(unit));
    glBindTexture(GL_TEXTURE_2D, m_name.get());
}

} // namespace vox
