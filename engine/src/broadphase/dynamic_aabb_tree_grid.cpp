// The tree's grid mode: what the dynamic proxies become when they outrun their fat boxes.
//
// A fat box pays when it lasts: a proxy that stays inside it costs a few compares per step. When proxies move
// so fast that many leave their fat boxes every step (projectiles, a swarm of fast ships, a wrap-around
// world's teleports), every one of them costs a reinsertion (a descent of the tree) and a query (another),
// where a uniform grid rebuilt from scratch costs a few stores per box: the tree falls off a cliff there
// (docs/benchmarks.md, "Adversarial workloads"). So the dynamic half changes its
// structure with the workload: when, over recent steps, more than one proxy in kGridModeEnterRatio leaves its
// fat box per step, the dynamic tree is dissolved and each step bins every box in a hash grid and reads the
// pairs off it, exact (tight boxes), like the grid it would otherwise lose to; queries walk the same grid.
// Fat boxes are still kept up (a few compares per move) as the measure of the motion: when it calms down the
// dynamic tree is built again over them, with its tracked pairs, and the tree's incremental work resumes.

#include "vox/broadphase/dynamic_aabb_tree.h"

#include <algorithm>
#include <bit>
#include <cmath>

namespace vox {
namespace {
// A box spanning more cells than this is "large": listed apart and tested against every box, as covering
// many cells would cost many entries. 4 x 4 x 4 in 3D (a box up to 3 cells across, whatever its place: sizes
// up to 6 times the median extent), 8 x 8 in a flat world; testing a large box costs one test per box, so
// even 64 entries are cheaper once the boxes number more than that.
constexpr int64_t kMaxCellsPerBox = 64;
// More large boxes than this (sizes far apart: cells suit most boxes but not these) and grid mode is left.
constexpr size_t kMaxLargeBoxes = 64;
// Cells are twice the median extent of the dynamic boxes: most boxes then touch one or two cells per axis.
constexpr float kCellsPerMedianExtent = 2.0f;
// Cells grown for bigger boxes hold at most this many boxes each on average (a dense world of like boxes,
// W2's, holds about 2 per cell of twice the median extent).
constexpr double kMaxMeanOccupancy = 2.0;
// Grown cells are this many times the extent that all but a few dozen boxes stay under.
constexpr float kGrowthPerRankExtent = 2.0f;
// Cell coordinates beyond this (a box very far from the others for its size) are not binned: large.
constexpr float kMaxCellCoordinate = 1.0e9f;
// A query box spanning more cells than this walks the grid's items instead of its cells.
constexpr int64_t kMaxQueryCells = 4096;
// The cell size comes from the extents of the dynamic proxies in one slot of eight (and all of them when
// fewer): a median of a sample is as good, at an eighth of the cost.
constexpr uint32_t kExtentSampleMask = 7;
// After grid mode was left because its boxes did not suit it, this many steps pass before it may return.
constexpr int64_t kGridRetrySteps = 256;

const Aabb kNoBox{glm::vec3(INFINITY), glm::vec3(-INFINITY)};

struct CellRange {
    int64_t lo[3];
    int64_t hi[3];
};

// floor() for |x| <= kMaxCellCoordinate, without a library call: truncate, then step down below zero.
inline int64_t floorToCell(float x) {
    const auto truncated = static_cast<int64_t>(x);
    return truncated - (static_cast<float>(truncated) > x ? 1 : 0);
}

// The cells `box` touches; false when it lies beyond the coordinates the grid bins.
inline bool cellRange(const Aabb& box, const glm::vec3& origin, float inverse, CellRange& range) {
    const glm::vec3 lo = (box.min - origin) * inverse;
    const glm::vec3 hi = (box.max - origin) * inverse;
    if (!(lo.x >= -kMaxCellCoordinate && lo.y >= -kMaxCellCoordinate && lo.z >= -kMaxCellCoordinate &&
          hi.x <= kMaxCellCoordinate && hi.y <= kMaxCellCoordinate && hi.z <= kMaxCellCoordinate))
        return false;
    range.lo[0] = floorToCell(lo.x);
    range.lo[1] = floorToCell(lo.y);
    range.lo[2] = floorToCell(lo.z);
    range.hi[0] = floorToCell(hi.x);
    range.hi[1] = floorToCell(hi.y);
    range.hi[2] = floorToCell(hi.z);
    return true;
}

// The cells of `range`, or `limit` + 1 when there are more (the product of the spans could overflow).
int64_t cellCount(const CellRange& range, int64_t limit) {
    int64_t count = 1;
    for (int axis = 0; axis < 3; ++axis) {
        count *= std::min(range.hi[axis] - range.lo[axis] + 1, limit + 1);
        if (count > limit)
            return limit + 1;
    }
    return count;
}
} // namespace

float DynamicAabbTree::gridCellSize() {
    // From the dynamic boxes' extents (their largest axis): the median, so that a few huge boxes do not make
    // every cell huge. Points (extent 0) get cells of a millionth of the bounds.
    if (m_gridExtents.size() < 64) { // few proxies, or few in the sampled slots: all of them
        m_gridExtents.clear();
        m_gridAllExtents.clear();
        for (const GridItem& item : m_gridItems) {
            const glm::vec3 extent = item.box.max - item.box.min;
            const float largest = std::max({extent.x, extent.y, extent.z});
            m_gridAllExtents.push_back(largest);
            if ((item.flags & kGridStatic) == 0)
                m_gridExtents.push_back(largest);
        }
    }
    float cell = 0.0f;
    if (!m_gridExtents.empty()) {
        const auto middle = m_gridExtents.begin() + static_cast<std::ptrdiff_t>(m_gridExtents.size() / 2);
        std::nth_element(m_gridExtents.begin(), middle, m_gridExtents.end());
        cell = kCellsPerMedianExtent * *middle;
    }
    // Many small boxes among fewer bigger ones (bullets among ships): cells of the small ones would make
    // the big ones large (each tested against every box) or list them in dozens of cells. The cells grow
    // to the extent that all but about half kMaxLargeBoxes of the boxes stay under, as long as the boxes
    // would not share cells more than in a dense world of like boxes (kMaxMeanOccupancy, boxes spread over
    // their bounds); past that they shrink back, down to the median's cell at least.
    const size_t items = m_gridItems.size();
    if (cell > 0.0f && items > kMaxLargeBoxes / 2 && !m_gridAllExtents.empty()) {
        const size_t sampled = m_gridAllExtents.size();
        const size_t above = sampled * (kMaxLargeBoxes / 2) / items; // sampled boxes allowed above the rank
        const auto rank = m_gridAllExtents.begin() + static_cast<std::ptrdiff_t>(sampled - 1 - above);
        std::nth_element(m_gridAllExtents.begin(), rank, m_gridAllExtents.end());
        const glm::vec3 bounds = m_gridBounds.max - m_gridBounds.min;
        const auto occupancy = [&](float size) {
            double cells = 1.0;
            for (int axis = 0; axis < 3; ++axis)
                cells *= std::max(1.0, static_cast<double>(bounds[axis]) / size);
            return static_cast<double>(items) / cells;
        };
        float grown = *rank * kGrowthPerRankExtent;
        while (grown > cell && occupancy(grown) > kMaxMeanOccupancy)
            grown *= 0.75f;
        cell = std::max(cell, grown);
    }
    const glm::vec3 span = m_gridItems.empty() ? glm::vec3(1.0f) : m_gridBounds.max - m_gridBounds.min;
    return std::max(cell, 1e-6f * std::max({span.x, span.y, span.z, 1e-30f}));
}

void DynamicAabbTree::gatherGridItems(bool tight) {
    // Every live box, copied once into a dense array (the pair tests then read neighbours in cache).
    m_gridItems.clear();
    m_gridExtents.clear();
    m_gridAllExtents.clear();
    m_gridBounds = kNoBox;
    const auto slots = static_cast<uint32_t>(m_proxyWord.size());
    for (uint32_t proxy = 0; proxy < slots; ++proxy) {
        const uint32_t word = m_proxyWord[proxy];
        if ((word & kAliveBit) == 0)
            continue;
        const bool isStatic = (word & kStaticBit) != 0;
        const Aabb& box = tight ? m_currentBoxes[proxy] : m_fatBoxes[proxy];
        const uint32_t flags =
            ((m_stepFlags[proxy] & kMovedFlag) != 0 ? kGridMoved : 0u) | (isStatic ? kGridStatic : 0u);
        m_gridItems.push_back({box, proxy, flags, m_userData[proxy]});
        m_gridBounds = unionOf(m_gridBounds, box);
        if ((proxy & kExtentSampleMask) == 0) {
            const glm::vec3 extent = box.max - box.min;
            const float largest = std::max({extent.x, extent.y, extent.z});
            m_gridAllExtents.push_back(largest);
            if (!isStatic)
                m_gridExtents.push_back(largest);
        }
    }
}

void DynamicAabbTree::buildGrid(bool tight) {
    // The items' bounds give the grid's origin, so that a flat world lies in one layer of cells.
    gatherGridItems(tight);
    const float cell = gridCellSize();
    m_gridInverse = std::isfinite(cell) ? 1.0f / cell : 0.0f;
    m_gridOrigin = m_gridItems.empty() ? glm::vec3(0.0f) : m_gridBounds.min;

    // Entries (bucket, item), one per bucket a box's cells fall in; large boxes are listed apart.
    m_gridEntries.clear();
    m_gridLarge.clear();
    const auto itemCount = static_cast<uint32_t>(m_gridItems.size());
    m_gridMask = std::bit_ceil(std::max<uint32_t>(2 * itemCount, 64)) - 1;
    m_gridLowCells.resize(itemCount);
    m_gridNext.assign(static_cast<size_t>(m_gridMask) + 1, UINT32_MAX);
    CellRange range{};
    for (uint32_t item = 0; item < itemCount; ++item) {
        if (!cellRange(m_gridItems[item].box, m_gridOrigin, m_gridInverse, range) ||
            cellCount(range, kMaxCellsPerBox) > kMaxCellsPerBox) {
            m_gridLarge.push_back(item);
            continue;
        }
        // Within +-kMaxCellCoordinate: an int.
        m_gridLowCells[item] =
            glm::ivec3(static_cast<int32_t>(range.lo[0]), static_cast<int32_t>(range.lo[1]),
                       static_cast<int32_t>(range.lo[2]));
        if (range.lo[0] == range.hi[0] && range.lo[1] == range.hi[1] && range.lo[2] == range.hi[2]) {
            m_gridEntries.push_back({cellHash(range.lo[0], range.lo[1], range.lo[2]) & m_gridMask, item});
            m_gridItems[item].flags |= kGridOneBucket;
            continue; // the common case: one cell
        }
        // One entry per bucket: a box whose cells share a bucket is listed there once (m_gridNext holds,
        // per bucket, the last item listed there).
        const size_t first = m_gridEntries.size();
        for (int64_t z = range.lo[2]; z <= range.hi[2]; ++z)
            for (int64_t y = range.lo[1]; y <= range.hi[1]; ++y)
                for (int64_t x = range.lo[0]; x <= range.hi[0]; ++x) {
                    const uint32_t bucket = cellHash(x, y, z) & m_gridMask;
                    if (m_gridNext[bucket] != item) {
                        m_gridNext[bucket] = item;
                        m_gridEntries.push_back({bucket, item});
                    }
                }
        if (m_gridEntries.size() == first + 1)
            m_gridItems[item].flags |= kGridOneBucket;
    }
    m_gridUnsuited = m_gridLarge.size() > kMaxLargeBoxes;

    // Counting sort of the entries by bucket.
    m_gridStarts.assign(static_cast<size_t>(m_gridMask) + 2, 0);
    for (const GridEntry& entry : m_gridEntries)
        ++m_gridStarts[entry.bucket + 1];
    for (size_t b = 1; b < m_gridStarts.size(); ++b)
        m_gridStarts[b] += m_gridStarts[b - 1];
    m_gridSorted.resize(m_gridEntries.size());
    m_gridNext.assign(m_gridStarts.begin(), m_gridStarts.end() - 1);
    for (const GridEntry& entry : m_gridEntries)
        m_gridSorted[m_gridNext[entry.bucket]++] = entry.item;
}

void DynamicAabbTree::collectGridPairs(bool movedOnly, std::vector<Pair>& out) const {
    forEachGridPair(movedOnly, [&](const GridItem& a, const GridItem& b) {
        out.push_back({a.proxy, b.proxy});
    });
}

void DynamicAabbTree::chooseMode(size_t refattened, size_t moved) {
    // Running means over about 16 steps: one step's burst (every proxy teleported at once, a formation that
    // turns) does not switch, a lasting change of the motion does.
    m_refattenMean += (static_cast<double>(refattened) - m_refattenMean) / 16.0;
    m_movedMean += (static_cast<double>(moved) - m_movedMean) / 16.0;
    m_visitMean += (static_cast<double>(m_stepVisits) - m_visitMean) / 16.0;
    m_stepVisits = 0;
    m_uniformSteps = !m_gridMode && m_uniformPairSteps ? m_uniformSteps + 1 : 0;
    const auto live = static_cast<double>(m_proxyCount);
    if (m_settings.gridMode != TreeGridMode::Automatic)
        return;
    // Boxes the grid does not suit (sizes far apart: each large one is tested against every box) cost more
    // with each step in grid mode: leave at once, and keep away longer.
    if (m_gridMode && m_gridUnsuited) {
        m_gridRetryStep = m_updateCount + kGridRetrySteps;
        leaveGridMode();
        return;
    }
    // A switch rebuilds or dissolves the dynamic tree: not again before kGridModeDwell steps.
    if (m_updateCount < m_gridRetryStep)
        return;
    const bool outrun = m_refattenMean >= kGridModeChanges && m_refattenMean * kGridModeEnterRatio >= live;
    if (!m_gridMode) {
        // Re-fattenings that each cost many node visits (fat boxes of fast movers in 3D overlapping much of
        // the tree) cost as much as many cheap ones: the visits are measured, not guessed.
        const bool costly =
            m_visitMean >= kGridModeMinVisits && m_visitMean >= kGridModeVisitsPerProxy * live;
        if ((outrun || costly ||
             (m_uniformSteps >= kCrowdSteps && crowded(static_cast<double>(moved), m_pairs.size()))) &&
            !m_dynamicProxies.empty()) {
            // In grid mode the tree's visits are estimated from the re-fattenings at the cost measured now.
            m_visitsPerRefatten = m_visitMean / std::max(m_refattenMean, 1.0);
            enterGridMode();
            m_gridRetryStep = m_updateCount + kGridModeDwell;
        }
    } else if ((m_refattenMean * kGridModeLeaveRatio < live || m_refattenMean < 0.5 * kGridModeChanges) &&
               m_refattenMean * m_visitsPerRefatten < 0.5 * kGridModeVisitsPerProxy * live &&
               !crowded(m_movedMean, m_reportedPairs)) {
        m_gridRetryStep = m_updateCount + kGridModeDwell;
        leaveGridMode();
    }
}

bool DynamicAabbTree::crowded(double moved, size_t pairs) const {
    // Most proxies move (7 in 8), and they touch at least kCrowdPairsPerProxy others each on average.
    const auto live = static_cast<size_t>(m_proxyCount);
    return moved * 8.0 >= static_cast<double>(live) * 7.0 && pairs >= kCrowdPairsPerProxy * live;
}

void DynamicAabbTree::enterGridMode() {
    // The dynamic tree's internal nodes go back to the free list; its leaves keep their fat boxes.
    Stack<Ref, 128> stack;
    if (m_roots[0] != kNullRef)
        stack.push(m_roots[0]);
    while (!stack.empty()) {
        const Ref ref = stack.pop();
        if (isLeaf(ref)) {
            setProxyParent(indexOf(ref), kNullIndex);
            continue;
        }
        const Node node = m_nodes[indexOf(ref)];
        freeNode(indexOf(ref));
        stack.push(node.child(0));
        stack.push(node.child(1));
    }
    m_roots[0] = kNullRef;
    for (size_t k = m_pendingHead; k < m_pending.size(); ++k)
        m_pendingIndex[m_pending[k]] = kNotPending;
    m_pending.clear();
    m_pendingHead = 0;
    m_relocations.clear();
    m_relocationHead = 0;
    m_pairs.clear(); // grid mode finds every pair of a moved proxy each step
    m_gridMode = true;
    buildGrid(true); // for the queries until the next updatePairs
}

void DynamicAabbTree::leaveGridMode() {
    m_gridMode = false;
    m_buildRefs.clear();
    for (const uint32_t proxy : m_dynamicProxies)
        m_buildRefs.push_back(leafRef(proxy));
    m_roots[0] = buildSubtree(m_buildRefs);
    // The tracked pairs the tree's steps keep up: every pair whose fat boxes overlap, reported by no one.
    buildGrid(false);
    m_pairs.clear();
    collectGridPairs(false, m_pairs);
}

bool DynamicAabbTree::queryGridBox(const Aabb& box, bool (*onHit)(const void* visitor, uint32_t proxy),
                                   const void* visitor) const {
    // Proxies moved (or created) since the grid was built are tested by their current tight boxes; the
    // grid's copies of them are passed over.
    for (const uint32_t proxy : m_moved)
        if ((m_proxyWord[proxy] & (kAliveBit | kStaticBit)) == kAliveBit &&
            overlaps(m_currentBoxes[proxy], box) && !onHit(visitor, proxy))
            return false;
    const auto current = [&](const GridItem& item) {
        return (item.flags & kGridStatic) == 0 && m_stepFlags[item.proxy] == 0 && overlaps(item.box, box);
    };
    for (const uint32_t item : m_gridLarge)
        if (current(m_gridItems[item]) && !onHit(visitor, m_gridItems[item].proxy))
            return false;
    CellRange range{};
    if (!cellRange(box, m_gridOrigin, m_gridInverse, range) ||
        cellCount(range, kMaxQueryCells) > kMaxQueryCells) {
        // A query too large for the cells: every binned item once (the large ones were tested above;
        // m_gridLarge is in item order).
        for (uint32_t item = 0; item < m_gridItems.size(); ++item)
            if (!std::binary_search(m_gridLarge.begin(), m_gridLarge.end(), item) &&
                current(m_gridItems[item]) && !onHit(visitor, m_gridItems[item].proxy))
                return false;
        return true;
    }
    // Each item once: in the first cell both it and the query box touch.
    CellRange itemRange{};
    for (int64_t z = range.lo[2]; z <= range.hi[2]; ++z)
        for (int64_t y = range.lo[1]; y <= range.hi[1]; ++y)
            for (int64_t x = range.lo[0]; x <= range.hi[0]; ++x) {
                const uint32_t bucket = cellHash(x, y, z) & m_gridMask;
                for (uint32_t k = m_gridStarts[bucket]; k < m_gridStarts[bucket + 1]; ++k) {
                    const GridItem& item = m_gridItems[m_gridSorted[k]];
                    if (!current(item))
                        continue;
                    (void)cellRange(item.box, m_gridOrigin, m_gridInverse, itemRange);
                    if (std::max(itemRange.lo[0], range.lo[0]) == x &&
                        std::max(itemRange.lo[1], range.lo[1]) == y &&
                        std::max(itemRange.lo[2], range.lo[2]) == z && !onHit(visitor, item.proxy))
                        return false;
                }
            }
    return true;
}

bool DynamicAabbTree::queryGridRay(Ray& ray,
                                   float (*onHit)(const void* visitor, uint32_t proxy, float fraction),
                                   const void* visitor) const {
    std::vector<uint32_t> reported; // proxies already hit (a box spans several cells)
    const auto test = [&](uint32_t proxy, const Aabb& box) {
        float fraction = 0.0f;
        if (!raycast(box, ray, fraction))
            return true;
        reported.push_back(proxy);
        ray.maxFraction = onHit(visitor, proxy, fraction);
        return !(ray.maxFraction <= 0.0f);
    };
    for (const uint32_t proxy : m_moved)
        if ((m_proxyWord[proxy] & (kAliveBit | kStaticBit)) == kAliveBit &&
            !test(proxy, m_currentBoxes[proxy]))
            return false;
    const auto current = [&](const GridItem& item) {
        return (item.flags & kGridStatic) == 0 && m_stepFlags[item.proxy] == 0 &&
               std::find(reported.begin(), reported.end(), item.proxy) == reported.end();
    };
    for (const uint32_t item : m_gridLarge)
        if (current(m_gridItems[item]) && !test(m_gridItems[item].proxy, m_gridItems[item].box))
            return false;
    // The part of the ray inside the grid's bounds, then its cells in order (3D DDA).
    float enter = 0.0f;
    if (m_gridItems.empty() || !raycast(m_gridBounds, ray, enter))
        return true;
    // The cells across the bounds bound the walk; when they outnumber the items (a few boxes far apart),
    // every item is tested once instead.
    const glm::vec3 span = (m_gridBounds.max - m_gridBounds.min) * m_gridInverse;
    const float across = span.x + span.y + span.z + 8.0f;
    if (!(across <= 4.0f * static_cast<float>(m_gridItems.size()) + 64.0f)) {
        for (const GridItem& item : m_gridItems)
            if (current(item) && !test(item.proxy, item.box))
                return false;
        return true;
    }
    const float cell = 1.0f / m_gridInverse;
    const glm::vec3 start = (ray.origin + ray.direction * enter - m_gridOrigin) * m_gridInverse;
    int64_t at[3];
    int64_t step[3];
    float next[3], delta[3];
    for (int axis = 0; axis < 3; ++axis) {
        at[axis] = static_cast<int64_t>(std::floor(start[axis]));
        const float d = ray.direction[axis];
        step[axis] = d > 0.0f ? 1 : d < 0.0f ? -1 : 0;
        const float boundary = m_gridOrigin[axis] + static_cast<float>(at[axis] + (d > 0.0f ? 1 : 0)) * cell;
        next[axis] = d != 0.0f ? (boundary - ray.origin[axis]) / d : INFINITY;
        delta[axis] = d != 0.0f ? cell / std::abs(d) : INFINITY;
    }
    const auto limit = static_cast<int64_t>(across);
    float t = enter;
    for (int64_t walked = 0; walked <= limit && t <= ray.maxFraction; ++walked) {
        const uint32_t bucket = cellHash(at[0], at[1], at[2]) & m_gridMask;
        for (uint32_t k = m_gridStarts[bucket]; k < m_gridStarts[bucket + 1]; ++k) {
            const GridItem& item = m_gridItems[m_gridSorted[k]];
            if (current(item) && !test(item.proxy, item.box))
                return false;
        }
        const int axis = next[0] <= next[1] ? (next[0] <= next[2] ? 0 : 2) : (next[1] <= next[2] ? 1 : 2);
        if (!std::isfinite(next[axis]))
            break; // a point: one cell
        t = next[axis];
        at[axis] += step[axis];
        next[axis] += delta[axis];
    }
    return true;
}

} // namespace vox
