#pragma once
/// @file
/// `BitmapFont`: a pixel font as an 8-bit coverage atlas plus glyph metrics, and `layoutText()`, which
/// turns a string into glyph rectangles on exact screen pixels.
///
/// The glyphs come from Dear ImGui's built-in font (ProggyClean, 13 px, ASCII): a pixel font drawn at an
/// integer scale with nearest-neighbour sampling stays crisp at every window size, with no SDF needed.
/// Text is UTF-8. Besides ASCII the font has the four arrows U+2190..U+2193 (← ↑ → ↓, drawn here in the
/// same pixel style, for key hints); any other character shows as '?'. The atlas also holds one fully
/// covered texel (`solidTexel()`), so solid rectangles can be drawn with the same shader as the text.

#include <glm/vec2.hpp>
#include <glm/vec4.hpp>

#include <array>
#include <cstdint>
#include <string_view>
#include <vector>

namespace vox {

/// One glyph: where its pixels are in the atlas and where they go relative to the pen.
struct Glyph {
    glm::ivec2 offset{0};   ///< Top-left of the glyph box relative to the pen (top of the line), pixels.
    glm::ivec2 size{0};     ///< Glyph box, pixels (0 for a space).
    glm::ivec2 atlasMin{0}; ///< Top-left texel of the glyph in the atlas.
    int32_t advance = 0;    ///< Pen movement, pixels.
};

/// An ASCII pixel font with its atlas (top row first, one coverage byte per texel).
class BitmapFont {
public:
    /// Dear ImGui's ProggyClean at its native 13 px. Builds the atlas in memory (no GL, no files).
    [[nodiscard]] static BitmapFont proggyClean();

    /// The glyph of `character`; characters the font lacks (outside 32..126) give '?'.
    [[nodiscard]] const Glyph& glyph(char character) const;
    /// The glyph of a Unicode code point: ASCII 32..126 and the arrows U+2190..U+2193; others give '?'.
    [[nodiscard]] const Glyph& glyph(char32_t codePoint) const;
    /// An atlas texel with full coverage: a quad showing only it is a solid rectangle.
    [[nodiscard]] glm::ivec2 solidTexel() const { return m_solidTexel; }
    /// Distance between lines, pixels.
    [[nodiscard]] int32_t lineHeight() const { return m_lineHeight; }
    /// Atlas size in texels.
    [[nodiscard]] glm::ivec2 atlasSize() const { return m_atlasSize; }
    /// Atlas coverage, `atlasSize().x * atlasSize().y` bytes, top row first.
    [[nodiscard]] const std::vector<uint8_t>& atlas() const { return m_atlas; }
    /// Size of `text`'s (UTF-8) box at scale 1: widest line by line count times `lineHeight()`.
    [[nodiscard]] glm::ivec2 measure(std::string_view text) const;

private:
    static constexpr int kFirst = 32;
    static constexpr int kLast = 126;
    static constexpr char32_t kFirstArrow = U'\u2190'; // ←, then ↑ → ↓
    std::array<Glyph, kLast - kFirst + 1> m_glyphs{};
    std::array<Glyph, 4> m_arrows{};
    glm::ivec2 m_solidTexel{0};
    int32_t m_lineHeight = 0;
    glm::ivec2 m_atlasSize{0};
    std::vector<uint8_t> m_atlas;
};

/// Horizontal and vertical placement of a text box relative to its anchor.
struct TextStyle {
    glm::vec2 anchor{0.5f,
                     0.5f};      ///< Point of the screen, as fractions: (0, 0) top-left, (1, 1) bottom-right.
    glm::vec2 pivot{0.5f, 0.5f}; ///< Point of the text box put on the anchor, same convention.
    glm::ivec2 offset{0};        ///< Extra shift in font pixels (scaled like the glyphs), +y down.
    int32_t scale = 1;           ///< Size multiplier on top of the screen's pixel scale, >= 1.
    glm::vec4 color{1.0f};       ///< sRGB colour and opacity, 0..1.
    bool shadow = true;          ///< Draw a dark copy one font pixel down-right, for contrast.
};

/// A glyph placed on the screen: a rectangle of pixels (origin top-left) and the atlas texels it shows.
struct GlyphQuad {
    glm::ivec2 screenMin{0}; ///< Top-left pixel.
    glm::ivec2 screenMax{0}; ///< One past the bottom-right pixel.
    glm::ivec2 atlasMin{0};  ///< Top-left atlas texel.
    glm::ivec2 atlasMax{0};  ///< One past the bottom-right atlas texel.
    uint32_t rgba = 0;       ///< sRGB colour with opacity, 0xAABBGGRR.
};

/// Calls `visit(codePoint)` for each code point of the UTF-8 `text`; a malformed byte gives U+FFFD.
template <class Visit>
void forEachCodePoint(std::string_view text, Visit&& visit);

/// Lays `text` (UTF-8) out (lines split at '\n') on a `screenSize` pixel screen, each font pixel drawn as a
/// `pixelScale * style.scale` square so edges land on whole pixels. Appends to `out`, shadows first.
void layoutText(const BitmapFont& font, std::string_view text, const TextStyle& style, glm::ivec2 screenSize,
                int32_t pixelScale, std::vector<GlyphQuad>& out);

template <class Visit>
void forEachCodePoint(std::string_view text, Visit&& visit) {
    for (size_t i = 0; i < text.size();) {
        const auto lead = static_cast<unsigned char>(text[i]);
        const int length = lead < 0x80           ? 1
                           : (lead >> 5) == 0x6  ? 2
                           : (lead >> 4) == 0xE  ? 3
                           : (lead >> 3) == 0x1E ? 4
                                                 : 0;
        char32_t code = length == 1   ? lead
                        : length == 2 ? lead & 0x1Fu
                        : length == 3 ? lead & 0x0Fu
                                      : lead & 0x07u;
        bool valid = length > 0 && i + static_cast<size_t>(length) <= text.size();
        for (int k = 1; valid && k < length; ++k) {
            const auto next = static_cast<unsigned char>(text[i + static_cast<size_t>(k)]);
            valid = (next & 0xC0) == 0x80;
            code = (code << 6) | (next & 0x3Fu);
        }
        visit(valid ? code : U'\uFFFD');
        i += valid ? static_cast<size_t>(length) : 1;
    }
}

} // namespace vox
