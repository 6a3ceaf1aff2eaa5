#pragma once
/// @file
/// `Obb2`: an oriented box in 2D (a rotated rectangle), and whether two of them overlap, by the separating
/// axis theorem on the 4 axes that can separate them: the 2 edge normals of each box.
///
/// **Closed boxes**, as in 3D (vox/geometry/obb.h): rectangles that only touch, at an edge or a corner,
/// overlap. A half extent of 0 makes a segment or a point; the test stays exact in kind, since its axes come
/// from the rotation, not from edges. In 2D no axis is a cross product, so nothing degenerates when edges are
/// parallel; the same tolerance as in 3D, `kObbTolerance` times the sum of the half extents, keeps
/// rectangles that touch in exact arithmetic touching after rounding (the verdict leans towards overlap by
/// 1e-5 of their size). For any convex polygon see vox/geometry/convex_polygon.h.

#include "vox/geometry/interval.h"

#include <glm/mat2x2.hpp>
#include <glm/vec2.hpp>

#include <array>

namespace vox {

/// A rotated rectangle: the points `center + rotation * p` with |p.x| <= halfExtents.x and |p.y| <=
/// halfExtents.y.
struct Obb2 {
    glm::vec2 center{0.0f};      ///< Centre in world space.
    glm::vec2 halfExtents{0.0f}; ///< Half of the size along each of the box's own axes, each >= 0.
    /// The box's x and y axes in world space, as columns: orthonormal (`fromAngle` builds one).
    glm::mat2 rotation{1.0f};

    /// The box turned counter-clockwise by `radians` (its x axis is (cos, sin)).
    [[nodiscard]] static Obb2 fromAngle(const glm::vec2& center, const glm::vec2& halfExtents, float radians);

    /// The box's own axis `index` (0 or 1) in world space: column `index` of `rotation`.
    [[nodiscard]] glm::vec2 axis(int index) const { return rotation[index]; }

    /// True when every number is finite, both half extents >= 0, and `rotation` is orthonormal within
    /// `tolerance` (each column's length within it of 1, their dot product within it of 0).
    [[nodiscard]] bool isValid(float tolerance = 1e-4f) const;

    /// The 4 corners, counter-clockwise when `rotation` is a rotation (determinant +1), starting at
    /// `center - rotation * halfExtents`. For a box with area, `ConvexPolygon::create(box.corners())` gives
    /// the same rectangle as a polygon.
    [[nodiscard]] std::array<glm::vec2, 4> corners() const;

    /// The shadow of the box on the line through the origin along `direction`: [c - r, c + r] with
    /// c = dot(center, direction) and r = halfExtents.x * |dot(axis 0, direction)| + halfExtents.y *
    /// |dot(axis 1, direction)|. In world units when `direction` has unit length.
    [[nodiscard]] Interval project(const glm::vec2& direction) const;
};

/// True when the closed rectangles share at least one point (touching counts): the separating axis test on
/// both boxes' 2 axes, returning at the first that separates. Boxes must be valid (`Obb2::isValid`; asserted
/// in Debug builds).
[[nodiscard]] bool overlaps(const Obb2& a, const Obb2& b);

} // namespace vox
