#pragma once
// The frame loop of the broadphase benchmark: feeds a workload's events to a peer, times the update, pairs
// and maintain phases of each frame, and checks the last frame's candidate set against the exact pairs.

#include "frame_stats.h"
#include "peers.h"
#include "workloads.h"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <vector>

namespace bench {

struct RunResult {
    std::vector<double> frameNs, updateNs, pairsNs, maintainNs;
    std::vector<uint8_t> jumpFrames; ///< Per timed frame: 1 where the workload flagged a jump.
    int64_t movedProxies = 0;        ///< Over the timed frames.
    size_t candidates = 0;           ///< At the last frame.
    size_t exact = 0;                ///< At the last frame.
    bool complete = false;           ///< Every exact pair was among the candidates.
    bool duplicates = false;         ///< Some candidate pair came out twice.
    PeerStats stats;
};

/// Each frame's fastest time over several runs of a deterministic workload: its own cost, with what the
/// machine did meanwhile (pre-emption, interrupts, a neighbour's cache traffic) filtered out. The mean of
/// one run is robust to that noise, a high percentile is not: on a shared machine a single run's p99 mostly
/// measures the neighbours.
[[nodiscard]] inline std::vector<double> fastestPerFrame(const std::vector<RunResult>& runs) {
    std::vector<double> fastest = runs.front().frameNs;
    for (const RunResult& run : runs)
        for (size_t k = 0; k < fastest.size(); ++k)
            fastest[k] = std::min(fastest[k], run.frameNs[k]);
    return fastest;
}

template <class Peer>
RunResult runFrames(Workload& workload, Peer& peer, int warmupFrames, int timedFrames) {
    using Clock = std::chrono::steady_clock;
    const auto ns = [](Clock::time_point a, Clock::time_point b) {
        return static_cast<double>(std::chrono::duration_cast<std::chrono::nanoseconds>(b - a).count());
    };
    RunResult result;
    FrameEvents events;
    std::vector<uint64_t> keys;
    const auto collect = [&keys](int32_t a, int32_t b) { keys.push_back(pairKey(a, b)); };

    workload.start(events);
    for (int32_t id : events.created) {
        const SceneObject& object = workload.objects[id];
        peer.create(id, object.box, object.isStatic);
    }
    peer.pairs(collect);
    peer.maintain();

    for (int frame = 0; frame < warmupFrames + timedFrames; ++frame) {
        events.clear();
        workload.step(events);
        keys.clear();
        const auto t0 = Clock::now();
        for (int32_t id : events.destroyed)
            peer.destroy(id);
        for (int32_t id : events.created) {
            const SceneObject& object = workload.objects[id];
            peer.create(id, object.box, object.isStatic);
        }
        // Each engine is told the motion to expect over a step, velocity * dt: what a game knows when it
        // moves a body (after a bounce or a turn, the new direction). Box2D and the tree stretch fat boxes
        // along it; Bullet ignores it.
        for (int32_t id : events.moved) {
            const SceneObject& object = workload.objects[id];
            peer.move(id, object.box, object.velocity * kDt);
        }
        const auto t1 = Clock::now();
        peer.pairs(collect);
        const auto t2 = Clock::now();
        peer.maintain();
        const auto t3 = Clock::now();
        if (frame >= warmupFrames) {
            result.updateNs.push_back(ns(t0, t1));
            result.pairsNs.push_back(ns(t1, t2));
            result.maintainNs.push_back(ns(t2, t3));
            result.frameNs.push_back(ns(t0, t3));
            result.jumpFrames.push_back(events.jump ? 1 : 0);
            result.movedProxies += static_cast<int64_t>(events.moved.size());
        }
    }

    std::sort(keys.begin(), keys.end());
    result.duplicates = std::adjacent_find(keys.begin(), keys.end()) != keys.end();
    keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
    const std::vector<uint64_t> exact = exactPairs(workload.objects);
    result.candidates = keys.size();
    result.exact = exact.size();
    result.complete = std::includes(keys.begin(), keys.end(), exact.begin(), exact.end());
    result.stats = peer.stats();
    return result;
}

} // namespace bench
