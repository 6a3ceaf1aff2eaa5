// Benchmarks of the voxel half of the engine (docs/benchmarks.md, "Voxel models", has the figures and
// commands): greedy meshing, the narrowphase against a per-voxel reference, and shield erosion plus re-mesh.

#include "vox/core/rng.h"
#include "vox/voxel/voxel_erosion.h"
#include "vox/voxel/voxel_mesh.h"
#include "vox/voxel/voxel_narrowphase.h"

#include <benchmark/benchmark.h>

#include <cmath>

namespace {

using vox::VoxelModel;

enum Shape { Solid, Sphere, Noise };

VoxelModel makeModel(Shape shape, int n) {
    VoxelModel model{glm::ivec3(n)};
    vox::Rng rng(12345);
    const double r = n / 2.0;
    for (int z = 0; z < n; ++z)
        for (int y = 0; y < n; ++y)
            for (int x = 0; x < n; ++x) {
                const double dx = x + 0.5 - r, dy = y + 0.5 - r, dz = z + 0.5 - r;
                const bool filled = shape == Solid    ? true
                                    : shape == Sphere ? dx * dx + dy * dy + dz * dz <= r * r
                                                      : rng.nextDouble() < 0.5; // Noise: half full, 4 colours
                if (filled)
                    model.set({x, y, z}, static_cast<uint8_t>(shape == Noise ? 1 + rng.below(4) : 1));
            }
    return model;
}

void BM_Mesh(benchmark::State& state, Shape shape, bool greedy) {
    const VoxelModel model = makeModel(shape, static_cast<int>(state.range(0)));
    vox::VoxelMesher mesher({.greedy = greedy});
    vox::VoxelMesh mesh;
    for (auto _ : state) {
        mesher.mesh(model, mesh);
        benchmark::DoNotOptimize(mesh.quads.data());
    }
    state.counters["quads"] = static_cast<double>(mesh.quads.size());
}
BENCHMARK_CAPTURE(BM_Mesh, greedy_solid, Solid, true)
    ->Arg(16)
    ->Arg(32)
    ->Arg(64)
    ->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_Mesh, greedy_sphere, Sphere, true)
    ->Arg(16)
    ->Arg(32)
    ->Arg(64)
    ->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_Mesh, greedy_noise, Noise, true)
    ->Arg(16)
    ->Arg(32)
    ->Arg(64)
    ->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_Mesh, culled_sphere, Sphere, false)->Arg(64)->Unit(benchmark::kMicrosecond);

// Narrowphase worst case: every row of the overlap holds voxels in both models, but never the same cell.
// Both models fill the cells with even x; b sits one voxel to the right, so its voxels land on odd x.
VoxelModel evenColumns(glm::ivec3 size) {
    VoxelModel model(size);
    for (int z = 0; z < size.z; ++z)
        for (int y = 0; y < size.y; ++y)
            for (int x = 0; x < size.x; x += 2)
                model.set({x, y, z}, 1);
    return model;
}

glm::ivec3 narrowphaseSize(int64_t index) {
    constexpr glm::ivec3 kSizes[] = {{11, 8, 4}, {16, 16, 16}, {32, 32, 32}, {64, 64, 64}};
    return kSizes[index];
}

// The per-voxel reference: one cell at a time over the grids' overlap, reading the palette indices.
bool perVoxelOverlap(const VoxelModel& a, glm::ivec3 offsetA, const VoxelModel& b, glm::ivec3 offsetB) {
    const glm::ivec3 lo = glm::max(offsetA, offsetB);
    const glm::ivec3 hi = glm::min(offsetA + a.size(), offsetB + b.size());
    const auto colorsA = a.colorIndices(), colorsB = b.colorIndices();
    for (int z = lo.z; z < hi.z; ++z)
        for (int y = lo.y; y < hi.y; ++y)
            for (int x = lo.x; x < hi.x; ++x) {
                const glm::ivec3 ca = glm::ivec3(x, y, z) - offsetA, cb = glm::ivec3(x, y, z) - offsetB;
                if (colorsA[static_cast<size_t>((ca.z * a.size().y + ca.y) * a.size().x + ca.x)] != 0 &&
                    colorsB[static_cast<size_t>((cb.z * b.size().y + cb.y) * b.size().x + cb.x)] != 0)
                    return true;
            }
    return false;
}

void BM_NarrowphaseWorstCase(benchmark::State& state, bool reference) {
    const glm::ivec3 size = narrowphaseSize(state.range(0));
    const VoxelModel a = evenColumns(size), b = evenColumns(size);
    glm::ivec3 offsetA(0), offsetB(1, 0, 0);
    for (auto _ : state) {
        benchmark::DoNotOptimize(offsetA);
        benchmark::DoNotOptimize(offsetB);
        const bool hit =
            reference ? perVoxelOverlap(a, offsetA, b, offsetB) : vox::voxelsOverlap(a, offsetA, b, offsetB);
        if (hit)
            state.SkipWithError("the worst case must not hit");
        benchmark::DoNotOptimize(hit);
    }
    state.SetLabel(std::to_string(size.x) + "x" + std::to_string(size.y) + "x" + std::to_string(size.z));
}
BENCHMARK_CAPTURE(BM_NarrowphaseWorstCase, rows, false)->DenseRange(0, 3);
BENCHMARK_CAPTURE(BM_NarrowphaseWorstCase, per_voxel_reference, true)->DenseRange(0, 3);

// Erosion plus re-mesh of a 22 x 16 x 8 shield hit by a 5 x 5 x 3 diamond explosion at a contact on its
// top or bottom edge. Each iteration starts from a fresh copy of the shield (the copy is timed too).
void BM_ErodeAndRemeshShield(benchmark::State& state) {
    VoxelModel shield(glm::ivec3(22, 16, 8));
    for (int z = 0; z < 8; ++z)
        for (int y = 0; y < 16; ++y)
            for (int x = 0; x < 22; ++x)
                if (!(y < 4 && x >= 7 && x <= 14))
                    shield.set({x, y, z}, static_cast<uint8_t>(1 + (x + y + z) % 2));
    VoxelModel explosion(glm::ivec3(5, 5, 3));
    for (int z = 0; z < 3; ++z)
        for (int y = 0; y < 5; ++y)
            for (int x = 0; x < 5; ++x)
                if (std::abs(x - 2) + std::abs(y - 2) <= 2)
                    explosion.set({x, y, z}, 1);
    const glm::ivec3 contacts[] = {{3, 15, 3}, {11, 15, 4}, {18, 15, 2}, {5, 0, 5}, {16, 0, 1}, {10, 4, 3}};
    vox::VoxelMesher mesher;
    vox::VoxelMesh mesh;
    std::vector<vox::RemovedVoxel> removed;
    size_t next = 0;
    int64_t voxelsRemoved = 0;
    for (auto _ : state) {
        VoxelModel target = shield;
        removed.clear();
        const glm::ivec3 contact = contacts[next++ % std::size(contacts)];
        voxelsRemoved +=
            vox::erodeVoxels(target, explosion, vox::stencilOffsetCentredOn(explosion, contact), removed);
        mesher.mesh(target, mesh);
        benchmark::DoNotOptimize(mesh.quads.data());
    }
    state.counters["removed"] =
        benchmark::Counter(static_cast<double>(voxelsRemoved), benchmark::Counter::kAvgIterations);
    state.counters["quads"] = static_cast<double>(mesh.quads.size());
}
BENCHMARK(BM_ErodeAndRemeshShield)->Unit(benchmark::kMicrosecond);

} // namespace

BENCHMARK_MAIN();
