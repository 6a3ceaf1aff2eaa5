#pragma once
// The benchmark workloads of /work/shared/reference/broadphase-workloads.md (W1 invaders, W2 swarm, W3
// queries): deterministic scenes that say, frame by frame, which objects were created, destroyed and moved.
// Every broadphase under test is fed the very same events.

#include "vox/broadphase/aabb.h"
#include "vox/core/rng.h"

#include <glm/vec3.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace bench {

constexpr float kDt = 1.0f / 60.0f;

/// One object of a scene, indexed by a stable object id.
struct SceneObject {
    vox::Aabb box;            ///< Current tight box.
    glm::vec3 velocity{0.0f}; ///< Units per second, as of the coming step (after any bounce or turn).
    bool isStatic = false;
    bool alive = false;
};

/// What changed in one frame, by object id.
struct FrameEvents {
    std::vector<int32_t> created;
    std::vector<int32_t> destroyed;
    std::vector<int32_t> moved;
    /// Many objects jumped further than their motion said (W1: the formation dropped a row): the frame a
    /// fat-box broadphase has many proxies leaving their fat boxes at once.
    bool jump = false;
    void clear() {
        created.clear();
        destroyed.clear();
        moved.clear();
        jump = false;
    }
};

/// A scene that evolves one fixed step at a time.
class Workload {
public:
    virtual ~Workload() = default;
    /// Creates the initial objects (all reported as created).
    virtual void start(FrameEvents& events) = 0;
    /// Advances one step of kDt.
    virtual void step(FrameEvents& events) = 0;
    /// True when every box has z extent [-0.5, 0.5] and no z motion (what a 2D peer sees exactly).
    [[nodiscard]] virtual bool flat() const = 0;

    std::vector<SceneObject> objects;
};

/// W2: N boxes in a cube (or square, when flat) with constant or random-walk velocities, reflecting at walls.
struct SwarmConfig {
    enum class Motion { AllMove, TenPercent, RandomWalk };
    int32_t count = 1000;
    Motion motion = Motion::AllMove;
    bool flat = false;
};

class SwarmWorkload final : public Workload {
public:
    explicit SwarmWorkload(const SwarmConfig& config);
    void start(FrameEvents& events) override;
    void step(FrameEvents& events) override;
    [[nodiscard]] bool flat() const override { return m_config.flat; }
    [[nodiscard]] float side() const { return m_side; }

private:
    SwarmConfig m_config;
    vox::Rng m_rng;
    float m_side = 0.0f;
};

/// W1: the invaders scene (55 marching aliens, a player, 292 static shield voxels, up to 30 shots).
class InvadersWorkload final : public Workload {
public:
    InvadersWorkload();
    void start(FrameEvents& events) override;
    void step(FrameEvents& events) override;
    [[nodiscard]] bool flat() const override { return false; }

private:
    int32_t spawnShot(const glm::vec3& center, const glm::vec3& halfExtent, float speed);
    void placeAliens();
    void placePlayer();

    vox::Rng m_rng{777};
    int64_t m_frame = 0;
    glm::vec3 m_formation{1.0f, 14.0f, 0.0f};
    float m_direction = 1.0f;
    int32_t m_player = 0;
    std::vector<int32_t> m_shots; ///< Object ids of live shots.
    std::vector<int32_t> m_freeIds;
};

/// W3: the static W2 scene at N and a set of query boxes.
struct QuerySet {
    std::vector<vox::Aabb> scene;
    std::vector<vox::Aabb> small;
    std::vector<vox::Aabb> large;
};
[[nodiscard]] QuerySet makeQuerySet(int32_t count, bool flat);

/// A centre moved by `velocity` * kDt inside [0, side] on the first `axes` axes: past a wall it is reflected
/// back in and that component of the velocity turns around. The swarms' motion (W2 and the adversarial
/// ones).
[[nodiscard]] inline glm::vec3 moveInsideWalls(const glm::vec3& center, glm::vec3& velocity, float side,
                                               int axes) {
    glm::vec3 moved = center + velocity * kDt;
    for (int axis = 0; axis < axes; ++axis) {
        if (moved[axis] < 0.0f) {
            moved[axis] = -moved[axis];
            velocity[axis] = -velocity[axis];
        } else if (moved[axis] > side) {
            moved[axis] = 2.0f * side - moved[axis];
            velocity[axis] = -velocity[axis];
        }
    }
    return moved;
}

/// Every pair of live objects (not both static) whose tight boxes overlap, as sorted keys
/// (min id << 32 | max id): the exact set, by a sort-and-sweep on x independent of every broadphase.
[[nodiscard]] std::vector<uint64_t> exactPairs(const std::vector<SceneObject>& objects);

/// Branch-free: which id of a reported pair is smaller is random, so a compare-and-swap that the compiler
/// turns into a branch is mispredicted every other pair, and it did so for some broadphases' callbacks and
/// not others (docs/benchmarks.md, "Tree API for outside users").
[[nodiscard]] inline uint64_t pairKey(int32_t a, int32_t b) {
    const uint64_t ab = static_cast<uint64_t>(static_cast<uint32_t>(a)) << 32 | static_cast<uint32_t>(b);
    const uint64_t ba = ab << 32 | ab >> 32;
    const uint64_t swap = uint64_t{0} - static_cast<uint64_t>(b < a);
    return ab ^ ((ab ^ ba) & swap);
}

} // namespace bench
