#include "vox/render/vertex_array.h"

#include <cstdint>

namespace vox {

VertexArray VertexArray::create() {
    VertexArray vertexArray;
    GLuint name = 0;
    glGenVertexArrays(1, &name);
    vertexArray.m_name = GlHandle<Traits>(name);
    return vertexArray;
}

void VertexArray::setFloatAttribute(GLuint index, const Buffer& buffer, int components, size_t strideBytes,
                                    size_t offsetBytes) {
    bind();
    buffer.bind(GL_ARRAY_BUFFER);
    glEnableVertexAttribArray(index);
    // GL takes the offset into the bound buffer disguised as a pointer.
    glVertexAttribPointer(index, components, GL_FLOAT, GL_FALSE, static_cast<GLsizei>(strideBytes),
                          reinterpret_cast<const void*>(static_cast<uintptr_t>(offsetBytes)));
}

void VertexArray::bind() const {
    glBindVertexArray(m_name.get());
}

} // namespace vox
