#pragma once
// Adversarial broadphase workloads (issue 33): scenes chosen to find the cliffs of a fat-box tree, which the
// W1/W2/W3 workloads of workloads.h lack. A game tried from outside found one (fast steady movers in a world
// that wraps around: the tree 26x slower than a uniform grid rebuilt every step); these look for the rest.
// Like workloads.h they are deterministic (vox::Rng, SplitMix64, fixed seeds) and say, step by step, what was
// created, destroyed and moved; the same generators run at benchmark size (adversarial_bench.cpp) and at test
// size (tests/engine/broadphase/adversarial_workloads_test.cpp), from one list: `adversarialSuite`.
//
// Every moving object is given to the broadphase with displacement = velocity * dt, also on the steps where
// it jumped (wrapped around, teleported): what a game knows is its velocity, not that its position was
// rewritten.

#include "workloads.h"

#include "vox/broadphase/aabb.h"
#include "vox/core/rng.h"

#include <glm/vec3.hpp>

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace bench {

/// Fast steady movers in a square world that wraps around (a mover leaving one side reappears at the other:
/// its centre is shifted by the side, its velocity kept), plus static boxes. Flat: z extent [-0.5, 0.5].
/// Half extents U[0.25, 1.5] on x and y; centres uniform; each mover's direction uniform on the circle and
/// its speed U[0, maxSpeed] (so maxSpeed is the fastest mover's speed, as the issue puts it).
struct WrapAroundConfig {
    int32_t movers = 5000;
    int32_t statics = 300;
    float side = 400.0f;     ///< World units; the world is [0, side)^2.
    float maxSpeed = 100.0f; ///< Units per second.
    uint64_t seed = 0x33A0ull;
};

class WrapAroundWorkload final : public Workload {
public:
    explicit WrapAroundWorkload(const WrapAroundConfig& config);
    void start(FrameEvents& events) override;
    void step(FrameEvents& events) override;
    [[nodiscard]] bool flat() const override { return true; }

private:
    WrapAroundConfig m_config;
    vox::Rng m_rng;
};

/// Projectiles among ships, in 3D: a cube world that wraps around (as WrapAroundWorkload, on three axes)
/// holding slow ships (size s U[0.5, 2], half extents s U[0.8, 1.2] per axis, speed U[0, shipSpeed]), fast
/// bullets (s U[0.05, 0.1], speed bulletSpeed: many times their size a step) and static boxes (the ships'
/// sizes).
/// Directions uniform on the sphere. Sizes 40 times apart and a third of the movers outrunning any fat box:
/// the 3D scene an outside user tried after the flat suite was met.
struct BulletsConfig {
    int32_t ships = 4000;
    int32_t bullets = 3000;
    int32_t statics = 2000;
    float side = 300.0f;        ///< World units; the world is [0, side)^3.
    float shipSpeed = 5.0f;     ///< Units per second (the fastest ship).
    float bulletSpeed = 800.0f; ///< Units per second (every bullet).
    uint64_t seed = 0x33A7ull;
};

class BulletsWorkload final : public Workload {
public:
    explicit BulletsWorkload(const BulletsConfig& config);
    void start(FrameEvents& events) override;
    void step(FrameEvents& events) override;
    [[nodiscard]] bool flat() const override { return false; }

private:
    BulletsConfig m_config;
    vox::Rng m_rng;
};

/// A flat W2 swarm (half extents U[0.25, 1], velocities U[-3, 3], reflecting at the walls of a square of side
/// sqrt(N * 6.25 / 2)) whose movers jump to a uniform random place every `period` steps: staggered (mover i
/// on the steps where (step + i) % period == 0, so a 1/period share each step) or all together (every
/// period-th step, flagged as a jump).
struct TeleportConfig {
    int32_t count = 5000;
    int32_t period = 30;
    bool together = false;
    uint64_t seed = 0x33A1ull;
};

class TeleportWorkload final : public Workload {
public:
    explicit TeleportWorkload(const TeleportConfig& config);
    void start(FrameEvents& events) override;
    void step(FrameEvents& events) override;
    [[nodiscard]] bool flat() const override { return true; }

private:
    TeleportConfig m_config;
    vox::Rng m_rng;
    float m_side = 0.0f;
    int64_t m_step = 0;
};

/// Back-and-forth movers: centre = c0 + d * A sin(w t + phase), flat, d a uniform direction in the plane,
/// A U[0.5, 3] units, period 2 pi / w U[1, 3] s, phase U[0, 2 pi); half extents U[0.25, 1] in the W2 flat
/// square. Their velocity (d A w cos(w t + phase)) turns round every half period: a steady mover that
/// reverses, the case a tree that rewards steady motion with long fat boxes must not punish.
struct OscillatingConfig {
    int32_t count = 5000;
    uint64_t seed = 0x33A2ull;
};

class OscillatingWorkload final : public Workload {
public:
    explicit OscillatingWorkload(const OscillatingConfig& config);
    void start(FrameEvents& events) override;
    void step(FrameEvents& events) override;
    [[nodiscard]] bool flat() const override { return true; }

private:
    struct Motion {
        glm::vec3 origin, direction;
        float amplitude, omega, phase;
    };
    OscillatingConfig m_config;
    vox::Rng m_rng;
    std::vector<Motion> m_motion;
    int64_t m_step = 0;
};

/// Sizes from 0.01 to 1,000: each box's size s is log-uniform on [0.01, 10], but for `hugeCount` boxes
/// log-uniform on [10, 1000]; its half extents on x and y are s/2 times U[0.5, 2] each (flat, z [-0.5, 0.5]).
/// Centres uniform in a square of side `side`, velocities U[-3, 3], reflecting at the walls (the huge boxes
/// move too: platforms, sensors, a level-sized trigger).
struct MixedSizesConfig {
    int32_t count = 5000;
    int32_t hugeCount = 10;
    float side = 300.0f;
    uint64_t seed = 0x33A3ull;
};

class MixedSizesWorkload final : public Workload {
public:
    explicit MixedSizesWorkload(const MixedSizesConfig& config);
    void start(FrameEvents& events) override;
    void step(FrameEvents& events) override;
    [[nodiscard]] bool flat() const override { return true; }
    /// The median box extent (the larger of x and y), from which the grid peer's cell is chosen.
    [[nodiscard]] float medianExtent() const { return m_medianExtent; }

private:
    MixedSizesConfig m_config;
    vox::Rng m_rng;
    float m_medianExtent = 0.0f;
};

/// Everything in one spot. `identical` false: half extents U[0.25, 1] with centres uniform in a square of
/// side 2.5 (one grid cell of twice the mean extent), random-walking (a new velocity U[-3, 3] each step) and
/// reflecting at that square's walls: nearly every pair overlaps. `identical` true: `count` boxes of half
/// extent 0.5 at one point, moving in lockstep (velocity (1, 0.5)) and reflecting in a square of side 20, so
/// they stay identical: the SAH sees nothing to split them by.
struct ClusterConfig {
    int32_t count = 500;
    bool identical = false;
    uint64_t seed = 0x33A4ull;
};

class ClusterWorkload final : public Workload {
public:
    explicit ClusterWorkload(const ClusterConfig& config);
    void start(FrameEvents& events) override;
    void step(FrameEvents& events) override;
    [[nodiscard]] bool flat() const override { return true; }

private:
    ClusterConfig m_config;
    vox::Rng m_rng;
};

/// Sleep then wake: a flat W2 swarm (all dynamic proxies) in which, for the first `sleepSteps` steps, only
/// the objects with id % 10 == 0 move (the other 90 % are still: not moved, as a game does not move a
/// sleeping body); from then on all move. The first step where all move is flagged as a jump.
struct SleepWakeConfig {
    int32_t count = 5000;
    int32_t sleepSteps = 1000;
    uint64_t seed = 0x33A5ull;
};

class SleepWakeWorkload final : public Workload {
public:
    explicit SleepWakeWorkload(const SleepWakeConfig& config);
    void start(FrameEvents& events) override;
    void step(FrameEvents& events) override;
    [[nodiscard]] bool flat() const override { return true; }

private:
    SleepWakeConfig m_config;
    vox::Rng m_rng;
    float m_side = 0.0f;
    int64_t m_step = 0;
};

/// Another workload's scene moved by `offset` (far from the origin, where a float's spacing is coarse: 2^-10
/// at 10^4, 1/16 at 10^6, so that a W2 box moving 0.05 a step moves 0 or 1/16). The inner workload computes
/// near the origin; the boxes handed out are its boxes plus `offset`, rounded to float as a game far out
/// would have them. Velocities are the inner ones.
class ShiftedWorkload final : public Workload {
public:
    ShiftedWorkload(std::unique_ptr<Workload> inner, const glm::vec3& offset);
    void start(FrameEvents& events) override;
    void step(FrameEvents& events) override;
    [[nodiscard]] bool flat() const override { return m_inner->flat(); }

private:
    void copyShifted();
    std::unique_ptr<Workload> m_inner;
    glm::vec3 m_offset;
};

/// The order in which a static scene is inserted one proxy at a time.
enum class InsertionOrder { Sorted, ReverseSorted, Clustered, Random };

[[nodiscard]] const char* toString(InsertionOrder order);

/// `count` boxes of the W2 distribution (half extents U[0.25, 1], centres uniform in the W2 cube, or the flat
/// square with z [-0.5, 0.5]) in insertion order: sorted by centre x, reverse sorted, clustered (the space
/// cut into 16 x 16 (x 16) blocks visited row by row, the boxes of one block in random order), or random (the
/// order drawn). Seed 0x33A6 ^ count.
[[nodiscard]] std::vector<vox::Aabb> makeInsertionScene(int32_t count, InsertionOrder order, bool flat);

/// One workload of the suite, as the benchmark and the tests see it.
struct AdversarialCase {
    std::string name;                                ///< e.g. "wrap/v300"; also the benchmark's name prefix.
    std::function<std::unique_ptr<Workload>()> make; ///< A fresh workload at the start.
    float gridCell = 2.0f;                           ///< Cell size for the rebuilt grid peer.
    int warmup = 0;                                  ///< Steps before the timed (benchmark) or checked ones.
    int steps = 0;                                   ///< Timed (benchmark) or checked (tests) steps.
    uint64_t seed = 0;                               ///< The workload's seed, for messages.
};

/// Benchmark size (thousands of proxies, hundreds of steps) or test size (a few hundred proxies, a few
/// hundred steps, every step checked against brute force in well under a second).
enum class SuiteScale { Bench, Test };

/// The suite, in a fixed order: wrap/v20, wrap/v100, wrap/v300, bullets/1000-v300,
/// bullets/3000-v800, bullets/6000-v200, teleport/staggered, teleport/together,
/// oscillate, mixed-sizes, cluster/one-cell, cluster/identical, sleep-wake, far/1e4, far/1e6.
[[nodiscard]] std::vector<AdversarialCase> adversarialSuite(SuiteScale scale);

} // namespace bench
