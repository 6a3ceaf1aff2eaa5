#pragma once
/// @file
/// `TeachingTree`: a small, readable dynamic AABB tree that records what each change did, for the tree
/// tutorial scene.
///
/// It is the classic incremental bounding-volume tree (Erin Catto, "Dynamic Bounding Volume Hierarchies",
/// GDC 2019; Box2D's `b2DynamicTree`):
/// 1. **Sibling search.** A new leaf L becomes the sibling of the node S that makes the tree cheapest by
///    the surface-area heuristic (SAH). Choosing S costs the area of the new branch, area(S ∪ L), plus the
///    growth of every ancestor of S, area(A ∪ L) - area(A). A best-first search with a priority queue
///    visits nodes by that cost and skips a subtree once even its cheapest possible descendant
///    (area(L) + the inherited growth) cannot beat the best so far.
/// 2. **New branch.** A new internal node P takes S's place, with S and L as its children.
/// 3. **Refit.** Every ancestor of P grows to contain L; on the way up each gets the best of four
///    **rotations** (swap a child with a grandchild on the other side) when it lowers the area of the child
///    it changes, which keeps the tree from degenerating when objects arrive in sorted order.
/// Removing a leaf replaces its parent by its sibling and refits the ancestors. A moving object keeps a
/// *fat* box (grown by a margin and stretched along its motion) and is only reinserted when its tight box
/// leaves it.
///
/// The engine's `vox::DynamicAabbTree` does the same with a packed node layout, handles, pair tracking and
/// more; this one favours clarity: one `Node` struct, indices, and a record of every step. Not for
/// production: O(n) validation and brute-force helpers live next to the real work.

#include "vox/broadphase/aabb.h"

#include <glm/vec3.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace samples {

/// One node: a leaf holds an object, an internal node two children. Indices into `TeachingTree::nodes()`.
struct TeachingNode {
    vox::Aabb box;       ///< A leaf's fat box, or the union of the children's boxes.
    int32_t parent = -1; ///< -1 for the root.
    int32_t child1 = -1; ///< -1 for a leaf.
    int32_t child2 = -1; ///< -1 for a leaf.
    int32_t height = 0;  ///< 0 for a leaf, 1 + the taller child's height otherwise.
    int32_t object = -1; ///< The leaf's object id (the caller's), -1 for an internal node.
    bool free = false;   ///< On the free list (not part of the tree).
    /// True for a leaf.
    [[nodiscard]] bool isLeaf() const { return child1 < 0; }
};

/// A node the sibling search looked at, and what choosing it as the sibling would cost.
struct SiblingCandidate {
    int32_t node = -1;   ///< The node considered.
    float cost = 0.0f;   ///< area(node ∪ leaf) + the growth of its ancestors.
    bool pruned = false; ///< Its children were skipped: their lower bound could not win.
};

/// A rotation done on the way up: `node`'s child `lifted` swapped places with grandchild `lowered`.
struct TreeRotation {
    int32_t node = -1;       ///< The ancestor whose subtree was rotated.
    int32_t lowered = -1;    ///< The child moved one level down.
    int32_t lifted = -1;     ///< The grandchild moved one level up.
    float areaBefore = 0.0f; ///< Area of the changed child before.
    float areaAfter = 0.0f;  ///< Area of the changed child after.
};

/// What an `insert` did, step by step.
struct InsertRecord {
    int32_t leaf = -1;                        ///< The new leaf.
    int32_t sibling = -1;                     ///< The node chosen as its sibling (-1: the tree was empty).
    int32_t branch = -1;                      ///< The internal node created (-1: the leaf became the root).
    float bestCost = 0.0f;                    ///< The winning candidate's cost.
    std::vector<SiblingCandidate> candidates; ///< In the order the search popped them.
    std::vector<int32_t> refitted;            ///< Ancestors refitted, bottom up.
    std::vector<TreeRotation> rotations;      ///< Rotations done on the way up.
};

/// What a `remove` did.
struct RemoveRecord {
    int32_t leaf = -1;             ///< The leaf removed (now free).
    int32_t promoted = -1;         ///< Its sibling, which took the removed parent's place (-1: was the root).
    std::vector<int32_t> refitted; ///< Ancestors refitted, bottom up.
};

/// The tree; see the file comment. Objects are the caller's ids; boxes are world units.
class TeachingTree {
public:
    /// Inserts a leaf for `object` with fat box `fatBox` and records each step in `record`.
    int32_t insert(int32_t object, const vox::Aabb& fatBox, InsertRecord* record = nullptr);
    /// Removes leaf `leaf` and records each step in `record`.
    void remove(int32_t leaf, RemoveRecord* record = nullptr);
    /// The object of leaf `leaf` now has tight box `tightBox` and moved `displacement` this step. Inside its
    /// fat box nothing changes and it returns false; otherwise the leaf is removed and reinserted with a
    /// new fat box (`tightBox` grown by `margin`, stretched by `displacement * stretch`), and it returns true
    /// with `leaf` updated to the new leaf.
    bool move(int32_t& leaf, const vox::Aabb& tightBox, const glm::vec3& displacement, float margin,
              float stretch, RemoveRecord* removed = nullptr, InsertRecord* inserted = nullptr);

    /// Objects whose fat boxes overlap `box`, by descending from the root.
    [[nodiscard]] std::vector<int32_t> query(const vox::Aabb& box) const;
    /// The same by testing every leaf: the reference `query` must agree with.
    [[nodiscard]] std::vector<int32_t> queryBruteForce(const vox::Aabb& box) const;

    /// Every invariant: links both ways, each internal box the exact union of its children, heights, one
    /// leaf per object, no free node reachable. Empty when all hold; otherwise what is broken.
    [[nodiscard]] std::string validate() const;

    /// All nodes, including free ones (`TeachingNode::free`).
    [[nodiscard]] const std::vector<TeachingNode>& nodes() const { return m_nodes; }
    /// The root, -1 when empty.
    [[nodiscard]] int32_t root() const { return m_root; }
    /// Edges from the root to `node`.
    [[nodiscard]] int32_t depth(int32_t node) const;
    /// Leaves in the tree.
    [[nodiscard]] int32_t leafCount() const { return m_leafCount; }
    /// The root's height (0: one leaf or empty).
    [[nodiscard]] int32_t height() const { return m_root < 0 ? 0 : m_nodes[m_root].height; }
    /// Sum of the internal nodes' surface areas: what the SAH minimises.
    [[nodiscard]] float internalArea() const;

private:
    int32_t allocate();
    void release(int32_t node);
    int32_t findBestSibling(const vox::Aabb& box, InsertRecord* record) const;
    void refitFrom(int32_t node, std::vector<int32_t>* refitted, std::vector<TreeRotation>* rotations);
    bool rotate(int32_t node, TreeRotation* done);
    void updateNode(int32_t node);

    std::vector<TeachingNode> m_nodes;
    int32_t m_root = -1;
    int32_t m_freeList = -1; // chained through `parent`
    int32_t m_leafCount = 0;
};

} // namespace samples
