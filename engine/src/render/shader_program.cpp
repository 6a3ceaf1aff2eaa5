#include "vox/render/shader_program.h"

#include "vox/platform/gl_dialect.h"

#include <glm/gtc/type_ptr.hpp>

#include <algorithm>
#include <string>

namespace vox {
namespace {

struct ShaderTraits {
    static void destroy(GLuint name) { glDeleteShader(name); }
};
using ShaderHandle = GlHandle<ShaderTraits>;

std::string shaderLog(GLuint shader) {
    GLint length = 0;
    glGetShaderiv(shader, GL_INFO_LOG_LENGTH, &length);
    std::string log(static_cast<size_t>(std::max(length, 1)), '\0');
    glGetShaderInfoLog(shader, static_cast<GLsizei>(log.size()), nullptr, log.data());
    return log;
}

std::string programLog(GLuint program) {
    GLint length = 0;
    glGetProgramiv(program, GL_INFO_LOG_LENGTH, &length);
    std::string log(static_cast<size_t>(std::max(length, 1)), '\0');
    glGetProgramInfoLog(program, static_cast<GLsizei>(log.size()), nullptr, log.data());
    return log;
}

std::string mainFile(const ShaderSource& source) {
    return source.files.empty() ? std::string("<shader>") : source.files.front().generic_string();
}

Result<ShaderHandle> compile(GLenum stage, const ShaderSource& source, GlDialect dialect) {
    ShaderHandle shader(glCreateShader(stage));
    // One string, as WebGL takes only one. The preamble's lines do not count: "#line 1 0" numbers the next
    // line 1 of string 0 (the C rule, see shader_source.h), so the driver's positions are the files'.
    const std::string text = std::string(glslPreamble(dialect)) + "#line 1 0\n" + source.text;
    const char* textPointer = text.c_str();
    const auto length = static_cast<GLint>(text.size());
    glShaderSource(shader.get(), 1, &textPointer, &length);
    glCompileShader(shader.get());
    GLint compiled = GL_FALSE;
    glGetShaderiv(shader.get(), GL_COMPILE_STATUS, &compiled);
    if (compiled == GL_FALSE) {
        std::string log = source.mapLog(shaderLog(shader.get()));
        if (log.empty())
            log = mainFile(source) + ": compile failed and the driver gave no reason";
        return Error{log};
    }
    return shader;
}

} // namespace

Result<ShaderProgram> ShaderProgram::build(const ShaderSource& vertex, const ShaderSource& fragment) {
    const GlDialect dialect = currentGlDialect();
    Result<ShaderHandle> vertexShader = compile(GL_VERTEX_SHADER, vertex, dialect);
    if (!vertexShader)
        return vertexShader.error();
    Result<ShaderHandle> fragmentShader = compile(GL_FRAGMENT_SHADER, fragment, dialect);
    if (!fragmentShader)
        return fragmentShader.error();

    ShaderProgram program;
    program.m_name = GlHandle<Traits>(glCreateProgram());
    glAttachShader(program.name(), vertexShader.value().get());
    glAttachShader(program.name(), fragmentShader.value().get());
    glLinkProgram(program.name());
    // Shaders are only needed until the link; detaching lets the driver free them with their handles.
    glDetachShader(program.name(), vertexShader.value().get());
    glDetachShader(program.name(), fragmentShader.value().get());
    GLint linked = GL_FALSE;
    glGetProgramiv(program.name(), GL_LINK_STATUS, &linked);
    if (linked == GL_FALSE) {
        // Link logs rarely carry positions; name both files so the reader knows where to look.
        return Error{"cannot link " + mainFile(vertex) + " with " + mainFile(fragment) + ":\n" +
                     vertex.mapLog(programLog(program.name()))};
    }
    return program;
}

Result<ShaderProgram> ShaderProgram::load(const std::filesystem::path& vertexFile,
                                          const std::filesystem::path& fragmentFile) {
    Result<ShaderSource> vertex = loadShaderSource(vertexFile);
    if (!vertex)
        return vertex.error();
    Result<ShaderSource> fragment = loadShaderSource(fragmentFile);
    if (!fragment)
        return fragment.error();
    return build(vertex.value(), fragment.value());
}

void ShaderProgram::use() const {
    glUseProgram(m_name.get());
}

GLint ShaderProgram::uniformLocation(const char* name) const {
    return glGetUniformLocation(m_name.get(), name);
}

void ShaderProgram::set(const char* name, int value) const {
    glUniform1i(uniformLocation(name), value);
}

void ShaderProgram::set(const char* name, float value) const {
    glUniform1f(uniformLocation(name), value);
}

void ShaderProgram::set(const char* name, const glm::vec3& value) const {
    glUniform3fv(uniformLocation(name), 1, glm::value_ptr(value));
}

void ShaderProgram::set(const char* name, const glm::vec4& value) const {
    glUniform4fv(uniformLocation(name), 1, glm::value_ptr(value));
}

void ShaderProgram::set(const char* name, const glm::mat4& value) const {
    glUniformMatrix4fv(uniformLocation(name), 1, GL_FALSE, glm::value_ptr(value));
}

} // namespace vox
