// BitmapFont and layoutText: the glyphs come from Dear ImGui's atlas, text lands on whole pixels at
// integer scales, anchors and pivots place it, shadows come first.

#include "vox/render/bitmap_font.h"

#include <gtest/gtest.h>

namespace {

const vox::BitmapFont& font() {
    static const vox::BitmapFont instance = vox::BitmapFont::proggyClean();
    return instance;
}

TEST(BitmapFontTest, ProggyCleanIsAMonospacedThirteenPixelFont) {
    EXPECT_EQ(font().lineHeight(), 13);
    EXPECT_EQ(font().glyph('A').advance, 7);
    EXPECT_EQ(font().glyph('i').advance, font().glyph('W').advance);
    EXPECT_EQ(font().glyph(' ').size, glm::ivec2(0));
    // Every glyph lies inside the atlas and has ink there.
    for (char c = '!'; c <= '~'; ++c) {
        SCOPED_TRACE(c);
        const vox::Glyph& glyph = font().glyph(c);
        ASSERT_GT(glyph.size.x, 0);
        ASSERT_LE(glyph.atlasMin.x + glyph.size.x, font().atlasSize().x);
        ASSERT_LE(glyph.atlasMin.y + glyph.size.y, font().atlasSize().y);
        int ink = 0;
        for (int y = 0; y < glyph.size.y; ++y)
            for (int x = 0; x < glyph.size.x; ++x)
                ink += font().atlas()[static_cast<size_t>((glyph.atlasMin.y + y) * font().atlasSize().x +
                                                          glyph.atlasMin.x + x)] > 127;
        EXPECT_GT(ink, 0);
    }
}

TEST(BitmapFontTest, UnknownCharactersShowAsQuestionMarks) {
    EXPECT_EQ(font().glyph('\x01').atlasMin, font().glyph('?').atlasMin);
    EXPECT_EQ(font().glyph('\xe9').atlasMin, font().glyph('?').atlasMin);
}

TEST(BitmapFontTest, MeasureCountsTheWidestLineAndAllLines) {
    EXPECT_EQ(font().measure("ABC"), glm::ivec2(21, 13));
    EXPECT_EQ(font().measure("A\nABCD\nAB"), glm::ivec2(28, 39));
}

TEST(BitmapFontTest, LayoutScalesByWholePixelsAndHonoursAnchorAndPivot) {
    for (int scale : {1, 2, 3}) {
        SCOPED_TRACE(scale);
        vox::TextStyle style;
        style.anchor = {0.5f, 0.5f};
        style.pivot = {0.5f, 0.5f};
        style.shadow = false;
        std::vector<vox::GlyphQuad> quads;
        vox::layoutText(font(), "HI", style, {641, 361}, scale, quads);
        ASSERT_EQ(quads.size(), 2u);
        const vox::Glyph& h = font().glyph('H');
        EXPECT_EQ(quads[0].screenMax - quads[0].screenMin, h.size * scale); // exact integer magnification
        EXPECT_EQ(quads[0].atlasMax - quads[0].atlasMin, h.size);
        const vox::Glyph& i = font().glyph('I');
        EXPECT_EQ((quads[1].screenMin.x - i.offset.x * scale) - (quads[0].screenMin.x - h.offset.x * scale),
                  h.advance * scale);
        // The text box (14 x 13 font pixels) is centred on (320.5, 180.5), rounded to a whole pixel.
        const glm::ivec2 boxTopLeft = quads[0].screenMin - h.offset * scale;
        EXPECT_NEAR(boxTopLeft.x + 7 * scale, 320.5, 0.5 + 1e-9);
        EXPECT_NEAR(boxTopLeft.y + 6.5 * scale, 180.5, 0.5 + 1e-9);
    }
}

TEST(BitmapFontTest, ShadowIsDrawnFirstOneFontPixelDownRight) {
    vox::TextStyle style;
    style.anchor = {0.0f, 0.0f};
    style.pivot = {0.0f, 0.0f};
    style.color = {1.0f, 1.0f, 1.0f, 1.0f};
    std::vector<vox::GlyphQuad> quads;
    vox::layoutText(font(), "A", style, {100, 100}, 2, quads);
    ASSERT_EQ(quads.size(), 2u);
    EXPECT_EQ(quads[0].screenMin, quads[1].screenMin + glm::ivec2(2));
    EXPECT_EQ(quads[1].rgba, 0xFFFFFFFFu);
    EXPECT_EQ(quads[0].rgba & 0x00FFFFFFu, 0u); // black, translucent
}

} // namespace
