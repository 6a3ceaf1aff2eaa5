#include "vox/platform/viewport.h"

#include <algorithm>
#include <cmath>

namespace vox {

Viewport letterboxViewport(int drawableWidth, int drawableHeight, double aspect) {
    if (drawableWidth <= 0 || drawableHeight <= 0 || !(aspect > 0.0))
        return {};
    const double drawableAspect = static_cast<double>(drawableWidth) / drawableHeight;
    Viewport viewport;
    if (drawableAspect > aspect) { // wider than the image: bars left and right
        viewport.height = drawableHeight;
        viewport.width = std::clamp(static_cast<int>(std::lround(drawableHeight * aspect)), 1, drawableWidth);
    } else { // taller (or equal): bars top and bottom
        viewport.width = drawableWidth;
        viewport.height =
            std::clamp(static_cast<int>(std::lround(drawableWidth / aspect)), 1, drawableHeight);
    }
    viewport.x = (drawableWidth - viewport.width) / 2;
    viewport.y = (drawableHeight - viewport.height) / 2;
    return viewport;
}

} // namespace vox
