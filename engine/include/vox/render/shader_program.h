#pragma once
/// @file
/// `ShaderProgram`: a linked GL program of a vertex and a fragment shader, built from files in shaders/.
///
/// Each shader is compiled as `glslPreamble()` of the current context's dialect ("#version 330 core", or
/// "#version 300 es" and default precisions; see vox/platform/gl_dialect.h), then "#line 1 0", then the
/// source: sources carry no `#version` line of their own, and line numbers stay those of the files.
///
/// Compile and link errors come back as `Error`s whose lines name the file and line a person edits
/// ("shaders/scene.frag:12:5: error: ..."), through `ShaderSource::mapLog`.

#include "vox/core/result.h"
#include "vox/render/gl_handle.h"
#include "vox/render/shader_source.h"

#include <glm/mat4x4.hpp>
#include <glm/vec3.hpp>
#include <glm/vec4.hpp>

#include <filesystem>

namespace vox {

/// A linked GL program; move-only, owns one name. See gl_handle.h.
class ShaderProgram {
public:
    /// An empty wrapper (owns no name); use `build()` or `load()`.
    ShaderProgram() = default;

    /// Compiles `vertex` and `fragment` and links them. On failure the error holds the driver's log
    /// with positions mapped to files and lines.
    [[nodiscard]] static Result<ShaderProgram> build(const ShaderSource& vertex,
                                                     const ShaderSource& fragment);
    /// `loadShaderSource()` on both files, then `build()`.
    [[nodiscard]] static Result<ShaderProgram> load(const std::filesystem::path& vertexFile,
                                                    const std::filesystem::path& fragmentFile);

    /// Makes this the current program.
    void use() const;
    /// The location of uniform `name`, or -1 if the program has none by that name (or the driver
    /// removed it as unused). This reads from the driver, which makes a threaded driver (Mesa's glthread)
    /// wait for every queued command: look locations up once after loading, not every frame.
    [[nodiscard]] GLint uniformLocation(const char* name) const;

    /// Sets uniform `name` of this program (which must be current); a missing uniform is ignored.
    /// Looks the name up each call (see `uniformLocation()`): meant for set-up, not per-frame uniforms.
    void set(const char* name, int value) const;
    /// Sets uniform `name` of this program (which must be current); a missing uniform is ignored.
    void set(const char* name, float value) const;
    /// Sets uniform `name` of this program (which must be current); a missing uniform is ignored.
    void set(const char* name, const glm::vec3& value) const;
    /// Sets uniform `name` of this program (which must be current); a missing uniform is ignored.
    void set(const char* name, const glm::vec4& value) const;
    /// Sets uniform `name` of this program (which must be current); a missing uniform is ignored.
    void set(const char* name, const glm::mat4& value) const;

    /// The GL name (0 when empty).
    [[nodiscard]] GLuint name() const { return m_name.get(); }

private:
    struct Traits {
        static void destroy(GLuint name) { glDeleteProgram(name); }
    };
    GlHandle<Traits> m_name;
};

} // namespace vox
