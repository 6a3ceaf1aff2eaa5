#include "vox/voxel/vox_inspect.h"

#include <cstdio>

namespace vox {

namespace {

std::string jsonString(std::string_view text) {
    std::string quoted = "\"";
    for (const char c : text) {
        if (c == '"' || c == '\\') {
            quoted += '\\';
            quoted += c;
        } else if (static_cast<unsigned char>(c) < 0x20) {
            char escaped[8];
            std::snprintf(escaped, sizeof escaped, "\\u%04x",
                          static_cast<unsigned>(static_cast<unsigned char>(c)));
            quoted += escaped;
        } else {
            quoted += c;
        }
    }
    return quoted + "\"";
}

} // namespace

std::string describeVox(const VoxFile& file, std::string_view name, bool json) {
    std::string text;
    if (json) {
        text = "{\"file\": " + jsonString(name) + ", \"version\": " + std::to_string(file.version) +
               ", \"palette\": " + (file.hasPalette ? "true" : "false") + ", \"models\": [";
    } else {
        text = std::string(name) + "\n  format: MagicaVoxel .vox version " + std::to_string(file.version) +
               "\n  palette: " +
               (file.hasPalette ? "present (RGBA chunk)" : "absent (MagicaVoxel's default palette)") +
               "\n  models: " + std::to_string(file.models.size()) + "\n";
    }
    for (size_t i = 0; i < file.models.size(); ++i) {
        const VoxelModel& model = file.models[i];
        // MagicaVoxel's SIZE is the game's (x, z, y); see vox_file.h.
        const glm::ivec3 size(model.size().x, model.size().z, model.size().y);
        if (json) {
            text += (i == 0 ? "" : ", ") + std::string("{\"size\": [") + std::to_string(size.x) + ", " +
                    std::to_string(size.y) + ", " + std::to_string(size.z) +
                    "], \"voxels\": " + std::to_string(model.voxelCount()) + "}";
        } else {
            text += "  model " + std::to_string(i) + ": size " + std::to_string(size.x) + " x " +
                    std::to_string(size.y) + " x " + std::to_string(size.z) + " (MagicaVoxel x y z), " +
                    std::to_string(model.voxelCount()) + " voxels\n";
        }
    }
    if (json)
        text += "]}\n";
    return text;
}

Result<std::string> describeVoxFile(const std::filesystem::path& path, bool json) {
    const Result<VoxFile> file = readVoxFile(path);
    if (!file)
        return file.error();
    return describeVox(file.value(), path.string(), json);
}

} // namespace vox
