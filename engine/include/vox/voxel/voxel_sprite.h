#pragma once
/// @file
/// `VoxelSprite`: an animated voxel sprite, the frames being the models of one .vox file.

#include "vox/core/result.h"
#include "vox/voxel/vox_file.h"
#include "vox/voxel/voxel_model.h"

#include <filesystem>
#include <vector>

namespace vox {

/// A sequence of animation frames; frame i is model i of the .vox file (frames may differ in size).
struct VoxelSprite {
    std::vector<VoxelModel> frames; ///< At least one when loaded from a file.
};

/// Loads every model of a .vox file as the frames of a sprite; errors are those of `readVoxFile`.
[[nodiscard]] Result<VoxelSprite> loadVoxelSprite(const std::filesystem::path& path,
                                                  const VoxReadSettings& settings = {});

} // namespace vox
