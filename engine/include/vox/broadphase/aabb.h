#pragma once
/// @file
/// Axis-aligned boxes in the three forms the engine uses.
///
/// - `Aabb`: min/max corners in world units, **closed**: two boxes that only touch (share a face, an edge
///   or a corner) overlap. This is the form the broadphase stores and the one collision rules use, because
///   a projectile that grazes a target's edge is a hit.
/// - `CenterExtentBox`: centre + half extents, the same closed box; its overlap test is three compares
///   and no branches, which suits tight loops over many boxes.
/// - `CellRect`: an integer rectangle of voxel cells (x, y, w, h), **half-open**: it covers cells
///   x .. x+w-1 and y .. y+h-1, so two rectangles that are merely adjacent do NOT overlap. This is the
///   bucket-of-cells view of the 8-bit era, used by the grid broadphase and voxel code.

#include <glm/common.hpp>
#include <glm/vec3.hpp>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace vox {

/// A closed axis-aligned box [min, max] on every axis. A valid box has min <= max on every axis and no NaN;
/// a zero-size box (min == max) is valid and behaves as a point.
struct Aabb {
    glm::vec3 min{0.0f}; ///< Lower corner.
    glm::vec3 max{0.0f}; ///< Upper corner.

    /// The box spanned by two opposite corners given in any order (each axis is sorted, so min <= max).
    [[nodiscard]] static Aabb fromCorners(const glm::vec3& a, const glm::vec3& b) {
        return {glm::vec3(std::min(a.x, b.x), std::min(a.y, b.y), std::min(a.z, b.z)),
                glm::vec3(std::max(a.x, b.x), std::max(a.y, b.y), std::max(a.z, b.z))};
    }

    /// The box `center ± halfExtent`; `halfExtent` must be >= 0.
    [[nodiscard]] static Aabb fromCenter(const glm::vec3& center, const glm::vec3& halfExtent) {
        return {center - halfExtent, center + halfExtent};
    }

    /// True when every coordinate is finite (no NaN, no infinity) and min <= max on every axis.
    [[nodiscard]] bool isValid() const;

    /// Centre point.
    [[nodiscard]] glm::vec3 center() const { return 0.5f * (min + max); }
    /// Half of the size on each axis.
    [[nodiscard]] glm::vec3 halfExtent() const { return 0.5f * (max - min); }

    /// Surface area 2(xy + yz + zx): the cost measure of the surface-area heuristic.
    [[nodiscard]] float surfaceArea() const {
        const glm::vec3 d = max - min;
        return 2.0f * (d.x * d.y + d.y * d.z + d.z * d.x);
    }

    /// The box grown by `margin` (>= 0) on every side.
    [[nodiscard]] Aabb fattened(float margin) const {
        return {min - glm::vec3(margin), max + glm::vec3(margin)};
    }

    /// The box swept by `displacement`: grown towards the motion only (predictive fattening). A box moving
    /// +x by 0.2 per step gains 0.2 on its +x side and nothing on its -x side.
    [[nodiscard]] Aabb extendedBy(const glm::vec3& displacement) const {
        return {min + glm::min(displacement, glm::vec3(0.0f)), max + glm::max(displacement, glm::vec3(0.0f))};
    }
};

#if defined(__SSE2__)
namespace detail {
// A box's 24 bytes read as two overlapping 16-byte loads that stay inside it: [min.x min.y min.z max.x] and
// [min.z max.x max.y max.z], the second shuffled to [max.x max.y max.z max.z]. Lane 3 of any compare of
// them is meaningless: callers mask it off. The broadphase's innermost tests are built on these.
static_assert(sizeof(Aabb) == 24 && offsetof(Aabb, max) == 12, "Aabb is read as six packed floats");
[[nodiscard]] inline __m128 minLanes(const Aabb& box) {
    return _mm_loadu_ps(&box.min.x);
}
[[nodiscard]] inline __m128 maxLanes(const Aabb& box) {
    const __m128 high = _mm_loadu_ps(&box.min.z);
    return _mm_shuffle_ps(high, high, _MM_SHUFFLE(3, 3, 2, 1));
}
} // namespace detail
#endif

inline bool Aabb::isValid() const {
    // Every compare with a NaN is false, and min >= -FLT_MAX, max <= FLT_MAX reject infinities (with
    // min <= max, that bounds all six): nine tests, three 4-wide compares.
    constexpr float kMax = std::numeric_limits<float>::max();
#if defined(__SSE2__)
    const __m128 low = detail::minLanes(*this);
    const __m128 upper = detail::maxLanes(*this);
    const __m128 ok = _mm_and_ps(_mm_and_ps(_mm_cmple_ps(low, upper), _mm_cmpge_ps(low, _mm_set1_ps(-kMax))),
                                 _mm_cmple_ps(upper, _mm_set1_ps(kMax)));
    return (_mm_movemask_ps(ok) & 7) == 7;
#else
    return (min.x <= max.x) & (min.y <= max.y) & (min.z <= max.z) & (min.x >= -kMax) & (min.y >= -kMax) &
           (min.z >= -kMax) & (max.x <= kMax) & (max.y <= kMax) & (max.z <= kMax);
#endif
}

/// True when the closed boxes share at least one point (touching counts). Any NaN makes it false.
[[nodiscard]] inline bool overlaps(const Aabb& a, const Aabb& b) {
#if defined(__SSE2__)
    // The broadphase's innermost test, so it is done with two 4-wide compares (see detail::minLanes).
    const __m128 both = _mm_and_ps(_mm_cmple_ps(detail::minLanes(a), detail::maxLanes(b)),
                                   _mm_cmple_ps(detail::minLanes(b), detail::maxLanes(a)));
    return (_mm_movemask_ps(both) & 7) == 7;
#else
    // Non-short-circuit `&` keeps the six compares branch-free.
    return (a.min.x <= b.max.x) & (b.min.x <= a.max.x) & (a.min.y <= b.max.y) & (b.min.y <= a.max.y) &
           (a.min.z <= b.max.z) & (b.min.z <= a.max.z);
#endif
}

/// True when `inner` lies entirely inside `outer` (boundaries included). Any NaN makes it false.
[[nodiscard]] inline bool contains(const Aabb& outer, const Aabb& inner) {
#if defined(__SSE2__)
    const __m128 both = _mm_and_ps(_mm_cmple_ps(detail::minLanes(outer), detail::minLanes(inner)),
                                   _mm_cmple_ps(detail::maxLanes(inner), detail::maxLanes(outer)));
    return (_mm_movemask_ps(both) & 7) == 7;
#else
    return (outer.min.x <= inner.min.x) & (outer.min.y <= inner.min.y) & (outer.min.z <= inner.min.z) &
           (inner.max.x <= outer.max.x) & (inner.max.y <= outer.max.y) & (inner.max.z <= outer.max.z);
#endif
}

/// True when point `p` lies in the closed box.
[[nodiscard]] inline bool contains(const Aabb& box, const glm::vec3& p) {
    return (box.min.x <= p.x) & (p.x <= box.max.x) & (box.min.y <= p.y) & (p.y <= box.max.y) &
           (box.min.z <= p.z) & (p.z <= box.max.z);
}

/// The smallest box containing both.
[[nodiscard]] inline Aabb unionOf(const Aabb& a, const Aabb& b) {
    return {glm::min(a.min, b.min), glm::max(a.max, b.max)};
}

/// Surface area of `unionOf(a, b)` without building it.
[[nodiscard]] inline float unionArea(const Aabb& a, const Aabb& b) {
    const glm::vec3 d = glm::max(a.max, b.max) - glm::min(a.min, b.min);
    return 2.0f * (d.x * d.y + d.y * d.z + d.z * d.x);
}

/// A ray segment from `origin` to `origin + maxFraction * direction` (the direction need not be normalised;
/// fractions are in units of `direction`).
struct Ray {
    glm::vec3 origin{0.0f};    ///< Start point.
    glm::vec3 direction{0.0f}; ///< Segment direction; a zero vector makes the ray a point test.
    float maxFraction = 1.0f;  ///< The segment ends at this multiple of `direction` (>= 0).
};

/// Slab test of the segment `ray` against the closed box. On a hit, returns true and stores in `fraction` the
/// entry fraction (0 when the origin is inside the box). Exact for axis-parallel rays: an axis whose
/// direction is 0 only checks that the origin lies within that slab.
[[nodiscard]] inline bool raycast(const Aabb& box, const Ray& ray, float& fraction) {
    float enter = 0.0f;
    float exit = ray.maxFraction;
    for (int axis = 0; axis < 3; ++axis) {
        const float o = ray.origin[axis];
        const float d = ray.direction[axis];
        if (d == 0.0f) {
            if (o < box.min[axis] || o > box.max[axis])
                return false;
            continue;
        }
        const float inv = 1.0f / d;
        float t0 = (box.min[axis] - o) * inv;
        float t1 = (box.max[axis] - o) * inv;
        if (t0 > t1)
            std::swap(t0, t1);
        enter = std::max(enter, t0);
        exit = std::min(exit, t1);
        if (enter > exit)
            return false;
    }
    fraction = enter;
    return true;
}

/// The same closed box stored as centre and half extents (`halfExtent` >= 0 on every axis).
struct CenterExtentBox {
    glm::vec3 center{0.0f};     ///< Centre point.
    glm::vec3 halfExtent{0.0f}; ///< Half of the size on each axis.

    /// The min/max form of the same box.
    [[nodiscard]] Aabb toAabb() const { return {center - halfExtent, center + halfExtent}; }
    /// The centre/extent form of `box`.
    [[nodiscard]] static CenterExtentBox fromAabb(const Aabb& box) {
        return {box.center(), box.halfExtent()};
    }
};

/// Closed overlap of centre/extent boxes: |ca - cb| <= ha + hb on each axis, with no branches. Agrees with
/// `overlaps(Aabb, Aabb)` up to float rounding of the centre and extents.
[[nodiscard]] inline bool overlaps(const CenterExtentBox& a, const CenterExtentBox& b) {
    const glm::vec3 distance = glm::abs(a.center - b.center);
    const glm::vec3 reach = a.halfExtent + b.halfExtent;
    return (distance.x <= reach.x) & (distance.y <= reach.y) & (distance.z <= reach.z);
}

/// A half-open rectangle of integer cells: it covers cells x .. x+w-1 by y .. y+h-1. A rectangle with
/// w <= 0 or h <= 0 is empty and overlaps nothing.
struct CellRect {
    int32_t x = 0; ///< First column.
    int32_t y = 0; ///< First row.
    int32_t w = 0; ///< Width in cells.
    int32_t h = 0; ///< Height in cells.

    /// True when the rectangle covers no cell.
    [[nodiscard]] bool empty() const { return w <= 0 || h <= 0; }
    /// True when cell (cx, cy) is covered.
    [[nodiscard]] bool containsCell(int32_t cx, int32_t cy) const {
        return (cx >= x) & (cx < x + w) & (cy >= y) & (cy < y + h);
    }
    /// The closed world box covering the same cells, with cells of `cellSize` world units and z in
    /// [zMin, zMax]. Note the change of semantics: adjacent rects become touching (overlapping) boxes.
    [[nodiscard]] Aabb toAabb(float cellSize, float zMin = 0.0f, float zMax = 0.0f) const {
        return {glm::vec3(static_cast<float>(x) * cellSize, static_cast<float>(y) * cellSize, zMin),
                glm::vec3(static_cast<float>(x + w) * cellSize, static_cast<float>(y + h) * cellSize, zMax)};
    }
};

/// Half-open overlap: true when the rectangles share at least one cell. Adjacent rectangles (a.x + a.w ==
/// b.x) do not overlap; empty rectangles overlap nothing.
[[nodiscard]] inline bool overlaps(const CellRect& a, const CellRect& b) {
    const bool bothNonEmpty = !a.empty() && !b.empty();
    return bothNonEmpty & (a.x < b.x + b.w) & (b.x < a.x + a.w) & (a.y < b.y + b.h) & (b.y < a.y + a.h);
}

} // namespace vox
