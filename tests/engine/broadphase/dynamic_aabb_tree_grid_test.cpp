// DynamicAabbTree's grid mode (dynamic_aabb_tree_grid.cpp) and its fat-box feedback: fast movers in a
// wrap-around world, checked every step against a brute force over the tight boxes.

#include "vox/broadphase/dynamic_aabb_tree.h"
#include "vox/core/rng.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

namespace {

using vox::Aabb;
using vox::DynamicAabbTree;
using vox::ProxyId;

struct Mover {
    glm::vec3 centre;
    glm::vec3 half;
    glm::vec3 velocity;
    bool isStatic = false;
    vox::ProxyFilter filter{};
    ProxyId id{};
    bool alive = true;
    [[nodiscard]] Aabb box() const { return {centre - half, centre + half}; }
};

uint64_t key(uint64_t a, uint64_t b) {
    return std::min(a, b) << 32 | std::max(a, b);
}

/// A flat world of side `side` that wraps around, `count` movers at up to `speed` units per second and
/// `statics` still boxes. Each step moves a random four fifths of the movers (the rest keep still),
/// sometimes destroys and re-creates one, and checks the step's pairs and a few queries against a brute
/// force. Returns whether the tree was ever in grid mode.
class WrapWorld {
public:
    WrapWorld(uint64_t seed, int count, int statics, float side, float speed,
              const vox::TreeSettings& settings = {})
        : m_rng(seed), m_side(side), m_tree(settings) {
        for (int i = 0; i < count + statics; ++i) {
            Mover m;
            m.centre = {m_rng.uniform(0, side), m_rng.uniform(0, side), 0.0f};
            m.half = {m_rng.uniform(0.25f, 1.5f), m_rng.uniform(0.25f, 1.5f), 0.5f};
            const float angle = m_rng.uniform(0.0f, 6.2831853f);
            const float v = m_rng.uniform(0.0f, speed);
            m.velocity = {v * std::cos(angle), v * std::sin(angle), 0.0f};
            m.isStatic = i >= count;
            // Three teams; most pair with every team, some only with their own.
            m.filter.category = uint64_t{1} << (i % 3);
            m.filter.mask = m_rng.below(4) == 0 ? m.filter.category : vox::kAllCategories;
            m.id = m_tree
                       .createProxy(m.box(), static_cast<uint64_t>(i),
                                    m.isStatic ? vox::ProxyType::Static : vox::ProxyType::Dynamic, m.filter)
                       .value();
            m_movers.push_back(m);
        }
        m_moved.assign(m_movers.size(), 1);
        check(); // the creation step
    }

    void setSpeed(float scale) {
        for (Mover& m : m_movers)
            m.velocity *= scale;
    }

    void step() {
        constexpr float dt = 1.0f / 60.0f;
        std::fill(m_moved.begin(), m_moved.end(), 0);
        for (size_t i = 0; i < m_movers.size(); ++i) {
            Mover& m = m_movers[i];
            if (m.isStatic || m_rng.below(5) == 0)
                continue;
            m.centre += m.velocity * dt;
            for (int axis = 0; axis < 2; ++axis) { // wrap around: a teleport the displacement does not show
                if (m.centre[axis] < 0.0f)
                    m.centre[axis] += m_side;
                if (m.centre[axis] >= m_side)
                    m.centre[axis] -= m_side;
            }
            ASSERT_TRUE(m_tree.moveProxy(m.id, m.box(), m.velocity * dt));
            m_moved[i] = 1;
        }
        if (m_rng.below(4) == 0) { // destroy one mover and create it again elsewhere
            const uint32_t i = m_rng.below(static_cast<uint32_t>(m_movers.size()));
            Mover& m = m_movers[i];
            if (!m.isStatic) {
                ASSERT_TRUE(m_tree.destroyProxy(m.id));
                m.centre = {m_rng.uniform(0, m_side), m_rng.uniform(0, m_side), 0.0f};
                m.id = m_tree.createProxy(m.box(), i, vox::ProxyType::Dynamic, m.filter).value();
                m_moved[i] = 1;
            }
        }
        checkQueries(); // before updatePairs: moved proxies not yet in the grid
        check();
        m_everGrid = m_everGrid || m_tree.stats().gridMode;
    }

    [[nodiscard]] bool everGrid() const { return m_everGrid; }
    [[nodiscard]] const DynamicAabbTree& tree() const { return m_tree; }
    [[nodiscard]] size_t exactPairs() const { return m_exactPairs; }

private:
    void check() {
        std::vector<uint64_t> reported;
        m_tree.updatePairs([&](ProxyId, ProxyId, uint64_t a, uint64_t b) { reported.push_back(key(a, b)); });
        std::vector<uint64_t> expected;
        m_exactPairs = 0;
        for (size_t i = 0; i < m_movers.size(); ++i)
            for (size_t j = i + 1; j < m_movers.size(); ++j) {
                const Mover& a = m_movers[i];
                const Mover& b = m_movers[j];
                if ((a.isStatic && b.isStatic) || !vox::overlaps(a.box(), b.box()) ||
                    !vox::canPair(a.filter, b.filter))
                    continue;
                ++m_exactPairs;
                if (m_moved[i] != 0 || m_moved[j] != 0)
                    expected.push_back(key(i, j));
            }
        std::sort(reported.begin(), reported.end());
        std::sort(expected.begin(), expected.end());
        ASSERT_EQ(reported, expected) << "pairs at step " << m_tree.stats().gridSteps;
        const vox::Status valid = m_tree.validate();
        ASSERT_TRUE(valid.ok()) << valid.error().message;
    }

    void checkQueries() {
        for (int q = 0; q < 4; ++q) {
            const glm::vec3 centre{m_rng.uniform(0, m_side), m_rng.uniform(0, m_side), 0.0f};
            // The last query covers the whole world: more cells than grid mode walks, so it scans its items.
            const float reach = q == 3 ? 2.0f * m_side : m_rng.uniform(0.5f, 20.0f);
            const Aabb query = Aabb::fromCenter(centre, glm::vec3(reach, q == 3 ? reach : 4.0f, 1.0f));
            std::vector<uint64_t> hits;
            const uint64_t mask = q == 0 ? uint64_t{2} : vox::kAllCategories; // one query for team 1 only
            m_tree.queryBox(
                query, [&](ProxyId, uint64_t userData) { return hits.push_back(userData), true; }, mask);
            std::sort(hits.begin(), hits.end());
            ASSERT_TRUE(std::adjacent_find(hits.begin(), hits.end()) == hits.end())
                << "a box query hit twice";
            for (size_t i = 0; i < m_movers.size(); ++i) {
                const bool touches =
                    vox::overlaps(m_movers[i].box(), query) && (m_movers[i].filter.category & mask) != 0;
                const bool hit = std::binary_search(hits.begin(), hits.end(), i);
                ASSERT_TRUE(!touches || hit) << "box query missed " << i;
                ASSERT_TRUE(!hit || vox::overlaps(m_tree.fatBox(m_movers[i].id), query))
                    << "box query hit " << i;
            }
            const vox::Ray ray{centre, glm::vec3(m_rng.uniform(-80, 80), m_rng.uniform(-80, 80), 0.0f), 1.0f};
            std::vector<uint64_t> rayHits;
            m_tree.queryRay(ray,
                            [&](ProxyId id, float) { return rayHits.push_back(m_tree.userData(id)), 1.0f; });
            std::sort(rayHits.begin(), rayHits.end());
            ASSERT_TRUE(std::adjacent_find(rayHits.begin(), rayHits.end()) == rayHits.end())
                << "a ray hit twice";
            for (size_t i = 0; i < m_movers.size(); ++i) {
                float fraction = 0.0f;
                const bool enters = vox::raycast(m_movers[i].box(), ray, fraction);
                ASSERT_TRUE(!enters || std::binary_search(rayHits.begin(), rayHits.end(), i))
                    << "ray missed " << i;
            }
        }
    }

    vox::Rng m_rng;
    float m_side;
    DynamicAabbTree m_tree;
    std::vector<Mover> m_movers;
    std::vector<uint8_t> m_moved;
    bool m_everGrid = false;
    size_t m_exactPairs = 0;
};

TEST(DynamicAabbTreeGridMode, FastMoversInAWrapAroundWorldGetExactPairsAndQueries) {
    for (const uint64_t seed : {1u, 2u, 3u}) {
        SCOPED_TRACE("seed " + std::to_string(seed));
        WrapWorld world(seed, 700, 40, 120.0f, 300.0f);
        for (int i = 0; i < 120 && !HasFatalFailure(); ++i)
            world.step();
        EXPECT_TRUE(world.everGrid()) << "a fast swarm should switch to grid mode";
        // Calm down: the motion no longer outruns the fat boxes, and the tree comes back.
        world.setSpeed(0.0f);
        for (int i = 0; i < 200 && !HasFatalFailure(); ++i)
            world.step();
        EXPECT_FALSE(world.tree().stats().gridMode) << "a still swarm should return to the tree";
    }
}

TEST(DynamicAabbTreeGridMode, SlowMoversStayInTheTree) {
    WrapWorld world(7, 700, 40, 120.0f, 2.0f);
    for (int i = 0; i < 150 && !HasFatalFailure(); ++i)
        world.step();
    EXPECT_FALSE(world.tree().stats().gridMode);
}

/// `count` boxes that all move by the same small step, as one: packed within `spread` of a point (a crowd,
/// every box touching nearly every other) or spread out on a line (the same motion, few pairs). Each step's
/// pairs are checked against a brute force.
class LockstepWorld {
public:
    LockstepWorld(uint64_t seed, int count, float spread) : m_rng(seed) {
        for (int i = 0; i < count; ++i) {
            const glm::vec3 centre{m_rng.uniform(0.0f, spread), m_rng.uniform(0.0f, 0.2f), 0.0f};
            m_boxes.push_back(Aabb::fromCenter(centre, glm::vec3(0.5f, 0.5f, 0.5f)));
            m_ids.push_back(m_tree.createProxy(m_boxes.back(), static_cast<uint64_t>(i)).value());
        }
        check(true);
    }
    /// Moves every box (or none) by one step of a slow steady motion, then checks the pairs.
    void step(bool move) {
        const glm::vec3 displacement{0.01f, 0.005f, 0.0f};
        for (size_t i = 0; move && i < m_boxes.size(); ++i) {
            m_boxes[i] = {m_boxes[i].min + displacement, m_boxes[i].max + displacement};
            ASSERT_TRUE(m_tree.moveProxy(m_ids[i], m_boxes[i], displacement));
        }
        check(move);
    }
    [[nodiscard]] const DynamicAabbTree& tree() const { return m_tree; }

private:
    void check(bool moved) {
        std::vector<uint64_t> reported;
        m_tree.updatePairs([&](ProxyId, ProxyId, uint64_t a, uint64_t b) { reported.push_back(key(a, b)); });
        std::vector<uint64_t> expected;
        for (size_t i = 0; moved && i < m_boxes.size(); ++i)
            for (size_t j = i + 1; j < m_boxes.size(); ++j)
                if (vox::overlaps(m_boxes[i], m_boxes[j]))
                    expected.push_back(key(i, j));
        std::sort(reported.begin(), reported.end());
        ASSERT_EQ(reported, expected) << "pairs at step " << m_step;
        ++m_step;
        const vox::Status valid = m_tree.validate();
        ASSERT_TRUE(valid.ok()) << valid.error().message;
    }

    vox::Rng m_rng;
    DynamicAabbTree m_tree;
    std::vector<Aabb> m_boxes;
    std::vector<ProxyId> m_ids;
    int m_step = 0;
};

TEST(DynamicAabbTreeGridMode, ACrowdThatMovesTogetherTakesGridModeAndLeavesWhenItStops) {
    // Every box touches nearly every other and all move: the tracked pairs save no test, and the grid does
    // the same tests without keeping them. Seed 21.
    LockstepWorld crowd(21, 120, 0.4f);
    for (int i = 0; i < 60 && !HasFatalFailure(); ++i)
        crowd.step(true);
    EXPECT_TRUE(crowd.tree().stats().gridMode) << "a moving crowd should switch to grid mode";
    for (int i = 0; i < 150 && !HasFatalFailure(); ++i)
        crowd.step(false);
    EXPECT_FALSE(crowd.tree().stats().gridMode) << "a crowd at rest should return to the tree";
    // The same motion without the crowding: few pairs, and the tree keeps them.
    LockstepWorld line(22, 120, 400.0f);
    for (int i = 0; i < 60 && !HasFatalFailure(); ++i)
        line.step(true);
    EXPECT_FALSE(line.tree().stats().gridMode)
        << "boxes that move together but hardly touch stay in the tree";
}

TEST(DynamicAabbTreeGridMode, TheSettingForcesEitherMode) {
    vox::TreeSettings always;
    always.gridMode = vox::TreeGridMode::Always;
    WrapWorld slow(5, 200, 20, 60.0f, 2.0f, always); // slow movers the tree would keep
    EXPECT_TRUE(slow.tree().stats().gridMode);
    for (int i = 0; i < 100 && !HasFatalFailure(); ++i)
        slow.step();
    EXPECT_TRUE(slow.tree().stats().gridMode);
    vox::TreeSettings never;
    never.gridMode = vox::TreeGridMode::Never;
    WrapWorld fast(6, 700, 40, 120.0f, 300.0f, never); // fast movers that would switch
    for (int i = 0; i < 120 && !HasFatalFailure(); ++i)
        fast.step();
    EXPECT_FALSE(fast.everGrid());
}

TEST(DynamicAabbTreeFatBoxes, TrackedPairsStayWithinAFactorOfTheTouchingOnesForFastMovers) {
    // Fast movers among many still boxes: fat boxes stretched for steady motion would cross the world, and
    // too few move for grid mode to take over. The feedback on what fat boxes cost in pairs keeps them in
    // hand (the bound is documented in docs/engine.md, "Fast movers").
    const int movers = 48, statics = 900;
    WrapWorld world(11, movers, statics, 120.0f, 300.0f);
    double worst = 0.0;
    for (int i = 0; i < 300 && !HasFatalFailure(); ++i) {
        world.step();
        const auto stats = world.tree().stats();
        ASSERT_FALSE(stats.gridMode);
        if (i >= 60)
            worst = std::max(worst, static_cast<double>(stats.pairs) /
                                        static_cast<double>(world.exactPairs() + movers + statics));
    }
    std::cout << "seed 11: worst tracked / (touching + proxies) after warm-up: " << worst << "\n";
    // The documented bound (docs/engine.md); without the feedback this scene reaches about 13.
    EXPECT_LE(worst, 8.0);
}

} // namespace
