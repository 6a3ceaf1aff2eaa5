// The shared contract of the three broadphases (broadphase.h), checked differentially: every subject runs
// the same random operations as BruteForceBroadphase and must give the same pairs and query results.

#include "vox/broadphase/broadphase.h"
#include "vox/broadphase/brute_force_broadphase.h"
#include "vox/broadphase/dynamic_aabb_tree.h"
#include "vox/broadphase/grid_broadphase.h"
#include "vox/core/rng.h"

#include "engine/core/assert_capture.h"

#include "engine/broadphase/broadphase_test_support.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <set>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace {

using vox::Aabb;
using vox::ProxyId;
using vox::test::AssertCapture;

static_assert(vox::Broadphase<vox::DynamicAabbTree>);
static_assert(vox::Broadphase<vox::BruteForceBroadphase>);
static_assert(vox::Broadphase<vox::GridBroadphase>);

// --- Subjects
// ------------------------------------------------------------------------------------------------ `exact`
// subjects store tight boxes: their results must equal brute force's. The default tree stores fat boxes: its
// query results, once filtered by the tight boxes, must equal brute force's, and it may only add proxies
// whose fat box matches.

struct DefaultTree {
    static constexpr bool kExact = false;
    static vox::DynamicAabbTree make() { return vox::DynamicAabbTree{}; }
};
struct ExactTree {
    static constexpr bool kExact = true;
    static vox::DynamicAabbTree make() { return vox::DynamicAabbTree{vox::TreeSettings{0.0f, 0.0f}}; }
};
struct Grid {
    static constexpr bool kExact = true;
    static vox::GridBroadphase make() { return vox::GridBroadphase{vox::GridSettings{1.5f, 27, 256}}; }
};

template <class Subject>
class BroadphaseContract : public testing::Test {};
using Subjects = testing::Types<DefaultTree, ExactTree, Grid>;
TYPED_TEST_SUITE(BroadphaseContract, Subjects);

uint64_t key(uint32_t a, uint32_t b) {
    return static_cast<uint64_t>(std::min(a, b)) << 32 | std::max(a, b);
}

/// What the test knows about one object: its tight box and its handles in both broadphases.
struct Object {
    Aabb box;
    ProxyId subject, reference;
    bool isStatic = false;
    bool alive = false;
};

Aabb randomBox(vox::Rng& rng, float world) {
    const glm::vec3 center(rng.uniform(0, world), rng.uniform(0, world), rng.uniform(0, world));
    const glm::vec3 half(rng.uniform(0.1f, 1.0f), rng.uniform(0.1f, 1.0f), rng.uniform(0.1f, 1.0f));
    return Aabb::fromCenter(center, half);
}

bool sameBox(const Aabb& a, const Aabb& b) {
    return a.min == b.min && a.max == b.max;
}

using vox::test::validateIfTree;

/// Runs `operations` random operations on a subject and on brute force, comparing every `checkEvery`.
template <class Subject>
void runDifferential(uint64_t seed, int operations, int maxProxies, float world, int checkEvery) {
    SCOPED_TRACE(testing::Message() << "seed " << seed);
    vox::Rng rng(seed);
    auto subject = Subject::make();
    vox::BruteForceBroadphase reference;
    std::vector<Object> objects;
    std::vector<uint32_t> alive; // indices into objects

    const auto userOf = [](const auto& bp, ProxyId id) { return static_cast<uint32_t>(bp.userData(id)); };
    const auto tightOverlap = [&](uint32_t a, uint32_t b) {
        return vox::overlaps(objects[a].box, objects[b].box);
    };

    for (int op = 1; op <= operations; ++op) {
        const uint32_t r = rng.below(100);
        if (alive.empty() || (static_cast<int>(alive.size()) < maxProxies && r < 30)) {
            Object object;
            object.box = randomBox(rng, world);
            object.isStatic = rng.below(10) == 0;
            const auto type = object.isStatic ? vox::ProxyType::Static : vox::ProxyType::Dynamic;
            const auto index = static_cast<uint32_t>(objects.size());
            auto s = subject.createProxy(object.box, index, type);
            auto b = reference.createProxy(object.box, index, type);
            ASSERT_TRUE(s.ok() && b.ok());
            object.subject = s.value();
            object.reference = b.value();
            object.alive = true;
            objects.push_back(object);
            alive.push_back(index);
        } else if (r < 45) {
            const uint32_t k = rng.below(static_cast<uint32_t>(alive.size()));
            Object& object = objects[alive[k]];
            ASSERT_TRUE(subject.destroyProxy(object.subject));
            ASSERT_TRUE(reference.destroyProxy(object.reference));
            object.alive = false;
            alive[k] = alive.back();
            alive.pop_back();
        } else {
            Object& object = objects[alive[rng.below(static_cast<uint32_t>(alive.size()))]];
            glm::vec3 displacement;
            if (r < 80) { // small move
                displacement = {rng.uniform(-0.1f, 0.1f), rng.uniform(-0.1f, 0.1f), rng.uniform(-0.1f, 0.1f)};
            } else if (r < 95) { // large move
                displacement = {rng.uniform(-2, 2), rng.uniform(-2, 2), rng.uniform(-2, 2)};
            } else { // teleport, with a displacement that says so
                displacement = randomBox(rng, world).center() - object.box.center();
            }
            object.box = {object.box.min + displacement, object.box.max + displacement};
            ASSERT_TRUE(subject.moveProxy(object.subject, object.box, displacement));
            ASSERT_TRUE(reference.moveProxy(object.reference, object.box, displacement));
        }
        if (op % checkEvery != 0)
            continue;

        SCOPED_TRACE(testing::Message() << "after operation " << op << ", " << alive.size() << " proxies");
        validateIfTree(subject);
        ASSERT_EQ(subject.proxyCount(), static_cast<int32_t>(alive.size()));
        for (const uint32_t index : alive) {
            ASSERT_TRUE(sameBox(subject.tightBox(objects[index].subject), objects[index].box))
                << "tightBox of object " << index;
            ASSERT_TRUE(sameBox(reference.tightBox(objects[index].reference), objects[index].box));
        }

        // Pairs: the same set, once each.
        std::vector<uint64_t> got, want;
        subject.updatePairs([&](ProxyId a, ProxyId b) {
            const uint32_t ua = userOf(subject, a), ub = userOf(subject, b);
            ASSERT_FALSE(objects[ua].isStatic && objects[ub].isStatic) << "static-static pair reported";
            if (Subject::kExact || tightOverlap(ua, ub))
                got.push_back(key(ua, ub));
        });
        reference.updatePairs(
            [&](ProxyId a, ProxyId b) { want.push_back(key(userOf(reference, a), userOf(reference, b))); });
        std::sort(got.begin(), got.end());
        std::sort(want.begin(), want.end());
        ASSERT_TRUE(std::adjacent_find(got.begin(), got.end()) == got.end()) << "a pair was reported twice";
        ASSERT_EQ(got, want) << "pairs differ from brute force";
        validateIfTree(subject);

        // Box and point queries.
        for (int q = 0; q < 20; ++q) {
            const Aabb query =
                q % 4 == 0 ? Aabb{glm::vec3(rng.uniform(0, world)), glm::vec3(0)} : randomBox(rng, world);
            const Aabb probe = q % 4 == 0 ? Aabb{query.min, query.min} : query;
            std::vector<uint32_t> hits, expected;
            const auto onHit = [&](ProxyId id) {
                const uint32_t u = userOf(subject, id);
                if constexpr (!Subject::kExact) {
                    EXPECT_TRUE(vox::overlaps(subject.fatBox(id), probe))
                        << "hit whose fat box misses the query";
                    EXPECT_TRUE(vox::contains(subject.fatBox(id), objects[u].box))
                        << "fat box lost its object";
                }
                if (Subject::kExact || vox::overlaps(objects[u].box, probe))
                    hits.push_back(u);
                return true;
            };
            if (q % 4 == 0)
                subject.queryPoint(probe.min, onHit);
            else
                subject.queryBox(probe, onHit);
            reference.queryBox(probe, [&](ProxyId id) {
                expected.push_back(userOf(reference, id));
                return true;
            });
            std::sort(hits.begin(), hits.end());
            std::sort(expected.begin(), expected.end());
            ASSERT_EQ(hits, expected) << "box/point query " << q << " differs from brute force";
        }

        // Rays: all hits without clipping, then the closest hit with clipping.
        for (int q = 0; q < 10; ++q) {
            const glm::vec3 from = randomBox(rng, world).center();
            const vox::Ray ray{from, randomBox(rng, world).center() - from, 1.0f};
            std::vector<uint32_t> hits, expected;
            subject.queryRay(ray, [&](ProxyId id, float) {
                const uint32_t u = userOf(subject, id);
                float t = 0.0f;
                if (Subject::kExact || vox::raycast(objects[u].box, ray, t))
                    hits.push_back(u);
                return ray.maxFraction;
            });
            reference.queryRay(ray, [&](ProxyId id, float) {
                expected.push_back(userOf(reference, id));
                return ray.maxFraction;
            });
            std::sort(hits.begin(), hits.end());
            std::sort(expected.begin(), expected.end());
            ASSERT_EQ(hits, expected) << "ray " << q << " differs from brute force";

            float closest = 2.0f, expectedClosest = 2.0f;
            subject.queryRay(ray, [&](ProxyId id, float fraction) {
                float t = fraction;
                if (!Subject::kExact && !vox::raycast(objects[userOf(subject, id)].box, ray, t))
                    return std::min(closest, ray.maxFraction); // fat box hit, object missed: keep going
                closest = std::min(closest, t);
                return closest;
            });
            for (uint32_t u : expected) {
                float t = 0.0f;
                if (vox::raycast(objects[u].box, ray, t))
                    expectedClosest = std::min(expectedClosest, t);
            }
            ASSERT_FLOAT_EQ(closest, expectedClosest) << "closest hit of ray " << q;
        }
    }
}

TYPED_TEST(BroadphaseContract, DifferentialAgainstBruteForce) {
    for (uint64_t seed : {1ull, 2ull, 3ull})
        runDifferential<TypeParam>(seed, 100000, 2000, 24.0f, 2500);
}

TYPED_TEST(BroadphaseContract, DenseSmallScenesWithFrequentChecks) {
    for (uint64_t seed : {11ull, 12ull})
        runDifferential<TypeParam>(seed, 4000, 40, 6.0f, 50);
}

// --- Degenerate input
// ----------------------------------------------------------------------------------------

template <class Subject>
std::vector<uint64_t> pairsOf(auto& bp) {
    std::vector<uint64_t> pairs;
    bp.updatePairs([&](ProxyId a, ProxyId b) { pairs.push_back(key(bp.userData(a), bp.userData(b))); });
    std::sort(pairs.begin(), pairs.end());
    return pairs;
}

TYPED_TEST(BroadphaseContract, ZeroSizeBoxesArePoints) {
    auto bp = TypeParam::make();
    const Aabb point{{1, 1, 1}, {1, 1, 1}};
    ASSERT_TRUE(bp.createProxy(point, 0).ok());
    ASSERT_TRUE(bp.createProxy(point, 1).ok());                      // the same point
    ASSERT_TRUE(bp.createProxy(Aabb{{1, 0, 0}, {2, 1, 1}}, 2).ok()); // a box whose corner is the point
    ASSERT_TRUE(bp.createProxy(Aabb{{1.5f, 1.5f, 1.5f}, {1.5f, 1.5f, 1.5f}}, 3).ok()); // another point
    const std::vector<uint64_t> pairs = pairsOf<TypeParam>(bp);
    const std::vector<uint64_t> expected{key(0, 1), key(0, 2), key(1, 2)};
    EXPECT_EQ(pairs, expected);
    int hits = 0;
    bp.queryPoint(glm::vec3(1, 1, 1), [&](ProxyId id) {
        hits += bp.userData(id) <= 2;
        return true;
    });
    EXPECT_EQ(hits, 3);
}

TYPED_TEST(BroadphaseContract, ThousandIdenticalBoxes) {
    auto bp = TypeParam::make();
    const Aabb box{{5, 5, 5}, {6, 6, 6}};
    for (uint32_t i = 0; i < 1000; ++i)
        ASSERT_TRUE(bp.createProxy(box, i).ok());
    validateIfTree(bp);
    EXPECT_EQ(pairsOf<TypeParam>(bp).size(), 1000u * 999u / 2u) << "every pair, once";
    int hits = 0;
    bp.queryBox(Aabb{{5.5f, 5.5f, 5.5f}, {5.5f, 5.5f, 5.5f}}, [&](ProxyId) { return ++hits > 0; });
    EXPECT_EQ(hits, 1000);
    if constexpr (requires { bp.stats(); }) {
        EXPECT_LE(bp.stats().height, 2 * 10 + 2) << "identical boxes must still give a balanced tree";
    }
    // Move half of them away: only the other half still pair.
    std::vector<ProxyId> ids;
    bp.queryBox(box, [&](ProxyId id) {
        ids.push_back(id);
        return true;
    });
    int moved = 0;
    for (ProxyId id : ids)
        if (bp.userData(id) % 2 == 0 && bp.moveProxy(id, Aabb{{50, 5, 5}, {51, 6, 6}}, glm::vec3(45, 0, 0)))
            ++moved;
    EXPECT_EQ(moved, 500);
    std::vector<uint64_t> pairs;
    bp.updatePairs([&](ProxyId a, ProxyId b) {
        if (vox::overlaps(bp.userData(a) % 2 == 0 ? Aabb{{50, 5, 5}, {51, 6, 6}} : box,
                          bp.userData(b) % 2 == 0 ? Aabb{{50, 5, 5}, {51, 6, 6}} : box))
            pairs.push_back(key(bp.userData(a), bp.userData(b)));
    });
    std::sort(pairs.begin(), pairs.end());
    EXPECT_TRUE(std::adjacent_find(pairs.begin(), pairs.end()) == pairs.end());
    // Pairs involving a moved proxy: the 500 moved ones among themselves.
    EXPECT_EQ(pairs.size(), 500u * 499u / 2u);
    validateIfTree(bp);
}

TYPED_TEST(BroadphaseContract, CoordinatesNearTenMillion) {
    auto bp = TypeParam::make();
    const float base = 1.0e7f; // float spacing here is 1: boxes a few units wide
    for (uint32_t i = 0; i < 200; ++i) {
        const float x = base + static_cast<float>(i % 20) * 2.0f;
        const float y = base - static_cast<float>(i / 20) * 2.0f;
        ASSERT_TRUE(bp.createProxy(Aabb{{x, y, base}, {x + 2.0f, y + 2.0f, base + 2.0f}}, i).ok());
    }
    validateIfTree(bp);
    // A grid of touching 2-unit boxes: each pair of neighbours (8-neighbourhood) touches.
    const auto pairs = pairsOf<TypeParam>(bp);
    EXPECT_EQ(pairs.size(), static_cast<size_t>(19 * 10 + 20 * 9 + 2 * 19 * 9));
    int hits = 0;
    const glm::vec3 point(base + 2, base - 1, base + 1); // on the face shared by two boxes of the second row
    bp.queryPoint(point, [&](ProxyId) { return ++hits > 0; });
    EXPECT_EQ(hits, 2) << "a point on a shared face is in both boxes";
    int rayHits = 0;
    bp.queryRay(vox::Ray{{base - 10, base + 1, base + 1}, {100, 0, 0}, 1.0f}, [&](ProxyId, float) {
        ++rayHits;
        return 1.0f;
    });
    EXPECT_EQ(rayHits, 20) << "a ray along the first row";
}

TYPED_TEST(BroadphaseContract, NanAndInvertedBoxesAreRejectedWithAClearError) {
    auto bp = TypeParam::make();
    const float nan = std::numeric_limits<float>::quiet_NaN();
    auto bad = bp.createProxy(Aabb{{0, nan, 0}, {1, 1, 1}}, 0);
    ASSERT_FALSE(bad.ok());
    EXPECT_NE(bad.error().message.find("NaN"), std::string::npos) << bad.error().message;
    EXPECT_NE(bad.error().message.find("createProxy"), std::string::npos) << bad.error().message;
    auto inverted = bp.createProxy(Aabb{{1, 0, 0}, {0, 1, 1}}, 0);
    ASSERT_FALSE(inverted.ok());
    EXPECT_NE(inverted.error().message.find("min > max"), std::string::npos) << inverted.error().message;
    EXPECT_EQ(bp.proxyCount(), 0);

    auto good = bp.createProxy(Aabb{{0, 0, 0}, {1, 1, 1}}, 7);
    ASSERT_TRUE(good.ok());
    EXPECT_FALSE(bp.moveProxy(good.value(), Aabb{{nan, 0, 0}, {1, 1, 1}}, glm::vec3(0)))
        << "NaN move rejected";
    EXPECT_FALSE(bp.moveProxy(good.value(), Aabb{{0, 0, 0}, {1, 1, INFINITY}}, glm::vec3(0)));
    int hits = 0;
    bp.queryBox(Aabb{{0.5f, 0.5f, 0.5f}, {0.5f, 0.5f, 0.5f}}, [&](ProxyId) { return ++hits > 0; });
    EXPECT_EQ(hits, 1) << "the proxy keeps its old box after a rejected move";
    validateIfTree(bp);
}

// --- Handles, user data and tight boxes, the same in every build ---------------------------------------
// No `#if VOX_ASSERTS_ENABLED` here: a stale handle must behave the same in Debug and Release.

struct TreeHandles {
    static constexpr const char* kName = "DynamicAabbTree";
    static vox::DynamicAabbTree make() { return vox::DynamicAabbTree{}; }
};
struct GridHandles {
    static constexpr const char* kName = "GridBroadphase";
    static vox::GridBroadphase make() { return vox::GridBroadphase{}; }
};
struct BruteHandles {
    static constexpr const char* kName = "BruteForceBroadphase";
    static vox::BruteForceBroadphase make() { return vox::BruteForceBroadphase{}; }
};

template <class Subject>
class BroadphaseHandles : public testing::Test {};
using HandleSubjects = testing::Types<TreeHandles, GridHandles, BruteHandles>;
TYPED_TEST_SUITE(BroadphaseHandles, HandleSubjects);

/// "<Owner>::<call>: stale or unknown ProxyId {slot S, generation G} ...", as detail::reportStaleProxy words
/// it.
std::string staleMessage(const char* owner, const char* call, ProxyId id) {
    return std::string(owner) + "::" + call + ": stale or unknown ProxyId {slot " +
           std::to_string(id.index()) + ", generation " + std::to_string(id.generation) +
           "} (destroyed, or from another broadphase)";
}

TYPED_TEST(BroadphaseHandles, StaleHandlesAreReportedOnceEachAndDoNothing) {
    auto bp = TypeParam::make();
    const Aabb box{{0, 0, 0}, {1, 1, 1}};
    const ProxyId first = bp.createProxy(box, 1).value();
    ASSERT_TRUE(bp.destroyProxy(first));
    const ProxyId second = bp.createProxy(box, 2).value(); // likely the same slot
    ASSERT_EQ(second.index(), first.index()) << "the test wants a reused slot";

    AssertCapture capture;
    EXPECT_FALSE(bp.isValid(first));
    EXPECT_TRUE(bp.isValid(second));
    EXPECT_FALSE(bp.isValid(ProxyId{})) << "the null handle";
    EXPECT_FALSE(bp.isValid(ProxyId{12345, 0})) << "an unknown slot";
    EXPECT_TRUE(capture.reports().empty()) << "isValid asks, it does not report";

    EXPECT_FALSE(bp.destroyProxy(first));
    EXPECT_FALSE(bp.moveProxy(first, Aabb{{9, 9, 9}, {10, 10, 10}}, glm::vec3(0)));
    EXPECT_EQ(bp.userData(first), 0u);
    EXPECT_TRUE(sameBox(bp.tightBox(first), Aabb{}));
    EXPECT_FALSE(bp.moveProxy(ProxyId{}, box, glm::vec3(0)));
    EXPECT_EQ(bp.userData(ProxyId{12345, 0}), 0u);

    const char* owner = TypeParam::kName;
    const std::vector<std::string> expected{
        staleMessage(owner, "destroyProxy", first),
        staleMessage(owner, "moveProxy", first),
        staleMessage(owner, "userData", first),
        staleMessage(owner, "tightBox", first),
        std::string(owner) + "::moveProxy: null ProxyId (never created, or already cleared)",
        staleMessage(owner, "userData", ProxyId{12345, 0}),
    };
    ASSERT_EQ(capture.reports().size(), expected.size()) << "one report per bad call";
    for (size_t k = 0; k < expected.size(); ++k) {
        EXPECT_EQ(capture.reports()[k].message, expected[k]);
        EXPECT_EQ(capture.reports()[k].expression, "isValid(id)");
    }

    EXPECT_EQ(bp.proxyCount(), 1);
    EXPECT_EQ(bp.userData(second), 2u) << "the new proxy is untouched";
    EXPECT_TRUE(sameBox(bp.tightBox(second), box));
    int hits = 0;
    bp.queryBox(Aabb{{0.5f, 0.5f, 0.5f}, {0.5f, 0.5f, 0.5f}}, [&](ProxyId id) {
        EXPECT_EQ(id, second);
        return ++hits > 0;
    });
    EXPECT_EQ(hits, 1);
    bp.queryBox(Aabb{{9.5f, 9.5f, 9.5f}, {9.5f, 9.5f, 9.5f}}, [&](ProxyId) { return ++hits > 0; });
    EXPECT_EQ(hits, 1) << "the stale move went nowhere";
    EXPECT_EQ(capture.reports().size(), expected.size()) << "live handles report nothing";
}

TYPED_TEST(BroadphaseHandles, TheDefaultHandlerAbortsNamingTheCallAndTheHandle) {
    auto bp = TypeParam::make();
    const ProxyId first = bp.createProxy(Aabb{{0, 0, 0}, {1, 1, 1}}, 1).value();
    ASSERT_TRUE(bp.destroyProxy(first));
    const std::string owner = TypeParam::kName;
    const std::string handle = "stale or unknown ProxyId \\{slot " + std::to_string(first.index()) +
                               ", generation " + std::to_string(first.generation) + "\\}";
    EXPECT_DEATH((void)bp.moveProxy(first, Aabb{}, glm::vec3(0)), owner + "::moveProxy: " + handle);
    EXPECT_DEATH((void)bp.destroyProxy(first), owner + "::destroyProxy: " + handle);
    EXPECT_DEATH((void)bp.userData(first), owner + "::userData: " + handle);
    EXPECT_DEATH((void)bp.tightBox(ProxyId{}), owner + "::tightBox: null ProxyId");
}

TYPED_TEST(BroadphaseHandles, AThrowingHandlerLeavesTheBroadphaseAsItWas) {
    auto bp = TypeParam::make();
    const Aabb box{{0, 0, 0}, {1, 1, 1}};
    const ProxyId first = bp.createProxy(box, 1).value();
    const ProxyId second = bp.createProxy(Aabb{{3, 3, 3}, {4, 4, 4}}, 2).value();
    ASSERT_TRUE(bp.destroyProxy(first));
    vox::test::ScopedAssertHandler scope(&vox::test::throwingHandler);
    EXPECT_THROW((void)bp.moveProxy(first, box, glm::vec3(0)), vox::test::AssertThrown);
    EXPECT_THROW((void)bp.destroyProxy(first), vox::test::AssertThrown);
    EXPECT_THROW((void)bp.userData(first), vox::test::AssertThrown);
    EXPECT_EQ(bp.proxyCount(), 1);
    EXPECT_EQ(bp.userData(second), 2u);
    EXPECT_NO_THROW((void)bp.moveProxy(second, box, glm::vec3(0)));
    EXPECT_TRUE(sameBox(bp.tightBox(second), box));
}

TYPED_TEST(BroadphaseHandles, UserDataKeepsAll64Bits) {
    auto bp = TypeParam::make();
    struct Body {
        int value;
    };
    Body bodies[2] = {{10}, {20}};
    const uint64_t high = uint64_t{0xDEADBEEF} << 32 | 0x12345678u; // the low half alone would be a lie
    const ProxyId a =
        bp.createProxy(Aabb{{0, 0, 0}, {1, 1, 1}}, reinterpret_cast<uintptr_t>(&bodies[0])).value();
    const ProxyId b =
        bp.createProxy(Aabb{{0.5f, 0, 0}, {1.5f, 1, 1}}, reinterpret_cast<uintptr_t>(&bodies[1])).value();
    const ProxyId c = bp.createProxy(Aabb{{5, 5, 5}, {6, 6, 6}}, high).value();
    const ProxyId d = bp.createProxy(Aabb{{7, 7, 7}, {8, 8, 8}}, ~uint64_t{0}).value();
    EXPECT_EQ(bp.userData(c), high);
    EXPECT_EQ(bp.userData(d), ~uint64_t{0});
    EXPECT_EQ(bp.userData(a), reinterpret_cast<uintptr_t>(&bodies[0]));
    int sum = 0, pairs = 0;
    bp.updatePairs([&](ProxyId x, ProxyId y) {
        ++pairs;
        sum += reinterpret_cast<Body*>(static_cast<uintptr_t>(bp.userData(x)))->value +
               reinterpret_cast<Body*>(static_cast<uintptr_t>(bp.userData(y)))->value;
    });
    EXPECT_EQ(pairs, 1);
    EXPECT_EQ(sum, 30) << "the pair's user data lead back to both bodies";
    (void)b;
}

// The callback form with user data reports the same pairs, each with its own proxies' user data, over a
// random scene moved for a few steps (seed printed).
TYPED_TEST(BroadphaseHandles, PairCallbackWithUserDataGetsEachPairsOwnUserData) {
    constexpr uint32_t kSeed = 0x25da7a;
    SCOPED_TRACE(testing::Message() << "seed " << kSeed);
    auto bp = TypeParam::make();
    std::mt19937 random(kSeed);
    std::uniform_real_distribution<float> place(0.0f, 20.0f);
    std::vector<ProxyId> ids;
    std::vector<Aabb> boxes;
    for (uint64_t i = 0; i < 200; ++i) {
        const glm::vec3 corner(place(random), place(random), place(random));
        boxes.push_back(Aabb{corner, corner + glm::vec3(1.5f)});
        ids.push_back(bp.createProxy(boxes.back(), (i << 40) | (i * 7 + 1)).value()); // distinct high bits
    }
    for (int step = 0; step < 4; ++step) {
        for (size_t i = 0; i < ids.size(); ++i) {
            const glm::vec3 shift(place(random) * 0.05f - 0.5f);
            boxes[i] = Aabb{boxes[i].min + shift, boxes[i].max + shift};
            ASSERT_TRUE(bp.moveProxy(ids[i], boxes[i], shift));
        }
        std::set<std::pair<uint64_t, uint64_t>> withData;
        bp.updatePairs([&](ProxyId a, ProxyId b, uint64_t dataA, uint64_t dataB) {
            EXPECT_EQ(dataA, bp.userData(a));
            EXPECT_EQ(dataB, bp.userData(b));
            withData.insert(std::minmax(dataA, dataB));
        });
        std::set<std::pair<uint64_t, uint64_t>> expected;
        for (size_t i = 0; i < ids.size(); ++i)
            for (size_t j = i + 1; j < ids.size(); ++j)
                if (vox::overlaps(boxes[i], boxes[j]))
                    expected.insert(std::minmax(bp.userData(ids[i]), bp.userData(ids[j])));
        EXPECT_EQ(withData, expected) << "step " << step;
        EXPECT_FALSE(expected.empty()) << "the scene should have overlaps to report";
    }
}

// Query and ray callbacks may take the user data after the handle, as pair callbacks may; a generic
// callback that could take either form gets the user data.
static_assert(vox::QueryCallbackWithUserData<bool (*)(ProxyId, uint64_t)>);
static_assert(vox::QueryCallback<bool (*)(ProxyId, uint64_t)> && vox::QueryCallback<bool (*)(ProxyId)>);
static_assert(!vox::QueryCallbackWithUserData<bool (*)(ProxyId)>);
static_assert(vox::RayCallbackWithUserData<float (*)(ProxyId, uint64_t, float)>);
static_assert(vox::RayCallback<float (*)(ProxyId, uint64_t, float)> &&
              vox::RayCallback<float (*)(ProxyId, float)>);
static_assert(!vox::RayCallbackWithUserData<float (*)(ProxyId, float)>);

TYPED_TEST(BroadphaseHandles, QueryAndRayCallbacksMayTakeTheUserData) {
    auto bp = TypeParam::make();
    const uint64_t high = uint64_t{0xABCD} << 48;
    std::vector<ProxyId> ids;
    for (uint64_t i = 0; i < 5; ++i) // a row of unit boxes along x, 2 apart
        ids.push_back(bp.createProxy(Aabb{{2.0f * static_cast<float>(i), 0, 0},
                                          {2.0f * static_cast<float>(i) + 1, 1, 1}},
                                     high | i)
                          .value());
    std::set<uint64_t> seen;
    bp.queryBox(Aabb{{0, 0, 0}, {4.5f, 1, 1}}, [&](ProxyId id, uint64_t userData) {
        EXPECT_EQ(userData, bp.userData(id));
        seen.insert(userData);
        return true;
    });
    EXPECT_EQ(seen, (std::set<uint64_t>{high | 0, high | 1, high | 2}));
    int generic = 0;
    bp.queryPoint(glm::vec3(2.5f, 0.5f, 0.5f), [&](ProxyId id, auto userData) {
        static_assert(std::is_same_v<decltype(userData), uint64_t>, "the form with user data wins");
        EXPECT_EQ(id, ids[1]);
        EXPECT_EQ(userData, high | 1);
        return ++generic > 0;
    });
    EXPECT_EQ(generic, 1);
    // The closest hit along the row, by the user data alone.
    uint64_t closest = 0;
    bp.queryRay(vox::Ray{{-1, 0.5f, 0.5f}, {20, 0, 0}, 1.0f},
                [&](ProxyId id, uint64_t userData, float fraction) {
                    EXPECT_EQ(userData, bp.userData(id));
                    closest = userData;
                    return fraction;
                });
    EXPECT_EQ(closest, high | 0);
}

TYPED_TEST(BroadphaseHandles, TightBoxIsTheLastBoxGiven) {
    auto bp = TypeParam::make();
    const Aabb start{{0, 0, 0}, {1, 2, 3}};
    const ProxyId dynamic = bp.createProxy(start, 0).value();
    const Aabb wall{{10, 0, 0}, {11, 5, 5}};
    const ProxyId fixed = bp.createProxy(wall, 1, vox::ProxyType::Static).value();
    EXPECT_TRUE(sameBox(bp.tightBox(dynamic), start)) << "after create";
    EXPECT_TRUE(sameBox(bp.tightBox(fixed), wall));

    // A small step (inside any fat box), then a long one (out of it: a new fat box), then a rejected one.
    Aabb box = start;
    for (const glm::vec3 step : {glm::vec3(0.01f, 0, 0), glm::vec3(0, 7.5f, -3), glm::vec3(0.25f, 0.5f, 0)}) {
        box = {box.min + step, box.max + step};
        ASSERT_TRUE(bp.moveProxy(dynamic, box, step));
        EXPECT_TRUE(sameBox(bp.tightBox(dynamic), box)) << "after a move by " << step.x << ", " << step.y;
    }
    const Aabb inverted{{1, 1, 1}, {0, 0, 0}};
    EXPECT_FALSE(bp.moveProxy(dynamic, inverted, glm::vec3(0)));
    EXPECT_TRUE(sameBox(bp.tightBox(dynamic), box)) << "a rejected move keeps the last box given";
    const Aabb wallMoved{{12, 0, 0}, {13, 5, 5}};
    ASSERT_TRUE(bp.moveProxy(fixed, wallMoved, glm::vec3(2, 0, 0)));
    EXPECT_TRUE(sameBox(bp.tightBox(fixed), wallMoved)) << "a static proxy moved";
    bp.updatePairs([](ProxyId, ProxyId) {});
    EXPECT_TRUE(sameBox(bp.tightBox(dynamic), box)) << "updatePairs keeps it";
}

TYPED_TEST(BroadphaseContract, StaticProxiesNeverPairWithEachOther) {
    auto bp = TypeParam::make();
    ASSERT_TRUE(bp.createProxy(Aabb{{0, 0, 0}, {2, 2, 2}}, 0, vox::ProxyType::Static).ok());
    ASSERT_TRUE(bp.createProxy(Aabb{{1, 1, 1}, {3, 3, 3}}, 1, vox::ProxyType::Static).ok());
    ASSERT_TRUE(bp.createProxy(Aabb{{1.5f, 1.5f, 1.5f}, {4, 4, 4}}, 2, vox::ProxyType::Dynamic).ok());
    const std::vector<uint64_t> expected{key(0, 2), key(1, 2)};
    EXPECT_EQ(pairsOf<TypeParam>(bp), expected);
    EXPECT_TRUE(pairsOf<TypeParam>(bp).empty()) << "nothing moved since: nothing to report";
}

} // namespace
