#pragma once
/// @file
/// `Obb`: an oriented box in 3D, and whether two of them overlap, by the separating axis theorem.
///
/// An oriented box is a centre, three half extents and a rotation whose columns are the box's own axes in
/// world space. Two convex shapes are disjoint exactly when their shadows on some axis are disjoint; for two
/// boxes it is enough to try 15 axes: the 3 face normals of each box and the 9 cross products of an edge
/// direction of one with an edge direction of the other (Gottschalk, Lin and Manocha, "OBBTree", 1996;
/// Ericson, "Real-Time Collision Detection", 4.4.1).
///
/// **Closed boxes**, as `Aabb` (vox/broadphase/aabb.h): boxes that only touch, at a face, an edge or a
/// corner, overlap. A box may be flat or thin (a half extent of 0 makes a plate, a segment or a point) and
/// the test stays exact in kind: a separating axis is found whenever one exists.
///
/// **Precision.** Every axis separates only by more than a tolerance, `kObbTolerance` times the sum of the
/// two boxes' half extents (1e-5 of their size), so the verdict leans towards overlap:
/// - boxes apart by more than that are separated, boxes that touch or interpenetrate overlap, whatever the
///   rotation, although the rounding of rotated coordinates (the input's own, about 1e-6 of them for a
///   matrix made from a quaternion) would otherwise decide exact touches either way. Far from the origin,
///   beyond about 100 box sizes, the rounding of the positions outgrows the tolerance and decides instead;
/// - where an edge of one box is nearly parallel to an edge of the other, their cross product is short and
///   mostly rounding: there the tolerance is worth more in distance, so boxes whose only separating axis is
///   such a cross product count as overlapping when apart by less than about 3e-3 of their size. Such an
///   axis never separates boxes that overlap, and with parallel edges (a cross product of length 0) the face
///   axes decide, exactly.

#include "vox/geometry/interval.h"

#include <glm/mat3x3.hpp>
#include <glm/vec3.hpp>

#include <array>
#include <cstdint>

namespace vox {

/// How far, as a fraction of the sum of both boxes' half extents, boxes must be apart on an axis for it to
/// separate them (`overlaps(Obb, Obb)`, `overlaps(Obb2, Obb2)`): a relative tolerance that absorbs rounding.
inline constexpr float kObbTolerance = 1e-5f;

/// An oriented box: the points `center + rotation * p` with |p.x| <= halfExtents.x, |p.y| <= halfExtents.y,
/// |p.z| <= halfExtents.z. World units are the caller's.
struct Obb {
    glm::vec3 center{0.0f};      ///< Centre in world space.
    glm::vec3 halfExtents{0.0f}; ///< Half of the size along each of the box's own axes, each >= 0.
    /// The box's x, y and z axes in world space, as columns: orthonormal (a rotation, or a rotation with a
    /// reflection: both describe the same set of points). `glm::mat3_cast(quaternion)` gives one.
    glm::mat3 rotation{1.0f};

    /// The box's own axis `index` (0, 1 or 2) in world space: column `index` of `rotation`.
    [[nodiscard]] glm::vec3 axis(int index) const { return rotation[index]; }

    /// True when every number is finite, every half extent >= 0, and `rotation` is orthonormal within
    /// `tolerance` (each column's length within it of 1, each pair's dot product within it of 0).
    [[nodiscard]] bool isValid(float tolerance = 1e-4f) const;

    /// The 8 corners. Corner k lies on the + side of axis 0 when bit 0 of k is set, of axis 1 for bit 1, of
    /// axis 2 for bit 2 (corner 0 is `center - rotation * halfExtents`).
    [[nodiscard]] std::array<glm::vec3, 8> corners() const;

    /// The shadow of the box on the line through the origin along `direction`: [c - r, c + r] with
    /// c = dot(center, direction) and r = the sum over the box's axes of halfExtents[i] * |dot(axis i,
    /// direction)|. In world units when `direction` has unit length, scaled by its length otherwise.
    [[nodiscard]] Interval project(const glm::vec3& direction) const;
};

/// True when the closed boxes share at least one point (touching counts): the separating axis test on the
/// 15 axes, face axes first, returning at the first that separates. Precision as in the file comment. Boxes
/// must be valid (`Obb::isValid`; asserted in Debug builds); symmetric in its arguments up to rounding.
[[nodiscard]] bool overlaps(const Obb& a, const Obb& b);

/// Which of the 15 candidate axes an `ObbSeparation` names.
enum class ObbAxisKind : uint8_t {
    None,      ///< No axis separates: the boxes overlap.
    FaceOfA,   ///< The normal of a face of box A: its axis `ObbSeparation::indexA`.
    FaceOfB,   ///< The normal of a face of box B: its axis `ObbSeparation::indexB`.
    EdgeCross, ///< The cross product of A's axis `indexA` and B's axis `indexB` (an edge of each).
};

/// What `findSeparatingAxis` found: whether the boxes overlap and, when they do not, the axis that separates
/// them with both boxes' shadows on it, ready to draw.
struct ObbSeparation {
    bool overlapping = true;              ///< Same verdict as `overlaps(a, b)`.
    ObbAxisKind kind = ObbAxisKind::None; ///< Which axis separates; `None` when overlapping.
    int8_t indexA = -1;                   ///< A's axis (0..2) for `FaceOfA` and `EdgeCross`; -1 otherwise.
    int8_t indexB = -1;                   ///< B's axis (0..2) for `FaceOfB` and `EdgeCross`; -1 otherwise.
    /// Unit axis in world space, oriented from A towards B (A's shadow lies below B's on it); zero when
    /// overlapping.
    glm::vec3 axis{0.0f};
    Interval shadowA; ///< A's projection on `axis` (`Obb::project`), in world units; empty when overlapping.
    Interval shadowB; ///< B's projection on `axis`, in world units; empty when overlapping.

    /// The gap between the shadows, shadowB.min - shadowA.max, in world units: > 0 when separated (it can
    /// round to a value just below 0 when the boxes are within the precision of touching); 0 when
    /// overlapping.
    [[nodiscard]] float gap() const { return overlapping ? 0.0f : shadowB.min - shadowA.max; }
};

/// The separating axis test of `overlaps`, reporting the first axis that separates in its order: A's faces
/// 0, 1, 2, B's faces 0, 1, 2, then the edge crosses A0xB0, A0xB1, ..., A2xB2. The verdict is always that of
/// `overlaps(a, b)`. The first separating axis is not necessarily the one with the widest gap.
[[nodiscard]] ObbSeparation findSeparatingAxis(const Obb& a, const Obb& b);

} // namespace vox
