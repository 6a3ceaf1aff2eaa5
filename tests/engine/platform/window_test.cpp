#include "vox/platform/window.h"

#include "engine/platform/letterbox_check.h"

#include <SDL.h>
#include <epoxy/gl.h>
#include <gtest/gtest.h>

#include <array>
#include <utility>

namespace {

TEST(Window, HeadlessWindowHasAGl33CoreContextOfTheRequestedSize) {
    vox::WindowSettings settings;
    settings.width = 320;
    settings.height = 200;
    settings.headless = true;
    vox::Result<vox::Window> window = vox::Window::create(settings);
    ASSERT_TRUE(window.ok()) << window.error().message;
    EXPECT_TRUE(window.value().isHeadless());
    EXPECT_EQ(window.value().drawableSize(), (vox::PixelSize{320, 200}));
    EXPECT_GE(epoxy_gl_version(), 33);
    EXPECT_TRUE(epoxy_is_desktop_gl());
    EXPECT_EQ(window.value().dialect(), vox::GlDialect::Desktop);
    GLint profile = 0;
    glGetIntegerv(GL_CONTEXT_PROFILE_MASK, &profile);
    EXPECT_NE(profile & GL_CONTEXT_CORE_PROFILE_BIT, 0);
    EXPECT_NE(window.value().glDescription().find("OpenGL"), std::string::npos);

    // Fullscreen and vsync mean nothing without a display; the calls must be harmless.
    window.value().toggleFullscreen();
    EXPECT_FALSE(window.value().isFullscreen());
    EXPECT_TRUE(window.value().setFullscreen(true).ok());
    EXPECT_FALSE(window.value().isFullscreen());
    EXPECT_TRUE(window.value().setVsync(true).ok());
    EXPECT_FALSE(window.value().hasVsync()) << "a headless window never waits for a display";
}

// What VOX_GL=es asks for (gl_dialect.h): an OpenGL ES 3 context that says so, which draws.
TEST(Window, AskedForEsTheWindowHasAnEs3Context) {
    vox::WindowSettings settings;
    settings.width = 64;
    settings.height = 64;
    settings.headless = true;
    settings.dialect = vox::GlDialect::Es;
    vox::Result<vox::Window> window = vox::Window::create(settings);
    ASSERT_TRUE(window.ok()) << window.error().message;
    EXPECT_EQ(window.value().dialect(), vox::GlDialect::Es);
    EXPECT_EQ(vox::currentGlDialect(), vox::GlDialect::Es);
    EXPECT_FALSE(epoxy_is_desktop_gl());
    EXPECT_GE(epoxy_gl_version(), 30);
    EXPECT_EQ(window.value().glDescription().find("OpenGL ES 3."), 0u) << window.value().glDescription();
    glClearColor(0.0f, 1.0f, 0.0f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
}

TEST(Window, MovingTransfersOwnership) {
    vox::WindowSettings settings;
    settings.headless = true;
    settings.width = 64;
    settings.height = 64;
    vox::Result<vox::Window> created = vox::Window::create(settings);
    ASSERT_TRUE(created.ok()) << created.error().message;
    vox::Window first = std::move(created).value();
    SDL_Window* sdlWindow = first.sdlWindow();
    ASSERT_NE(sdlWindow, nullptr);
    vox::Window second = std::move(first);
    EXPECT_EQ(second.sdlWindow(), sdlWindow);
    EXPECT_EQ(first.sdlWindow(), nullptr); // NOLINT(bugprone-use-after-move): checking the moved-from state
    glClearColor(0.0f, 1.0f, 0.0f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR)); // the context survived the moves
}

TEST(Window, TwoWindowsInARowEachGetAContext) {
    for (int i = 0; i < 2; ++i) {
        vox::WindowSettings settings;
        settings.headless = true;
        settings.width = 32 + i;
        settings.height = 32;
        vox::Result<vox::Window> window = vox::Window::create(settings);
        ASSERT_TRUE(window.ok()) << window.error().message;
        EXPECT_EQ(window.value().drawableSize().width, 32 + i);
    }
}

vox::Result<vox::Window> headlessWindow(vox::PixelSize size) {
    vox::WindowSettings settings;
    settings.width = size.width;
    settings.height = size.height;
    settings.headless = true;
    return vox::Window::create(settings);
}

// A window event as SDL delivers it, for `window`.
SDL_Event windowEvent(const vox::Window& window, Uint8 kind, int data1 = 0, int data2 = 0) {
    SDL_Event event{};
    event.type = SDL_WINDOWEVENT;
    event.window.windowID = SDL_GetWindowID(window.sdlWindow());
    event.window.event = kind;
    event.window.data1 = data1;
    event.window.data2 = data2;
    return event;
}

// Hands every queued event to the window, as the game's loop does; true when its size changed.
bool pumpEvents(vox::Window& window) {
    bool changed = false;
    SDL_Event event;
    while (SDL_PollEvent(&event))
        changed = window.handleEvent(event) || changed;
    return changed;
}

// SDL's copy of the window size can say what is not so: after a fullscreen switch that no window manager
// carried out it held the desktop's size while the window kept its own, and the game letterboxed into
// a framebuffer that did not exist (the picture shifted up, its top cut off). The offscreen driver does the
// same whenever the window is resized, as its EGL surface keeps its size: the same lie, headless.
TEST(Window, DrawableSizeIsTheFramebuffersRealSizeWhateverSdlIsTold) {
    vox::Result<vox::Window> created = headlessWindow({320, 200});
    ASSERT_TRUE(created.ok()) << created.error().message;
    vox::Window& window = created.value();
    pumpEvents(window);
    ASSERT_EQ(window.drawableSize(), (vox::PixelSize{320, 200}));

    SDL_SetWindowSize(window.sdlWindow(), 320, 280); // what SDL claimed for the tester's refused F11
    SDL_Event stale = windowEvent(window, SDL_WINDOWEVENT_SIZE_CHANGED, 1280, 800);
    SDL_PushEvent(&stale);
    EXPECT_FALSE(pumpEvents(window));
    int sdlWidth = 0, sdlHeight = 0;
    SDL_GL_GetDrawableSize(window.sdlWindow(), &sdlWidth, &sdlHeight);
    EXPECT_EQ(sdlHeight, 280) << "SDL no longer reports the size it was told; this test needs another lie";
    EXPECT_EQ(window.drawableSize(), (vox::PixelSize{320, 200}));

    // Events of other windows and other kinds are not this window's business.
    SDL_Event other = windowEvent(window, SDL_WINDOWEVENT_RESIZED, 10, 10);
    other.window.windowID += 1000;
    EXPECT_FALSE(window.handleEvent(other));
    SDL_Event key{};
    key.type = SDL_KEYDOWN;
    EXPECT_FALSE(window.handleEvent(key));
    EXPECT_EQ(window.drawableSize(), (vox::PixelSize{320, 200}));
}

// Every window event refreshes the size the picture is letterboxed into, whatever size the events carry;
// at each of the window sizes (16:9, 4:3, portrait, 21:9) the picture fills the centred 16:9 rectangle and
// the bars around it are black. The offscreen surface keeps the size it was created with, so each real
// size is a window of its own; tests/engine/platform/window_x11_test.cpp resizes one real window.
TEST(Window, WindowEventsAtEverySizeGiveTheCentredLetterboxAndThePictureFillsIt) {
    for (const vox::test::LetterboxCase& size : vox::test::kLetterboxCases) {
        SCOPED_TRACE(testing::Message() << size.window.width << "x" << size.window.height);
        vox::Result<vox::Window> created = headlessWindow(size.window);
        ASSERT_TRUE(created.ok()) << created.error().message;
        vox::Window& window = created.value();
        pumpEvents(window);
        // The events a resize, a maximise, a restore and a fullscreen switch send, with a stale size.
        SDL_SetWindowSize(window.sdlWindow(), size.window.width, size.window.height + 80);
        for (Uint8 kind : {SDL_WINDOWEVENT_RESIZED, SDL_WINDOWEVENT_SIZE_CHANGED, SDL_WINDOWEVENT_MAXIMIZED,
                           SDL_WINDOWEVENT_RESTORED}) {
            SDL_Event event = windowEvent(window, kind, size.window.width, size.window.height + 80);
            SDL_PushEvent(&event);
        }
        pumpEvents(window);
        ASSERT_EQ(window.drawableSize(), size.window);

        const vox::PixelSize drawable = window.drawableSize();
        const vox::Viewport viewport =
            vox::letterboxViewport(drawable.width, drawable.height, vox::test::kPictureAspect);
        EXPECT_EQ(viewport, size.expected);
        vox::RenderTarget picture = vox::test::makeTestPicture(viewport.width, viewport.height);
        ASSERT_NE(picture.framebuffer().name(), 0u);
        picture.presentLetterboxed(viewport);
        EXPECT_TRUE(vox::test::showsPictureIn(vox::test::readWindow(size.window), size.expected));
        EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
        picture = {}; // before its window's context goes
    }
}

// The game draws a frame that fills the window straight into its back buffer: bindBackBuffer undoes
// whatever framebuffer, viewport and scissor the previous frame left, and the picture drawn then is what the
// window holds.
TEST(Window, BindBackBufferDrawsIntoTheWholeWindow) {
    vox::Result<vox::Window> created = headlessWindow({320, 200});
    ASSERT_TRUE(created.ok()) << created.error().message;
    vox::Window& window = created.value();
    pumpEvents(window);
    vox::RenderTarget elsewhere = vox::test::makeTestPicture(64, 32); // binds its own, 64 x 32 viewport
    glEnable(GL_SCISSOR_TEST);
    glScissor(0, 0, 16, 16);
    ASSERT_NE(elsewhere.framebuffer().name(), 0u);
    window.bindBackBuffer();
    GLint bound = -1;
    glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &bound);
    EXPECT_EQ(bound, 0);
    std::array<GLint, 4> viewport{};
    glGetIntegerv(GL_VIEWPORT, viewport.data());
    EXPECT_EQ(viewport, (std::array<GLint, 4>{0, 0, 320, 200}));
    glClearColor(0.0f, 0.0f, 1.0f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    const vox::Image pixels = vox::test::readWindow({320, 200});
    for (const auto& [x, y] : {std::pair{0, 0}, std::pair{319, 0}, std::pair{0, 199}, std::pair{319, 199}}) {
        const uint8_t* rgba = pixels.pixel(x, y);
        EXPECT_EQ((std::array<uint8_t, 4>{rgba[0], rgba[1], rgba[2], rgba[3]}),
                  (std::array<uint8_t, 4>{0, 0, 255, 255}))
            << "pixel " << x << ", " << y;
    }
    EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
    elsewhere = {}; // before its window's context goes
}

} // namespace
