// Category and mask filtering (proxy_filter.h) in all three broadphases, checked against the test's own
// O(n^2) loop over random seeded scenes: filtered pairs, setFilter mid-run, query and ray masks, the
// callbacks with user data; then the tree's storage (no bytes for trees that never filter) and misuse.

#include "vox/broadphase/broadphase.h"
#include "vox/broadphase/brute_force_broadphase.h"
#include "vox/broadphase/dynamic_aabb_tree.h"
#include "vox/broadphase/grid_broadphase.h"
#include "vox/broadphase/proxy_filter.h"
#include "vox/core/rng.h"

#include "engine/core/assert_capture.h"

#include "engine/broadphase/broadphase_test_support.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

namespace {

using vox::Aabb;
using vox::ProxyFilter;
using vox::ProxyId;

static_assert(vox::canPair(ProxyFilter{}, ProxyFilter{}), "the default filters pair");
static_assert(!vox::canPair(ProxyFilter{0, vox::kAllCategories}, ProxyFilter{}),
              "category 0 pairs with none");
static_assert(!vox::canPair(ProxyFilter{2, 4}, ProxyFilter{4, 1}), "both must accept: 4 does not accept 2");
static_assert(vox::canPair(ProxyFilter{2, 4}, ProxyFilter{4, 2}));

struct DefaultTree {
    static constexpr bool kExact = false;
    static vox::DynamicAabbTree make() { return vox::DynamicAabbTree{}; }
};
struct ExactTree { // every move re-fattens: kept a tree (grid mode would take over) to reach its burst path
    static constexpr bool kExact = true;
    static vox::DynamicAabbTree make() {
        vox::TreeSettings settings{0.0f, 0.0f};
        settings.gridMode = vox::TreeGridMode::Never;
        return vox::DynamicAabbTree{settings};
    }
};
struct GridModeTree { // the tree in grid mode: queries by tight boxes
    static constexpr bool kExact = true;
    static vox::DynamicAabbTree make() {
        vox::TreeSettings settings;
        settings.gridMode = vox::TreeGridMode::Always;
        return vox::DynamicAabbTree{settings};
    }
};
struct Grid {
    static constexpr bool kExact = true;
    static vox::GridBroadphase make() { return vox::GridBroadphase{vox::GridSettings{1.5f, 27, 256}}; }
};
struct Brute {
    static constexpr bool kExact = true;
    static vox::BruteForceBroadphase make() { return vox::BruteForceBroadphase{}; }
};

template <class Subject>
class Filtering : public testing::Test {};
using Subjects = testing::Types<DefaultTree, ExactTree, GridModeTree, Grid, Brute>;
TYPED_TEST_SUITE(Filtering, Subjects);

uint64_t key(uint64_t a, uint64_t b) {
    return std::min(a, b) << 32 | std::max(a, b);
}

struct Object {
    Aabb box;
    ProxyFilter filter;
    ProxyId id;
    bool isStatic = false;
    bool alive = false;
    bool changed = false; // created, moved or re-filtered since the last updatePairs
};

Aabb randomBox(vox::Rng& rng, float world) {
    const glm::vec3 center(rng.uniform(0, world), rng.uniform(0, world), rng.uniform(0, world));
    const glm::vec3 half(rng.uniform(0.2f, 1.2f), rng.uniform(0.2f, 1.2f), rng.uniform(0.2f, 1.2f));
    return Aabb::fromCenter(center, half);
}

/// Four categories; masks of random bits, now and then all bits; now and then category 0 (pairs with none)
/// or the default filter.
ProxyFilter randomFilter(vox::Rng& rng) {
    const uint32_t r = rng.below(10);
    if (r == 0)
        return ProxyFilter{};
    ProxyFilter filter;
    filter.category = r == 1 ? 0 : uint64_t{1} << rng.below(4);
    filter.mask = r == 2 ? vox::kAllCategories : rng.below(16);
    return filter;
}

uint64_t randomQueryMask(vox::Rng& rng) {
    return rng.below(4) == 0 ? vox::kAllCategories : rng.below(16);
}

using vox::test::validateIfTree;

/// A random scene with random filters: creates (with a filter or not), destroys, moves and setFilter calls,
/// then every step the reported pairs, box and point queries with masks and rays with masks must be what
/// the filters allow, by the test's own loop. User data are object indices (never reused).
template <class Subject>
void runFiltered(uint64_t seed, int steps, int maxObjects, float world) {
    SCOPED_TRACE(testing::Message() << "seed " << seed);
    vox::Rng rng(seed);
    auto bp = Subject::make();
    std::vector<Object> objects;
    std::vector<uint32_t> alive;
    for (int step = 0; step < steps; ++step) {
        const int operations = 1 + static_cast<int>(rng.below(static_cast<uint32_t>(maxObjects / 4)));
        for (int op = 0; op < operations; ++op) {
            const uint32_t r = rng.below(100);
            if (alive.empty() || (static_cast<int>(alive.size()) < maxObjects && r < 25)) {
                Object object;
                object.box = randomBox(rng, world);
                object.isStatic = rng.below(8) == 0;
                object.filter = rng.below(2) == 0 ? ProxyFilter{} : randomFilter(rng);
                const auto type = object.isStatic ? vox::ProxyType::Static : vox::ProxyType::Dynamic;
                const auto index = static_cast<uint32_t>(objects.size());
                auto created = object.filter.isDefault() && rng.below(2) == 0
                                   ? bp.createProxy(object.box, index, type)
                                   : bp.createProxy(object.box, index, type, object.filter);
                ASSERT_TRUE(created.ok());
                object.id = created.value();
                object.alive = object.changed = true;
                objects.push_back(object);
                alive.push_back(index);
            } else if (r < 35) {
                const uint32_t k = rng.below(static_cast<uint32_t>(alive.size()));
                ASSERT_TRUE(bp.destroyProxy(objects[alive[k]].id));
                objects[alive[k]].alive = false;
                alive[k] = alive.back();
                alive.pop_back();
            } else if (r < 55) { // setFilter mid-run, sometimes to the filter it has (no change)
                Object& object = objects[alive[rng.below(static_cast<uint32_t>(alive.size()))]];
                const ProxyFilter filter = rng.below(5) == 0 ? object.filter : randomFilter(rng);
                ASSERT_TRUE(bp.setFilter(object.id, filter));
                object.changed = object.changed || !(filter == object.filter);
                object.filter = filter;
                ASSERT_EQ(bp.filter(object.id), filter);
            } else {
                Object& object = objects[alive[rng.below(static_cast<uint32_t>(alive.size()))]];
                const float reach = r < 90 ? 0.2f : 3.0f;
                const glm::vec3 d(rng.uniform(-reach, reach), rng.uniform(-reach, reach),
                                  rng.uniform(-reach, reach));
                object.box = {object.box.min + d, object.box.max + d};
                ASSERT_TRUE(bp.moveProxy(object.id, object.box, d));
                object.changed = true;
            }
        }
        if (step % 10 == 9) { // every dynamic proxy jumps: the tree's burst path (pairs found by one sweep)
            const glm::vec3 d(rng.uniform(-1, 1), rng.uniform(-1, 1), 0.0f);
            for (const uint32_t index : alive) {
                Object& object = objects[index];
                if (object.isStatic)
                    continue;
                object.box = {object.box.min + d, object.box.max + d};
                ASSERT_TRUE(bp.moveProxy(object.id, object.box, d));
                object.changed = true;
            }
        }
        SCOPED_TRACE(testing::Message() << "step " << step << ", " << alive.size() << " proxies");

        // Pairs: exactly those of the loop, with both user-data and handle forms agreeing.
        std::vector<uint64_t> got, want;
        bp.updatePairs([&](ProxyId a, ProxyId b, uint64_t userA, uint64_t userB) {
            EXPECT_EQ(userA, bp.userData(a));
            EXPECT_EQ(userB, bp.userData(b));
            got.push_back(key(userA, userB));
        });
        for (size_t i = 0; i < alive.size(); ++i)
            for (size_t j = i + 1; j < alive.size(); ++j) {
                const Object& a = objects[alive[i]];
                const Object& b = objects[alive[j]];
                if ((a.changed || b.changed) && !(a.isStatic && b.isStatic) && vox::overlaps(a.box, b.box) &&
                    vox::canPair(a.filter, b.filter))
                    want.push_back(key(alive[i], alive[j]));
            }
        for (const uint32_t index : alive)
            objects[index].changed = false;
        std::sort(got.begin(), got.end());
        std::sort(want.begin(), want.end());
        ASSERT_EQ(got, want) << "filtered pairs differ from the loop's";
        validateIfTree(bp);

        // Box and point queries with a mask, in both callback forms.
        for (int q = 0; q < 8; ++q) {
            const uint64_t mask = randomQueryMask(rng);
            const Aabb box =
                q % 4 == 0 ? Aabb{glm::vec3(rng.uniform(0, world)), glm::vec3(0)} : randomBox(rng, world);
            const Aabb probe = q % 4 == 0 ? Aabb{box.min, box.min} : box;
            std::vector<uint64_t> hits, expected;
            const auto keepExact = [&](uint64_t user) {
                EXPECT_TRUE(vox::passesQuery(objects[user].filter, mask)) << "a hit the mask rejects";
                if (Subject::kExact || vox::overlaps(objects[user].box, probe))
                    hits.push_back(user);
            };
            if (q % 4 == 0)
                bp.queryPoint(
                    probe.min, [&](ProxyId id) { return keepExact(bp.userData(id)), true; }, mask);
            else if (q % 2 == 0)
                bp.queryBox(
                    probe, [&](ProxyId id) { return keepExact(bp.userData(id)), true; }, mask);
            else
                bp.queryBox(
                    probe,
                    [&](ProxyId id, uint64_t user) {
                        EXPECT_EQ(user, bp.userData(id));
                        return keepExact(user), true;
                    },
                    mask);
            for (const uint32_t index : alive)
                if (vox::overlaps(objects[index].box, probe) && vox::passesQuery(objects[index].filter, mask))
                    expected.push_back(index);
            std::sort(hits.begin(), hits.end());
            std::sort(expected.begin(), expected.end());
            ASSERT_EQ(hits, expected) << "query " << q << " with mask " << mask;
        }

        // Rays with a mask: every hit, then the closest (a rejected proxy must not clip the ray).
        for (int q = 0; q < 4; ++q) {
            const uint64_t mask = randomQueryMask(rng);
            const glm::vec3 from = randomBox(rng, world).center();
            const vox::Ray ray{from, randomBox(rng, world).center() - from, 1.0f};
            std::vector<uint64_t> hits, expected;
            float closest = 2.0f, expectedClosest = 2.0f;
            bp.queryRay(
                ray,
                [&](ProxyId id, uint64_t user, float) {
                    EXPECT_EQ(user, bp.userData(id));
                    EXPECT_TRUE(vox::passesQuery(objects[user].filter, mask)) << "a ray hit the mask rejects";
                    float t = 0.0f;
                    if (Subject::kExact || vox::raycast(objects[user].box, ray, t))
                        hits.push_back(user);
                    return ray.maxFraction;
                },
                mask);
            bp.queryRay(
                ray,
                [&](ProxyId id, float fraction) {
                    float t = fraction;
                    if (!Subject::kExact && !vox::raycast(objects[bp.userData(id)].box, ray, t))
                        return std::min(closest, ray.maxFraction);
                    closest = std::min(closest, t);
                    return closest;
                },
                mask);
            for (const uint32_t index : alive) {
                float t = 0.0f;
                if (vox::passesQuery(objects[index].filter, mask) &&
                    vox::raycast(objects[index].box, ray, t)) {
                    expected.push_back(index);
                    expectedClosest = std::min(expectedClosest, t);
                }
            }
            std::sort(hits.begin(), hits.end());
            std::sort(expected.begin(), expected.end());
            ASSERT_EQ(hits, expected) << "ray " << q << " with mask " << mask;
            ASSERT_FLOAT_EQ(closest, expectedClosest) << "closest hit of ray " << q << " with mask " << mask;
        }
    }
    if constexpr (requires { bp.stats(); }) {
        if (bp.settings().gridMode == vox::TreeGridMode::Always)
            EXPECT_GT(bp.stats().gridSteps, 0) << "grid mode did not find the pairs";
        else
            EXPECT_GT(bp.stats().sweptSteps, 0) << "the burst path (one sweep) was not reached";
    }
}

TYPED_TEST(Filtering, RandomFiltersMatchTheLoop) {
    for (uint64_t seed : {101ull, 102ull, 103ull})
        runFiltered<TypeParam>(seed, 150, 160, 14.0f);
}

TYPED_TEST(Filtering, DenseScenesWithManyFilterChanges) {
    for (uint64_t seed : {201ull, 202ull})
        runFiltered<TypeParam>(seed, 300, 40, 5.0f);
}

TYPED_TEST(Filtering, SetFilterDropsAndRestoresAPairWithoutAMove) {
    auto bp = TypeParam::make();
    const ProxyId a = bp.createProxy(Aabb{{0, 0, 0}, {2, 2, 2}}, 10).value();
    const ProxyId b = bp.createProxy(Aabb{{1, 1, 1}, {3, 3, 3}}, 20, vox::ProxyType::Static).value();
    const auto pairs = [&] {
        std::vector<uint64_t> out;
        bp.updatePairs([&](ProxyId, ProxyId, uint64_t x, uint64_t y) { out.push_back(key(x, y)); });
        return out;
    };
    const std::vector<uint64_t> both{key(10, 20)};
    EXPECT_EQ(pairs(), both) << "the default filters pair";
    EXPECT_TRUE(pairs().empty()) << "nothing changed";

    ASSERT_TRUE(bp.setFilter(b, ProxyFilter{2, ~uint64_t{1}})); // the wall ignores category 1
    EXPECT_TRUE(pairs().empty()) << "the wall's mask rejects a's category";
    validateIfTree(bp);
    if constexpr (requires { bp.stats(); }) {
        EXPECT_EQ(bp.stats().pairs, 0) << "a filtered pair is not tracked";
    }
    ASSERT_TRUE(bp.setFilter(b, ProxyFilter{2, ~uint64_t{1}}));
    EXPECT_TRUE(pairs().empty()) << "the same filter again changes nothing";
    ASSERT_TRUE(bp.setFilter(a, ProxyFilter{1, 4}));
    EXPECT_TRUE(pairs().empty()) << "neither accepts the other now";
    ASSERT_TRUE(bp.setFilter(a, ProxyFilter{1, 2}));
    ASSERT_TRUE(bp.setFilter(b, ProxyFilter{2, 1}));
    EXPECT_EQ(pairs(), both) << "both accept each other again: reported without a move";
    EXPECT_EQ(bp.filter(a), (ProxyFilter{1, 2}));
    validateIfTree(bp);

    // Category 0 pairs with nothing; a query mask without bit 0 misses the default-filtered.
    const ProxyId c =
        bp.createProxy(Aabb{{0, 0, 0}, {3, 3, 3}}, 30, vox::ProxyType::Dynamic, {0, ~0ull}).value();
    const ProxyId d = bp.createProxy(Aabb{{0, 0, 0}, {1, 1, 1}}, 40).value();
    const std::vector<uint64_t> withD{key(20, 40)};
    EXPECT_EQ(pairs(), withD) << "c (category 0) pairs with nothing; d (default) with the wall (mask 1), not "
                                 "with a (mask 2)";
    int hits = 0;
    bp.queryPoint(
        glm::vec3(0.5f), [&](ProxyId) { return ++hits > 0; }, ~uint64_t{1});
    EXPECT_EQ(hits, 0) << "a has category 1, c 0, d 1: a mask without bit 0 finds none";
    bp.queryPoint(glm::vec3(0.5f), [&](ProxyId) { return ++hits > 0; });
    EXPECT_EQ(hits, 2) << "the default mask finds a and d, not c (category 0)";
    (void)c;
    (void)d;
}

// --- The tree's storage and misuse --------------------------------------------------------------------

TEST(TreeFiltering, NoBytesPerProxyUntilAFilterIsSet) {
    vox::DynamicAabbTree tree;
    std::vector<ProxyId> ids;
    for (int i = 0; i < 100; ++i)
        ids.push_back(
            tree.createProxy(Aabb::fromCenter(glm::vec3(static_cast<float>(i), 0, 0), glm::vec3(0.4f)),
                             static_cast<uint64_t>(i), vox::ProxyType::Dynamic, ProxyFilter{})
                .value());
    const double plain = tree.stats().bytesPerProxy;
    EXPECT_LT(plain, 74.0) << "the published figure (68 before 23-bit indices moved the parents apart)";
    ASSERT_TRUE(tree.setFilter(ids[3], ProxyFilter{})); // the default again: nothing allocated
    EXPECT_EQ(tree.stats().bytesPerProxy, plain);
    ASSERT_TRUE(tree.setFilter(ids[3], ProxyFilter{2, 2}));
    EXPECT_DOUBLE_EQ(tree.stats().bytesPerProxy, plain + 16.0) << "one category and one mask per slot";
    EXPECT_EQ(tree.filter(ids[4]), ProxyFilter{}) << "the others keep the default";
    ASSERT_TRUE(tree.createProxy(Aabb{{0, 5, 0}, {1, 6, 1}}, 100).ok()); // a new slot joins the filter array
    EXPECT_TRUE(tree.validate().ok()) << tree.validate().error().message;
}

TEST(TreeFiltering, BulkProxiesCarryTheirFilters) {
    vox::DynamicAabbTree tree;
    std::vector<vox::DynamicAabbTree::BulkProxy> bulk;
    for (uint64_t i = 0; i < 6; ++i) // overlapping in a row; even ones category 2, odd ones category 4
        bulk.push_back({Aabb{{static_cast<float>(i), 0, 0}, {static_cast<float>(i) + 2.5f, 1, 1}}, i,
                        vox::ProxyType::Dynamic, ProxyFilter{i % 2 == 0 ? 2u : 4u, i % 2 == 0 ? 2u : 4u}});
    std::vector<ProxyId> ids(bulk.size());
    ASSERT_TRUE(tree.createProxies(bulk, ids).ok());
    std::vector<uint64_t> pairs;
    tree.updatePairs([&](ProxyId, ProxyId, uint64_t a, uint64_t b) { pairs.push_back(key(a, b)); });
    std::sort(pairs.begin(), pairs.end());
    const std::vector<uint64_t> expected{key(0, 2), key(1, 3), key(2, 4), key(3, 5)}; // same parity, 2 apart
    EXPECT_EQ(pairs, expected);
    EXPECT_EQ(tree.filter(ids[3]), (ProxyFilter{4, 4}));
}

struct TreeOwner {
    static constexpr const char* kName = "DynamicAabbTree";
    static vox::DynamicAabbTree make() { return vox::DynamicAabbTree{}; }
};
struct GridOwner {
    static constexpr const char* kName = "GridBroadphase";
    static vox::GridBroadphase make() { return vox::GridBroadphase{}; }
};
struct BruteOwner {
    static constexpr const char* kName = "BruteForceBroadphase";
    static vox::BruteForceBroadphase make() { return vox::BruteForceBroadphase{}; }
};
template <class Subject>
class FilterHandles : public testing::Test {};
using Owners = testing::Types<TreeOwner, GridOwner, BruteOwner>;
TYPED_TEST_SUITE(FilterHandles, Owners);

TYPED_TEST(FilterHandles, StaleHandlesAreReportedAndChangeNothing) {
    auto bp = TypeParam::make();
    const ProxyId gone =
        bp.createProxy(Aabb{{0, 0, 0}, {1, 1, 1}}, 1, vox::ProxyType::Dynamic, {2, 2}).value();
    ASSERT_TRUE(bp.destroyProxy(gone));
    const ProxyId live = bp.createProxy(Aabb{{0, 0, 0}, {1, 1, 1}}, 2).value(); // the same slot
    ASSERT_EQ(live.index(), gone.index());
    EXPECT_EQ(bp.filter(live), ProxyFilter{}) << "a reused slot starts with the default filter";

    vox::test::AssertCapture capture;
    EXPECT_FALSE(bp.setFilter(gone, ProxyFilter{4, 4}));
    EXPECT_EQ(bp.filter(gone), ProxyFilter{});
    EXPECT_FALSE(bp.setFilter(ProxyId{}, ProxyFilter{4, 4}));
    const std::string owner = TypeParam::kName;
    const std::string handle = ": stale or unknown ProxyId {slot " + std::to_string(gone.index()) +
                               ", generation " + std::to_string(gone.generation) +
                               "} (destroyed, or from another broadphase)";
    const std::vector<std::string> expected{
        owner + "::setFilter" + handle, owner + "::filter" + handle,
        owner + "::setFilter: null ProxyId (never created, or already cleared)"};
    ASSERT_EQ(capture.reports().size(), expected.size());
    for (size_t k = 0; k < expected.size(); ++k)
        EXPECT_EQ(capture.reports()[k].message, expected[k]);
    EXPECT_EQ(bp.filter(live), ProxyFilter{}) << "the live proxy in the slot is untouched";
}

} // namespace
