#include "vox/render/buffer.h"

namespace vox {

Buffer Buffer::create() {
    Buffer buffer;
    GLuint name = 0;
    glGenBuffers(1, &name);
    buffer.m_name = GlHandle<Traits>(name);
    return buffer;
}

void Buffer::upload(GLenum target, const void* data, size_t byteCount, GLenum usage) {
    bind(target);
    glBufferData(target, static_cast<GLsizeiptr>(byteCount), data, usage);
}

void Buffer::bind(GLenum target) const {
    glBindBuffer(target, m_name.get());
}

} // namespace vox
