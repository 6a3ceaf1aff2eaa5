// A real X11 window on a private Xvfb server with no window manager, where the tester's F11 bug lived:
// SDL reported fullscreen as done while nothing changed. Skipped, saying why, where Xvfb is not installed
// (scripts/setup-deps.sh installs it). Its own executable: SDL's video driver is chosen once per process.
#include "vox/platform/window.h"

#include "engine/platform/letterbox_check.h"

#include <SDL.h>
#include <epoxy/gl.h>
#include <gtest/gtest.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <string>

// Last: Xlib defines macros (Status, None, Bool) that clash with names above.
#include <SDL_syswm.h>
#include <X11/Xlib.h>

extern char** environ;

namespace {

constexpr vox::PixelSize kScreen{2560, 1440};

// Starts `Xvfb -displayfd` (it picks a free display number and writes it to the pipe), points SDL at it
// and stops it at the end. Leaves `skipReason()` set when there is no Xvfb to start.
class XvfbEnvironment : public testing::Environment {
public:
    void SetUp() override {
        int pipeEnds[2];
        if (pipe(pipeEnds) != 0) {
            s_skipReason = "cannot make a pipe for Xvfb";
            return;
        }
        const std::string displayFd = std::to_string(pipeEnds[1]);
        const std::string screen =
            std::to_string(kScreen.width) + "x" + std::to_string(kScreen.height) + "x24";
        const char* arguments[] = {"Xvfb",      "-displayfd", displayFd.c_str(),
                                   "-screen",   "0",          screen.c_str(),
                                   "-nolisten", "tcp",        nullptr};
        posix_spawn_file_actions_t actions;
        posix_spawn_file_actions_init(&actions);
        posix_spawn_file_actions_addclose(&actions, pipeEnds[0]);
        posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", 0, 0); // its start-up chatter
        const int spawned =
            posix_spawnp(&m_server, "Xvfb", &actions, nullptr, const_cast<char**>(arguments), environ);
        posix_spawn_file_actions_destroy(&actions);
        close(pipeEnds[1]);
        if (spawned != 0) {
            m_server = 0;
            close(pipeEnds[0]);
            s_skipReason = "Xvfb is not installed (scripts/setup-deps.sh installs it)";
            return;
        }
        std::string display;
        pollfd ready{pipeEnds[0], POLLIN, 0};
        char c = 0;
        while (poll(&ready, 1, 10000) == 1 && read(pipeEnds[0], &c, 1) == 1 && c != '\n')
            display += c;
        close(pipeEnds[0]);
        if (display.empty()) {
            s_skipReason = "Xvfb started but did not report a display within 10 s";
            return;
        }
        setenv("DISPLAY", (":" + display).c_str(), 1);
        setenv("SDL_VIDEODRIVER", "x11", 1); // ctest asks for the offscreen driver for every suite
    }

    void TearDown() override {
        if (m_server <= 0)
            return;
        kill(m_server, SIGTERM);
        waitpid(m_server, nullptr, 0);
    }

    static const std::string& skipReason() { return s_skipReason; }

private:
    pid_t m_server = 0;
    static inline std::string s_skipReason;
};

[[maybe_unused]] const testing::Environment* const kXvfb =
    testing::AddGlobalTestEnvironment(new XvfbEnvironment);

class X11WindowTest : public testing::Test {
protected:
    void SetUp() override {
        if (!XvfbEnvironment::skipReason().empty())
            GTEST_SKIP() << XvfbEnvironment::skipReason();
        vox::WindowSettings settings;
        settings.title = "vox x11 test";
        settings.vsync = false;
        vox::Result<vox::Window> window = vox::Window::create(settings);
        ASSERT_TRUE(window.ok()) << window.error().message;
        m_window.emplace(std::move(window).value());
        pumpEvents();
    }

    vox::Window& window() { return *m_window; }

    // Hands every queued event to the window, as the game's loop does.
    void pumpEvents() {
        SDL_Event event;
        while (SDL_PollEvent(&event))
            m_window->handleEvent(event);
    }

    // Pumps events until the window reports `size` or a second has passed: the X server answers a resize
    // with an event that arrives when it arrives.
    void pumpEventsUntil(vox::PixelSize size) {
        const Uint64 deadline = SDL_GetTicks64() + 1000;
        do {
            pumpEvents();
            if (m_window->drawableSize() == size)
                return;
            SDL_Delay(5);
        } while (SDL_GetTicks64() < deadline);
    }

    // Resizes the window from another X connection, as a window manager, a user's drag or `xdotool
    // windowsize` would: SDL learns of it only through the X server's events.
    void resizeFromOutside(vox::PixelSize size) {
        SDL_SysWMinfo info;
        SDL_VERSION(&info.version);
        ASSERT_EQ(SDL_GetWindowWMInfo(window().sdlWindow(), &info), SDL_TRUE) << SDL_GetError();
        ASSERT_EQ(info.subsystem, SDL_SYSWM_X11);
        Display* other = XOpenDisplay(nullptr);
        ASSERT_NE(other, nullptr);
        XResizeWindow(other, info.info.x11.window, static_cast<unsigned>(size.width),
                      static_cast<unsigned>(size.height));
        XSync(other, False);
        XCloseDisplay(other);
    }

    // Shows the test picture letterboxed the way the game does and checks the window's pixels.
    void expectPictureFills(const vox::Viewport& expected) {
        const vox::PixelSize drawable = window().drawableSize();
        const vox::Viewport viewport =
            vox::letterboxViewport(drawable.width, drawable.height, vox::test::kPictureAspect);
        EXPECT_EQ(viewport, expected);
        vox::RenderTarget picture = vox::test::makeTestPicture(viewport.width, viewport.height);
        ASSERT_NE(picture.framebuffer().name(), 0u);
        picture.presentLetterboxed(viewport);
        EXPECT_TRUE(vox::test::showsPictureIn(vox::test::readWindow(drawable), expected));
        window().swapBuffers();
    }

    void TearDown() override { m_window.reset(); }

private:
    std::optional<vox::Window> m_window;
};

// The tester's report: F11 in a window that cannot change size left the picture 40 pixels up with the HUD
// cut off, and a second F11 did not bring it back.
TEST_F(X11WindowTest, FullscreenNoWindowManagerCarriesOutIsRefusedAndThePictureStaysWhole) {
    ASSERT_EQ(window().drawableSize(), (vox::PixelSize{1280, 720}));
    expectPictureFills({0, 0, 1280, 720});

    const auto refused = window().setFullscreen(true);
    ASSERT_FALSE(refused.ok()) << "with no window manager the window cannot become fullscreen";
    EXPECT_NE(refused.error().message.find("window manager"), std::string::npos) << refused.error().message;
    EXPECT_FALSE(window().isFullscreen());
    pumpEvents(); // the events SDL sent about the size it assumed
    EXPECT_EQ(window().drawableSize(), (vox::PixelSize{1280, 720}));
    int width = 0, height = 0;
    SDL_GetWindowSize(window().sdlWindow(), &width, &height);
    EXPECT_EQ((vox::PixelSize{width, height}), (vox::PixelSize{1280, 720})) << "SDL's copy was put right too";
    expectPictureFills({0, 0, 1280, 720});

    EXPECT_TRUE(window().setFullscreen(false).ok()); // the second F11: nothing to undo
    pumpEvents();
    EXPECT_EQ(window().drawableSize(), (vox::PixelSize{1280, 720}));
    expectPictureFills({0, 0, 1280, 720});
}

// A window resized by someone else (a user's drag, a window manager, xdotool) to three 16:9 sizes and
// windows of three other shapes: each time the drawable size follows, and the picture fills the centred
// 16:9 rectangle of the new size.
TEST_F(X11WindowTest, ResizesFromOutsideRecomputeTheViewportAndThePictureFillsIt) {
    for (const vox::test::LetterboxCase& size : vox::test::kLetterboxCases) {
        SCOPED_TRACE(testing::Message() << size.window.width << "x" << size.window.height);
        resizeFromOutside(size.window);
        pumpEventsUntil(size.window);
        ASSERT_EQ(window().drawableSize(), size.window);
        expectPictureFills(size.expected);
    }
}

// A window told nothing about vsync leaves the driver's swap interval alone and says nothing about it: the
// program sets it afterwards (the game's options do, and report a refusal themselves). Xvfb's GL refuses
// to change the interval either way, so a window that tried would print a note.
TEST(X11WindowVsync, AWindowWithNoVsyncSettingLeavesTheSwapIntervalAloneAndSaysNothing) {
    if (!XvfbEnvironment::skipReason().empty())
        GTEST_SKIP() << XvfbEnvironment::skipReason();
    vox::WindowSettings settings;
    settings.title = "vox x11 vsync test";
    settings.vsync = std::nullopt;
    testing::internal::CaptureStderr();
    vox::Result<vox::Window> window = vox::Window::create(settings);
    const std::string printed = testing::internal::GetCapturedStderr();
    ASSERT_TRUE(window.ok()) << window.error().message;
    EXPECT_EQ(printed.find("vsync"), std::string::npos) << printed;
    EXPECT_EQ(window.value().hasVsync(), SDL_GL_GetSwapInterval() != 0) << "what the driver does";
}

} // namespace
