#pragma once
/// @file
/// `DesignScaleWorld`: the simulation of the Design scale sample, apart from any window, so that its tests
/// and its benchmark run it alone.
///
/// Over 300 procedural voxel models (rocks with a core, hulls, rings; 16 to 43 cells a side, over 1,000,000
/// voxels in all, 1 voxel = 10 cm) in a world over a kilometre across: clusters spread over the world, each
/// drifting slowly, whose members swing through the cluster's centre on springs and turn about their own
/// centres, so that they meet, often, at any angle. A step:
///
/// 1. motion: velocity, spring towards the cluster's centre, spin (`moveModels`);
/// 2. broadphase: every model's world box (the box around `VoxelBricks::worldBox`) to a
///    `vox::DynamicAabbTree` (`moveProxy`), then `updatePairs` for the pairs whose boxes touch;
/// 3. narrowphase: `vox::firstOrientedContact` on each pair (oriented boxes, then the bricks, then the
///    voxels) (`findContacts`, 2 and 3);
/// 4. response: a pair that touches while closing in bounces, and when it closes fast, loses a small ball of
///    voxels from each model around the contact (`vox::erodeVoxels`, bricks built again) (`respond`).
///
/// Deterministic: a pure function of the settings (seed included), with a fixed step.

#include "vox/broadphase/dynamic_aabb_tree.h"
#include "vox/core/rng.h"
#include "vox/voxel/voxel_bricks.h"
#include "vox/voxel/voxel_model.h"
#include "vox/voxel/voxel_oriented_narrowphase.h"
#include "vox/voxel/voxel_pose.h"

#include <glm/gtc/quaternion.hpp>
#include <glm/vec3.hpp>

#include <cstdint>
#include <utility>
#include <vector>

namespace samples {

/// How the world is made.
struct DesignScaleSettings {
    uint64_t seed = 27;           ///< Everything random is drawn from it.
    int32_t modelCount = 320;     ///< Models in all.
    int32_t clustersPerSide = 4;  ///< Clusters on a jittered grid of this many a side (x and z).
    float worldSize = 10240.0f;   ///< Edge of the square (x, z) the clusters stay in, voxels.
    float worldHeight = 1200.0f;  ///< Height (y) of the slab the clusters stay in, voxels, centred on 0.
    float clusterRadius = 260.0f; ///< Where the members of a cluster start, from its centre, voxels at most.
    float springPeriod = 24.0f;   ///< Seconds for a member to swing through its cluster and back.
    int32_t craterRadius = 3;     ///< Radius of the ball eroded from each model at a contact, voxels.
    /// Contacts closing faster than this erode (voxels per second); slower ones only bounce.
    float erosionSpeed = 30.0f;
    /// A cluster that does not drift (the one a camera watches); -1: all drift.
    int32_t stillCluster = 5;
};

/// One model of the world.
struct DesignScaleModel {
    vox::VoxelModel model;   ///< Its voxels (eroded as it is hit).
    vox::VoxelBricks bricks; ///< Built from `model`, again after each erosion.
    glm::vec3 center{0.0f};  ///< World position of the grid's centre (size / 2), voxels.
    glm::quat orientation{1.0f, 0.0f, 0.0f, 0.0f}; ///< Turns the model about its grid's centre.
    glm::vec3 velocity{0.0f};                      ///< Voxels per second.
    glm::vec3 spinAxis{0.0f, 1.0f, 0.0f};          ///< Unit axis of its spin, world space.
    float spinRate = 0.0f;                         ///< Radians per second about `spinAxis`.
    int32_t cluster = 0;                           ///< Index of the cluster it swings through.
    vox::ProxyId proxy;                            ///< Its proxy in the world's tree.

    /// The collision pose: world = position + rotation * cell point, turning about the grid's centre.
    [[nodiscard]] vox::VoxelPose pose() const;
};

/// A touching pair found by a step: the first touching voxels of each.
struct DesignScaleContact {
    int32_t modelA = 0;       ///< Index of the first model (the lower index).
    int32_t modelB = 0;       ///< Index of the second model.
    vox::VoxelContact voxels; ///< A touching pair of voxels, in each model's own cells.
    glm::vec3 point{0.0f};    ///< World centre of `voxels.cellA`.
};

/// Times of the latest step's parts, milliseconds.
struct DesignScaleTimes {
    double broadphaseMs = 0.0;  ///< moveProxy for every model and updatePairs.
    double narrowphaseMs = 0.0; ///< firstOrientedContact on each pair.
    double responseMs = 0.0;    ///< Erosion, bricks and bounces.
    /// The collision step: broadphase and narrowphase (its floor: docs/benchmarks.md, design scale).
    [[nodiscard]] double collisionMs() const { return broadphaseMs + narrowphaseMs; }
};

/// The world of the Design scale sample; see the file comment.
class DesignScaleWorld {
public:
    /// The fixed step, seconds.
    static constexpr float kStepSeconds = 1.0f / 60.0f;

    /// Makes the models, places them and fills the tree. About 0.3 s for the default settings.
    explicit DesignScaleWorld(const DesignScaleSettings& settings = {});

    /// One fixed step: `moveModels`, `findContacts`, `respond`.
    void step();
    /// Step part 1: moves and turns every model by one step (velocities, springs, the world's walls).
    void moveModels();
    /// Step parts 2 and 3: the models' boxes to the tree, its pairs, then the narrowphase on each pair.
    /// Returns the touching pairs, sorted by (modelA, modelB); kept until the next call (`contacts`).
    const std::vector<DesignScaleContact>& findContacts();
    /// Step part 4: erodes and bounces the pairs `findContacts` found that are closing in. The models it
    /// changed are listed in `changedModels` until the next call.
    void respond();

    /// All models, in index order.
    [[nodiscard]] const std::vector<DesignScaleModel>& models() const { return m_models; }
    /// Centres of the clusters, world voxels.
    [[nodiscard]] const std::vector<glm::vec3>& clusterCenters() const { return m_clusterCenters; }
    /// The pairs whose boxes touched at the latest `findContacts` (model indices, lower first).
    [[nodiscard]] const std::vector<std::pair<int32_t, int32_t>>& boxPairs() const { return m_boxPairs; }
    /// The touching pairs of the latest `findContacts`.
    [[nodiscard]] const std::vector<DesignScaleContact>& contacts() const { return m_contacts; }
    /// Models eroded by the latest `respond`, each once, ascending.
    [[nodiscard]] const std::vector<int32_t>& changedModels() const { return m_changedModels; }
    /// Filled voxels of every model together.
    [[nodiscard]] int64_t voxelCount() const;
    /// Voxels eroded since the start.
    [[nodiscard]] int64_t erodedVoxels() const { return m_erodedVoxels; }
    /// Contacts that eroded and bounced since the start.
    [[nodiscard]] int64_t impacts() const { return m_impacts; }
    /// Contacts that bounced since the start, eroding or not.
    [[nodiscard]] int64_t bounces() const { return m_bounces; }
    /// Steps taken.
    [[nodiscard]] int64_t steps() const { return m_steps; }
    /// The latest step's times.
    [[nodiscard]] const DesignScaleTimes& times() const { return m_times; }
    /// The tree's figures.
    [[nodiscard]] vox::TreeStats treeStats() const { return m_tree.stats(); }
    /// The settings it was made with.
    [[nodiscard]] const DesignScaleSettings& settings() const { return m_settings; }

    /// The world box around model `index` at its pose: the box around `VoxelBricks::worldBox`.
    [[nodiscard]] vox::Aabb worldBox(int32_t index) const;

private:
    // The constructor's parts, drawing from `rng` in this order: the clusters' centres and drifts, then
    // each model (its shape, its start clear of its cluster's others, its motion).
    void placeClusters(vox::Rng& rng);
    void addModel(vox::Rng& rng, int32_t index);

    DesignScaleSettings m_settings;
    std::vector<DesignScaleModel> m_models;
    std::vector<glm::vec3> m_clusterCenters;
    std::vector<glm::vec3> m_clusterVelocities;
    vox::DynamicAabbTree m_tree;
    vox::VoxelModel m_crater;
    std::vector<std::pair<int32_t, int32_t>> m_boxPairs;
    std::vector<DesignScaleContact> m_contacts;
    std::vector<int32_t> m_changedModels;
    DesignScaleTimes m_times;
    int64_t m_erodedVoxels = 0;
    int64_t m_impacts = 0;
    int64_t m_bounces = 0;
    int64_t m_steps = 0;
};

/// Where a renderer's sprite (vox::SpriteInstance) puts a model's mesh so that it shows exactly at the
/// collision pose: a sprite turns and scales about its pivot, the corner of the mesh's cell (0, 0, 0) shifted
/// back by half the mesh's depth (scene_renderer.h), so the pivot goes where the pose puts that point.
struct DesignScaleSprite {
    glm::vec3 position{0.0f};                   ///< World position of the pivot.
    glm::quat rotation{1.0f, 0.0f, 0.0f, 0.0f}; ///< The model's orientation.
    float scale = 1.0f;                         ///< Cells of the model per cell of the mesh drawn.
};

/// The sprite placement of `object` drawn from its mesh at 1 / `factor` of the resolution
/// (`downsampleVoxels(object.model, factor)`; factor 1: the model itself).
[[nodiscard]] DesignScaleSprite spritePlacement(const DesignScaleModel& object, int32_t factor);

/// The touching pairs by the narrowphase on every pair of models, no broadphase: the reference
/// `DesignScaleWorld::findContacts` is tested against. Pairs (lower index first), sorted.
[[nodiscard]] std::vector<std::pair<int32_t, int32_t>> touchingPairsBruteForce(const DesignScaleWorld& world);

/// `model` at half (`factor` 2) or a quarter (4) of the resolution: a cell is filled when any of the
/// factor^3 cells it covers is, with the colour of the first of them in scan order. Drawn at scale
/// `factor` it covers the same space as `model`; for a coarser level of detail.
[[nodiscard]] vox::VoxelModel downsampleVoxels(const vox::VoxelModel& model, int32_t factor);

} // namespace samples
