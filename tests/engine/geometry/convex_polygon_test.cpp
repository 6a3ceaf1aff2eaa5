#include "vox/geometry/convex_polygon.h"

#include "engine/geometry/intersection_reference.h"
#include "vox/core/rng.h"

#include <gtest/gtest.h>

#include <glm/geometric.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numbers>
#include <vector>

namespace {

using vox::ConvexPolygon;
using vox::testing::clearOfTouching;

constexpr double kTouchingMargin = 1e-4;
constexpr double kTwoPi = 2.0 * std::numbers::pi;

ConvexPolygon polygon(std::vector<glm::vec2> vertices) {
    auto result = ConvexPolygon::create(vertices);
    EXPECT_TRUE(result.ok()) << (result.ok() ? "" : result.error().message);
    return std::move(result).value();
}

// 3 to 8 vertices on a turned ellipse, at sorted random angles: convex, counter-clockwise.
std::vector<glm::vec2> randomConvexVertices(vox::Rng& rng) {
    const int count = 3 + static_cast<int>(rng.below(6));
    std::vector<double> angles;
    for (int i = 0; i < count; ++i)
        angles.push_back(kTwoPi * rng.nextDouble());
    std::sort(angles.begin(), angles.end());
    const double radiusX = 0.1 + 0.9 * rng.nextDouble();
    const double radiusY = 0.1 + 0.9 * rng.nextDouble();
    const double turn = kTwoPi * rng.nextDouble();
    const glm::dvec2 center(2.0 * rng.nextDouble() - 1.0, 2.0 * rng.nextDouble() - 1.0);
    std::vector<glm::vec2> vertices;
    for (const double angle : angles) {
        const glm::dvec2 local(radiusX * std::cos(angle), radiusY * std::sin(angle));
        vertices.emplace_back(center + glm::dvec2(local.x * std::cos(turn) - local.y * std::sin(turn),
                                                  local.x * std::sin(turn) + local.y * std::cos(turn)));
    }
    return vertices;
}

TEST(ConvexPolygon, AgreesWithClippingOnRandomPairs) {
    constexpr uint64_t kSeed = 0xc0'27'90'1aull;
    SCOPED_TRACE(testing::Message() << "seed " << kSeed);
    vox::Rng rng(kSeed);
    constexpr int kPairs = 100'000;
    int compared = 0;
    int excluded = 0;
    int rejected = 0;
    int overlapping = 0;
    for (int pair = 0; pair < kPairs; ++pair) {
        const std::vector<glm::vec2> verticesA = randomConvexVertices(rng);
        const std::vector<glm::vec2> verticesB = randomConvexVertices(rng);
        auto a = ConvexPolygon::create(verticesA);
        auto b = ConvexPolygon::create(verticesB);
        if (!a.ok() || !b.ok()) {
            ++rejected; // angles so close that rounding made a corner turn right
            continue;
        }
        bool expected = false;
        if (!clearOfTouching(verticesA, verticesB, kTouchingMargin, expected)) {
            ++excluded;
            continue;
        }
        ++compared;
        overlapping += expected ? 1 : 0;
        ASSERT_EQ(vox::overlaps(a.value(), b.value()), expected) << "pair " << pair;
        ASSERT_EQ(vox::overlaps(b.value(), a.value()), expected) << "pair " << pair;
        const vox::PolygonSeparation separation = vox::findSeparatingAxis(a.value(), b.value());
        ASSERT_EQ(separation.overlapping, expected) << "pair " << pair;
        if (!expected) {
            EXPECT_GE(separation.gap(), -1e-6f) << "pair " << pair;
            EXPECT_NEAR(glm::length(separation.axis), 1.0f, 1e-5f);
            EXPECT_NE(separation.edgeOfA == -1, separation.edgeOfB == -1) << "one edge, of one polygon";
        }
    }
    RecordProperty("pairs", kPairs);
    RecordProperty("excluded_near_touching", excluded);
    std::printf(
        "[ info ] %d random polygon pairs (seed 0xc027901a), %d compared (%d overlapping), %d within %g "
        "(scale) of touching left out, %d with a rounded-off corner rejected\n",
        kPairs, compared, overlapping, excluded, kTouchingMargin, rejected);
    EXPECT_GT(overlapping, compared / 5);
    EXPECT_LT(overlapping, compared * 4 / 5);
    EXPECT_LT(excluded + rejected, kPairs / 100);
}

TEST(ConvexPolygon, TouchingCountsAsOverlapping) {
    const ConvexPolygon square = polygon({{0, 0}, {1, 0}, {1, 1}, {0, 1}});
    EXPECT_TRUE(vox::overlaps(square, polygon({{1, 0}, {2, 0}, {2, 1}, {1, 1}}))) << "sharing an edge";
    EXPECT_TRUE(vox::overlaps(square, polygon({{1, 1}, {2, 1}, {2, 2}}))) << "sharing a corner";
    EXPECT_TRUE(vox::overlaps(square, polygon({{1, 0.5f}, {2, 0}, {2, 1}}))) << "a corner on an edge";
    EXPECT_FALSE(vox::overlaps(square, polygon({{1.0001f, 0}, {2, 0}, {2, 1}, {1.0001f, 1}})));
    // A diamond whose corner and a triangle whose corner meet off every edge normal's direction.
    const ConvexPolygon diamond = polygon({{0, -1}, {1, 0}, {0, 1}, {-1, 0}});
    EXPECT_TRUE(vox::overlaps(diamond, polygon({{1, 0}, {2, -1}, {2, 1}})));
    EXPECT_FALSE(vox::overlaps(diamond, polygon({{1.001f, 0}, {2, -1}, {2, 1}})));
}

TEST(ConvexPolygon, SeparatingEdgeIsReported) {
    const ConvexPolygon square = polygon({{0, 0}, {1, 0}, {1, 1}, {0, 1}});
    vox::PolygonSeparation separation = vox::findSeparatingAxis(square, polygon({{3, 0}, {4, 0}, {4, 1}}));
    EXPECT_FALSE(separation.overlapping);
    EXPECT_EQ(separation.edgeOfA, 1); // (1,0)-(1,1), normal +x
    EXPECT_EQ(separation.edgeOfB, -1);
    EXPECT_EQ(separation.axis, glm::vec2(1, 0));
    EXPECT_FLOAT_EQ(separation.gap(), 2.0f);
    // A's edges cannot separate a triangle whose slanted edge faces A's corner; B's edge can, and the axis
    // still points from A towards B.
    separation = vox::findSeparatingAxis(square, polygon({{2.5f, 1.0f}, {3, 3}, {1, 2.5f}}));
    EXPECT_FALSE(separation.overlapping);
    EXPECT_EQ(separation.edgeOfB, 2);
    EXPECT_GT(separation.axis.x, 0.0f);
    EXPECT_GT(separation.axis.y, 0.0f);
    EXPECT_GT(separation.gap(), 0.0f);
    EXPECT_TRUE(vox::findSeparatingAxis(square, square).overlapping);
}

TEST(ConvexPolygon, BadInputIsRefusedWithAReason) {
    const auto refused = [](std::vector<glm::vec2> vertices, const char* expected) {
        const auto result = ConvexPolygon::create(vertices);
        ASSERT_FALSE(result.ok());
        EXPECT_NE(result.error().message.find(expected), std::string::npos) << result.error().message;
    };
    refused({{0, 0}, {1, 0}}, "at least 3");
    refused({{0, 0}, {0, 1}, {1, 1}, {1, 0}}, "counter-clockwise");   // clockwise square
    refused({{0, 0}, {2, 0}, {1, 0.5f}, {2, 2}, {0, 2}}, "vertex 2"); // a dent at vertex 2
    refused({{0, 0}, {1, 0}, {1, 0}, {0, 1}}, "same point");
    refused({{0, 0}, {1, 0}, {2, 0}}, "one line");
    refused({{0, 0}, {std::nanf(""), 0}, {0, 1}}, "NaN");
    // A pentagram: every corner turns left, but it winds round twice.
    std::vector<glm::vec2> star;
    for (int i = 0; i < 5; ++i) {
        const double angle = kTwoPi * 2.0 * i / 5.0;
        star.emplace_back(static_cast<float>(std::cos(angle)), static_cast<float>(std::sin(angle)));
    }
    refused(star, "more than once");
    // Collinear vertices along an edge are fine.
    EXPECT_TRUE(ConvexPolygon::create(std::vector<glm::vec2>{{0, 0}, {1, 0}, {2, 0}, {2, 2}, {0, 2}}).ok());
}

TEST(ConvexPolygon, EdgeNormalsPointOutAndProjectionsSpanTheVertices) {
    const ConvexPolygon triangle = polygon({{0, 0}, {2, 0}, {0, 2}});
    EXPECT_EQ(triangle.vertexCount(), 3);
    EXPECT_EQ(triangle.edgeNormal(0), glm::vec2(0, -2));
    EXPECT_EQ(triangle.edgeNormal(1), glm::vec2(2, 2));
    EXPECT_EQ(triangle.edgeNormal(2), glm::vec2(-2, 0));
    const vox::Interval shadow = triangle.project({1, 1});
    EXPECT_EQ(shadow.min, 0.0f);
    EXPECT_EQ(shadow.max, 2.0f);
}

} // namespace
