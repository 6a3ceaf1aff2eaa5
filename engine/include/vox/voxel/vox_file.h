#pragma once
/// @file
/// Reading and writing MagicaVoxel .vox files (versions 150 and 200).
///
/// ## What is read
/// - 'VOX ' magic and version 150 or 200, then the MAIN chunk; everything else sits in MAIN's children.
/// - SIZE + XYZI pairs: one `VoxelModel` each, in the order the file stores them (which is MagicaVoxel's
///   model id). Several models are the frames of an animated sprite (see voxel_sprite.h).
/// - RGBA: the palette (RGBA entry i is palette index i + 1; the 256th entry is kept as index 0 so that
///   a round trip is lossless). Without RGBA the palette is MagicaVoxel's default and `hasPalette` is
///   false.
/// - nTRN / nGRP / nSHP (the v200 scene graph) are parsed and checked far enough to find the models:
///   every shape node must name a model the file holds. Transforms are not applied: a model is its own
///   grid, placed by the game.
/// - PACK is checked and otherwise ignored; any other chunk (MATL, MATT, LAYR, rOBJ, rCAM, NOTE, IMAP, ...)
///   is skipped. A voxel with palette index 0 (never written by MagicaVoxel) is read as empty.
///
/// ## Axes
/// MagicaVoxel is z-up: its front view looks along +y, with x to the right and z up. The game is y-up
/// with z towards the viewer. A MagicaVoxel voxel (x, y, z) in a model of SIZE (sx, sy, sz) becomes game
/// cell (x, z, sy - 1 - y) in a model of size (sx, sz, sy): a rotation, never a mirror, so a model
/// authored standing up, facing MagicaVoxel's front view, stands up in the game facing the player. The
/// writer applies the inverse.
///
/// ## Errors
/// Malformed input never crashes and never allocates more than the file justifies (plus the voxel grids
/// its SIZE chunks declare, capped by `VoxReadSettings::maxTotalCells`). The error names the source,
/// the chunk and its byte offset, e.g.
/// "ship.vox: chunk 'XYZI' at byte 52: voxel 3 (12, 0, 4) lies outside SIZE 8 x 8 x 8".

#include "vox/core/result.h"
#include "vox/voxel/palette.h"
#include "vox/voxel/voxel_model.h"

#include <cstdint>
#include <filesystem>
#include <span>
#include <string_view>
#include <vector>

namespace vox {

/// The contents of one .vox file.
struct VoxFile {
    int32_t version = 200;  ///< 150 or 200.
    bool hasPalette = true; ///< The file has an RGBA chunk; false means MagicaVoxel's default palette.
    Palette palette = magicaVoxelDefaultPalette(); ///< The file's palette, shared by all its models.
    std::vector<VoxelModel> models; ///< In file order; each model's palette() equals `palette`.

    /// Same version, palette flag, palette and models.
    [[nodiscard]] bool operator==(const VoxFile&) const = default;
};

/// Limits that bound the memory a reader may spend on a file.
struct VoxReadSettings {
    int64_t maxFileBytes = int64_t{256} << 20; ///< `readVoxFile` refuses larger files.
    int64_t maxTotalCells = int64_t{64} << 20; ///< Sum of size.x * size.y * size.z over all models.
};

/// Parses the bytes of a .vox file; `sourceName` (a path, usually) starts every error message.
[[nodiscard]] Result<VoxFile> parseVox(std::span<const uint8_t> bytes, std::string_view sourceName,
                                       const VoxReadSettings& settings = {});

/// Reads and parses a .vox file; a missing or unreadable file is an error naming it.
[[nodiscard]] Result<VoxFile> readVoxFile(const std::filesystem::path& path,
                                          const VoxReadSettings& settings = {});

/// Encodes `file` in the .vox format: MAIN holding PACK (version 150 with several models), SIZE + XYZI
/// per model, a minimal scene graph for version 200 (root nTRN -> nGRP -> one nTRN -> nSHP per model, so
/// MagicaVoxel shows every model) and RGBA when `hasPalette`. `version` must be 150 or 200 and there must
/// be at least one model (asserted). `parseVox` of the result gives back `file` exactly, provided each
/// model's palette equals `file.palette` (the model palettes are not written), and `file.palette` is
/// the default when `hasPalette` is false.
[[nodiscard]] std::vector<uint8_t> encodeVox(const VoxFile& file);

/// Writes `encodeVox(file)` to `path`; an error names the path when it cannot be written.
[[nodiscard]] Status writeVoxFile(const std::filesystem::path& path, const VoxFile& file);

} // namespace vox
