#pragma once
/// @file
/// `StatsHistory`: the last N values of a per-frame figure (a time, a count), for small history graphs.
///
///     vox::StatsHistory broadphaseMs(120);
///     broadphaseMs.push(0.031f);                               // once per frame
///     ImGui::PlotLines("##bp", broadphaseMs.data(), broadphaseMs.size(), broadphaseMs.offset());
///
/// A fixed ring of floats: pushing never allocates; `data()` + `offset()` are the layout
/// `ImGui::PlotLines` takes (oldest value at `offset()`).

#include <cstdint>
#include <vector>

namespace vox {

/// A ring of the latest `capacity` values; see the file comment.
class StatsHistory {
public:
    /// Room for `capacity` values (at least 1).
    explicit StatsHistory(int32_t capacity = 120);

    /// Appends `value`, dropping the oldest when full.
    void push(float value);
    /// Forgets every value.
    void clear();

    /// Values held (up to the capacity).
    [[nodiscard]] int32_t size() const { return m_size; }
    /// Largest number of values held.
    [[nodiscard]] int32_t capacity() const { return static_cast<int32_t>(m_values.size()); }
    /// The storage; `size()` values, the oldest at `offset()`, wrapping around.
    [[nodiscard]] const float* data() const { return m_values.data(); }
    /// Index of the oldest value in `data()`.
    [[nodiscard]] int32_t offset() const { return m_size < capacity() ? 0 : m_next; }
    /// The `age`-th latest value (0: the latest). `age` must be below `size()` (asserted).
    [[nodiscard]] float latest(int32_t age = 0) const;
    /// Mean of the values held; 0 when empty.
    [[nodiscard]] float mean() const;
    /// Largest value held; 0 when empty.
    [[nodiscard]] float max() const;

private:
    std::vector<float> m_values;
    int32_t m_next = 0;
    int32_t m_size = 0;
};

} // namespace vox
