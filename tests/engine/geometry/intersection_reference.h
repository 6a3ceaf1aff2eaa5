#pragma once
// Reference intersection tests for the separating-axis code, built on a different idea: look for a common
// point. Two convex polytopes meet exactly when an edge of one meets the other (a vertex of their
// intersection lies on an edge of one of them, or it is a vertex of one inside the other); in 2D, when
// clipping one by the other's edges leaves something. Both work in double precision from the float inputs.

#include "vox/geometry/convex_polygon.h"
#include "vox/geometry/obb.h"
#include "vox/geometry/obb2.h"

#include <glm/vec2.hpp>

#include <span>

namespace vox::testing {

// True when the closed boxes meet, with both boxes' half extents grown by `grow` (negative shrinks them,
// clamped at 0): some edge of one, clipped against the other (Liang-Barsky in its frame), keeps a point.
bool referenceOverlaps(const Obb& a, const Obb& b, double grow = 0.0);

// True when the closed convex polygons (counter-clockwise) meet, each scaled about the mean of its vertices
// by `scale` first: Sutherland-Hodgman clipping of `a` by every edge's closed half-plane of `b` leaves a
// point.
bool referenceOverlaps(std::span<const glm::vec2> a, std::span<const glm::vec2> b, double scale = 1.0);

// The same for rectangles, their half extents grown by `grow` (clamped at 0; a flat rectangle is a
// segment, which the clipping handles as a polygon with no area).
bool referenceOverlaps(const Obb2& a, const Obb2& b, double grow = 0.0);

// Whether the verdict is the same for the shapes shrunk and grown by `margin` (half extents -/+ margin for
// boxes, scale 1 -/+ margin for polygons), i.e. the pair is not within `margin` of touching; `overlapping`
// receives the verdict when it is.
bool clearOfTouching(const Obb& a, const Obb& b, double margin, bool& overlapping);
bool clearOfTouching(const Obb2& a, const Obb2& b, double margin, bool& overlapping);
bool clearOfTouching(std::span<const glm::vec2> a, std::span<const glm::vec2> b, double margin,
                     bool& overlapping);

} // namespace vox::testing
