#pragma once
// `AutoPlayer`: the attract mode's demo pilot. It reads the simulation's state and answers with the
// input of the next step: dodge invader shots overhead, pick an invader to shoot (now and then the
// saucer), line up under it and fire. A pure function of the states it has seen and its seed, so a demo
// is as deterministic as the game.

#include "sim/simulation.h"

#include "vox/core/rng.h"

#include <cstdint>

namespace invaders {

/// Plays the game by itself.
class AutoPlayer {
public:
    /// A pilot whose choices are drawn from `seed`.
    explicit AutoPlayer(uint64_t seed) : m_rng(seed ^ 0xA5A5'5A5A'DEAD'BEEFull) {}

    /// The input for the next `simulation.step()`.
    [[nodiscard]] StepInput decide(const Simulation& simulation);

private:
    [[nodiscard]] int32_t pickTarget(const Simulation& simulation);

    vox::Rng m_rng;
    int32_t m_target = -1;       ///< Invader index aimed at, or -1.
    int32_t m_retargetTimer = 0; ///< Steps until it reconsiders.
    bool m_firedLastStep = false;
};

} // namespace invaders
