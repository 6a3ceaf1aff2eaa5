#include "teaching_tree.h"

#include <algorithm>
#include <limits>
#include <queue>
#include <set>

namespace samples {
namespace {

bool sameBox(const vox::Aabb& a, const vox::Aabb& b) {
    return a.min == b.min && a.max == b.max;
}

} // namespace

int32_t TeachingTree::allocate() {
    if (m_freeList >= 0) {
        const int32_t node = m_freeList;
        m_freeList = m_nodes[node].parent;
        m_nodes[node] = TeachingNode{};
        return node;
    }
    m_nodes.emplace_back();
    return static_cast<int32_t>(m_nodes.size()) - 1;
}

void TeachingTree::release(int32_t node) {
    m_nodes[node] = TeachingNode{};
    m_nodes[node].free = true;
    m_nodes[node].parent = m_freeList;
    m_freeList = node;
}

void TeachingTree::updateNode(int32_t node) {
    TeachingNode& n = m_nodes[node];
    n.box = vox::unionOf(m_nodes[n.child1].box, m_nodes[n.child2].box);
    n.height = 1 + std::max(m_nodes[n.child1].height, m_nodes[n.child2].height);
}

int32_t TeachingTree::findBestSibling(const vox::Aabb& box, InsertRecord* record) const {
    // Best-first: the queue pops the cheapest candidate, so good siblings are found early and the bound
    // prunes most of the tree. `inherited` is how much the candidate's ancestors grow if L goes below them.
    struct Entry {
        int32_t node;
        float inherited;
        float cost;
        bool operator<(const Entry& other) const { return cost > other.cost; } // min-heap
    };
    const float leafArea = box.surfaceArea();
    std::priority_queue<Entry> queue;
    queue.push({m_root, 0.0f, vox::unionArea(m_nodes[m_root].box, box)});
    int32_t best = m_root;
    float bestCost = std::numeric_limits<float>::infinity();
    while (!queue.empty()) {
        const Entry entry = queue.top();
        queue.pop();
        SiblingCandidate candidate{entry.node, entry.cost, false};
        if (entry.cost < bestCost) {
            bestCost = entry.cost;
            best = entry.node;
        }
        const TeachingNode& node = m_nodes[entry.node];
        if (!node.isLeaf()) {
            const float childInherited =
                entry.inherited + vox::unionArea(node.box, box) - node.box.surfaceArea();
            // No descendant can cost less than L's own area plus what its ancestors already grow.
            if (leafArea + childInherited < bestCost) {
                for (const int32_t child : {node.child1, node.child2})
                    queue.push(
                        {child, childInherited, vox::unionArea(m_nodes[child].box, box) + childInherited});
            } else {
                candidate.pruned = true;
            }
        }
        if (record != nullptr)
            record->candidates.push_back(candidate);
    }
    if (record != nullptr)
        record->bestCost = bestCost;
    return best;
}

int32_t TeachingTree::insert(int32_t object, const vox::Aabb& fatBox, InsertRecord* record) {
    const int32_t leaf = allocate();
    m_nodes[leaf].box = fatBox;
    m_nodes[leaf].object = object;
    ++m_leafCount;
    if (record != nullptr) {
        *record = InsertRecord{};
        record->leaf = leaf;
    }
    if (m_root < 0) {
        m_root = leaf;
        return leaf;
    }

    // 1. Where it costs least.
    const int32_t sibling = findBestSibling(fatBox, record);
    // 2. A new branch takes the sibling's place, with the sibling and the leaf below it.
    const int32_t oldParent = m_nodes[sibling].parent;
    const int32_t branch = allocate();
    m_nodes[branch].parent = oldParent;
    m_nodes[branch].child1 = sibling;
    m_nodes[branch].child2 = leaf;
    m_nodes[sibling].parent = branch;
    m_nodes[leaf].parent = branch;
    updateNode(branch);
    if (oldParent < 0) {
        m_root = branch;
    } else if (m_nodes[oldParent].child1 == sibling) {
        m_nodes[oldParent].child1 = branch;
    } else {
        m_nodes[oldParent].child2 = branch;
    }
    if (record != nullptr) {
        record->sibling = sibling;
        record->branch = branch;
    }
    // 3. Refit the ancestors, rotating where it helps.
    refitFrom(branch, record != nullptr ? &record->refitted : nullptr,
              record != nullptr ? &record->rotations : nullptr);
    if (record != nullptr)
        std::erase(record->refitted, branch); // the branch is new, not refitted
    return leaf;
}

void TeachingTree::remove(int32_t leaf, RemoveRecord* record) {
    if (record != nullptr) {
        *record = RemoveRecord{};
        record->leaf = leaf;
    }
    --m_leafCount;
    if (leaf == m_root) {
        m_root = -1;
        release(leaf);
        return;
    }
    const int32_t parent = m_nodes[leaf].parent;
    const int32_t grandParent = m_nodes[parent].parent;
    const int32_t sibling = m_nodes[parent].child1 == leaf ? m_nodes[parent].child2 : m_nodes[parent].child1;
    if (record != nullptr)
        record->promoted = sibling;
    m_nodes[sibling].parent = grandParent;
    if (grandParent < 0) {
        m_root = sibling;
    } else {
        TeachingNode& grand = m_nodes[grandParent];
        (grand.child1 == parent ? grand.child1 : grand.child2) = sibling;
        // Only boxes shrink here, so the shape stays good: refit without rotating.
        refitFrom(grandParent, record != nullptr ? &record->refitted : nullptr, nullptr);
    }
    release(parent);
    release(leaf);
}

bool TeachingTree::move(int32_t& leaf, const vox::Aabb& tightBox, const glm::vec3& displacement, float margin,
                        float stretch, RemoveRecord* removed, InsertRecord* inserted) {
    if (vox::contains(m_nodes[leaf].box, tightBox))
        return false; // the common case: the fat box still holds it, no node changes
    const int32_t object = m_nodes[leaf].object;
    remove(leaf, removed);
    leaf = insert(object, tightBox.fattened(margin).extendedBy(displacement * stretch), inserted);
    return true;
}

void TeachingTree::refitFrom(int32_t node, std::vector<int32_t>* refitted,
                             std::vector<TreeRotation>* rotations) {
    for (int32_t index = node; index >= 0; index = m_nodes[index].parent) {
        updateNode(index);
        if (refitted != nullptr)
            refitted->push_back(index);
        if (rotations != nullptr) {
            TreeRotation done;
            if (rotate(index, &done))
                rotations->push_back(done);
        }
    }
}

bool TeachingTree::rotate(int32_t node, TreeRotation* done) {
    // Node A has children B and C. Swapping B with a child of C (or C with a child of B) changes only the
    // box of the child that receives the swapped node; keep the swap that shrinks that box most.
    const int32_t childB = m_nodes[node].child1;
    const int32_t childC = m_nodes[node].child2;
    struct Option {
        int32_t lowered;  // the child of A that goes down
        int32_t receiver; // the other child of A, which takes it in
        int32_t lifted;   // the receiver's child that goes up to A
        int32_t kept;     // the receiver's other child
    };
    Option options[4];
    int32_t optionCount = 0;
    for (const auto& [lowered, receiver] : {std::pair{childB, childC}, std::pair{childC, childB}}) {
        const TeachingNode& r = m_nodes[receiver];
        if (r.isLeaf())
            continue;
        options[optionCount++] = {lowered, receiver, r.child1, r.child2};
        options[optionCount++] = {lowered, receiver, r.child2, r.child1};
    }
    int32_t best = -1;
    float bestGain = 0.0f;
    float bestAfter = 0.0f;
    for (int32_t i = 0; i < optionCount; ++i) {
        const Option& option = options[i];
        const float before = m_nodes[option.receiver].box.surfaceArea();
        const float after = vox::unionArea(m_nodes[option.lowered].box, m_nodes[option.kept].box);
        // A rotation must pay: a gain lost in float rounding would only churn the tree.
        if (before - after > bestGain && before - after > 1e-3f * before) {
            bestGain = before - after;
            bestAfter = after;
            best = i;
        }
    }
    if (best < 0)
        return false;
    const Option& option = options[best];
    if (done != nullptr)
        *done = {node, option.lowered, option.lifted, m_nodes[option.receiver].box.surfaceArea(), bestAfter};
    TeachingNode& a = m_nodes[node];
    (a.child1 == option.lowered ? a.child1 : a.child2) = option.lifted;
    m_nodes[option.lifted].parent = node;
    TeachingNode& receiver = m_nodes[option.receiver];
    (receiver.child1 == option.lifted ? receiver.child1 : receiver.child2) = option.lowered;
    m_nodes[option.lowered].parent = option.receiver;
    updateNode(option.receiver);
    updateNode(node);
    return true;
}

std::vector<int32_t> TeachingTree::query(const vox::Aabb& box) const {
    std::vector<int32_t> hits;
    std::vector<int32_t> stack;
    if (m_root >= 0)
        stack.push_back(m_root);
    while (!stack.empty()) {
        const TeachingNode& node = m_nodes[stack.back()];
        stack.pop_back();
        if (!vox::overlaps(node.box, box))
            continue;
        if (node.isLeaf()) {
            hits.push_back(node.object);
        } else {
            stack.push_back(node.child1);
            stack.push_back(node.child2);
        }
    }
    std::sort(hits.begin(), hits.end());
    return hits;
}

std::vector<int32_t> TeachingTree::queryBruteForce(const vox::Aabb& box) const {
    std::vector<int32_t> hits;
    for (const TeachingNode& node : m_nodes)
        if (!node.free && node.isLeaf() && node.object >= 0 && vox::overlaps(node.box, box))
            hits.push_back(node.object);
    std::sort(hits.begin(), hits.end());
    return hits;
}

std::string TeachingTree::validate() const {
    if (m_root < 0)
        return m_leafCount == 0 ? "" : "the tree is empty but counts leaves";
    if (m_nodes[m_root].parent != -1)
        return "the root has a parent";
    int32_t leaves = 0;
    int32_t reached = 0;
    std::set<int32_t> objects;
    std::vector<int32_t> stack{m_root};
    while (!stack.empty()) {
        const int32_t index = stack.back();
        stack.pop_back();
        const TeachingNode& node = m_nodes[index];
        const std::string name = "node " + std::to_string(index);
        ++reached;
        if (node.free)
            return name + " is free but reachable";
        if (node.isLeaf()) {
            ++leaves;
            if (node.height != 0)
                return name + " is a leaf of height " + std::to_string(node.height);
            if (!objects.insert(node.object).second)
                return name + " repeats object " + std::to_string(node.object);
            continue;
        }
        for (const int32_t child : {node.child1, node.child2}) {
            if (child < 0 || child >= static_cast<int32_t>(m_nodes.size()))
                return name + " has a child out of range";
            if (m_nodes[child].parent != index)
                return name + "'s child " + std::to_string(child) + " names another parent";
            stack.push_back(child);
        }
        const TeachingNode& a = m_nodes[node.child1];
        const TeachingNode& b = m_nodes[node.child2];
        if (!sameBox(node.box, vox::unionOf(a.box, b.box)))
            return name + "'s box is not the union of its children's";
        if (node.height != 1 + std::max(a.height, b.height))
            return name + "'s height is wrong";
    }
    if (leaves != m_leafCount)
        return "counted " + std::to_string(leaves) + " leaves, expected " + std::to_string(m_leafCount);
    int32_t free = 0;
    for (int32_t index = m_freeList; index >= 0; index = m_nodes[index].parent) {
        if (!m_nodes[index].free)
            return "node " + std::to_string(index) + " is on the free list but in use";
        if (++free > static_cast<int32_t>(m_nodes.size()))
            return "the free list loops";
    }
    if (reached + free != static_cast<int32_t>(m_nodes.size()))
        return "some nodes are neither in the tree nor free";
    return "";
}

int32_t TeachingTree::depth(int32_t node) const {
    int32_t edges = 0;
    for (int32_t index = m_nodes[node].parent; index >= 0; index = m_nodes[index].parent)
        ++edges;
    return edges;
}

float TeachingTree::internalArea() const {
    float area = 0.0f;
    for (const TeachingNode& node : m_nodes)
        if (!node.free && !node.isLeaf())
            area += node.box.surfaceArea();
    return area;
}

} // namespace samples
