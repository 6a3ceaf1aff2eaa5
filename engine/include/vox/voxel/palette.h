#pragma once
/// @file
/// `Palette`: the 256 colours a voxel model draws from, as MagicaVoxel stores them.
///
/// A voxel holds a palette index, 1 to 255; index 0 means "empty" and its entry is unused. Each entry is
/// an RGBA colour packed as 0xAABBGGRR, i.e. red in the lowest byte, the byte order of the RGBA chunk of a
/// .vox file read as a little-endian uint32.

#include <glm/common.hpp>
#include <glm/vec4.hpp>

#include <array>
#include <cmath>
#include <cstdint>

namespace vox {

/// 256 colours packed 0xAABBGGRR; entry i is the colour of palette index i (entry 0 is unused).
using Palette = std::array<uint32_t, 256>;

/// MagicaVoxel's default palette, used when a .vox file has no RGBA chunk (from the published format
/// specification, ephtracy/voxel-model).
[[nodiscard]] const Palette& magicaVoxelDefaultPalette();

/// Packs 8-bit channels as 0xAABBGGRR.
[[nodiscard]] constexpr uint32_t packRgba(uint8_t r, uint8_t g, uint8_t b, uint8_t a = 255) {
    return static_cast<uint32_t>(r) | static_cast<uint32_t>(g) << 8 | static_cast<uint32_t>(b) << 16 |
           static_cast<uint32_t>(a) << 24;
}

/// `color` (0..1 per channel, clamped) packed as 8-bit 0xAABBGGRR.
[[nodiscard]] inline uint32_t packColor(const glm::vec4& color) {
    const auto channel = [](float value) {
        return static_cast<uint8_t>(std::lround(glm::clamp(value, 0.0f, 1.0f) * 255.0f));
    };
    return packRgba(channel(color.r), channel(color.g), channel(color.b), channel(color.a));
}

} // namespace vox
