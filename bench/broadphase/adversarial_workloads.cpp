#include "adversarial_workloads.h"

#include <glm/glm.hpp>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <utility>

namespace bench {

namespace {

constexpr float kTwoPi = 6.28318530718f;

/// The side of W2's flat square for `count` boxes (about two overlaps per box).
float flatSwarmSide(int32_t count) {
    return static_cast<float>(std::sqrt(static_cast<double>(count) * 6.25 / 2.0));
}

/// A flat box (z [-0.5, 0.5]) centred at (x, y).
vox::Aabb flatBox(const glm::vec3& center, float halfX, float halfY) {
    return vox::Aabb::fromCenter(glm::vec3(center.x, center.y, 0.0f), glm::vec3(halfX, halfY, 0.5f));
}

/// W2's flat draw: centre in [0, side)^2, half extents U[0.25, 1], velocity U[-3, 3], in that order.
void drawFlatSwarmObject(vox::Rng& rng, float side, SceneObject& object) {
    const glm::vec3 center(rng.uniform(0.0f, side), rng.uniform(0.0f, side), 0.0f);
    const float halfX = rng.uniform(0.25f, 1.0f);
    const float halfY = rng.uniform(0.25f, 1.0f);
    object.velocity = glm::vec3(rng.uniform(-3.0f, 3.0f), rng.uniform(-3.0f, 3.0f), 0.0f);
    object.box = flatBox(center, halfX, halfY);
    object.alive = true;
}

/// Moves a flat object by velocity * dt, its centre reflecting at the walls of [0, side]^2 (W2's rule).
void moveReflecting(SceneObject& object, float side) {
    const glm::vec3 half = object.box.halfExtent();
    const glm::vec3 center = moveInsideWalls(object.box.center(), object.velocity, side, 2);
    object.box = flatBox(center, half.x, half.y);
}

float logUniform(vox::Rng& rng, float lo, float hi) {
    return std::exp(rng.uniform(std::log(lo), std::log(hi)));
}

} // namespace

// --- Wrap-around -------------------------------------------------------------------------------------------

WrapAroundWorkload::WrapAroundWorkload(const WrapAroundConfig& config)
    : m_config(config), m_rng(config.seed) {}

void WrapAroundWorkload::start(FrameEvents& events) {
    const int32_t total = m_config.movers + m_config.statics;
    objects.assign(static_cast<size_t>(total), SceneObject{});
    for (int32_t i = 0; i < total; ++i) {
        SceneObject& object = objects[i];
        const glm::vec3 center(m_rng.uniform(0.0f, m_config.side), m_rng.uniform(0.0f, m_config.side), 0.0f);
        const float halfX = m_rng.uniform(0.25f, 1.5f);
        const float halfY = m_rng.uniform(0.25f, 1.5f);
        object.box = flatBox(center, halfX, halfY);
        object.alive = true;
        if (i < m_config.movers) {
            const float angle = m_rng.uniform(0.0f, kTwoPi);
            const float speed = m_rng.uniform(0.0f, m_config.maxSpeed);
            object.velocity = glm::vec3(speed * std::cos(angle), speed * std::sin(angle), 0.0f);
        } else {
            object.isStatic = true;
        }
        events.created.push_back(i);
    }
}

void WrapAroundWorkload::step(FrameEvents& events) {
    const float side = m_config.side;
    for (int32_t i = 0; i < m_config.movers; ++i) {
        SceneObject& object = objects[i];
        const glm::vec3 half = object.box.halfExtent();
        glm::vec3 center = object.box.center() + object.velocity * kDt;
        // The teleport is the game's business: the broadphase is still told velocity * dt.
        for (int axis = 0; axis < 2; ++axis) {
            if (center[axis] >= side)
                center[axis] -= side;
            else if (center[axis] < 0.0f)
                center[axis] += side;
        }
        object.box = flatBox(center, half.x, half.y);
        events.moved.push_back(i);
    }
}

// --- Bullets among ships (3D)
// -------------------------------------------------------------------------------

namespace {
/// A direction uniform on the unit sphere.
glm::vec3 uniformDirection(vox::Rng& rng) {
    const float z = rng.uniform(-1.0f, 1.0f);
    const float angle = rng.uniform(0.0f, kTwoPi);
    const float r = std::sqrt(std::max(0.0f, 1.0f - z * z));
    return glm::vec3(r * std::cos(angle), r * std::sin(angle), z);
}
} // namespace

BulletsWorkload::BulletsWorkload(const BulletsConfig& config) : m_config(config), m_rng(config.seed) {}

void BulletsWorkload::start(FrameEvents& events) {
    const int32_t movers = m_config.ships + m_config.bullets;
    const int32_t total = movers + m_config.statics;
    objects.assign(static_cast<size_t>(total), SceneObject{});
    for (int32_t i = 0; i < total; ++i) {
        SceneObject& object = objects[i];
        const float side = m_config.side;
        const glm::vec3 center(m_rng.uniform(0.0f, side), m_rng.uniform(0.0f, side),
                               m_rng.uniform(0.0f, side));
        const bool bullet = i >= m_config.ships && i < movers;
        // Roughly cubic (each axis within 20 % of the object's size), sizes spread over a factor 4.
        const float size = bullet ? m_rng.uniform(0.05f, 0.1f) : m_rng.uniform(0.5f, 2.0f);
        const glm::vec3 half(size * m_rng.uniform(0.8f, 1.2f), size * m_rng.uniform(0.8f, 1.2f),
                             size * m_rng.uniform(0.8f, 1.2f));
        object.box = vox::Aabb::fromCenter(center, half);
        object.alive = true;
        if (i < movers) {
            const float speed = bullet ? m_config.bulletSpeed : m_rng.uniform(0.0f, m_config.shipSpeed);
            object.velocity = uniformDirection(m_rng) * speed;
        } else {
            object.isStatic = true;
        }
        events.created.push_back(i);
    }
}

void BulletsWorkload::step(FrameEvents& events) {
    const float side = m_config.side;
    for (int32_t i = 0; i < m_config.ships + m_config.bullets; ++i) {
        SceneObject& object = objects[i];
        const glm::vec3 half = object.box.halfExtent();
        glm::vec3 center = object.box.center() + object.velocity * kDt;
        for (int axis = 0; axis < 3; ++axis) {
            if (center[axis] >= side)
                center[axis] -= side;
            else if (center[axis] < 0.0f)
                center[axis] += side;
        }
        object.box = vox::Aabb::fromCenter(center, half);
        events.moved.push_back(i);
    }
}

// --- Teleports ---------------------------------------------------------------------------------------------

TeleportWorkload::TeleportWorkload(const TeleportConfig& config)
    : m_config(config), m_rng(config.seed), m_side(flatSwarmSide(config.count)) {}

void TeleportWorkload::start(FrameEvents& events) {
    objects.assign(static_cast<size_t>(m_config.count), SceneObject{});
    for (int32_t i = 0; i < m_config.count; ++i) {
        drawFlatSwarmObject(m_rng, m_side, objects[i]);
        events.created.push_back(i);
    }
}

void TeleportWorkload::step(FrameEvents& events) {
    ++m_step;
    const int64_t period = m_config.period;
    const bool allJump = m_config.together && m_step % period == 0;
    for (int32_t i = 0; i < m_config.count; ++i) {
        SceneObject& object = objects[i];
        const bool jump = m_config.together ? allJump : (m_step + i) % period == 0;
        if (jump) {
            const glm::vec3 half = object.box.halfExtent();
            const glm::vec3 center(m_rng.uniform(0.0f, m_side), m_rng.uniform(0.0f, m_side), 0.0f);
            object.box = flatBox(center, half.x, half.y);
        } else {
            moveReflecting(object, m_side);
        }
        events.moved.push_back(i);
    }
    events.jump = allJump;
}

// --- Oscillation -------------------------------------------------------------------------------------------

OscillatingWorkload::OscillatingWorkload(const OscillatingConfig& config)
    : m_config(config), m_rng(config.seed) {}

void OscillatingWorkload::start(FrameEvents& events) {
    const float side = flatSwarmSide(m_config.count);
    objects.assign(static_cast<size_t>(m_config.count), SceneObject{});
    m_motion.resize(static_cast<size_t>(m_config.count));
    for (int32_t i = 0; i < m_config.count; ++i) {
        Motion& motion = m_motion[i];
        motion.origin = glm::vec3(m_rng.uniform(0.0f, side), m_rng.uniform(0.0f, side), 0.0f);
        const float halfX = m_rng.uniform(0.25f, 1.0f);
        const float halfY = m_rng.uniform(0.25f, 1.0f);
        const float angle = m_rng.uniform(0.0f, kTwoPi);
        motion.direction = glm::vec3(std::cos(angle), std::sin(angle), 0.0f);
        motion.amplitude = m_rng.uniform(0.5f, 3.0f);
        motion.omega = kTwoPi / m_rng.uniform(1.0f, 3.0f);
        motion.phase = m_rng.uniform(0.0f, kTwoPi);
        objects[i].box = flatBox(motion.origin + motion.direction * motion.amplitude * std::sin(motion.phase),
                                 halfX, halfY);
        objects[i].velocity = motion.direction * motion.amplitude * motion.omega * std::cos(motion.phase);
        objects[i].alive = true;
        events.created.push_back(i);
    }
}

void OscillatingWorkload::step(FrameEvents& events) {
    ++m_step;
    // In double: after thousands of steps a float time would make the phase jitter.
    const double t = static_cast<double>(m_step) * static_cast<double>(kDt);
    for (int32_t i = 0; i < m_config.count; ++i) {
        const Motion& motion = m_motion[i];
        SceneObject& object = objects[i];
        const double angle = static_cast<double>(motion.omega) * t + static_cast<double>(motion.phase);
        const auto offset = static_cast<float>(static_cast<double>(motion.amplitude) * std::sin(angle));
        const auto speed =
            static_cast<float>(static_cast<double>(motion.amplitude * motion.omega) * std::cos(angle));
        const glm::vec3 half = object.box.halfExtent();
        object.box = flatBox(motion.origin + motion.direction * offset, half.x, half.y);
        object.velocity = motion.direction * speed;
        events.moved.push_back(i);
    }
}

// --- Mixed sizes -------------------------------------------------------------------------------------------

MixedSizesWorkload::MixedSizesWorkload(const MixedSizesConfig& config)
    : m_config(config), m_rng(config.seed) {}

void MixedSizesWorkload::start(FrameEvents& events) {
    objects.assign(static_cast<size_t>(m_config.count), SceneObject{});
    // The huge ones spread evenly over the ids (and so over the insertion order).
    const int32_t stride = m_config.hugeCount > 0 ? std::max(1, m_config.count / m_config.hugeCount) : 0;
    int32_t huge = 0;
    std::vector<float> extents;
    for (int32_t i = 0; i < m_config.count; ++i) {
        SceneObject& object = objects[i];
        const bool isHuge = stride > 0 && i % stride == stride / 2 && huge < m_config.hugeCount;
        huge += isHuge ? 1 : 0;
        const float size = isHuge ? logUniform(m_rng, 10.0f, 1000.0f) : logUniform(m_rng, 0.01f, 10.0f);
        const float halfX = 0.5f * size * m_rng.uniform(0.5f, 2.0f);
        const float halfY = 0.5f * size * m_rng.uniform(0.5f, 2.0f);
        const glm::vec3 center(m_rng.uniform(0.0f, m_config.side), m_rng.uniform(0.0f, m_config.side), 0.0f);
        object.velocity = glm::vec3(m_rng.uniform(-3.0f, 3.0f), m_rng.uniform(-3.0f, 3.0f), 0.0f);
        object.box = flatBox(center, halfX, halfY);
        object.alive = true;
        extents.push_back(2.0f * std::max(halfX, halfY));
        events.created.push_back(i);
    }
    const auto middle = extents.begin() + static_cast<std::ptrdiff_t>(extents.size() / 2);
    std::nth_element(extents.begin(), middle, extents.end());
    m_medianExtent = extents.empty() ? 1.0f : *middle;
}

void MixedSizesWorkload::step(FrameEvents& events) {
    for (int32_t i = 0; i < m_config.count; ++i) {
        moveReflecting(objects[i], m_config.side);
        events.moved.push_back(i);
    }
}

// --- Clusters ----------------------------------------------------------------------------------------------

namespace {
constexpr float kClusterSide = 2.5f;    // one grid cell of twice W2's mean extent
constexpr float kIdenticalSide = 20.0f; // where the identical boxes travel
} // namespace

ClusterWorkload::ClusterWorkload(const ClusterConfig& config) : m_config(config), m_rng(config.seed) {}

void ClusterWorkload::start(FrameEvents& events) {
    objects.assign(static_cast<size_t>(m_config.count), SceneObject{});
    for (int32_t i = 0; i < m_config.count; ++i) {
        SceneObject& object = objects[i];
        if (m_config.identical) {
            object.box = flatBox(glm::vec3(10.0f, 10.0f, 0.0f), 0.5f, 0.5f);
            object.velocity = glm::vec3(1.0f, 0.5f, 0.0f);
        } else {
            const glm::vec3 center(m_rng.uniform(0.0f, kClusterSide), m_rng.uniform(0.0f, kClusterSide),
                                   0.0f);
            const float halfX = m_rng.uniform(0.25f, 1.0f);
            const float halfY = m_rng.uniform(0.25f, 1.0f);
            object.box = flatBox(center, halfX, halfY);
        }
        object.alive = true;
        events.created.push_back(i);
    }
}

void ClusterWorkload::step(FrameEvents& events) {
    for (int32_t i = 0; i < m_config.count; ++i) {
        SceneObject& object = objects[i];
        if (m_config.identical) {
            moveReflecting(object,
                           kIdenticalSide); // the same arithmetic on the same box: they stay identical
        } else {
            object.velocity = glm::vec3(m_rng.uniform(-3.0f, 3.0f), m_rng.uniform(-3.0f, 3.0f), 0.0f);
            moveReflecting(object, kClusterSide);
        }
        events.moved.push_back(i);
    }
}

// --- Sleep then wake ---------------------------------------------------------------------------------------

SleepWakeWorkload::SleepWakeWorkload(const SleepWakeConfig& config)
    : m_config(config), m_rng(config.seed), m_side(flatSwarmSide(config.count)) {}

void SleepWakeWorkload::start(FrameEvents& events) {
    objects.assign(static_cast<size_t>(m_config.count), SceneObject{});
    for (int32_t i = 0; i < m_config.count; ++i) {
        drawFlatSwarmObject(m_rng, m_side, objects[i]);
        events.created.push_back(i);
    }
}

void SleepWakeWorkload::step(FrameEvents& events) {
    ++m_step;
    const bool awake = m_step > m_config.sleepSteps;
    for (int32_t i = 0; i < m_config.count; ++i) {
        if (!awake && i % 10 != 0)
            continue;
        moveReflecting(objects[i], m_side);
        events.moved.push_back(i);
    }
    events.jump = m_step == m_config.sleepSteps + 1;
}

// --- Far from the origin -----------------------------------------------------------------------------------

ShiftedWorkload::ShiftedWorkload(std::unique_ptr<Workload> inner, const glm::vec3& offset)
    : m_inner(std::move(inner)), m_offset(offset) {}

void ShiftedWorkload::start(FrameEvents& events) {
    m_inner->start(events);
    copyShifted();
}

void ShiftedWorkload::step(FrameEvents& events) {
    m_inner->step(events);
    copyShifted();
}

void ShiftedWorkload::copyShifted() {
    objects = m_inner->objects;
    for (SceneObject& object : objects)
        object.box = {object.box.min + m_offset, object.box.max + m_offset};
}

// --- Insertion ---------------------------------------------------------------------------------------------

const char* toString(InsertionOrder order) {
    switch (order) {
    case InsertionOrder::Sorted:
        return "sorted";
    case InsertionOrder::ReverseSorted:
        return "reverse-sorted";
    case InsertionOrder::Clustered:
        return "clustered";
    case InsertionOrder::Random:
        return "random";
    }
    return "?";
}

std::vector<vox::Aabb> makeInsertionScene(int32_t count, InsertionOrder order, bool flat) {
    vox::Rng rng(0x33A6ull ^ static_cast<uint64_t>(count));
    const double n = static_cast<double>(count);
    const auto side = static_cast<float>(flat ? std::sqrt(n * 6.25 / 2.0) : std::cbrt(n * 15.625 / 2.0));
    std::vector<vox::Aabb> boxes(static_cast<size_t>(count));
    for (vox::Aabb& box : boxes) {
        glm::vec3 center(rng.uniform(0.0f, side), rng.uniform(0.0f, side), 0.0f);
        if (!flat)
            center.z = rng.uniform(0.0f, side);
        glm::vec3 half(rng.uniform(0.25f, 1.0f), rng.uniform(0.25f, 1.0f), 0.5f);
        if (!flat)
            half.z = rng.uniform(0.25f, 1.0f);
        box = vox::Aabb::fromCenter(center, half);
    }
    const auto byX = [](const vox::Aabb& a, const vox::Aabb& b) {
        return a.min.x + a.max.x < b.min.x + b.max.x;
    };
    switch (order) {
    case InsertionOrder::Sorted:
        std::stable_sort(boxes.begin(), boxes.end(), byX);
        break;
    case InsertionOrder::ReverseSorted:
        std::stable_sort(boxes.begin(), boxes.end(), byX);
        std::reverse(boxes.begin(), boxes.end());
        break;
    case InsertionOrder::Clustered: {
        constexpr int kBlocks = 16;
        const auto blockOf = [&](const vox::Aabb& box) {
            const glm::vec3 c = box.center();
            const auto cell = [&](float v) {
                return std::clamp(static_cast<int>(v / side * kBlocks), 0, kBlocks - 1);
            };
            return cell(c.x) + kBlocks * (cell(c.y) + kBlocks * (flat ? 0 : cell(c.z)));
        };
        // Stable: within a block, the drawn (random) order.
        std::stable_sort(boxes.begin(), boxes.end(),
                         [&](const vox::Aabb& a, const vox::Aabb& b) { return blockOf(a) < blockOf(b); });
        break;
    }
    case InsertionOrder::Random:
        break;
    }
    return boxes;
}

// --- The suite ---------------------------------------------------------------------------------------------

std::vector<AdversarialCase> adversarialSuite(SuiteScale scale) {
    const bool bench = scale == SuiteScale::Bench;
    // Benchmark: thousands of proxies, as the user had; tests: a few hundred, the same densities.
    const int32_t n = bench ? 5000 : 300;
    const int warmup = bench ? 60 : 0;
    const int steps = bench ? 300 : 200;
    // W2's half extents U[0.25, 1]: mean extent 1.25, a grid cell of twice that.
    constexpr float kSwarmCell = 2.5f;
    std::vector<AdversarialCase> suite;

    // The scene: 5,000 movers and 300 static boxes in 400 x 400; the test keeps its density.
    const int32_t statics = bench ? 300 : 20;
    const float wrapSide = bench ? 400.0f : 400.0f * std::sqrt(static_cast<float>(n + statics) / 5300.0f);
    for (const float speed : {20.0f, 100.0f, 300.0f}) {
        const WrapAroundConfig config{n, statics, wrapSide, speed};
        // Cell 4: what the user chose for boxes up to 3 across.
        suite.push_back({"wrap/v" + std::to_string(static_cast<int>(speed)),
                         [=] { return std::make_unique<WrapAroundWorkload>(config); }, 4.0f, warmup, steps});
        suite.back().seed = config.seed;
    }
    // Bullets among ships: few fast ones, a third of the movers very fast, half the movers fast. The test
    // keeps the density (objects per volume) and the speeds.
    for (const auto& [bullets, speed] : {std::pair{1000, 300.0f}, {3000, 800.0f}, {6000, 200.0f}}) {
        BulletsConfig config;
        config.bullets = bullets;
        config.bulletSpeed = speed;
        if (!bench) {
            config.ships = 240;
            config.bullets = bullets * 240 / 4000;
            config.statics = 120;
            const auto total = static_cast<float>(config.ships + config.bullets + config.statics);
            config.side = 300.0f * std::cbrt(total / static_cast<float>(4000 + bullets + 2000));
        }
        // Cell 4: the ships' largest extent.
        suite.push_back(
            {"bullets/" + std::to_string(bullets) + "-v" + std::to_string(static_cast<int>(speed)),
             [=] { return std::make_unique<BulletsWorkload>(config); }, 4.0f, warmup, steps});
        suite.back().seed = config.seed;
    }
    for (const bool together : {false, true}) {
        const TeleportConfig config{n, 30, together};
        suite.push_back({together ? "teleport/together" : "teleport/staggered",
                         [=] { return std::make_unique<TeleportWorkload>(config); }, kSwarmCell, warmup,
                         steps});
        suite.back().seed = config.seed;
    }
    {
        const OscillatingConfig config{n};
        suite.push_back({"oscillate", [=] { return std::make_unique<OscillatingWorkload>(config); },
                         kSwarmCell, warmup, steps});
        suite.back().seed = config.seed;
    }
    {
        const MixedSizesConfig config{n, bench ? 10 : 2, 300.0f * std::sqrt(static_cast<float>(n) / 5000.0f)};
        MixedSizesWorkload probe(config);
        FrameEvents events;
        probe.start(events);
        suite.push_back({"mixed-sizes", [=] { return std::make_unique<MixedSizesWorkload>(config); },
                         2.0f * probe.medianExtent(), warmup, steps});
        suite.back().seed = config.seed;
    }
    // Every pair overlaps: n^2 / 2 pairs, so fewer proxies.
    const int32_t clustered = bench ? 500 : 150;
    const int clusterSteps = bench ? 200 : 150;
    for (const bool identical : {false, true}) {
        const ClusterConfig config{clustered, identical};
        suite.push_back({identical ? "cluster/identical" : "cluster/one-cell",
                         [=] { return std::make_unique<ClusterWorkload>(config); },
                         identical ? 2.0f : kSwarmCell, bench ? 30 : 0, clusterSteps});
        suite.back().seed = config.seed;
    }
    {
        // The benchmark times the last 940 sleeping steps and 300 awake ones (the wake is flagged a jump).
        const SleepWakeConfig config{n, bench ? 1000 : 150};
        const int awakeSteps = bench ? 300 : 100;
        suite.push_back({"sleep-wake", [=] { return std::make_unique<SleepWakeWorkload>(config); },
                         kSwarmCell, warmup, config.sleepSteps - warmup + awakeSteps});
        suite.back().seed = config.seed;
    }
    for (const float offset : {0.0f, 1e4f, 1e6f}) {
        const std::string name = offset == 0.0f ? "far/0" : offset == 1e4f ? "far/1e4" : "far/1e6";
        const SwarmConfig config{n, SwarmConfig::Motion::AllMove, true};
        suite.push_back({name,
                         [=] {
                             return std::make_unique<ShiftedWorkload>(std::make_unique<SwarmWorkload>(config),
                                                                      glm::vec3(offset, offset, 0.0f));
                         },
                         kSwarmCell, warmup, steps});
        suite.back().seed = 12345ull ^ (static_cast<uint64_t>(n) * 7919ull);
    }
    return suite;
}

} // namespace bench
