#include "vox/voxel/voxel_pose.h"

#include "voxel/pose_check.h"

#include "vox/core/assert.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace vox {

namespace {

bool allFinite(const glm::vec3& v) {
    return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z);
}

// The largest |(R^T R - I)_ij|, in double so that the check itself adds no rounding of note.
double orthonormalError(const glm::mat3& rotation) {
    double error = 0.0;
    for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j) {
            double dot = 0.0;
            for (int k = 0; k < 3; ++k)
                dot += static_cast<double>(rotation[i][k]) * static_cast<double>(rotation[j][k]);
            error = std::max(error, std::abs(dot - (i == j ? 1.0 : 0.0)));
        }
    return error;
}

double determinant(const glm::mat3& m) {
    const auto at = [&](int column, int row) { return static_cast<double>(m[column][row]); };
    return at(0, 0) * (at(1, 1) * at(2, 2) - at(2, 1) * at(1, 2)) -
           at(1, 0) * (at(0, 1) * at(2, 2) - at(2, 1) * at(0, 2)) +
           at(2, 0) * (at(0, 1) * at(1, 2) - at(1, 1) * at(0, 2));
}

} // namespace

bool VoxelPose::isValid() const {
    // NaN fails every comparison: a non-finite rotation fails the first test.
    return orthonormalError(rotation) <= static_cast<double>(kRotationTolerance) &&
           determinant(rotation) > 0.0 && allFinite(position);
}

namespace detail {

bool checkPose(const VoxelPose& pose, const char* call, const char* name, const char* fallback) {
    if (pose.isValid()) [[likely]]
        return true;
    char problem[200];
    const double error = orthonormalError(pose.rotation);
    if (!allFinite(pose.rotation[0]) || !allFinite(pose.rotation[1]) || !allFinite(pose.rotation[2]))
        std::snprintf(problem, sizeof problem, "its rotation has a NaN or infinite entry");
    else if (!(error <= static_cast<double>(VoxelPose::kRotationTolerance)))
        std::snprintf(
            problem, sizeof problem,
            "its rotation is not orthonormal (rotation^T * rotation differs from the identity by up "
            "to %g, more than VoxelPose::kRotationTolerance = %g): no scale or shear",
            error, static_cast<double>(VoxelPose::kRotationTolerance));
    else if (!(determinant(pose.rotation) > 0.0))
        std::snprintf(problem, sizeof problem,
                      "its rotation is a mirror (determinant %g): the axes must be right-handed",
                      determinant(pose.rotation));
    else
        std::snprintf(problem, sizeof problem, "its position (%g, %g, %g) is not finite",
                      static_cast<double>(pose.position.x), static_cast<double>(pose.position.y),
                      static_cast<double>(pose.position.z));
    const glm::mat3& r = pose.rotation;
    char message[700];
    std::snprintf(message, sizeof message,
                  "%s: %s is not a valid VoxelPose: %s (position (%g, %g, %g), rotation columns (%g, %g, %g) "
                  "(%g, %g, %g) (%g, %g, %g)). Give a rotation matrix, e.g. glm::mat3_cast of a normalised "
                  "quaternion, and a finite position; %s.",
                  call, name, problem, static_cast<double>(pose.position.x),
                  static_cast<double>(pose.position.y), static_cast<double>(pose.position.z),
                  static_cast<double>(r[0].x), static_cast<double>(r[0].y), static_cast<double>(r[0].z),
                  static_cast<double>(r[1].x), static_cast<double>(r[1].y), static_cast<double>(r[1].z),
                  static_cast<double>(r[2].x), static_cast<double>(r[2].y), static_cast<double>(r[2].z),
                  fallback);
    reportMisuse("pose.isValid()", message, __FILE__, __LINE__);
    return false;
}

bool checkBricks(const VoxelModel& model, const VoxelBricks& bricks, const char* call, const char* modelName,
                 const char* bricksName, const char* fallback) {
    if (bricks.matches(model)) [[likely]]
        return true;
    const glm::ivec3 built = bricks.modelSize();
    const glm::ivec3 size = model.size();
    char message[600];
    std::snprintf(
        message, sizeof message,
        "%s: %s were not built from %s as it is now (they describe a %dx%dx%d model with %d filled "
        "voxels, fingerprint %016llx; %s is %dx%dx%d with %d, fingerprint %016llx): pass each model "
        "with its own VoxelBricks, and call VoxelBricks::build(model) again after every change of the "
        "model (VoxelModel::set, erodeVoxels); %s.",
        call, bricksName, modelName, built.x, built.y, built.z, bricks.voxelCount(),
        static_cast<unsigned long long>(bricks.modelFingerprint()), modelName, size.x, size.y, size.z,
        model.voxelCount(), static_cast<unsigned long long>(model.occupancyFingerprint()), fallback);
    reportMisuse("bricks.matches(model)", message, __FILE__, __LINE__);
    return false;
}

} // namespace detail
} // namespace vox
