#include "vox/platform/window.h"

#include <epoxy/gl.h>
#include <gtest/gtest.h>

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

} // namespace
