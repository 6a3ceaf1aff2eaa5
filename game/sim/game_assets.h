#pragma once
// `GameAssets`: the voxel models the simulation collides and the renderer draws. The app loads them from
// assets/*.vox (see asset_loader.h); tests and tools use `builtinGameAssets()`, built in code, so the
// rules never depend on art files.
//
// Models stand on the playfield plane: x right, y up, z the depth of the sprite (several voxels). The
// simulation centres every model on z = 0 (z offset -depth/2), and collides shots and explosion stencils
// as their x-y silhouettes extruded through the whole depth, so a shot hits what it crosses at any depth
// and carves a shield right through, like the arcade's 2D pixels.

#include "vox/core/result.h"
#include "vox/voxel/voxel_model.h"

#include <array>

namespace invaders {

/// Invader types, by the rows they fill: Squid (30 points, top row), Crab (20), Octopus (10, bottom).
enum class InvaderType : uint8_t { Octopus, Crab, Squid };

/// Invader shot types, in the order the arcade processes them.
enum class AlienShotType : uint8_t { Rolling, Plunger, Squiggly };

/// Every model of the game. Sizes must fit the arcade's boxes (checked by `validateGameAssets`).
struct GameAssets {
    /// [type][frame]: at most 16 x 16 in x-y; drawn bottom-aligned and centred in the invader's cell.
    std::array<std::array<vox::VoxelModel, 2>, 3> invaders;
    vox::VoxelModel cannon;                                   ///< At most 16 x 8 in x-y.
    vox::VoxelModel saucer;                                   ///< At most 24 x 8 in x-y.
    vox::VoxelModel playerShot;                               ///< 1 x 4 in the arcade.
    std::array<std::array<vox::VoxelModel, 4>, 3> alienShots; ///< [type][frame], at most 3 x 8.
    vox::VoxelModel shield;              ///< At most 22 x 16 in x-y; placed at its cell's corner.
    vox::VoxelModel playerShotExplosion; ///< Stencil carved where the player's shot bursts.
    vox::VoxelModel alienShotExplosion;  ///< Stencil carved where an invader's shot bursts.
    vox::VoxelModel invaderExplosion;    ///< Drawn for 16 frames where an invader died.
};

/// Models built in code: original shapes, 4 voxels deep (shots 2), using MagicaVoxel's default palette.
[[nodiscard]] GameAssets builtinGameAssets();

/// Checks that every model is non-empty and fits its box (see `GameAssets`); the error names the model
/// and its size, e.g. "cannon is 20 x 8 voxels; it must fit in 16 x 8".
[[nodiscard]] vox::Status validateGameAssets(const GameAssets& assets);

/// `model`'s x-y silhouette (a cell is set when any voxel of its column along z is), `depth` voxels deep,
/// all with palette index 1: the collision shape of shots and explosion stencils.
[[nodiscard]] vox::VoxelModel extrudeSilhouette(const vox::VoxelModel& model, int32_t depth);

} // namespace invaders
