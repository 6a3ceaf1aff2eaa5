#include "vox/render/debris.h"

#include "vox/core/assert.h"

#include <glm/geometric.hpp>

#include <algorithm>
#include <cmath>

namespace vox {

float DebrisParticle::sizeScale(int32_t fadeSteps) const {
    const int32_t left = lifetime - age;
    return left >= fadeSteps ? 1.0f
                             : std::max(0.0f, static_cast<float>(left) / static_cast<float>(fadeSteps));
}

DebrisSystem::DebrisSystem(const DebrisSettings& settings, uint64_t seed)
    : m_settings(settings), m_rng(seed) {
    VOX_ASSERT(settings.stepSeconds > 0.0f, "DebrisSettings::stepSeconds must be positive");
    m_fadeSteps = std::max(1, static_cast<int32_t>(std::lround(settings.fadeSeconds / settings.stepSeconds)));
    m_groundSteps =
        std::max(1, static_cast<int32_t>(std::lround(settings.groundSeconds / settings.stepSeconds)));
    // Heat halves about every 0.1 s whatever the step.
    m_glowDecayPerStep = std::pow(0.5f, settings.stepSeconds / 0.1f);
}

void DebrisSystem::spawnOne(glm::vec3 centre, uint32_t rgba, const DebrisBurst& burst) {
    DebrisParticle particle;
    particle.position = centre;
    particle.previousPosition = centre;
    const glm::vec3 away = centre - burst.centre;
    const float length = glm::length(away);
    const glm::vec3 radial = length > 1e-4f ? away / length : glm::vec3(0.0f, 1.0f, 0.0f);
    // One draw per statement: the order in which a call's arguments are evaluated is unspecified (GCC goes
    // last to first, Clang first to last), and every target must give each component the same number.
    // z, y, x: the order GCC gave them as constructor arguments, so that the pictures stay as they were.
    const float randomZ = m_rng.uniform(-1.0f, 1.0f);
    const float randomY = m_rng.uniform(-1.0f, 1.0f);
    const float randomX = m_rng.uniform(-1.0f, 1.0f);
    const glm::vec3 random(randomX, randomY, randomZ);
    glm::vec3 direction = radial + random * burst.spread;
    const float directionLength = glm::length(direction);
    direction = directionLength > 1e-4f ? direction / directionLength : radial;
    const float speed = burst.speed * (1.0f + m_rng.uniform(-burst.speedJitter, burst.speedJitter));
    particle.velocity = direction * speed + glm::vec3(0.0f, burst.upward, 0.0f);
    particle.velocity.z *= burst.depthScale;

    const float axisZ = m_rng.uniform(-1.0f, 1.0f); // z, y, x: as above
    const float axisY = m_rng.uniform(-1.0f, 1.0f);
    const float axisX = m_rng.uniform(-1.0f, 1.0f);
    const glm::vec3 axis(axisX, axisY, axisZ);
    const float axisLength = glm::length(axis);
    particle.spinAxis = axisLength > 1e-3f ? axis / axisLength : glm::vec3(0.0f, 1.0f, 0.0f);
    particle.spinRate = m_rng.uniform(-14.0f, 14.0f);
    particle.glow = burst.glow;
    particle.rgba = rgba;
    const float life =
        burst.lifetimeSeconds * (1.0f + m_rng.uniform(-burst.lifetimeJitter, burst.lifetimeJitter));
    particle.lifetime = std::max(1, static_cast<int32_t>(std::lround(life / m_settings.stepSeconds)));
    m_particles.push_back(particle);
}

int32_t DebrisSystem::spawn(std::span<const RemovedVoxel> voxels, glm::vec3 modelOrigin,
                            const DebrisBurst& burst) {
    int32_t spawned = 0;
    for (const RemovedVoxel& voxel : voxels) {
        if (size() >= m_settings.maxParticles)
            break;
        spawnOne(modelOrigin + glm::vec3(voxel.cell) + 0.5f, voxel.rgba, burst);
        ++spawned;
    }
    return spawned;
}

int32_t DebrisSystem::spawnModel(const VoxelModel& model, glm::vec3 modelOrigin, const DebrisBurst& burst) {
    int32_t spawned = 0;
    const glm::ivec3 size = model.size();
    for (int32_t z = 0; z < size.z; ++z) {
        for (int32_t y = 0; y < size.y; ++y) {
            for (int32_t x = 0; x < size.x; ++x) {
                const glm::ivec3 cell(x, y, z);
                if (!model.filled(cell))
                    continue;
                if (this->size() >= m_settings.maxParticles)
                    return spawned;
                spawnOne(modelOrigin + glm::vec3(cell) + 0.5f, model.rgba(cell), burst);
                ++spawned;
            }
        }
    }
    return spawned;
}

void DebrisSystem::step() {
    const float dt = m_settings.stepSeconds;
    const float halfSize = m_settings.particleSize * 0.5f;
    const float floor = m_settings.groundHeight + halfSize;
    for (size_t i = 0; i < m_particles.size();) {
        DebrisParticle& p = m_particles[i];
        if (++p.age >= p.lifetime) {
            // Swap-remove: order changes, but the same way on every run.
            p = m_particles.back();
            m_particles.pop_back();
            continue;
        }
        p.previousPosition = p.position;
        p.previousAngle = p.angle;
        p.glow *= m_glowDecayPerStep;
        if (p.resting) {
            p.velocity.x *= m_settings.restingFriction;
            p.velocity.z *= m_settings.restingFriction;
            p.spinRate *= m_settings.restingFriction;
        } else {
            p.velocity.y -= m_settings.gravity * dt;
        }
        p.position += p.velocity * dt;
        p.angle += p.spinRate * dt;
        if (!p.resting && p.position.y < floor && p.velocity.y < 0.0f) {
            p.position.y = floor;
            p.lifetime = std::min(p.lifetime, p.age + m_groundSteps);
            p.velocity.y = -p.velocity.y * m_settings.restitution;
            p.velocity.x *= m_settings.bounceFriction;
            p.velocity.z *= m_settings.bounceFriction;
            p.spinRate *= m_settings.bounceFriction;
            // Too slow to leave the ground again for more than a step: lie down.
            if (p.velocity.y < m_settings.gravity * dt * 2.0f) {
                p.velocity.y = 0.0f;
                p.resting = true;
            }
        }
        ++i;
    }
}

} // namespace vox
