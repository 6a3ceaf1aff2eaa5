#pragma once
/// @file
/// `TexelArray`: a growable array of integer texels (GL_RG32UI or GL_RGBA32UI) that shaders read with
/// `texelFetch`, stored in the rows of a 2D texture: element `i` is texel (i % kWidth, i / kWidth). The
/// renderer keeps every voxel mesh's packed quads in one of these and reads them in the vertex shader
/// ("vertex pulling"), so meshes need no vertex array layout.
///
/// Why not a buffer texture (GL_TEXTURE_BUFFER, one texel per element): OpenGL ES 3.0 and WebGL2 have none,
/// 2D integer textures exist everywhere, and on desktop GL the 2D fetch costs the same (docs/benchmarks.md,
/// "Mesh storage in 2D textures"). Shaders compute the coordinate with `texelArrayCoord()` from
/// shaders/texel_array.glsl, whose row width must equal `kWidth`.
///
/// The array keeps a copy of what it holds: growing makes a taller texture and uploads the contents again
/// (OpenGL ES 3.0 has no texture-to-texture copy without a framebuffer), which happens rarely since the
/// rows double each time.

#include "vox/render/texture.h"

#include <cstdint>
#include <span>
#include <vector>

namespace vox {

/// See the file comment. Move-only (owns one texture).
class TexelArray {
public:
    /// Texels per row; shaders/texel_array.glsl divides by the same. 2048 is OpenGL ES 3.0's smallest
    /// allowed GL_MAX_TEXTURE_SIZE, so a row fits every GPU.
    static constexpr int32_t kWidth = 2048;

    /// An empty array (owns no texture); use `create()`.
    TexelArray() = default;
    /// An array of `components` (2: GL_RG32UI, 4: GL_RGBA32UI) 32-bit unsigned integers per element, with
    /// room for at least `capacity` elements (whole rows), all zero.
    [[nodiscard]] static TexelArray create(int components, int32_t capacity);

    /// Grows, if needed, to hold at least `count` elements (rows double), keeping the contents. Returns
    /// the bytes uploaded. Fails (VOX_VERIFY) when the GPU's largest texture is too small, naming the size.
    int64_t reserve(int32_t count);
    /// Writes `values` (components per element, so `values.size()` is a multiple of them) to elements from
    /// `first` on, which must fit the capacity. Returns the bytes uploaded. Leaves the texture bound to
    /// GL_TEXTURE_2D of the active texture unit.
    int64_t write(int32_t first, std::span<const uint32_t> values);
    /// Binds the texture to GL_TEXTURE_2D of texture unit `unit`.
    void bind(int unit) const { m_texture.bind(unit); }

    /// Elements it can hold without growing.
    [[nodiscard]] int32_t capacity() const { return m_rows * kWidth; }
    /// 32-bit values per element: 2 or 4.
    [[nodiscard]] int components() const { return m_components; }
    /// The texture (name 0 when empty).
    [[nodiscard]] const Texture& texture() const { return m_texture; }

private:
    // Uploads elements [first, first + count) from m_contents: a partial first row, whole rows, a partial
    // last row.
    void upload(int32_t first, int32_t count);

    Texture m_texture;
    std::vector<uint32_t> m_contents; // capacity() * m_components values, what the texture holds
    int32_t m_rows = 0;
    int32_t m_used = 0; // elements below this have been written
    int m_components = 0;
};

} // namespace vox
