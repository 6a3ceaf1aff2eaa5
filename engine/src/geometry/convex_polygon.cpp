#include "vox/geometry/convex_polygon.h"

#include <glm/geometric.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numbers>
#include <string>

namespace vox {

namespace {

float cross(const glm::vec2& u, const glm::vec2& v) {
    return u.x * v.y - u.y * v.x;
}

Error polygonError(int32_t vertex, const glm::vec2& point, const char* problem) {
    char text[320];
    std::snprintf(text, sizeof text, "ConvexPolygon::create: vertex %d (%g, %g): %s", vertex,
                  static_cast<double>(point.x), static_cast<double>(point.y), problem);
    return Error{std::string(text)};
}

// True when the line of `polygon`'s edge `edge` has every vertex of `other` strictly outside it. The normal
// is not normalised: only the sign of the projections matters.
bool edgeSeparates(const ConvexPolygon& polygon, int32_t edge, const ConvexPolygon& other) {
    const glm::vec2 normal = polygon.edgeNormal(edge);
    const glm::vec2 start = polygon.vertices()[static_cast<size_t>(edge)];
    for (const glm::vec2& vertex : other.vertices())
        if (glm::dot(normal, vertex - start) <= 0.0f)
            return false;
    return true;
}

constexpr int32_t kNoSeparatingEdge = -1;

// The first separating edge: A's edges are 0 .. n-1, B's n .. n+m-1; kNoSeparatingEdge when none. Shared by
// `overlaps` and `findSeparatingAxis`, so their verdicts cannot differ.
int32_t firstSeparatingEdge(const ConvexPolygon& a, const ConvexPolygon& b) {
    for (int32_t edge = 0; edge < a.vertexCount(); ++edge)
        if (edgeSeparates(a, edge, b))
            return edge;
    for (int32_t edge = 0; edge < b.vertexCount(); ++edge)
        if (edgeSeparates(b, edge, a))
            return a.vertexCount() + edge;
    return kNoSeparatingEdge;
}

} // namespace

Result<ConvexPolygon> ConvexPolygon::create(std::span<const glm::vec2> counterClockwiseVertices) {
    const auto count = static_cast<int32_t>(counterClockwiseVertices.size());
    if (count < 3) {
        char text[160];
        std::snprintf(text, sizeof text,
                      "ConvexPolygon::create: %d vertices given; a polygon with area needs at least 3",
                      count);
        return Error{std::string(text)};
    }
    const auto at = [&](int32_t index) {
        return counterClockwiseVertices[static_cast<size_t>(index % count)];
    };
    for (int32_t i = 0; i < count; ++i)
        if (!std::isfinite(at(i).x) || !std::isfinite(at(i).y))
            return polygonError(i, at(i), "a coordinate is NaN or infinite");
    for (int32_t i = 0; i < count; ++i)
        if (at(i) == at(i + 1))
            return polygonError(i, at(i), "the next vertex is the same point: remove one of them");
    // Every corner must turn left or go straight on; the turns must add up to one full turn (a star's
    // corners all turn left, but it winds round twice or more).
    double totalTurn = 0.0;
    double twiceArea = 0.0;
    for (int32_t i = 0; i < count; ++i) {
        const glm::vec2 incoming = at(i + 1) - at(i);
        const glm::vec2 outgoing = at(i + 2) - at(i + 1);
        const float turn = cross(incoming, outgoing);
        if (turn < 0.0f)
            return polygonError((i + 1) % count, at(i + 1),
                                "the polygon turns clockwise here: give the vertices of a convex polygon in "
                                "counter-clockwise order");
        totalTurn += std::atan2(static_cast<double>(turn), static_cast<double>(glm::dot(incoming, outgoing)));
        twiceArea += static_cast<double>(cross(at(i), at(i + 1)));
    }
    if (totalTurn > 3.0 * std::numbers::pi)
        return polygonError(
            0, at(0),
            "the vertices wind round more than once (a star): give the convex hull's vertices, "
            "each once, in counter-clockwise order");
    if (!(twiceArea > 0.0))
        return polygonError(0, at(0), "the vertices lie on one line: the polygon has no area");
    return ConvexPolygon(
        std::vector<glm::vec2>(counterClockwiseVertices.begin(), counterClockwiseVertices.end()));
}

glm::vec2 ConvexPolygon::edgeNormal(int32_t edge) const {
    const glm::vec2 start = m_vertices[static_cast<size_t>(edge)];
    const glm::vec2 end = m_vertices[static_cast<size_t>((edge + 1) % vertexCount())];
    // Counter-clockwise order: the interior is on the left of each edge, so its right is outward.
    return {end.y - start.y, start.x - end.x};
}

Interval ConvexPolygon::project(const glm::vec2& direction) const {
    Interval shadow{glm::dot(m_vertices[0], direction), glm::dot(m_vertices[0], direction)};
    for (const glm::vec2& vertex : m_vertices) {
        const float along = glm::dot(vertex, direction);
        shadow.min = std::min(shadow.min, along);
        shadow.max = std::max(shadow.max, along);
    }
    return shadow;
}

bool overlaps(const ConvexPolygon& a, const ConvexPolygon& b) {
    return firstSeparatingEdge(a, b) == kNoSeparatingEdge;
}

PolygonSeparation findSeparatingAxis(const ConvexPolygon& a, const ConvexPolygon& b) {
    const int32_t found = firstSeparatingEdge(a, b);
    PolygonSeparation result;
    if (found == kNoSeparatingEdge)
        return result;
    result.overlapping = false;
    glm::vec2 normal;
    if (found < a.vertexCount()) {
        result.edgeOfA = found;
        normal = a.edgeNormal(found); // outward from A: towards B
    } else {
        result.edgeOfB = found - a.vertexCount();
        normal = -b.edgeNormal(result.edgeOfB); // outward from B: away from A
    }
    result.axis = glm::normalize(normal);
    result.shadowA = a.project(result.axis);
    result.shadowB = b.project(result.axis);
    return result;
}

} // namespace vox
