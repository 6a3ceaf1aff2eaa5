#include "runner/window_mapping.h"

namespace invaders {

FrameTarget frameTarget(bool headless, bool readBack, vox::PixelSize drawable, vox::PixelSize size) {
    FrameTarget frame;
    const double aspect = static_cast<double>(size.width) / size.height;
    frame.viewport = vox::letterboxViewport(drawable.width, drawable.height, aspect);
    if (frame.viewport.width == 0)
        return frame; // minimised: nothing to draw
    frame.width = headless ? size.width : frame.viewport.width;
    frame.height = headless ? size.height : frame.viewport.height;
    frame.straightToWindow =
        !headless && !readBack && frame.width == drawable.width && frame.height == drawable.height;
    return frame;
}

MouseMapping mouseMapping(vox::PixelSize window, vox::PixelSize drawable, const FrameTarget& frame) {
    MouseMapping mapping;
    const vox::Viewport& viewport = frame.viewport;
    if (window.width <= 0 || window.height <= 0 || viewport.width <= 0 || viewport.height <= 0)
        return mapping;
    const glm::vec2 toDrawable(static_cast<float>(drawable.width) / static_cast<float>(window.width),
                               static_cast<float>(drawable.height) / static_cast<float>(window.height));
    const glm::vec2 toFrame(static_cast<float>(frame.width) / static_cast<float>(viewport.width),
                            static_cast<float>(frame.height) / static_cast<float>(viewport.height));
    // The viewport's y counts from the bottom; the window's and the frame's from the top.
    const float top = static_cast<float>(drawable.height - viewport.y - viewport.height);
    mapping.scale = toDrawable * toFrame;
    mapping.offset = -glm::vec2(static_cast<float>(viewport.x), top) * toFrame;
    return mapping;
}

} // namespace invaders
