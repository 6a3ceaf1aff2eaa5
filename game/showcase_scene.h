#pragma once
// ShowcaseScene: what `voxel-invaders` shows until the game lands: the invader formation, the shields,
// the cannon and the saucer in the voxel renderer, with a little life: invaders walk in place, one is
// shot every few seconds and bursts into debris, bombs eat into the shields. Fully deterministic.

#include "demo_scene.h"
#include "sprite_assets.h"

#include "vox/core/result.h"
#include "vox/core/rng.h"
#include "vox/render/debris.h"
#include "vox/render/scene_renderer.h"
#include "vox/voxel/voxel_erosion.h"

#include <array>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <vector>

namespace invaders {

/// See the file comment.
class ShowcaseScene final : public DemoScene {
public:
    /// Builds the renderer from `shaderDirectory` and loads the sprites from `assetDirectory`.
    [[nodiscard]] static vox::Result<std::unique_ptr<ShowcaseScene>>
    create(const std::filesystem::path& shaderDirectory, const std::filesystem::path& assetDirectory,
           uint64_t seed);

    void step(const vox::ActionState& input) override;
    void render(int width, int height, double alpha) override;

private:
    struct Shot {
        int sprite = 0; // index into m_shots
        glm::vec2 position{0.0f};
        glm::vec2 previous{0.0f};
        float speed = 0.0f; // voxels per step, + up
    };
    struct Shield {
        vox::VoxelModel model;
        vox::MeshHandle mesh;
        glm::vec3 position{0.0f};
    };

    ShowcaseScene(vox::SceneRenderer renderer, uint64_t seed);
    [[nodiscard]] glm::vec3 invaderPosition(int index, int frame) const;
    void killInvader();
    void bombShield();
    void resetShields();

    vox::SceneRenderer m_renderer;
    std::array<SpriteMeshes, 3> m_invaders; // jelly, beetle, brute
    SpriteMeshes m_player;
    SpriteMeshes m_saucer;
    SpriteMeshes m_shield;
    SpriteMeshes m_explosion;
    SpriteMeshes m_shotStencil;
    std::array<SpriteMeshes, 4> m_shots; // player, rolling, plunger, squiggly
    std::vector<Shield> m_shields;
    std::vector<Shot> m_flying;
    std::vector<vox::RemovedVoxel> m_removed;
    vox::DebrisSystem m_debris;
    vox::Rng m_rng;
    std::array<int32_t, 55> m_deadUntil{}; // tick at which each invader comes back
    int m_exploding = -1;                  // invader showing its explosion
    int64_t m_explosionEnd = 0;
    int64_t m_tick = 0;
    int64_t m_score = 0;
    int m_bombs = 0;
    float m_shake = 0.0f;
};

} // namespace invaders
