#pragma once
// The colour-blind-safe palette (Settings::colorBlindColors): colours from Okabe and Ito's set, chosen so
// the sprites a player must tell apart stay apart with deuteranopia, protanopia and tritanopia (tested by
// simulating each: tests/game/scene/color_blind_palette_test.cpp). The shapes differ as well: each invader
// type (which sets its rows' points) and each shot type has its own silhouette, so colour is never the
// only cue.

#include "vox/voxel/voxel_model.h"

#include <glm/vec3.hpp>

#include <array>
#include <cstdint>

namespace invaders {

/// Packed RGBA (vox::packRgba) colours, sRGB.
struct ColorBlindPalette {
    std::array<uint32_t, 3> invaders;   ///< By `InvaderType`: octopus, crab, squid.
    std::array<uint32_t, 3> alienShots; ///< By `AlienShotType`: rolling, plunger, squiggly.
    uint32_t playerShot;                ///< The cannon's bolt.
    uint32_t cannon;                    ///< The player's cannon.
    uint32_t saucer;                    ///< The mystery saucer.
    /// The ground line the cannon stands on (`vox::SceneLook::groundLineColor`, linear light).
    glm::vec3 groundLine{0.0f};
};

/// The palette: invaders sky blue, orange and white; the rolling shot yellow, the plunger reddish purple,
/// the squiggly vermillion and the cannon's bolt white; the cannon a light bluish green; the saucer reddish
/// purple. The ground line is the default look's green, dimmer: the cannon on it keeps 3:1 contrast (WCAG's
/// for a graphical object; tested on a rendered frame in tests/game/scene/apply_look_test.cpp), which no
/// colour of a cannon that also stands out on the night sky reaches against the full-bright line.
[[nodiscard]] ColorBlindPalette colorBlindPalette();

/// `model` with every colour it uses turned to `rgba`, each scaled by its brightness relative to the
/// model's brightest colour, so its darker details (eyes, edges) stay darker. The grid is unchanged.
[[nodiscard]] vox::VoxelModel recolored(const vox::VoxelModel& model, uint32_t rgba);

} // namespace invaders
