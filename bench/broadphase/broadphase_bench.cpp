// Broadphase benchmark: the engine's DynamicAabbTree against Box2D 2.4.1 (b2BroadPhase), Bullet 3.24
// (btDbvtBroadphase), a uniform grid and brute force, on the workloads of docs/benchmarks.md (W1 invaders,
// W2 swarm, W3 queries), all in one run. Each benchmark runs one whole workload; the reported time is the
// mean frame (W1, W2) or the mean query (W3), and the counters hold the rest. See docs/benchmarks.md for
// the command that regenerates the figures.

#include "peers.h"
#include "runner.h"
#include "vox_peer.h"
#include "workloads.h"

#include "vox/broadphase/brute_force_broadphase.h"

#include "vox/broadphase/dynamic_aabb_tree.h"

#include "vox/broadphase/grid_broadphase.h"

#include <benchmark/benchmark.h>
#include <box2d/b2_dynamic_tree.h>

#include <chrono>
#include <functional>
#include <memory>
#include <string>

namespace {

using namespace bench;
using Clock = std::chrono::steady_clock;

struct TreeName {
    static constexpr const char* kName = "tree";
};
struct GridName {
    static constexpr const char* kName = "grid";
};
struct BruteName {
    static constexpr const char* kName = "brute";
};

using TreePeer = VoxPeer<vox::DynamicAabbTree, TreeName>;

using GridPeer = VoxPeer<vox::GridBroadphase, GridName>;
using BrutePeer = VoxPeer<vox::BruteForceBroadphase, BruteName>;

void report(benchmark::State& state, const RunResult& r) {
    const double meanNs = mean(r.frameNs);
    state.SetIterationTime(meanNs * 1e-9);
    auto& c = state.counters;
    c["mean_ns"] = meanNs;
    c["p99_ns"] = percentile(r.frameNs, 0.99);
    c["max_ns"] = percentile(r.frameNs, 1.0);
    c["update_ns"] = mean(r.updateNs);
    c["pairs_ns"] = mean(r.pairsNs);
    c["maintain_ns"] = mean(r.maintainNs);
    c["ns_per_moved"] = r.movedProxies > 0 ? meanNs * static_cast<double>(r.frameNs.size()) /
                                                 static_cast<double>(r.movedProxies)
                                           : 0.0;
    c["candidates"] = static_cast<double>(r.candidates);
    c["exact"] = static_cast<double>(r.exact);
    c["verified"] = r.complete && !r.duplicates ? 1.0 : 0.0;
    c["height"] = r.stats.height;
    c["area_ratio"] = r.stats.areaRatio;
    c["bytes_per_proxy"] = r.stats.bytesPerProxy;
    if (!r.complete || r.duplicates)
        state.SkipWithError(r.duplicates ? "candidate set has duplicate pairs"
                                         : "candidate set misses exact pairs");
}

/// Runs the workload `runs` times, each on a fresh peer. With more than one run, p99_ns and max_ns are those
/// of each frame's fastest time (fastestPerFrame) and p99_single_run_ns the median of the runs' own p99;
/// the other figures are those of the first run.
template <class Peer>
void runWorkload(benchmark::State& state, const std::function<std::unique_ptr<Workload>()>& make, int warmup,
                 int timed, int runs) {
    for (auto _ : state) {
        std::vector<RunResult> results;
        std::unique_ptr<Peer> peer;
        for (int run = 0; run < runs; ++run) {
            std::unique_ptr<Workload> workload = make();
            peer = std::make_unique<Peer>();
            results.push_back(runFrames(*workload, *peer, warmup, timed));
        }
        const RunResult& result = results.front();
        report(state, result);
        if (runs > 1) {
            const std::vector<double> fastest = fastestPerFrame(results);
            std::vector<double> singleRunP99;
            for (const RunResult& run : results)
                singleRunP99.push_back(percentile(run.frameNs, 0.99));
            state.counters["p99_ns"] = percentile(fastest, 0.99);
            state.counters["max_ns"] = percentile(fastest, 1.0);
            state.counters["p99_single_run_ns"] = percentile(singleRunP99, 0.5);
            state.counters["runs"] = runs;
            const JumpSplit split = splitByJump(fastest, result.jumpFrames);
            if (!split.jumps.empty()) {
                state.counters["jump_frames"] = static_cast<double>(split.jumps.size());
                state.counters["jump_median_ns"] = percentile(split.jumps, 0.5);
                state.counters["jump_max_ns"] = percentile(split.jumps, 1.0);
                state.counters["other_max_ns"] = percentile(split.others, 1.0);
            }
        }
        Peer& last = *peer;
        if constexpr (requires { last.broadphase().stats(); }) {
            const auto s = last.broadphase().stats();
            state.counters["reinserted_per_frame"] = s.refattenedPerStep;
            state.counters["pair_pass_visits"] = s.pairPassVisitsPerStep;
            state.counters["tracked_pairs"] = s.pairs;
            state.counters["work_bytes_per_proxy"] = s.workBytesPerProxy;
        }
    }
}

template <class Peer>
void registerWorkload(const std::string& name, const std::function<std::unique_ptr<Workload>()>& make,
                      int warmup, int timed, int runs = 1) {
    benchmark::RegisterBenchmark(
        (name + "/" + Peer::kName).c_str(),
        [=](benchmark::State& state) { runWorkload<Peer>(state, make, warmup, timed, runs); })
        ->Iterations(1)
        ->UseManualTime()
        ->Unit(benchmark::kMicrosecond);
}

// --- W3 --------------------------------------------------------------------------------------------------

/// Runs the small or large queries of `set` against a broadphase built by `build`, counting exact hits.
template <class Build, class Query>
void runQueries(benchmark::State& state, const QuerySet& set, bool large, Build&& build, Query&& query) {
    for (auto _ : state) {
        const auto t0 = Clock::now();
        build();
        const auto t1 = Clock::now();
        const std::vector<vox::Aabb>& queries = large ? set.large : set.small;
        int64_t hits = 0;
        for (const vox::Aabb& q : queries)
            query(q, hits);
        const auto t2 = Clock::now();
        const double buildNs = std::chrono::duration<double, std::nano>(t1 - t0).count();
        const double queryNs = std::chrono::duration<double, std::nano>(t2 - t1).count();
        state.SetIterationTime(queryNs * 1e-9 / static_cast<double>(queries.size()));
        state.counters["ns_per_query"] = queryNs / static_cast<double>(queries.size());
        state.counters["hits"] = static_cast<double>(hits);
        state.counters["build_ns_per_proxy"] = buildNs / static_cast<double>(set.scene.size());
    }
}

void registerQueries(const std::string& dim, bool flat, int32_t count) {
    const auto set = std::make_shared<QuerySet>(makeQuerySet(count, flat));
    const auto add = [&](const std::string& name, auto fn) {
        benchmark::RegisterBenchmark(("W3/" + dim + "/" + name).c_str(), fn)
            ->Iterations(1)
            ->UseManualTime()
            ->Unit(benchmark::kNanosecond);
    };
    for (const bool large : {false, true}) {
        const std::string size = large ? "large" : "small";
        for (const bool rebuilt : {false, true}) {
            const std::string how = rebuilt ? "bulk" : "incremental";

            add(size + "/" + how + "/tree", [=](benchmark::State& state) {
                vox::DynamicAabbTree tree;
                runQueries(
                    state, *set, large,
                    [&] {
                        if (rebuilt) {
                            std::vector<vox::DynamicAabbTree::BulkProxy> proxies;
                            for (size_t i = 0; i < set->scene.size(); ++i)
                                proxies.push_back(
                                    {set->scene[i], static_cast<uint32_t>(i), vox::ProxyType::Static});
                            std::vector<vox::ProxyId> ids(proxies.size());
                            (void)tree.createProxies(proxies, ids);
                        } else {
                            for (size_t i = 0; i < set->scene.size(); ++i)
                                (void)tree.createProxy(set->scene[i], static_cast<uint32_t>(i),
                                                       vox::ProxyType::Static);
                        }
                    },
                    [&](const vox::Aabb& q, int64_t& hits) {
                        tree.queryBox(q, [&](vox::ProxyId id) {
                            hits += vox::overlaps(set->scene[tree.userData(id)], q);
                            return true;
                        });
                    });
                const auto s = tree.stats();
                state.counters["height"] = s.height;
                state.counters["area_ratio"] = s.areaRatio;
            });

            add(size + "/" + how + "/bullet", [=](benchmark::State& state) {
                btDbvtBroadphase bp;
                struct Hits : btBroadphaseAabbCallback {
                    const std::vector<vox::Aabb>* scene = nullptr;
                    vox::Aabb query;
                    int64_t* hits = nullptr;
                    bool process(const btBroadphaseProxy* proxy) override {
                        const auto id = reinterpret_cast<intptr_t>(proxy->m_clientObject) - 1;
                        *hits += vox::overlaps((*scene)[static_cast<size_t>(id)], query);
                        return true;
                    }
                } callback;
                callback.scene = &set->scene;
                runQueries(
                    state, *set, large,
                    [&] {
                        for (size_t i = 0; i < set->scene.size(); ++i) {
                            const vox::Aabb& b = set->scene[i];
                            bp.createProxy(
                                btVector3(b.min.x, b.min.y, b.min.z), btVector3(b.max.x, b.max.y, b.max.z),
                                BOX_SHAPE_PROXYTYPE, reinterpret_cast<void*>(static_cast<intptr_t>(i) + 1),
                                btBroadphaseProxy::StaticFilter,
                                btBroadphaseProxy::AllFilter ^ btBroadphaseProxy::StaticFilter, nullptr);
                        }
                        if (rebuilt) {
                            bp.m_sets[0].optimizeTopDown();
                            bp.m_sets[1].optimizeTopDown();
                        }
                    },
                    [&](const vox::Aabb& q, int64_t& hits) {
                        callback.query = q;
                        callback.hits = &hits;
                        bp.aabbTest(btVector3(q.min.x, q.min.y, q.min.z),
                                    btVector3(q.max.x, q.max.y, q.max.z), callback);
                    });
            });
            if (flat && !rebuilt) { // b2DynamicTree::RebuildBottomUp is O(n^2): "for testing" only
                add(size + "/" + how + "/box2d", [=](benchmark::State& state) {
                    b2DynamicTree tree;
                    struct Hits {
                        const b2DynamicTree* tree;
                        const std::vector<vox::Aabb>* scene;
                        vox::Aabb query;
                        int64_t* hits;
                        bool QueryCallback(int32 proxy) {
                            const auto id = reinterpret_cast<intptr_t>(tree->GetUserData(proxy)) - 1;
                            *hits += vox::overlaps((*scene)[static_cast<size_t>(id)], query);
                            return true;
                        }
                    } callback{&tree, &set->scene, {}, nullptr};
                    runQueries(
                        state, *set, large,
                        [&] {
                            for (size_t i = 0; i < set->scene.size(); ++i) {
                                b2AABB b;
                                b.lowerBound.Set(set->scene[i].min.x, set->scene[i].min.y);
                                b.upperBound.Set(set->scene[i].max.x, set->scene[i].max.y);
                                tree.CreateProxy(b, reinterpret_cast<void*>(static_cast<intptr_t>(i) + 1));
                            }
                        },
                        [&](const vox::Aabb& q, int64_t& hits) {
                            callback.query = q;
                            callback.hits = &hits;
                            b2AABB b;
                            b.lowerBound.Set(q.min.x, q.min.y);
                            b.upperBound.Set(q.max.x, q.max.y);
                            tree.Query(&callback, b);
                        });
                });
            }
            if (!rebuilt) {
                add(size + "/" + how + "/grid", [=](benchmark::State& state) {
                    vox::GridBroadphase grid;
                    runQueries(
                        state, *set, large,
                        [&] {
                            for (size_t i = 0; i < set->scene.size(); ++i)
                                (void)grid.createProxy(set->scene[i], static_cast<uint32_t>(i),
                                                       vox::ProxyType::Static);
                        },
                        [&](const vox::Aabb& q, int64_t& hits) {
                            grid.queryBox(q, [&](vox::ProxyId id) {
                                hits += vox::overlaps(set->scene[grid.userData(id)], q);
                                return true;
                            });
                        });
                });
            }
        }
    }
}

// --- Registration ----------------------------------------------------------------------------------------

void registerAll() {

    // W1 is small and its floor is about the slowest frames: each peer runs it kW1Runs times
    // (fastestPerFrame).
    constexpr int kW1Runs = 7;
    const auto invaders = [] { return std::make_unique<InvadersWorkload>(); };
    registerWorkload<TreePeer>("W1/invaders", invaders, 60, 3000, kW1Runs);
    registerWorkload<Box2dPeer>("W1/invaders", invaders, 60, 3000, kW1Runs);
    registerWorkload<BulletPeer>("W1/invaders", invaders, 60, 3000, kW1Runs);
    registerWorkload<GridPeer>("W1/invaders", invaders, 60, 3000, kW1Runs);
    registerWorkload<BrutePeer>("W1/invaders", invaders, 60, 3000, kW1Runs);

    using Motion = SwarmConfig::Motion;
    for (const bool flat : {false, true})
        for (const Motion motion : {Motion::AllMove, Motion::TenPercent, Motion::RandomWalk})
            for (const int32_t count : {1000, 10000, 100000}) {
                const std::string name = std::string("W2/") + (flat ? "flat/" : "3d/") +
                                         (motion == Motion::AllMove      ? "all-move/"
                                          : motion == Motion::TenPercent ? "10pct-move/"
                                                                         : "random-walk/") +
                                         std::to_string(count);
                const auto make = [=] {
                    return std::make_unique<SwarmWorkload>(SwarmConfig{count, motion, flat});
                };
                const int warmup = count >= 100000 ? 30 : 60;
                const int timed = count >= 100000 ? 40 : count >= 10000 ? 200 : 600;

                registerWorkload<TreePeer>(name, make, warmup, timed);

                if (flat)
                    registerWorkload<Box2dPeer>(name, make, warmup, timed);
                registerWorkload<BulletPeer>(name, make, warmup, timed);
                registerWorkload<GridPeer>(name, make, warmup, timed);
                if (count <= 1000)
                    registerWorkload<BrutePeer>(name, make, warmup, timed);
            }

    registerQueries("3d", false, 100000);
    registerQueries("flat", true, 100000);
}

} // namespace

int main(int argc, char** argv) {
    registerAll();
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv))
        return 1;
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
