#pragma once
/// @file
/// `Window`: an SDL2 window with an OpenGL 3.3 core context, or an OpenGL ES 3.0 one
/// (`WindowSettings::dialect`, see gl_dialect.h), GL functions loaded by libepoxy.
///
/// Headless mode: with `WindowSettings::headless`, or on Linux when neither `DISPLAY` nor `WAYLAND_DISPLAY`
/// is set (and `SDL_VIDEODRIVER` does not choose a driver), the window uses SDL's `offscreen` video driver.
/// That driver creates its GL context through EGL, which Mesa serves with llvmpipe (software rendering),
/// so rendering, read-back and screenshots work on a machine with no display and no GPU (CI). Nothing is
/// shown; render into a framebuffer object of the size you need (see `vox/render/render_target.h`).
///
/// Threaded driver: by default the window asks Mesa to run GL commands on a driver thread (Mesa's
/// `glthread`, through its documented `mesa_glthread` environment option), so the game's thread only
/// records them: with llvmpipe the vertex stage then runs on that thread instead of inside each draw call,
/// as it would on a GPU. Any read-back (`glGet*`, `glReadPixels`, query results) waits for the queue, so
/// the renderer reads back only at the start of a frame. Other drivers ignore the option; an explicit
/// `mesa_glthread` in the environment wins; `WindowSettings::threadedDriver = false` leaves it alone, and
/// so do AddressSanitizer builds (LeakSanitizer's scan at exit crashes while the driver thread runs).
///
/// Size and fullscreen: `drawableSize()` is the default framebuffer's real size, asked of the windowing
/// system itself (X11: the window's geometry; offscreen: the EGL surface) rather than taken from SDL's copy,
/// which goes stale when SDL reports a change that did not happen. Feed the window every SDL event
/// (`handleEvent`): each of its window events (resized, size changed, maximised, restored, shown, ...)
/// refreshes the size, so a picture letterboxed from it each frame (`letterboxViewport`) always fits.
/// `setFullscreen(true)` remembers the windowed size and position, asks for borderless fullscreen-desktop and
/// waits briefly for the window manager to carry it out; when it does not (e.g. an X server with no window
/// manager, where SDL would report success while nothing changes), the window is put back as it was and the
/// refusal is returned. `setFullscreen(false)` restores the remembered size and position.
///
/// SDL's video subsystem is process-wide: the first window decides the video driver. Destroy every GL
/// object (the RAII wrappers in `vox/render`) before the window that owns their context.

#include "vox/core/result.h"
#include "vox/platform/gl_dialect.h"

#include <optional>
#include <string>

struct SDL_Window;
union SDL_Event;

namespace vox {

/// How to create a `Window`.
struct WindowSettings {
    std::string title = "vox"; ///< Window title (the program's name).
    int width = 1280;          ///< Client area width in screen units; > 0.
    int height = 720;          ///< Client area height in screen units; > 0.
    /// Wait for the display's refresh in `swapBuffers()` (true) or not (false). Nothing: the swap interval is
    /// left as the driver starts it, for a program that sets it later with `setVsync()` (which returns a
    /// refusal, where `create()` can only print a note).
    std::optional<bool> vsync = true;
    bool headless = false; ///< Use SDL's offscreen driver (see the file comment).
    bool resizable = true; ///< Let the user resize the window.
    /// Give the window's back buffer a depth and stencil buffer. `SceneRenderer` keeps its own depth and
    /// needs none; without one, Mesa's llvmpipe can take its fast path for full-screen copies into the
    /// window (docs/renderer.md).
    bool depthBuffer = true;
    bool threadedDriver = true; ///< Ask Mesa for its GL driver thread (see the file comment). Process-wide,
                                ///< and only the first window of a process decides it.
    GlDialect dialect = GlDialect::Desktop; ///< OpenGL 3.3 core, or OpenGL ES 3.0 (what WebGL2 is).
#ifdef NDEBUG
    bool debugContext = false; ///< Ask for a debug GL context and log KHR_debug messages (debug builds).
#else
    bool debugContext = true; ///< Ask for a debug GL context and log KHR_debug messages (debug builds).
#endif
};

/// Size of a window or framebuffer in pixels.
struct PixelSize {
    int width = 0;  ///< Pixels.
    int height = 0; ///< Pixels.

    /// The same width and height.
    friend bool operator==(const PixelSize&, const PixelSize&) = default;
};

/// An SDL window that owns its OpenGL 3.3 core (or ES 3.0) context, current on the creating thread.
/// Move-only; the destructor releases the context, the window and its reference to SDL's video subsystem.
class Window {
public:
    /// Initialises SDL video if needed, opens the window and its GL context and checks for OpenGL 3.3
    /// core (or, with `GlDialect::Es`, OpenGL ES 3.0). Fails with a readable message when there is no
    /// usable video driver or GL version.
    [[nodiscard]] static Result<Window> create(const WindowSettings& settings);

    /// Takes over `other`'s resources; `other` is left empty.
    Window(Window&& other) noexcept;
    /// Releases this object's resources, then takes over `other`'s.
    Window& operator=(Window&& other) noexcept;
    Window(const Window&) = delete;
    Window& operator=(const Window&) = delete;
    /// Releases the resources (see the class comment).
    ~Window();

    /// Size of the default framebuffer in pixels (differs from the window size on high-DPI screens), as of
    /// the latest window event given to `handleEvent` or the latest `setFullscreen` (see the file comment).
    [[nodiscard]] PixelSize drawableSize() const { return m_drawable; }
    /// Follows the window's size: call with every SDL event. A window event of this window (of any kind:
    /// SDL does not report every change as a resize) asks the windowing system for the real size; the
    /// sizes the event carries are not trusted. Returns true when `drawableSize()` changed.
    bool handleEvent(const SDL_Event& event);
    /// Binds the window's back buffer (the default framebuffer) for drawing, the viewport covering all of
    /// `drawableSize()` and the scissor test off (a scissor left on would clip the frame). Drawing a frame
    /// straight here saves the copy from an offscreen target, which a software rasteriser pays as a
    /// full-screen pass and a wait.
    void bindBackBuffer() const;
    /// Presents the default framebuffer (waits for vsync when it is on).
    void swapBuffers();
    /// Switches to borderless fullscreen-desktop (`on`) or back to the window at the size and position it
    /// had before, now; does nothing when headless. Fails, with the reason, when the video driver or the
    /// window manager refuses (waiting up to half a second for the latter); the window is then as it was,
    /// `isFullscreen()` unchanged and `drawableSize()` its real size.
    [[nodiscard]] Status setFullscreen(bool on);
    /// Switches between windowed and borderless fullscreen-desktop; prints a note when refused.
    void toggleFullscreen();
    /// Turns waiting for the display's refresh on or off, now (`SDL_GL_SetSwapInterval`). Headless windows
    /// never wait: it succeeds and `hasVsync()` stays false. Fails, with the driver's reason, when the
    /// driver refuses; the game goes on either way, and `hasVsync()` says what is in effect.
    [[nodiscard]] Status setVsync(bool on);
    /// True while fullscreen.
    [[nodiscard]] bool isFullscreen() const { return m_fullscreen; }
    /// True when running on the offscreen driver (nothing is shown).
    [[nodiscard]] bool isHeadless() const { return m_headless; }
    /// True when buffer swaps wait for the display (vsync asked for and granted).
    [[nodiscard]] bool hasVsync() const { return m_vsync; }
    /// The dialect of the window's context (what `WindowSettings::dialect` asked for, checked).
    [[nodiscard]] GlDialect dialect() const { return m_dialect; }
    /// "OpenGL 4.5 (Core Profile) Mesa 22.3.6 on llvmpipe (...)", for logs and bug reports.
    [[nodiscard]] std::string glDescription() const;
    /// The SDL window, for code that needs SDL directly (e.g. Dear ImGui's backend). Owned by this object.
    [[nodiscard]] SDL_Window* sdlWindow() const { return m_window; }
    /// The SDL GL context (an `SDL_GLContext`). Owned by this object.
    [[nodiscard]] void* glContext() const { return m_context; }

private:
    /// Where the window was before fullscreen, to go back to.
    struct WindowedGeometry {
        int x = 0;
        int y = 0;
        int width = 0;
        int height = 0;
    };

    Window() = default;
    void destroy();
    PixelSize querySize() const;
    PixelSize waitForSize(PixelSize wanted, PixelSize from) const;
    void restoreWindowedGeometry();

    SDL_Window* m_window = nullptr;
    void* m_context = nullptr;   // SDL_GLContext is a void*
    PixelSize m_drawable;        // the default framebuffer's real size (see drawableSize())
    WindowedGeometry m_windowed; // before fullscreen
    bool m_headless = false;
    bool m_fullscreen = false;
    bool m_vsync = false;
    bool m_ownsVideo = false; // holds a reference to SDL's video subsystem
    GlDialect m_dialect = GlDialect::Desktop;
};

} // namespace vox
