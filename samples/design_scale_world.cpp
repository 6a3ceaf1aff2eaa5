#include "design_scale_world.h"

#include "vox/core/rng.h"
#include "vox/voxel/palette.h"
#include "vox/voxel/voxel_erosion.h"

#include <glm/geometric.hpp>
#include <glm/gtc/quaternion.hpp>

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <utility>

namespace samples {
namespace {

// Palette indices of the generated models.
enum Color : uint8_t {
    kRockLight = 1,
    kRockMid = 2,
    kRockDark = 3,
    kRockRust = 4,
    kRockInside = 5,
    kCoreHot = 6,
    kCoreGlow = 7,
    kHullLight = 8,
    kHullDark = 9,
    kHullStripe = 10,
    kHullWindow = 11,
    kIce = 12,
    kIceWhite = 13,
    kIceDeep = 14,
};

const vox::Palette& worldPalette() {
    static const vox::Palette palette = [] {
        vox::Palette colors = vox::magicaVoxelDefaultPalette();
        colors[kRockLight] = vox::packRgba(150, 140, 128);
        colors[kRockMid] = vox::packRgba(112, 104, 96);
        colors[kRockDark] = vox::packRgba(78, 72, 70);
        colors[kRockRust] = vox::packRgba(140, 96, 66);
        colors[kRockInside] = vox::packRgba(96, 70, 58);
        colors[kCoreHot] = vox::packRgba(255, 120, 30);
        colors[kCoreGlow] = vox::packRgba(255, 200, 70);
        colors[kHullLight] = vox::packRgba(196, 202, 212);
        colors[kHullDark] = vox::packRgba(92, 98, 112);
        colors[kHullStripe] = vox::packRgba(230, 90, 40);
        colors[kHullWindow] = vox::packRgba(90, 200, 255);
        colors[kIce] = vox::packRgba(150, 200, 235);
        colors[kIceWhite] = vox::packRgba(225, 240, 250);
        colors[kIceDeep] = vox::packRgba(70, 120, 190);
        return colors;
    }();
    return palette;
}

// A small integer hash of a cell, for colour variation that does not depend on the draw order.
uint32_t cellHash(glm::ivec3 cell, uint32_t salt) {
    uint32_t h = static_cast<uint32_t>(cell.x) * 73856093u ^ static_cast<uint32_t>(cell.y) * 19349663u ^
                 static_cast<uint32_t>(cell.z) * 83492791u ^ salt * 2654435761u;
    h ^= h >> 13;
    h *= 0x5bd1e995u;
    h ^= h >> 15;
    return h;
}

glm::vec3 randomUnit(vox::Rng& rng) {
    for (;;) {
        const glm::vec3 v(rng.uniform(-1.0f, 1.0f), rng.uniform(-1.0f, 1.0f), rng.uniform(-1.0f, 1.0f));
        const float length2 = glm::dot(v, v);
        if (length2 > 0.01f && length2 <= 1.0f)
            return v / std::sqrt(length2);
    }
}

// A rock: a lumpy ball with craters, darker inside and a glowing core, revealed as it erodes.
vox::VoxelModel makeRock(vox::Rng& rng, int32_t size) {
    vox::VoxelModel model{glm::ivec3(size)};
    const glm::vec3 center(static_cast<float>(size) * 0.5f);
    const float radius = static_cast<float>(size) * 0.5f - 0.6f;
    std::array<glm::vec3, 4> lobes{};
    std::array<float, 4> lobeSizes{};
    for (size_t i = 0; i < lobes.size(); ++i) {
        lobes[i] = randomUnit(rng);
        lobeSizes[i] = rng.uniform(0.04f, 0.2f);
    }
    const int32_t craterCount = 2 + static_cast<int32_t>(rng.below(4));
    std::vector<std::pair<glm::vec3, float>> craters;
    for (int32_t i = 0; i < craterCount; ++i)
        craters.emplace_back(center + randomUnit(rng) * radius * 0.95f, radius * rng.uniform(0.18f, 0.38f));
    const uint32_t salt = static_cast<uint32_t>(rng.next());
    const bool rusty = rng.below(3) == 0;
    for (int32_t z = 0; z < size; ++z)
        for (int32_t y = 0; y < size; ++y)
            for (int32_t x = 0; x < size; ++x) {
                const glm::vec3 offset = glm::vec3(x, y, z) + 0.5f - center;
                const float distance = glm::length(offset);
                const glm::vec3 direction =
                    distance > 1e-4f ? offset / distance : glm::vec3(0.0f, 1.0f, 0.0f);
                float surface = 0.8f;
                for (size_t i = 0; i < lobes.size(); ++i) {
                    const float along = std::max(0.0f, glm::dot(direction, lobes[i]));
                    surface += lobeSizes[i] * along * along;
                }
                surface *= radius;
                if (distance > surface)
                    continue;
                bool inCrater = false;
                for (const auto& [craterCenter, craterRadius] : craters)
                    inCrater =
                        inCrater || glm::length(glm::vec3(x, y, z) + 0.5f - craterCenter) < craterRadius;
                if (inCrater)
                    continue;
                const uint32_t h = cellHash({x, y, z}, salt);
                uint8_t color = 0;
                if (distance < surface * 0.3f)
                    color = (h & 3u) == 0 ? kCoreGlow : kCoreHot;
                else if (distance < surface - 2.5f)
                    color = kRockInside;
                else if (rusty && (h & 7u) < 3u)
                    color = kRockRust;
                else
                    color = static_cast<uint8_t>(kRockLight + (h >> 8) % 3u);
                model.set({x, y, z}, color);
            }
    return model;
}

// A hull: a stretched, flattened ellipsoid along x with a stripe, a raised bridge and windows.
vox::VoxelModel makeHull(vox::Rng& rng) {
    const int32_t length = 28 + static_cast<int32_t>(rng.below(13));
    const int32_t width = 12 + static_cast<int32_t>(rng.below(7));
    const int32_t height = width * 3 / 4 + 4;
    vox::VoxelModel model({length, height, width});
    const glm::vec3 half(static_cast<float>(length) * 0.5f, static_cast<float>(height - 4) * 0.5f,
                         static_cast<float>(width) * 0.5f);
    const int32_t stripe = length / 3 + static_cast<int32_t>(rng.below(static_cast<uint32_t>(length / 3)));
    for (int32_t z = 0; z < width; ++z)
        for (int32_t y = 0; y < height; ++y)
            for (int32_t x = 0; x < length; ++x) {
                const glm::vec3 p = (glm::vec3(x, y, z) + 0.5f - half) / half;
                const bool body = p.x * p.x + p.y * p.y + p.z * p.z <= 1.0f;
                // the bridge: a box on top of the rear third
                const bool bridge = y >= height - 6 && x > length / 8 && x < length * 3 / 8 &&
                                    std::abs(static_cast<float>(z) + 0.5f - half.z) < half.z * 0.45f;
                if (!body && !bridge)
                    continue;
                uint8_t color = kHullLight;
                if (bridge && !body)
                    color = (y == height - 3 && (x & 1) == 0) ? kHullWindow : kHullDark;
                else if (x == stripe || x == stripe + 1)
                    color = kHullStripe;
                else if (p.y < -0.45f)
                    color = kHullDark;
                model.set({x, y, z}, color);
            }
    return model;
}

// A ring: a torus in the model's x-z plane, icy.
vox::VoxelModel makeRing(vox::Rng& rng) {
    const float minor = rng.uniform(3.0f, 4.8f);
    const float major = rng.uniform(11.0f, 16.0f);
    const int32_t side = static_cast<int32_t>(std::ceil(2.0f * (major + minor))) + 1;
    const int32_t thickness = static_cast<int32_t>(std::ceil(2.0f * minor)) + 1;
    vox::VoxelModel model({side, thickness, side});
    const glm::vec3 center(static_cast<float>(side) * 0.5f, static_cast<float>(thickness) * 0.5f,
                           static_cast<float>(side) * 0.5f);
    const uint32_t salt = static_cast<uint32_t>(rng.next());
    for (int32_t z = 0; z < side; ++z)
        for (int32_t y = 0; y < thickness; ++y)
            for (int32_t x = 0; x < side; ++x) {
                const glm::vec3 p = glm::vec3(x, y, z) + 0.5f - center;
                const float fromAxis = std::sqrt(p.x * p.x + p.z * p.z) - major;
                const float distance = std::sqrt(fromAxis * fromAxis + p.y * p.y);
                if (distance > minor)
                    continue;
                const uint32_t h = cellHash({x, y, z}, salt);
                model.set({x, y, z}, distance < minor - 1.5f ? kIceDeep : ((h & 3u) == 0 ? kIceWhite : kIce));
            }
    return model;
}

// The world box around an oriented box.
vox::Aabb aabbAround(const vox::Obb& box) {
    glm::vec3 half(0.0f);
    for (int axis = 0; axis < 3; ++axis)
        half += glm::abs(box.rotation[axis]) * box.halfExtents[axis];
    return vox::Aabb::fromCenter(box.center, half);
}

vox::VoxelModel makeBall(int32_t radius) {
    const int32_t side = 2 * radius + 1;
    vox::VoxelModel ball{glm::ivec3(side)};
    const float limit = (static_cast<float>(radius) + 0.5f) * (static_cast<float>(radius) + 0.5f);
    for (int32_t z = 0; z < side; ++z)
        for (int32_t y = 0; y < side; ++y)
            for (int32_t x = 0; x < side; ++x) {
                const glm::vec3 p = glm::vec3(x, y, z) - static_cast<float>(radius);
                if (glm::dot(p, p) <= limit)
                    ball.set({x, y, z}, 1);
            }
    return ball;
}

double millisecondsSince(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

} // namespace

vox::VoxelPose DesignScaleModel::pose() const {
    const glm::mat3 rotation = glm::mat3_cast(orientation);
    return {center - rotation * (glm::vec3(model.size()) * 0.5f), rotation};
}

DesignScaleWorld::DesignScaleWorld(const DesignScaleSettings& settings)
    : m_settings(settings), m_tree(vox::TreeSettings{.margin = 3.0f, .stepSeconds = kStepSeconds}),
      m_crater(makeBall(settings.craterRadius)) {
    vox::Rng rng(settings.seed);
    placeClusters(rng);
    m_models.reserve(static_cast<size_t>(settings.modelCount));
    for (int32_t i = 0; i < settings.modelCount; ++i)
        addModel(rng, i);
    std::vector<vox::DynamicAabbTree::BulkProxy> bulk;
    bulk.reserve(m_models.size());
    for (int32_t i = 0; i < static_cast<int32_t>(m_models.size()); ++i)
        bulk.push_back({worldBox(i), static_cast<uint64_t>(i), vox::ProxyType::Dynamic});
    std::vector<vox::ProxyId> ids(bulk.size());
    if (m_tree.createProxies(bulk, ids))
        for (size_t i = 0; i < ids.size(); ++i)
            m_models[i].proxy = ids[i];
}

void DesignScaleWorld::placeClusters(vox::Rng& rng) {
    const DesignScaleSettings& settings = m_settings;
    const int32_t side = std::max(1, settings.clustersPerSide);
    const float halfWorld = settings.worldSize * 0.5f;
    const float margin = settings.clusterRadius;
    // Cluster centres on a jittered grid whose outer ones sit at the world's edges, so that the models
    // span the world.
    for (int32_t i = 0; i < side; ++i)
        for (int32_t k = 0; k < side; ++k) {
            const float spacing =
                side > 1 ? (settings.worldSize - 2.0f * margin) / static_cast<float>(side - 1) : 0.0f;
            const auto place = [&](int32_t index) {
                const float jitter =
                    index == 0 || index == side - 1 ? 0.0f : rng.uniform(-0.2f, 0.2f) * spacing;
                return -halfWorld + margin + static_cast<float>(index) * spacing + jitter;
            };
            const float x = place(i);
            const float z = place(k);
            const float y = rng.uniform(-0.3f, 0.3f) * settings.worldHeight;
            m_clusterCenters.emplace_back(x, y, z);
            const float heading = rng.uniform(0.0f, 6.2831853f);
            const bool still = static_cast<int32_t>(m_clusterCenters.size()) == settings.stillCluster + 1;
            const float speed = still ? 0.0f : rng.uniform(3.0f, 8.0f);
            m_clusterVelocities.emplace_back(std::cos(heading) * speed,
                                             still ? 0.0f : rng.uniform(-1.0f, 1.0f),
                                             std::sin(heading) * speed);
        }
}

void DesignScaleWorld::addModel(vox::Rng& rng, int32_t index) {
    DesignScaleModel object;
    const uint32_t kind = rng.below(20);
    if (kind < 13) {
        const float u = rng.uniform(0.0f, 1.0f);
        object.model = makeRock(rng, 16 + static_cast<int32_t>(21.0f * u * std::sqrt(u)));
    } else if (kind < 17) {
        object.model = makeHull(rng);
    } else {
        object.model = makeRing(rng);
    }
    object.model.setPalette(worldPalette());
    object.bricks = vox::VoxelBricks::build(object.model);
    object.cluster = index % static_cast<int32_t>(m_clusterCenters.size());
    const glm::vec3 clusterCenter = m_clusterCenters[static_cast<size_t>(object.cluster)];
    const float reach = glm::length(glm::vec3(object.model.size())) * 0.5f;
    // A start in the cluster's ball clear of the members placed so far.
    glm::vec3 offset(0.0f);
    for (int attempt = 0; attempt < 64; ++attempt) {
        offset = randomUnit(rng) * m_settings.clusterRadius * std::cbrt(rng.uniform(0.05f, 1.0f));
        bool clear = true;
        for (const DesignScaleModel& other : m_models) {
            if (other.cluster != object.cluster)
                continue;
            const float otherReach = glm::length(glm::vec3(other.model.size())) * 0.5f;
            clear = clear && glm::length(clusterCenter + offset - other.center) > reach + otherReach + 2.0f;
        }
        if (clear)
            break;
    }
    object.center = clusterCenter + offset;
    // An ellipse about the cluster's centre in a random plane: the spring brings it back through the
    // middle, where it meets the others.
    const float omega = 6.2831853f / m_settings.springPeriod;
    const glm::vec3 across = glm::normalize(glm::cross(offset, randomUnit(rng)) + 1e-4f);
    object.velocity = m_clusterVelocities[static_cast<size_t>(object.cluster)] +
                      across * omega * glm::length(offset) * rng.uniform(0.15f, 0.7f);
    object.orientation = glm::angleAxis(rng.uniform(0.0f, 6.2831853f), randomUnit(rng));
    object.spinAxis = randomUnit(rng);
    object.spinRate = rng.uniform(0.05f, 0.6f);
    m_models.push_back(std::move(object));
}

vox::Aabb DesignScaleWorld::worldBox(int32_t index) const {
    const DesignScaleModel& object = m_models[static_cast<size_t>(index)];
    return aabbAround(object.bricks.worldBox(object.pose()));
}

int64_t DesignScaleWorld::voxelCount() const {
    int64_t count = 0;
    for (const DesignScaleModel& object : m_models)
        count += object.model.voxelCount();
    return count;
}

void DesignScaleWorld::step() {
    moveModels();
    (void)findContacts();
    respond();
}

void DesignScaleWorld::moveModels() {
    const float dt = kStepSeconds;
    const float halfWorld = m_settings.worldSize * 0.5f;
    const float halfHeight = m_settings.worldHeight * 0.5f;
    const float margin = m_settings.clusterRadius;
    for (size_t c = 0; c < m_clusterCenters.size(); ++c) {
        glm::vec3& center = m_clusterCenters[c];
        glm::vec3& velocity = m_clusterVelocities[c];
        center += velocity * dt;
        const glm::vec3 limit(halfWorld - margin, halfHeight - margin, halfWorld - margin);
        for (int axis = 0; axis < 3; ++axis)
            if ((center[axis] > limit[axis] && velocity[axis] > 0.0f) ||
                (center[axis] < -limit[axis] && velocity[axis] < 0.0f))
                velocity[axis] = -velocity[axis];
    }
    const float omega = 6.2831853f / m_settings.springPeriod;
    const float stiffness = omega * omega;
    for (DesignScaleModel& object : m_models) {
        const glm::vec3 toCluster = m_clusterCenters[static_cast<size_t>(object.cluster)] - object.center;
        object.velocity += toCluster * (stiffness * dt); // semi-implicit Euler: orbits keep their energy
        object.center += object.velocity * dt;
        object.orientation =
            glm::normalize(glm::angleAxis(object.spinRate * dt, object.spinAxis) * object.orientation);
    }
    ++m_steps;
}

const std::vector<DesignScaleContact>& DesignScaleWorld::findContacts() {
    const auto start = std::chrono::steady_clock::now();
    for (int32_t i = 0; i < static_cast<int32_t>(m_models.size()); ++i) {
        const DesignScaleModel& object = m_models[static_cast<size_t>(i)];
        m_tree.moveProxy(object.proxy, worldBox(i), object.velocity * kStepSeconds);
    }
    m_boxPairs.clear();
    m_tree.updatePairs([this](vox::ProxyId a, vox::ProxyId b) {
        const auto indexA = static_cast<int32_t>(m_tree.userData(a));
        const auto indexB = static_cast<int32_t>(m_tree.userData(b));
        m_boxPairs.emplace_back(std::min(indexA, indexB), std::max(indexA, indexB));
    });
    std::sort(m_boxPairs.begin(), m_boxPairs.end());
    const auto broadphaseDone = std::chrono::steady_clock::now();
    m_times.broadphaseMs = std::chrono::duration<double, std::milli>(broadphaseDone - start).count();

    m_contacts.clear();
    for (const auto& [indexA, indexB] : m_boxPairs) {
        const DesignScaleModel& a = m_models[static_cast<size_t>(indexA)];
        const DesignScaleModel& b = m_models[static_cast<size_t>(indexB)];
        const vox::VoxelPose poseA = a.pose();
        const std::optional<vox::VoxelContact> touching =
            vox::firstOrientedContact(a.model, a.bricks, poseA, b.model, b.bricks, b.pose());
        if (touching)
            m_contacts.push_back({indexA, indexB, *touching,
                                  poseA.position + poseA.rotation * (glm::vec3(touching->cellA) + 0.5f)});
    }
    m_times.narrowphaseMs = millisecondsSince(broadphaseDone);
    return m_contacts;
}

void DesignScaleWorld::respond() {
    const auto start = std::chrono::steady_clock::now();
    m_changedModels.clear();
    std::vector<vox::RemovedVoxel> removed;
    for (const DesignScaleContact& contact : m_contacts) {
        DesignScaleModel& a = m_models[static_cast<size_t>(contact.modelA)];
        DesignScaleModel& b = m_models[static_cast<size_t>(contact.modelB)];
        glm::vec3 normal = b.center - a.center;
        const float length = glm::length(normal);
        normal = length > 1e-4f ? normal / length : glm::vec3(0.0f, 1.0f, 0.0f);
        const float closing = glm::dot(b.velocity - a.velocity, normal);
        if (closing >= 0.0f)
            continue; // already parting: no new damage, no second bounce
        ++m_bounces;
        // An elastic bounce along the line of centres, masses by voxel count.
        const float massA = static_cast<float>(std::max(1, a.model.voxelCount()));
        const float massB = static_cast<float>(std::max(1, b.model.voxelCount()));
        const float impulse = 2.0f * closing / (massA + massB);
        a.velocity += normal * (impulse * massB);
        b.velocity -= normal * (impulse * massA);
        if (-closing < m_settings.erosionSpeed)
            continue; // a nudge: no damage
        removed.clear();
        (void)vox::erodeVoxels(a.model, m_crater, vox::stencilOffsetCentredOn(m_crater, contact.voxels.cellA),
                               removed);
        (void)vox::erodeVoxels(b.model, m_crater, vox::stencilOffsetCentredOn(m_crater, contact.voxels.cellB),
                               removed);
        m_erodedVoxels += static_cast<int64_t>(removed.size());
        ++m_impacts;
        m_changedModels.push_back(contact.modelA);
        m_changedModels.push_back(contact.modelB);
    }
    std::sort(m_changedModels.begin(), m_changedModels.end());
    m_changedModels.erase(std::unique(m_changedModels.begin(), m_changedModels.end()), m_changedModels.end());
    for (const int32_t index : m_changedModels) {
        DesignScaleModel& object = m_models[static_cast<size_t>(index)];
        object.bricks = vox::VoxelBricks::build(object.model);
    }
    m_times.responseMs = millisecondsSince(start);
}

std::vector<std::pair<int32_t, int32_t>> touchingPairsBruteForce(const DesignScaleWorld& world) {
    std::vector<std::pair<int32_t, int32_t>> pairs;
    const std::vector<DesignScaleModel>& models = world.models();
    const auto count = static_cast<int32_t>(models.size());
    std::vector<vox::VoxelPose> poses;
    for (const DesignScaleModel& object : models)
        poses.push_back(object.pose());
    for (int32_t i = 0; i < count; ++i)
        for (int32_t j = i + 1; j < count; ++j) {
            const DesignScaleModel& a = models[static_cast<size_t>(i)];
            const DesignScaleModel& b = models[static_cast<size_t>(j)];
            if (vox::orientedVoxelsOverlap(a.model, a.bricks, poses[static_cast<size_t>(i)], b.model,
                                           b.bricks, poses[static_cast<size_t>(j)]))
                pairs.emplace_back(i, j);
        }
    return pairs;
}

DesignScaleSprite spritePlacement(const DesignScaleModel& object, int32_t factor) {
    const vox::VoxelPose pose = object.pose();
    const int32_t meshDepth = (object.model.size().z + factor - 1) / factor;
    const glm::vec3 pivot(0.0f, 0.0f, static_cast<float>(meshDepth) * 0.5f * static_cast<float>(factor));
    return {pose.position + pose.rotation * pivot, object.orientation, static_cast<float>(factor)};
}

vox::VoxelModel downsampleVoxels(const vox::VoxelModel& model, int32_t factor) {
    const glm::ivec3 size = model.size();
    vox::VoxelModel coarse((size + factor - 1) / factor);
    coarse.setPalette(model.palette());
    const std::span<const uint8_t> colors = model.colorIndices();
    size_t index = 0;
    for (int32_t z = 0; z < size.z; ++z)
        for (int32_t y = 0; y < size.y; ++y)
            for (int32_t x = 0; x < size.x; ++x, ++index) {
                const uint8_t color = colors[index];
                if (color == 0)
                    continue;
                const glm::ivec3 cell = glm::ivec3(x, y, z) / factor;
                if (coarse.colorIndex(cell) == 0)
                    coarse.set(cell, color);
            }
    return coarse;
}

} // namespace samples
