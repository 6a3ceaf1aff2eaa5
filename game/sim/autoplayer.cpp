#include "sim/autoplayer.h"

#include <algorithm>
#include <array>
#include <cstdlib>

namespace invaders {

using namespace arcade;

int32_t AutoPlayer::pickTarget(const Simulation& simulation) {
    // The shootable invaders are the lowest of each column; take one of the three nearest the cannon.
    const Rack& rack = simulation.activePlayer().rack;
    const int32_t centre = simulation.cannon().x + kCannonWidth / 2;
    std::array<std::pair<int32_t, int32_t>, kRackColumns> candidates{}; // (distance, index)
    int32_t count = 0;
    for (int32_t column = 0; column < kRackColumns; ++column) {
        for (int32_t row = 0; row < kRackRows; ++row) {
            const int32_t index = row * kRackColumns + column;
            const Invader& invader = rack.invaders[static_cast<size_t>(index)];
            if (invader.alive) {
                candidates[static_cast<size_t>(count++)] = {
                    std::abs(invader.position.x + kCellSize / 2 - centre), index};
                break;
            }
        }
    }
    if (count == 0)
        return -1;
    std::sort(candidates.begin(), candidates.begin() + count);
    const uint32_t choice = m_rng.below(static_cast<uint32_t>(std::min(count, 3)));
    return candidates[choice].second;
}

StepInput AutoPlayer::decide(const Simulation& simulation) {
    const Cannon& cannon = simulation.cannon();
    if (simulation.phase() != SimPhase::Playing || cannon.phase != CannonPhase::Alive) {
        m_firedLastStep = false;
        m_target = -1;
        return {};
    }
    const int32_t centre = cannon.x + kCannonWidth / 2;

    // Dodge: a shot coming down near the cannon sends it the other way.
    for (const AlienShot& shot : simulation.alienShots()) {
        if (!shot.active || shot.harmless || shot.position.y > 110 || std::abs(shot.position.x - centre) > 12)
            continue;
        bool goLeft = shot.position.x >= centre;
        if (goLeft && cannon.x <= kCannonMinX + 2)
            goLeft = false;
        else if (!goLeft && cannon.x >= kCannonMaxX - 2)
            goLeft = true;
        m_firedLastStep = false;
        return {goLeft, !goLeft, false};
    }

    const Rack& rack = simulation.activePlayer().rack;
    if (--m_retargetTimer <= 0 || m_target < 0 || !rack.invaders[static_cast<size_t>(m_target)].alive) {
        m_target = pickTarget(simulation);
        m_retargetTimer = 90 + static_cast<int32_t>(m_rng.below(90));
    }
    int32_t desired = cannon.x;
    const Saucer& saucer = simulation.saucer();
    if (saucer.active) {
        // Lead the saucer: the shot needs about 42 steps to climb, the saucer moves 2 every 3 steps.
        desired = saucer.x + kSaucerWidth / 2 + saucer.direction * 28 - kCannonWidth / 2;
    } else if (m_target >= 0) {
        desired = rack.invaders[static_cast<size_t>(m_target)].position.x;
    }
    desired = std::clamp(desired, kCannonMinX, kCannonMaxX);

    // Don't shoot holes in its own shields: hold fire while a shield voxel is right above the barrel.
    bool shieldAbove = false;
    for (const Shield& shield : simulation.activePlayer().shields) {
        const int32_t column = centre - shield.placement.x;
        for (int32_t y = 0; y < shield.size.y && !shieldAbove && column >= 0 && column < shield.size.x; ++y)
            for (int32_t z = 0; z < shield.size.z && !shieldAbove; ++z)
                shieldAbove = shield.model.filled({column, y, z});
    }

    StepInput input;
    input.left = desired < cannon.x - 1;
    input.right = desired > cannon.x + 1;
    input.fire = !m_firedLastStep && !shieldAbove && simulation.playerShot().phase == ShotPhase::Ready &&
                 std::abs(desired - cannon.x) <= 3;
    m_firedLastStep = input.fire;
    return input;
}

} // namespace invaders
