// The Design scale sample's collision step (issue 27): 320 voxel models, over 1,000,000 voxels, in a world
// over a kilometre across (samples/design_scale_world.h). One iteration is one fixed step; the time measured
// (manual time) is the collision step alone: every model's box to the DynamicAabbTree and updatePairs (the
// broadphase), then firstOrientedContact on each pair (oriented boxes, bricks, voxels: the narrowphase).
// The motion and the response (erosion, bricks built again, bounces) run untimed between iterations. The
// counters give the median and the tail over the steps, after 600 warm-up steps (10 simulated seconds).
// Beside it, the peer without a broadphase: the narrowphase on every one of the 51,040 pairs.
// docs/benchmarks.md, "Design-scale scene (issue 27)", has the figures; the floor is a 4 ms median.
#include "design_scale_world.h"

#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdint>
#include <vector>

namespace {

double percentile(std::vector<double> values, double fraction) {
    if (values.empty())
        return 0.0;
    std::sort(values.begin(), values.end());
    const auto index = static_cast<size_t>(fraction * static_cast<double>(values.size() - 1) + 0.5);
    return values[index];
}

samples::DesignScaleSettings settingsWithClusterRadius(int64_t radius) {
    samples::DesignScaleSettings settings;
    settings.clusterRadius = static_cast<float>(radius);
    return settings;
}

void BM_DesignScaleCollisionStep(benchmark::State& state) {
    samples::DesignScaleWorld world(settingsWithClusterRadius(state.range(0)));
    for (int step = 0; step < 600; ++step)
        world.step();
    const int64_t impactsBefore = world.impacts();
    std::vector<double> collision, broadphase, narrowphase;
    int64_t pairs = 0, touching = 0;
    for (auto _ : state) {
        world.moveModels();
        benchmark::DoNotOptimize(world.findContacts().data());
        const samples::DesignScaleTimes& times = world.times();
        state.SetIterationTime(times.collisionMs() / 1000.0);
        collision.push_back(times.collisionMs());
        broadphase.push_back(times.broadphaseMs);
        narrowphase.push_back(times.narrowphaseMs);
        pairs += static_cast<int64_t>(world.boxPairs().size());
        touching += static_cast<int64_t>(world.contacts().size());
        world.respond();
    }
    const auto steps = static_cast<double>(collision.size());
    state.counters["median_ms"] = percentile(collision, 0.5);
    state.counters["p95_ms"] = percentile(collision, 0.95);
    state.counters["max_ms"] = percentile(collision, 1.0);
    state.counters["broadphase_median_ms"] = percentile(broadphase, 0.5);
    state.counters["narrowphase_median_ms"] = percentile(narrowphase, 0.5);
    state.counters["pairs_per_step"] = static_cast<double>(pairs) / steps;
    state.counters["touching_per_step"] = static_cast<double>(touching) / steps;
    state.counters["impacts_per_s"] = static_cast<double>(world.impacts() - impactsBefore) /
                                      (steps * samples::DesignScaleWorld::kStepSeconds);
    state.counters["models"] = static_cast<double>(world.models().size());
    state.counters["voxels"] = static_cast<double>(world.voxelCount());
}

// The peer without a broadphase: the narrowphase (orientedVoxelsOverlap) on every pair of models, each step.
void BM_DesignScaleEveryPair(benchmark::State& state) {
    samples::DesignScaleWorld world(settingsWithClusterRadius(state.range(0)));
    for (int step = 0; step < 600; ++step)
        world.step();
    for (auto _ : state) {
        state.PauseTiming();
        world.step();
        state.ResumeTiming();
        benchmark::DoNotOptimize(samples::touchingPairsBruteForce(world).data());
    }
}

} // namespace

// 3,600 steps: a simulated minute. Argument: the clusters' radius, voxels: 260 is the scene's; 110 packs
// each cluster's members 13 times denser, for many more pairs and contacts.
BENCHMARK(BM_DesignScaleCollisionStep)
    ->Arg(260)
    ->Arg(110)
    ->Iterations(3600)
    ->UseManualTime()
    ->Unit(benchmark::kMillisecond);
BENCHMARK(BM_DesignScaleEveryPair)->Arg(260)->Iterations(200)->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
