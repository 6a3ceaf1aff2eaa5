#include "native_drawable_size.h"

// Last: Xlib (also pulled in by EGL's platform header) defines macros such as `Status` and `None`.
#include <SDL.h>
#include <SDL_syswm.h>
#include <epoxy/egl.h>

#include <cstring>

namespace vox::detail {
namespace {

std::optional<PixelSize> eglSurfaceSize(SDL_Window* window) {
    // The offscreen driver always renders through EGL, so libEGL is loaded and epoxy may call it.
    if (SDL_GL_GetCurrentWindow() != window || !epoxy_has_egl())
        return std::nullopt;
    const EGLDisplay display = eglGetCurrentDisplay();
    const EGLSurface surface = eglGetCurrentSurface(EGL_DRAW);
    EGLint width = 0;
    EGLint height = 0;
    if (display == EGL_NO_DISPLAY || surface == EGL_NO_SURFACE ||
        eglQuerySurface(display, surface, EGL_WIDTH, &width) != EGL_TRUE ||
        eglQuerySurface(display, surface, EGL_HEIGHT, &height) != EGL_TRUE)
        return std::nullopt;
    return PixelSize{width, height};
}

std::optional<PixelSize> x11WindowSize([[maybe_unused]] SDL_Window* window) {
#if defined(VOX_HAVE_X11) && defined(SDL_VIDEO_DRIVER_X11)
    SDL_SysWMinfo info;
    SDL_VERSION(&info.version);
    if (SDL_GetWindowWMInfo(window, &info) != SDL_TRUE || info.subsystem != SDL_SYSWM_X11)
        return std::nullopt;
    // A round trip to the X server: what it has now, not what SDL was last told. SDL2's X11 backend has
    // no high-DPI scaling, so window units are framebuffer pixels.
    XWindowAttributes attributes;
    if (XGetWindowAttributes(info.info.x11.display, info.info.x11.window, &attributes) == 0)
        return std::nullopt;
    return PixelSize{attributes.width, attributes.height};
#else
    return std::nullopt;
#endif
}

} // namespace

std::optional<PixelSize> nativeDrawableSize(SDL_Window* window) {
    const char* driver = SDL_GetCurrentVideoDriver();
    if (window == nullptr || driver == nullptr)
        return std::nullopt;
    if (std::strcmp(driver, "offscreen") == 0)
        return eglSurfaceSize(window);
    if (std::strcmp(driver, "x11") == 0)
        return x11WindowSize(window);
    return std::nullopt;
}

} // namespace vox::detail
