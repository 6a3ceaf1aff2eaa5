// WATCH's study of a run (issue 35): seeking a 30-minute run (108,000 steps) to any step, stepping back one
// step, and what the snapshots that make it quick cost. The run is the demo pilot's, recorded in the set-up:
// seed 7, one player, arcade rules (the attract mode's), still playing at its last step (wave 28), so every
// step is a real one. Floor: a seek to a random step takes at most 16.7 ms (a frame at 60 Hz).
//
//   build/release/bench/game_bench --benchmark_filter=RunSeek --benchmark_repetitions=5
//                                  --benchmark_report_aggregates_only=true   (one line)
#include "sim/autoplayer.h"
#include "sim/run_playback.h"
#include "sim/run_snapshots.h"

#include "vox/core/rng.h"

#include <benchmark/benchmark.h>

#include <time.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

#include <algorithm>
#include <chrono>

namespace {

using invaders::RunPlayback;

constexpr int64_t kSteps = 108000; // 30 minutes at 60 steps a second

const invaders::GameAssets& assets() {
    static const invaders::GameAssets built = invaders::builtinGameAssets();
    return built;
}

// The demo pilot's 30-minute run, recorded once.
const invaders::Replay& thirtyMinuteRun() {
    static const invaders::Replay run = [] {
        const invaders::SimSettings settings{7, 1, invaders::Difficulty::Arcade};
        invaders::Replay replay = invaders::newReplay(settings);
        invaders::Simulation simulation(settings, assets());
        invaders::AutoPlayer pilot(settings.seed);
        for (int64_t i = 0; i < kSteps; ++i) {
            const invaders::StepInput input = pilot.decide(simulation);
            simulation.step(input);
            invaders::recordStep(replay, input, simulation); // the input and the hash chain's links
        }
        replay.finalStateHash = simulation.stateHash();
        return replay;
    }();
    return run;
}

// Heap bytes in use now, for the snapshots' memory (glibc's count; 0 elsewhere).
size_t heapInUse() {
#if defined(__GLIBC__)
    return mallinfo2().uordblks;
#else
    return 0;
#endif
}

// A playback of the run with every snapshot taken (what WATCH has after its first second).
RunPlayback preparedPlayback(benchmark::State& state) {
    RunPlayback playback(thirtyMinuteRun(), assets());
    const size_t before = heapInUse();
    playback.prepareSeeking(kSteps);
    const size_t bytes = heapInUse() - before;
    const auto count = static_cast<double>(playback.snapshots()->count());
    state.counters["snapshots"] = count;
    state.counters["snapshot_MiB"] = static_cast<double>(bytes) / (1024.0 * 1024.0);
    state.counters["per_snapshot_KiB"] = static_cast<double>(bytes) / 1024.0 / count;
    state.counters["playing_at_end"] = playback.simulation().phase() == invaders::SimPhase::Playing ? 1 : 0;
    return playback;
}

// This thread's CPU time, milliseconds: what a seek costs, without the time the scheduler gave others.
double threadCpuMs() {
    timespec now{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
    return static_cast<double>(now.tv_sec) * 1e3 + static_cast<double>(now.tv_nsec) * 1e-6;
}

// A seek to a random step (uniform over the run, fixed seed), either way from where the last one left it.
// `max_ms`: the slowest seek of the run, wall clock; `max_cpu_ms`: the most CPU time one took.
void BM_RunSeek_RandomStep(benchmark::State& state) {
    RunPlayback playback = preparedPlayback(state);
    vox::Rng rng(35);
    double slowest = 0.0;
    double mostCpu = 0.0;
    for (auto _ : state) {
        const auto step = static_cast<int64_t>(rng.next() % static_cast<uint64_t>(kSteps + 1));
        const auto start = std::chrono::steady_clock::now();
        const double cpuStart = threadCpuMs();
        playback.seek(step);
        mostCpu = std::max(mostCpu, threadCpuMs() - cpuStart);
        slowest = std::max(
            slowest,
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
        benchmark::DoNotOptimize(playback.simulation().frame());
    }
    state.counters["max_ms"] = slowest;
    state.counters["max_cpu_ms"] = mostCpu;
}
BENCHMARK(BM_RunSeek_RandomStep)->Unit(benchmark::kMicrosecond);

// One step back from a random step: a restore and up to 299 steps on (the exact step back).
void BM_RunSeek_StepBack(benchmark::State& state) {
    RunPlayback playback = preparedPlayback(state);
    vox::Rng rng(36);
    for (auto _ : state) {
        state.PauseTiming();
        playback.seek(1 + static_cast<int64_t>(rng.next() % static_cast<uint64_t>(kSteps)));
        state.ResumeTiming();
        playback.stepBack();
        benchmark::DoNotOptimize(playback.simulation().frame());
    }
}
BENCHMARK(BM_RunSeek_StepBack)->Unit(benchmark::kMicrosecond);

// One displayed frame's share of the snapshots WATCH takes ahead (RunSnapshots::extend, 1,800 steps:
// Runs::kWatchSnapshotStepsPerFrame, the whole run in 60 frames).
void BM_RunSeek_PrepareOneFrame(benchmark::State& state) {
    for (auto _ : state) {
        state.PauseTiming();
        RunPlayback playback(thirtyMinuteRun(), assets());
        playback.prepareSeeking(1); // the scout made, off the clock
        state.ResumeTiming();
        playback.prepareSeeking(1800);
        benchmark::DoNotOptimize(playback.snapshots()->reach());
    }
}
BENCHMARK(BM_RunSeek_PrepareOneFrame)->Unit(benchmark::kMicrosecond);

// The worst case the per-frame share avoids: a seek to the end before any snapshot was taken (the whole run
// played and snapshotted at once).
void BM_RunSeek_ToTheEndWithNoSnapshotsYet(benchmark::State& state) {
    for (auto _ : state) {
        state.PauseTiming();
        RunPlayback playback(thirtyMinuteRun(), assets());
        state.ResumeTiming();
        playback.seek(kSteps);
        benchmark::DoNotOptimize(playback.simulation().frame());
    }
}
BENCHMARK(BM_RunSeek_ToTheEndWithNoSnapshotsYet)->Unit(benchmark::kMillisecond);

} // namespace
