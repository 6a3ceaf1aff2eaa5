#pragma once
// A picture shown letterboxed in a window the way the game shows its frame, and a check of the window's
// pixels afterwards: the picture fills exactly the expected rectangle, the right way up and with nothing
// cut off, and the bars around it are black. Shared by the headless and the X11 window tests.

#include "vox/platform/viewport.h"
#include "vox/platform/window.h"
#include "vox/render/image.h"
#include "vox/render/render_target.h"

#include <epoxy/gl.h>
#include <gtest/gtest.h>

#include <ostream>
#include <sstream>
#include <string>

namespace vox {

/// "1280x720" in test failures.
inline void PrintTo(const PixelSize& size, std::ostream* out) {
    *out << size.width << "x" << size.height;
}

/// "1280x720 at (0, 40)" in test failures.
inline void PrintTo(const Viewport& viewport, std::ostream* out) {
    *out << viewport.width << "x" << viewport.height << " at (" << viewport.x << ", " << viewport.y << ")";
}

} // namespace vox

namespace vox::test {

/// A window size and the letterboxed rectangle a 16:9 picture must take in it (worked out by hand).
struct LetterboxCase {
    PixelSize window;
    Viewport expected;
};

/// The game's picture shape.
inline constexpr double kPictureAspect = 16.0 / 9.0;

/// Three 16:9 sizes among windows of four shapes: wide (16:9 and 21:9), 4:3 and tall (portrait).
inline const LetterboxCase kLetterboxCases[] = {
    {{1280, 720}, {0, 0, 1280, 720}},  {{1920, 1080}, {0, 0, 1920, 1080}},
    {{800, 600}, {0, 75, 800, 450}},   {{1024, 768}, {0, 96, 1024, 576}},
    {{720, 1280}, {0, 437, 720, 405}}, {{2560, 1080}, {320, 0, 1920, 1080}},
};

/// Thickness, in pixels, of the picture's coloured edges.
inline constexpr int kEdge = 4;

/// A `width` x `height` picture: grey, with a red frame and a green band along its top edge (where the
/// HUD's score line sits), so that a cut or a flip shows at the window's edges. Never black anywhere.
/// An empty target (and a test failure) when it cannot be made.
inline RenderTarget makeTestPicture(int width, int height) {
    Result<RenderTarget> created = RenderTarget::create(width, height);
    EXPECT_TRUE(created.ok()) << created.error().message;
    if (!created.ok())
        return {};
    created.value().bind();
    const auto fill = [](int x, int y, int w, int h, float r, float g, float b) {
        glScissor(x, y, w, h);
        glClearColor(r, g, b, 1.0f);
        glClear(GL_COLOR_BUFFER_BIT);
    };
    glEnable(GL_SCISSOR_TEST);
    fill(0, 0, width, height, 0.8f, 0.0f, 0.0f);                                 // the red frame
    fill(kEdge, kEdge, width - 2 * kEdge, height - 2 * kEdge, 0.4f, 0.4f, 0.4f); // grey inside it
    fill(0, height - kEdge, width, kEdge, 0.0f, 0.8f, 0.0f);                     // green along the top
    // Left on, as an overlay might leave it: presenting must not depend on it being off.
    glScissor(0, 0, 1, 1);
    return std::move(created).value();
}

/// Reads the whole default framebuffer of a `size` window (top row first).
inline Image readWindow(PixelSize size) {
    glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);
    return readPixels(0, 0, size.width, size.height);
}

/// Passes when `window` (read back after presenting `makeTestPicture` into `viewport`) holds the picture
/// exactly in `viewport` (GL's bottom-left origin): no black pixel inside, only black outside, the green
/// band on the viewport's top row, red on its bottom row and side columns.
inline testing::AssertionResult showsPictureIn(const Image& window, const Viewport& viewport) {
    const int top = window.height - viewport.y - viewport.height; // the viewport's top row, from the top
    const int bottom = top + viewport.height - 1;
    const int left = viewport.x;
    const int right = viewport.x + viewport.width - 1;
    long blackInside = 0;
    long litOutside = 0;
    std::ostringstream where;
    for (int y = 0; y < window.height; ++y) {
        for (int x = 0; x < window.width; ++x) {
            const uint8_t* p = window.pixel(x, y);
            const bool black = p[0] == 0 && p[1] == 0 && p[2] == 0;
            const bool inside = x >= left && x <= right && y >= top && y <= bottom;
            if (inside && black && blackInside++ == 0)
                where << " first black pixel inside at (" << x << ", " << y << " from the top);";
            if (!inside && !black && litOutside++ == 0)
                where << " first lit pixel in the bars at (" << x << ", " << y << " from the top);";
        }
    }
    const auto isRed = [](const uint8_t* p) { return p[0] > 100 && p[1] < 50 && p[2] < 50; };
    const auto isGreen = [](const uint8_t* p) { return p[1] > 100 && p[0] < 50 && p[2] < 50; };
    const int middleX = (left + right) / 2;
    const int middleY = (top + bottom) / 2;
    const bool edgesRight = isGreen(window.pixel(middleX, top)) && isRed(window.pixel(middleX, bottom)) &&
                            isRed(window.pixel(left, middleY)) && isRed(window.pixel(right, middleY));
    if (blackInside == 0 && litOutside == 0 && edgesRight)
        return testing::AssertionSuccess();
    return testing::AssertionFailure()
           << "a " << window.width << "x" << window.height << " window should show the picture in x " << left
           << ".." << right << ", y " << top << ".." << bottom << " (from the top): " << blackInside
           << " black pixels inside, " << litOutside << " lit pixels in the bars;" << where.str()
           << (edgesRight ? "" : " the picture's edges are not at the viewport's edges (cut off or shifted)");
}

} // namespace vox::test
