#pragma once
// What the game sounds like: a step's simulation events and the screen shown after it turned into
// `AudioSystem` calls, step by step. It knows nothing of the flow: the app's `GameScene` and the mix tests
// (tests/game/audio/mix_test.cpp) both hand it what the flow's step produced, so what the tests render is
// what the player hears.

#include "audio/audio_system.h"
#include "audio/sound_bank.h"
#include "screens/screen_table.h"
#include "sim/sim_types.h"

#include <optional>
#include <span>

namespace invaders {

class Simulation;

/// The one-shot `event` plays, if any: a march note (its note), the cannon's shot, an invader or the
/// cannon or the saucer destroyed, the extra ship. Other events are silent (the saucer's flight is a loop,
/// see `GameSounds`).
[[nodiscard]] std::optional<SoundId> soundFor(const SimEvent& event);

/// The sounds of the game. Call `step()` once after each step of the flow (one displayed frame).
class GameSounds {
public:
    /// Plays one frame into `audio`: the one-shot of each of its `events` (`soundFor`), which are those of
    /// every step the frame played (one, or WATCH's 2 or 4), each sound started once however many of them
    /// fire it; the saucer loop while a saucer flies in `shown` (the simulation on screen; null: none) on a
    /// screen that runs it (a game, a demo, a replay, WATCH); and silence (every sound stopped) when
    /// `screen` is the pause menu or a menu opened over the game.
    void step(std::span<const SimEvent> events, Screen screen, const Simulation* shown, AudioSystem& audio);

private:
    bool m_saucerLooping = false;
};

} // namespace invaders
