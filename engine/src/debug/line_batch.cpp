#include "vox/debug/line_batch.h"

#include <algorithm>
#include <cmath>

namespace vox {

void LineBatch::addBox(const Aabb& box, uint32_t rgba) {
    const glm::vec3& lo = box.min;
    const glm::vec3& hi = box.max;
    // Corner k has x from bit 0, y from bit 1, z from bit 2; an edge joins corners one bit apart.
    const auto corner = [&](int k) {
        return glm::vec3((k & 1) ? hi.x : lo.x, (k & 2) ? hi.y : lo.y, (k & 4) ? hi.z : lo.z);
    };
    for (int k = 0; k < 8; ++k) {
        for (int axis = 1; axis < 8; axis <<= 1) {
            if ((k & axis) == 0)
                addLine(corner(k), corner(k | axis), rgba);
        }
    }
}

} // namespace vox
