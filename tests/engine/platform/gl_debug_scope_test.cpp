// GlDebugScope: debug-output messages name the innermost scope and its call site.

#include "engine/render/gl_test_fixture.h"

#include "vox/platform/gl_debug.h"
#include "vox/platform/gl_debug_scope.h"

#include <gtest/gtest.h>

namespace {

using vox::test::GlTest;
using GlDebugScopeTest = GlTest;

TEST_F(GlDebugScopeTest, NamesTheInnermostOpenScope) {
    EXPECT_EQ(vox::currentGlCallSite(), "");
    {
        vox::GlDebugScope outer("outer");
        const int outerLine = __LINE__ - 1;
        EXPECT_EQ(vox::currentGlCallSite(),
                  "in outer at gl_debug_scope_test.cpp:" + std::to_string(outerLine));
        {
            vox::GlDebugScope inner("inner");
            EXPECT_NE(vox::currentGlCallSite().find("in inner at gl_debug_scope_test.cpp:"),
                      std::string::npos);
        }
        EXPECT_EQ(vox::currentGlCallSite(),
                  "in outer at gl_debug_scope_test.cpp:" + std::to_string(outerLine));
    }
    EXPECT_EQ(vox::currentGlCallSite(), "");
}

TEST_F(GlDebugScopeTest, DriverErrorsAreLoggedWithTheScope) {
    if (glIsEnabled(GL_DEBUG_OUTPUT) != GL_TRUE)
        GTEST_SKIP() << "this driver has no KHR_debug output";
    ::testing::internal::CaptureStderr();
    {
        vox::GlDebugScope scope("provoking an error");
        glBindBuffer(GL_ARRAY_BUFFER, 123456); // not a buffer name: GL_INVALID_OPERATION
    }
    const std::string log = ::testing::internal::GetCapturedStderr();
    EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
    EXPECT_NE(log.find("[in provoking an error at gl_debug_scope_test.cpp:"), std::string::npos) << log;
}

TEST_F(GlDebugScopeTest, KnowsWhetherDebugOutputIsOnWithoutAskingTheDriver) {
    // GlDebugScope must not query the driver (a threaded driver would drain its queue), so the answer
    // it uses has to agree with what the driver says.
    EXPECT_EQ(vox::glDebugOutputEnabled(), glIsEnabled(GL_DEBUG_OUTPUT) == GL_TRUE);
    glDisable(GL_DEBUG_OUTPUT);
    vox::forgetGlDebugOutput();
    EXPECT_FALSE(vox::glDebugOutputEnabled());
    if (vox::enableGlDebugOutput()) {
        EXPECT_TRUE(vox::glDebugOutputEnabled());
        EXPECT_EQ(glIsEnabled(GL_DEBUG_OUTPUT), static_cast<GLboolean>(GL_TRUE));
    }
}

} // namespace
