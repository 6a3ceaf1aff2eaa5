#pragma once
/// @file
/// `DebrisSystem`: the voxels knocked out of models (a destroyed model, a projectile eating into a wall)
/// flying apart as small cubes that fall, bounce on the ground plane, tumble to rest and shrink away.
///
/// It is simulation, not drawing: advance it in the game's fixed 60 Hz step with `step()`; the result
/// depends only on the seed and the calls made (no clocks, no unordered containers), so replays and
/// golden images see the same debris. `SceneRenderer::drawDebris()` draws all particles in one
/// instanced draw call, blending the last two steps for smooth motion at any frame rate.
///
///     // a destroyed model: every voxel of it flies outwards from its centre
///     debris.spawnModel(crateModel, spriteOrigin(position, crateModel.size()), {.centre = hitPoint});
///     // erosion: only the removed voxels
///     debris.spawn(removed, spriteOrigin(wallPosition, wall.size()), {.centre = hitPoint, .speed = 25});

#include "vox/core/rng.h"
#include "vox/voxel/voxel_erosion.h"
#include "vox/voxel/voxel_model.h"

#include <glm/vec3.hpp>

#include <cstdint>
#include <span>
#include <vector>

namespace vox {

/// World and capacity of a `DebrisSystem`. Units: voxels, seconds.
struct DebrisSettings {
    float stepSeconds = 1.0f / 60.0f; ///< Duration of one `step()`; the game's fixed step.
    float gravity = 360.0f;           ///< Downward acceleration, voxels / s^2.
    float groundHeight = 0.0f;        ///< y of the ground plane particles bounce on.
    float restitution = 0.45f;        ///< Fraction of the vertical speed kept by a bounce.
    float bounceFriction = 0.7f;      ///< Fraction of the horizontal speed and spin kept by a bounce.
    float restingFriction = 0.9f;     ///< Fraction of the horizontal speed kept per step while resting.
    float particleSize = 0.9f;        ///< Edge of a particle's cube, voxels (a gap shows the voxels apart).
    float fadeSeconds = 0.35f;        ///< Particles shrink to nothing over the end of their life.
    float groundSeconds = 0.5f;       ///< Once a particle first touches the ground it lives at most this much
                                      ///< longer, so debris never piles up where things move.
    int32_t maxParticles = 16384;     ///< Spawns beyond this many live particles are dropped.
};

/// How one burst of debris flies.
struct DebrisBurst {
    glm::vec3 centre{0.0f};       ///< World point the blast comes from; particles fly away from it.
    float speed = 45.0f;          ///< Mean outward speed, voxels / s.
    float speedJitter = 0.5f;     ///< Speeds vary by +- this fraction.
    float upward = 35.0f;         ///< Extra upward speed, voxels / s.
    float depthScale = 0.4f;      ///< Scales speeds along z: debris stays near the z = 0 plane.
    float spread = 0.5f;          ///< Random direction added to the outward one (0: purely radial).
    float lifetimeSeconds = 1.6f; ///< Mean life.
    float lifetimeJitter = 0.35f; ///< Lifetimes vary by +- this fraction.
    float glow = 1.0f;            ///< Initial emissive heat (0: none); cools over about 0.3 s.
};

/// One piece of debris. Positions are cube centres in world voxels.
struct DebrisParticle {
    glm::vec3 position{0.0f};             ///< Now.
    glm::vec3 previousPosition{0.0f};     ///< One step ago (for interpolation).
    glm::vec3 velocity{0.0f};             ///< Voxels / s.
    glm::vec3 spinAxis{0.0f, 1.0f, 0.0f}; ///< Unit axis of the tumble.
    float angle = 0.0f;                   ///< Radians about `spinAxis`, now.
    float previousAngle = 0.0f;           ///< One step ago.
    float spinRate = 0.0f;                ///< Radians / s.
    float glow = 0.0f;                    ///< Emissive heat, now.
    uint32_t rgba = 0xFFFFFFFFu;          ///< sRGB colour, 0xAABBGGRR (as palettes store it).
    int32_t age = 0;                      ///< Steps lived.
    int32_t lifetime = 1;                 ///< Steps to live in all.
    bool resting = false;                 ///< Lying on the ground.

    /// Cube edge scale, 1 until the fade starts, then down to 0 at the end of life.
    [[nodiscard]] float sizeScale(int32_t fadeSteps) const;
};

/// Deterministic debris; see the file comment.
class DebrisSystem {
public:
    /// An empty system; all randomness comes from `seed`.
    explicit DebrisSystem(const DebrisSettings& settings = {}, uint64_t seed = 1);

    /// Spawns one particle per removed voxel of a model whose cell (0, 0, 0) has its minimum corner at
    /// world `modelOrigin`. Returns how many were spawned (fewer when `maxParticles` is reached).
    int32_t spawn(std::span<const RemovedVoxel> voxels, glm::vec3 modelOrigin, const DebrisBurst& burst);
    /// Spawns one particle per filled voxel of `model` (see `spawn`). The model is not changed.
    int32_t spawnModel(const VoxelModel& model, glm::vec3 modelOrigin, const DebrisBurst& burst);

    /// Advances one fixed step: gravity, ground bounces, resting friction, tumbling, ageing; removes
    /// particles at the end of their life.
    void step();
    /// Removes every particle.
    void clear() { m_particles.clear(); }

    /// The live particles, in no particular (but deterministic) order.
    [[nodiscard]] std::span<const DebrisParticle> particles() const { return m_particles; }
    /// Number of live particles.
    [[nodiscard]] int32_t size() const { return static_cast<int32_t>(m_particles.size()); }
    /// The settings in use.
    [[nodiscard]] const DebrisSettings& settings() const { return m_settings; }
    /// Steps over which a particle shrinks at the end of its life.
    [[nodiscard]] int32_t fadeSteps() const { return m_fadeSteps; }

private:
    void spawnOne(glm::vec3 centre, uint32_t rgba, const DebrisBurst& burst);

    DebrisSettings m_settings;
    int32_t m_fadeSteps = 1;
    int32_t m_groundSteps = 1;
    float m_glowDecayPerStep = 1.0f;
    Rng m_rng;
    std::vector<DebrisParticle> m_particles;
};

} // namespace vox
