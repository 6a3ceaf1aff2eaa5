#pragma once
// The misuse checks of the calls that take poses and brick hierarchies (voxel_oriented_narrowphase.cpp,
// voxel_bricks.cpp): each reports what is wrong, and what to do, to the assert handler in every build.

#include "vox/voxel/voxel_bricks.h"
#include "vox/voxel/voxel_model.h"
#include "vox/voxel/voxel_pose.h"

namespace vox::detail {

/// True for a valid pose; otherwise reports it to the assert handler, naming `call`, the argument `name`,
/// what is wrong with it and `fallback` (what the call does instead), and returns false when the handler
/// returns false.
[[nodiscard]] bool checkPose(const VoxelPose& pose, const char* call, const char* name, const char* fallback);

/// True when `bricks` match `model` (`VoxelBricks::matches`); otherwise reports it as `checkPose` does,
/// naming the arguments `bricksName` and `modelName`, and returns false.
[[nodiscard]] bool checkBricks(const VoxelModel& model, const VoxelBricks& bricks, const char* call,
                               const char* modelName, const char* bricksName, const char* fallback);

} // namespace vox::detail
