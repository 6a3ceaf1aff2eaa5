#include "vox/debug/line_renderer.h"

#include "vox/platform/gl_debug_scope.h"

#include "vox/platform/gl.h"
#include <glm/gtc/type_ptr.hpp>

#include <cstddef>

namespace vox {

Result<LineRenderer> LineRenderer::create(const std::filesystem::path& shaderDirectory) {
    Result<ShaderProgram> program =
        ShaderProgram::load(shaderDirectory / "debug_line.vert", shaderDirectory / "debug_line.frag");
    if (!program)
        return Error{"cannot build the debug line shaders: " + program.error().message};
    Buffer vertices = Buffer::create();
    VertexArray layout = VertexArray::create();
    layout.bind();
    vertices.bind(GL_ARRAY_BUFFER);
    glEnableVertexAttribArray(0);
    glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, sizeof(LineVertex),
                          reinterpret_cast<const void*>(offsetof(LineVertex, position)));
    glEnableVertexAttribArray(1);
    glVertexAttribPointer(1, 4, GL_UNSIGNED_BYTE, GL_TRUE, sizeof(LineVertex),
                          reinterpret_cast<const void*>(offsetof(LineVertex, rgba)));
    glBindVertexArray(0);
    glBindBuffer(GL_ARRAY_BUFFER, 0);
    return LineRenderer(std::move(program).value(), std::move(vertices), std::move(layout));
}

LineRenderer::LineRenderer(ShaderProgram program, Buffer vertices, VertexArray layout)
    : m_program(std::move(program)), m_viewProjectionLocation(m_program.uniformLocation("uViewProjection")),
      m_opacityLocation(m_program.uniformLocation("uOpacity")), m_vertices(std::move(vertices)),
      m_layout(std::move(layout)) {}

int32_t LineRenderer::draw(const LineBatch& lines, const glm::mat4& viewProjection, const Viewport& viewport,
                           float opacity) {
    if (lines.empty())
        return 0;
    const GlDebugScope scope("debug lines");
    const std::span<const LineVertex> vertices = lines.vertices();
    const size_t bytes = vertices.size_bytes();
    m_vertices.bind(GL_ARRAY_BUFFER);
    if (bytes > m_capacityBytes)
        m_capacityBytes = bytes + bytes / 2; // grow geometrically: the batch changes size every frame
    // Re-specifying (orphaning) gives fresh storage instead of waiting for last frame's draw.
    glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(m_capacityBytes), nullptr, GL_STREAM_DRAW);
    glBufferSubData(GL_ARRAY_BUFFER, 0, static_cast<GLsizeiptr>(bytes), vertices.data());

    glViewport(viewport.x, viewport.y, viewport.width, viewport.height);
    glDisable(GL_DEPTH_TEST);
    glDisable(GL_CULL_FACE);
    glEnable(GL_BLEND);
    glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ONE, GL_ONE_MINUS_SRC_ALPHA);
    m_program.use();
    glUniformMatrix4fv(m_viewProjectionLocation, 1, GL_FALSE, glm::value_ptr(viewProjection));
    glUniform1f(m_opacityLocation, opacity);
    m_layout.bind();
    glDrawArrays(GL_LINES, 0, static_cast<GLsizei>(vertices.size()));
    glBindVertexArray(0);
    glBindBuffer(GL_ARRAY_BUFFER, 0);
    glUseProgram(0);
    glDisable(GL_BLEND);
    return 1;
}

} // namespace vox
