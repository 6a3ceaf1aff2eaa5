#pragma once
/// @file
/// `Image`: 8-bit RGBA pixels in memory, read back from GL and saved to or loaded from PNG files
/// (stb_image_write / stb_image). Screenshots and image-comparison tests go through here.

#include "vox/core/result.h"

#include <cstdint>
#include <filesystem>
#include <vector>

namespace vox {

/// RGBA8 pixels, top row first (the way image files and people order rows, not GL).
struct Image {
    int width = 0;             ///< Pixels.
    int height = 0;            ///< Pixels.
    std::vector<uint8_t> rgba; ///< width * height * 4 bytes, rows top to bottom.

    /// The 4 bytes (R, G, B, A) of pixel (`x`, `y`), `y` counted from the top. Asserts on bounds.
    [[nodiscard]] const uint8_t* pixel(int x, int y) const;
    /// True when every pixel has the same RGBA value (e.g. a render that drew nothing).
    [[nodiscard]] bool isUniform() const;
};

/// Reads a rectangle of the framebuffer bound to GL_READ_FRAMEBUFFER (colour attachment 0 / back buffer),
/// `x`, `y` from the bottom-left as GL counts, and returns it with rows flipped to top-first.
[[nodiscard]] Image readPixels(int x, int y, int width, int height);

/// Writes `image` as a PNG file; the error names the path and the reason (e.g. a missing folder).
[[nodiscard]] Status writePng(const Image& image, const std::filesystem::path& path);

/// Reads a PNG (or any format stb_image knows) as RGBA8; the error names the path and the reason.
[[nodiscard]] Result<Image> readPng(const std::filesystem::path& path);

} // namespace vox
