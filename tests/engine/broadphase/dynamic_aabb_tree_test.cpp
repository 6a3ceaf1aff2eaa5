// DynamicAabbTree beyond the shared contract (broadphase_test.cpp): fat boxes, pair bookkeeping across
// steps, bulk build, balance, statistics.

#include "vox/broadphase/brute_force_broadphase.h"
#include "vox/broadphase/dynamic_aabb_tree.h"
#include "vox/core/rng.h"

#include "engine/core/assert_capture.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <memory>
#include <span>
#include <type_traits>
#include <vector>

namespace {

using vox::Aabb;
using vox::DynamicAabbTree;
using vox::ProxyId;

void expectValid(const DynamicAabbTree& tree) {
    const vox::Status status = tree.validate();
    EXPECT_TRUE(status.ok()) << status.error().message;
}

/// Ends a step of `broadphase`: its pairs as sorted keys of the proxies' user data.
template <class Broadphase>
std::vector<uint64_t> stepPairs(Broadphase& broadphase) {
    std::vector<uint64_t> keys;
    broadphase.updatePairs([&](ProxyId a, ProxyId b) {
        const uint64_t x = broadphase.userData(a), y = broadphase.userData(b);
        keys.push_back(std::min(x, y) << 32 | std::max(x, y));
    });
    std::sort(keys.begin(), keys.end());
    return keys;
}

TEST(DynamicAabbTree, FatBoxIsTightBoxGrownByTheMargin) {
    DynamicAabbTree tree(vox::TreeSettings{0.25f, 2.0f});
    const Aabb box{{0, 0, 0}, {1, 1, 1}};
    const ProxyId id = tree.createProxy(box, 0).value();
    EXPECT_EQ(tree.fatBox(id).min, glm::vec3(-0.25f));
    EXPECT_EQ(tree.fatBox(id).max, glm::vec3(1.25f));
    const ProxyId wall = tree.createProxy(box, 1, vox::ProxyType::Static).value();
    EXPECT_EQ(tree.fatBox(wall).min, box.min) << "static proxies keep exact boxes";
    EXPECT_EQ(tree.fatBox(wall).max, box.max);
}

TEST(DynamicAabbTree, MoveInsideTheFatBoxChangesNothingInTheTree) {
    DynamicAabbTree tree(vox::TreeSettings{0.25f, 2.0f});
    const ProxyId id = tree.createProxy(Aabb{{0, 0, 0}, {1, 1, 1}}, 0).value();
    for (int i = 0; i < 20; ++i)
        ASSERT_TRUE(
            tree.createProxy(Aabb::fromCenter(glm::vec3(3.0f * static_cast<float>(i), 5, 0), glm::vec3(1)),
                             static_cast<uint32_t>(i + 1))
                .ok());
    tree.updatePairs([](ProxyId, ProxyId) {});
    const Aabb fat = tree.fatBox(id);
    const glm::vec3 step(0.01f, 0, 0);
    Aabb box{{0, 0, 0}, {1, 1, 1}};
    for (int i = 0; i < 5; ++i) {
        box = {box.min + step, box.max + step};
        ASSERT_TRUE(tree.moveProxy(id, box, step));
        EXPECT_EQ(tree.fatBox(id).min, fat.min);
        EXPECT_EQ(tree.fatBox(id).max, fat.max);
        tree.updatePairs([](ProxyId, ProxyId) {});
    }
    EXPECT_EQ(tree.stats().refattenedPerStep, 0.0) << "no proxy left its fat box";
    // Leaving the fat box re-fattens, stretched along the motion.
    const glm::vec3 jump(0.5f, 0, 0);
    box = {box.min + jump, box.max + jump};
    ASSERT_TRUE(tree.moveProxy(id, box, jump));
    // Stretched along the motion by 0.5 .. 1.5 times the prediction factor (spread per proxy), not behind.
    EXPECT_GE(tree.fatBox(id).max.x, box.max.x + 0.25f + 0.5f * 2.0f * 0.5f - 1e-5f);
    EXPECT_LE(tree.fatBox(id).max.x, box.max.x + 0.25f + 1.5f * 2.0f * 0.5f + 1e-5f);
    EXPECT_FLOAT_EQ(tree.fatBox(id).min.x, box.min.x - 0.25f);
    expectValid(tree);
}

TEST(DynamicAabbTree, SteadyMotionEarnsALongerSlimmerFatBox) {
    vox::TreeSettings settings;
    settings.margin = 0.2f;
    settings.predictionFactor = 4.0f;
    settings.steadyDoublings = 2;
    settings.steadyMarginScale = 0.25f;
    // Records the stretch ahead (beyond the margin) and the side margin of each new fat box of a proxy that
    // moves by `step(i)` at step i.
    const auto fatBoxesOf = [&](auto step) {
        DynamicAabbTree tree(settings);
        Aabb box{{0, 0, 0}, {1, 1, 1}};
        const ProxyId id = tree.createProxy(box, 0).value();
        tree.updatePairs([](ProxyId, ProxyId) {});
        std::vector<std::pair<float, float>> stretchAndMargin;
        Aabb fat = tree.fatBox(id);
        for (int i = 0; i < 400 && stretchAndMargin.size() < 6; ++i) {
            const glm::vec3 d = step(i);
            box = {box.min + d, box.max + d};
            EXPECT_TRUE(tree.moveProxy(id, box, d));
            tree.updatePairs([](ProxyId, ProxyId) {});
            const Aabb now = tree.fatBox(id);
            if (now.min != fat.min || now.max != fat.max) {
                const float margin = box.min.y - now.min.y;
                stretchAndMargin.emplace_back((now.max.x - box.max.x - margin) / d.x, margin);
                fat = now;
            }
            EXPECT_TRUE(vox::contains(now, box)) << "step " << i;
        }
        expectValid(tree);
        return stretchAndMargin;
    };

    // Constant velocity: the plain factor (4 spread by 0.5 .. 1.5 per slot) and margin, then twice that
    // factor with the slim margin, four times, and four times again (the limit of two doublings).
    const auto steady = fatBoxesOf([](int) { return glm::vec3(0.1f, 0, 0); });
    ASSERT_EQ(steady.size(), 6u);
    // steady[0] is the re-fattening of the creation box, which was not stretched: its factor is plain.
    const float base = steady[0].first;
    EXPECT_GE(base, 2.0f - 1e-3f);
    EXPECT_LE(base, 6.0f + 1e-3f);
    EXPECT_NEAR(steady[0].second, 0.2f, 1e-4f);
    EXPECT_NEAR(steady[1].first, 2.0f * base, 1e-2f);
    EXPECT_NEAR(steady[2].first, 4.0f * base, 1e-2f);
    EXPECT_NEAR(steady[3].first, 4.0f * base, 1e-2f) << "capped at steadyDoublings";
    for (size_t k = 1; k < steady.size(); ++k)
        EXPECT_NEAR(steady[k].second, 0.05f, 1e-4f) << "fat box " << k;

    // A speed that changes every step: no fat box matches a later displacement, so the plain fattening is
    // kept.
    const auto erratic =
        fatBoxesOf([](int i) { return glm::vec3(0.05f + 0.002f * static_cast<float>(i), 0, 0); });
    ASSERT_GE(erratic.size(), 3u);
    for (const auto& [factor, margin] : erratic) {
        EXPECT_LE(factor, 6.0f + 1e-3f);
        EXPECT_NEAR(margin, 0.2f, 1e-4f);
    }
}

TEST(DynamicAabbTree, QuietStepsRefattenSteadyProxiesThatWouldLeaveNext) {
    // Work levelling: 20 proxies are created (a busy step), so the running mean of fat-box changes is at
    // least one; in the quiet steps that follow, a steady mover that is still inside its fat box but would
    // leave it at its next step is re-fattened early, before it leaves.
    DynamicAabbTree tree(vox::TreeSettings{0.25f, 4.0f});
    for (int i = 0; i < 20; ++i)
        ASSERT_TRUE(
            tree.createProxy(Aabb::fromCenter(glm::vec3(3.0f * static_cast<float>(i), 5, 0), glm::vec3(1)),
                             static_cast<uint32_t>(i))
                .ok());
    Aabb box{{0, 0, 0}, {1, 1, 1}};
    const ProxyId id = tree.createProxy(box, 20).value();
    tree.updatePairs([](ProxyId, ProxyId) {});
    const glm::vec3 step(0.05f, 0, 0);
    int early = 0, late = 0;
    for (int i = 0; i < 200; ++i) {
        const Aabb fat = tree.fatBox(id);
        box = {box.min + step, box.max + step};
        ASSERT_TRUE(tree.moveProxy(id, box, step));
        const bool left = tree.fatBox(id).min != fat.min || tree.fatBox(id).max != fat.max;
        tree.updatePairs([](ProxyId, ProxyId) {});
        const bool changed = tree.fatBox(id).min != fat.min || tree.fatBox(id).max != fat.max;
        if (left) {
            ++late;
        } else if (changed) {
            ++early;
            EXPECT_TRUE(vox::contains(fat, box)) << "step " << i;
            EXPECT_FALSE(vox::contains(fat, Aabb{box.min + step, box.max + step}))
                << "step " << i << ": re-fattened early although it would not have left next step";
        }
        ASSERT_TRUE(vox::contains(tree.fatBox(id), box));
    }
    EXPECT_GE(late, 1) << "the creation box (not stretched) is left: steadiness is learnt from the next";
    EXPECT_GE(early, 1) << "no early re-fattening in a quiet step";
    expectValid(tree);
}

TEST(DynamicAabbTree, SteadyAndErraticMoversMatchBruteForceEveryStep) {
    // A W1-like scene run step by step against brute force: a formation marching in lockstep that reverses
    // and drops at the walls, shots at constant speed, random walkers, and static voxels. Every dynamic
    // proxy moves every step, so the tree's pairs must equal the exact overlapping pairs.
    const uint64_t seed = 4711;
    SCOPED_TRACE(testing::Message() << "seed " << seed);
    vox::Rng rng(seed);
    DynamicAabbTree tree;
    vox::BruteForceBroadphase reference;
    struct Body {
        Aabb box;
        glm::vec3 velocity;
        ProxyId subject, ref;
        bool isStatic = false;
    };
    std::vector<Body> bodies;
    const auto add = [&](const Aabb& box, const glm::vec3& velocity, bool isStatic) {
        const auto type = isStatic ? vox::ProxyType::Static : vox::ProxyType::Dynamic;
        const auto index = static_cast<uint32_t>(bodies.size());
        bodies.push_back({box, velocity, tree.createProxy(box, index, type).value(),
                          reference.createProxy(box, index, type).value(), isStatic});
    };
    for (int row = 0; row < 4; ++row) // the formation: gaps of 0.4, like W1
        for (int column = 0; column < 8; ++column)
            add(Aabb::fromCenter(
                    glm::vec3(1.6f * static_cast<float>(column), 10.0f + 1.2f * static_cast<float>(row), 0),
                    glm::vec3(0.6f, 0.4f, 0.4f)),
                glm::vec3(2, 0, 0), false);
    for (int i = 0; i < 8; ++i) // shots
        add(Aabb::fromCenter(glm::vec3(rng.uniform(0, 14), rng.uniform(0, 14), 0),
                             glm::vec3(0.05f, 0.2f, 0.1f)),
            glm::vec3(0, i % 2 ? 20.0f : -8.0f, 0), false);
    for (int i = 0; i < 8; ++i) // random walkers
        add(Aabb::fromCenter(glm::vec3(rng.uniform(0, 14), rng.uniform(0, 14), 0), glm::vec3(0.5f)),
            glm::vec3(0), false);
    for (int i = 0; i < 60; ++i) // static voxels across the formation's path
        add(Aabb::fromCenter(glm::vec3(0.2f * static_cast<float>(i), 6.0f, 0), glm::vec3(0.1f)), glm::vec3(0),
            true);

    const float dt = 1.0f / 60.0f;
    float direction = 1.0f, formationX = 0.0f;
    for (int stepIndex = 0; stepIndex < 1500; ++stepIndex) {
        formationX += direction * 2.0f * dt;
        glm::vec3 formationStep(direction * 2.0f * dt, 0, 0);
        if (formationX < 0.0f || formationX > 3.0f) {
            direction = -direction;
            formationStep.y = -0.4f;
        }
        for (uint32_t i = 0; i < bodies.size(); ++i) {
            Body& body = bodies[i];
            if (body.isStatic)
                continue;
            glm::vec3 d;
            if (i < 32) {
                d = formationStep;
                body.velocity = glm::vec3(direction * 2.0f, 0, 0);
            } else if (i < 40) {
                d = body.velocity * dt;
                if (body.box.min.y > 14.0f || body.box.max.y < 0.0f) // wrap around
                    d.y -= body.velocity.y > 0 ? 14.0f : -14.0f;
            } else {
                body.velocity = glm::vec3(rng.uniform(-3, 3), rng.uniform(-3, 3), rng.uniform(-3, 3));
                d = body.velocity * dt;
            }
            body.box = {body.box.min + d, body.box.max + d};
            ASSERT_TRUE(tree.moveProxy(body.subject, body.box, body.velocity * dt));
            ASSERT_TRUE(reference.moveProxy(body.ref, body.box, d));
        }
        ASSERT_EQ(stepPairs(tree), stepPairs(reference)) << "step " << stepIndex;
        if (stepIndex % 100 == 0)
            expectValid(tree);
    }
    expectValid(tree);
    EXPECT_LT(tree.stats().refattenedPerStep, 20.0) << "steady movers should rarely leave their fat boxes";
    EXPECT_GT(tree.stats().sweptSteps, 0) << "the formation's drops are bursts: found by the sweep";
}

/// Every query of `tree` (box, point, ray) gives the proxies a brute-force search over its fat boxes gives.
void expectQueriesMatchFatBoxes(const DynamicAabbTree& tree, const std::vector<ProxyId>& ids, vox::Rng& rng) {
    for (int q = 0; q < 40; ++q) {
        const glm::vec3 center(rng.uniform(-25, 55), rng.uniform(-25, 55), rng.uniform(-5, 35));
        const Aabb query = Aabb::fromCenter(center, glm::vec3(rng.uniform(0.5f, 8.0f)));
        const vox::Ray ray{center, glm::vec3(rng.uniform(-30, 30), rng.uniform(-30, 30), rng.uniform(-5, 5))};
        std::vector<ProxyId> expectedBox, expectedPoint, expectedRay, gotBox, gotPoint, gotRay;
        for (const ProxyId id : ids) {
            const Aabb fat = tree.fatBox(id);
            float fraction = 0.0f;
            if (vox::overlaps(fat, query))
                expectedBox.push_back(id);
            if (vox::contains(fat, center))
                expectedPoint.push_back(id);
            if (vox::raycast(fat, ray, fraction))
                expectedRay.push_back(id);
        }
        tree.queryBox(query, [&](ProxyId id) { return gotBox.push_back(id), true; });
        tree.queryPoint(center, [&](ProxyId id) { return gotPoint.push_back(id), true; });
        tree.queryRay(ray, [&](ProxyId id, float) { return gotRay.push_back(id), 1.0f; }); // no clipping
        for (auto* list : {&expectedBox, &expectedPoint, &expectedRay, &gotBox, &gotPoint, &gotRay})
            std::sort(list->begin(), list->end(), [](ProxyId x, ProxyId y) { return x.index1 < y.index1; });
        ASSERT_EQ(gotBox, expectedBox) << "box query " << q;
        ASSERT_EQ(gotPoint, expectedPoint) << "point query " << q;
        ASSERT_EQ(gotRay, expectedRay) << "ray query " << q;
    }
}

TEST(DynamicAabbTree, ABurstOfRefatteningsIsDoneInPlaceAndTidiedUpInLaterSteps) {
    // A quiet scene settles into the few-changes regime; then every proxy teleports in one step. Their fat
    // boxes change in place and the leaves are pending: no node changes in that step, yet queries (during
    // the step too) and pairs are exact. The following quiet steps settle them a few at a time, and relocate
    // those now far from their siblings.
    DynamicAabbTree tree;
    vox::BruteForceBroadphase reference;
    const uint64_t seed = 99;
    SCOPED_TRACE(testing::Message() << "seed " << seed);
    vox::Rng rng(seed);
    std::vector<Aabb> boxes;
    std::vector<ProxyId> ids, refs;
    for (uint32_t i = 0; i < 64; ++i) {
        const glm::vec3 center(rng.uniform(0, 30), rng.uniform(0, 30), rng.uniform(0, 30));
        boxes.push_back(Aabb::fromCenter(center, glm::vec3(0.5f)));
        ids.push_back(tree.createProxy(boxes.back(), i).value());
        refs.push_back(reference.createProxy(boxes.back(), i).value());
    }
    const auto step = [&](bool teleport) {
        for (uint32_t i = 0; i < ids.size(); ++i) {
            const glm::vec3 d =
                teleport ? glm::vec3(rng.uniform(-20, 20), rng.uniform(-20, 20), 0) : glm::vec3(0.001f, 0, 0);
            boxes[i] = {boxes[i].min + d, boxes[i].max + d};
            ASSERT_TRUE(tree.moveProxy(ids[i], boxes[i], d));
            ASSERT_TRUE(reference.moveProxy(refs[i], boxes[i], d));
            if (teleport && i == ids.size() / 2) {
                expectQueriesMatchFatBoxes(tree, ids, rng); // half of them pending, the step not over
                expectValid(tree);
            }
        }
        ASSERT_EQ(stepPairs(tree), stepPairs(reference));
    };
    for (int i = 0; i < 60; ++i)
        step(false);
    EXPECT_EQ(tree.stats().pendingLeaves, 0);
    const int64_t sweptBefore = tree.stats().sweptSteps; // the first step's 64 creations were one
    step(true);
    expectValid(tree);
    EXPECT_EQ(tree.stats().sweptSteps, sweptBefore + 1) << "64 re-fattenings in one step: one sweep";
    EXPECT_EQ(tree.stats().pendingLeaves, 64) << "nothing settled in the burst step";
    expectQueriesMatchFatBoxes(tree, ids, rng);
    step(false);
    const vox::TreeStats afterOne = tree.stats();
    EXPECT_GT(afterOne.pendingLeaves, 0) << "settled a few per step";
    EXPECT_LT(afterOne.pendingLeaves, 64);
    expectQueriesMatchFatBoxes(tree, ids, rng);
    bool relocationsSeen = afterOne.relocationsWaiting > 0;
    for (int i = 0; i < 200 && (tree.stats().pendingLeaves > 0 || tree.stats().relocationsWaiting > 0); ++i) {
        step(false);
        relocationsSeen = relocationsSeen || tree.stats().relocationsWaiting > 0;
        expectValid(tree);
    }
    EXPECT_TRUE(relocationsSeen) << "teleported leaves sit far from their siblings";
    EXPECT_EQ(tree.stats().pendingLeaves, 0) << "quiet steps settle them";
    EXPECT_EQ(tree.stats().relocationsWaiting, 0) << "and relocate them";
    expectValid(tree);
    expectQueriesMatchFatBoxes(tree, ids, rng);
}

TEST(DynamicAabbTree, BurstsAmongFewOrManyUnchangedNeighboursFindExactPairs) {
    // 40 movers jump together among dynamic proxies that stay put. Few neighbours within the movers' bounds
    // are tested against every mover four at a time; many are swept; too many (a huge scene around the
    // burst) make per-mover queries cheaper. Every way, the pairs equal brute force's.
    struct Case {
        const char* name;
        int neighbours; // unchanged, spread over the movers' region
        int farAway;    // unchanged, outside it
        bool expectSweep;
    };
    for (const Case& c : {Case{"few neighbours", 20, 0, true}, Case{"many neighbours", 150, 0, true},
                          Case{"many far away", 150, 2000, true}, Case{"too many", 400, 0, false}}) {
        SCOPED_TRACE(c.name);
        const uint64_t seed = 4711;
        SCOPED_TRACE(testing::Message() << "seed " << seed);
        vox::Rng rng(seed);
        DynamicAabbTree tree;
        vox::BruteForceBroadphase reference;
        struct Mover {
            ProxyId inTree, inReference;
            Aabb box;
        };
        // Adds the box to both broadphases, with the same user data.
        const auto add = [&](const Aabb& box) {
            const auto user = static_cast<uint32_t>(reference.proxyCount());
            return Mover{tree.createProxy(box, user).value(), reference.createProxy(box, user).value(), box};
        };
        for (int i = 0; i < c.neighbours; ++i)
            (void)add(
                Aabb::fromCenter(glm::vec3(rng.uniform(0, 20), rng.uniform(0, 20), 0), glm::vec3(0.4f)));
        for (int i = 0; i < c.farAway; ++i)
            (void)add(Aabb::fromCenter(glm::vec3(rng.uniform(100, 400), rng.uniform(100, 400), 0),
                                       glm::vec3(0.4f)));
        std::vector<Mover> movers;
        for (int i = 0; i < 40; ++i)
            movers.push_back(
                add(Aabb::fromCenter(glm::vec3(rng.uniform(0, 20), rng.uniform(0, 20), 0), glm::vec3(0.3f))));
        const auto step = [&](float jump) {
            for (Mover& mover : movers) {
                const glm::vec3 d = jump > 0
                                        ? glm::vec3(rng.uniform(-jump, jump), rng.uniform(-jump, jump), 0)
                                        : glm::vec3(0.001f, 0, 0);
                mover.box = {mover.box.min + d, mover.box.max + d};
                ASSERT_TRUE(tree.moveProxy(mover.inTree, mover.box, d));
                ASSERT_TRUE(reference.moveProxy(mover.inReference, mover.box, d));
            }
            ASSERT_EQ(stepPairs(tree), stepPairs(reference));
        };
        for (int i = 0; i < 100; ++i)
            step(0.0f); // quiet: the tree settles into its few-changes regime
        const int64_t sweptBefore = tree.stats().sweptSteps;
        step(6.0f); // every mover leaves its fat box
        EXPECT_EQ(tree.stats().sweptSteps - sweptBefore, c.expectSweep ? 1 : 0);
        expectValid(tree);
        for (int i = 0; i < 10; ++i)
            step(i % 3 == 0 ? 6.0f : 0.0f);
        expectValid(tree);
    }
}

TEST(DynamicAabbTree, AProxyThatDidNotMoveIsTestedWithItsTightBox) {
    // b stays put inside a's fat box but clear of a's tight box: no pair, though the fat boxes overlap.
    DynamicAabbTree tree(vox::TreeSettings{0.5f, 0.0f});
    const ProxyId a = tree.createProxy(Aabb{{0, 0, 0}, {1, 1, 1}}, 0).value();
    (void)tree.createProxy(Aabb{{1.2f, 0, 0}, {2.2f, 1, 1}}, 1).value();
    tree.updatePairs([](ProxyId, ProxyId) {});
    ASSERT_TRUE(tree.moveProxy(a, Aabb{{0.1f, 0, 0}, {1.1f, 1, 1}}, glm::vec3(0.1f, 0, 0)));
    int reported = 0;
    tree.updatePairs([&](ProxyId, ProxyId) { ++reported; });
    EXPECT_EQ(reported, 0);
    ASSERT_TRUE(tree.moveProxy(a, Aabb{{0.25f, 0, 0}, {1.25f, 1, 1}}, glm::vec3(0.15f, 0, 0)));
    tree.updatePairs([&](ProxyId, ProxyId) { ++reported; });
    EXPECT_EQ(reported, 1) << "now a's tight box reaches b's";
}

TEST(DynamicAabbTree, OversizedFatBoxShrinksWhenTheObjectSlowsDown) {
    // A thin rod, so that a stretch of a few lengths is most of its fat box's area.
    DynamicAabbTree tree(vox::TreeSettings{0.1f, 4.0f});
    const ProxyId id = tree.createProxy(Aabb{{0, 0, 0}, {1, 0.1f, 0.1f}}, 0).value();
    ASSERT_TRUE(tree.moveProxy(id, Aabb{{5, 0, 0}, {6, 0.1f, 0.1f}}, glm::vec3(5, 0, 0))); // teleport-like
    // Stretched ahead, but a plain fat box reaches at most 8 lengths (with margins) of the box.
    EXPECT_GT(tree.fatBox(id).max.x, 10.0f) << "stretched along the big displacement";
    EXPECT_LE(tree.fatBox(id).max.x, 6.1f + 8.0f * 1.2f + 1e-4f) << "a plain fat box's reach";
    tree.updatePairs([](ProxyId, ProxyId) {});
    // Now at rest: the needlessly huge fat box is replaced by a tight one within a few steps (the size is
    // checked every 16th step of each proxy, so that the common move stays a few compares).
    int steps = 0;
    for (; steps < 16 && tree.fatBox(id).max.x > 7.0f; ++steps) {
        ASSERT_TRUE(tree.moveProxy(id, Aabb{{5, 0, 0}, {6, 0.1f, 0.1f}}, glm::vec3(0)));
        tree.updatePairs([](ProxyId, ProxyId) {});
    }
    EXPECT_FLOAT_EQ(tree.fatBox(id).max.x, 6.1f) << "still oversized after " << steps << " steps";
    EXPECT_GT(steps, 0);
    expectValid(tree);
}

TEST(DynamicAabbTree, IaabbOverloadsUseTheObjectsBoxAndVelocity) {
    struct Shot final : vox::IAABB {
        Aabb box{{0, 0, 0}, {0.1f, 0.4f, 0.2f}};
        glm::vec3 speed{0, 60, 0};
        Aabb aabb() const override { return box; }
        glm::vec3 velocity() const override { return speed; }
    } shot;
    DynamicAabbTree tree(vox::TreeSettings{0.05f, 1.0f, 1.0f / 60.0f});
    const ProxyId id = tree.createProxy(shot, 42).value();
    EXPECT_EQ(tree.userData(id), 42u);
    EXPECT_FLOAT_EQ(tree.fatBox(id).max.y, 0.4f + 0.05f + 1.0f) << "stretched by one step of velocity";
    EXPECT_FLOAT_EQ(tree.fatBox(id).min.y, -0.05f);
    shot.box = {shot.box.min + glm::vec3(0, 3, 0), shot.box.max + glm::vec3(0, 3, 0)};
    ASSERT_TRUE(tree.moveProxy(id, shot));
    EXPECT_TRUE(vox::contains(tree.fatBox(id), shot.box));
    EXPECT_EQ(tree.tightBox(id).min, shot.box.min) << "the IAABB overload records the object's box";
    EXPECT_EQ(tree.tightBox(id).max, shot.box.max);
    expectValid(tree);
}

TEST(DynamicAabbTree, PairsPersistAcrossStepsAndAreReportedOnlyWhenAMemberMoved) {
    DynamicAabbTree tree;
    const ProxyId a = tree.createProxy(Aabb{{0, 0, 0}, {1, 1, 1}}, 0).value();
    const ProxyId b = tree.createProxy(Aabb{{0.5f, 0, 0}, {1.5f, 1, 1}}, 1).value();
    const ProxyId c = tree.createProxy(Aabb{{5, 5, 5}, {6, 6, 6}}, 2).value();
    const auto collect = [&] {
        std::vector<std::pair<uint32_t, uint32_t>> pairs;
        tree.updatePairs([&](ProxyId x, ProxyId y) {
            pairs.emplace_back(std::min(tree.userData(x), tree.userData(y)),
                               std::max(tree.userData(x), tree.userData(y)));
        });
        std::sort(pairs.begin(), pairs.end());
        return pairs;
    };
    using Pairs = std::vector<std::pair<uint32_t, uint32_t>>;
    EXPECT_EQ(collect(), (Pairs{{0, 1}}));
    EXPECT_EQ(collect(), Pairs{}) << "nothing moved";
    ASSERT_TRUE(tree.moveProxy(c, Aabb{{5, 5, 5}, {6, 6, 6}}, glm::vec3(0)));
    EXPECT_EQ(collect(), Pairs{}) << "c moved but touches nobody";
    ASSERT_TRUE(tree.moveProxy(a, Aabb{{0.01f, 0, 0}, {1.01f, 1, 1}}, glm::vec3(0.01f, 0, 0)));
    EXPECT_EQ(collect(), (Pairs{{0, 1}})) << "a moved inside its fat box: the kept pair is reported";
    ASSERT_TRUE(tree.moveProxy(a, Aabb{{4.5f, 4.5f, 4.5f}, {5.5f, 5.5f, 5.5f}}, glm::vec3(0)));
    EXPECT_EQ(collect(), (Pairs{{0, 2}})) << "a jumped from b to c";
    ASSERT_TRUE(tree.destroyProxy(c));
    ASSERT_TRUE(tree.moveProxy(b, Aabb{{0.5f, 0, 0}, {1.5f, 1, 1}}, glm::vec3(0)));
    EXPECT_EQ(collect(), Pairs{}) << "the destroyed proxy's pair is gone";
    EXPECT_EQ(tree.stats().pairs, 0);
    expectValid(tree);
    (void)b;
}

TEST(DynamicAabbTree, ReportsTightPairsForMovedProxies) {
    // Fat boxes overlap, tight boxes do not: tracked, but not reported.
    DynamicAabbTree tree(vox::TreeSettings{0.5f, 0.0f});
    const ProxyId a = tree.createProxy(Aabb{{0, 0, 0}, {1, 1, 1}}, 0).value();
    const ProxyId b = tree.createProxy(Aabb{{1.5f, 0, 0}, {2.5f, 1, 1}}, 1).value();
    int reported = 0;
    tree.updatePairs([&](ProxyId, ProxyId) { ++reported; });
    EXPECT_EQ(reported, 0);
    EXPECT_EQ(tree.stats().pairs, 1) << "the fat pair is tracked";
    ASSERT_TRUE(tree.moveProxy(a, Aabb{{0.6f, 0, 0}, {1.6f, 1, 1}}, glm::vec3(0)));
    ASSERT_TRUE(tree.moveProxy(b, Aabb{{1.5f, 0, 0}, {2.5f, 1, 1}}, glm::vec3(0)));
    tree.updatePairs([&](ProxyId, ProxyId) { ++reported; });
    EXPECT_EQ(reported, 1) << "now the tight boxes overlap";
}

TEST(DynamicAabbTree, SortedInsertionStaysBalanced) {
    for (const bool line : {true, false}) {
        SCOPED_TRACE(line ? "along a line" : "raster order on a plane");
        DynamicAabbTree tree;
        const int n = 10000;
        for (int i = 0; i < n; ++i) {
            const glm::vec3 center =
                line ? glm::vec3(static_cast<float>(i) * 1.5f, 0, 0)
                     : glm::vec3(static_cast<float>(i % 100) * 1.5f, static_cast<float>(i / 100) * 1.5f, 0);
            ASSERT_TRUE(
                tree.createProxy(Aabb::fromCenter(center, glm::vec3(0.5f)), static_cast<uint32_t>(i)).ok());
        }
        const vox::TreeStats stats = tree.stats();
        EXPECT_LE(stats.height, 2.0 * std::log2(n) + 2.0);
        expectValid(tree);
    }
}

TEST(DynamicAabbTree, BulkBuildAndRebuildGiveAValidTreeWithTheSameAnswers) {
    vox::Rng rng(31);
    SCOPED_TRACE("seed 31");
    std::vector<DynamicAabbTree::BulkProxy> proxies;
    for (uint32_t i = 0; i < 5000; ++i) {
        const glm::vec3 c(rng.uniform(0, 50), rng.uniform(0, 50), rng.uniform(0, 50));
        proxies.push_back({Aabb::fromCenter(c, glm::vec3(rng.uniform(0.25f, 1), rng.uniform(0.25f, 1),
                                                         rng.uniform(0.25f, 1))),
                           i, i % 3 == 0 ? vox::ProxyType::Static : vox::ProxyType::Dynamic});
    }
    DynamicAabbTree bulk, incremental;
    std::vector<ProxyId> ids(proxies.size());
    ASSERT_TRUE(bulk.createProxies(proxies, ids).ok());
    for (const auto& p : proxies)
        ASSERT_TRUE(incremental.createProxy(p.box, p.userData, p.type).ok());
    expectValid(bulk);
    EXPECT_EQ(bulk.proxyCount(), 5000);
    EXPECT_EQ(bulk.userData(ids[123]), 123u);
    EXPECT_LE(bulk.stats().height, 2.0 * std::log2(5000.0) + 2.0);

    const std::vector<uint64_t> bulkPairs = stepPairs(bulk);
    EXPECT_EQ(bulkPairs, stepPairs(incremental));
    EXPECT_FALSE(bulkPairs.empty());

    bulk.rebuild();
    expectValid(bulk);
    for (int q = 0; q < 50; ++q) {
        const Aabb query = Aabb::fromCenter(
            glm::vec3(rng.uniform(0, 50), rng.uniform(0, 50), rng.uniform(0, 50)), glm::vec3(3));
        std::vector<uint32_t> a, b;
        bulk.queryBox(query, [&](ProxyId id) {
            a.push_back(bulk.userData(id));
            return true;
        });
        incremental.queryBox(query, [&](ProxyId id) {
            b.push_back(incremental.userData(id));
            return true;
        });
        std::sort(a.begin(), a.end());
        std::sort(b.begin(), b.end());
        ASSERT_EQ(a, b) << "query " << q;
    }

    // All or nothing: one bad box and nothing is added.
    proxies[17].box.max.x = NAN;
    std::vector<ProxyId> more(proxies.size());
    const vox::Status bad = bulk.createProxies(proxies, more);
    ASSERT_FALSE(bad.ok());
    EXPECT_NE(bad.error().message.find("proxy 17"), std::string::npos) << bad.error().message;
    EXPECT_EQ(bulk.proxyCount(), 5000);
}

TEST(DynamicAabbTree, StatsCountNodesAndStayUnderSeventyFourBytesPerProxy) {
    DynamicAabbTree tree;
    vox::Rng rng(5);
    for (uint32_t i = 0; i < 1000; ++i)
        ASSERT_TRUE(tree.createProxy(Aabb::fromCenter(glm::vec3(rng.uniform(0, 30), rng.uniform(0, 30),
                                                                rng.uniform(0, 30)),
                                                      glm::vec3(0.5f)),
                                     i, i % 2 ? vox::ProxyType::Static : vox::ProxyType::Dynamic)
                        .ok());
    const vox::TreeStats stats = tree.stats();
    EXPECT_EQ(stats.proxies, 1000);
    EXPECT_EQ(stats.internalNodes, 998) << "n - 1 internal nodes in each of the two trees";
    // A 36-byte node (32 bytes and its parent) and a 38-byte slot (fat box, 16-bit proxy word, the leaf's
    // parent, 64-bit user data) per proxy, n - 1 nodes: 74 since the tree holds 2^23 - 1 proxies (68 when
    // 18-bit indices let the parents share the links' word and the proxy word).
    EXPECT_LE(stats.bytesPerProxy, 74.0);
    EXPECT_GT(stats.bytesPerProxy, 73.0);
    EXPECT_GE(stats.areaRatio, 1.0);
}

TEST(DynamicAabbTree, StaleFatBoxIsReportedAndEmpty) {
    DynamicAabbTree tree;
    const ProxyId id = tree.createProxy(Aabb{{0, 0, 0}, {1, 1, 1}}, 7).value();
    ASSERT_TRUE(tree.destroyProxy(id));
    vox::test::AssertCapture capture;
    const Aabb fat = tree.fatBox(id);
    EXPECT_EQ(fat.min, glm::vec3(0.0f));
    EXPECT_EQ(fat.max, glm::vec3(0.0f));
    ASSERT_EQ(capture.reports().size(), 1u);
    EXPECT_EQ(capture.reports()[0].message.rfind("DynamicAabbTree::fatBox: stale or unknown ProxyId", 0), 0u)
        << capture.reports()[0].message;
    expectValid(tree);
}

TEST(DynamicAabbTree, TightBoxFollowsEveryMoveThroughReFattenings) {
    // Many steps of steady and erratic motion, so that proxies move inside their fat boxes, leave them (in
    // place while few change, reinserted in bursts) and get relocated: the tight box is always the last one.
    DynamicAabbTree tree;
    vox::Rng rng(2025);
    SCOPED_TRACE("seed 2025");
    std::vector<ProxyId> ids;
    std::vector<Aabb> boxes;
    for (uint32_t i = 0; i < 200; ++i) {
        boxes.push_back(Aabb::fromCenter(glm::vec3(rng.uniform(0, 40), rng.uniform(0, 40), rng.uniform(0, 4)),
                                         glm::vec3(0.5f)));
        ids.push_back(tree.createProxy(boxes.back(), i).value());
    }
    for (int step = 0; step < 120; ++step) {
        for (size_t i = 0; i < ids.size(); ++i) {
            if ((i + static_cast<size_t>(step)) % 3 == 0)
                continue; // some stay put
            const glm::vec3 move = i % 2 == 0
                                       ? glm::vec3(0.05f, 0, 0)
                                       : glm::vec3(rng.uniform(-0.3f, 0.3f), rng.uniform(-0.3f, 0.3f), 0);
            boxes[i] = {boxes[i].min + move, boxes[i].max + move};
            ASSERT_TRUE(tree.moveProxy(ids[i], boxes[i], move));
        }
        tree.updatePairs([](ProxyId, ProxyId) {});
        for (size_t i = 0; i < ids.size(); ++i) {
            ASSERT_EQ(tree.tightBox(ids[i]).min, boxes[i].min) << "proxy " << i << " at step " << step;
            ASSERT_EQ(tree.tightBox(ids[i]).max, boxes[i].max) << "proxy " << i << " at step " << step;
        }
    }
    expectValid(tree);
}

// --- Capacity: more proxies than 18-bit indices could name
// ---------------------------------------------------

/// 300,000 proxies: more than 2^18 - 1 = 262,143 (the limit before 23-bit indices), on a lattice of unit
/// spacing in a shuffled order; boxes of 0.4 whose fat boxes (0.8) do not overlap their neighbours'.
constexpr uint32_t kManyX = 100, kManyY = 100, kManyZ = 30;
constexpr uint32_t kMany = kManyX * kManyY * kManyZ;
static_assert(kMany > (1u << 18) - 1);

std::vector<Aabb> manyBoxes() {
    std::vector<uint32_t> cells(kMany);
    for (uint32_t i = 0; i < kMany; ++i)
        cells[i] = i;
    vox::Rng rng(33);
    for (uint32_t i = kMany - 1; i > 0; --i)
        std::swap(cells[i], cells[rng.below(i + 1)]);
    std::vector<Aabb> boxes(kMany);
    for (uint32_t i = 0; i < kMany; ++i) {
        const uint32_t cell = cells[i];
        const glm::vec3 centre(static_cast<float>(cell % kManyX), static_cast<float>(cell / kManyX % kManyY),
                               static_cast<float>(cell / (kManyX * kManyY)));
        boxes[i] = Aabb::fromCenter(centre, glm::vec3(0.2f));
    }
    return boxes;
}

/// Queries of `tree` (holding `ids`) against a brute-force scan of the fat boxes, for a sample of boxes.
void expectQueriesMatchBruteForce(const DynamicAabbTree& tree, const std::vector<ProxyId>& ids) {
    std::vector<Aabb> fat(ids.size());
    for (size_t i = 0; i < ids.size(); ++i)
        fat[i] = tree.fatBox(ids[i]);
    vox::Rng rng(34);
    for (int q = 0; q < 40; ++q) {
        const Aabb query = Aabb::fromCenter(
            glm::vec3(rng.uniform(-2, 102), rng.uniform(-2, 102), rng.uniform(-2, 32)),
            glm::vec3(rng.uniform(0.1f, 3.0f), rng.uniform(0.1f, 3.0f), rng.uniform(0.1f, 3.0f)));
        std::vector<uint64_t> found, expected;
        tree.queryBox(query, [&](ProxyId, uint64_t data) {
            found.push_back(data);
            return true;
        });
        for (size_t i = 0; i < fat.size(); ++i)
            if (vox::overlaps(fat[i], query))
                expected.push_back(i);
        std::sort(found.begin(), found.end());
        ASSERT_EQ(found, expected) << "query " << q;
    }
}

/// Moves a few proxies with slots above 2^18 onto a neighbour and back, checking the pairs against brute
/// force over the tight boxes (proxies `isStatic` says are static do not pair with each other); then
/// destroys proxies at high slots and checks their stale handles.
void expectPairsAndStaleHandles(DynamicAabbTree& tree, std::vector<ProxyId>& ids, std::vector<Aabb>& boxes,
                                bool (*isStatic)(size_t)) {
    EXPECT_TRUE(stepPairs(tree).empty()) << "no two tight boxes of the lattice overlap";
    const std::vector<size_t> movers = {262'143, 262'144, 270'001, 299'998, 299'999, 17};
    for (const size_t i : movers) {
        ASSERT_GE(ids[i].index(), 0);
        const glm::vec3 move(0.7f, 0.0f, 0.0f); // onto the next cell's box along x (0.4 wide, 1 apart)
        boxes[i] = {boxes[i].min + move, boxes[i].max + move};
        ASSERT_TRUE(tree.moveProxy(ids[i], boxes[i], move));
    }
    std::vector<uint64_t> expected;
    for (const size_t i : movers)
        for (size_t j = 0; j < boxes.size(); ++j)
            if (j != i && !(isStatic(i) && isStatic(j)) && vox::overlaps(boxes[i], boxes[j]))
                expected.push_back(std::min<uint64_t>(i, j) << 32 | std::max<uint64_t>(i, j));
    std::sort(expected.begin(), expected.end());
    expected.erase(std::unique(expected.begin(), expected.end()), expected.end());
    EXPECT_FALSE(expected.empty());
    EXPECT_EQ(stepPairs(tree), expected);
    expectValid(tree);

    // Destroyed proxies at high slots: their handles go stale, a reused slot gets a new generation.
    std::vector<ProxyId> gone;
    for (const size_t i : {299'999, 280'000, 262'144}) {
        ASSERT_TRUE(tree.destroyProxy(ids[i]));
        gone.push_back(ids[i]);
    }
    for (const ProxyId id : gone)
        EXPECT_FALSE(tree.isValid(id));
    {
        vox::test::AssertCapture capture;
        EXPECT_FALSE(tree.moveProxy(gone[0], boxes[299'999], glm::vec3(0.0f)));
        EXPECT_FALSE(tree.destroyProxy(gone[1]));
        EXPECT_EQ(capture.reports().size(), 2u) << "stale handles are reported";
    }
    const ProxyId reused = tree.createProxy(Aabb::fromCenter(glm::vec3(-5.0f), glm::vec3(0.2f)), 1).value();
    EXPECT_TRUE(reused.index() == gone[2].index()) << "the last slot freed is reused first";
    EXPECT_NE(reused.generation, gone[2].generation);
    EXPECT_TRUE(tree.isValid(reused));
    EXPECT_FALSE(tree.isValid(gone[2]));
    EXPECT_EQ(tree.proxyCount(), static_cast<int32_t>(kMany) - 2);
    expectValid(tree);
}

TEST(DynamicAabbTree, HoldsMoreThanTwoToTheEighteenProxiesOneByOne) {
    SCOPED_TRACE("seeds 33 (order) and 34 (queries)");
    DynamicAabbTree tree;
    std::vector<Aabb> boxes = manyBoxes();
    std::vector<ProxyId> ids(kMany);
    for (uint32_t i = 0; i < kMany; ++i)
        ids[i] = tree.createProxy(boxes[i], i).value();
    EXPECT_EQ(ids.back().index(), static_cast<int32_t>(kMany) - 1);
    expectValid(tree);
    EXPECT_EQ(tree.stats().internalNodes, static_cast<int32_t>(kMany) - 1);
    expectQueriesMatchBruteForce(tree, ids);
    expectPairsAndStaleHandles(tree, ids, boxes, [](size_t) { return false; });
}

TEST(DynamicAabbTree, HoldsMoreThanTwoToTheEighteenProxiesInBulk) {
    SCOPED_TRACE("seeds 33 (order) and 34 (queries)");
    DynamicAabbTree tree;
    std::vector<Aabb> boxes = manyBoxes();
    std::vector<DynamicAabbTree::BulkProxy> bulk(kMany);
    for (uint32_t i = 0; i < kMany; ++i)
        bulk[i] = {boxes[i], i, i % 7 == 0 ? vox::ProxyType::Static : vox::ProxyType::Dynamic}; // 262,143 too
    std::vector<ProxyId> ids(kMany);
    ASSERT_TRUE(tree.createProxies(bulk, ids).ok());
    expectValid(tree);
    EXPECT_EQ(tree.stats().internalNodes, static_cast<int32_t>(kMany) - 2) << "two trees, n - 1 nodes each";
    expectQueriesMatchBruteForce(tree, ids);
    expectPairsAndStaleHandles(tree, ids, boxes, [](size_t i) { return i % 7 == 0; });
}

TEST(DynamicAabbTree, CreateProxiesRefusesMoreThanTheLimit) {
    // Filling the tree to kMaxProxies (2^23 - 1) takes gigabytes and seconds (the disabled test below does):
    // the limit is checked here through createProxies' count check, with a request one too many over
    // zeroed blocks that the check refuses before reading them (calloc: their pages are never touched).
    DynamicAabbTree tree;
    ASSERT_TRUE(tree.createProxy(Aabb{{0, 0, 0}, {1, 1, 1}}, 0).ok());
    const auto count = static_cast<size_t>(DynamicAabbTree::kMaxProxies);
    using Bulk = DynamicAabbTree::BulkProxy;
    // Aggregates are implicit-lifetime types: calloc's zeroed block holds such objects (C++20).
    static_assert(std::is_aggregate_v<Bulk> && std::is_aggregate_v<ProxyId>);
    const std::unique_ptr<void, decltype(&std::free)> proxies(std::calloc(count, sizeof(Bulk)), &std::free);
    const std::unique_ptr<void, decltype(&std::free)> ids(std::calloc(count, sizeof(ProxyId)), &std::free);
    ASSERT_NE(proxies, nullptr);
    ASSERT_NE(ids, nullptr);
    const vox::Status full =
        tree.createProxies(std::span<const Bulk>(static_cast<const Bulk*>(proxies.get()), count),
                           std::span<ProxyId>(static_cast<ProxyId*>(ids.get()), count));
    ASSERT_FALSE(full.ok());
    EXPECT_EQ(full.error().message, "DynamicAabbTree::createProxies: 8388607 more proxies would exceed the "
                                    "limit of 8388607");
    EXPECT_EQ(tree.proxyCount(), 1);
    expectValid(tree);
}

TEST(DynamicAabbTree, StaleHandleIsDetectedAfterFourThousandReuses) {
    // Handles carry a 14-bit generation: a slot reused 4,096 times (where the 12-bit one wrapped) still tells
    // the first handle apart.
    DynamicAabbTree tree;
    const Aabb box{{0, 0, 0}, {1, 1, 1}};
    const ProxyId first = tree.createProxy(box, 0).value();
    ProxyId id = first;
    for (int reuse = 0; reuse < 4096; ++reuse) {
        ASSERT_TRUE(tree.destroyProxy(id));
        id = tree.createProxy(box, 0).value();
        ASSERT_EQ(id.index(), first.index());
    }
    EXPECT_FALSE(tree.isValid(first));
    EXPECT_TRUE(tree.isValid(id));
    expectValid(tree);
}

} // namespace

namespace {

// A copy is a snapshot to return to: a tree copied mid-run, run on, then assigned back from the copy, gives
// the same pairs, handles and fat boxes again under the same moves; and the copy (and the tree it was made
// from) answer alike under the same moves, sharing nothing.
TEST(DynamicAabbTree, ACopyIsASnapshotToReturnTo) {
    const uint64_t seed = 2718;
    SCOPED_TRACE(testing::Message() << "seed " << seed);
    vox::Rng rng(seed);
    DynamicAabbTree tree;
    std::vector<ProxyId> ids;
    std::vector<Aabb> boxes;
    for (uint32_t i = 0; i < 150; ++i) {
        const Aabb box = Aabb::fromCenter(glm::vec3(rng.uniform(0, 30), rng.uniform(0, 30), 0),
                                          glm::vec3(rng.uniform(0.2f, 1.0f)));
        const auto type = i % 10 == 0 ? vox::ProxyType::Static : vox::ProxyType::Dynamic;
        ids.push_back(tree.createProxy(box, i, type).value());
        boxes.push_back(box);
    }
    // One step of random walks (fast ones now and then, so fat boxes change) from `walk`'s own generator.
    const auto step = [&](DynamicAabbTree& subject, std::vector<Aabb>& at, vox::Rng& walk) {
        for (size_t i = 0; i < ids.size(); ++i) {
            if (i % 10 == 0)
                continue;
            const float speed = walk.uniform(0, 1) < 0.05f ? 2.0f : 0.1f;
            const glm::vec3 d(walk.uniform(-speed, speed), walk.uniform(-speed, speed), 0);
            at[i] = {at[i].min + d, at[i].max + d};
            EXPECT_TRUE(subject.moveProxy(ids[i], at[i], d));
        }
        return stepPairs(subject);
    };
    for (int i = 0; i < 40; ++i)
        (void)step(tree, boxes, rng);

    const DynamicAabbTree snapshot(tree);
    const std::vector<Aabb> snapshotBoxes = boxes;
    const vox::Rng snapshotRng = rng;
    std::vector<std::vector<uint64_t>> first;
    for (int i = 0; i < 200; ++i)
        first.push_back(step(tree, boxes, rng));
    expectValid(tree);

    tree = snapshot; // back to the snapshot, which is left as it was
    boxes = snapshotBoxes;
    rng = snapshotRng;
    expectValid(tree);
    for (size_t i = 0; i < ids.size(); ++i)
        EXPECT_TRUE(tree.fatBox(ids[i]).min == snapshot.fatBox(ids[i]).min &&
                    tree.fatBox(ids[i]).max == snapshot.fatBox(ids[i]).max)
            << "proxy " << i;
    DynamicAabbTree copy(snapshot);
    std::vector<Aabb> copyBoxes = snapshotBoxes;
    vox::Rng copyRng = snapshotRng;
    for (int i = 0; i < 200; ++i) {
        ASSERT_EQ(step(tree, boxes, rng), first[static_cast<size_t>(i)]) << "step " << i << " again";
        ASSERT_EQ(step(copy, copyBoxes, copyRng), first[static_cast<size_t>(i)])
            << "step " << i << " of a copy";
    }
    expectValid(tree);
    expectValid(copy);
    expectValid(snapshot);
    EXPECT_EQ(tree.proxyCount(), copy.proxyCount());
}

} // namespace
