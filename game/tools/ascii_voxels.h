#pragma once
// ASCII voxel designs: the readable source of the game's .vox art (assets/src/*.txt), parsed into the
// frames of a .vox file. The format is documented in assets/README.md:
//
//     # Jelly invader: 8 wide, 8 tall, 4 deep
//     depth 4
//     key A #c060ff            # body, all layers
//     key e #fff2a0 0-2        # eyes, one layer back from the front (0 = back, depth-1 = front)
//     frame
//     ..AAAA..
//     .AeAAeA.
//     ...
//
// Each `frame` holds rows, top row first; '.' is empty, any other character must be a key. A frame's
// drawing is extruded through the layers each key names; the first row is the highest y.

#include "vox/core/result.h"
#include "vox/voxel/vox_file.h"

#include <filesystem>
#include <string_view>

namespace invaders {

/// Parses a design; `sourceName` starts every error ("assets/src/jelly.txt:7: ...").
[[nodiscard]] vox::Result<vox::VoxFile> parseAsciiVoxels(std::string_view text, std::string_view sourceName);

/// Reads and parses a design file.
[[nodiscard]] vox::Result<vox::VoxFile> readAsciiVoxels(const std::filesystem::path& path);

} // namespace invaders
