#include "voxel_ray.h"

#include "vox/broadphase/aabb.h"

#include <cmath>
#include <limits>

namespace samples {

std::optional<VoxelRayHit> castVoxelRay(const vox::VoxelModel& model, const glm::vec3& origin,
                                        const glm::vec3& direction, float maxFraction, VoxelRayCost* cost) {
    const glm::ivec3 size = model.size();
    if (direction == glm::vec3(0.0f) || size.x <= 0)
        return std::nullopt;
    // Clip to the grid: the walk starts in the cell where the ray enters it (or where it starts, inside).
    const vox::Aabb grid{glm::vec3(0.0f), glm::vec3(size)};
    float fraction = 0.0f;
    if (!vox::raycast(grid, vox::Ray{origin, direction, maxFraction}, fraction))
        return std::nullopt;
    const glm::vec3 entry = origin + direction * fraction;
    glm::ivec3 cell = glm::clamp(glm::ivec3(glm::floor(entry)), glm::ivec3(0), size - 1);

    constexpr float kNever = std::numeric_limits<float>::infinity();
    glm::ivec3 step{0};
    glm::vec3 nextWall{kNever}; // ray fraction at which the next wall on each axis is crossed
    glm::vec3 wallSpacing{kNever};
    glm::ivec3 normal{0};
    for (int axis = 0; axis < 3; ++axis) {
        if (direction[axis] == 0.0f)
            continue;
        step[axis] = direction[axis] > 0.0f ? 1 : -1;
        const float wall = static_cast<float>(cell[axis] + (step[axis] > 0 ? 1 : 0));
        nextWall[axis] = (wall - origin[axis]) / direction[axis];
        wallSpacing[axis] = 1.0f / std::abs(direction[axis]);
        // The face the ray came in through: the axis whose slab it entered last, at `fraction`.
        const float slabEntry =
            ((step[axis] > 0 ? 0.0f : static_cast<float>(size[axis])) - origin[axis]) / direction[axis];
        if (fraction > 0.0f && slabEntry == fraction) {
            normal = glm::ivec3(0);
            normal[axis] = -step[axis];
        }
    }

    while (true) {
        if (cost != nullptr)
            ++cost->cellsVisited;
        if (model.colorIndex(cell) != 0)
            return VoxelRayHit{cell, fraction, normal};
        // Cross the nearest wall.
        int axis = 0;
        if (nextWall.y < nextWall[axis])
            axis = 1;
        if (nextWall.z < nextWall[axis])
            axis = 2;
        if (nextWall[axis] > maxFraction)
            return std::nullopt;
        fraction = nextWall[axis];
        cell[axis] += step[axis];
        if (cell[axis] < 0 || cell[axis] >= size[axis])
            return std::nullopt;
        nextWall[axis] += wallSpacing[axis];
        normal = glm::ivec3(0);
        normal[axis] = -step[axis];
    }
}

std::optional<VoxelRayHit> castVoxelRayBruteForce(const vox::VoxelModel& model, const glm::vec3& origin,
                                                  const glm::vec3& direction, float maxFraction) {
    if (direction == glm::vec3(0.0f))
        return std::nullopt;
    std::optional<VoxelRayHit> nearest;
    const glm::ivec3 size = model.size();
    for (int z = 0; z < size.z; ++z)
        for (int y = 0; y < size.y; ++y)
            for (int x = 0; x < size.x; ++x) {
                const glm::ivec3 cell(x, y, z);
                if (model.colorIndex(cell) == 0)
                    continue;
                float fraction = 0.0f;
                const vox::Aabb box{glm::vec3(cell), glm::vec3(cell + 1)};
                if (vox::raycast(box, vox::Ray{origin, direction, maxFraction}, fraction) &&
                    (!nearest || fraction < nearest->fraction))
                    nearest = VoxelRayHit{cell, fraction, glm::ivec3(0)};
            }
    return nearest;
}

} // namespace samples
