#pragma once
// From the window to the game's picture, as pure functions the runner calls and the tests check: which
// pixels a frame is drawn at (the letterboxed viewport, or exactly --size headless), whether it can go
// straight into the window's back buffer, and how a mouse position in window coordinates maps to the
// frame's pixels (for the debug overlay's ImGui).

#include "vox/platform/viewport.h"
#include "vox/platform/window.h"

#include <glm/vec2.hpp>

namespace invaders {

/// Where a frame is drawn.
struct FrameTarget {
    int width = 0;                 ///< The frame's pixels across; 0: nothing to draw (minimised).
    int height = 0;                ///< The frame's pixels down.
    vox::Viewport viewport;        ///< Where the frame goes in the window's drawable (bottom-left origin).
    bool straightToWindow = false; ///< Drawn into the back buffer itself, not a render target copied in.
};

/// The frame for a window whose drawable is `drawable` pixels, at the aspect of `size` (the --size the
/// game was asked for). Headless frames are `size` exactly. The frame goes straight into the window when
/// it fills the whole drawable and nothing reads it back (`readBack`: a --screenshot); otherwise into a
/// render target copied into the window, a full-screen pass that costs a software rasteriser dearly
/// (docs/renderer.md, "Into the window: llvmpipe's fast path").
[[nodiscard]] FrameTarget frameTarget(bool headless, bool readBack, vox::PixelSize drawable,
                                      vox::PixelSize size);

/// A frame pixel = window coordinate * `scale` + `offset` (y down in both, as SDL and ImGui count).
struct MouseMapping {
    glm::vec2 scale{1.0f};  ///< Frame pixels per window coordinate.
    glm::vec2 offset{0.0f}; ///< See `scale`.

    /// The frame pixel under window coordinate `point`.
    [[nodiscard]] glm::vec2 apply(glm::vec2 point) const { return point * scale + offset; }
};

/// How window coordinates (`window`: the window's size in its own units, which HiDPI makes smaller than
/// the drawable's pixels) map to the pixels of `frame`: through the drawable's scale, then the letterbox.
/// The identity when the window or the viewport has no area.
[[nodiscard]] MouseMapping mouseMapping(vox::PixelSize window, vox::PixelSize drawable,
                                        const FrameTarget& frame);

} // namespace invaders
