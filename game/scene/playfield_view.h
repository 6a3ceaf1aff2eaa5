#pragma once
// `PlayfieldView`: the 3D picture of a session: shields, the rack, the cannon, shots, the saucer and
// explosions as lit voxel sprites, on whole voxels as the arcade draws them; and the score table's four
// scoring sprites. It keeps the meshes (shields re-meshed only when eroded) and draws nothing else.

#include "sim/game_assets.h"
#include "sim/simulation.h"

#include "vox/render/camera.h"
#include "vox/render/debris.h"
#include "vox/render/scene_renderer.h"

#include <glm/vec2.hpp>

#include <array>
#include <cstdint>
#include <span>

namespace invaders {

/// A box of world space, voxels.
struct WorldBox {
    glm::vec3 min{0.0f}; ///< The lowest corner.
    glm::vec3 max{0.0f}; ///< The highest corner.
};

/// See the file comment.
class PlayfieldView {
public:
    /// Meshes every model of `assets` into `renderer`.
    PlayfieldView(vox::SceneRenderer& renderer, const GameAssets& assets);

    /// Records the sprites of `simulation`'s active player's playfield. `alpha` (0..1): how far between the
    /// latest step's previous and new placement the moving bodies are drawn (the cannon, the shots and the
    /// saucer; pass the fixed-step clock's alpha, or 1 for the latest step). The invaders march in whole
    /// steps, as in the arcade.
    void draw(vox::SceneRenderer& renderer, const Simulation& simulation, float alpha = 1.0f);
    /// Draws every sprite in the colour-blind-safe palette (color_blind_palette.h) or, `false`, in the
    /// models' own colours. Re-meshes the sprites only when the choice changes (shields keep their green).
    void setColorBlindColors(vox::SceneRenderer& renderer, bool enabled);
    /// `false`: no hit flashes, no blinking of a hit cannon (Settings::flashes); the explosions keep their
    /// shapes and steady colours.
    void setFlashes(bool enabled) { m_flashes = enabled; }
    /// Records the logo, turning slowly at `tick` (steps).
    void drawLogo(vox::SceneRenderer& renderer, int64_t tick) const;
    /// The world box the logo takes at any point of its turn.
    [[nodiscard]] WorldBox logoBounds() const;
    /// Records the score advance table's sprites (saucer, squid, crab, octopus, top to bottom), each turning
    /// slowly about its centre, animated by `tick` (steps), each centred at the height of its line of the
    /// screen's table (`scoreTableRowY`) as `camera` shows a `size` pixel screen.
    void drawScoreTable(vox::SceneRenderer& renderer, int64_t tick, const vox::Camera& camera,
                        glm::ivec2 size) const;

private:
    void syncShieldMeshes(vox::SceneRenderer& renderer, const Simulation& simulation);
    // The parts of `draw`, back to front as the arcade stacks them.
    void drawShieldsAndRack(vox::SceneRenderer& renderer, const Simulation& simulation);
    void drawCannon(vox::SceneRenderer& renderer, const Cannon& cannon, float alpha) const;
    void drawShots(vox::SceneRenderer& renderer, const Simulation& simulation, float alpha) const;
    void drawExplosions(vox::SceneRenderer& renderer, std::span<const Explosion> explosions) const;
    void drawTurning(vox::SceneRenderer& renderer, vox::MeshHandle mesh, glm::ivec3 size, glm::vec3 centre,
                     float scale, float degrees) const;

    const GameAssets& m_assets;
    std::array<std::array<vox::MeshHandle, 2>, 3> m_invaderMeshes{};
    std::array<std::array<vox::MeshHandle, 4>, 3> m_alienShotMeshes{};
    vox::MeshHandle m_cannonMesh{};
    vox::MeshHandle m_saucerMesh{};
    vox::MeshHandle m_playerShotMesh{};
    vox::MeshHandle m_invaderExplosionMesh{};
    vox::MeshHandle m_playerBurstMesh{};
    vox::MeshHandle m_alienBurstMesh{};
    vox::VoxelModel m_logo;
    vox::MeshHandle m_logoMesh{};
    std::array<vox::MeshHandle, 4> m_shieldMeshes{};
    std::array<uint32_t, 4> m_shieldRevisions{};
    bool m_colorBlindColors = false;
    bool m_flashes = true;
    const Simulation* m_shieldSource = nullptr;
    int32_t m_shieldPlayer = -1;
};

/// Sets `look`'s ground to the playfield's, leaving its other fields alone: the plane at the cannon's base
/// (`arcade::kCannonY`), the arcade's green line glowing along the playfield's foot (x 0 to
/// `arcade::kPlayfieldWidth` at z = 0), and a stage reaching 60 voxels past either side of the playfield,
/// fading out towards the sides and behind the playfield, where space shows.
void setPlayfieldGround(vox::SceneLook& look);

/// Debris settings for the playfield: the particles bounce on its ground (`setPlayfieldGround`).
[[nodiscard]] vox::DebrisSettings playfieldDebrisSettings();

} // namespace invaders
