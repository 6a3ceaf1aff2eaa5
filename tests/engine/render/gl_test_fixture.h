#pragma once
// GoogleTest fixture for rendering tests: one headless OpenGL 3.3 core context per test suite (SDL's
// offscreen driver, Mesa llvmpipe through EGL), plus helpers to render into a framebuffer object and read
// the pixels back. With VOX_GL=es the context is OpenGL ES 3.0 instead (what WebGL2 is): CTest runs the GL
// suites a second time that way, under the prefix "gles." (tests/CMakeLists.txt), against the same
// expectations and golden images.
//
// If no GL context can be created at all the tests are skipped with the reason, unless VOX_REQUIRE_GL is
// set (scripts/test.sh sets it), in which case they fail: CI must never pass by skipping them.

#include "vox/platform/window.h"
#include "vox/render/image.h"
#include "vox/render/render_target.h"
#include "vox/render/scene_renderer.h"
#include "vox/render/shader_program.h"

#include <epoxy/gl.h>
#include <gtest/gtest.h>

#include <cstdlib>
#include <memory>
#include <optional>
#include <string>

namespace vox::test {

class GlTest : public ::testing::Test {
public:
    static void SetUpTestSuite() {
        WindowSettings settings;
        settings.title = "vox tests";
        settings.width = 64;
        settings.height = 64;
        settings.headless = true;
        settings.resizable = false;
        settings.debugContext = true; // driver complaints show up in the test log
        settings.depthBuffer = false; // as the game's window: SceneRenderer keeps its own depth
        Result<GlDialect> dialect = glDialectFromEnvironment();
        if (!dialect) {
            s_error = dialect.error().message;
            return;
        }
        settings.dialect = dialect.value();
        Result<Window> window = Window::create(settings);
        if (window.ok())
            s_window = std::make_unique<Window>(std::move(window).value());
        else
            s_error = window.error().message;
    }
    static void TearDownTestSuite() { s_window.reset(); }

protected:
    void SetUp() override {
        if (s_window)
            return;
        const char* require = std::getenv("VOX_REQUIRE_GL");
        if (require != nullptr && *require != '\0' && std::string(require) != "0")
            FAIL() << "no headless GL context (VOX_REQUIRE_GL is set): " << s_error;
        GTEST_SKIP() << "no headless GL context could be created: " << s_error;
    }
    void TearDown() override {
        if (s_window) {
            EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR)) << "the test left a GL error behind";
        }
    }

    /// The suite's headless window (its GL context is current); only valid when the test was not skipped.
    static const Window& window() { return *s_window; }
    /// The dialect of the suite's context (VOX_GL chooses it).
    static GlDialect dialect() { return s_window->dialect(); }

    /// A complete render target, bound for drawing.
    static RenderTarget makeTarget(int width, int height) {
        Result<RenderTarget> target = RenderTarget::create(width, height);
        EXPECT_TRUE(target.ok()) << target.error().message;
        if (!target.ok())
            return {};
        target.value().bind();
        return std::move(target).value();
    }

    /// A shader source held in memory, reported as `name` in errors.
    static ShaderSource inlineSource(std::string text, std::string name) {
        return ShaderSource{std::move(text), {std::move(name)}};
    }

    /// Builds a program from in-memory sources; fails the test (and returns an empty program) on errors.
    static ShaderProgram buildProgram(const std::string& vertex, const std::string& fragment) {
        Result<ShaderProgram> program =
            ShaderProgram::build(inlineSource(vertex, "test.vert"), inlineSource(fragment, "test.frag"));
        EXPECT_TRUE(program.ok()) << program.error().message;
        return program.ok() ? std::move(program).value() : ShaderProgram{};
    }

    /// The RGBA bytes of pixel (x, y) of `image` (y from the top), as a string for readable failures.
    static std::string rgba(const Image& image, int x, int y) {
        const uint8_t* p = image.pixel(x, y);
        return std::to_string(p[0]) + "," + std::to_string(p[1]) + "," + std::to_string(p[2]) + "," +
               std::to_string(p[3]);
    }

private:
    static inline std::unique_ptr<Window> s_window;
    static inline std::string s_error;
};

/// GlTest plus a `SceneRenderer` (shaders from the source tree) and a Width x Height render target.
template <int Width, int Height>
class SceneRendererFixture : public GlTest {
protected:
    static constexpr int kWidth = Width;
    static constexpr int kHeight = Height;

    void SetUp() override {
        GlTest::SetUp();
        if (IsSkipped() || HasFatalFailure())
            return;
        Result<SceneRenderer> renderer = SceneRenderer::create("shaders");
        ASSERT_TRUE(renderer.ok()) << renderer.error().message;
        m_renderer.emplace(std::move(renderer).value());
        m_target = makeTarget(kWidth, kHeight);
    }
    void TearDown() override {
        m_renderer.reset();
        m_target = {};
        GlTest::TearDown();
    }

    SceneRenderer& renderer() { return *m_renderer; }

    std::optional<SceneRenderer> m_renderer;
    RenderTarget m_target;
};

} // namespace vox::test
