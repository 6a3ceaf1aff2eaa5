#include "vox/voxel/voxel_sprite.h"

namespace vox {

Result<VoxelSprite> loadVoxelSprite(const std::filesystem::path& path, const VoxReadSettings& settings) {
    Result<VoxFile> file = readVoxFile(path, settings);
    if (!file)
        return file.error();
    return VoxelSprite{std::move(file).value().models};
}

} // namespace vox
