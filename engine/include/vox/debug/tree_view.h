#pragma once
/// @file
/// The tree visualiser: turns a `DynamicAabbTree` into wireframe boxes in a `LineBatch`.
///
///     vox::TreeViewSettings view;                 // which layers, which depths
///     vox::TreeViewCounts drawn = vox::addTreeBoxes(tree, view, tightBoxOf, lines);
///
/// Every internal node becomes a box coloured by its depth (`depthColor`, a perceptual ramp; the root is
/// depth 0), every leaf its fat box and its object's tight box in two fixed colours. A depth filter
/// keeps the internal nodes from `minDepth` to `maxDepth` only; leaves are always shown (with their
/// layer on) so the objects stay visible while the upper levels are hidden.

#include "vox/broadphase/aabb.h"
#include "vox/broadphase/dynamic_aabb_tree.h"
#include "vox/broadphase/proxy_id.h"
#include "vox/debug/line_batch.h"

#include <glm/vec4.hpp>

#include <cstdint>
#include <functional>
#include <optional>

namespace vox {

/// What `addTreeBoxes` draws.
struct TreeViewSettings {
    bool internalNodes = true;                     ///< One box per internal node, coloured by depth.
    bool fatBoxes = true;                          ///< Each leaf's fat box.
    bool tightBoxes = true;                        ///< Each leaf's tight box (from the callback).
    bool staticTree = true;                        ///< Include the tree of static proxies.
    int32_t minDepth = 0;                          ///< Internal nodes shallower than this are hidden.
    int32_t maxDepth = 64;                         ///< Internal nodes deeper than this are hidden.
    int32_t rampDepth = 8;                         ///< Depth given the last colour of the ramp.
    glm::vec4 fatColor{0.25f, 0.85f, 1.0f, 0.75f}; ///< Fat boxes (sRGB, straight alpha).
    glm::vec4 tightColor{1.0f, 1.0f, 1.0f, 0.95f}; ///< Tight boxes.
    float internalAlpha = 0.7f;                    ///< Opacity of internal nodes' boxes.
};

/// How many boxes `addTreeBoxes` added, by kind.
struct TreeViewCounts {
    int32_t internalBoxes = 0; ///< Internal nodes drawn.
    int32_t fatBoxes = 0;      ///< Leaves' fat boxes drawn.
    int32_t tightBoxes = 0;    ///< Tight boxes drawn.
    int32_t deepest = 0;       ///< Largest depth of any node visited (drawn or not).
};

/// The tight box of the object behind a proxy (`proxy`, with its `userData`); nothing when unknown.
using TightBoxSource = std::function<std::optional<Aabb>(ProxyId proxy, uint64_t userData)>;

/// Colour of an internal node at `depth`: a perceptual ramp (plasma, purple to yellow, its darkest end
/// cut off so it shows on a dark scene) from depth 0 to `rampDepth`, clamped beyond. Opaque.
[[nodiscard]] glm::vec4 depthColor(int32_t depth, int32_t rampDepth);

/// Adds `tree`'s boxes to `lines` as `settings` says (12 segments each) and returns the counts. With every
/// layer on and no depth filter, the counts equal the tree's internal nodes and proxies (tight boxes: the
/// proxies `tightBoxOf` knows). O(n).
TreeViewCounts addTreeBoxes(const DynamicAabbTree& tree, const TreeViewSettings& settings,
                            const TightBoxSource& tightBoxOf, LineBatch& lines);

} // namespace vox
