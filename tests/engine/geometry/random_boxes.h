#pragma once
// The random oriented boxes of the geometry tests, shared with bench/geometry/obb_bench.cpp so that the
// benchmark times the very pairs the tests check against the reference.

#include "vox/core/rng.h"
#include "vox/geometry/obb.h"

#include <glm/geometric.hpp>
#include <glm/gtc/quaternion.hpp>

#include <cmath>
#include <cstdint>
#include <numbers>

namespace vox::testing {

// A uniformly random rotation (Shoemake's unit quaternion from three uniform numbers).
inline glm::mat3 randomRotation(Rng& rng) {
    const double u1 = rng.nextDouble();
    const double u2 = 2.0 * std::numbers::pi * rng.nextDouble();
    const double u3 = 2.0 * std::numbers::pi * rng.nextDouble();
    const double low = std::sqrt(1.0 - u1);
    const double high = std::sqrt(u1);
    const glm::quat q(static_cast<float>(high * std::cos(u3)), static_cast<float>(low * std::sin(u2)),
                      static_cast<float>(low * std::cos(u2)), static_cast<float>(high * std::sin(u3)));
    return glm::mat3_cast(glm::normalize(q));
}

// Half extents from 0.05 to 1; one box in ten a thin plate (one half extent 1e-3) and one in forty flat
// (one half extent 0), so that thin and degenerate shapes meet every other kind at random angles.
inline glm::vec3 randomHalfExtents(Rng& rng) {
    glm::vec3 half(rng.uniform(0.05f, 1.0f), rng.uniform(0.05f, 1.0f), rng.uniform(0.05f, 1.0f));
    const uint32_t kind = rng.below(40);
    if (kind < 4)
        half[static_cast<int>(rng.below(3))] = 1e-3f;
    else if (kind == 4)
        half[static_cast<int>(rng.below(3))] = 0.0f;
    return half;
}

// A box centred in [-spread, spread]^3 with random half extents and rotation. Two such boxes with spread 1
// overlap a little under half the time.
inline Obb randomBox(Rng& rng, float spread) {
    const glm::vec3 center(rng.uniform(-spread, spread), rng.uniform(-spread, spread),
                           rng.uniform(-spread, spread));
    const glm::vec3 half = randomHalfExtents(rng);
    return {center, half, randomRotation(rng)};
}

} // namespace vox::testing
