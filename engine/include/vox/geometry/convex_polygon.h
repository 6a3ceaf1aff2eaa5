#pragma once
/// @file
/// `ConvexPolygon`: a convex polygon in 2D, and whether two of them overlap, by the separating axis theorem
/// on the edge normals of both (two convex polygons are disjoint exactly when the line of some edge of one
/// has the whole of the other strictly on its outer side).
///
/// **Closed polygons**, as boxes are (vox/geometry/obb.h): polygons that only touch, at an edge or a vertex,
/// overlap. The test uses no tolerance: for coordinates given exactly (integers, halves, ...) a touch is
/// found exactly; otherwise rounding, about 1e-7 of the coordinates, decides pairs that close to touching.
/// For rotated rectangles `Obb2` (vox/geometry/obb2.h) is cheaper.

#include "vox/core/result.h"
#include "vox/geometry/interval.h"

#include <glm/vec2.hpp>

#include <cstdint>
#include <span>
#include <utility>
#include <vector>

namespace vox {

/// A convex polygon with area: at least 3 vertices in counter-clockwise order, every corner turning left
/// (or going straight on), winding round once. Built only by `create`, which checks all of that, so an
/// existing polygon is always valid.
class ConvexPolygon {
public:
    /// The polygon through `counterClockwiseVertices` (copied). Fails, saying which vertex is at fault and
    /// what to do, when there are fewer than 3, a coordinate is NaN or infinite, two consecutive vertices are
    /// the same point, a corner turns right (clockwise order, or a dent), the vertices wind round more than
    /// once (a star), or the area is 0 (all on one line).
    [[nodiscard]] static Result<ConvexPolygon> create(std::span<const glm::vec2> counterClockwiseVertices);

    /// The vertices, counter-clockwise, as given to `create`.
    [[nodiscard]] std::span<const glm::vec2> vertices() const { return m_vertices; }
    /// Number of vertices (and of edges), >= 3.
    [[nodiscard]] int32_t vertexCount() const { return static_cast<int32_t>(m_vertices.size()); }

    /// The outward normal of edge `edge` (from vertex `edge` to the next), not normalised: its length is the
    /// edge's length. `edge` in [0, vertexCount()).
    [[nodiscard]] glm::vec2 edgeNormal(int32_t edge) const;

    /// The shadow of the polygon on the line through the origin along `direction`: the least and greatest
    /// dot(vertex, direction). In world units when `direction` has unit length.
    [[nodiscard]] Interval project(const glm::vec2& direction) const;

private:
    explicit ConvexPolygon(std::vector<glm::vec2> vertices) : m_vertices(std::move(vertices)) {}

    std::vector<glm::vec2> m_vertices;
};

/// True when the closed polygons share at least one point (touching counts): every edge normal of both is
/// tried, returning at the first that separates. O(n m) for n and m vertices.
[[nodiscard]] bool overlaps(const ConvexPolygon& a, const ConvexPolygon& b);

/// What `findSeparatingAxis(ConvexPolygon, ConvexPolygon)` found: whether the polygons overlap and, when they
/// do not, the edge whose normal separates them, with both shadows on it, ready to draw.
struct PolygonSeparation {
    bool overlapping = true; ///< Same verdict as `overlaps(a, b)`.
    int32_t edgeOfA = -1;    ///< The separating edge when it is A's (its index), -1 otherwise.
    int32_t edgeOfB = -1;    ///< The separating edge when it is B's (its index), -1 otherwise.
    /// Unit axis (the edge's normal, up to sign), oriented from A towards B (A's shadow lies below B's on
    /// it); zero when overlapping.
    glm::vec2 axis{0.0f};
    Interval shadowA; ///< A's projection on `axis`, in world units; empty when overlapping.
    Interval shadowB; ///< B's projection on `axis`, in world units; empty when overlapping.

    /// The gap between the shadows, shadowB.min - shadowA.max, in world units: > 0 when separated (up to
    /// rounding); 0 when overlapping.
    [[nodiscard]] float gap() const { return overlapping ? 0.0f : shadowB.min - shadowA.max; }
};

/// The test of `overlaps(ConvexPolygon, ConvexPolygon)`, reporting the first edge that separates: A's edges
/// in order, then B's. The verdict is always that of `overlaps(a, b)`.
[[nodiscard]] PolygonSeparation findSeparatingAxis(const ConvexPolygon& a, const ConvexPolygon& b);

} // namespace vox
