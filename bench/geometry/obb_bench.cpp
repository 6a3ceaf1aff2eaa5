// Oriented box overlap, per pair: vox's separating axis test against the routes a Bullet 3.24 user has to the
// same yes or no, on the same random pairs (the geometry tests' generator and first seed), and against the
// bare arithmetic of the 15 axis tests. docs/benchmarks.md, "Oriented boxes (issue 27)", has the figures.
//
// Routes, and what each computes besides the verdict:
// - vox::overlaps: nothing; returns at the first separating axis.
// - FifteenProjections: the arithmetic all 15 axis tests need and nothing else (no early return, no
//   branch), the cost floor of a test that must look at every axis, as it must for overlapping pairs.
// - BulletGjkDistance: btGjkEpaSolver2::Distance on two btBoxShapes: GJK only (no EPA). Separated pairs run
//   to convergence and get the distance, both witness points and the normal; overlapping pairs stop when the
//   simplex encloses the origin.
// - BulletGjkPairDetector: btGjkPairDetector with btVoronoiSimplexSolver and btGjkEpaPenetrationDepthSolver,
//   what btConvexConvexAlgorithm runs, asked for contacts at distance <= 0: separated pairs stop at the
//   first GJK support that proves separation; overlapping pairs run GJK, then EPA for the penetration depth,
//   normal and contact point.
// - BulletBoxBoxDetector: btBoxBoxDetector (ODE's dBoxBox): a separating axis test of its own on the same
//   15 axes, then, for overlapping pairs, the contact manifold: the deepest axis, the clipped face (or
//   edge-edge) contact points, up to 4, each with a depth.
//
// Workloads (benchmark argument): 0 = every pair (45 % overlap), 1 = the overlapping pairs only (vox must
// try all 15 axes), 2 = the separated pairs only.
#include "engine/geometry/random_boxes.h"
#include "vox/geometry/obb.h"

#include <benchmark/benchmark.h>

#include <BulletCollision/CollisionDispatch/btBoxBoxDetector.h>
#include <BulletCollision/CollisionShapes/btBoxShape.h>
#include <BulletCollision/NarrowPhaseCollision/btGjkEpa2.h>
#include <BulletCollision/NarrowPhaseCollision/btGjkEpaPenetrationDepthSolver.h>
#include <BulletCollision/NarrowPhaseCollision/btGjkPairDetector.h>
#include <BulletCollision/NarrowPhaseCollision/btPointCollector.h>
#include <BulletCollision/NarrowPhaseCollision/btVoronoiSimplexSolver.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <vector>

namespace {

constexpr uint64_t kSeed =
    0x270bb001;              // the first seed of Obb.AgreesWithTheEdgeClippingReferenceOnRandomPairs
constexpr int kPairs = 4096; // more than a branch predictor can learn, few enough to stay in L2

struct BoxPair {
    vox::Obb a;
    vox::Obb b;
};

struct BulletPair {
    std::unique_ptr<btBoxShape> shapeA;
    std::unique_ptr<btBoxShape> shapeB;
    btTransform transformA;
    btTransform transformB;
};

btTransform toBullet(const vox::Obb& box) {
    const glm::mat3& r = box.rotation;
    // btMatrix3x3 takes rows; the box's axes are its columns.
    const btMatrix3x3 basis(r[0].x, r[1].x, r[2].x, r[0].y, r[1].y, r[2].y, r[0].z, r[1].z, r[2].z);
    return btTransform(basis, btVector3(box.center.x, box.center.y, box.center.z));
}

std::unique_ptr<btBoxShape> toBulletShape(const vox::Obb& box) {
    auto shape =
        std::make_unique<btBoxShape>(btVector3(box.halfExtents.x, box.halfExtents.y, box.halfExtents.z));
    shape->setMargin(0.0f); // Bullet's default 0.04 margin would round the corners; 0 keeps the exact box
    return shape;
}

struct Workload {
    std::vector<BoxPair> boxes;
    std::vector<BulletPair> bullet;
};

// The pairs of a workload; the filter uses vox's verdict.
const Workload& workload(int kind) {
    static Workload workloads[3];
    Workload& chosen = workloads[kind];
    if (!chosen.boxes.empty())
        return chosen;
    vox::Rng rng(kSeed);
    while (static_cast<int>(chosen.boxes.size()) < kPairs) {
        const vox::Obb a = vox::testing::randomBox(rng, 1.0f);
        const vox::Obb b = vox::testing::randomBox(rng, 1.0f);
        const bool overlapping = vox::overlaps(a, b);
        if ((kind == 1 && !overlapping) || (kind == 2 && overlapping))
            continue;
        chosen.boxes.push_back({a, b});
        chosen.bullet.push_back({toBulletShape(a), toBulletShape(b), toBullet(a), toBullet(b)});
    }
    return chosen;
}

void setCounters(benchmark::State& state, const Workload& pairs, int overlapping, int disagreements) {
    const auto count = static_cast<double>(pairs.boxes.size());
    state.counters["per_pair"] = benchmark::Counter(count, benchmark::Counter::kIsIterationInvariantRate |
                                                               benchmark::Counter::kInvert);
    state.counters["overlap_share"] = overlapping / count;
    state.counters["disagree_with_vox"] = disagreements;
}

// Counts how many pairs `overlapsFn` says overlap and on how many it disagrees with vox (once, untimed).
template <class Fn>
void checkAgainstVox(benchmark::State& state, const Workload& pairs, Fn&& overlapsFn) {
    int overlapping = 0;
    int disagreements = 0;
    for (size_t i = 0; i < pairs.boxes.size(); ++i) {
        const bool verdict = overlapsFn(i);
        overlapping += verdict ? 1 : 0;
        disagreements += verdict != vox::overlaps(pairs.boxes[i].a, pairs.boxes[i].b) ? 1 : 0;
    }
    setCounters(state, pairs, overlapping, disagreements);
}

// The arithmetic of the 15 axis tests, the same as vox's, all of it for every pair: every compare is made
// and folded with `|`, so nothing returns early and no branch depends on the data.
[[gnu::noinline]] bool fifteenProjections(const vox::Obb& a, const vox::Obb& b) {
    float r[3][3];
    float absR[3][3];
    for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j) {
            r[i][j] = glm::dot(a.rotation[i], b.rotation[j]);
            absR[i][j] = std::abs(r[i][j]);
        }
    const glm::vec3 offset = b.center - a.center;
    const float t[3] = {glm::dot(offset, a.rotation[0]), glm::dot(offset, a.rotation[1]),
                        glm::dot(offset, a.rotation[2])};
    const glm::vec3& ea = a.halfExtents;
    const glm::vec3& eb = b.halfExtents;
    const float tolerance = vox::kObbTolerance * (ea.x + ea.y + ea.z + eb.x + eb.y + eb.z);
    bool separated = false;
    for (int i = 0; i < 3; ++i)
        separated |=
            std::abs(t[i]) > ea[i] + eb[0] * absR[i][0] + eb[1] * absR[i][1] + eb[2] * absR[i][2] + tolerance;
    for (int j = 0; j < 3; ++j)
        separated |= std::abs(t[0] * r[0][j] + t[1] * r[1][j] + t[2] * r[2][j]) >
                     ea[0] * absR[0][j] + ea[1] * absR[1][j] + ea[2] * absR[2][j] + eb[j] + tolerance;
    for (int i = 0; i < 3; ++i) {
        const int i1 = (i + 1) % 3;
        const int i2 = (i + 2) % 3;
        for (int j = 0; j < 3; ++j) {
            const int j1 = (j + 1) % 3;
            const int j2 = (j + 2) % 3;
            separated |= std::abs(t[i2] * r[i1][j] - t[i1] * r[i2][j]) >
                         ea[i1] * absR[i2][j] + ea[i2] * absR[i1][j] + eb[j1] * absR[i][j2] +
                             eb[j2] * absR[i][j1] + tolerance;
        }
    }
    return !separated;
}

void BM_VoxOverlaps(benchmark::State& state) {
    const Workload& pairs = workload(static_cast<int>(state.range(0)));
    for (auto _ : state) {
        int overlapping = 0;
        for (const BoxPair& pair : pairs.boxes)
            overlapping += vox::overlaps(pair.a, pair.b) ? 1 : 0;
        benchmark::DoNotOptimize(overlapping);
    }
    checkAgainstVox(state, pairs,
                    [&](size_t i) { return vox::overlaps(pairs.boxes[i].a, pairs.boxes[i].b); });
}

void BM_FifteenProjections(benchmark::State& state) {
    const Workload& pairs = workload(static_cast<int>(state.range(0)));
    for (auto _ : state) {
        int overlapping = 0;
        for (const BoxPair& pair : pairs.boxes)
            overlapping += fifteenProjections(pair.a, pair.b) ? 1 : 0;
        benchmark::DoNotOptimize(overlapping);
    }
    checkAgainstVox(state, pairs,
                    [&](size_t i) { return fifteenProjections(pairs.boxes[i].a, pairs.boxes[i].b); });
}

bool bulletGjkDistanceOverlaps(const BulletPair& pair) {
    btGjkEpaSolver2::sResults results;
    // Distance returns true with the distance when GJK proves the shapes apart, false when they overlap.
    return !btGjkEpaSolver2::Distance(pair.shapeA.get(), pair.transformA, pair.shapeB.get(), pair.transformB,
                                      pair.transformB.getOrigin() - pair.transformA.getOrigin(), results);
}

void BM_BulletGjkDistance(benchmark::State& state) {
    const Workload& pairs = workload(static_cast<int>(state.range(0)));
    for (auto _ : state) {
        int overlapping = 0;
        for (const BulletPair& pair : pairs.bullet)
            overlapping += bulletGjkDistanceOverlaps(pair) ? 1 : 0;
        benchmark::DoNotOptimize(overlapping);
    }
    checkAgainstVox(state, pairs, [&](size_t i) { return bulletGjkDistanceOverlaps(pairs.bullet[i]); });
}

bool bulletGjkPairDetectorOverlaps(const BulletPair& pair) {
    btVoronoiSimplexSolver simplexSolver;
    btGjkEpaPenetrationDepthSolver penetrationSolver;
    btGjkPairDetector detector(pair.shapeA.get(), pair.shapeB.get(), &simplexSolver, &penetrationSolver);
    btGjkPairDetector::ClosestPointInput input;
    input.m_transformA = pair.transformA;
    input.m_transformB = pair.transformB;
    input.m_maximumDistanceSquared = 0.0f; // contacts only: stop at the first support that proves a gap
    btPointCollector output;
    detector.getClosestPoints(input, output, nullptr);
    return output.m_hasResult && output.m_distance <= 0.0f;
}

void BM_BulletGjkPairDetector(benchmark::State& state) {
    const Workload& pairs = workload(static_cast<int>(state.range(0)));
    for (auto _ : state) {
        int overlapping = 0;
        for (const BulletPair& pair : pairs.bullet)
            overlapping += bulletGjkPairDetectorOverlaps(pair) ? 1 : 0;
        benchmark::DoNotOptimize(overlapping);
    }
    checkAgainstVox(state, pairs, [&](size_t i) { return bulletGjkPairDetectorOverlaps(pairs.bullet[i]); });
}

// Counts the contacts btBoxBoxDetector reports: it reports none for separated boxes.
struct ContactCounter : btDiscreteCollisionDetectorInterface::Result {
    int contacts = 0;
    void setShapeIdentifiersA(int, int) override {}
    void setShapeIdentifiersB(int, int) override {}
    void addContactPoint(const btVector3&, const btVector3&, btScalar) override { ++contacts; }
};

bool bulletBoxBoxOverlaps(const BulletPair& pair) {
    btBoxBoxDetector detector(pair.shapeA.get(), pair.shapeB.get());
    btDiscreteCollisionDetectorInterface::ClosestPointInput input;
    input.m_transformA = pair.transformA;
    input.m_transformB = pair.transformB;
    ContactCounter output;
    detector.getClosestPoints(input, output, nullptr);
    return output.contacts > 0;
}

void BM_BulletBoxBoxDetector(benchmark::State& state) {
    const Workload& pairs = workload(static_cast<int>(state.range(0)));
    for (auto _ : state) {
        int overlapping = 0;
        for (const BulletPair& pair : pairs.bullet)
            overlapping += bulletBoxBoxOverlaps(pair) ? 1 : 0;
        benchmark::DoNotOptimize(overlapping);
    }
    checkAgainstVox(state, pairs, [&](size_t i) { return bulletBoxBoxOverlaps(pairs.bullet[i]); });
}

void workloads(benchmark::internal::Benchmark* benchmark) {
    benchmark->ArgName("workload")->Arg(0)->Arg(1)->Arg(2);
}

BENCHMARK(BM_VoxOverlaps)->Apply(workloads);
BENCHMARK(BM_FifteenProjections)->Apply(workloads);
BENCHMARK(BM_BulletGjkDistance)->Apply(workloads);
BENCHMARK(BM_BulletGjkPairDetector)->Apply(workloads);
BENCHMARK(BM_BulletBoxBoxDetector)->Apply(workloads);

} // namespace

BENCHMARK_MAIN();
