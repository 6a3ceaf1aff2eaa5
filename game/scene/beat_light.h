#pragma once
// `BeatLight`: the march beat made visible (Settings::visibleBeat), for players who cannot hear it: a level
// that jumps to 1 on the step of each march note and fades over the next steps; apply_look.h turns it into
// a pulse of the ground line and the light. Driven by the simulation's events, so it keeps the beat exactly.

#include "sim/sim_types.h"

#include <cstdint>
#include <span>

namespace invaders {

/// See the file comment.
class BeatLight {
public:
    /// Steps over which a note's pulse fades out: less than the shortest gap between notes (5 steps), so
    /// even the fastest march shows separate pulses.
    static constexpr int32_t kFadeSteps = 4;

    /// Advances one step of the session, reading its `events` (a `SimEventType::MarchNote` restarts the
    /// pulse).
    void step(std::span<const SimEvent> events);
    /// No pulse (a new session, a screen without the playfield).
    void clear() { m_stepsSinceNote = kFadeSteps; }
    /// 1 on the step of a note, then falling linearly to 0 over `kFadeSteps` steps.
    [[nodiscard]] float level() const;

private:
    int32_t m_stepsSinceNote = kFadeSteps;
};

} // namespace invaders
