#include "vox/geometry/obb2.h"

#include "engine/geometry/intersection_reference.h"
#include "vox/core/rng.h"
#include "vox/geometry/convex_polygon.h"

#include <gtest/gtest.h>

#include <glm/geometric.hpp>

#include <cmath>
#include <cstdint>
#include <numbers>

namespace {

using vox::Obb2;
using vox::testing::clearOfTouching;
using vox::testing::referenceOverlaps;

constexpr double kTouchingMargin = 1e-4;
constexpr float kPi = std::numbers::pi_v<float>;

Obb2 randomBox(vox::Rng& rng) {
    glm::vec2 half(rng.uniform(0.05f, 1.0f), rng.uniform(0.05f, 1.0f));
    if (rng.below(10) == 0)
        half[static_cast<int>(rng.below(2))] = 1e-3f; // a thin sliver
    return Obb2::fromAngle({rng.uniform(-1.0f, 1.0f), rng.uniform(-1.0f, 1.0f)}, half,
                           rng.uniform(-kPi, kPi));
}

TEST(Obb2, AgreesWithPolygonClippingOnRandomPairs) {
    constexpr uint64_t kSeed = 0x0bb2'2027ull;
    SCOPED_TRACE(testing::Message() << "seed " << kSeed);
    vox::Rng rng(kSeed);
    int compared = 0;
    int excluded = 0;
    int overlapping = 0;
    constexpr int kPairs = 100'000;
    for (int pair = 0; pair < kPairs; ++pair) {
        const Obb2 a = randomBox(rng);
        const Obb2 b = randomBox(rng);
        bool expected = false;
        if (!clearOfTouching(a, b, kTouchingMargin, expected)) {
            ++excluded;
            continue;
        }
        ++compared;
        overlapping += expected ? 1 : 0;
        ASSERT_EQ(vox::overlaps(a, b), expected) << "pair " << pair;
        ASSERT_EQ(vox::overlaps(b, a), expected) << "pair " << pair;
        // The same rectangles as polygons must agree too.
        const auto cornersA = a.corners();
        const auto cornersB = b.corners();
        const auto polygonA = vox::ConvexPolygon::create(cornersA);
        const auto polygonB = vox::ConvexPolygon::create(cornersB);
        ASSERT_TRUE(polygonA.ok() && polygonB.ok());
        ASSERT_EQ(vox::overlaps(polygonA.value(), polygonB.value()), expected) << "pair " << pair;
    }
    RecordProperty("pairs", kPairs);
    RecordProperty("excluded_near_touching", excluded);
    std::printf(
        "[ info ] %d random rectangle pairs (seed 0x0bb22027), %d compared (%d overlapping), %d within %g "
        "of touching left out\n",
        kPairs, compared, overlapping, excluded, kTouchingMargin);
    EXPECT_GT(overlapping, compared / 5);
    EXPECT_LT(overlapping, compared * 4 / 5);
    EXPECT_LT(excluded, kPairs / 100);
}

TEST(Obb2, TouchingCountsAsOverlapping) {
    vox::Rng rng(5);
    SCOPED_TRACE("seed 5");
    const glm::vec2 halfA(0.5f, 0.25f);
    const glm::vec2 halfB(0.75f, 0.5f);
    const glm::vec2 offsets[] = {{1.25f, 0.0f}, {0.0f, 0.75f}, {1.25f, 0.75f}}; // edge, edge, corner
    for (int trial = 0; trial < 2000; ++trial) {
        const float angle = trial == 0 ? 0.0f : rng.uniform(-kPi, kPi);
        const glm::vec2 center(rng.uniform(-2.0f, 2.0f), rng.uniform(-2.0f, 2.0f));
        const Obb2 a = Obb2::fromAngle(center, halfA, angle);
        for (const glm::vec2& offset : offsets) {
            const glm::vec2 direction = glm::normalize(offset);
            const auto placed = [&](const glm::vec2& local) {
                return Obb2{center + a.rotation * local, halfB, a.rotation};
            };
            ASSERT_TRUE(vox::overlaps(a, placed(offset))) << "trial " << trial;
            ASSERT_TRUE(vox::overlaps(placed(offset), a)) << "trial " << trial;
            ASSERT_FALSE(vox::overlaps(a, placed(offset + direction * 1e-4f))) << "trial " << trial;
        }
    }
}

TEST(Obb2, FlatBoxesAreSegmentsAndPoints) {
    const Obb2 segment = Obb2::fromAngle({0, 0}, {1, 0}, 0.3f);
    EXPECT_TRUE(vox::overlaps(segment, segment));
    EXPECT_TRUE(vox::overlaps(segment, Obb2::fromAngle(segment.rotation[0] * 1.5f, {1, 0}, 0.3f)))
        << "collinear, overlapping";
    EXPECT_FALSE(vox::overlaps(segment, Obb2::fromAngle(segment.rotation[0] * 2.5f, {0.25f, 0}, 0.3f)))
        << "collinear, apart: the segments' own axis separates them";
    EXPECT_TRUE(vox::overlaps(segment, Obb2::fromAngle({0, 0}, {1, 0}, 1.3f))) << "crossing";
    EXPECT_FALSE(
        vox::overlaps(Obb2{{0, 0}, {0, 0}, glm::mat2(1.0f)}, Obb2{{1e-3f, 0}, {0, 0}, glm::mat2(1.0f)}));
    EXPECT_TRUE(vox::overlaps(segment, Obb2{segment.rotation[0] * 0.5f, {0, 0}, glm::mat2(1.0f)}))
        << "a point on it";
}

TEST(Obb2, CornersAreCounterClockwiseAndProjectionsMatch) {
    const Obb2 box = Obb2::fromAngle({1, 2}, {2, 1}, kPi / 2);
    const auto corners = box.corners();
    EXPECT_NEAR(corners[0].x, 2.0f, 1e-6f);
    EXPECT_NEAR(corners[0].y, 0.0f, 1e-6f);
    EXPECT_NEAR(corners[2].x, 0.0f, 1e-6f);
    EXPECT_NEAR(corners[2].y, 4.0f, 1e-6f);
    EXPECT_TRUE(vox::ConvexPolygon::create(corners).ok()) << "counter-clockwise";
    const vox::Interval shadow = box.project({0, 1});
    EXPECT_NEAR(shadow.min, 0.0f, 1e-6f);
    EXPECT_NEAR(shadow.max, 4.0f, 1e-6f);
    EXPECT_TRUE(box.isValid());
    EXPECT_FALSE((Obb2{{0, 0}, {-1, 1}, glm::mat2(1.0f)}.isValid()));
    EXPECT_FALSE((Obb2{{0, 0}, {1, 1}, glm::mat2(1, 0, 1, 0)}.isValid()));
}

} // namespace
