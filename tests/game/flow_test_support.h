#pragma once
// What the tests that drive a `GameFlow` step by step share: the built-in models, one step's press of an
// action, and a run of steps with the same input.

#include "actions.h"
#include "game_flow.h"
#include "sim/game_assets.h"

#include "vox/platform/action.h"

#include <cstdint>

namespace invaders::test {

/// The models built into the game (no files read), made once.
inline const GameAssets& assets() {
    static const GameAssets built = builtinGameAssets();
    return built;
}

/// One step's input: `action` pressed (and held) in it.
inline vox::ActionState press(Action action) {
    vox::ActionState state;
    state.pressedBits = vox::ActionState::bit(action);
    state.heldBits = vox::ActionState::bit(action);
    return state;
}

/// Steps `flow` `steps` times with `input` each time.
inline void run(GameFlow& flow, int32_t steps, const vox::ActionState& input = {}) {
    for (int32_t i = 0; i < steps; ++i)
        flow.step(input);
}

} // namespace invaders::test
