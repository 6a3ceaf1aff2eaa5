#include "vox/geometry/obb2.h"

#include "vox/core/assert.h"
#include "vox/geometry/obb.h"

#include <glm/geometric.hpp>

#include <cmath>

namespace vox {

Obb2 Obb2::fromAngle(const glm::vec2& center, const glm::vec2& halfExtents, float radians) {
    const float cosine = std::cos(radians);
    const float sine = std::sin(radians);
    return {center, halfExtents, glm::mat2(cosine, sine, -sine, cosine)};
}

bool Obb2::isValid(float tolerance) const {
    for (int i = 0; i < 2; ++i) {
        if (!std::isfinite(center[i]) || !std::isfinite(halfExtents[i]) || !(halfExtents[i] >= 0.0f))
            return false;
        if (!std::isfinite(rotation[i][0]) || !std::isfinite(rotation[i][1]))
            return false;
    }
    return std::abs(glm::dot(rotation[0], rotation[0]) - 1.0f) <= tolerance &&
           std::abs(glm::dot(rotation[1], rotation[1]) - 1.0f) <= tolerance &&
           std::abs(glm::dot(rotation[0], rotation[1])) <= tolerance;
}

std::array<glm::vec2, 4> Obb2::corners() const {
    const glm::vec2 alongX = rotation[0] * halfExtents.x;
    const glm::vec2 alongY = rotation[1] * halfExtents.y;
    return {center - alongX - alongY, center + alongX - alongY, center + alongX + alongY,
            center - alongX + alongY};
}

Interval Obb2::project(const glm::vec2& direction) const {
    const float middle = glm::dot(center, direction);
    const float radius = halfExtents.x * std::abs(glm::dot(rotation[0], direction)) +
                         halfExtents.y * std::abs(glm::dot(rotation[1], direction));
    return {middle - radius, middle + radius};
}

bool overlaps(const Obb2& a, const Obb2& b) {
    VOX_ASSERT(
        a.isValid() && b.isValid(),
        "overlaps(Obb2, Obb2): a box is invalid (NaN or infinity, a negative half extent, or a rotation "
        "that is not orthonormal): check Obb2::isValid() where the box is built");
    // The 3D test's face axes with the third dimension dropped: r[i][j] = dot(A axis i, B axis j), t = B's
    // centre in A's frame.
    float r[2][2];
    float absR[2][2];
    for (int i = 0; i < 2; ++i)
        for (int j = 0; j < 2; ++j) {
            r[i][j] = glm::dot(a.rotation[i], b.rotation[j]);
            absR[i][j] = std::abs(r[i][j]);
        }
    const glm::vec2 offset = b.center - a.center;
    const float t[2] = {glm::dot(offset, a.rotation[0]), glm::dot(offset, a.rotation[1])};
    const glm::vec2& ea = a.halfExtents;
    const glm::vec2& eb = b.halfExtents;
    const float tolerance = kObbTolerance * (ea.x + ea.y + eb.x + eb.y); // as in 3D
    for (int i = 0; i < 2; ++i)
        if (std::abs(t[i]) > ea[i] + eb[0] * absR[i][0] + eb[1] * absR[i][1] + tolerance)
            return false;
    for (int j = 0; j < 2; ++j)
        if (std::abs(t[0] * r[0][j] + t[1] * r[1][j]) >
            ea[0] * absR[0][j] + ea[1] * absR[1][j] + eb[j] + tolerance)
            return false;
    return true;
}

} // namespace vox
