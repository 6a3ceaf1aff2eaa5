// PairTracker (pair_tracker.h) over all three broadphases: over random seeded scenes (creates, destroys,
// moves, filter changes), every step's began events must be exactly the touching pairs now that did not touch
// at the last step, and the ended events exactly the reverse, by the test's own O(n^2) loop; then the small
// cases one by one.

#include "vox/broadphase/brute_force_broadphase.h"
#include "vox/broadphase/dynamic_aabb_tree.h"
#include "vox/broadphase/grid_broadphase.h"
#include "vox/broadphase/pair_tracker.h"
#include "vox/core/rng.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <set>
#include <span>
#include <utility>
#include <vector>

namespace {

using vox::Aabb;
using vox::ProxyFilter;
using vox::ProxyId;
using vox::TouchPair;

struct Tree {
    static vox::DynamicAabbTree make() { return vox::DynamicAabbTree{}; }
};
struct Grid {
    static vox::GridBroadphase make() { return vox::GridBroadphase{vox::GridSettings{1.5f, 27, 256}}; }
};
struct Brute {
    static vox::BruteForceBroadphase make() { return vox::BruteForceBroadphase{}; }
};

template <class Subject>
class PairTrackerTest : public testing::Test {};
using Subjects = testing::Types<Tree, Grid, Brute>;
TYPED_TEST_SUITE(PairTrackerTest, Subjects);

using UserPair = std::pair<uint64_t, uint64_t>; // the two objects' indices, smaller first

struct Object {
    Aabb box;
    ProxyFilter filter;
    ProxyId id;
    bool isStatic = false;
    bool alive = false;
};

Aabb randomBox(vox::Rng& rng, float world) {
    const glm::vec3 center(rng.uniform(0, world), rng.uniform(0, world), rng.uniform(0, world));
    const glm::vec3 half(rng.uniform(0.2f, 1.2f), rng.uniform(0.2f, 1.2f), rng.uniform(0.2f, 1.2f));
    return Aabb::fromCenter(center, half);
}

std::set<UserPair> touchingNow(const std::vector<Object>& objects) {
    std::set<UserPair> pairs;
    for (size_t i = 0; i < objects.size(); ++i)
        for (size_t j = i + 1; j < objects.size(); ++j) {
            const Object& a = objects[i];
            const Object& b = objects[j];
            if (a.alive && b.alive && !(a.isStatic && b.isStatic) && vox::overlaps(a.box, b.box) &&
                vox::canPair(a.filter, b.filter))
                pairs.insert({i, j});
        }
    return pairs;
}

std::set<UserPair> minus(const std::set<UserPair>& x, const std::set<UserPair>& y) {
    std::set<UserPair> out;
    std::set_difference(x.begin(), x.end(), y.begin(), y.end(), std::inserter(out, out.end()));
    return out;
}

/// The events as object pairs, checking along the way that each event's pair is ordered by slot, the
/// events sorted, its user data those of its handles' objects, and no event listed twice.
std::set<UserPair> eventsOf(std::span<const TouchPair> events, const std::vector<Object>& objects) {
    std::set<UserPair> pairs;
    for (size_t k = 0; k < events.size(); ++k) {
        const TouchPair& e = events[k];
        EXPECT_LT(e.a.index(), e.b.index()) << "a pair's lower slot comes first";
        if (k > 0) {
            const TouchPair& p = events[k - 1];
            EXPECT_TRUE(p.a.index() < e.a.index() ||
                        (p.a.index() == e.a.index() && p.b.index() < e.b.index()))
                << "events sorted by slots";
        }
        EXPECT_EQ(objects[e.userDataA].id, e.a) << "user data A belongs to handle a";
        EXPECT_EQ(objects[e.userDataB].id, e.b) << "user data B belongs to handle b";
        EXPECT_TRUE(pairs.insert(std::minmax(e.userDataA, e.userDataB)).second) << "an event twice";
    }
    return pairs;
}

template <class Subject>
void runTracked(uint64_t seed, int steps, int maxObjects, float world) {
    SCOPED_TRACE(testing::Message() << "seed " << seed);
    vox::Rng rng(seed);
    auto bp = Subject::make();
    vox::PairTracker tracker;
    std::vector<Object> objects; // user data: the index (never reused, so destroyed objects stay listed)
    std::vector<uint32_t> alive;
    std::set<UserPair> before;
    int64_t began = 0, ended = 0, endedByDestruction = 0;
    for (int step = 0; step < steps; ++step) {
        // A step changes some proxies only: the others' pairs still touch without being reported again.
        const int operations = static_cast<int>(rng.below(static_cast<uint32_t>(maxObjects / 5) + 1));
        for (int op = 0; op < operations; ++op) {
            const uint32_t r = rng.below(100);
            if (alive.empty() || (static_cast<int>(alive.size()) < maxObjects && r < 20)) {
                Object object;
                object.box = randomBox(rng, world);
                object.isStatic = rng.below(8) == 0;
                if (rng.below(3) == 0)
                    object.filter = ProxyFilter{uint64_t{1} << rng.below(3), rng.below(8)};
                const auto index = static_cast<uint32_t>(objects.size());
                object.id = bp.createProxy(object.box, index,
                                           object.isStatic ? vox::ProxyType::Static : vox::ProxyType::Dynamic,
                                           object.filter)
                                .value();
                object.alive = true;
                objects.push_back(object);
                alive.push_back(index);
            } else if (r < 30) {
                const uint32_t k = rng.below(static_cast<uint32_t>(alive.size()));
                ASSERT_TRUE(bp.destroyProxy(objects[alive[k]].id));
                objects[alive[k]].alive = false;
                alive[k] = alive.back();
                alive.pop_back();
            } else if (r < 38) {
                Object& object = objects[alive[rng.below(static_cast<uint32_t>(alive.size()))]];
                object.filter = rng.below(2) == 0 ? ProxyFilter{}
                                                  : ProxyFilter{uint64_t{1} << rng.below(3), rng.below(8)};
                ASSERT_TRUE(bp.setFilter(object.id, object.filter));
            } else {
                Object& object = objects[alive[rng.below(static_cast<uint32_t>(alive.size()))]];
                const float reach = r < 90 ? 0.3f : 3.0f;
                const glm::vec3 d(rng.uniform(-reach, reach), rng.uniform(-reach, reach),
                                  rng.uniform(-reach, reach));
                object.box = {object.box.min + d, object.box.max + d};
                ASSERT_TRUE(bp.moveProxy(object.id, object.box, d));
            }
        }
        SCOPED_TRACE(testing::Message() << "step " << step << ", " << alive.size() << " proxies");
        size_t forwarded = 0;
        tracker.update(bp, [&](ProxyId, ProxyId) { ++forwarded; });
        const std::set<UserPair> now = touchingNow(objects);
        const std::set<UserPair> gotBegan = eventsOf(tracker.began(), objects);
        const std::set<UserPair> gotEnded = eventsOf(tracker.ended(), objects);
        ASSERT_EQ(gotBegan, minus(now, before)) << "began = now \\ before";
        ASSERT_EQ(gotEnded, minus(before, now)) << "ended = before \\ now";
        ASSERT_EQ(tracker.pairCount(), static_cast<int32_t>(now.size()));
        ASSERT_GE(forwarded, gotBegan.size()) << "every pair updatePairs reports is passed on";
        for (const TouchPair& e : tracker.began())
            ASSERT_TRUE(bp.isValid(e.a) && bp.isValid(e.b) && tracker.isTouching(e.b, e.a));
        for (const TouchPair& e : tracker.ended()) {
            ASSERT_FALSE(tracker.isTouching(e.a, e.b));
            const bool destroyed = !objects[e.userDataA].alive || !objects[e.userDataB].alive;
            ASSERT_EQ(destroyed, !bp.isValid(e.a) || !bp.isValid(e.b))
                << "a destroyed member's handle is the stale one it had";
            endedByDestruction += destroyed ? 1 : 0;
        }
        began += static_cast<int64_t>(gotBegan.size());
        ended += static_cast<int64_t>(gotEnded.size());
        before = now;
    }
    testing::Test::RecordProperty("began", static_cast<int>(began));
    EXPECT_GT(began, 100) << "the scene should make pairs";
    EXPECT_GT(ended - endedByDestruction, 20) << "the scene should part pairs by moves and filters";
    EXPECT_GT(endedByDestruction, 10) << "the scene should end pairs by destruction";
}

TYPED_TEST(PairTrackerTest, EventsAreTheDifferenceOfTouchingSetsInRandomScenes) {
    for (uint64_t seed : {301ull, 302ull, 303ull})
        runTracked<TypeParam>(seed, 400, 120, 12.0f);
}

TYPED_TEST(PairTrackerTest, DenseScenes) {
    for (uint64_t seed : {401ull, 402ull})
        runTracked<TypeParam>(seed, 400, 40, 5.0f);
}

TYPED_TEST(PairTrackerTest, PairsOfProxiesThatStayPutKeepTouching) {
    auto bp = TypeParam::make();
    vox::PairTracker tracker;
    const ProxyId a = bp.createProxy(Aabb{{0, 0, 0}, {2, 2, 2}}, 1).value();
    const ProxyId b = bp.createProxy(Aabb{{1, 1, 1}, {3, 3, 3}}, 2).value();
    const ProxyId c = bp.createProxy(Aabb{{10, 0, 0}, {11, 1, 1}}, 3).value();
    tracker.update(bp);
    ASSERT_EQ(tracker.began().size(), 1u);
    EXPECT_EQ(tracker.began()[0].a, a);
    EXPECT_EQ(tracker.began()[0].userDataB, 2u);

    ASSERT_TRUE(bp.moveProxy(c, Aabb{{10, 1, 0}, {11, 2, 1}}, glm::vec3(0, 1, 0))); // a and b stay put
    tracker.update(bp);
    EXPECT_TRUE(tracker.began().empty());
    EXPECT_TRUE(tracker.ended().empty()) << "a and b were not reported again, yet they still touch";
    EXPECT_TRUE(tracker.isTouching(a, b));

    ASSERT_TRUE(bp.moveProxy(a, Aabb{{0.5f, 0, 0}, {2.5f, 2, 2}}, glm::vec3(0.5f, 0, 0))); // still touching
    tracker.update(bp);
    EXPECT_TRUE(tracker.began().empty() && tracker.ended().empty()) << "a move that keeps touching: no event";

    ASSERT_TRUE(bp.destroyProxy(b));
    const ProxyId d = bp.createProxy(Aabb{{1, 1, 1}, {3, 3, 3}}, 4).value(); // likely b's slot, same place
    tracker.update(bp);
    ASSERT_EQ(tracker.ended().size(), 1u);
    EXPECT_EQ(tracker.ended()[0].b, b) << "the destroyed proxy's handle, stale now";
    EXPECT_EQ(tracker.ended()[0].userDataB, 2u) << "and its user data, captured when the pair began";
    ASSERT_EQ(tracker.began().size(), 1u);
    EXPECT_EQ(tracker.began()[0].userDataA + tracker.began()[0].userDataB, 5u) << "a and d";
    EXPECT_TRUE(tracker.isTouching(d, a));
    EXPECT_FALSE(tracker.isTouching(a, b));
    EXPECT_EQ(tracker.pairCount(), 1);

    ASSERT_TRUE(bp.setFilter(a, ProxyFilter{1, 2}));
    tracker.update(bp);
    EXPECT_EQ(tracker.ended().size(), 1u) << "a filter change that rejects the partner ends the pair";
    EXPECT_EQ(tracker.pairCount(), 0);
    tracker.clear();
    EXPECT_EQ(tracker.pairCount(), 0);
    EXPECT_GE(tracker.memoryBytes(), 0u);
}

TEST(PairTrackerForwarding, UpdatePassesEveryPairOnInTheFormTheCallbackTakes) {
    vox::DynamicAabbTree tree;
    vox::PairTracker tracker;
    for (uint64_t i = 0; i < 5; ++i)
        ASSERT_TRUE(
            tree.createProxy(Aabb{{static_cast<float>(i), 0, 0}, {static_cast<float>(i) + 1.5f, 1, 1}}, i)
                .ok());
    std::vector<UserPair> forwarded;
    tracker.update(tree, [&](ProxyId a, ProxyId b, uint64_t userA, uint64_t userB) {
        EXPECT_EQ(userA, tree.userData(a));
        EXPECT_EQ(userB, tree.userData(b));
        forwarded.push_back(std::minmax(userA, userB));
    });
    std::sort(forwarded.begin(), forwarded.end());
    const std::vector<UserPair> expected{{0, 1}, {1, 2}, {2, 3}, {3, 4}};
    EXPECT_EQ(forwarded, expected);
    EXPECT_EQ(tracker.began().size(), 4u);
}

} // namespace
