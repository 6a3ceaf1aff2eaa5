#pragma once
/// @file
/// `ProxyFilter`: which proxies may pair with which, by category and mask bits, as Box2D's `b2Filter`
/// (`categoryBits` / `maskBits`). Each proxy belongs to the categories whose bits are set in its `category`
/// and accepts partners from those set in its `mask`; two proxies may pair only when each accepts the other:
/// @code
///   constexpr uint64_t kPlayer = 1 << 1, kPlayerShot = 1 << 2, kInvader = 1 << 3;
///   tree.setFilter(shot, {kPlayerShot, kInvader});             // a player's shot hits invaders only
///   tree.setFilter(ship, {kPlayer, ~(kPlayerShot)});           // the ship ignores its own shots
///   tree.queryBox(area, onHit, kInvader);                      // only invaders
/// @endcode
/// The defaults, as Box2D's: category 1, mask all bits. Proxies that are never given a filter therefore pair
/// with everything, and a category of 0 pairs with nothing.

#include <cstdint>

namespace vox {

/// The category of a proxy given no filter: bit 0.
inline constexpr uint64_t kDefaultCategory = 1;
/// Every category bit: the default mask of a proxy and of a query.
inline constexpr uint64_t kAllCategories = ~uint64_t{0};

/// Category and mask bits of one proxy (see the file comment). Static proxies still never pair with each
/// other, whatever their filters.
struct ProxyFilter {
    uint64_t category = kDefaultCategory; ///< The categories this proxy belongs to (usually one bit).
    uint64_t mask = kAllCategories;       ///< The categories this proxy pairs with.

    /// True for the default filter (category 1, mask all bits).
    [[nodiscard]] constexpr bool isDefault() const {
        return category == kDefaultCategory && mask == kAllCategories;
    }
    /// Same category and mask.
    friend constexpr bool operator==(const ProxyFilter& a, const ProxyFilter& b) = default;
};

/// True when proxies filtered by `a` and `b` may pair: each one's category is in the other's mask.
[[nodiscard]] constexpr bool canPair(const ProxyFilter& a, const ProxyFilter& b) {
    return (a.category & b.mask) != 0 && (b.category & a.mask) != 0;
}

/// True when a query with mask `queryMask` reports a proxy filtered by `filter`: its category is in the mask.
[[nodiscard]] constexpr bool passesQuery(const ProxyFilter& filter, uint64_t queryMask) {
    return (filter.category & queryMask) != 0;
}

} // namespace vox
