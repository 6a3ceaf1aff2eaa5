#pragma once
// Random poses for two voxel models, shared with bench/voxel/voxel_pose_bench.cpp so that the benchmark
// times the very pairs the tests check against the brute force.

#include "engine/geometry/random_boxes.h"
#include "vox/core/rng.h"
#include "vox/voxel/voxel_model.h"
#include "vox/voxel/voxel_pose.h"

#include <glm/geometric.hpp>

namespace vox::testing {

// The poses of two models.
struct PosePair {
    VoxelPose a;
    VoxelPose b;
};

// The pose that turns a model by `rotation` about the centre of `bounds` and puts that centre at `center`.
inline VoxelPose poseAbout(const VoxelBox& bounds, glm::vec3 center, const glm::mat3& rotation) {
    const glm::vec3 middle = glm::vec3(bounds.min + bounds.max) * 0.5f;
    return {center - rotation * middle, rotation};
}

// Both models turned at random; A's centre in [-8, 8]^3, B's at a random direction from it, at 0.1 to 1.0
// times the sum of the radii of their boxes' circumspheres: from deep overlap to just clear.
inline PosePair randomPosePair(Rng& rng, const VoxelBox& boundsA, const VoxelBox& boundsB) {
    const float radiusA = 0.5f * glm::length(glm::vec3(boundsA.size()));
    const float radiusB = 0.5f * glm::length(glm::vec3(boundsB.size()));
    const glm::vec3 centerA(rng.uniform(-8.0f, 8.0f), rng.uniform(-8.0f, 8.0f), rng.uniform(-8.0f, 8.0f));
    const glm::mat3 rotationA = randomRotation(rng);
    const glm::mat3 rotationB = randomRotation(rng);
    const glm::vec3 direction = randomRotation(rng)[0];
    const float distance = (radiusA + radiusB) * rng.uniform(0.1f, 1.0f);
    return {poseAbout(boundsA, centerA, rotationA),
            poseAbout(boundsB, centerA + direction * distance, rotationB)};
}

} // namespace vox::testing
