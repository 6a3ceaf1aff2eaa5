#include "scene/color_blind_palette.h"

#include "vox/voxel/palette.h"

#include <algorithm>
#include <cmath>

namespace invaders {
namespace {

float channel(uint32_t rgba, int shift) {
    return static_cast<float>((rgba >> shift) & 0xFFu) / 255.0f;
}

// Relative luminance (Rec. 709 weights) of an sRGB colour, on the encoded values: only ratios of it are
// used, for colours of one model.
float brightness(uint32_t rgba) {
    return 0.2126f * channel(rgba, 0) + 0.7152f * channel(rgba, 8) + 0.0722f * channel(rgba, 16);
}

} // namespace

ColorBlindPalette colorBlindPalette() {
    const uint32_t skyBlue = vox::packRgba(86, 180, 233);
    const uint32_t orange = vox::packRgba(230, 159, 0);
    const uint32_t white = vox::packRgba(240, 240, 240);
    const uint32_t yellow = vox::packRgba(240, 228, 66);
    const uint32_t reddishPurple = vox::packRgba(204, 121, 167);
    const uint32_t vermillion = vox::packRgba(235, 110, 20); // Okabe-Ito's, lighter: it reads on black
    // Okabe-Ito's bluish green, lighter: the ground line it stands on is a bright green.
    const uint32_t lightBluishGreen = vox::packRgba(100, 240, 195);
    return {.invaders = {skyBlue, orange, white},
            .alienShots = {yellow, reddishPurple, vermillion},
            .playerShot = vox::packRgba(255, 255, 255),
            .cannon = lightBluishGreen,
            .saucer = reddishPurple,
            .groundLine = glm::vec3(0.025f, 0.15f, 0.042f)}; // a sixth of the default look's
}

vox::VoxelModel recolored(const vox::VoxelModel& model, uint32_t rgba) {
    const glm::ivec3 size = model.size();
    std::array<bool, 256> used{};
    for (int32_t z = 0; z < size.z; ++z)
        for (int32_t y = 0; y < size.y; ++y)
            for (int32_t x = 0; x < size.x; ++x)
                used[model.colorIndex({x, y, z})] = true;
    const vox::Palette& palette = model.palette();
    float brightest = 0.0f;
    for (size_t i = 1; i < used.size(); ++i)
        if (used[i])
            brightest = std::max(brightest, brightness(palette[i]));
    vox::Palette changed = palette;
    for (size_t i = 1; i < used.size(); ++i) {
        if (!used[i])
            continue;
        const float scale = brightest > 0.0f ? std::min(brightness(palette[i]) / brightest, 1.0f) : 1.0f;
        const auto scaled = [&](int shift) {
            return static_cast<uint8_t>(std::lround(channel(rgba, shift) * scale * 255.0f));
        };
        changed[i] = vox::packRgba(scaled(0), scaled(8), scaled(16));
    }
    vox::VoxelModel result = model;
    result.setPalette(changed);
    return result;
}

} // namespace invaders
