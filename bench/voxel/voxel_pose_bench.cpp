// Voxel models at any pose (issue 27): vox's oriented narrowphase against what a Bullet 3.24 user would
// build for the same question, on the same random pose pairs as the tests (tests/engine/voxel/
// random_poses.h). docs/benchmarks.md, "Voxel models at any pose (issue 27)", has the figures.
//
// Routes:
// - vox overlap: `orientedVoxelsOverlap`, yes or no, stopping at the first touching voxel pair.
// - vox contacts: `collectOrientedContacts`, every touching voxel pair (the inside of solid models too).
// - Bullet dispatcher: each model a btCompoundShape of one btBoxShape per surface voxel (margin 0, with the
//   compound's own dynamic AABB tree, Bullet's default); the pair's algorithm from the dispatcher for contact
//   points (btCompoundCompoundCollisionAlgorithm: the two trees against each other, then btBoxBoxDetector
//   per child pair), made, run and freed per query, as `contactPairTest` does; the verdict is any manifold
//   point deeper than vox's tolerance.
// - Bullet contactPairTest: btCollisionWorld::contactPairTest, the query API, which asks the dispatcher for
//   closest points instead (GJK per child pair).
// Neither side keeps anything between queries (vox has no per-pair state; Bullet's would be a persistent
// manifold per child pair, the cache of a simulation, not of a query).
//
// Workloads (benchmark argument): the game's models (pairs drawn from 8 of assets/*.vox), and pairs of the
// same 32^3 or 64^3 shape: sphere, hollow box (walls 1 and 2 cells thick), noise (30 % full).
#include "engine/voxel/random_poses.h"
#include "engine/voxel/test_models.h"
#include "vox/voxel/vox_file.h"
#include "vox/voxel/voxel_bricks.h"
#include "vox/voxel/voxel_oriented_narrowphase.h"

#include <benchmark/benchmark.h>

#include <btBulletCollisionCommon.h>

#include <array>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

namespace {

using vox::VoxelModel;
using vox::VoxelPose;

constexpr uint64_t kPoseSeed = 0x27A0B001;

struct Model {
    VoxelModel voxels;
    vox::VoxelBricks bricks;
    std::unique_ptr<btCompoundShape> compound;
    int32_t surfaceVoxels = 0;
};

// One box shape for every child: Bullet lets children share a shape.
btBoxShape& unitBox() {
    static btBoxShape box(btVector3(0.5f, 0.5f, 0.5f));
    // The default 0.04 margin would round the corners; 0 keeps the exact cube.
    static const bool zeroMargin = (box.setMargin(0.0f), true);
    (void)zeroMargin;
    return box;
}

std::unique_ptr<Model> makeModel(VoxelModel voxels) {
    auto model = std::make_unique<Model>();
    model->bricks = vox::VoxelBricks::build(voxels);
    model->compound = std::make_unique<btCompoundShape>(true, voxels.voxelCount());
    const glm::ivec3 size = voxels.size();
    for (int z = 0; z < size.z; ++z)
        for (int y = 0; y < size.y; ++y)
            for (int x = 0; x < size.x; ++x) {
                const glm::ivec3 cell(x, y, z);
                if (!voxels.filled(cell))
                    continue;
                bool surface = false;
                for (int axis = 0; axis < 3; ++axis)
                    for (const int step : {-1, 1}) {
                        glm::ivec3 neighbour = cell;
                        neighbour[axis] += step;
                        surface = surface || !voxels.filled(neighbour);
                    }
                if (!surface)
                    continue;
                btTransform child;
                child.setIdentity();
                child.setOrigin(btVector3(static_cast<float>(x) + 0.5f, static_cast<float>(y) + 0.5f,
                                          static_cast<float>(z) + 0.5f));
                model->compound->addChildShape(child, &unitBox());
                ++model->surfaceVoxels;
            }
    model->voxels = std::move(voxels);
    return model;
}

btTransform toBullet(const VoxelPose& pose) {
    const glm::mat3& r = pose.rotation;
    // btMatrix3x3 takes rows; the pose's axes are its columns.
    const btMatrix3x3 basis(r[0].x, r[1].x, r[2].x, r[0].y, r[1].y, r[2].y, r[0].z, r[1].z, r[2].z);
    return btTransform(basis, btVector3(pose.position.x, pose.position.y, pose.position.z));
}

struct Pair {
    const Model* a = nullptr;
    const Model* b = nullptr;
    VoxelPose poseA;
    VoxelPose poseB;
    std::unique_ptr<btCollisionObject> objectA;
    std::unique_ptr<btCollisionObject> objectB;
};

struct BulletWorld {
    btDefaultCollisionConfiguration configuration;
    btCollisionDispatcher dispatcher{&configuration};
    btDbvtBroadphase broadphase;
    btCollisionWorld world{&dispatcher, &broadphase, &configuration};
};

BulletWorld& bulletWorld() {
    static BulletWorld world;
    return world;
}

bool bulletDispatcherTouches(const Pair& pair) {
    BulletWorld& bullet = bulletWorld();
    const btCollisionObjectWrapper wrapA(nullptr, pair.objectA->getCollisionShape(), pair.objectA.get(),
                                         pair.objectA->getWorldTransform(), -1, -1);
    const btCollisionObjectWrapper wrapB(nullptr, pair.objectB->getCollisionShape(), pair.objectB.get(),
                                         pair.objectB->getWorldTransform(), -1, -1);
    btCollisionAlgorithm* algorithm =
        bullet.dispatcher.findAlgorithm(&wrapA, &wrapB, nullptr, BT_CONTACT_POINT_ALGORITHMS);
    btManifoldResult result(&wrapA, &wrapB);
    algorithm->processCollision(&wrapA, &wrapB, bullet.world.getDispatchInfo(), &result);
    btManifoldArray manifolds;
    algorithm->getAllContactManifolds(manifolds);
    bool touching = false;
    for (int m = 0; m < manifolds.size() && !touching; ++m)
        for (int p = 0; p < manifolds[m]->getNumContacts(); ++p)
            touching = touching || manifolds[m]->getContactPoint(p).getDistance() < -vox::kVoxelPoseTolerance;
    algorithm->~btCollisionAlgorithm();
    bullet.dispatcher.freeCollisionAlgorithm(algorithm);
    return touching;
}

struct DeepestContact : btCollisionWorld::ContactResultCallback {
    bool touching = false;
    btScalar addSingleResult(btManifoldPoint& point, const btCollisionObjectWrapper*, int, int,
                             const btCollisionObjectWrapper*, int, int) override {
        touching = touching || point.getDistance() < -vox::kVoxelPoseTolerance;
        return 0;
    }
};

bool bulletContactPairTestTouches(const Pair& pair) {
    DeepestContact callback;
    bulletWorld().world.contactPairTest(pair.objectA.get(), pair.objectB.get(), callback);
    return callback.touching;
}

struct Workload {
    std::string name;
    std::vector<std::unique_ptr<Model>> models;
    std::vector<Pair> pairs;
    int touching = 0;           // poses vox finds touching
    int64_t contacts = 0;       // touching voxel pairs over all poses
    int dispatcherDisagree = 0; // poses where Bullet's dispatcher route says otherwise
    int pairTestDisagree = 0;   // and contactPairTest
};

void addPairs(Workload& workload, int count, vox::Rng& rng) {
    for (int k = 0; k < count; ++k) {
        const size_t i = workload.models.size() == 1 ? 0 : static_cast<size_t>(k) % workload.models.size();
        const size_t j = workload.models.size() == 1
                             ? 0
                             : (static_cast<size_t>(k) / workload.models.size()) % workload.models.size();
        Pair pair;
        pair.a = workload.models[i].get();
        pair.b = workload.models[j].get();
        const vox::testing::PosePair poses =
            vox::testing::randomPosePair(rng, pair.a->bricks.bounds(), pair.b->bricks.bounds());
        pair.poseA = poses.a;
        pair.poseB = poses.b;
        pair.objectA = std::make_unique<btCollisionObject>();
        pair.objectA->setCollisionShape(pair.a->compound.get());
        pair.objectA->setWorldTransform(toBullet(pair.poseA));
        pair.objectB = std::make_unique<btCollisionObject>();
        pair.objectB->setCollisionShape(pair.b->compound.get());
        pair.objectB->setWorldTransform(toBullet(pair.poseB));
        workload.pairs.push_back(std::move(pair));
    }
}

Workload makeWorkload(int kind) {
    Workload workload;
    vox::Rng rng(kPoseSeed + static_cast<uint64_t>(kind));
    if (kind == 0) {
        workload.name = "game models";
        for (const char* name : {"invader_beetle", "invader_brute", "invader_jelly", "player", "saucer",
                                 "shield", "shot_rolling", "shot_plunger"}) {
            const std::string path = std::string(VOX_SOURCE_DIR) + "/assets/" + name + ".vox";
            vox::Result<vox::VoxFile> file = vox::readVoxFile(path);
            if (!file.ok()) {
                std::fprintf(stderr, "%s\n", file.error().message.c_str());
                std::exit(1);
            }
            workload.models.push_back(makeModel(std::move(file.value().models.at(0))));
        }
        addPairs(workload, 64, rng);
    } else {
        const int n = kind <= 3 ? 32 : 64;
        const int shape = (kind - 1) % 3;
        const char* names[] = {"sphere", "hollow box", "noise"};
        workload.name = std::string(names[shape]) + " " + std::to_string(n) + "^3";
        vox::Rng shapes(0x27A0B100 + static_cast<uint64_t>(kind));
        VoxelModel voxels = shape == 0   ? vox::test::sphereModel(n)
                            : shape == 1 ? vox::test::hollowBoxModel(n, n / 32)
                                         : vox::test::noiseModel(glm::ivec3(n), 0.3, 3, shapes);
        workload.models.push_back(makeModel(std::move(voxels)));
        addPairs(workload, n == 32 ? 16 : 8, rng);
    }
    std::vector<vox::VoxelContact> contacts;
    for (const Pair& pair : workload.pairs) {
        const bool voxTouches = vox::orientedVoxelsOverlap(pair.a->voxels, pair.a->bricks, pair.poseA,
                                                           pair.b->voxels, pair.b->bricks, pair.poseB);
        contacts.clear();
        workload.contacts += vox::collectOrientedContacts(
            pair.a->voxels, pair.a->bricks, pair.poseA, pair.b->voxels, pair.b->bricks, pair.poseB, contacts);
        workload.touching += voxTouches ? 1 : 0;
        workload.dispatcherDisagree += bulletDispatcherTouches(pair) != voxTouches ? 1 : 0;
        workload.pairTestDisagree += bulletContactPairTestTouches(pair) != voxTouches ? 1 : 0;
    }
    int surface = 0;
    int voxels = 0;
    for (const auto& model : workload.models) {
        surface += model->surfaceVoxels;
        voxels += model->voxels.voxelCount();
    }
    std::fprintf(
        stderr,
        "%s: %zu poses, %d touching, %lld voxel pairs; %d voxels, %d on the surface (Bullet's boxes); "
        "verdicts differing: dispatcher %d, contactPairTest %d\n",
        workload.name.c_str(), workload.pairs.size(), workload.touching,
        static_cast<long long>(workload.contacts), voxels, surface, workload.dispatcherDisagree,
        workload.pairTestDisagree);
    return workload;
}

const Workload& workload(int kind) {
    static std::array<std::unique_ptr<Workload>, 7> workloads;
    auto& slot = workloads[static_cast<size_t>(kind)];
    if (!slot)
        slot = std::make_unique<Workload>(makeWorkload(kind));
    return *slot;
}

void reportPerPair(benchmark::State& state, const Workload& work) {
    state.SetLabel(work.name);
    state.counters["per_pair"] =
        benchmark::Counter(static_cast<double>(work.pairs.size()),
                           benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}

void BM_VoxOverlap(benchmark::State& state) {
    const Workload& work = workload(static_cast<int>(state.range(0)));
    for (auto _ : state)
        for (const Pair& pair : work.pairs)
            benchmark::DoNotOptimize(vox::orientedVoxelsOverlap(pair.a->voxels, pair.a->bricks, pair.poseA,
                                                                pair.b->voxels, pair.b->bricks, pair.poseB));
    reportPerPair(state, work);
}

void BM_VoxContacts(benchmark::State& state) {
    const Workload& work = workload(static_cast<int>(state.range(0)));
    std::vector<vox::VoxelContact> contacts;
    for (auto _ : state)
        for (const Pair& pair : work.pairs) {
            contacts.clear();
            benchmark::DoNotOptimize(vox::collectOrientedContacts(pair.a->voxels, pair.a->bricks, pair.poseA,
                                                                  pair.b->voxels, pair.b->bricks, pair.poseB,
                                                                  contacts));
        }
    reportPerPair(state, work);
}

void BM_BulletDispatcher(benchmark::State& state) {
    const Workload& work = workload(static_cast<int>(state.range(0)));
    for (auto _ : state)
        for (const Pair& pair : work.pairs)
            benchmark::DoNotOptimize(bulletDispatcherTouches(pair));
    reportPerPair(state, work);
}

void BM_BulletContactPairTest(benchmark::State& state) {
    const Workload& work = workload(static_cast<int>(state.range(0)));
    for (auto _ : state)
        for (const Pair& pair : work.pairs)
            benchmark::DoNotOptimize(bulletContactPairTestTouches(pair));
    reportPerPair(state, work);
}

BENCHMARK(BM_VoxOverlap)->DenseRange(0, 6)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_VoxContacts)->DenseRange(0, 6)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_BulletDispatcher)->DenseRange(0, 6)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_BulletContactPairTest)->DenseRange(0, 6)->Unit(benchmark::kMicrosecond);

} // namespace

BENCHMARK_MAIN();
