#include "native_drawable_size.h"

namespace vox::detail {

// In a browser SDL's own figure is the canvas' size, which is the truth.
std::optional<PixelSize> nativeDrawableSize(SDL_Window*) {
    return std::nullopt;
}

} // namespace vox::detail
