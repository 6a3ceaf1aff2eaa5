#include "engine/geometry/intersection_reference.h"

#include <glm/geometric.hpp>
#include <glm/mat2x2.hpp>
#include <glm/mat3x3.hpp>
#include <glm/matrix.hpp>

#include <algorithm>
#include <array>
#include <vector>

namespace vox::testing {

namespace {

struct BoxInDouble {
    glm::dvec3 center;
    glm::dvec3 halfExtents;
    glm::dmat3 rotation;
    glm::dmat3
        toLocal; // the inverse of rotation, exact for a rotation that rounding left not quite orthonormal
};

BoxInDouble toDouble(const Obb& box, double grow) {
    BoxInDouble result{glm::dvec3(box.center),
                       glm::max(glm::dvec3(box.halfExtents) + grow, glm::dvec3(0.0)),
                       glm::dmat3(box.rotation),
                       {}};
    result.toLocal = glm::inverse(result.rotation);
    return result;
}

// Liang-Barsky: does the closed segment from `start` to `end` keep a point inside the closed box?
bool segmentMeetsBox(const glm::dvec3& start, const glm::dvec3& end, const BoxInDouble& box) {
    const glm::dvec3 from = box.toLocal * (start - box.center);
    const glm::dvec3 along = box.toLocal * (end - start);
    double enter = 0.0;
    double exit = 1.0;
    for (int axis = 0; axis < 3; ++axis) {
        const double limit = box.halfExtents[axis];
        if (along[axis] == 0.0) {
            if (from[axis] < -limit || from[axis] > limit)
                return false;
            continue;
        }
        double t0 = (-limit - from[axis]) / along[axis];
        double t1 = (limit - from[axis]) / along[axis];
        if (t0 > t1)
            std::swap(t0, t1);
        enter = std::max(enter, t0);
        exit = std::min(exit, t1);
        if (enter > exit)
            return false;
    }
    return true;
}

bool anEdgeMeets(const BoxInDouble& edges, const BoxInDouble& solid) {
    std::array<glm::dvec3, 8> corners;
    for (int k = 0; k < 8; ++k) {
        const glm::dvec3 signs((k & 1) ? 1.0 : -1.0, (k & 2) ? 1.0 : -1.0, (k & 4) ? 1.0 : -1.0);
        corners[static_cast<size_t>(k)] = edges.center + edges.rotation * (signs * edges.halfExtents);
    }
    // The 12 edges join corners that differ in one bit.
    for (int k = 0; k < 8; ++k)
        for (int bit = 1; bit < 8; bit <<= 1)
            if ((k & bit) == 0 && segmentMeetsBox(corners[static_cast<size_t>(k)],
                                                  corners[static_cast<size_t>(k | bit)], solid))
                return true;
    return false;
}

double cross(const glm::dvec2& u, const glm::dvec2& v) {
    return u.x * v.y - u.y * v.x;
}

std::vector<glm::dvec2> scaled(std::span<const glm::vec2> polygon, double scale) {
    glm::dvec2 mean(0.0);
    for (const glm::vec2& vertex : polygon)
        mean += glm::dvec2(vertex);
    mean /= static_cast<double>(polygon.size());
    std::vector<glm::dvec2> result;
    for (const glm::vec2& vertex : polygon)
        result.push_back(mean + (glm::dvec2(vertex) - mean) * scale);
    return result;
}

bool clippedKeepsAPoint(std::vector<glm::dvec2> subject, const std::vector<glm::dvec2>& clip) {
    for (size_t edge = 0; edge < clip.size() && !subject.empty(); ++edge) {
        const glm::dvec2 start = clip[edge];
        const glm::dvec2 direction = clip[(edge + 1) % clip.size()] - start;
        // Inside = on the left of the edge or on it (closed half-plane).
        const auto side = [&](const glm::dvec2& p) { return cross(direction, p - start); };
        std::vector<glm::dvec2> kept;
        for (size_t i = 0; i < subject.size(); ++i) {
            const glm::dvec2 current = subject[i];
            const glm::dvec2 next = subject[(i + 1) % subject.size()];
            const double sideCurrent = side(current);
            const double sideNext = side(next);
            if (sideCurrent >= 0.0)
                kept.push_back(current);
            if ((sideCurrent >= 0.0) != (sideNext >= 0.0)) {
                const double t = sideCurrent / (sideCurrent - sideNext);
                kept.push_back(current + (next - current) * t);
            }
        }
        subject = std::move(kept);
    }
    return !subject.empty();
}

std::vector<glm::dvec2> corners(const Obb2& box, double grow) {
    const glm::dvec2 half = glm::max(glm::dvec2(box.halfExtents) + grow, glm::dvec2(0.0));
    const glm::dvec2 alongX = glm::dvec2(box.rotation[0]) * half.x;
    const glm::dvec2 alongY = glm::dvec2(box.rotation[1]) * half.y;
    const glm::dvec2 center(box.center);
    // Counter-clockwise for a proper rotation.
    return {center - alongX - alongY, center + alongX - alongY, center + alongX + alongY,
            center - alongX + alongY};
}

// A flat rectangle clipped against: its "edges" include zero-length ones, whose half-plane test then says
// nothing; a rectangle flat on one axis is a segment, and clipping against a segment must keep only points
// on it. So the rectangle is clipped against the other instead when it is flat, which is always right:
// clipping a degenerate subject by a proper polygon works.
bool rectanglesMeet(const std::vector<glm::dvec2>& a, const std::vector<glm::dvec2>& b, bool aFlat,
                    bool bFlat) {
    if (!bFlat)
        return clippedKeepsAPoint(a, b);
    if (!aFlat)
        return clippedKeepsAPoint(b, a);
    return false; // both flat: the callers' shapes keep area (asserted by the tests' generators)
}

} // namespace

bool referenceOverlaps(const Obb& a, const Obb& b, double grow) {
    const BoxInDouble boxA = toDouble(a, grow);
    const BoxInDouble boxB = toDouble(b, grow);
    return anEdgeMeets(boxA, boxB) || anEdgeMeets(boxB, boxA);
}

bool referenceOverlaps(std::span<const glm::vec2> a, std::span<const glm::vec2> b, double scale) {
    return clippedKeepsAPoint(scaled(a, scale), scaled(b, scale));
}

bool referenceOverlaps(const Obb2& a, const Obb2& b, double grow) {
    const auto flat = [&](const Obb2& box) {
        return box.halfExtents.x + grow <= 0.0 || box.halfExtents.y + grow <= 0.0;
    };
    return rectanglesMeet(corners(a, grow), corners(b, grow), flat(a), flat(b));
}

bool clearOfTouching(const Obb& a, const Obb& b, double margin, bool& overlapping) {
    overlapping = referenceOverlaps(a, b, margin);
    return overlapping == referenceOverlaps(a, b, -margin);
}

bool clearOfTouching(const Obb2& a, const Obb2& b, double margin, bool& overlapping) {
    overlapping = referenceOverlaps(a, b, margin);
    return overlapping == referenceOverlaps(a, b, -margin);
}

bool clearOfTouching(std::span<const glm::vec2> a, std::span<const glm::vec2> b, double margin,
                     bool& overlapping) {
    overlapping = referenceOverlaps(a, b, 1.0 + margin);
    return overlapping == referenceOverlaps(a, b, 1.0 - margin);
}

} // namespace vox::testing
