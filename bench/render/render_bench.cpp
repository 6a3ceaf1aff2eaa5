// Renderer benchmarks on an offscreen GL context (llvmpipe when there is no GPU), 1280 x 720.
//
//   Submit*  CPU time to record and issue one frame (beginFrame .. endFrame); the GPU work is waited for
//            outside the timed region (glFinish), so this is the cost the game's thread pays.
//   Frame*   the same plus glFinish: the whole frame, GPU (llvmpipe: CPU rasteriser threads) included.
//
// Scenes: the game scene (55 invaders, 4 shields, cannon, saucer, shots, ~500 debris, and the game's HUD,
// game/ui/hud.h, beside the playfield: scores, wave, lives and a reserve cannon) and the stress
// scene (2,000 sprites of 16^3 voxels, 8.2 M voxels in all, from 8 models, plus 10,000 debris
// particles). "Static" frames repeat the previous one (0 bytes uploaded); "Moving" frames move every
// sprite and step the debris. Counters: draw calls, triangles, bytes uploaded per frame, and the
// renderer's own CPU and GPU (timer query) figures.
//
// Run from anywhere: build/release/bench/render_bench --benchmark_repetitions=5
//     --benchmark_report_aggregates_only=true
// VOX_BENCH_SAMPLES=1 turns multisampling off (default: the renderer's 4), VOX_BENCH_SCALE=0.7 sets the
// render scale (default 1). *Low runs the same frames at the game's LOW quality (game/quality.h: its samples
// and render scale), side by side with the default (HIGH) in one run. VOX_BENCH_FRAMES=N runs N frames per
// benchmark (default 100 for the game scene, 8 for the stress scene); VOX_SHADER_DIR=DIR reads the shaders
// from DIR instead of the source tree's shaders/; VOX_GL=es runs on an OpenGL ES 3.0 context (the browser's
// GL). The window asks for Mesa's driver thread (see vox/platform/window.h); mesa_glthread=false in the
// environment measures without it. Iteration counts are fixed: with the driver thread a submit is ~0.1 ms
// while the untimed glFinish after it takes the whole frame, so Google Benchmark's time-based counts would
// run for hours.

#include "engine/render/test_scenes.h"
#include "game/ui/sample_hud.h"
#include "quality.h"
#include "scene/apply_quality.h"
#include "scene/game_scene.h"
#include "scene/playfield_camera.h"
#include "sim/asset_loader.h"
#include "ui/hud.h"
#include "ui/painter.h"

#include "vox/core/rng.h"
#include "vox/platform/window.h"
#include "vox/render/camera.h"
#include "vox/render/debris.h"
#include "vox/render/render_target.h"
#include "vox/render/scene_renderer.h"

#include <benchmark/benchmark.h>
#include <epoxy/gl.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <optional>

#ifndef VOX_SOURCE_DIR
#error "VOX_SOURCE_DIR must be defined (bench/CMakeLists.txt)"
#endif

namespace {

constexpr int kWidth = 1280;
constexpr int kHeight = 720;

// One GL context, renderer and target for the whole run.
struct Context {
    std::optional<vox::Window> window;
    std::optional<vox::SceneRenderer> renderer;
    vox::RenderTarget target;
    std::string description;
};

Context& context() {
    static Context* instance = [] {
        auto* created = new Context;
        std::filesystem::current_path(VOX_SOURCE_DIR); // shaders/ and assets/
        vox::WindowSettings settings;
        settings.headless = true;
        settings.width = 64;
        settings.height = 64;
        settings.vsync = false;
        settings.debugContext = false;
        const vox::Result<vox::GlDialect> dialect = vox::glDialectFromEnvironment();
        VOX_VERIFY(dialect.ok(), "render_bench: VOX_GL must be es, desktop or unset");
        settings.dialect = dialect.value();
        vox::Result<vox::Window> window = vox::Window::create(settings);
        VOX_VERIFY(window.ok(),
                   "render_bench needs an OpenGL 3.3 (VOX_GL=es: ES 3.0) context (Mesa llvmpipe will "
                   "do)");
        created->window.emplace(std::move(window).value());
        created->description = created->window->glDescription();
        vox::RendererSettings rendererSettings;
        if (const char* samples = std::getenv("VOX_BENCH_SAMPLES"))
            rendererSettings.samples = std::max(1, std::atoi(samples));
        if (const char* scale = std::getenv("VOX_BENCH_SCALE"))
            rendererSettings.renderScale = static_cast<float>(std::atof(scale));
        const char* shaderDirectory = std::getenv("VOX_SHADER_DIR"); // as the game: try shader edits
        vox::Result<vox::SceneRenderer> renderer =
            vox::SceneRenderer::create(shaderDirectory ? shaderDirectory : "shaders", rendererSettings);
        VOX_VERIFY(renderer.ok(), "render_bench: the shaders must build");
        created->renderer.emplace(std::move(renderer).value());
        vox::test::setSceneGround(created->renderer->look()); // the game's ground under its playfield
        vox::Result<vox::RenderTarget> target = vox::RenderTarget::create(kWidth, kHeight);
        VOX_VERIFY(target.ok(), "render_bench: cannot make a 1280x720 render target");
        created->target = std::move(target).value();
        const char* threaded = std::getenv("mesa_glthread"); // set by Window::create unless given
        std::fprintf(stderr, "render_bench: %s, %d samples per pixel, render scale %.2f, mesa_glthread=%s\n",
                     created->description.c_str(), created->renderer->samples(),
                     created->renderer->renderScale(), threaded ? threaded : "unset");
        return created;
    }();
    return *instance;
}

const vox::Camera& playfieldCamera() {
    static const vox::Camera camera = vox::test::sceneCamera(static_cast<float>(kWidth) / kHeight);
    return camera;
}

struct GameScene {
    vox::test::GameAssets assets;
    vox::DebrisSystem debris;

    static GameScene& get() {
        static GameScene* scene = [] {
            auto* created = new GameScene{vox::test::GameAssets::load(*context().renderer),
                                          vox::DebrisSystem(vox::test::sceneDebrisSettings(), 5)};
            created->explode();
            return created;
        }();
        return *scene;
    }

    // Four invaders' worth of debris (~500 particles), renewed whenever it has all settled and faded.
    void explode() {
        for (int i = 0; i < 4; ++i) {
            const vox::VoxelModel& model = assets.invaders[static_cast<size_t>(i % 3)].sprite.frames[0];
            const glm::vec3 origin(40.0f + 40.0f * static_cast<float>(i), 150.0f, -2.0f);
            debris.spawnModel(model, origin, {.centre = origin + glm::vec3(5.0f, 3.0f, 2.0f)});
        }
    }
    void step() {
        debris.step();
        if (debris.size() == 0)
            explode();
    }

    void submit(vox::SceneRenderer& renderer, int frame) {
        // Moving frames: the invaders walk (a new animation frame twice a second) and every sprite shifts.
        vox::test::drawGameScene(renderer, assets, (frame / 30) % 2, static_cast<float>(frame % 16) * 0.5f);
        renderer.drawDebris(debris, 0.5f);
        drawHud(renderer);
    }

    // The game's HUD as players see it, in its columns beside the playfield.
    void drawHud(vox::SceneRenderer& renderer) const {
        const glm::ivec2 size(kWidth, kHeight);
        invaders::ui::Painter painter(renderer, size);
        const invaders::ScreenRect playfield = invaders::playfieldScreenRect(playfieldCamera(), size);
        invaders::ui::drawHud(painter, invaders::test::sampleHud(assets, playfield, 4520));
    }
};

struct StressScene {
    static constexpr int kModels = 8;
    static constexpr int kSprites = 2000;
    std::vector<vox::MeshHandle> meshes;
    std::vector<vox::VoxelModel> models;
    vox::DebrisSystem debris{[] {
        vox::DebrisSettings settings = vox::test::sceneDebrisSettings();
        settings.maxParticles = 10000;
        return settings;
    }()};

    void step() { debris.step(); }

    static StressScene& get() {
        static StressScene* scene = [] {
            auto* created = new StressScene;
            vox::Rng rng(2024);
            // Solid 16^3 blocks with a colour per 2^3 cell (like authored art, faces merge a little): 4,096
            // voxels and about 400 quads each.
            for (int m = 0; m < kModels; ++m) {
                vox::VoxelModel model{glm::ivec3(16)};
                std::array<uint8_t, 512> cellColors{};
                for (uint8_t& color : cellColors)
                    color = static_cast<uint8_t>(1 + rng.below(4) + static_cast<uint32_t>(m) * 4);
                for (int z = 0; z < 16; ++z)
                    for (int y = 0; y < 16; ++y)
                        for (int x = 0; x < 16; ++x)
                            model.set({x, y, z},
                                      cellColors[static_cast<size_t>((z / 2 * 8 + y / 2) * 8 + x / 2)]);
                created->meshes.push_back(context().renderer->addMesh(model));
                created->models.push_back(std::move(model));
            }
            for (int i = 0; created->debris.size() < 10000; ++i) {
                const glm::vec3 origin(static_cast<float>(i % 12) * 18.0f,
                                       100.0f + static_cast<float>(i / 12) * 18.0f, -8.0f);
                created->debris.spawnModel(created->models[static_cast<size_t>(i) % kModels], origin,
                                           {.centre = origin + glm::vec3(8.0f), .lifetimeSeconds = 1000.0f});
            }
            return created;
        }();
        return *scene;
    }

    void submit(vox::SceneRenderer& renderer, int frame) {
        // 50 x 40 sprites of 16^3 voxels filling the playfield's box, several layers deep; a moving frame
        // shifts each a little.
        const float wobble = static_cast<float>(frame % 8) * 0.25f;
        for (int i = 0; i < kSprites; ++i) {
            const float x = static_cast<float>(i % 50) * 4.5f - 2.0f;
            const float y = static_cast<float>((i / 50) % 20) * 12.0f + 10.0f + wobble;
            const float z = static_cast<float>(i / 1000) * -20.0f;
            renderer.drawSprite(
                {.mesh = meshes[static_cast<size_t>(i) % kModels], .position = {x, y, z}, .scale = 0.3f});
        }
        renderer.drawDebris(debris, 0.5f);
    }
};

// `preset`: the samples and render scale to draw with (none: the renderer's, from the environment),
// restored afterwards.
template <class Scene>
void runFrames(benchmark::State& state, bool moving, bool finishInside,
               std::optional<invaders::QualityPreset> preset = std::nullopt) {
    Context& gl = context();
    Scene& scene = Scene::get();
    vox::SceneRenderer& renderer = *gl.renderer;
    const invaders::QualityPreset before{renderer.samples(), renderer.renderScale(),
                                         renderer.drawByFaceDirection()};
    if (preset)
        invaders::applyQuality(renderer, *preset);
    int frame = 0;
    const auto draw = [&] {
        gl.target.bind();
        renderer.beginFrame(playfieldCamera(), vox::Viewport{0, 0, kWidth, kHeight}, 0.0);
        scene.submit(renderer, moving ? frame : 0);
        return renderer.endFrame();
    };
    (void)draw(); // uploads the meshes
    glFinish();
    double drawCalls = 0, triangles = 0, padded = 0, bytes = 0, cpu = 0, prepare = 0, gpu = 0;
    int64_t gpuSamples = 0;
    for (auto _ : state) {
        if (moving) {
            state.PauseTiming(); // simulation is not rendering
            scene.step();
            state.ResumeTiming();
        }
        const vox::FrameStats stats = draw();
        if (finishInside) {
            glFinish();
        } else {
            state.PauseTiming();
            glFinish();
            state.ResumeTiming();
        }
        ++frame;
        drawCalls += stats.drawCalls;
        triangles += static_cast<double>(stats.triangles);
        padded += static_cast<double>(stats.paddedTriangles);
        bytes += static_cast<double>(stats.bytesUploaded);
        cpu += stats.cpuMilliseconds;
        prepare += stats.cpuPrepareMilliseconds;
        if (stats.gpuMilliseconds) {
            gpu += *stats.gpuMilliseconds;
            ++gpuSamples;
        }
    }
    invaders::applyQuality(renderer, before);
    const double n = static_cast<double>(state.iterations());
    state.counters["drawCalls"] = drawCalls / n;
    state.counters["triangles"] = triangles / n;
    state.counters["paddedTriangles"] = padded / n;
    state.counters["bytesUploaded"] = bytes / n;
    state.counters["rendererCpuMs"] = cpu / n;
    state.counters["prepareMs"] = prepare / n;
    if (gpuSamples > 0)
        state.counters["gpuMs"] = gpu / static_cast<double>(gpuSamples);
}

void SubmitGameSceneStatic(benchmark::State& state) {
    runFrames<GameScene>(state, false, false);
}
void SubmitGameSceneMoving(benchmark::State& state) {
    runFrames<GameScene>(state, true, false);
}
void FrameGameScene(benchmark::State& state) {
    runFrames<GameScene>(state, true, true);
}
void FrameGameSceneLow(benchmark::State& state) {
    runFrames<GameScene>(state, true, true, invaders::qualityPreset(invaders::Quality::Low));
}
void SubmitStressSceneStatic(benchmark::State& state) {
    runFrames<StressScene>(state, false, false);
}
void SubmitStressSceneMoving(benchmark::State& state) {
    runFrames<StressScene>(state, true, false);
}
void FrameStressScene(benchmark::State& state) {
    runFrames<StressScene>(state, true, true);
}
void FrameStressSceneLow(benchmark::State& state) {
    runFrames<StressScene>(state, true, true, invaders::qualityPreset(invaders::Quality::Low));
}

// The game itself (game/scene/game_scene.h) in a demo game, as the window draws it each frame: the
// playfield camera, the HUD, the hints, the debris of what is shot; one simulation step per frame.
// `cabinet`: in the cabinet's look (game/scene/apply_look.h: gels, monochrome, the moon).
void FramePlaying(benchmark::State& state, invaders::Quality quality, bool cabinet = false) {
    (void)context(); // the GL context and the working directory
    static std::array<std::unique_ptr<invaders::GameScene>, 6> games; // by quality and look
    std::unique_ptr<invaders::GameScene>& game =
        games.at(static_cast<size_t>(quality) * 2 + (cabinet ? 1 : 0));
    if (!game) {
        vox::Result<invaders::GameAssets> assets = invaders::loadGameAssets("assets");
        VOX_VERIFY(assets.ok(), "render_bench: the game's assets must load");
        invaders::FlowSettings flow;
        flow.demo = true;
        flow.options.quality = quality;
        flow.options.cabinet = cabinet;
        auto created = invaders::GameScene::create("shaders", assets.value(), flow, {}, {},
                                                   invaders::AudioSystem::silent());
        VOX_VERIFY(created.ok(), "render_bench: the game scene must build");
        game = std::move(created).value();
    }
    vox::RenderTarget& target = context().target;
    const auto frame = [&] {
        game->step({});
        target.bind();
        game->render(kWidth, kHeight, 1.0);
    };
    for (int i = 0; i < 240; ++i) // a wave under way
        game->step({});
    frame(); // its meshes uploaded
    glFinish();
    double drawCalls = 0, triangles = 0;
    for (auto _ : state) {
        frame();
        glFinish();
        drawCalls += game->debugView().frame.drawCalls;
        triangles += static_cast<double>(game->debugView().frame.triangles);
    }
    const double n = static_cast<double>(state.iterations());
    state.counters["drawCalls"] = drawCalls / n;
    state.counters["triangles"] = triangles / n;
}

// Frames per benchmark; VOX_BENCH_FRAMES overrides both, e.g. a few frames under callgrind, whose
// instruction counts (llvmpipe's rasteriser included) are steadier than wall time on a loaded machine.
int framesOr(int fallback) {
    const char* frames = std::getenv("VOX_BENCH_FRAMES");
    return frames ? std::max(1, std::atoi(frames)) : fallback;
}
const int kGameFrames = framesOr(100);
const int kStressFrames = framesOr(8);
BENCHMARK(SubmitGameSceneStatic)->Unit(benchmark::kMillisecond)->Iterations(kGameFrames);
BENCHMARK(SubmitGameSceneMoving)->Unit(benchmark::kMillisecond)->Iterations(kGameFrames);
BENCHMARK(FrameGameScene)->Unit(benchmark::kMillisecond)->Iterations(kGameFrames);
BENCHMARK(FrameGameSceneLow)->Unit(benchmark::kMillisecond)->Iterations(kGameFrames);
BENCHMARK_CAPTURE(FramePlaying, Low, invaders::Quality::Low)
    ->Unit(benchmark::kMillisecond)
    ->Iterations(kGameFrames);
BENCHMARK_CAPTURE(FramePlaying, High, invaders::Quality::High)
    ->Unit(benchmark::kMillisecond)
    ->Iterations(kGameFrames);
BENCHMARK_CAPTURE(FramePlaying, LowCabinet, invaders::Quality::Low, true)
    ->Unit(benchmark::kMillisecond)
    ->Iterations(kGameFrames);
BENCHMARK(SubmitStressSceneStatic)->Unit(benchmark::kMillisecond)->Iterations(kStressFrames);
BENCHMARK(SubmitStressSceneMoving)->Unit(benchmark::kMillisecond)->Iterations(kStressFrames);
BENCHMARK(FrameStressScene)->Unit(benchmark::kMillisecond)->Iterations(kStressFrames);
BENCHMARK(FrameStressSceneLow)->Unit(benchmark::kMillisecond)->Iterations(kStressFrames);

} // namespace

BENCHMARK_MAIN();
