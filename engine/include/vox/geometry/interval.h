#pragma once
/// @file
/// `Interval`: a closed range of numbers, here the shadow of a shape on an axis.

namespace vox {

/// The closed range [min, max]; the projection of a shape onto an axis is one. Two intervals that share only
/// an end point overlap, as closed boxes do.
struct Interval {
    float min = 0.0f; ///< Lower end.
    float max = 0.0f; ///< Upper end, >= min.

    /// Length of the range, max - min.
    [[nodiscard]] float length() const { return max - min; }
};

/// True when the closed intervals share at least one number (touching ends count).
[[nodiscard]] inline bool overlaps(const Interval& a, const Interval& b) {
    return (a.min <= b.max) & (b.min <= a.max);
}

} // namespace vox
