#pragma once
// Models the voxel tests build: solid boxes, spheres, hollow boxes, checkerboards and random noise.

#include "vox/core/rng.h"
#include "vox/voxel/voxel_model.h"

#include <cstdint>

namespace vox::test {

/// Every cell filled with `color`.
inline VoxelModel solidModel(glm::ivec3 size, uint8_t color = 1) {
    VoxelModel model(size);
    for (int z = 0; z < size.z; ++z)
        for (int y = 0; y < size.y; ++y)
            for (int x = 0; x < size.x; ++x)
                model.set({x, y, z}, color);
    return model;
}

/// The cells whose centres lie inside the sphere inscribed in an n^3 grid.
inline VoxelModel sphereModel(int n, uint8_t color = 1) {
    VoxelModel model{glm::ivec3(n)};
    const double r = n / 2.0;
    for (int z = 0; z < n; ++z)
        for (int y = 0; y < n; ++y)
            for (int x = 0; x < n; ++x) {
                const double dx = x + 0.5 - r, dy = y + 0.5 - r, dz = z + 0.5 - r;
                if (dx * dx + dy * dy + dz * dz <= r * r)
                    model.set({x, y, z}, color);
            }
    return model;
}

/// The cells of an n^3 box's walls, `thickness` cells thick; the inside left empty.
inline VoxelModel hollowBoxModel(int n, int thickness = 1, uint8_t color = 1) {
    VoxelModel model{glm::ivec3(n)};
    const auto inWall = [&](int v) { return v < thickness || v >= n - thickness; };
    for (int z = 0; z < n; ++z)
        for (int y = 0; y < n; ++y)
            for (int x = 0; x < n; ++x)
                if (inWall(x) || inWall(y) || inWall(z))
                    model.set({x, y, z}, color);
    return model;
}

/// Cells with x + y + z even.
inline VoxelModel checkerboardModel(glm::ivec3 size, uint8_t color = 1) {
    VoxelModel model(size);
    for (int z = 0; z < size.z; ++z)
        for (int y = 0; y < size.y; ++y)
            for (int x = 0; x < size.x; ++x)
                if ((x + y + z) % 2 == 0)
                    model.set({x, y, z}, color);
    return model;
}

/// Each cell filled with probability `density`, with a palette index in [1, colors].
inline VoxelModel noiseModel(glm::ivec3 size, double density, int colors, Rng& rng) {
    VoxelModel model(size);
    for (int z = 0; z < size.z; ++z)
        for (int y = 0; y < size.y; ++y)
            for (int x = 0; x < size.x; ++x)
                if (rng.nextDouble() < density)
                    model.set({x, y, z}, static_cast<uint8_t>(1 + rng.below(static_cast<uint32_t>(colors))));
    return model;
}

} // namespace vox::test
