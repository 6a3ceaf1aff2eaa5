#pragma once
// The window's default framebuffer size as the windowing system has it, asked of it directly. SDL keeps its
// own copy of the window size, which goes stale when a request it reported as done was not carried out
// (fullscreen asked of an X server with no window manager) or cannot be (the offscreen driver's EGL
// surface keeps its size whatever the window is told).

#include "vox/platform/window.h"

#include <optional>

struct SDL_Window;

namespace vox::detail {

/// The size in pixels of `window`'s default framebuffer now: the X window's geometry (X11) or the current
/// EGL draw surface (the offscreen driver, while `window`'s context is current). Nothing where it cannot
/// be asked (other drivers, a build without X11): SDL's own figure is then the best there is.
[[nodiscard]] std::optional<PixelSize> nativeDrawableSize(SDL_Window* window);

} // namespace vox::detail
