#include "vox/render/bitmap_font.h"

#include "vox/core/assert.h"
#include "vox/voxel/palette.h"

#include <glm/common.hpp>
#include <imgui.h>

#include <algorithm>
#include <cmath>

namespace vox {
namespace {

// The arrows ← ↑ → ↓ in ProggyClean's style: 7 x 7 cells, '#' covered.
constexpr int kArrowSize = 7;
constexpr const char* kArrowPixels[4][kArrowSize] = {
    {".......", "..#....", ".##....", "#######", ".##....", "..#....", "......."},
    {"...#...", "..###..", ".#####.", "...#...", "...#...", "...#...", "...#..."},
    {".......", "....#..", "....##.", "#######", "....##.", "....#..", "......."},
    {"...#...", "...#...", "...#...", "...#...", ".#####.", "..###..", "...#..."},
};

} // namespace

BitmapFont BitmapFont::proggyClean() {
    ImFontAtlas atlas;
    ImFontConfig config;
    config.OversampleH = 1; // a pixel font: one texel per pixel, no filtering margin tricks
    config.OversampleV = 1;
    config.PixelSnapH = true;
    ImFont* imFont = atlas.AddFontDefault(&config);
    std::array<int, 4> arrowRects{};
    for (int& rect : arrowRects)
        rect = atlas.AddCustomRectRegular(kArrowSize, kArrowSize); // packed by the atlas, painted below
    unsigned char* pixels = nullptr;
    int width = 0;
    int height = 0;
    atlas.GetTexDataAsAlpha8(&pixels, &width, &height);
    VOX_VERIFY(pixels != nullptr && imFont != nullptr, "Dear ImGui could not build its default font atlas");

    BitmapFont font;
    font.m_atlasSize = glm::ivec2(width, height);
    font.m_atlas.assign(pixels, pixels + static_cast<size_t>(width) * static_cast<size_t>(height));
    font.m_solidTexel = glm::ivec2(std::lround(atlas.TexUvWhitePixel.x * static_cast<float>(width) - 0.5f),
                                   std::lround(atlas.TexUvWhitePixel.y * static_cast<float>(height) - 0.5f));
    font.m_lineHeight = static_cast<int32_t>(std::lround(imFont->FontSize));
    for (int c = kFirst; c <= kLast; ++c) {
        const ImFontGlyph* g = imFont->FindGlyphNoFallback(static_cast<ImWchar>(c));
        Glyph& glyph = font.m_glyphs[static_cast<size_t>(c - kFirst)];
        if (g == nullptr)
            continue;
        glyph.advance = static_cast<int32_t>(std::lround(g->AdvanceX));
        glyph.offset = glm::ivec2(std::lround(g->X0), std::lround(g->Y0));
        glyph.size = glm::ivec2(std::lround(g->X1 - g->X0), std::lround(g->Y1 - g->Y0));
        glyph.atlasMin = glm::ivec2(std::lround(g->U0 * static_cast<float>(width)),
                                    std::lround(g->V0 * static_cast<float>(height)));
    }
    // The arrows sit on the capitals' middle, with the capitals' advance.
    const Glyph& capital = font.glyph('A');
    for (size_t a = 0; a < arrowRects.size(); ++a) {
        const ImFontAtlasCustomRect* rect = atlas.GetCustomRectByIndex(arrowRects[a]);
        VOX_VERIFY(rect != nullptr && rect->IsPacked(), "Dear ImGui did not pack the arrow glyphs");
        const glm::ivec2 origin(rect->X, rect->Y);
        for (int y = 0; y < kArrowSize; ++y)
            for (int x = 0; x < kArrowSize; ++x)
                font.m_atlas[static_cast<size_t>((origin.y + y) * width + origin.x + x)] =
                    kArrowPixels[a][y][x] == '#' ? 255 : 0;
        Glyph& arrow = font.m_arrows[a];
        arrow.atlasMin = origin;
        arrow.size = glm::ivec2(kArrowSize);
        arrow.offset = glm::ivec2(0, capital.offset.y + (capital.size.y - kArrowSize) / 2);
        arrow.advance = capital.advance;
    }
    return font;
}

const Glyph& BitmapFont::glyph(char character) const {
    return glyph(static_cast<char32_t>(static_cast<unsigned char>(character)));
}

const Glyph& BitmapFont::glyph(char32_t codePoint) const {
    if (codePoint >= kFirstArrow && codePoint < kFirstArrow + m_arrows.size())
        return m_arrows[codePoint - kFirstArrow];
    const bool ascii =
        codePoint >= static_cast<char32_t>(kFirst) && codePoint <= static_cast<char32_t>(kLast);
    return m_glyphs[ascii ? codePoint - kFirst : static_cast<size_t>('?' - kFirst)];
}

glm::ivec2 BitmapFont::measure(std::string_view text) const {
    int32_t width = 0;
    int32_t lineWidth = 0;
    int32_t lines = 1;
    forEachCodePoint(text, [&](char32_t c) {
        if (c == U'\n') {
            ++lines;
            lineWidth = 0;
            return;
        }
        lineWidth += glyph(c).advance;
        width = std::max(width, lineWidth);
    });
    return {width, lines * m_lineHeight};
}

namespace {

void appendGlyphs(const BitmapFont& font, std::string_view text, glm::ivec2 origin, int32_t scale,
                  uint32_t rgba, std::vector<GlyphQuad>& out) {
    glm::ivec2 pen = origin;
    forEachCodePoint(text, [&](char32_t c) {
        if (c == U'\n') {
            pen = glm::ivec2(origin.x, pen.y + font.lineHeight() * scale);
            return;
        }
        const Glyph& glyph = font.glyph(c);
        if (glyph.size.x > 0 && glyph.size.y > 0) {
            GlyphQuad quad;
            quad.screenMin = pen + glyph.offset * scale;
            quad.screenMax = quad.screenMin + glyph.size * scale;
            quad.atlasMin = glyph.atlasMin;
            quad.atlasMax = glyph.atlasMin + glyph.size;
            quad.rgba = rgba;
            out.push_back(quad);
        }
        pen.x += glyph.advance * scale;
    });
}

} // namespace

void layoutText(const BitmapFont& font, std::string_view text, const TextStyle& style, glm::ivec2 screenSize,
                int32_t pixelScale, std::vector<GlyphQuad>& out) {
    VOX_ASSERT(pixelScale >= 1 && style.scale >= 1, "layoutText: scales must be at least 1");
    const int32_t scale = pixelScale * style.scale;
    const glm::ivec2 box = font.measure(text) * scale;
    const glm::vec2 anchor = style.anchor * glm::vec2(screenSize);
    const glm::vec2 topLeft = anchor - style.pivot * glm::vec2(box);
    // Whole pixels: every font pixel then covers exactly scale x scale screen pixels.
    const glm::ivec2 origin = glm::ivec2(glm::floor(topLeft + 0.5f)) + style.offset * scale;
    if (style.shadow) {
        const glm::vec4 shadow(0.0f, 0.0f, 0.0f, 0.6f * style.color.a);
        appendGlyphs(font, text, origin + glm::ivec2(scale), scale, packColor(shadow), out);
    }
    appendGlyphs(font, text, origin, scale, packColor(style.color), out);
}

} // namespace vox
