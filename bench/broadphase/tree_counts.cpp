// Runs one benchmark workload on the DynamicAabbTree alone, for deterministic instruction counts: the work of
// each frame (create, destroy, move, updatePairs, as in the benchmark's runner) is in `treeFrame`, which is
// never inlined, so callgrind can count it apart from the workload and the harness:
//
//   valgrind --tool=callgrind --callgrind-out-file=/dev/null --toggle-collect='*treeFrame*'
//            build/release/bench/tree_counts w1    (one command line)
//
// Instructions per frame = the "Collected" count / (warm-up + timed frames + 1). On a shared machine this is
// what tuning decisions are based on (docs/benchmarks.md); timings come from broadphase_bench.
//
// Usage: tree_counts <workload> [warm-up frames] [timed frames]
//   workload: w1 | w2:<3d|flat>:<all-move|10pct-move|random-walk>:<N>
// Prints re-fattenings per frame, tracked pairs, tree figures, a histogram of fat-box changes per frame and
// whether the last frame's pairs are exactly the overlapping ones.

#include "workloads.h"

#include "vox/broadphase/dynamic_aabb_tree.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace {

using namespace bench;

struct Harness {
    vox::DynamicAabbTree tree;
    std::vector<vox::ProxyId> ids;
    std::vector<uint64_t> keys;
};

__attribute__((noinline)) void treeFrame(Harness& h, const Workload& workload, const FrameEvents& events) {
    for (int32_t id : events.destroyed)
        (void)h.tree.destroyProxy(h.ids[id]);
    for (int32_t id : events.created) {
        if (static_cast<size_t>(id) >= h.ids.size())
            h.ids.resize(static_cast<size_t>(id) + 1);
        const SceneObject& object = workload.objects[id];
        h.ids[id] = h.tree
                        .createProxy(object.box, static_cast<uint32_t>(id),
                                     object.isStatic ? vox::ProxyType::Static : vox::ProxyType::Dynamic)
                        .value();
    }
    for (int32_t id : events.moved) {
        const SceneObject& object = workload.objects[id];
        (void)h.tree.moveProxy(h.ids[id], object.box, object.velocity * kDt);
    }
    h.tree.updatePairs([&](vox::ProxyId a, vox::ProxyId b) {
        h.keys.push_back(
            pairKey(static_cast<int32_t>(h.tree.userData(a)), static_cast<int32_t>(h.tree.userData(b))));
    });
}

std::unique_ptr<Workload> makeWorkload(const std::string& name) {
    if (name == "w1")
        return std::make_unique<InvadersWorkload>();
    const std::string prefix = "w2:";
    if (name.rfind(prefix, 0) != 0)
        return nullptr;
    const size_t dim = name.find(':', prefix.size());
    const size_t motion = dim == std::string::npos ? dim : name.find(':', dim + 1);
    if (motion == std::string::npos)
        return nullptr;
    SwarmConfig config;
    config.flat = name.substr(prefix.size(), dim - prefix.size()) == "flat";
    const std::string how = name.substr(dim + 1, motion - dim - 1);
    config.motion = how == "all-move"     ? SwarmConfig::Motion::AllMove
                    : how == "10pct-move" ? SwarmConfig::Motion::TenPercent
                                          : SwarmConfig::Motion::RandomWalk;
    config.count = std::atoi(name.c_str() + motion + 1);
    if (config.count <= 0 || (how != "all-move" && how != "10pct-move" && how != "random-walk"))
        return nullptr;
    return std::make_unique<SwarmWorkload>(config);
}

} // namespace

int main(int argc, char** argv) {
    const std::string name = argc > 1 ? argv[1] : "w1";
    std::unique_ptr<Workload> workload = makeWorkload(name);
    const int warmup = argc > 2 ? std::atoi(argv[2]) : 60;
    const int timed = argc > 3 ? std::atoi(argv[3]) : 3000;
    if (!workload || warmup < 0 || timed <= 0) {
        std::fprintf(stderr,
                     "tree_counts: bad arguments\nusage: tree_counts <w1 | w2:<3d|flat>:<all-move|10pct-move|"
                     "random-walk>:<N>> [warm-up frames >= 0] [timed frames > 0]\n");
        return 2;
    }
    Harness h;
    FrameEvents events;
    workload->start(events);
    treeFrame(h, *workload, events);
    std::map<int, int> changesPerFrame; // fat-box changes of moved proxies in a frame -> frames
    std::vector<vox::Aabb> before;
    for (int frame = 0; frame < warmup + timed; ++frame) {
        events.clear();
        workload->step(events);
        h.keys.clear();
        before.clear();
        for (int32_t id : events.moved)
            before.push_back(h.tree.fatBox(h.ids[id]));
        treeFrame(h, *workload, events);
        if (frame < warmup)
            continue;
        int changed = 0;
        for (size_t k = 0; k < events.moved.size(); ++k) {
            const vox::Aabb now = h.tree.fatBox(h.ids[events.moved[k]]);
            changed += now.min != before[k].min || now.max != before[k].max;
        }
        ++changesPerFrame[changed];
    }

    std::sort(h.keys.begin(), h.keys.end());
    const bool duplicates = std::adjacent_find(h.keys.begin(), h.keys.end()) != h.keys.end();
    const std::vector<uint64_t> exact = exactPairs(workload->objects);
    const vox::TreeStats stats = h.tree.stats();
    std::printf(
        "%s: %.3f re-fattened per frame, %d tracked pairs, height %d, area ratio %.2f, %.2f bytes per "
        "proxy\n",
        name.c_str(), stats.refattenedPerStep, stats.pairs, stats.height, stats.areaRatio,
        stats.bytesPerProxy);
    std::printf("fat-box changes per timed frame (changes:frames):");
    for (const auto& [changes, frames] : changesPerFrame)
        std::printf(" %d:%d", changes, frames);
    const bool valid = h.tree.validate().ok();
    const bool exactPairsFound = !duplicates && h.keys == exact;
    std::printf("\nlast frame: %zu pairs, %zu exact, %s; validate() %s\n", h.keys.size(), exact.size(),
                exactPairsFound ? "equal" : "DIFFERENT", valid ? "ok" : "FAILED");
    return exactPairsFound && valid ? 0 : 1;
}
