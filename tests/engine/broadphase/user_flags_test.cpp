// The broadphases' headers compiled with the opposite NDEBUG of the rest of the build, as in a Debug program
// linking a Release engine or the reverse: their inline code must not depend on it (no VOX_ASSERT there), so
// a stale handle is reported to the assert handler once and the call does nothing, exactly as in the
// library's own code.

// Everything but the engine's headers first, with the build's own flags.
#include <glm/vec3.hpp>
#include <gtest/gtest.h>

#include <cstdint>
#include <string>

#ifdef NDEBUG
#undef NDEBUG
#define VOX_TEST_FLIPPED_TO_DEBUG 1
#else
#define NDEBUG
#define VOX_TEST_FLIPPED_TO_DEBUG 0
#endif

// The engine's headers, assert.h included (the first time in this file, so VOX_ASSERT flips too).
#include "engine/core/assert_capture.h"
#include "vox/broadphase/brute_force_broadphase.h"
#include "vox/broadphase/dynamic_aabb_tree.h"
#include "vox/broadphase/grid_broadphase.h"
#include "vox/core/assert.h"

namespace {

using vox::Aabb;
using vox::ProxyId;

#if !defined(VOX_ENABLE_ASSERTS)
static_assert(VOX_ASSERTS_ENABLED == VOX_TEST_FLIPPED_TO_DEBUG,
              "this file sees the opposite NDEBUG of the build");
#endif

template <class B>
void expectStaleHandlesReportedAndIgnored(B& broadphase, const char* owner) {
    const Aabb box{{0, 0, 0}, {1, 1, 1}};
    const ProxyId first = broadphase.createProxy(box, 1).value();
    ASSERT_TRUE(broadphase.destroyProxy(first));
    const ProxyId second = broadphase.createProxy(box, 2).value();
    vox::test::AssertCapture capture;
    EXPECT_FALSE(broadphase.moveProxy(first, Aabb{{5, 5, 5}, {6, 6, 6}}, glm::vec3(0)));
    EXPECT_EQ(broadphase.userData(first), 0u);
    EXPECT_FALSE(broadphase.destroyProxy(first));
    EXPECT_FALSE(broadphase.isValid(first));
    ASSERT_EQ(capture.reports().size(), 3u) << owner << ": once per call, whatever NDEBUG says";
    EXPECT_EQ(capture.reports()[0].message.rfind(std::string(owner) + "::moveProxy: stale", 0), 0u)
        << capture.reports()[0].message;
    EXPECT_EQ(capture.reports()[1].message.rfind(std::string(owner) + "::userData: stale", 0), 0u)
        << capture.reports()[1].message;
    EXPECT_EQ(broadphase.userData(second), 2u);
    EXPECT_TRUE(broadphase.moveProxy(second, box, glm::vec3(0)));
    EXPECT_EQ(capture.reports().size(), 3u);
}

TEST(BroadphaseUnderTheUsersFlags, StaleHandlesBehaveAsInTheLibrary) {
    vox::DynamicAabbTree tree;
    expectStaleHandlesReportedAndIgnored(tree, "DynamicAabbTree");
    vox::GridBroadphase grid;
    expectStaleHandlesReportedAndIgnored(grid, "GridBroadphase");
    vox::BruteForceBroadphase brute;
    expectStaleHandlesReportedAndIgnored(brute, "BruteForceBroadphase");
}

} // namespace
