#pragma once
// HudPass: the HUD layer, text in the built-in pixel font and solid rectangles, drawn over the finished
// scene at the viewport's full resolution, in the order recorded, in one instanced draw (hud.vert +
// hud.frag): each glyph or rectangle a screen rectangle of six vertices reading the font atlas (a
// rectangle reads its one solid texel).

#include "stream_buffer.h"

#include "vox/core/result.h"
#include "vox/platform/viewport.h"
#include "vox/render/bitmap_font.h"
#include "vox/render/frame_stats.h"
#include "vox/render/shader_program.h"
#include "vox/render/texture.h"
#include "vox/render/vertex_array.h"

#include <glm/vec2.hpp>
#include <glm/vec4.hpp>

#include <cstdint>
#include <filesystem>
#include <string_view>
#include <vector>

namespace vox {

class HudPass {
public:
    HudPass() = default;
    // Loads hud.vert + hud.frag from `shaderDirectory`, builds the font and its atlas texture and makes
    // the pass's GL objects.
    [[nodiscard]] static Result<HudPass> create(const std::filesystem::path& shaderDirectory);

    // The font text is drawn in.
    [[nodiscard]] const BitmapFont& font() const { return m_font; }

    // Forgets the last frame's text and rectangles.
    void clear() { m_quads.clear(); }
    // Records `text` laid out by `style` for a viewport of `viewportSize`, `pixelScale` screen pixels per
    // font pixel.
    void addText(std::string_view text, const TextStyle& style, glm::ivec2 viewportSize, int32_t pixelScale);
    // Records a solid rectangle from pixel `min` to one past `max` (from the viewport's top-left), `color`
    // sRGB with opacity; an empty one is dropped.
    void addRect(glm::ivec2 min, glm::ivec2 max, const glm::vec4& color);
    // Uploads what was recorded and draws it blended into `viewport` of framebuffer `target`.
    void draw(GLint target, const Viewport& viewport, FrameStats& frame);

private:
    // Per-instance data of a HUD glyph, as hud.vert reads it (20 bytes).
    struct GpuGlyph {
        int16_t screen[4];
        int16_t atlas[4];
        uint32_t rgba;
    };
    static_assert(sizeof(GpuGlyph) == 20);

    BitmapFont m_font;
    Texture m_fontTexture;
    ShaderProgram m_program;
    GLint m_viewportSizeLocation = -1; // uViewportSize, pixels
    StreamBuffer m_instanceBuffer;
    VertexArray m_vertexArray;
    std::vector<GlyphQuad> m_quads;    // the frame's, as recorded
    std::vector<GpuGlyph> m_instances; // scratch, kept to avoid allocating every frame
};

} // namespace vox
