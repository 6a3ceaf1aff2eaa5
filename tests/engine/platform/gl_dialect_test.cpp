#include "vox/platform/gl_dialect.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <optional>
#include <string>

namespace {

TEST(GlDialect, TheVersionStringNamesTheDialect) {
    EXPECT_EQ(vox::glDialectOfVersion("OpenGL ES 3.2 Mesa 22.3.6"), vox::GlDialect::Es);
    EXPECT_EQ(vox::glDialectOfVersion("OpenGL ES 3.0 (WebGL 2.0 (OpenGL ES 3.0 Chromium))"),
              vox::GlDialect::Es);
    EXPECT_EQ(vox::glDialectOfVersion("4.5 (Core Profile) Mesa 22.3.6"), vox::GlDialect::Desktop);
    EXPECT_EQ(vox::glDialectOfVersion("3.3.0 NVIDIA 535.54"), vox::GlDialect::Desktop);
    EXPECT_EQ(vox::glDialectOfVersion(""), vox::GlDialect::Desktop);
}

TEST(GlDialect, ThePreambleStartsWithTheVersionAndGivesEsItsPrecisions) {
    EXPECT_EQ(std::string(vox::glslPreamble(vox::GlDialect::Desktop)), "#version 330 core\n");
    const std::string es(vox::glslPreamble(vox::GlDialect::Es));
    EXPECT_EQ(es.find("#version 300 es\n"), 0u);
    for (const char* type : {"float", "int", "sampler2D", "usampler2D", "isampler2D"})
        EXPECT_NE(es.find(std::string("precision highp ") + type + ";"), std::string::npos) << type;
    EXPECT_EQ(es.back(), '\n');
    EXPECT_EQ(std::string(vox::glslVersionLine(vox::GlDialect::Es)), "#version 300 es");
    EXPECT_TRUE(vox::hasTimerQueries(vox::GlDialect::Desktop));
    EXPECT_FALSE(vox::hasTimerQueries(vox::GlDialect::Es));
}

// Sets VOX_GL for one test and restores what was there.
class ScopedVoxGl {
public:
    explicit ScopedVoxGl(const char* value) {
        if (const char* old = std::getenv("VOX_GL"))
            m_old = old;
        if (value != nullptr)
            setenv("VOX_GL", value, 1);
        else
            unsetenv("VOX_GL");
    }
    ~ScopedVoxGl() {
        if (m_old)
            setenv("VOX_GL", m_old->c_str(), 1);
        else
            unsetenv("VOX_GL");
    }
    ScopedVoxGl(const ScopedVoxGl&) = delete;
    ScopedVoxGl& operator=(const ScopedVoxGl&) = delete;

private:
    std::optional<std::string> m_old;
};

TEST(GlDialect, VoxGlChoosesAndABadValueIsNamed) {
    {
        const ScopedVoxGl unset(nullptr);
        ASSERT_TRUE(vox::glDialectFromEnvironment().ok());
        EXPECT_EQ(vox::glDialectFromEnvironment().value(), vox::GlDialect::Desktop);
    }
    {
        const ScopedVoxGl es("ES");
        ASSERT_TRUE(vox::glDialectFromEnvironment().ok());
        EXPECT_EQ(vox::glDialectFromEnvironment().value(), vox::GlDialect::Es);
    }
    {
        const ScopedVoxGl desktop("desktop");
        ASSERT_TRUE(vox::glDialectFromEnvironment().ok());
        EXPECT_EQ(vox::glDialectFromEnvironment().value(), vox::GlDialect::Desktop);
    }
    {
        const ScopedVoxGl bad("webgl");
        const vox::Result<vox::GlDialect> result = vox::glDialectFromEnvironment();
        ASSERT_FALSE(result.ok());
        EXPECT_NE(result.error().message.find("VOX_GL"), std::string::npos) << result.error().message;
        EXPECT_NE(result.error().message.find("webgl"), std::string::npos) << result.error().message;
    }
}

} // namespace
