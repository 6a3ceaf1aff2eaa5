#include "sim/autoplayer.h"

#include <algorithm>
#include <array>
#include <cstdlib>
#include <limits>

namespace invaders {
namespace {

using namespace arcade;
using Threat = AutoPlayer::Threat;

constexpr int32_t kBarrel = kCannonWidth / 2;        ///< The shot's column, from the cannon's left edge.
constexpr int32_t kShotReach = 1 + 2;                ///< Half an invader shot's width, and a margin.
constexpr int32_t kBandBottom = kCannonKillMinY - 2; ///< A shot's bottom between these can kill the cannon
constexpr int32_t kBandTop = kCannonKillMaxY + 2;    ///< (the rule's 30..39, and a margin).
constexpr int32_t kNever = std::numeric_limits<int32_t>::max();

// Where invader `index` will be, x of its cell, `frames` steps from now: one move of the rack step per
// `liveCount` steps, back the other way once the rack's edge column reaches the edge.
int32_t predictInvaderX(const Rack& rack, int32_t index, int32_t frames) {
    int32_t minX = kNever;
    int32_t maxX = std::numeric_limits<int32_t>::min();
    for (const Invader& invader : rack.invaders) {
        if (invader.alive) {
            minX = std::min(minX, invader.position.x);
            maxX = std::max(maxX, invader.position.x + kCellSize);
        }
    }
    const int32_t x = rack.invaders[static_cast<size_t>(index)].position.x;
    const int32_t step = rack.liveCount > 1   ? kMarchStepX
                         : rack.direction > 0 ? kLastInvaderStepRight
                                              : kLastInvaderStepLeft;
    const int32_t travel = frames / std::max(rack.liveCount, 1) * step;
    const int32_t room =
        rack.edgeReached ? 0
                         : std::max(0, rack.direction > 0 ? kRackRightLimit - maxX : minX - kRackLeftLimit);
    if (travel <= room)
        return x + rack.direction * travel;
    return x + rack.direction * room - rack.direction * (travel - room); // it turned at the edge
}

// The cannon x that puts the player's shot into the middle of invader `index` when it gets there.
int32_t aimAt(const Rack& rack, int32_t index) {
    const Invader& invader = rack.invaders[static_cast<size_t>(index)];
    const int32_t frames =
        std::max(0, invader.position.y + kCellSize / 2 - kPlayerShotStartY) / kPlayerShotSpeed;
    return predictInvaderX(rack, index, frames) + kCellSize / 2 - kBarrel;
}

// True if a shield voxel stands in the shot's column for a cannon at `cannonX`.
bool shieldAbove(const Simulation& simulation, int32_t cannonX) {
    for (const Shield& shield : simulation.activePlayer().shields) {
        const int32_t column = cannonX + kBarrel - shield.placement.x;
        if (column < 0 || column >= shield.size.x)
            continue;
        for (int32_t y = 0; y < shield.size.y; ++y)
            for (int32_t z = 0; z < shield.size.z; ++z)
                if (shield.model.filled({column, y, z}))
                    return true;
    }
    return false;
}

// The bottom of `threat` after `steps` more steps: it moves in one step of every three (its slot).
int32_t bottomAfter(const Threat& threat, int32_t steps) {
    const int32_t moves =
        steps > threat.firstMove ? (steps - 1 - threat.firstMove) / kAlienShotFramesPerStep + 1 : 0;
    return threat.y - threat.speed * moves;
}

// True if a cannon at `x` after `steps` steps is where `threat` can kill it then.
bool hits(const Threat& threat, int32_t steps, int32_t x) {
    const int32_t bottom = bottomAfter(threat, steps);
    return bottom >= kBandBottom && bottom <= kBandTop && x >= threat.minCannonX && x <= threat.maxCannonX;
}

// The steps after which every threat has fallen past the cannon.
int32_t horizonOf(std::span<const Threat> threats) {
    int32_t horizon = 0;
    for (const Threat& threat : threats) {
        int32_t steps = 0;
        while (bottomAfter(threat, steps) >= kBandBottom)
            ++steps;
        horizon = std::max(horizon, steps);
    }
    return horizon;
}

// The first step at which walking from `from` to `to` (one voxel a step) and standing there meets a
// threat; kNever when it does not.
int32_t firstHit(int32_t from, int32_t to, std::span<const Threat> threats) {
    const int32_t horizon = horizonOf(threats);
    for (int32_t step = 1; step <= horizon; ++step) {
        const int32_t walked = std::min(step, std::abs(to - from));
        const int32_t x = from + (to > from ? walked : -walked);
        for (const Threat& threat : threats)
            if (hits(threat, step, x))
                return step;
    }
    return kNever;
}

// True where a shot the rack could fire next would reach the cannon before it could walk out of the
// shot's way: under a low invader, the arcade's rolling shot, aimed at the cannon, cannot be dodged.
bool exposed(const Simulation& simulation, int32_t cannonX) {
    const Rack& rack = simulation.activePlayer().rack;
    const int32_t speed = std::max(simulation.alienShotSpeed(), 1);
    for (int32_t column = 0; column < kRackColumns; ++column) {
        for (int32_t row = 0; row < kRackRows; ++row) {
            const Invader& invader = rack.invaders[static_cast<size_t>(row * kRackColumns + column)];
            if (!invader.alive)
                continue;
            const int32_t shotX = invader.position.x + kCellSize / 2;
            const int32_t minX = shotX - kShotReach - (kCannonWidth - 1);
            const int32_t maxX = shotX + kShotReach;
            if (cannonX >= minX && cannonX <= maxX) {
                const int32_t outLeft = minX - 1 >= kCannonMinX ? cannonX - minX + 1 : kNever;
                const int32_t outRight = maxX + 1 <= kCannonMaxX ? maxX - cannonX + 1 : kNever;
                // The shot starts about a sprite's height under the cell, and moves every third step.
                const int32_t arrives =
                    std::max(0, invader.position.y - 8 - kBandTop) / speed * kAlienShotFramesPerStep;
                if (std::min(outLeft, outRight) + 2 > arrives)
                    return true;
            }
            break; // only the lowest of a column fires
        }
    }
    return false;
}

} // namespace

int32_t AutoPlayer::pickTarget(const Simulation& simulation) {
    // The shootable invaders are the lowest of each column. The bottom row first: every invader shot
    // there lets the rack drop further before it lands. Then one the shields don't cover, then the
    // nearest; a little chance in the ties keeps demos from looking alike.
    const Rack& rack = simulation.activePlayer().rack;
    const int32_t cannonX = simulation.cannon().x;
    int32_t lowestRow = kRackRows;
    for (int32_t index = 0; index < kInvaderCount && lowestRow == kRackRows; ++index)
        if (rack.invaders[static_cast<size_t>(index)].alive)
            lowestRow = Simulation::rowOf(index);
    int32_t best = -1;
    int32_t bestCost = kNever;
    for (int32_t column = 0; column < kRackColumns; ++column) {
        for (int32_t row = 0; row < kRackRows; ++row) {
            const int32_t index = row * kRackColumns + column;
            if (!rack.invaders[static_cast<size_t>(index)].alive)
                continue;
            const int32_t aim = std::clamp(aimAt(rack, index), kCannonMinX, kCannonMaxX);
            const int32_t cost = std::abs(aim - cannonX) + 64 * (row - lowestRow) +
                                 (shieldAbove(simulation, aim) ? 48 : 0) +
                                 static_cast<int32_t>(m_rng.below(12));
            if (cost < bestCost) {
                bestCost = cost;
                best = index;
            }
            break;
        }
    }
    return best;
}

int32_t AutoPlayer::dodge(int32_t from, int32_t goal, std::span<const Threat> threats) {
    // Backwards over (step, x), the cannon moving at most one voxel a step: `m_reach` holds, for each x,
    // how near the goal the cannon can end once every shot has passed without ever standing where one
    // kills it (positive), or else how long it can survive (negative, later is larger).
    constexpr int32_t kWidth = kCannonMaxX - kCannonMinX + 1;
    constexpr int32_t kDeath = 1'000'000;
    const int32_t horizon = horizonOf(threats);
    m_reach.resize(kWidth);
    m_next.resize(kWidth);
    for (int32_t x = kCannonMinX; x <= kCannonMaxX; ++x)
        m_reach[static_cast<size_t>(x - kCannonMinX)] = kWidth - std::abs(x - goal);
    for (int32_t step = horizon - 1; step >= 1; --step) {
        std::swap(m_reach, m_next);
        for (int32_t x = kCannonMinX; x <= kCannonMaxX; ++x) {
            int32_t best = std::numeric_limits<int32_t>::min();
            for (int32_t move = -1; move <= 1; ++move)
                best = std::max(best, m_next[static_cast<size_t>(
                                          std::clamp(x + move, kCannonMinX, kCannonMaxX) - kCannonMinX)]);
            const bool dead = std::any_of(threats.begin(), threats.end(),
                                          [&](const Threat& threat) { return hits(threat, step, x); });
            m_reach[static_cast<size_t>(x - kCannonMinX)] = dead ? step - kDeath : best;
        }
    }
    // The first move: the best outcome; among equals towards the goal, then standing still.
    const int32_t toward = goal < from ? -1 : 1;
    int32_t bestMove = 0;
    int32_t bestValue = std::numeric_limits<int32_t>::min();
    for (int32_t move : {toward, 0, -toward}) {
        const int32_t value =
            m_reach[static_cast<size_t>(std::clamp(from + move, kCannonMinX, kCannonMaxX) - kCannonMinX)];
        if (value > bestValue) {
            bestValue = value;
            bestMove = move;
        }
    }
    return bestMove;
}

StepInput AutoPlayer::decide(const Simulation& simulation) {
    const Cannon& cannon = simulation.cannon();
    if (simulation.phase() != SimPhase::Playing || cannon.phase != CannonPhase::Alive) {
        m_firedLastStep = false;
        m_target = -1;
        return {};
    }
    const Rack& rack = simulation.activePlayer().rack;
    const Saucer& saucer = simulation.saucer();
    if (saucer.active && !m_saucerSeen) // a close saucer is worth a detour, now and then
        m_chaseSaucer = std::abs(saucer.x - cannon.x) < 96 && m_rng.below(3) != 0;
    m_saucerSeen = saucer.active;

    const bool shotReady = simulation.playerShot().phase == ShotPhase::Ready;
    if (--m_retargetTimer <= 0 || m_target < 0 || !rack.invaders[static_cast<size_t>(m_target)].alive) {
        m_target = pickTarget(simulation);
        m_retargetTimer = 60 + static_cast<int32_t>(m_rng.below(60));
    }
    int32_t aim = cannon.x;
    bool aimIsFree = true; // firing from the aim holes no shield
    if (saucer.active && m_chaseSaucer) {
        // The shot climbs to the saucer in about (208 - 40) / 4 = 42 steps; it moves 2 every 3 steps.
        const int32_t climb = (kSaucerY - kPlayerShotStartY) / kPlayerShotSpeed;
        aim = saucer.x + kSaucerWidth / 2 + saucer.direction * climb * 2 / 3 - kBarrel;
    } else if (m_target >= 0) {
        aim = aimAt(rack, m_target);
        aimIsFree = !shieldAbove(simulation, std::clamp(aim, kCannonMinX, kCannonMaxX));
    }
    aim = std::clamp(aim, kCannonMinX, kCannonMaxX);

    // Between its own shots it waits beside the aim rather than under a low invader.
    int32_t goal = aim;
    if (!shotReady && exposed(simulation, aim)) {
        for (int32_t offset = 1; offset <= kCannonMaxX - kCannonMinX && goal == aim; ++offset)
            for (int32_t x : {aim - offset, aim + offset})
                if (goal == aim && x >= kCannonMinX && x <= kCannonMaxX && !exposed(simulation, x))
                    goal = x;
    }

    // The falling shots, with the step each moves next (shot type t moves when frame % 3 == t).
    std::array<Threat, kAlienShotTypes> threatStore{};
    size_t count = 0;
    for (int32_t type = 0; type < kAlienShotTypes; ++type) {
        const AlienShot& shot = simulation.alienShots()[static_cast<size_t>(type)];
        if (!shot.active || shot.harmless || shot.position.y < kBandBottom)
            continue;
        const auto phase = static_cast<int32_t>(simulation.frame() % kAlienShotFramesPerStep);
        threatStore[count++] = {shot.position.y, std::max(simulation.alienShotSpeed(), 1),
                                (type - phase + kAlienShotFramesPerStep) % kAlienShotFramesPerStep,
                                shot.position.x - kShotReach - (kCannonWidth - 1),
                                shot.position.x + kShotReach};
    }
    const std::span<const Threat> threats(threatStore.data(), count);

    // Walk to the goal unless that meets a shot; then the first move of a path that dodges them all.
    int32_t move = goal < cannon.x ? -1 : goal > cannon.x ? 1 : 0;
    if (firstHit(cannon.x, goal, threats) != kNever)
        move = dodge(cannon.x, goal, threats);

    StepInput input;
    input.left = move < 0;
    input.right = move > 0;
    const bool lined = goal == aim && std::abs(aim - cannon.x) <= 2;
    // Through a shield only when no free target was to be had.
    const bool clear = !shieldAbove(simulation, cannon.x) || !aimIsFree;
    input.fire = !m_firedLastStep && shotReady && lined && clear;
    m_firedLastStep = input.fire;
    return input;
}

} // namespace invaders
