#pragma once
// What the renderer's passes (SpritePass, DebrisPass, SkyPass, GroundPass, HudPass, SceneBuffers) share:
// the texture units their samplers read, the frame uniform block's binding, how a pass loads its programs
// and points instance attributes into a buffer.
//
// Each pass creates its own programs, buffers and vertex arrays, records what a frame draws, uploads it
// and draws it; SceneRenderer only orders them. Uniforms are set one way: a pass looks up each uniform's
// location once, when it is created, and sets it with glUniform* (a lookup per frame would make a threaded
// driver wait for every queued command; see ShaderProgram::uniformLocation). The frame's values every
// shader reads (camera, lights, look) are in the uniform block instead (FrameUniforms).

#include "vox/core/result.h"
#include "vox/render/shader_program.h"

#include <cstddef>
#include <filesystem>
#include <span>

namespace vox {

// Texture units, one per sampler of any pass, so that no pass unbinds another's texture.
inline constexpr int kQuadUnit = 0;     // SpritePass: the packed quads
inline constexpr int kMeshUnit = 1;     // SpritePass: the mesh records
inline constexpr int kPaletteUnit = 2;  // SpritePass: the palettes
inline constexpr int kFontUnit = 3;     // HudPass: the font atlas
inline constexpr int kGradientUnit = 4; // SkyPass: the sky's gradient
inline constexpr int kSceneUnit = 5;    // SceneBuffers: the scene, copied or upscaled into the target

// The binding point of frame.glsl's uniform block, "Frame".
inline constexpr GLuint kFrameBlockBinding = 0;

// Loads shaders/`vertex` + `fragment` from `directory` and binds the program's frame block, if it has one,
// to kFrameBlockBinding. The error names both files.
[[nodiscard]] Result<ShaderProgram> loadProgram(const std::filesystem::path& directory, const char* vertex,
                                                const char* fragment);

// How an instance attribute's values reach the shader: floats, normalised integers or integers.
enum class AttributeKind { Float, Normalized, Integer };

// One field of a pass's instance records, as its vertex shader reads it.
struct InstanceAttribute {
    GLuint index;     // the attribute's location
    GLint components; // 1 to 4
    GLenum type;      // of each component in the record: GL_FLOAT, GL_UNSIGNED_BYTE, ...
    AttributeKind kind;
    size_t offset; // in the record, bytes
};

// Points each of `attributes` (advancing once per instance) at its field of the records that start `base`
// bytes into the bound GL_ARRAY_BUFFER, `stride` bytes apart, and enables it. Records into the bound
// vertex array.
void pointInstanceAttributes(std::span<const InstanceAttribute> attributes, GLsizei stride, size_t base = 0);

} // namespace vox
