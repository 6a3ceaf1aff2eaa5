#include "vox/geometry/obb.h"

#include "vox/core/assert.h"

#include <glm/geometric.hpp>

#include <cmath>

namespace vox {

namespace {

constexpr int kFaceAxesOfB = 3;
constexpr int kEdgeAxes = 6;
constexpr int kNoSeparatingAxis = 15;

// The 15 tests expressed in A's frame (Ericson 4.4.1): r[i][j] = dot(A axis i, B axis j), t = B's centre in
// A's frame. Returns the first axis that separates (0-2 A's faces, 3-5 B's faces, 6 + 3i + j the cross of
// A's axis i with B's axis j) or kNoSeparatingAxis. `overlaps` and `findSeparatingAxis` share it, so their
// verdicts cannot differ.
int firstSeparatingAxis(const Obb& a, const Obb& b) {
    const glm::vec3& ea = a.halfExtents;
    const glm::vec3& eb = b.halfExtents;
    // An axis separates only by more than this (see kObbTolerance). On an edge axis, whose length |L| scales
    // both sides of the compare, it is worth tolerance / |L| in distance: large where the edges are nearly
    // parallel and the axis is mostly rounding noise, which is what keeps such axes from separating boxes
    // that overlap (Ericson's epsilon does the same, but vanishes for flat boxes).
    const float tolerance = kObbTolerance * (ea.x + ea.y + ea.z + eb.x + eb.y + eb.z);
    const glm::vec3 offset = b.center - a.center;

    // A branch per axis, face axes first, and A's computing only their own row of r: most separated pairs
    // are told apart by a face of A, and then the rest of r is never needed. (Testing each group of axes
    // without branches and leaving with one branch per group was slower: docs/benchmarks.md, "Figures that
    // were in source comments".)
    float r[3][3];
    float absR[3][3];
    float t[3];
    for (int i = 0; i < 3; ++i) {
        const glm::vec3& axisA = a.rotation[i];
        for (int j = 0; j < 3; ++j) {
            r[i][j] = glm::dot(axisA, b.rotation[j]);
            absR[i][j] = std::abs(r[i][j]);
        }
        t[i] = glm::dot(offset, axisA);
        const float radiusB = eb[0] * absR[i][0] + eb[1] * absR[i][1] + eb[2] * absR[i][2];
        if (std::abs(t[i]) > ea[i] + radiusB + tolerance)
            return i;
    }
    for (int j = 0; j < 3; ++j) {
        const float radiusA = ea[0] * absR[0][j] + ea[1] * absR[1][j] + ea[2] * absR[2][j];
        const float distance = t[0] * r[0][j] + t[1] * r[1][j] + t[2] * r[2][j];
        if (std::abs(distance) > radiusA + eb[j] + tolerance)
            return kFaceAxesOfB + j;
    }
    // A's axis i cross B's axis j is, in A's frame, e_i x (column j of r). Not normalised: its length scales
    // the distance and both radii alike.
    for (int i = 0; i < 3; ++i) {
        const int i1 = (i + 1) % 3;
        const int i2 = (i + 2) % 3;
        for (int j = 0; j < 3; ++j) {
            const int j1 = (j + 1) % 3;
            const int j2 = (j + 2) % 3;
            const float radiusA = ea[i1] * absR[i2][j] + ea[i2] * absR[i1][j];
            const float radiusB = eb[j1] * absR[i][j2] + eb[j2] * absR[i][j1];
            const float distance = t[i2] * r[i1][j] - t[i1] * r[i2][j];
            if (std::abs(distance) > radiusA + radiusB + tolerance)
                return kEdgeAxes + 3 * i + j;
        }
    }
    return kNoSeparatingAxis;
}

} // namespace

bool Obb::isValid(float tolerance) const {
    for (int i = 0; i < 3; ++i) {
        if (!std::isfinite(center[i]) || !std::isfinite(halfExtents[i]) || !(halfExtents[i] >= 0.0f))
            return false;
        for (int k = 0; k < 3; ++k)
            if (!std::isfinite(rotation[i][k]))
                return false;
    }
    for (int i = 0; i < 3; ++i)
        for (int j = i; j < 3; ++j) {
            const float expected = i == j ? 1.0f : 0.0f;
            if (!(std::abs(glm::dot(rotation[i], rotation[j]) - expected) <= tolerance))
                return false;
        }
    return true;
}

std::array<glm::vec3, 8> Obb::corners() const {
    std::array<glm::vec3, 8> result;
    for (int k = 0; k < 8; ++k) {
        const glm::vec3 signs((k & 1) ? 1.0f : -1.0f, (k & 2) ? 1.0f : -1.0f, (k & 4) ? 1.0f : -1.0f);
        result[static_cast<size_t>(k)] = center + rotation * (signs * halfExtents);
    }
    return result;
}

Interval Obb::project(const glm::vec3& direction) const {
    const float middle = glm::dot(center, direction);
    const float radius = halfExtents.x * std::abs(glm::dot(rotation[0], direction)) +
                         halfExtents.y * std::abs(glm::dot(rotation[1], direction)) +
                         halfExtents.z * std::abs(glm::dot(rotation[2], direction));
    return {middle - radius, middle + radius};
}

bool overlaps(const Obb& a, const Obb& b) {
    VOX_ASSERT(a.isValid() && b.isValid(),
               "overlaps(Obb, Obb): a box is invalid (NaN or infinity, a negative half extent, or a rotation "
               "that is not orthonormal): check Obb::isValid() where the box is built");
    return firstSeparatingAxis(a, b) == kNoSeparatingAxis;
}

ObbSeparation findSeparatingAxis(const Obb& a, const Obb& b) {
    VOX_ASSERT(
        a.isValid() && b.isValid(),
        "findSeparatingAxis(Obb, Obb): a box is invalid (NaN or infinity, a negative half extent, or a "
        "rotation that is not orthonormal): check Obb::isValid() where the box is built");
    const int found = firstSeparatingAxis(a, b);
    ObbSeparation result;
    if (found == kNoSeparatingAxis)
        return result;
    result.overlapping = false;
    if (found < kFaceAxesOfB) {
        result.kind = ObbAxisKind::FaceOfA;
        result.indexA = static_cast<int8_t>(found);
        result.axis = a.rotation[found];
    } else if (found < kEdgeAxes) {
        result.kind = ObbAxisKind::FaceOfB;
        result.indexB = static_cast<int8_t>(found - kFaceAxesOfB);
        result.axis = b.rotation[found - kFaceAxesOfB];
    } else {
        result.kind = ObbAxisKind::EdgeCross;
        result.indexA = static_cast<int8_t>((found - kEdgeAxes) / 3);
        result.indexB = static_cast<int8_t>((found - kEdgeAxes) % 3);
        // Not near zero: on a near-zero cross the distance is rounding, below the tolerance unless B's centre
        // is far beyond the boxes' size, where a face axis separates first.
        result.axis = glm::normalize(glm::cross(a.rotation[result.indexA], b.rotation[result.indexB]));
    }
    if (glm::dot(b.center - a.center, result.axis) < 0.0f)
        result.axis = -result.axis;
    result.shadowA = a.project(result.axis);
    result.shadowB = b.project(result.axis);
    return result;
}

} // namespace vox
