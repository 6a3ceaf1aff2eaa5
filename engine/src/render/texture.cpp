#include "vox/render/texture.h"

#include "vox/core/assert.h"
#include "vox/platform/gl_dialect.h"

namespace vox {

Texture Texture::allocate(int width, int height, GLint internalFormat, UploadFormat upload,
                          const void* pixels) {
    VOX_ASSERT(width > 0 && height > 0, "Texture: width and height must be positive");
    Texture texture;
    GLuint name = 0;
    glGenTextures(1, &name);
    texture.m_name = GlHandle<Traits>(name);
    texture.m_width = width;
    texture.m_height = height;
    glBindTexture(GL_TEXTURE_2D, name);
    glTexImage2D(GL_TEXTURE_2D, 0, internalFormat, width, height, 0, upload.format, upload.type, pixels);
    const GLint filter = upload.integer ? GL_NEAREST : GL_LINEAR;
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, filter);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, filter);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, 0);
    return texture;
}

Texture Texture::create2D(int width, int height, GLenum internalFormat, const void* pixels) {
    // The format/type pair also describes absent upload data, and OpenGL ES checks it against the storage
    // format, so it must be the matching one.
    return allocate(width, height, static_cast<GLint>(internalFormat), uploadFormatOf(internalFormat),
                    pixels);
}

Texture Texture::createColorBuffer(int width, int height) {
#if !defined(__EMSCRIPTEN__) // ES 3.0 has no GL_BGRA
    if (currentGlDialect() == GlDialect::Desktop) {
        // An unsized internal format lets the driver pick the storage that matches the data's layout
        // exactly (Mesa: B8G8R8A8_UNORM), where GL_RGBA8 gets R8G8B8A8.
        return allocate(width, height, GL_RGBA, {GL_BGRA, GL_UNSIGNED_BYTE, false}, nullptr);
    }
#endif
    return create2D(width, height, GL_RGBA8);
}

Texture::UploadFormat Texture::uploadFormatOf(GLenum internalFormat) {
    switch (internalFormat) {
    case GL_RGBA8:
    case GL_SRGB8_ALPHA8:
        return {GL_RGBA, GL_UNSIGNED_BYTE, false};
    case GL_R8:
        return {GL_RED, GL_UNSIGNED_BYTE, false};
    case GL_RG32UI:
        return {GL_RG_INTEGER, GL_UNSIGNED_INT, true};
    case GL_RGBA32UI:
        return {GL_RGBA_INTEGER, GL_UNSIGNED_INT, true};
    case GL_DEPTH_COMPONENT24:
        return {GL_DEPTH_COMPONENT, GL_UNSIGNED_INT, false};
    case GL_DEPTH_COMPONENT32F:
        return {GL_DEPTH_COMPONENT, GL_FLOAT, false};
    case GL_DEPTH24_STENCIL8:
        return {GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, false};
    default:
        VOX_ASSERT(false, "Texture: add this internal format to Texture::uploadFormatOf");
        return {};
    }
}

void Texture::bind(int unit) const {
    glActiveTexture(GL_TEXTURE0 + static_cast<GLenum>(unit));
    glBindTexture(GL_TEXTURE_2D, m_name.get());
}

void Texture::setFilter(GLint filter) const {
    glBindTexture(GL_TEXTURE_2D, m_name.get());
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, filter);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, filter);
}

} // namespace vox
