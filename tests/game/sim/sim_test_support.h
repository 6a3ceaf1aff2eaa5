#pragma once
// Helpers for the rule tests: a simulation with the built-in models, and ways to drive it with scripted
// input. Expected values in the tests come from shared/reference/arcade-rules.md, written out in each
// test, never read back from the code under test.

#include "sim/autoplayer.h"
#include "sim/replay.h"
#include "sim/run_playback.h"
#include "sim/simulation.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

namespace invaders::test {

/// The built-in models, built once.
inline const GameAssets& builtinAssets() {
    static const GameAssets assets = builtinGameAssets();
    return assets;
}

/// A new session with the built-in models.
inline std::unique_ptr<Simulation>
makeSimulation(int32_t players = 1, Difficulty difficulty = Difficulty::Arcade, uint64_t seed = 1) {
    return std::make_unique<Simulation>(SimSettings{seed, players, difficulty}, builtinAssets());
}

/// An event and the frame (the value of `frame()` before the step) it happened in.
struct SeenEvent {
    int64_t frame = 0;
    SimEvent event;
};

/// Runs `steps` steps with `input`, returning every event of type `type`.
inline std::vector<SeenEvent> runCollecting(Simulation& simulation, int64_t steps, SimEventType type,
                                            StepInput input = {}) {
    std::vector<SeenEvent> seen;
    for (int64_t i = 0; i < steps; ++i) {
        const int64_t frame = simulation.frame();
        simulation.step(input);
        for (const SimEvent& event : simulation.events())
            if (event.type == type)
                seen.push_back({frame, event});
    }
    return seen;
}

/// Steps with `input` until `done()` holds (checked before each step); false if `limit` steps pass first.
inline bool stepUntil(Simulation& simulation, const std::function<bool()>& done, int64_t limit,
                      StepInput input = {}) {
    for (int64_t i = 0; i < limit; ++i) {
        if (done())
            return true;
        simulation.step(input);
    }
    return done();
}

/// Steps until the cannon is on screen.
inline void waitForCannon(Simulation& simulation) {
    ASSERT_TRUE(stepUntil(
        simulation, [&] { return simulation.cannon().phase == CannonPhase::Alive; }, 1000));
}

/// Walks the cannon to `x` (left edge of its box).
inline void moveCannonTo(Simulation& simulation, int32_t x) {
    for (int i = 0; i < 400 && simulation.cannon().x != x; ++i) {
        const int32_t at = simulation.cannon().x;
        simulation.step({x<at, x> at, false});
    }
    ASSERT_EQ(simulation.cannon().x, x);
}

/// Presses fire for one step, then releases it for one step; returns the events of the press step.
inline std::vector<SimEvent> tapFire(Simulation& simulation) {
    simulation.step({false, false, true});
    std::vector<SimEvent> events(simulation.events().begin(), simulation.events().end());
    simulation.step({});
    for (const SimEvent& event : simulation.events())
        events.push_back(event);
    return events;
}

/// True when `events` holds one of type `type`.
inline bool contains(const std::vector<SimEvent>& events, SimEventType type) {
    for (const SimEvent& event : events)
        if (event.type == type)
            return true;
    return false;
}

// Lines the cannon up under invader `index` and shoots until it dies; returns the kill event.
inline SimEvent shootInvader(Simulation& simulation, int32_t index) {
    for (int attempt = 0; attempt < 10; ++attempt) {
        EXPECT_TRUE(stepUntil(
            simulation,
            [&] {
                return simulation.playerShot().phase == ShotPhase::Ready &&
                       simulation.invaderExplosionTimer() == 0;
            },
            200));
        const Invader& target = simulation.activePlayer().rack.invaders[static_cast<size_t>(index)];
        // Lead the target: the shot climbs 4 per frame, the rack steps delta.x every liveCount frames.
        const Rack& rack = simulation.activePlayer().rack;
        const int32_t climb =
            (target.position.y - 40) / 4 + std::abs(target.position.x - simulation.cannon().x);
        const int32_t lead = rack.delta.x * climb / std::max(1, rack.liveCount);
        moveCannonTo(simulation, std::clamp(target.position.x + lead, 16, 185));
        simulation.step({false, false, true});
        for (int i = 0; i < 80 && simulation.playerShot().phase == ShotPhase::Flying; ++i) {
            simulation.step({});
            for (const SimEvent& event : simulation.events())
                if (event.type == SimEventType::InvaderKilled) {
                    EXPECT_FALSE(target.alive);
                    return event;
                }
        }
    }
    ADD_FAILURE() << "could not shoot invader " << index;
    return {};
}

/// Plays `steps` steps with the demo pilot (seeded with the game's seed), recording the inputs, the hash
/// chain and the state hash at the end: a run as the game records one.
inline Replay recordPilotRun(const SimSettings& settings, int64_t steps) {
    Simulation simulation(settings, builtinAssets());
    AutoPlayer pilot(settings.seed);
    Replay replay = newReplay(settings);
    for (int64_t i = 0; i < steps; ++i) {
        const StepInput input = pilot.decide(simulation);
        simulation.step(input);
        recordStep(replay, input, simulation);
    }
    replay.finalStateHash = simulation.stateHash();
    return replay;
}

} // namespace invaders::test
