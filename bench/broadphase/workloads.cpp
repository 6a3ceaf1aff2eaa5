#include "workloads.h"

#include <glm/glm.hpp>

#include <algorithm>
#include <cmath>
#include <numeric>

namespace bench {

namespace {

float swarmSide(int32_t count, bool flat) {
    const double n = static_cast<double>(count);
    return static_cast<float>(flat ? std::sqrt(n * 6.25 / 2.0) : std::cbrt(n * 15.625 / 2.0));
}

// Draws one swarm box: centre, then half extents, then velocity, each axis in x, y, z order (z skipped when
// flat). The draw order is part of the workload definition: every broadphase sees the same boxes.
void drawSwarmObject(vox::Rng& rng, float side, bool flat, SceneObject& object) {
    glm::vec3 center(rng.uniform(0.0f, side), rng.uniform(0.0f, side), 0.0f);
    if (!flat)
        center.z = rng.uniform(0.0f, side);
    glm::vec3 half(rng.uniform(0.25f, 1.0f), rng.uniform(0.25f, 1.0f), 0.5f);
    if (!flat)
        half.z = rng.uniform(0.25f, 1.0f);
    glm::vec3 velocity(rng.uniform(-3.0f, 3.0f), rng.uniform(-3.0f, 3.0f), 0.0f);
    if (!flat)
        velocity.z = rng.uniform(-3.0f, 3.0f);
    object.box = vox::Aabb::fromCenter(center, half);
    object.velocity = velocity;
    object.alive = true;
}

} // namespace

SwarmWorkload::SwarmWorkload(const SwarmConfig& config)
    : m_config(config), m_rng(12345ull ^ (static_cast<uint64_t>(config.count) * 7919ull)),
      m_side(swarmSide(config.count, config.flat)) {}

void SwarmWorkload::start(FrameEvents& events) {
    objects.assign(static_cast<size_t>(m_config.count), SceneObject{});
    for (int32_t i = 0; i < m_config.count; ++i) {
        SceneObject& object = objects[i];
        drawSwarmObject(m_rng, m_side, m_config.flat, object);
        if (m_config.motion == SwarmConfig::Motion::TenPercent && i % 10 != 0) {
            object.isStatic = true;
            object.velocity = glm::vec3(0.0f);
        }
        events.created.push_back(i);
    }
}

void SwarmWorkload::step(FrameEvents& events) {
    const int axes = m_config.flat ? 2 : 3;
    for (int32_t i = 0; i < m_config.count; ++i) {
        SceneObject& object = objects[i];
        if (object.isStatic)
            continue;
        if (m_config.motion == SwarmConfig::Motion::RandomWalk)
            for (int axis = 0; axis < axes; ++axis)
                object.velocity[axis] = m_rng.uniform(-3.0f, 3.0f);
        const glm::vec3 half = object.box.halfExtent();
        const glm::vec3 center = moveInsideWalls(object.box.center(), object.velocity, m_side, axes);
        object.box = vox::Aabb::fromCenter(center, half);
        events.moved.push_back(i);
    }
}

// --- W1 -------------------------------------------------------------------------------------------------

namespace {
constexpr int32_t kAlienColumns = 11;
constexpr int32_t kAlienRows = 5;
constexpr int32_t kAlienCount = kAlienColumns * kAlienRows;
constexpr float kFieldWidth = 22.4f;
constexpr float kFieldHeight = 25.6f;
constexpr float kFormationWidth = 17.2f;
constexpr int32_t kMaxShots = 30;
} // namespace

InvadersWorkload::InvadersWorkload() = default;

void InvadersWorkload::placeAliens() {
    for (int32_t row = 0; row < kAlienRows; ++row)
        for (int32_t column = 0; column < kAlienColumns; ++column) {
            SceneObject& alien = objects[row * kAlienColumns + column];
            const glm::vec3 lo = m_formation + glm::vec3(1.6f * static_cast<float>(column),
                                                         1.2f * static_cast<float>(row), -0.4f);
            const vox::Aabb box{lo, lo + glm::vec3(1.2f, 0.8f, 0.8f)};
            alien.box = box;
            alien.velocity = glm::vec3(2.0f * m_direction, 0.0f, 0.0f);
            alien.alive = true;
        }
}

void InvadersWorkload::placePlayer() {
    SceneObject& player = objects[m_player];
    const float t = static_cast<float>(m_frame) * kDt;
    player.box = vox::Aabb::fromCenter(glm::vec3(11.2f + 9.0f * std::sin(0.7f * t), 1.5f, 0.0f),
                                       glm::vec3(0.65f, 0.4f, 0.4f));
    player.velocity = glm::vec3(9.0f * 0.7f * std::cos(0.7f * t), 0.0f, 0.0f);
    player.alive = true;
}

void InvadersWorkload::start(FrameEvents& events) {
    objects.assign(kAlienCount + 1, SceneObject{});
    placeAliens();
    m_player = kAlienCount;
    placePlayer();
    for (int32_t shield = 0; shield < 4; ++shield) {
        const float left = 2.8f + 5.6f * static_cast<float>(shield) - 1.1f;
        for (int32_t row = 0; row < 8; ++row)
            for (int32_t column = 0; column < 11; ++column) {
                if (row < 3 && column >= 3 && column <= 7)
                    continue; // the arch
                const glm::vec3 lo(left + 0.2f * static_cast<float>(column),
                                   3.5f + 0.2f * static_cast<float>(row), -0.1f);
                SceneObject voxel;
                voxel.box = {lo, lo + glm::vec3(0.2f)};
                voxel.isStatic = true;
                voxel.alive = true;
                objects.push_back(voxel);
            }
    }
    for (int32_t i = 0; i < static_cast<int32_t>(objects.size()); ++i)
        events.created.push_back(i);
}

int32_t InvadersWorkload::spawnShot(const glm::vec3& center, const glm::vec3& halfExtent, float speed) {
    int32_t id;
    if (!m_freeIds.empty()) {
        id = m_freeIds.back();
        m_freeIds.pop_back();
    } else {
        id = static_cast<int32_t>(objects.size());
        objects.emplace_back();
    }
    SceneObject& shot = objects[id];
    shot = SceneObject{};
    shot.box = vox::Aabb::fromCenter(center, halfExtent);
    shot.velocity = glm::vec3(0.0f, speed, 0.0f);
    shot.alive = true;
    m_shots.push_back(id);
    return id;
}

void InvadersWorkload::step(FrameEvents& events) {
    ++m_frame;
    // The formation marches, reverses and drops at the walls, and starts again at the top when low.
    m_formation.x += m_direction * 2.0f * kDt;
    if (m_formation.x < 0.5f || m_formation.x + kFormationWidth > 21.9f) {
        m_direction = -m_direction;
        m_formation.y -= 0.4f;
        events.jump = true;
    }
    if (m_formation.y < 8.0f)
        m_formation.y = 14.0f;
    placeAliens();
    placePlayer();
    for (int32_t i = 0; i <= m_player; ++i)
        events.moved.push_back(i);

    // Shots fly and leave the field.
    for (size_t k = 0; k < m_shots.size();) {
        const int32_t id = m_shots[k];
        SceneObject& shot = objects[id];
        const glm::vec3 step = shot.velocity * kDt;
        shot.box = {shot.box.min + step, shot.box.max + step};
        if (shot.box.max.y < 0.0f || shot.box.min.y > kFieldHeight || shot.box.max.x < 0.0f ||
            shot.box.min.x > kFieldWidth) {
            shot.alive = false;
            events.destroyed.push_back(id);
            m_freeIds.push_back(id);
            m_shots[k] = m_shots.back();
            m_shots.pop_back();
        } else {
            events.moved.push_back(id);
            ++k;
        }
    }

    if (m_frame % 15 == 0 && static_cast<int32_t>(m_shots.size()) < kMaxShots) {
        const glm::vec3 from = objects[m_player].box.center() + glm::vec3(0.0f, 0.6f, 0.0f);
        events.created.push_back(spawnShot(from, glm::vec3(0.05f, 0.2f, 0.1f), 20.0f));
    }
    if (m_frame % 6 == 0) {
        const auto alien = static_cast<int32_t>(m_rng.next() % kAlienCount);
        if (static_cast<int32_t>(m_shots.size()) < kMaxShots) {
            const vox::Aabb& body = objects[alien].box;
            const glm::vec3 from(body.center().x, body.min.y - 0.15f, 0.0f);
            events.created.push_back(spawnShot(from, glm::vec3(0.05f, 0.15f, 0.1f), -8.0f));
        }
    }
}

// --- W3 and the exact pair set ---------------------------------------------------------------------------

QuerySet makeQuerySet(int32_t count, bool flat) {
    QuerySet set;
    SwarmWorkload scene({count, SwarmConfig::Motion::AllMove, flat});
    FrameEvents events;
    scene.start(events);
    for (const SceneObject& object : scene.objects)
        set.scene.push_back(object.box);

    vox::Rng rng(4242);
    const float side = scene.side();
    const auto draw = [&](float lo, float hi, std::vector<vox::Aabb>& out) {
        for (int32_t i = 0; i < count; ++i) {
            glm::vec3 center(rng.uniform(0.0f, side), rng.uniform(0.0f, side), 0.0f);
            if (!flat)
                center.z = rng.uniform(0.0f, side);
            glm::vec3 half(rng.uniform(lo, hi), rng.uniform(lo, hi), 0.5f);
            if (!flat)
                half.z = rng.uniform(lo, hi);
            out.push_back(vox::Aabb::fromCenter(center, half));
        }
    };
    draw(0.25f, 1.0f, set.small);
    draw(2.0f, 5.0f, set.large);
    return set;
}

std::vector<uint64_t> exactPairs(const std::vector<SceneObject>& objects) {
    std::vector<int32_t> order;
    for (int32_t i = 0; i < static_cast<int32_t>(objects.size()); ++i)
        if (objects[i].alive)
            order.push_back(i);
    std::sort(order.begin(), order.end(),
              [&](int32_t a, int32_t b) { return objects[a].box.min.x < objects[b].box.min.x; });
    std::vector<uint64_t> pairs;
    for (size_t k = 0; k < order.size(); ++k) {
        const SceneObject& a = objects[order[k]];
        for (size_t m = k + 1; m < order.size() && objects[order[m]].box.min.x <= a.box.max.x; ++m) {
            const SceneObject& b = objects[order[m]];
            if (!(a.isStatic && b.isStatic) && vox::overlaps(a.box, b.box))
                pairs.push_back(pairKey(order[k], order[m]));
        }
    }
    std::sort(pairs.begin(), pairs.end());
    return pairs;
}

} // namespace bench
