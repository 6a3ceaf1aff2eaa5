#pragma once
// Summaries of per-frame times, shared by the benchmark (runner.h, broadphase_bench.cpp) and tree_counts, so
// that both rank percentiles and split jump frames the same way.

#include <algorithm>
#include <cstdint>
#include <vector>

namespace bench {

/// The value at rank floor(p * n) of the sorted values (p = 1: the largest); 0 when there are none.
[[nodiscard]] inline double percentile(std::vector<double> values, double p) {
    if (values.empty())
        return 0.0;
    std::sort(values.begin(), values.end());
    const size_t rank =
        std::min(values.size() - 1, static_cast<size_t>(p * static_cast<double>(values.size())));
    return values[rank];
}

[[nodiscard]] inline double mean(const std::vector<double>& values) {
    double sum = 0.0;
    for (double v : values)
        sum += v;
    return values.empty() ? 0.0 : sum / static_cast<double>(values.size());
}

/// Frame times split by the workload's jump flag (W1: the formation's drops, where every invader leaves its
/// fat box): a spike from many re-fattenings in one frame shows as jump frames far above the others.
struct JumpSplit {
    std::vector<double> jumps, others;
};

/// `frameNs[k]` goes to `jumps` where `jumpFrames[k]` is set, else to `others`.
[[nodiscard]] inline JumpSplit splitByJump(const std::vector<double>& frameNs,
                                           const std::vector<uint8_t>& jumpFrames) {
    JumpSplit split;
    for (size_t k = 0; k < frameNs.size(); ++k)
        (jumpFrames[k] != 0 ? split.jumps : split.others).push_back(frameNs[k]);
    return split;
}

} // namespace bench
