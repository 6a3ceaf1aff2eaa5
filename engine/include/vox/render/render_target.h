#pragma once
/// @file
/// `RenderTarget`: an offscreen image to render into: an 8-bit RGBA colour texture of a fixed size in a
/// framebuffer object, without a depth buffer (`SceneRenderer` keeps its own). The game draws its frame
/// here when the frame does not fill the window: headless at exactly the size it wants (e.g. `--size
/// 1280x720`), read back for screenshots (`readImage`), or letterboxed in a window of another shape
/// (`presentLetterboxed`). A frame that fills the window is drawn straight into it
/// (`Window::bindBackBuffer`): on a software rasteriser the copy would cost a pass over every pixel.

#include "vox/core/result.h"
#include "vox/platform/viewport.h"
#include "vox/render/framebuffer.h"
#include "vox/render/image.h"
#include "vox/render/texture.h"

namespace vox {

/// Colour texture (`Texture::createColorBuffer`) + framebuffer. Move-only.
class RenderTarget {
public:
    /// An empty target; use `create()`.
    RenderTarget() = default;
    /// A complete `width` x `height` target. Fails (naming the size) if the driver refuses the framebuffer.
    [[nodiscard]] static Result<RenderTarget> create(int width, int height);

    /// Binds the framebuffer for drawing and sets the viewport to cover all of it.
    void bind() const;
    /// Copies the colour image, scaled with linear filtering, into `viewport` of the framebuffer named
    /// `destination` (0: the window). Leaves `destination` bound.
    void blitTo(const Viewport& viewport, GLuint destination = 0) const;
    /// Shows the colour image in the window: clears the whole default framebuffer to black (the bars) and
    /// copies the image into `viewport` as `blitTo` does. `viewport` is normally `letterboxViewport()` of
    /// `Window::drawableSize()`. Leaves the default framebuffer bound.
    void presentLetterboxed(const Viewport& viewport) const;
    /// Reads the colour image back to memory (top row first).
    [[nodiscard]] Image readImage() const;

    /// Width in pixels.
    [[nodiscard]] int width() const { return m_color.width(); }
    /// Height in pixels.
    [[nodiscard]] int height() const { return m_color.height(); }
    /// The colour texture, e.g. to sample in a post-processing pass.
    [[nodiscard]] const Texture& colorTexture() const { return m_color; }
    /// The framebuffer.
    [[nodiscard]] const Framebuffer& framebuffer() const { return m_framebuffer; }

private:
    Texture m_color;
    Framebuffer m_framebuffer;
};

} // namespace vox
