// The debug overlay's CPU cost per frame on the full game scene (the demo, seed 1, 600 steps: 55 invaders
// less the dead, 4 shields, cannon, shots): building the tree's line geometry alone, and a whole overlay
// frame (geometry, its upload and one line draw, the ImGui panel built and drawn), in a headless GL
// context. The floor: <= 1 ms of CPU per frame with the overlay on.
//
//     build/release/bench/overlay_bench --benchmark_repetitions=5 --benchmark_report_aggregates_only=true
#include "debug/debug_overlay.h"
#include "debug/overlay_geometry.h"
#include "scene/game_scene.h"
#include "sim/asset_loader.h"

#include "vox/platform/window.h"
#include "vox/render/render_target.h"

#include <benchmark/benchmark.h>
#include <epoxy/gl.h>

#include <cstdio>
#include <filesystem>
#include <optional>

#ifndef VOX_SOURCE_DIR
#error "VOX_SOURCE_DIR must be defined (bench/CMakeLists.txt)"
#endif

namespace invaders {
namespace {

constexpr int kSteps = 600;

GameAssets& assets() {
    static GameAssets loaded = [] {
        std::filesystem::current_path(VOX_SOURCE_DIR); // shaders/ and assets/
        vox::Result<GameAssets> result = loadGameAssets("assets");
        if (!result) {
            std::fprintf(stderr, "overlay_bench: %s\n", result.error().message.c_str());
            std::exit(1);
        }
        return std::move(result).value();
    }();
    return loaded;
}

void BuildOverlayGeometry(benchmark::State& state) {
    Simulation simulation(SimSettings{}, assets());
    for (int i = 0; i < kSteps; ++i)
        simulation.step(StepInput{});
    const OverlayState overlay(true);
    ContactTrail contacts;
    vox::LineBatch lines;
    for (auto _ : state) {
        lines.clear();
        const OverlayGeometryCounts counts = buildOverlayLines(simulation, overlay, contacts, lines);
        benchmark::DoNotOptimize(counts);
    }
    state.counters["lines"] = lines.lineCount();
}

// A whole overlay frame over a rendered game frame; the game's own render is outside the timing.
void OverlayFrame(benchmark::State& state) {
    static_cast<void>(assets()); // sets the working folder
    vox::WindowSettings settings;
    settings.width = 64;
    settings.height = 64;
    settings.headless = true;
    const vox::Result<vox::GlDialect> dialect = vox::glDialectFromEnvironment(); // VOX_GL=es: ES 3.0
    if (!dialect) {
        state.SkipWithError(dialect.error().message.c_str());
        return;
    }
    settings.dialect = dialect.value();
    vox::Result<vox::Window> window = vox::Window::create(settings);
    if (!window) {
        state.SkipWithError(window.error().message.c_str());
        return;
    }
    FlowSettings flow;
    flow.demo = true;
    auto scene = GameScene::create("shaders", assets(), flow, HighScoreTable{}, SaveFilePaths{},
                                   AudioSystem::silent());
    auto overlay = DebugOverlay::create("shaders", window.value(), true);
    auto target = vox::RenderTarget::create(1280, 720);
    if (!scene || !overlay || !target) {
        state.SkipWithError("cannot build the scene, the overlay or the target");
        return;
    }
    for (int i = 0; i < kSteps; ++i)
        scene.value()->step(vox::ActionState{});
    target.value().bind();
    for (auto _ : state) {
        state.PauseTiming();
        scene.value()->render(1280, 720, 1.0);
        glFinish();
        state.ResumeTiming();
        overlay.value()->render(scene.value()->debugView(), 1280, 720, {.deltaSeconds = 1.0f / 60.0f});
        state.PauseTiming();
        glFinish(); // the rasterisation (llvmpipe: on CPU threads) is not the submitting CPU's cost
        state.ResumeTiming();
    }
    state.counters["lines"] = overlay.value()->lines().lineCount();
    state.counters["drawCalls"] = overlay.value()->lastDrawCalls();
}

BENCHMARK(BuildOverlayGeometry)->Unit(benchmark::kMicrosecond);
BENCHMARK(OverlayFrame)->Unit(benchmark::kMicrosecond);

} // namespace
} // namespace invaders

BENCHMARK_MAIN();
