// DynamicAabbTree::visitNodes: the read-only walk behind debug views, kept apart from the tree's hot code.
#include "vox/broadphase/dynamic_aabb_tree.h"

#include <utility>

namespace vox {

void DynamicAabbTree::visitNodes(void (*onNode)(const void* visitor, const TreeNodeInfo& node),
                                 const void* visitor) const {
    for (size_t tree = 0; tree < m_roots.size(); ++tree) {
        const Ref root = m_roots[tree];
        if (root == kNullRef)
            continue;
        Stack<std::pair<Ref, int32_t>, 128> stack;
        stack.push({root, 0});
        while (!stack.empty()) {
            const auto [ref, depth] = stack.pop();
            TreeNodeInfo info{boxOf(ref), depth, {}, tree == 1};
            if (isLeaf(ref)) {
                info.proxy = handleOf(indexOf(ref));
                onNode(visitor, info);
                continue;
            }
            onNode(visitor, info);
            const Node& node = m_nodes[indexOf(ref)];
            stack.push({node.child(1), depth + 1});
            stack.push({node.child(0), depth + 1});
        }
    }
}

} // namespace vox
