#pragma once
/// @file
/// A readable summary of a .vox file, for a tool's `--inspect FILE.vox [--json]` (text or JSON).

#include "vox/core/result.h"
#include "vox/voxel/vox_file.h"

#include <filesystem>
#include <string>
#include <string_view>

namespace vox {

/// Describes `file`, named `name`: format version, palette present or not, and each model's size (in
/// MagicaVoxel's axes, as the artist sees it: x, y, z with z up) and voxel count. Text, one fact per
/// line, or with `json` a single JSON object followed by a newline:
/// {"file": NAME, "version": 150, "palette": true, "models": [{"size": [x, y, z], "voxels": N}, ...]}
[[nodiscard]] std::string describeVox(const VoxFile& file, std::string_view name, bool json);

/// Reads `path` and describes it as `describeVox` does; the error is `readVoxFile`'s (the caller prints it
/// and exits 1).
[[nodiscard]] Result<std::string> describeVoxFile(const std::filesystem::path& path, bool json);

} // namespace vox
