#pragma once
/// @file
/// `Viewport` and `letterboxViewport()`: where an image of a fixed aspect ratio goes inside a window of
/// any shape, centred, as large as fits, with bars on the sides or top and bottom.

namespace vox {

/// A rectangle of pixels, origin at the bottom-left (OpenGL's convention, as `glViewport` takes it).
struct Viewport {
    int x = 0;      ///< Left edge, pixels.
    int y = 0;      ///< Bottom edge, pixels.
    int width = 0;  ///< Pixels; 0 when the window has no area (e.g. minimised).
    int height = 0; ///< Pixels; 0 when the window has no area.

    /// The same rectangle.
    friend bool operator==(const Viewport&, const Viewport&) = default;
};

/// The largest rectangle of aspect `aspect` (width / height) that fits in a `drawableWidth` x
/// `drawableHeight` framebuffer, centred. Each side is at least 1 pixel when the drawable has area;
/// a drawable with no area (or a non-positive aspect) gives an empty viewport.
[[nodiscard]] Viewport letterboxViewport(int drawableWidth, int drawableHeight, double aspect);

} // namespace vox
