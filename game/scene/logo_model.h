#pragma once
// The title's logo as a voxel model: the HUD font's pixels extruded into voxels, so the title shows what
// the game is made of. Built once at load time.

#include "vox/render/bitmap_font.h"
#include "vox/voxel/voxel_model.h"

#include <string_view>

namespace invaders {

/// `text` (one line, ASCII) in `font`'s pixels, one voxel each, `depth` voxels deep: the front layer's
/// colour is `face`, the rest `side` (sRGB), so the letters' sides and tops read as solid. The model's
/// y grows upwards (row 0 of the font is the model's top row).
[[nodiscard]] vox::VoxelModel makeTextModel(const vox::BitmapFont& font, std::string_view text, int32_t depth,
                                            uint32_t face, uint32_t side);

} // namespace invaders
