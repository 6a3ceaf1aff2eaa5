#include "scene/logo_model.h"

#include <algorithm>

namespace invaders {

vox::VoxelModel makeTextModel(const vox::BitmapFont& font, std::string_view text, int32_t depth,
                              uint32_t face, uint32_t side) {
    // The glyphs' rows that hold ink, so the model is as tall as the letters, not the line.
    const glm::ivec2 box = font.measure(text);
    int32_t top = box.y;
    int32_t bottom = 0;
    for (char c : text) {
        const vox::Glyph& glyph = font.glyph(c);
        if (glyph.size.x == 0)
            continue;
        top = std::min(top, glyph.offset.y);
        bottom = std::max(bottom, glyph.offset.y + glyph.size.y);
    }
    vox::VoxelModel model(glm::ivec3(std::max(box.x, 1), std::max(bottom - top, 1), depth));
    vox::Palette palette = model.palette();
    palette[1] = face;
    palette[2] = side;
    model.setPalette(palette);
    const glm::ivec2 atlasSize = font.atlasSize();
    int32_t penX = 0;
    for (char c : text) {
        const vox::Glyph& glyph = font.glyph(c);
        for (int32_t y = 0; y < glyph.size.y; ++y) {
            for (int32_t x = 0; x < glyph.size.x; ++x) {
                const glm::ivec2 texel = glyph.atlasMin + glm::ivec2(x, y);
                if (font.atlas()[static_cast<size_t>(texel.y * atlasSize.x + texel.x)] < 128)
                    continue;
                const int32_t modelX = penX + glyph.offset.x + x;
                const int32_t modelY = bottom - 1 - (glyph.offset.y + y); // font rows grow downwards
                for (int32_t z = 0; z < depth; ++z)
                    model.set({modelX, modelY, z}, z == depth - 1 ? 1 : 2);
            }
        }
        penX += glyph.advance;
    }
    return model;
}

} // namespace invaders
