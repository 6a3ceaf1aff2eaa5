#include "teaching_tree.h"

#include "vox/core/rng.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

namespace samples {
namespace {

vox::Aabb randomBox(vox::Rng& rng, float side) {
    const glm::vec3 center(rng.uniform(0.0f, side), rng.uniform(0.0f, side), rng.uniform(0.0f, side));
    const glm::vec3 half(rng.uniform(0.2f, 2.0f), rng.uniform(0.2f, 2.0f), rng.uniform(0.2f, 2.0f));
    return vox::Aabb::fromCenter(center, half);
}

// The SAH cost of making `node` the sibling of a leaf with box `box`, from its definition: the new
// branch's area plus the growth of every ancestor.
float siblingCost(const TeachingTree& tree, int32_t node, const vox::Aabb& box) {
    float cost = vox::unionArea(tree.nodes()[node].box, box);
    for (int32_t a = tree.nodes()[node].parent; a >= 0; a = tree.nodes()[a].parent)
        cost += vox::unionArea(tree.nodes()[a].box, box) - tree.nodes()[a].box.surfaceArea();
    return cost;
}

TEST(TeachingTreeTest, StaysValidAndAgreesWithBruteForceThroughInsertsMovesAndRemoves) {
    constexpr uint64_t kSeed = 2024;
    SCOPED_TRACE(testing::Message() << "seed " << kSeed);
    vox::Rng rng(kSeed);
    TeachingTree tree;
    std::vector<int32_t> leaves;
    std::vector<vox::Aabb> boxes;
    for (int round = 0; round < 600; ++round) {
        const float choice = rng.uniform(0.0f, 1.0f);
        if (choice < 0.5f || leaves.size() < 4) {
            boxes.push_back(randomBox(rng, 40.0f));
            leaves.push_back(
                tree.insert(static_cast<int32_t>(boxes.size()) - 1, boxes.back().fattened(0.3f)));
        } else if (choice < 0.8f) {
            const size_t pick = rng.below(static_cast<uint32_t>(leaves.size()));
            const int32_t object = tree.nodes()[leaves[pick]].object;
            const glm::vec3 step(rng.uniform(-1.0f, 1.0f), rng.uniform(-1.0f, 1.0f),
                                 rng.uniform(-1.0f, 1.0f));
            boxes[object] = {boxes[object].min + step, boxes[object].max + step};
            tree.move(leaves[pick], boxes[object], step, 0.3f, 4.0f);
        } else {
            const size_t pick = rng.below(static_cast<uint32_t>(leaves.size()));
            tree.remove(leaves[pick]);
            leaves.erase(leaves.begin() + static_cast<std::ptrdiff_t>(pick));
        }
        ASSERT_EQ(tree.validate(), "") << "after round " << round;
        ASSERT_EQ(tree.leafCount(), static_cast<int32_t>(leaves.size()));
        const vox::Aabb query = randomBox(rng, 40.0f).fattened(3.0f);
        ASSERT_EQ(tree.query(query), tree.queryBruteForce(query)) << "after round " << round;
    }
}

TEST(TeachingTreeTest, SiblingSearchFindsTheCheapestNode) {
    constexpr uint64_t kSeed = 7;
    SCOPED_TRACE(testing::Message() << "seed " << kSeed);
    vox::Rng rng(kSeed);
    TeachingTree tree;
    for (int i = 0; i < 200; ++i) {
        const vox::Aabb box = randomBox(rng, 30.0f);
        // Before inserting, the cheapest node by the definition of the cost, over the whole tree.
        float cheapest = INFINITY;
        for (size_t node = 0; node < tree.nodes().size(); ++node)
            if (!tree.nodes()[node].free)
                cheapest = std::min(cheapest, siblingCost(tree, static_cast<int32_t>(node), box));
        InsertRecord record;
        tree.insert(i, box, &record);
        if (i == 0) {
            EXPECT_EQ(record.sibling, -1);
            continue;
        }
        ASSERT_NEAR(record.bestCost, cheapest, 1e-3f * cheapest) << "insert " << i;
        EXPECT_FALSE(record.candidates.empty());
        EXPECT_NE(record.branch, -1);
    }
}

TEST(TeachingTreeTest, RotationsShrinkTheBoxTheyChangeAndKeepSortedInsertsShallow) {
    TeachingTree tree;
    int32_t rotations = 0;
    for (int i = 0; i < 64; ++i) { // sorted along a diagonal: the classic way to grow a chain
        const glm::vec3 corner(static_cast<float>(i) * 3.0f, static_cast<float>(i) * 3.0f, 0.0f);
        InsertRecord record;
        tree.insert(i, {corner, corner + glm::vec3(2.0f)}, &record);
        for (const TreeRotation& rotation : record.rotations)
            EXPECT_LT(rotation.areaAfter, rotation.areaBefore);
        rotations += static_cast<int32_t>(record.rotations.size());
        ASSERT_EQ(tree.validate(), "");
    }
    EXPECT_GT(rotations, 0);
    EXPECT_LE(tree.height(), 12) << "64 leaves: a balanced tree has height 6, a chain 63";
}

TEST(TeachingTreeTest, MoveInsideTheFatBoxChangesNothing) {
    TeachingTree tree;
    const vox::Aabb box{glm::vec3(0.0f), glm::vec3(1.0f)};
    int32_t leaf = tree.insert(0, box.fattened(0.5f));
    tree.insert(1, vox::Aabb{glm::vec3(5.0f), glm::vec3(6.0f)}.fattened(0.5f));
    const int32_t before = leaf;
    EXPECT_FALSE(tree.move(leaf, {box.min + 0.2f, box.max + 0.2f}, glm::vec3(0.2f), 0.5f, 4.0f));
    EXPECT_EQ(leaf, before);
    RemoveRecord removed;
    InsertRecord inserted;
    EXPECT_TRUE(
        tree.move(leaf, {box.min + 2.0f, box.max + 2.0f}, glm::vec3(2.0f), 0.5f, 4.0f, &removed, &inserted));
    EXPECT_EQ(removed.leaf, before);
    EXPECT_EQ(inserted.leaf, leaf);
    // The new fat box reaches ahead along the motion: 4 x 2 units beyond the tight box's max.
    EXPECT_FLOAT_EQ(tree.nodes()[leaf].box.max.x, 3.0f + 0.5f + 8.0f);
    EXPECT_EQ(tree.validate(), "");
}

TEST(TeachingTreeTest, RemovingEveryLeafEmptiesTheTree) {
    TeachingTree tree;
    std::vector<int32_t> leaves;
    for (int i = 0; i < 10; ++i)
        leaves.push_back(
            tree.insert(i, {glm::vec3(static_cast<float>(i)), glm::vec3(static_cast<float>(i) + 1.0f)}));
    for (const int32_t leaf : leaves) {
        tree.remove(leaf);
        ASSERT_EQ(tree.validate(), "");
    }
    EXPECT_EQ(tree.root(), -1);
    EXPECT_EQ(tree.leafCount(), 0);
}

} // namespace
} // namespace samples
