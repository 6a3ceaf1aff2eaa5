// One simulation step of a full wave: all game logic, the broadphase (DynamicAabbTree) and the voxel
// narrowphase. Floor (issue 6): median <= 50 us in Release.
//
//   build/release/bench/game_bench --benchmark_repetitions=5 --benchmark_report_aggregates_only=true
#include "sim/autoplayer.h"
#include "sim/simulation.h"

#include <benchmark/benchmark.h>

#include <memory>

namespace {

using invaders::Simulation;

const invaders::GameAssets& assets() {
    static const invaders::GameAssets built = invaders::builtinGameAssets();
    return built;
}

// A fresh wave 1 with the cannon on screen and the invaders about to open fire.
std::unique_ptr<Simulation> freshWave(uint64_t seed) {
    auto simulation =
        std::make_unique<Simulation>(invaders::SimSettings{seed, 1, invaders::Difficulty::Arcade}, assets());
    while (simulation->cannon().phase != invaders::CannonPhase::Alive)
        simulation->step({});
    return simulation;
}

// Steps of the first 600 frames of a wave (55 invaders marching, shots flying both ways, shields
// eroding), the cannon sweeping and firing whenever it can. A new wave is built, off the clock,
// every 600 steps so that every measured step has a full (or nearly full) rack.
void BM_SimulationStep_FullWave(benchmark::State& state) {
    constexpr int kStepsPerWave = 600;
    std::unique_ptr<Simulation> simulation = freshWave(1);
    int step = 0;
    for (auto _ : state) {
        if (step == kStepsPerWave) {
            state.PauseTiming();
            simulation = freshWave(static_cast<uint64_t>(state.iterations()));
            step = 0;
            state.ResumeTiming();
        }
        const bool right = (step / 150) % 2 == 0;
        simulation->step({!right, right, step % 2 == 0});
        ++step;
    }
    state.counters["live"] = simulation->activePlayer().rack.liveCount;
}
BENCHMARK(BM_SimulationStep_FullWave);

// Steps of whole demo games (the attract-mode pilot deciding every input), restarting at game over.
void BM_SimulationStep_Demo(benchmark::State& state) {
    std::unique_ptr<Simulation> simulation = freshWave(7);
    invaders::AutoPlayer pilot(7);
    for (auto _ : state) {
        if (simulation->phase() == invaders::SimPhase::GameOver) {
            state.PauseTiming();
            simulation = freshWave(7);
            state.ResumeTiming();
        }
        simulation->step(pilot.decide(*simulation));
    }
}
BENCHMARK(BM_SimulationStep_Demo);

} // namespace

BENCHMARK_MAIN();
