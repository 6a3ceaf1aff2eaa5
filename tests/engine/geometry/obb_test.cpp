#include "vox/geometry/obb.h"

#include "engine/geometry/intersection_reference.h"
#include "engine/geometry/random_boxes.h"
#include "vox/core/rng.h"

#include <gtest/gtest.h>

#include <glm/geometric.hpp>
#include <glm/gtc/quaternion.hpp>

#include <cmath>
#include <cstdint>
#include <numbers>

namespace {

using vox::Obb;
using vox::ObbAxisKind;
using vox::testing::clearOfTouching;
using vox::testing::randomBox;
using vox::testing::randomHalfExtents;
using vox::testing::randomRotation;
using vox::testing::referenceOverlaps;

// Pairs closer to touching than this (box half extents shrunk or grown by it change the reference's
// verdict) are left out of the random comparisons and tested by construction instead.
constexpr double kTouchingMargin = 1e-4;

glm::mat3 rotationAbout(const glm::vec3& axis, float radians) {
    return glm::mat3_cast(glm::angleAxis(radians, glm::normalize(axis)));
}

glm::vec3 randomUnitVector(vox::Rng& rng) {
    return randomRotation(rng)[0];
}

std::string describe(const Obb& box) {
    char text[400];
    const glm::mat3& r = box.rotation;
    std::snprintf(text, sizeof text,
                  "center (%.9g %.9g %.9g) half (%.9g %.9g %.9g) axes (%.9g %.9g %.9g) "
                  "(%.9g %.9g %.9g) (%.9g %.9g %.9g)",
                  double(box.center.x), double(box.center.y), double(box.center.z), double(box.halfExtents.x),
                  double(box.halfExtents.y), double(box.halfExtents.z), double(r[0].x), double(r[0].y),
                  double(r[0].z), double(r[1].x), double(r[1].y), double(r[1].z), double(r[2].x),
                  double(r[2].y), double(r[2].z));
    return text;
}

// Every corner of `box` projected on `axis`, least and greatest, in double.
void cornerShadow(const Obb& box, const glm::vec3& axis, double& least, double& greatest) {
    least = 1e300;
    greatest = -1e300;
    for (const glm::vec3& corner : box.corners()) {
        const double along = glm::dot(glm::dvec3(corner), glm::dvec3(axis));
        least = std::min(least, along);
        greatest = std::max(greatest, along);
    }
}

// The axis findSeparatingAxis reports must separate the corners, and its shadows must be theirs.
void expectSeparationIsReal(const Obb& a, const Obb& b, const vox::ObbSeparation& separation) {
    ASSERT_FALSE(separation.overlapping);
    EXPECT_NEAR(glm::length(separation.axis), 1.0f, 1e-5f);
    double leastA, greatestA, leastB, greatestB;
    cornerShadow(a, separation.axis, leastA, greatestA);
    cornerShadow(b, separation.axis, leastB, greatestB);
    EXPECT_NEAR(separation.shadowA.min, leastA, 1e-4);
    EXPECT_NEAR(separation.shadowA.max, greatestA, 1e-4);
    EXPECT_NEAR(separation.shadowB.min, leastB, 1e-4);
    EXPECT_NEAR(separation.shadowB.max, greatestB, 1e-4);
    EXPECT_GE(leastB - greatestA, -1e-5) << "A's shadow must lie below B's";
    switch (separation.kind) {
    case ObbAxisKind::FaceOfA:
        EXPECT_TRUE(separation.indexA >= 0 && separation.indexA < 3 && separation.indexB == -1);
        break;
    case ObbAxisKind::FaceOfB:
        EXPECT_TRUE(separation.indexB >= 0 && separation.indexB < 3 && separation.indexA == -1);
        break;
    case ObbAxisKind::EdgeCross:
        EXPECT_TRUE(separation.indexA >= 0 && separation.indexA < 3 && separation.indexB >= 0 &&
                    separation.indexB < 3);
        break;
    case ObbAxisKind::None:
        ADD_FAILURE() << "separated boxes need an axis kind";
        break;
    }
}

TEST(Obb, AgreesWithTheEdgeClippingReferenceOnRandomPairs) {
    constexpr uint64_t kSeeds[] = {0x27'0b'b0'01ull, 0x5eed'5a7ull, 20261127ull, 0xdeadbeefull};
    constexpr int kPairsPerSeed = 50'000;
    int compared = 0;
    int excluded = 0;
    int overlapping = 0;
    int byKind[4] = {};
    for (const uint64_t seed : kSeeds) {
        SCOPED_TRACE(testing::Message() << "seed " << seed);
        vox::Rng rng(seed);
        for (int pair = 0; pair < kPairsPerSeed; ++pair) {
            const Obb a = randomBox(rng, 1.0f);
            const Obb b = randomBox(rng, 1.0f);
            bool expected = false;
            if (!clearOfTouching(a, b, kTouchingMargin, expected)) {
                ++excluded;
                continue;
            }
            ++compared;
            overlapping += expected ? 1 : 0;
            const bool forward = vox::overlaps(a, b);
            const bool backward = vox::overlaps(b, a);
            const vox::ObbSeparation separation = vox::findSeparatingAxis(a, b);
            if (forward != expected || backward != expected || separation.overlapping != expected) {
                ADD_FAILURE() << "pair " << pair << ": reference says " << expected << ", overlaps(a, b) "
                              << forward << ", overlaps(b, a) " << backward << "\n a: " << describe(a)
                              << "\n b: " << describe(b);
                continue;
            }
            ++byKind[static_cast<int>(separation.kind)];
            if (!expected) {
                SCOPED_TRACE(testing::Message()
                             << "pair " << pair << "\n a: " << describe(a) << "\n b: " << describe(b));
                expectSeparationIsReal(a, b, separation);
            }
        }
    }
    const int total = compared + excluded;
    RecordProperty("pairs", total);
    RecordProperty("excluded_near_touching", excluded);
    std::printf(
        "[ info ] %d random pairs (seeds 0x270bb001, 0x5eed5a7, 20261127, 0xdeadbeef), %d compared "
        "(%d overlapping), %d within %g of touching left out; separated by: face of A %d, face of B %d, "
        "edge cross %d\n",
        total, compared, overlapping, excluded, kTouchingMargin, byKind[1], byKind[2], byKind[3]);
    EXPECT_GE(compared, 100'000);
    // Both verdicts and every kind of axis must be exercised, or the comparison proves little.
    EXPECT_GT(overlapping, compared / 5);
    EXPECT_LT(overlapping, compared * 4 / 5);
    EXPECT_GT(byKind[static_cast<int>(ObbAxisKind::EdgeCross)], 100);
    EXPECT_LT(excluded, total / 100);
}

// The classic edge-on-edge contact: A turned 45 degrees about z presents its z edge to +x, B turned 45
// degrees about y presents its y edge to -x. Only the cross of those edges' directions (x) separates them.
TEST(Obb, EdgeOnEdgeIsSeparatedOnlyByTheirCrossProduct) {
    const float h = 0.5f;
    const float reach = std::numbers::sqrt2_v<float> * h; // corner-edge distance from the centre
    const Obb a{glm::vec3(0.0f), glm::vec3(h), rotationAbout({0, 0, 1}, std::numbers::pi_v<float> / 4)};
    for (const float gap : {1e-3f, 1e-4f, 0.0f, -1e-4f, -1e-3f}) {
        SCOPED_TRACE(testing::Message() << "gap " << gap);
        const Obb b{glm::vec3(2.0f * reach + gap, 0.0f, 0.0f), glm::vec3(h),
                    rotationAbout({0, 1, 0}, std::numbers::pi_v<float> / 4)};
        EXPECT_EQ(vox::overlaps(a, b), gap <= 0.0f);
        EXPECT_EQ(vox::overlaps(b, a), gap <= 0.0f);
        EXPECT_EQ(referenceOverlaps(a, b), gap <= 0.0f) << "the construction itself is off";
        const vox::ObbSeparation separation = vox::findSeparatingAxis(a, b);
        if (gap > 0.0f) {
            EXPECT_EQ(separation.kind, ObbAxisKind::EdgeCross);
            EXPECT_EQ(separation.indexA, 2); // A's z
            EXPECT_EQ(separation.indexB, 1); // B's y
            EXPECT_NEAR(separation.axis.x, 1.0f, 1e-6f) << "oriented from A towards B";
            EXPECT_NEAR(separation.gap(), gap, 2e-6f);
        }
    }
}

// Touching faces, edges and corners count as overlapping (closed boxes, as Aabb); the slack keeps that true
// when a rotation makes the arithmetic inexact, and a gap of 1e-4 of the size still separates.
TEST(Obb, TouchingCountsAsOverlappingAtAnyRotation) {
    const glm::vec3 halfA(0.5f, 0.25f, 1.0f);
    const glm::vec3 halfB(0.75f, 0.5f, 0.125f);
    const glm::vec3 offsets[] = {
        {1.25f, 0.0f, 0.0f},
        {0.0f, 0.75f, 0.5f},
        {1.25f, 0.75f, 0.0f},
        {1.25f, 0.75f, 1.125f}, // face, face, edge, corner
    };
    vox::Rng rng(427);
    SCOPED_TRACE("seed 427");
    for (int trial = 0; trial < 2000; ++trial) {
        const glm::mat3 rotation = trial == 0 ? glm::mat3(1.0f) : randomRotation(rng);
        // Up to 50 sizes from the origin: much farther out, the rounding of the positions alone (6e-8 of
        // them) outgrows the tolerance (1e-5 of the size) and decides touching pairs either way.
        const glm::vec3 center(rng.uniform(-50.0f, 50.0f), rng.uniform(-50.0f, 50.0f),
                               rng.uniform(-50.0f, 50.0f));
        for (const glm::vec3& offset : offsets) {
            const Obb a{center, halfA, rotation};
            const glm::vec3 direction = glm::normalize(offset);
            const Obb touching{center + rotation * offset, halfB, rotation};
            const Obb apart{center + rotation * (offset + direction * 1e-4f), halfB, rotation};
            const Obb into{center + rotation * (offset - direction * 1e-4f), halfB, rotation};
            ASSERT_TRUE(vox::overlaps(a, touching)) << "trial " << trial << ": " << describe(touching);
            ASSERT_TRUE(vox::overlaps(touching, a)) << "trial " << trial;
            ASSERT_TRUE(vox::overlaps(a, into)) << "trial " << trial;
            ASSERT_FALSE(vox::overlaps(a, apart)) << "trial " << trial << ": " << describe(apart);
            ASSERT_FALSE(vox::overlaps(apart, a)) << "trial " << trial;
        }
    }
}

TEST(Obb, IdenticalBoxesOverlap) {
    vox::Rng rng(99);
    SCOPED_TRACE("seed 99");
    for (int trial = 0; trial < 1000; ++trial) {
        Obb box = randomBox(rng, 100.0f);
        if (trial % 4 == 0)
            box.halfExtents = glm::vec3(0.0f); // a point is a box too
        ASSERT_TRUE(vox::overlaps(box, box)) << describe(box);
        ASSERT_TRUE(vox::findSeparatingAxis(box, box).overlapping);
    }
}

// Boxes with zero half extents are plates, segments and points; their axes still come from the rotation, so
// parallel edges produce zero-length cross products whose rounding must not "separate" anything.
TEST(Obb, DegenerateBoxesAreExact) {
    vox::Rng rng(7);
    SCOPED_TRACE("seed 7");
    for (int trial = 0; trial < 2000; ++trial) {
        const glm::mat3 rotation = randomRotation(rng);
        const glm::vec3 center(rng.uniform(-2.0f, 2.0f), rng.uniform(-2.0f, 2.0f), rng.uniform(-2.0f, 2.0f));
        const Obb segment{center, {1.0f, 0.0f, 0.0f}, rotation};
        // Collinear segments, overlapping, touching end to end, apart.
        EXPECT_TRUE(vox::overlaps(segment, Obb{center + rotation[0] * 0.5f, {1.0f, 0.0f, 0.0f}, rotation}));
        EXPECT_TRUE(vox::overlaps(segment, Obb{center + rotation[0] * 1.75f, {0.75f, 0.0f, 0.0f}, rotation}));
        EXPECT_FALSE(vox::overlaps(segment, Obb{center + rotation[0] * 2.5f, {1.0f, 0.0f, 0.0f}, rotation}));
        // Parallel segments side by side: apart.
        EXPECT_FALSE(vox::overlaps(segment, Obb{center + rotation[1] * 1e-3f, {1.0f, 0.0f, 0.0f}, rotation}));
        // A point on the segment, off it, at its end.
        EXPECT_TRUE(vox::overlaps(segment, Obb{center + rotation[0] * 0.3f, glm::vec3(0.0f), rotation}));
        EXPECT_TRUE(vox::overlaps(segment, Obb{center + rotation[0], glm::vec3(0.0f), randomRotation(rng)}));
        EXPECT_FALSE(vox::overlaps(segment, Obb{center + rotation[2] * 1e-3f, glm::vec3(0.0f), rotation}));
        // Two points.
        const Obb point{center, glm::vec3(0.0f), rotation};
        EXPECT_TRUE(vox::overlaps(point, point));
        EXPECT_FALSE(vox::overlaps(
            point, Obb{center + randomUnitVector(rng) * 1e-3f, glm::vec3(0.0f), randomRotation(rng)}));
        // Coplanar plates (rectangles): overlapping, apart in their plane, and stacked a little apart.
        const Obb plate{center, {1.0f, 0.5f, 0.0f}, rotation};
        EXPECT_TRUE(vox::overlaps(plate, Obb{center + rotation[0] * 1.5f, {1.0f, 0.5f, 0.0f}, rotation}));
        EXPECT_FALSE(vox::overlaps(plate, Obb{center + rotation[0] * 2.5f, {0.25f, 0.5f, 0.0f}, rotation}));
        EXPECT_FALSE(vox::overlaps(plate, Obb{center + rotation[2] * 1e-3f, {1.0f, 0.5f, 0.0f}, rotation}));
        // Two plates crossing like an X (sharing the y axis) and the same pair slid apart along y.
        const glm::mat3 tilted = rotation * rotationAbout({0, 1, 0}, rng.uniform(0.1f, 3.0f));
        EXPECT_TRUE(vox::overlaps(plate, Obb{center, {1.0f, 0.5f, 0.0f}, tilted}));
        EXPECT_FALSE(vox::overlaps(plate, Obb{center + rotation[1] * 1.01f, {1.0f, 0.5f, 0.0f}, tilted}));
    }
}

// Thin plates (1e-3 thick) at random angles, stacked and crossing, against the reference.
TEST(Obb, ThinPlatesAgreeWithTheReference) {
    vox::Rng rng(31);
    SCOPED_TRACE("seed 31");
    int compared = 0;
    int excluded = 0;
    for (int trial = 0; trial < 20'000; ++trial) {
        const Obb a{
            glm::vec3(0.0f), {rng.uniform(0.2f, 1.0f), rng.uniform(0.2f, 1.0f), 1e-3f}, randomRotation(rng)};
        // B nearly coplanar with A half the time: a small tilt about a random axis.
        const glm::mat3 rotation =
            trial % 2 == 0 ? randomRotation(rng)
                           : rotationAbout(randomUnitVector(rng), rng.uniform(0.0f, 0.05f)) * a.rotation;
        const Obb b{a.rotation * glm::vec3(rng.uniform(-1.5f, 1.5f), rng.uniform(-1.5f, 1.5f),
                                           rng.uniform(-0.01f, 0.01f)),
                    {rng.uniform(0.2f, 1.0f), rng.uniform(0.2f, 1.0f), 1e-3f},
                    rotation};
        bool expected = false;
        if (!clearOfTouching(a, b, kTouchingMargin, expected)) {
            ++excluded;
            continue;
        }
        ++compared;
        ASSERT_EQ(vox::overlaps(a, b), expected)
            << "trial " << trial << "\n a: " << describe(a) << "\n b: " << describe(b);
        ASSERT_EQ(vox::overlaps(b, a), expected) << "trial " << trial;
    }
    std::printf("[ info ] thin plates: %d compared, %d within %g of touching left out\n", compared, excluded,
                kTouchingMargin);
    EXPECT_GT(compared, 15'000);
}

// B is A's orientation turned by a tiny angle, so three pairs of edges are nearly parallel; it slides along
// a random direction to the contact found with the reference. Just inside must overlap at every angle (the
// parallel-edge tolerance never separates what touches); apart by more than the documented tolerance, 1e-3
// of the size, must separate.
TEST(Obb, NearlyParallelEdgesNeverSeparateWhatOverlaps) {
    vox::Rng rng(1234);
    SCOPED_TRACE("seed 1234");
    for (const float angle : {0.0f, 1e-7f, 1e-6f, 1e-5f, 1e-4f, 1e-3f, 1e-2f}) {
        SCOPED_TRACE(testing::Message() << "angle " << angle);
        for (int trial = 0; trial < 300; ++trial) {
            const Obb a{glm::vec3(rng.uniform(-3.0f, 3.0f)), randomHalfExtents(rng), randomRotation(rng)};
            const glm::mat3 rotation =
                angle == 0.0f ? a.rotation : rotationAbout(randomUnitVector(rng), angle) * a.rotation;
            const glm::vec3 halfB = randomHalfExtents(rng);
            const glm::vec3 direction = randomUnitVector(rng);
            const auto placed = [&](double distance) {
                return Obb{a.center + direction * static_cast<float>(distance), halfB, rotation};
            };
            // Bisect the reference for the contact distance along `direction`.
            double inside = 0.0;
            double outside = 8.0;
            for (int step = 0; step < 50; ++step) {
                const double middle = 0.5 * (inside + outside);
                (referenceOverlaps(a, placed(middle)) ? inside : outside) = middle;
            }
            const Obb overlapping = placed(inside - 1e-4);
            const Obb apart = placed(outside + 2e-3);
            ASSERT_TRUE(vox::overlaps(a, overlapping))
                << "trial " << trial << "\n a: " << describe(a) << "\n b: " << describe(overlapping);
            ASSERT_TRUE(vox::overlaps(overlapping, a)) << "trial " << trial;
            ASSERT_FALSE(vox::overlaps(a, apart))
                << "trial " << trial << "\n a: " << describe(a) << "\n b: " << describe(apart);
            ASSERT_FALSE(vox::overlaps(apart, a)) << "trial " << trial;
        }
    }
}

TEST(Obb, SeparatingAxisKindsFollowTheTestOrder) {
    const Obb a{glm::vec3(0.0f), glm::vec3(1.0f), glm::mat3(1.0f)};
    // Apart along A's x: A's face 0, axis +x from A to B.
    vox::ObbSeparation separation =
        vox::findSeparatingAxis(a, Obb{{3, 0, 0}, glm::vec3(1.0f), glm::mat3(1.0f)});
    EXPECT_EQ(separation.kind, ObbAxisKind::FaceOfA);
    EXPECT_EQ(separation.indexA, 0);
    EXPECT_EQ(separation.axis, glm::vec3(1, 0, 0));
    EXPECT_FLOAT_EQ(separation.gap(), 1.0f);
    // B on A's -y side: the axis flips to point from A towards B.
    separation = vox::findSeparatingAxis(a, Obb{{0, -2.5f, 0}, glm::vec3(1.0f), glm::mat3(1.0f)});
    EXPECT_EQ(separation.kind, ObbAxisKind::FaceOfA);
    EXPECT_EQ(separation.indexA, 1);
    EXPECT_EQ(separation.axis, glm::vec3(0, -1, 0));
    EXPECT_FLOAT_EQ(separation.gap(), 0.5f);
    // A cube turned 45 degrees about z, on A's diagonal at (2, 2, 0): on A's x and y its shadow reaches 2 -
    // sqrt 2 < 1, so A's faces do not separate; on its own x, the diagonal, the gap is 2 sqrt 2 - 1 - sqrt 2.
    const Obb turned{
        {2.0f, 2.0f, 0.0f}, glm::vec3(1.0f), rotationAbout({0, 0, 1}, std::numbers::pi_v<float> / 4)};
    separation = vox::findSeparatingAxis(a, turned);
    EXPECT_EQ(separation.kind, ObbAxisKind::FaceOfB);
    EXPECT_EQ(separation.indexB, 0);
    EXPECT_NEAR(separation.gap(), std::numbers::sqrt2_v<float> - 1.0f, 1e-5f);
    const vox::ObbSeparation none = vox::findSeparatingAxis(a, a);
    EXPECT_TRUE(none.overlapping);
    EXPECT_EQ(none.kind, ObbAxisKind::None);
    EXPECT_EQ(none.gap(), 0.0f);
}

TEST(Obb, CornersProjectionAndValidity) {
    const Obb box{{1, 2, 3}, {0.5f, 1.0f, 2.0f}, rotationAbout({0, 0, 1}, std::numbers::pi_v<float> / 2)};
    const auto corners = box.corners();
    // Turned a quarter about z: the box's x axis is world y.
    EXPECT_NEAR(corners[0].x, 1.0f + 1.0f, 1e-6f);
    EXPECT_NEAR(corners[0].y, 2.0f - 0.5f, 1e-6f);
    EXPECT_NEAR(corners[0].z, 3.0f - 2.0f, 1e-6f);
    EXPECT_NEAR(corners[7].y, 2.0f + 0.5f, 1e-6f);
    const vox::Interval shadow = box.project({1, 0, 0});
    EXPECT_NEAR(shadow.min, 0.0f, 1e-6f);
    EXPECT_NEAR(shadow.max, 2.0f, 1e-6f);
    EXPECT_TRUE(box.isValid());
    EXPECT_FALSE((Obb{{0, 0, 0}, {-1, 1, 1}, glm::mat3(1.0f)}.isValid())) << "negative half extent";
    EXPECT_FALSE((Obb{{0, 0, 0}, {1, 1, 1}, glm::mat3(2.0f)}.isValid())) << "axes not unit";
    EXPECT_FALSE((Obb{{0, 0, 0}, {1, 1, 1}, glm::mat3(1, 0, 0, 1, 0, 0, 0, 0, 1)}.isValid()))
        << "axes not orthogonal";
    EXPECT_FALSE((Obb{{std::nanf(""), 0, 0}, {1, 1, 1}, glm::mat3(1.0f)}.isValid()));
    const glm::mat3 mirrored(1, 0, 0, 0, 1, 0, 0, 0, -1);
    EXPECT_TRUE((Obb{{0, 0, 0}, {1, 1, 1}, mirrored}.isValid())) << "a reflection describes the same box";
}

} // namespace
