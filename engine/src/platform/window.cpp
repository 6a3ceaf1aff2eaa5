#include "vox/platform/window.h"

#include "native_drawable_size.h"
#include "vox/platform/gl_debug.h"

#include "vox/platform/gl.h"
#include <SDL.h>

#if defined(__SANITIZE_ADDRESS__)
#define VOX_LEAK_CHECKED_BUILD 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define VOX_LEAK_CHECKED_BUILD 1
#endif
#endif
#if defined(VOX_LEAK_CHECKED_BUILD) && defined(__linux__)
#include <dlfcn.h>
#include <link.h>
#endif

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <utility>

namespace vox {
namespace {

#if defined(__EMSCRIPTEN__)
constexpr bool kCanvas = true; // the window is a page's canvas (Emscripten), always shown
#else
constexpr bool kCanvas = false;
#endif
constexpr int kMinimumWindowWidth = 320;
constexpr int kMinimumWindowHeight = 180;
// How long a fullscreen switch waits for the window manager to carry it out. A window manager takes a few
// milliseconds; only a refusal waits this long.
constexpr Uint32 kWindowManagerWaitMs = 500;
constexpr Uint32 kWindowManagerPollMs = 10;

[[maybe_unused]] bool environmentSet(const char* variable) {
    const char* value = std::getenv(variable);
    return value != nullptr && *value != '\0';
}

// True when SDL can be expected to open a real window. Only X11/Wayland systems can tell from the
// environment; an explicit SDL_VIDEODRIVER (kmsdrm, offscreen, ...) is the user's choice and is kept.
[[maybe_unused]] bool displayAvailable() {
#if defined(__linux__) || defined(__FreeBSD__) || defined(__OpenBSD__) || defined(__NetBSD__)
    return environmentSet("DISPLAY") || environmentSet("WAYLAND_DISPLAY") ||
           environmentSet("SDL_VIDEODRIVER");
#else
    return true;
#endif
}

std::string sdlError(const char* what) {
    return std::string(what) + ": " + SDL_GetError();
}

// Sanitizer builds only: Mesa's DRI driver makes one-time allocations and is unloaded at exit, before
// LeakSanitizer reports; its frames then show as "<unknown module>" and tests/lsan.supp cannot match
// them. Marking the loaded driver RTLD_NODELETE keeps it mapped so the suppressions apply.
void keepGlDriverLoadedForLeakChecks() {
#if defined(VOX_LEAK_CHECKED_BUILD) && defined(__linux__)
    dl_iterate_phdr(
        [](dl_phdr_info* info, size_t, void*) {
            const std::string name = info->dlpi_name != nullptr ? info->dlpi_name : "";
            if (name.find("_dri.so") != std::string::npos || name.find("libgallium") != std::string::npos)
                dlopen(name.c_str(), RTLD_NOW | RTLD_NOLOAD | RTLD_NODELETE); // a reference never closed
            return 0;
        },
        nullptr);
#endif
}

// Starts SDL's video for `settings`: offscreen when headless is asked for or there is no display. Returns
// whether the window will be headless (nothing shown until the last frame).
Result<bool> startVideo(const WindowSettings& settings) {
    // Mesa reads its options when the display is initialised; overwrite = 0 keeps the user's choice.
#if !defined(_WIN32) && !defined(VOX_LEAK_CHECKED_BUILD)
    // Not in leak-checked builds: LeakSanitizer's scan at exit crashes while Mesa's driver thread is
    // alive (Mesa 22.3: "Tracer caught signal 11"), and those builds are about our code, not speed.
    if (settings.threadedDriver)
        setenv("mesa_glthread", "true", 0);
#endif

#if defined(__EMSCRIPTEN__)
    // A page draws into its canvas whatever it does: there, headless means only that frames run back to
    // back with nothing shown until the last (isHeadless()), never SDL's offscreen driver, which has no GL.
    const bool wantHeadless = false;
#else
    const bool wantHeadless = settings.headless || !displayAvailable();
#endif
    if (wantHeadless)
        SDL_SetHintWithPriority(SDL_HINT_VIDEODRIVER, "offscreen", SDL_HINT_OVERRIDE);
    if (SDL_InitSubSystem(SDL_INIT_VIDEO) != 0) {
        return Error{sdlError("cannot start SDL video") +
                     (wantHeadless ? "" : " (no display? headless mode renders offscreen without one)")};
    }
#if defined(__EMSCRIPTEN__)
    return settings.headless;
#else
    const char* driver = SDL_GetCurrentVideoDriver();
    return driver != nullptr && std::strcmp(driver, "offscreen") == 0;
#endif
}

// Asks SDL for the context `settings` describe: desktop OpenGL 3.3 core or OpenGL ES 3.0, double
// buffered, with depth and stencil only when asked for.
void requestGlContext(const WindowSettings& settings) {
    SDL_GL_ResetAttributes();
    const bool es = settings.dialect == GlDialect::Es;
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK,
                        es ? SDL_GL_CONTEXT_PROFILE_ES : SDL_GL_CONTEXT_PROFILE_CORE);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, es ? 0 : 3);
    // Forward compatibility is a desktop notion; EGL refuses the flag for ES contexts.
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_FLAGS, (es ? 0 : SDL_GL_CONTEXT_FORWARD_COMPATIBLE_FLAG) |
                                                  (settings.debugContext ? SDL_GL_CONTEXT_DEBUG_FLAG : 0));
    SDL_GL_SetAttribute(SDL_GL_DOUBLEBUFFER, 1);
    SDL_GL_SetAttribute(SDL_GL_DEPTH_SIZE, settings.depthBuffer ? 24 : 0);
    SDL_GL_SetAttribute(SDL_GL_STENCIL_SIZE, settings.depthBuffer ? 8 : 0);
}

// Makes `context` (from SDL_GL_CreateContext, perhaps null) current on `window`; the error says what the
// program needs when there is no context.
Status makeGlContextCurrent(SDL_Window* window, SDL_GLContext context, const WindowSettings& settings) {
#if defined(__EMSCRIPTEN__)
    if (context == nullptr) {
        return Error{sdlError("cannot create a WebGL 2 context") + "; " + settings.title +
                     " needs WebGL 2 (any current browser with hardware acceleration or WebGL turned on)"};
    }
    if (SDL_GL_MakeCurrent(window, context) != 0)
        return Error{sdlError("cannot make the WebGL 2 context current")};
#else
    if (context == nullptr) {
        if (settings.dialect == GlDialect::Es)
            return Error{sdlError("cannot create an OpenGL ES 3.0 context") +
                         " (VOX_GL=es asks for one; unset it to use desktop OpenGL)"};
        return Error{sdlError("cannot create an OpenGL 3.3 core context") + "; " + settings.title +
                     " needs OpenGL 3.3 (any GPU driver since 2010, or Mesa's llvmpipe)"};
    }
    if (SDL_GL_MakeCurrent(window, context) != 0)
        return Error{sdlError("cannot make the OpenGL context current")};
#endif
    return {};
}

} // namespace

Result<Window> Window::create(const WindowSettings& settings) {
    VOX_ASSERT(settings.width > 0 && settings.height > 0,
               "WindowSettings: width and height must be positive");
    const Result<bool> headless = startVideo(settings);
    if (!headless)
        return headless.error();
    Window window;
    window.m_ownsVideo = true;
    window.m_headless = headless.value();

    requestGlContext(settings);
    Uint32 flags = SDL_WINDOW_OPENGL | SDL_WINDOW_ALLOW_HIGHDPI;
    flags |= window.m_headless && !kCanvas ? SDL_WINDOW_HIDDEN : SDL_WINDOW_SHOWN;
    if (settings.resizable)
        flags |= SDL_WINDOW_RESIZABLE;
    window.m_window = SDL_CreateWindow(settings.title.c_str(), SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED,
                                       settings.width, settings.height, flags);
    if (window.m_window == nullptr)
        return Error{sdlError("cannot open a window")};
    if (settings.resizable) // never above the requested size, which SDL would then enlarge
        SDL_SetWindowMinimumSize(window.m_window, std::min(kMinimumWindowWidth, settings.width),
                                 std::min(kMinimumWindowHeight, settings.height));

    window.m_context = SDL_GL_CreateContext(window.m_window);
    if (Status current = makeGlContextCurrent(window.m_window, window.m_context, settings); !current)
        return current.error();
    window.m_dialect = currentGlDialect();
#if defined(__EMSCRIPTEN__)
    const int minimumVersion = 0; // WebGL 2 is OpenGL ES 3.0, as the dialect check says
    const int version = 0;
#else
    const int minimumVersion = settings.dialect == GlDialect::Es ? 30 : 33;
    const int version = epoxy_gl_version();
#endif
    if (window.m_dialect != settings.dialect || version < minimumVersion)
        return Error{std::string(glDialectName(settings.dialect)) + " is required, but the driver gave " +
                     window.glDescription()};
    keepGlDriverLoadedForLeakChecks();

    if (window.m_headless)
        SDL_GL_SetSwapInterval(0); // nothing to wait for
    else if (!settings.vsync)
        window.m_vsync = SDL_GL_GetSwapInterval() != 0; // the driver's own, left alone
    else if (Status vsync = window.setVsync(*settings.vsync); !vsync)
        std::fprintf(stderr, "note: %s; the window opens anyway\n", vsync.error().message.c_str());

    window.m_drawable = window.querySize();
    forgetGlDebugOutput(); // a fresh context starts with debug output off
    if (settings.debugContext && !enableGlDebugOutput())
        std::fprintf(stderr, "note: GL_KHR_debug is not available; GL errors will not be logged\n");
    return window;
}

Window::Window(Window&& other) noexcept
    : m_window(std::exchange(other.m_window, nullptr)), m_context(std::exchange(other.m_context, nullptr)),
      m_drawable(other.m_drawable), m_windowed(other.m_windowed), m_headless(other.m_headless),
      m_fullscreen(other.m_fullscreen), m_vsync(other.m_vsync),
      m_ownsVideo(std::exchange(other.m_ownsVideo, false)), m_dialect(other.m_dialect) {}

Window& Window::operator=(Window&& other) noexcept {
    if (this != &other) {
        destroy();
        m_window = std::exchange(other.m_window, nullptr);
        m_context = std::exchange(other.m_context, nullptr);
        m_drawable = other.m_drawable;
        m_windowed = other.m_windowed;
        m_headless = other.m_headless;
        m_fullscreen = other.m_fullscreen;
        m_vsync = other.m_vsync;
        m_ownsVideo = std::exchange(other.m_ownsVideo, false);
        m_dialect = other.m_dialect;
    }
    return *this;
}

Window::~Window() {
    destroy();
}

void Window::destroy() {
    if (m_context != nullptr)
        SDL_GL_DeleteContext(m_context);
    if (m_window != nullptr)
        SDL_DestroyWindow(m_window);
    if (m_ownsVideo)
        SDL_QuitSubSystem(SDL_INIT_VIDEO);
    m_context = nullptr;
    m_window = nullptr;
    m_ownsVideo = false;
}

PixelSize Window::querySize() const {
    if (std::optional<PixelSize> native = detail::nativeDrawableSize(m_window))
        return *native;
    PixelSize size;
    SDL_GL_GetDrawableSize(m_window, &size.width, &size.height);
    return size;
}

// Polls the real size until it is `wanted` or has left `from` (the window manager may pick another size),
// or the wait is over. Without a way to ask the windowing system, SDL's figure is all there is.
PixelSize Window::waitForSize(PixelSize wanted, PixelSize from) const {
    if (!detail::nativeDrawableSize(m_window))
        return querySize();
    const Uint64 deadline = SDL_GetTicks64() + kWindowManagerWaitMs;
    PixelSize size = querySize();
    while (size == from && size != wanted && SDL_GetTicks64() < deadline) {
        SDL_Delay(kWindowManagerPollMs);
        size = querySize();
    }
    return size;
}

void Window::restoreWindowedGeometry() {
    // Also when the window never changed: SDL then still holds the fullscreen size it assumed, and setting
    // the size is how it learns the real one.
    SDL_SetWindowSize(m_window, m_windowed.width, m_windowed.height);
    SDL_SetWindowPosition(m_window, m_windowed.x, m_windowed.y);
}

bool Window::handleEvent(const SDL_Event& event) {
    if (event.type != SDL_WINDOWEVENT || m_window == nullptr ||
        event.window.windowID != SDL_GetWindowID(m_window))
        return false;
    const PixelSize before = m_drawable;
    m_drawable = querySize();
    return m_drawable != before;
}

void Window::bindBackBuffer() const {
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glViewport(0, 0, m_drawable.width, m_drawable.height);
    glDisable(GL_SCISSOR_TEST);
}

void Window::swapBuffers() {
    SDL_GL_SwapWindow(m_window);
}

Status Window::setFullscreen(bool on) {
    if (m_headless || on == m_fullscreen)
        return {};
    if (on) {
        SDL_GetWindowPosition(m_window, &m_windowed.x, &m_windowed.y);
        SDL_GetWindowSize(m_window, &m_windowed.width, &m_windowed.height);
        const PixelSize windowed = querySize();
        if (SDL_SetWindowFullscreen(m_window, SDL_WINDOW_FULLSCREEN_DESKTOP) != 0) {
            m_drawable = querySize();
            return Error{sdlError("cannot switch to fullscreen")};
        }
        // SDL reports the desktop's size as done; only the window manager makes it so.
        PixelSize claimed;
        SDL_GL_GetDrawableSize(m_window, &claimed.width, &claimed.height);
        if (const PixelSize size = waitForSize(claimed, windowed); size == windowed && claimed != windowed) {
            SDL_SetWindowFullscreen(m_window, 0);
            restoreWindowedGeometry();
            m_drawable = querySize();
            return Error{"cannot switch to fullscreen: the window manager did not resize the window (is one "
                         "running?); it stays a window"};
        }
        m_fullscreen = true;
    } else {
        const PixelSize fullscreen = querySize();
        if (SDL_SetWindowFullscreen(m_window, 0) != 0) {
            m_drawable = querySize();
            return Error{sdlError("cannot leave fullscreen")};
        }
        m_fullscreen = false;
        restoreWindowedGeometry();
        waitForSize({m_windowed.width, m_windowed.height}, fullscreen);
    }
    m_drawable = querySize();
    return {};
}

void Window::toggleFullscreen() {
    if (Status status = setFullscreen(!m_fullscreen); !status)
        std::fprintf(stderr, "note: %s\n", status.error().message.c_str());
}

Status Window::setVsync(bool on) {
    if (m_headless)
        return {}; // nothing to wait for
#if defined(__EMSCRIPTEN__)
    m_vsync =
        true; // a browser shows a frame per display refresh whatever is asked (vox/platform/main_loop.h)
    return {};
#endif
    if (SDL_GL_SetSwapInterval(on ? 1 : 0) != 0) {
        // What is in effect now is the driver's choice; ask it.
        m_vsync = SDL_GL_GetSwapInterval() != 0;
        return Error{sdlError(on ? "the graphics driver refused vsync"
                                 : "the graphics driver refused to turn vsync off")};
    }
    m_vsync = on;
    return {};
}

std::string Window::glDescription() const {
    const auto text = [](GLenum name) {
        const auto* value = reinterpret_cast<const char*>(glGetString(name));
        return std::string(value != nullptr ? value : "?");
    };
    const std::string version = text(GL_VERSION); // ES versions say "OpenGL ES 3.2 ..." themselves
    return (version.starts_with("OpenGL") ? "" : "OpenGL ") + version + " on " + text(GL_RENDERER);
}

} // namespace vox
