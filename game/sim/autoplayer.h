#pragma once
// `AutoPlayer`: the attract mode's demo pilot. It reads the simulation's state and answers with the
// input of the next step. A pure function of the states it has seen and its seed, so a demo is as
// deterministic as the game.
//
// How it plays:
//  - Aim: a target among the lowest invader of each column, preferring the bottom row (it holds the
//    invasion off), then one it can shoot without holing its own shields, then the nearest; it stands
//    where the shot will meet the invader, leading it by the rack's march (edges included). Now and then
//    it goes for the saucer when it is close.
//  - Dodge: every falling invader shot gives a window of steps in which its bottom is in the cannon's band
//    and the cannon positions it would hit then. When walking to the aim would meet one, a search over
//    (step, x) finds the first move of a path that misses them all and ends nearest the aim. Between its
//    own shots it waits beside the aim rather than under a low invader, whose shot would come too fast.
//  - Fire: on a fresh press (the game has no autofire) when lined up and the shot is ready.

#include "sim/simulation.h"

#include "vox/core/rng.h"

#include <cstdint>
#include <span>
#include <vector>

namespace invaders {

/// Plays the game by itself.
class AutoPlayer {
public:
    /// A pilot whose choices are drawn from `seed`.
    explicit AutoPlayer(uint64_t seed) : m_rng(seed ^ 0xA5A5'5A5A'DEAD'BEEFull) {}

    /// The input for the next `simulation.step()`.
    [[nodiscard]] StepInput decide(const Simulation& simulation);

    /// A falling invader shot, as the pilot sees it.
    struct Threat {
        int32_t y = 0;          ///< Its bottom now.
        int32_t speed = 1;      ///< Voxels per move.
        int32_t firstMove = 0;  ///< Steps before the step in which it next moves (0..2); then every third.
        int32_t minCannonX = 0; ///< The cannon x it can hit, from...
        int32_t maxCannonX = 0; ///< ...to.
    };

private:
    [[nodiscard]] int32_t pickTarget(const Simulation& simulation);
    /// -1, 0 or +1: the first move of a path from `from` that misses every threat and ends nearest `goal`.
    [[nodiscard]] int32_t dodge(int32_t from, int32_t goal, std::span<const Threat> threats);

    vox::Rng m_rng;
    int32_t m_target = -1;       ///< Invader index aimed at, or -1.
    int32_t m_retargetTimer = 0; ///< Steps until it reconsiders.
    bool m_chaseSaucer = false;  ///< Decided once per saucer pass.
    bool m_saucerSeen = false;   ///< The saucer was flying last step.
    bool m_firedLastStep = false;
    std::vector<int32_t> m_reach; ///< dodge()'s search, one row per step, kept to reuse the memory.
    std::vector<int32_t> m_next;
};

} // namespace invaders
