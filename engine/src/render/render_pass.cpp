#include "render_pass.h"

#include <string>

namespace vox {

Result<ShaderProgram> loadProgram(const std::filesystem::path& directory, const char* vertex,
                                  const char* fragment) {
    Result<ShaderProgram> program = ShaderProgram::load(directory / vertex, directory / fragment);
    if (!program)
        return Error{"cannot build the " + std::string(vertex) + " + " + fragment +
                     " shaders: " + program.error().message};
    const GLuint name = program.value().name();
    const GLuint block = glGetUniformBlockIndex(name, "Frame");
    if (block != GL_INVALID_INDEX)
        glUniformBlockBinding(name, block, kFrameBlockBinding);
    return program;
}

void pointInstanceAttributes(std::span<const InstanceAttribute> attributes, GLsizei stride, size_t base) {
    for (const InstanceAttribute& attribute : attributes) {
        glEnableVertexAttribArray(attribute.index);
        // GL takes the offset into the bound buffer disguised as a pointer.
        const void* pointer = reinterpret_cast<const void*>(base + attribute.offset);
        if (attribute.kind == AttributeKind::Integer)
            glVertexAttribIPointer(attribute.index, attribute.components, attribute.type, stride, pointer);
        else
            glVertexAttribPointer(attribute.index, attribute.components, attribute.type,
                                  attribute.kind == AttributeKind::Normalized ? GL_TRUE : GL_FALSE, stride,
                                  pointer);
        glVertexAttribDivisor(attribute.index, 1);
    }
}

} // namespace vox
