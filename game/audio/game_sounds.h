#pragma once
// What the game sounds like: the simulation's events and the flow's screen turned into `AudioSystem`
// calls, step by step. The app's `GameScene` and the mix tests (tests/game/audio/mix_test.cpp) both play
// through it, so what the tests render is what the player hears.

#include "audio/audio_system.h"
#include "audio/sound_bank.h"
#include "sim/sim_types.h"

#include <optional>

namespace invaders {

class GameFlow;

/// The one-shot `event` plays, if any: a march note (its note), the cannon's shot, an invader or the
/// cannon or the saucer destroyed, the extra ship. Other events are silent (the saucer's flight is a loop,
/// see `GameSounds`).
[[nodiscard]] std::optional<SoundId> soundFor(const SimEvent& event);

/// The sounds of a running flow. Call `step()` once after each `GameFlow::step()`.
class GameSounds {
public:
    /// Plays the latest step of `flow` into `audio`: the one-shot of each event (`soundFor`); the saucer
    /// loop while a saucer flies in a game, a demo or a replay; and silence (every sound stopped) while
    /// the game is paused or a menu is open over it.
    void step(const GameFlow& flow, AudioSystem& audio);

private:
    bool m_saucerLooping = false;
};

} // namespace invaders
