// The assert handler's contract (vox/core/assert.h): who is called, with what, and what happens when the
// handler returns true, returns false or throws.

#include "vox/core/assert.h"

#include "engine/core/assert_capture.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <string>

namespace {

using vox::test::AssertCapture;
using vox::test::AssertThrown;
using vox::test::ScopedAssertHandler;

bool announceAndAbort(const char*, const char* message, const char*, int) {
    std::fprintf(stderr, "custom handler: %s\n", message);
    return true;
}

TEST(AssertHandler, TheDefaultPrintsFileLineExpressionAndMessageThenAborts) {
    EXPECT_EQ(vox::assertHandler(), &vox::defaultAssertHandler);
    EXPECT_DEATH(VOX_VERIFY(1 + 1 == 3, "arithmetic is broken"),
                 "assert_test\\.cpp:[0-9]+: assertion '1 \\+ 1 == 3' failed: arithmetic is broken");
    EXPECT_DEATH(vox::detail::reportMisuse("id.ok()", "a stale id", "caller.cpp", 12),
                 "caller\\.cpp:12: assertion 'id\\.ok\\(\\)' failed: a stale id");
}

TEST(AssertHandler, SetReturnsThePreviousAndNullRestoresTheDefault) {
    const vox::AssertHandler before = vox::setAssertHandler(&announceAndAbort);
    EXPECT_EQ(before, &vox::defaultAssertHandler) << "the default is reported as itself, never as null";
    EXPECT_EQ(vox::assertHandler(), &announceAndAbort);
    EXPECT_EQ(vox::setAssertHandler(nullptr), &announceAndAbort);
    EXPECT_EQ(vox::assertHandler(), &vox::defaultAssertHandler);
}

TEST(AssertHandler, MisuseWithAFallbackReturnsWhenTheHandlerReturnsFalse) {
    AssertCapture capture;
    const int line = __LINE__ + 1;
    vox::detail::reportMisuse("isValid(id)", "Thing::use: stale handle", __FILE__, line);
    ASSERT_EQ(capture.reports().size(), 1u) << "reported exactly once";
    const vox::test::AssertReport& report = capture.reports()[0];
    EXPECT_EQ(report.expression, "isValid(id)");
    EXPECT_EQ(report.message, "Thing::use: stale handle");
    EXPECT_EQ(report.file, __FILE__);
    EXPECT_EQ(report.line, line);
}

TEST(AssertHandler, AHandlerReturningTrueAborts) {
    EXPECT_DEATH(
        {
            vox::setAssertHandler(&announceAndAbort);
            vox::detail::reportMisuse("x", "asked to abort", __FILE__, __LINE__);
        },
        "custom handler: asked to abort");
}

TEST(AssertHandler, ABrokenInvariantAbortsEvenWhenTheHandlerReturnsFalse) {
    EXPECT_DEATH(
        {
            AssertCapture capture;
            VOX_VERIFY(false, "an invariant");
        },
        "assertion 'false' failed: an invariant \\(a broken invariant: aborting anyway\\)");
}

TEST(AssertHandler, AThrowingHandlerThrowsOutOfTheFailingCheck) {
    ScopedAssertHandler scope(&vox::test::throwingHandler);
    EXPECT_THROW(VOX_VERIFY(false, "verify"), AssertThrown);
    EXPECT_THROW(vox::detail::reportMisuse("x", "misuse", __FILE__, __LINE__), AssertThrown);
    try {
        vox::detail::reportMisuse("x", "the message travels", __FILE__, __LINE__);
        FAIL() << "did not throw";
    } catch (const AssertThrown& thrown) {
        EXPECT_STREQ(thrown.what(), "the message travels");
    }
}

TEST(AssertHandler, ScopesRestoreTheDefault) {
    {
        AssertCapture capture;
        EXPECT_NE(vox::assertHandler(), &vox::defaultAssertHandler);
    }
    EXPECT_EQ(vox::assertHandler(), &vox::defaultAssertHandler);
    EXPECT_DEATH(vox::detail::reportMisuse("x", "default again", "f.cpp", 1), "f\\.cpp:1: .*default again");
}

} // namespace
