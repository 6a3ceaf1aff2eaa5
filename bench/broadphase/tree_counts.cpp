// Runs one benchmark workload on the DynamicAabbTree alone, for deterministic instruction counts: the work of
// each frame (create, destroy, move, updatePairs, as in the benchmark's runner) is in `treeFrame`, which is
// never inlined, so callgrind can count it apart from the workload and the harness:
//
//   valgrind --tool=callgrind --callgrind-out-file=/dev/null --toggle-collect='(anonymous
//   namespace)::treeFrame(*'
//            build/release/bench/tree_counts w1    (one command line)
//
// Instructions per frame = the "Collected" count / (warm-up + timed frames + 1). On a shared machine this is
// what tuning decisions are based on (docs/benchmarks.md); timings come from broadphase_bench. The pattern
// names treeFrame itself: a looser one ('*treeFrame*') also matches the tree's functions instantiated for
// treeFrame's callback, and each of those would toggle the count off while it runs. With runs > 1,
// the frames with a burst of fat-box changes (16 or more) go through `burstFrame` from the second run on, so
// --toggle-collect='*burstFrame*' counts those alone (W1: the formation's 24 drops).
//
// Usage: tree_counts <workload> [warm-up frames] [timed frames] [runs]
//   workload: w1 | w2:<3d|flat>:<all-move|10pct-move|random-walk>:<N>
// Prints re-fattenings per frame, tracked pairs, tree figures, a histogram of fat-box changes per frame and
// whether the last frame's pairs are exactly the overlapping ones. With runs > 1 it also times every frame
// in each run and reports the percentiles of each frame's fastest time: the workload is deterministic, so
// that is the frame's own cost with the pre-emptions and interrupts of a shared machine filtered out.

#include "frame_stats.h"
#include "workloads.h"

#include "vox/broadphase/dynamic_aabb_tree.h"

#include <algorithm>
#include <chrono>
#include <cstdint>
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
    std::vector<uint64_t> exact; ///< The exact pairs at the last frame.
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
    h.tree.updatePairs([&](vox::ProxyId, vox::ProxyId, uint64_t a, uint64_t b) {
        h.keys.push_back(pairKey(static_cast<int32_t>(a), static_cast<int32_t>(b)));
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

/// treeFrame, for a frame with a burst of fat-box changes (>= 16): callgrind --toggle-collect='*burstFrame*'
/// counts those frames alone (from the second run on, when the changes per frame are known).
__attribute__((noinline)) void burstFrame(Harness& h, const Workload& workload, const FrameEvents& events) {
    treeFrame(h, workload, events);
}

/// One run of the workload; fills `fastest` (per timed frame, the least nanoseconds seen so far) and, on the
/// first run, `changesPerFrame`. Returns the harness for the checks.
std::unique_ptr<Harness> runOnce(const std::string& name, int warmup, int timed, std::vector<double>& fastest,
                                 std::vector<int>* changesPerFrame,
                                 const std::vector<int>* knownChanges = nullptr,
                                 std::vector<uint8_t>* jumpFrames = nullptr) {
    using Clock = std::chrono::steady_clock;
    std::unique_ptr<Workload> workload = makeWorkload(name);
    auto h = std::make_unique<Harness>();
    FrameEvents events;
    workload->start(events);
    treeFrame(*h, *workload, events);
    std::vector<vox::Aabb> before;
    for (int frame = 0; frame < warmup + timed; ++frame) {
        events.clear();
        workload->step(events);
        h->keys.clear();
        before.clear();
        if (changesPerFrame)
            for (int32_t id : events.moved)
                before.push_back(h->tree.fatBox(h->ids[id]));
        const auto start = Clock::now();
        if (knownChanges && frame >= warmup && (*knownChanges)[static_cast<size_t>(frame - warmup)] >= 16)
            burstFrame(*h, *workload, events);
        else
            treeFrame(*h, *workload, events);
        const double ns = std::chrono::duration<double, std::nano>(Clock::now() - start).count();
        if (frame < warmup)
            continue;
        double& best = fastest[static_cast<size_t>(frame - warmup)];
        best = std::min(best, ns);
        if (jumpFrames)
            (*jumpFrames)[static_cast<size_t>(frame - warmup)] = events.jump ? 1 : 0;
        if (!changesPerFrame)
            continue;
        int changed = 0;
        for (size_t k = 0; k < events.moved.size(); ++k) {
            const vox::Aabb now = h->tree.fatBox(h->ids[events.moved[k]]);
            changed += now.min != before[k].min || now.max != before[k].max;
        }
        (*changesPerFrame)[static_cast<size_t>(frame - warmup)] = changed;
    }
    h->exact = exactPairs(workload->objects);
    return h;
}

} // namespace

int main(int argc, char** argv) {
    const std::string name = argc > 1 ? argv[1] : "w1";
    const int warmup = argc > 2 ? std::atoi(argv[2]) : 60;
    const int timed = argc > 3 ? std::atoi(argv[3]) : 3000;
    const int runs = argc > 4 ? std::atoi(argv[4]) : 1;
    if (!makeWorkload(name) || warmup < 0 || timed <= 0 || runs <= 0) {
        std::fprintf(stderr,
                     "tree_counts: bad arguments\nusage: tree_counts <w1 | w2:<3d|flat>:<all-move|"
                     "10pct-move|random-walk>:<N>> [warm-up frames >= 0] [timed frames > 0] [runs > 0]\n");
        return 2;
    }
    std::vector<double> fastest(static_cast<size_t>(timed), 1e300);
    std::vector<int> changesPerFrame(static_cast<size_t>(timed), 0); // fat-box changes of moved proxies
    std::vector<uint8_t> jumpFrames(static_cast<size_t>(timed), 0);  // the workload's jumps (W1: drops)
    std::unique_ptr<Harness> h =
        runOnce(name, warmup, timed, fastest, &changesPerFrame, nullptr, &jumpFrames);
    for (int run = 1; run < runs; ++run)
        (void)runOnce(name, warmup, timed, fastest, nullptr, &changesPerFrame);

    std::sort(h->keys.begin(), h->keys.end());
    const bool duplicates = std::adjacent_find(h->keys.begin(), h->keys.end()) != h->keys.end();
    const vox::TreeStats stats = h->tree.stats();
    std::printf(
        "%s: %.3f re-fattened per frame, %d tracked pairs, height %d, area ratio %.2f, %.2f bytes per "
        "proxy\n",
        name.c_str(), stats.refattenedPerStep, stats.pairs, stats.height, stats.areaRatio,
        stats.bytesPerProxy);
    std::printf("fat-box changes per timed frame (changes:frames):");
    std::map<int, int> framesByChanges; // changes -> frames
    for (const int changes : changesPerFrame)
        ++framesByChanges[changes];
    for (const auto& [changes, frames] : framesByChanges)
        std::printf(" %d:%d", changes, frames);
    if (runs > 1) {
        std::printf("\nfastest of %d runs, per frame: mean %.0f ns, p50 %.0f ns, p99 %.0f ns, max %.0f ns",
                    runs, mean(fastest), percentile(fastest, 0.5), percentile(fastest, 0.99),
                    percentile(fastest, 1.0));
        std::map<int, std::pair<double, int>> byChanges; // changes -> (sum of fastest ns, frames)
        for (size_t k = 0; k < fastest.size(); ++k) {
            auto& [sumNs, frames] = byChanges[changesPerFrame[k]];
            sumNs += fastest[k];
            ++frames;
        }
        const JumpSplit split = splitByJump(fastest, jumpFrames);
        if (!split.jumps.empty())
            std::printf("\njump frames (%zu): median %.0f ns, max %.0f ns; other frames: max %.0f ns",
                        split.jumps.size(), percentile(split.jumps, 0.5), percentile(split.jumps, 1.0),
                        percentile(split.others, 1.0));
        std::printf("\nmean fastest ns by fat-box changes (changes:ns):");
        for (const auto& [changes, entry] : byChanges)
            std::printf(" %d:%.0f", changes, entry.first / entry.second);
    }
    const bool valid = h->tree.validate().ok();
    const bool exactPairsFound = !duplicates && h->keys == h->exact;
    std::printf("\nlast frame: %zu pairs, %zu exact, %s; validate() %s\n", h->keys.size(), h->exact.size(),
                exactPairsFound ? "equal" : "DIFFERENT", valid ? "ok" : "FAILED");
    return exactPairsFound && valid ? 0 : 1;
}
