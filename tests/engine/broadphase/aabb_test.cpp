#include "vox/broadphase/aabb.h"
#include "vox/core/rng.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace {

using vox::Aabb;
using vox::CellRect;
using vox::CenterExtentBox;

Aabb unitAt(float x, float y, float z) {
    return Aabb::fromCenter({x, y, z}, glm::vec3(0.5f));
}

// The truth table of the issue: boxes centre +- 0.5 on every axis, closed (touching counts).
struct TruthRow {
    glm::vec3 a, b;
    bool overlap;
};

TEST(Aabb, OverlapTruthTable) {
    const TruthRow rows[] = {
        {{0, 0, 0}, {0, 0, 0}, true},     {{0, 0, 0}, {1, 0, 0}, true},    {{0, 0, 0}, {1.5f, 0, 0}, false},
        {{0, 0, 0}, {15, 0, 0}, false},   {{1, 0, 0}, {1.5f, 0, 0}, true}, {{0, 0, 0}, {0, 1.5f, 0}, false},
        {{0, 0, 0}, {15, 15, 15}, false},
    };
    for (const TruthRow& row : rows) {
        SCOPED_TRACE(testing::Message() << "a (" << row.a.x << "," << row.a.y << "," << row.a.z << ") b ("
                                        << row.b.x << "," << row.b.y << "," << row.b.z << ")");
        const Aabb a = unitAt(row.a.x, row.a.y, row.a.z);
        const Aabb b = unitAt(row.b.x, row.b.y, row.b.z);
        EXPECT_EQ(vox::overlaps(a, b), row.overlap);
        EXPECT_EQ(vox::overlaps(b, a), row.overlap) << "overlap must be symmetric";
        const CenterExtentBox ca{row.a, glm::vec3(0.5f)}, cb{row.b, glm::vec3(0.5f)};
        EXPECT_EQ(vox::overlaps(ca, cb), row.overlap) << "centre/extent form disagrees";
    }
}

TEST(Aabb, OverlapOnTwoAxesButNotTheThirdIsNoOverlap) {
    const Aabb a{{0, 0, 0}, {2, 2, 2}};
    const Aabb b{{1, 1, 3}, {3, 3, 4}}; // x and y overlap, z does not
    EXPECT_FALSE(vox::overlaps(a, b));
    EXPECT_FALSE(vox::overlaps(CenterExtentBox::fromAabb(a), CenterExtentBox::fromAabb(b)));
    EXPECT_TRUE(vox::overlaps(a, Aabb{{1, 1, 2}, {3, 3, 4}})) << "touching on z counts";
}

TEST(Aabb, FromCornersNormalisesAnyOrder) {
    const Aabb box = Aabb::fromCorners({3, -1, 5}, {-2, 4, 1});
    EXPECT_EQ(box.min, glm::vec3(-2, -1, 1));
    EXPECT_EQ(box.max, glm::vec3(3, 4, 5));
    EXPECT_TRUE(box.isValid());
    const Aabb same = Aabb::fromCorners({-2, 4, 1}, {3, -1, 5});
    EXPECT_EQ(same.min, box.min);
    EXPECT_EQ(same.max, box.max);
}

TEST(Aabb, UnionContainsAreaFatten) {
    const Aabb a{{0, 0, 0}, {1, 2, 3}};
    const Aabb b{{-1, 1, 1}, {0.5f, 4, 2}};
    const Aabb u = vox::unionOf(a, b);
    EXPECT_EQ(u.min, glm::vec3(-1, 0, 0));
    EXPECT_EQ(u.max, glm::vec3(1, 4, 3));
    EXPECT_TRUE(vox::contains(u, a));
    EXPECT_TRUE(vox::contains(u, b));
    EXPECT_FALSE(vox::contains(a, u));
    EXPECT_TRUE(vox::contains(a, a)) << "a box contains itself (closed)";
    EXPECT_FLOAT_EQ(a.surfaceArea(), 2.0f * (1 * 2 + 2 * 3 + 3 * 1));
    EXPECT_FLOAT_EQ(vox::unionArea(a, b), u.surfaceArea());
    const Aabb fat = a.fattened(0.25f);
    EXPECT_EQ(fat.min, glm::vec3(-0.25f));
    EXPECT_EQ(fat.max, glm::vec3(1.25f, 2.25f, 3.25f));
    EXPECT_TRUE(vox::contains(a, glm::vec3(1, 2, 3))) << "corner point is inside a closed box";
    EXPECT_FALSE(vox::contains(a, glm::vec3(1.01f, 2, 3)));
}

TEST(Aabb, ExtendedByDisplacementGrowsTowardsTheMotionOnly) {
    const Aabb a{{0, 0, 0}, {1, 1, 1}};
    const Aabb moved = a.extendedBy({0.5f, -0.25f, 0});
    EXPECT_EQ(moved.min, glm::vec3(0, -0.25f, 0));
    EXPECT_EQ(moved.max, glm::vec3(1.5f, 1, 1));
}

TEST(Aabb, IsValidRejectsNanInfinityAndInvertedBoxes) {
    const float nan = std::numeric_limits<float>::quiet_NaN();
    const float inf = std::numeric_limits<float>::infinity();
    EXPECT_TRUE((Aabb{{0, 0, 0}, {0, 0, 0}}).isValid()) << "a zero-size box is a valid point";
    EXPECT_FALSE((Aabb{{nan, 0, 0}, {1, 1, 1}}).isValid());
    EXPECT_FALSE((Aabb{{0, 0, 0}, {1, 1, nan}}).isValid());
    EXPECT_FALSE((Aabb{{-inf, 0, 0}, {1, 1, 1}}).isValid());
    EXPECT_FALSE((Aabb{{0, 0, 0}, {1, inf, 1}}).isValid());
    EXPECT_FALSE((Aabb{{1, 0, 0}, {0, 1, 1}}).isValid()) << "min > max";
}

TEST(Aabb, RaycastSlabTest) {
    const Aabb box{{1, -1, -1}, {2, 1, 1}};
    float t = -1.0f;
    ASSERT_TRUE(vox::raycast(box, {{0, 0, 0}, {4, 0, 0}, 1.0f}, t));
    EXPECT_FLOAT_EQ(t, 0.25f);
    EXPECT_FALSE(vox::raycast(box, {{0, 0, 0}, {4, 0, 0}, 0.2f}, t)) << "segment ends before the box";
    EXPECT_FALSE(vox::raycast(box, {{0, 0, 0}, {-4, 0, 0}, 1.0f}, t)) << "pointing away";
    EXPECT_FALSE(vox::raycast(box, {{0, 2, 0}, {4, 0, 0}, 1.0f}, t)) << "parallel, outside the y slab";
    ASSERT_TRUE(vox::raycast(box, {{0, 1, 0}, {4, 0, 0}, 1.0f}, t)) << "grazing the face counts (closed box)";
    EXPECT_FLOAT_EQ(t, 0.25f);
    ASSERT_TRUE(vox::raycast(box, {{1.5f, 0, 0}, {1, 0, 0}, 1.0f}, t));
    EXPECT_FLOAT_EQ(t, 0.0f) << "origin inside: entry at 0";
    ASSERT_TRUE(vox::raycast(box, {{0, -3, 0}, {3, 6, 0}, 1.0f}, t)) << "diagonal";
    EXPECT_NEAR(t, 1.0f / 3.0f, 1e-6f);
    EXPECT_FALSE(vox::raycast(box, {{0, 0, 0}, {0, 0, 0}, 1.0f}, t)) << "zero direction outside: point test";
}

TEST(Aabb, RaycastAgreesWithSampling) {
    // A ray hits a box exactly when some point of the segment is inside it; sample densely to check.
    vox::Rng rng(2024);
    SCOPED_TRACE("seed 2024");
    for (int i = 0; i < 2000; ++i) {
        const Aabb box = Aabb::fromCorners({rng.uniform(-2, 2), rng.uniform(-2, 2), rng.uniform(-2, 2)},
                                           {rng.uniform(-2, 2), rng.uniform(-2, 2), rng.uniform(-2, 2)});
        const vox::Ray ray{{rng.uniform(-4, 4), rng.uniform(-4, 4), rng.uniform(-4, 4)},
                           {rng.uniform(-4, 4), rng.uniform(-4, 4), rng.uniform(-4, 4)},
                           1.0f};
        float t = 0.0f;
        const bool hit = vox::raycast(box, ray, t);
        bool sampled = false;
        float first = 2.0f;
        for (int k = 0; k <= 4000 && !sampled; ++k) {
            const float s = static_cast<float>(k) / 4000.0f;
            if (vox::contains(box, ray.origin + s * ray.direction)) {
                sampled = true;
                first = s;
            }
        }
        if (sampled) {
            EXPECT_TRUE(hit) << "a sampled point lies inside but the slab test missed, ray " << i;
            if (hit) {
                EXPECT_LE(t, first + 1e-4f) << "entry fraction after the first sampled inside point";
            }
        }
        if (hit) {
            const glm::vec3 entry = ray.origin + t * ray.direction;
            EXPECT_TRUE(vox::contains(box.fattened(1e-4f), entry)) << "entry point not on the box, ray " << i;
        }
    }
}

TEST(CenterExtentBox, AgreesWithMinMaxOnRandomBoxes) {
    vox::Rng rng(99);
    SCOPED_TRACE("seed 99");
    int overlapsSeen = 0;
    for (int i = 0; i < 20000; ++i) {
        // Quarter-unit grid coordinates: exact in float, so centres and extents are exact and touching
        // cases (frequent on a grid) must agree too.
        const auto q = [&] { return static_cast<float>(static_cast<int>(rng.below(17)) - 8) * 0.25f; };
        const Aabb a = Aabb::fromCorners({q(), q(), q()}, {q(), q(), q()});
        const Aabb b = Aabb::fromCorners({q(), q(), q()}, {q(), q(), q()});
        const bool minMax = vox::overlaps(a, b);
        overlapsSeen += minMax;
        ASSERT_EQ(vox::overlaps(CenterExtentBox::fromAabb(a), CenterExtentBox::fromAabb(b)), minMax)
            << "pair " << i;
        const Aabb back = CenterExtentBox::fromAabb(a).toAabb();
        ASSERT_EQ(back.min, a.min);
        ASSERT_EQ(back.max, a.max);
    }
    EXPECT_GT(overlapsSeen, 1000) << "the sample should exercise both outcomes";
}

TEST(CellRect, HalfOpenAdjacentCellsDoNotOverlap) {
    const CellRect a{0, 0, 2, 2};
    EXPECT_FALSE(vox::overlaps(a, CellRect{2, 0, 2, 2})) << "side by side on x";
    EXPECT_FALSE(vox::overlaps(a, CellRect{0, 2, 2, 2})) << "side by side on y";
    EXPECT_FALSE(vox::overlaps(a, CellRect{2, 2, 1, 1})) << "corner to corner";
    EXPECT_TRUE(vox::overlaps(a, CellRect{1, 1, 2, 2})) << "sharing cell (1,1)";
    EXPECT_TRUE(vox::overlaps(a, a));
    EXPECT_FALSE(vox::overlaps(a, CellRect{0, 0, 0, 5})) << "an empty rect overlaps nothing";
    EXPECT_TRUE(a.containsCell(1, 1));
    EXPECT_FALSE(a.containsCell(2, 1));
    // The same adjacent rects as closed world boxes touch, so they do overlap: the two forms differ exactly
    // at shared edges.
    EXPECT_TRUE(vox::overlaps(a.toAabb(1.0f), CellRect{2, 0, 2, 2}.toAabb(1.0f)));
}

TEST(CellRect, AgreesWithClosedBoxesExceptOnSharedEdges) {
    vox::Rng rng(7);
    SCOPED_TRACE("seed 7");
    int touching = 0;
    for (int i = 0; i < 20000; ++i) {
        const auto r = [&] {
            return CellRect{static_cast<int32_t>(rng.below(10)), static_cast<int32_t>(rng.below(10)),
                            static_cast<int32_t>(rng.below(4)) + 1, static_cast<int32_t>(rng.below(4)) + 1};
        };
        const CellRect a = r(), b = r();
        const bool cells = vox::overlaps(a, b);
        const Aabb boxA = a.toAabb(0.5f, 0.0f, 1.0f), boxB = b.toAabb(0.5f, 0.0f, 1.0f);
        const bool boxes = vox::overlaps(boxA, boxB);
        // Closed boxes of the cells overlap iff the cells overlap or merely touch.
        const bool touch = !cells && boxes;
        touching += touch;
        // Shrinking the boxes by a hair removes the touching cases: then the forms agree exactly.
        const Aabb shrunkA = {boxA.min + 0.01f, boxA.max - 0.01f};
        const Aabb shrunkB = {boxB.min + 0.01f, boxB.max - 0.01f};
        ASSERT_EQ(vox::overlaps(shrunkA, shrunkB), cells) << "rect pair " << i;
        if (cells) {
            ASSERT_TRUE(boxes) << "sharing a cell implies the closed boxes overlap";
        }
    }
    EXPECT_GT(touching, 100) << "the sample should contain adjacent rects";
}

} // namespace
