#include "vox/broadphase/dynamic_aabb_tree.h"

#include "broadphase/box_error.h"
#include "vox/core/assert.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <string>
#include <utility>

namespace vox {
namespace {
// The box that overlaps nothing and leaves any box unchanged in a union (min +inf, max -inf).
const Aabb kNoBox{glm::vec3(INFINITY), glm::vec3(-INFINITY)};

// The error of validate() and its parts: the first broken invariant, named.
Status invalidTree(const std::string& what) {
    return Status(Error{"DynamicAabbTree::validate: " + what});
}
} // namespace

/// One subtree (or leaf) fed to the binned SAH build.
struct DynamicAabbTree::BuildItem {
    Aabb box;
    glm::vec3 center2; // min + max: twice the centre, enough to order and bin
    Ref ref;
};

// --- Settings ---------------------------------------------------------------------------------------------

namespace {
bool validMargin(float value) {
    return std::isfinite(value) && value >= 0.0f && value <= TreeSettings::kMaxMargin;
}
bool validPredictionFactor(float value) {
    return std::isfinite(value) && value >= 0.0f && value <= TreeSettings::kMaxPredictionFactor;
}
bool validStepSeconds(float value) {
    return std::isfinite(value) && value > 0.0f;
}
bool validSteadyDoublings(int32_t value) {
    return value >= 0 && value <= TreeSettings::kMaxSteadyDoublings;
}
bool validSteadyMarginScale(float value) {
    return std::isfinite(value) && value >= 0.0f && value <= 1.0f;
}

// `settings`, reported to the assert handler (in every build) when invalid, with the default for each bad
// field.
bool validGridMode(TreeGridMode mode) {
    return mode == TreeGridMode::Automatic || mode == TreeGridMode::Never || mode == TreeGridMode::Always;
}

TreeSettings checkedSettings(const TreeSettings& settings) {
    const Status status = settings.validate();
    if (status.ok()) [[likely]]
        return settings;
    const std::string message = status.error().message +
                                " The tree takes the default for each bad field; TreeSettings::validate() or "
                                "DynamicAabbTree::create return this as an error instead.";
    detail::reportMisuse("settings.validate().ok()", message.c_str(), __FILE__, __LINE__);
    const TreeSettings defaults;
    TreeSettings fixed = settings;
    if (!validMargin(fixed.margin))
        fixed.margin = defaults.margin;
    if (!validPredictionFactor(fixed.predictionFactor))
        fixed.predictionFactor = defaults.predictionFactor;
    if (!validStepSeconds(fixed.stepSeconds))
        fixed.stepSeconds = defaults.stepSeconds;
    if (!validSteadyDoublings(fixed.steadyDoublings))
        fixed.steadyDoublings = defaults.steadyDoublings;
    if (!validSteadyMarginScale(fixed.steadyMarginScale))
        fixed.steadyMarginScale = defaults.steadyMarginScale;
    if (!validGridMode(fixed.gridMode))
        fixed.gridMode = defaults.gridMode;
    return fixed;
}
} // namespace

Status TreeSettings::validate() const {
    std::string errors;
    if (!validMargin(margin))
        detail::appendSettingError(errors, "TreeSettings::margin", margin,
                                   "finite, >= 0 and <= 1e+15 (world units)");
    if (!validPredictionFactor(predictionFactor))
        detail::appendSettingError(errors, "TreeSettings::predictionFactor", predictionFactor,
                                   "finite, >= 0 and <= 1e+06 (steps of travel)");
    if (!validStepSeconds(stepSeconds))
        detail::appendSettingError(errors, "TreeSettings::stepSeconds", stepSeconds,
                                   "finite and > 0 (seconds)");
    if (!validSteadyDoublings(steadyDoublings))
        detail::appendSettingError(errors, "TreeSettings::steadyDoublings", steadyDoublings, "in 0 .. 8");
    if (!validSteadyMarginScale(steadyMarginScale))
        detail::appendSettingError(errors, "TreeSettings::steadyMarginScale", steadyMarginScale,
                                   "finite and in 0 .. 1 (a fraction of margin)");
    if (!validGridMode(gridMode))
        detail::appendSettingError(errors, "TreeSettings::gridMode", static_cast<int32_t>(gridMode),
                                   "TreeGridMode::Automatic (0), Never (1) or Always (2)");
    if (errors.empty())
        return {};
    return Error{errors};
}

Result<DynamicAabbTree> DynamicAabbTree::create(const TreeSettings& settings) {
    if (const Status status = settings.validate(); !status.ok())
        return status.error();
    return DynamicAabbTree(settings);
}

DynamicAabbTree::DynamicAabbTree(const TreeSettings& settings) : m_settings(checkedSettings(settings)) {
    if (m_settings.gridMode == TreeGridMode::Always)
        enterGridMode();
}
DynamicAabbTree::~DynamicAabbTree() = default;
DynamicAabbTree::DynamicAabbTree(DynamicAabbTree&&) noexcept = default;
DynamicAabbTree& DynamicAabbTree::operator=(DynamicAabbTree&&) noexcept = default;
DynamicAabbTree::DynamicAabbTree(const DynamicAabbTree&) = default;
DynamicAabbTree& DynamicAabbTree::operator=(const DynamicAabbTree&) = default;

// --- Handles and proxies ----------------------------------------------------------------------------------

uint32_t DynamicAabbTree::allocateProxy(const Aabb& fatBox, uint64_t userData, ProxyType type) {
    uint32_t proxy = m_freeProxy;
    if (proxy != kNullIndex) {
        m_freeProxy = m_proxyParents[proxy];
    } else {
        proxy = static_cast<uint32_t>(m_proxyWord.size());
        m_fatBoxes.emplace_back();
        m_currentBoxes.emplace_back();
        m_proxyWord.push_back(0);
        m_proxyParents.push_back(kNullIndex);
        m_userData.push_back(0);
        m_stepFlags.push_back(0);
        m_pendingIndex.push_back(kNotPending);
        m_dynamicPosition.push_back(0);
        m_level.push_back(0);
        m_marginLevel.push_back(0);
        m_levelCap.push_back(0);
        m_excessPairs.push_back(0);
    }
    m_level[proxy] = kFreshLevel;
    m_marginLevel[proxy] = 0;
    m_levelCap[proxy] = static_cast<int8_t>(m_settings.steadyDoublings);
    if (type == ProxyType::Dynamic) {
        m_dynamicPosition[proxy] = static_cast<uint32_t>(m_dynamicProxies.size());
        m_dynamicProxies.push_back(proxy);
    }
    m_fatBoxes[proxy] = fatBox;
    m_currentBoxes[proxy] = fatBox;
    m_userData[proxy] = userData;
    m_proxyWord[proxy] = static_cast<ProxyWord>((generationOf(proxy) << kGenerationShift) | kAliveBit |
                                                (type == ProxyType::Static ? kStaticBit : 0u));
    m_proxyParents[proxy] = kNullIndex;
    ++m_proxyCount;
    return proxy;
}

Result<ProxyId> DynamicAabbTree::createWithFatBox(const Aabb& box, const Aabb& fatBox, uint64_t userData,
                                                  ProxyType type, const ProxyFilter& filter) {
    if (!box.isValid() || !fatBox.isValid())
        return detail::invalidBoxError("DynamicAabbTree::createProxy", box.isValid() ? fatBox : box);
    if (m_proxyCount >= kMaxProxies)
        return Error{"DynamicAabbTree::createProxy: the tree is full (" + std::to_string(kMaxProxies) +
                     " proxies); destroy proxies or use a second tree"};
    const uint32_t proxy = allocateProxy(fatBox, userData, type);
    if (!m_filters.empty() || !filter.isDefault())
        storeFilter(proxy, filter);
    if (!m_gridMode || type == ProxyType::Static)
        insertLeaf(proxy, kNullIndex);
    markMoved(proxy, box);
    markChanged(proxy);
    return handleOf(proxy);
}

Result<ProxyId> DynamicAabbTree::createProxy(const Aabb& box, uint64_t userData, ProxyType type,
                                             const ProxyFilter& filter) {
    return createWithFatBox(box, fatten(box, glm::vec3(0.0f), type, {m_settings.margin, 0.0f}), userData,
                            type, filter);
}

Result<ProxyId> DynamicAabbTree::createProxy(const IAABB& object, uint64_t userData, ProxyType type,
                                             const ProxyFilter& filter) {
    const Aabb box = object.aabb();
    // The slot is not known yet: the stretch uses the plain factor; later moves use the slot's own.
    return createWithFatBox(box,
                            fatten(box, object.velocity() * m_settings.stepSeconds, type,
                                   {m_settings.margin, m_settings.predictionFactor}),
                            userData, type, filter);
}

Status DynamicAabbTree::createProxies(std::span<const BulkProxy> proxies, std::span<ProxyId> ids) {
    VOX_ASSERT(ids.size() == proxies.size(), "createProxies: ids must have one slot per proxy");
    if (ids.size() != proxies.size())
        return Error{"DynamicAabbTree::createProxies: ids has " + std::to_string(ids.size()) + " slots for " +
                     std::to_string(proxies.size()) + " proxies"};
    // The count first: a request too large is refused without reading it.
    if (static_cast<int64_t>(m_proxyCount) + static_cast<int64_t>(proxies.size()) > kMaxProxies)
        return Error{"DynamicAabbTree::createProxies: " + std::to_string(proxies.size()) +
                     " more proxies would exceed the limit of " + std::to_string(kMaxProxies)};
    for (size_t i = 0; i < proxies.size(); ++i)
        if (!proxies[i].box.isValid())
            return detail::invalidBoxError(
                ("DynamicAabbTree::createProxies: proxy " + std::to_string(i)).c_str(), proxies[i].box);
    for (size_t i = 0; i < proxies.size(); ++i) {
        const uint32_t proxy =
            allocateProxy(fatten(proxies[i].box, glm::vec3(0.0f), proxies[i].type, {m_settings.margin, 0.0f}),
                          proxies[i].userData, proxies[i].type);
        if (!m_filters.empty() || !proxies[i].filter.isDefault())
            storeFilter(proxy, proxies[i].filter);
        markMoved(proxy, proxies[i].box);
        markChanged(proxy);
        ids[i] = handleOf(proxy);
    }
    rebuild(); // collects every live proxy, the new ones included
    return {};
}

bool DynamicAabbTree::destroyProxy(ProxyId id) {
    if (!check(id, "DynamicAabbTree::destroyProxy"))
        return false;
    const auto proxy = static_cast<uint32_t>(id.index());
    if (!m_gridMode || proxyIsStatic(proxy))
        removeLeaf(proxy);
    m_pendingIndex[proxy] = kNotPending;
    if (!proxyIsStatic(proxy)) {
        const uint32_t last = m_dynamicProxies.back();
        m_dynamicProxies[m_dynamicPosition[proxy]] = last;
        m_dynamicPosition[last] = m_dynamicPosition[proxy];
        m_dynamicProxies.pop_back();
    }
    markMoved(proxy, m_fatBoxes[proxy]);
    markChanged(proxy); // its pairs are dropped at the next updatePairs
    const uint32_t generation = (generationOf(proxy) + 1) & kGenerationMask;
    m_proxyWord[proxy] = static_cast<ProxyWord>(generation << kGenerationShift);
    m_proxyParents[proxy] = m_freeProxy;
    m_freeProxy = proxy;
    --m_proxyCount;
    return true;
}

bool DynamicAabbTree::moveProxySlow(uint32_t proxy, const Aabb& box, const glm::vec3& displacement) {
    if (!box.isValid())
        return false;
    const bool isStatic = proxyIsStatic(proxy);
    if (isStatic) {
        markMoved(proxy, box);
        const Aabb& current = m_fatBoxes[proxy];
        if (!(current.min == box.min && current.max == box.max)) // static boxes stay exact
            refatten(proxy, box);
        return true;
    }
    // The first re-fattening after creation says nothing about the motion (a creation box has no stretch):
    // the mode's measure (chooseMode) leaves it out.
    const bool fresh = m_level[proxy] == kFreshLevel;
    m_motionRefattened += fresh ? 0 : 1;
    Fattening fattening;
    if (m_gridMode) {
        // In grid mode a fat box only measures the motion: the same level, no judgement.
        fattening = fatteningAt(proxy, fresh ? 0 : m_level[proxy], m_marginLevel[proxy], false);
    } else {
        fattening = fatteningFor(proxy, box, displacement);
    }
    markMoved(proxy, box);
    m_level[proxy] = fattening.level;
    m_marginLevel[proxy] = fattening.marginLevel;
    refatten(proxy, fatten(box, displacement, ProxyType::Dynamic, fattening));
    return true;
}

DynamicAabbTree::Fattening DynamicAabbTree::fatteningAt(uint32_t proxy, int32_t level, int32_t marginLevel,
                                                        bool steady) const {
    // 2^k for the levels kMinLevel .. kMaxSteadyDoublings, exact (a table: no library call on the way).
    static constexpr auto kPowers = [] {
        std::array<float, TreeSettings::kMaxSteadyDoublings - kMinLevel + 1> powers{};
        float value = 1.0f;
        for (int32_t k = 0; k < -kMinLevel; ++k)
            value *= 0.5f;
        for (float& power : powers) {
            power = value;
            value *= 2.0f;
        }
        return powers;
    }();
    const auto power = [](int32_t k) { return kPowers[static_cast<size_t>(k - kMinLevel)]; };
    const float margin = (level >= 1 ? m_settings.margin * m_settings.steadyMarginScale : m_settings.margin) *
                         power(marginLevel);
    return {margin, basePrediction(proxy) * power(level), static_cast<int8_t>(level),
            static_cast<int8_t>(marginLevel), steady};
}

DynamicAabbTree::Fattening DynamicAabbTree::fatteningFor(uint32_t proxy, const Aabb& box,
                                                         const glm::vec3& displacement) const {
    // The proxy's level says how its fat box was made. Along the main axis of the motion, the box's extent
    // beyond the tight box is two margins plus the stretch: if the stretch matches this step's displacement,
    // the proxy has moved steadily since it was last fattened, and earns the next level (twice the stretch,
    // the slim margin). Steady motion gives an exact match (up to rounding); erratic motion almost never
    // does. Either way the level stays under the cap its last fat box's pairs allowed.
    const int32_t level = m_level[proxy] == kFreshLevel ? 0 : m_level[proxy];
    const int32_t cap = m_levelCap[proxy];
    const Aabb& fat = m_fatBoxes[proxy];
    const glm::vec3 motion = glm::abs(displacement);
    float move, excess, extent; // along the main axis of the motion (components named: cheaper than indexing)
    if (motion.x >= motion.y && motion.x >= motion.z) {
        move = motion.x;
        extent = box.max.x - box.min.x;
        excess = (fat.max.x - fat.min.x) - extent;
    } else if (motion.y >= motion.z) {
        move = motion.y;
        extent = box.max.y - box.min.y;
        excess = (fat.max.y - fat.min.y) - extent;
    } else {
        move = motion.z;
        extent = box.max.z - box.min.z;
        excess = (fat.max.z - fat.min.z) - extent;
    }
    // A plain fat box (no steady motion seen yet: a new proxy, a turn) reaches at most
    // kPlainReach times the box's own extent (with its margins) ahead: a fast mover starts modestly and earns
    // more through steady motion, as far as what its fat boxes cost allows.
    const int32_t marginLevel = std::min(0, cap);
    int32_t plainLevel = marginLevel;
    const float reach = kPlainReach * (extent + 2.0f * m_settings.margin);
    const float plainStretch = basePrediction(proxy) * move;
    if (plainStretch > reach)
        plainLevel = std::min(plainLevel, std::max(kMinLevel, -1 - std::ilogb(plainStretch / reach)));
    const Fattening plain = fatteningAt(proxy, plainLevel, marginLevel, false);
    if (!(move > 0.0f))
        return plain;
    const Fattening current = fatteningAt(proxy, level, m_marginLevel[proxy], false);
    const float stretch = current.prediction * move;
    // A measured stretch is the one a fattening gave when it matches it up to rounding (1/64 is generous).
    if (!(stretch > 0.0f) ||
        !(std::abs(excess - 2.0f * current.margin - stretch) <= stretch * (1.0f / 64.0f)))
        return plain;
    return fatteningAt(proxy, std::min({level + 1, m_settings.steadyDoublings, cap}), marginLevel, true);
}

bool DynamicAabbTree::moveProxy(ProxyId id, const IAABB& object) {
    return moveProxy(id, object.aabb(), object.velocity() * m_settings.stepSeconds);
}

Aabb DynamicAabbTree::fatBox(ProxyId id) const {
    return check(id, "DynamicAabbTree::fatBox") ? m_fatBoxes[static_cast<size_t>(id.index())] : Aabb{};
}

Aabb DynamicAabbTree::tightBox(ProxyId id) const {
    return check(id, "DynamicAabbTree::tightBox") ? m_currentBoxes[static_cast<size_t>(id.index())] : Aabb{};
}

bool DynamicAabbTree::setFilter(ProxyId id, const ProxyFilter& filter) {
    if (!check(id, "DynamicAabbTree::setFilter"))
        return false;
    const auto proxy = static_cast<uint32_t>(id.index());
    if ((m_filters.empty() ? ProxyFilter{} : m_filters[proxy]) == filter)
        return true;
    storeFilter(proxy, filter);
    // As a re-fattening without a new fat box: the next updatePairs drops the proxy's tracked pairs and
    // finds again those the new filter accepts (addPair), and reports them as a moved proxy's.
    markMoved(proxy, m_currentBoxes[proxy]);
    markChanged(proxy);
    return true;
}

ProxyFilter DynamicAabbTree::filter(ProxyId id) const {
    if (!check(id, "DynamicAabbTree::filter") || m_filters.empty())
        return ProxyFilter{};
    return m_filters[static_cast<size_t>(id.index())];
}

void DynamicAabbTree::refatten(uint32_t proxy, const Aabb& fatBox) {
    ++m_refattenedThisStep;
    markChanged(proxy);
    m_fatBoxes[proxy] = fatBox;
    // A step of a game re-fattens a few proxies, but now and then many at once (a formation that turns):
    // reinserting them all would make that step a spike. In that regime (the levelling one, where a step
    // averages few changes) a dynamic leaf keeps its place and is pending, and the tree work is spread over
    // later steps. A static proxy that moves is reinserted.
    if (m_gridMode && !proxyIsStatic(proxy))
        return; // no dynamic tree to update in grid mode (dynamic_aabb_tree_grid.cpp)
    if (m_levellingBudget == 0 || proxyIsStatic(proxy)) {
        relocateLeaf(proxy);
    } else if (!isPending(proxy)) {
        m_pendingIndex[proxy] = static_cast<uint32_t>(m_pending.size());
        m_pending.push_back(proxy);
    }
}

void DynamicAabbTree::relocateLeaf(uint32_t proxy) {
    // Out, and back in where the surface-area heuristic wants it. The search starts at the lowest ancestor
    // that still contains the fat box: a small move stays local and cheap (the descent from the root is the
    // expensive part of an insertion), and nothing above that ancestor changes.
    const Aabb& fatBox = m_fatBoxes[proxy];
    m_pendingIndex[proxy] = kNotPending; // placed by the insertion: its ancestors contain it
    uint32_t start = removeLeaf(proxy);
    while (start != kNullIndex && !contains(m_nodes[start].box, fatBox))
        start = nodeParent(start);
    insertLeaf(proxy, start);
}

bool DynamicAabbTree::isWellPlaced(uint32_t proxy) const {
    const uint32_t parent = proxyParent(proxy);
    if (parent == kNullIndex)
        return true;
    const Node& p = m_nodes[parent];
    const Aabb& sibling = boxOf(p.child(0) == leafRef(proxy) ? p.child(1) : p.child(0));
    const Aabb& box = m_fatBoxes[proxy];
    return unionArea(box, sibling) <= kMisplacedArea * (box.surfaceArea() + sibling.surfaceArea());
}

// --- Nodes -----------------------------------------------------------------------------------------------

uint32_t DynamicAabbTree::allocateNode() {
    uint32_t node = m_freeNode;
    if (node != kNullIndex) {
        m_freeNode = m_nodes[node].child(0);
    } else {
        node = static_cast<uint32_t>(m_nodes.size());
        VOX_ASSERT(node < kNullIndex, "DynamicAabbTree: node index space exhausted");
        m_nodes.emplace_back();
        m_nodeParents.push_back(kNullIndex);
    }
    m_nodes[node].links = 0;
    m_nodeParents[node] = kNullIndex;
    ++m_nodeCount;
    return node;
}

void DynamicAabbTree::freeNode(uint32_t node) {
    m_nodes[node].links = 0;
    m_nodes[node].setChild(0, m_freeNode);
    m_nodeParents[node] = kNullIndex;
    m_freeNode = node;
    --m_nodeCount;
}

void DynamicAabbTree::setParentOf(Ref ref, uint32_t parent) {
    if (isLeaf(ref))
        setProxyParent(indexOf(ref), parent);
    else
        setNodeParent(indexOf(ref), parent);
}

void DynamicAabbTree::replaceChild(uint32_t parent, Ref oldChild, Ref newChild, Ref& root) {
    if (parent == kNullIndex) {
        root = newChild;
    } else {
        Node& p = m_nodes[parent];
        p.setChild(p.child(0) == oldChild ? 0 : 1, newChild);
    }
    setParentOf(newChild, parent);
}

// --- Insertion and removal -----------------------------------------------------------------------------

void DynamicAabbTree::insertLeaf(uint32_t proxy, uint32_t subtree) {
    Ref& root = rootOf(proxy);
    const Ref leaf = leafRef(proxy);
    if (root == kNullRef) {
        root = leaf;
        setProxyParent(proxy, kNullIndex);
        return;
    }
    const Ref top = subtree == kNullIndex ? root : subtree;

    // Branch and bound over the siblings (Bittner et al. 2013, as in Box2D v3): making node S the sibling
    // costs area(S u L) plus the growth of every ancestor of S. The growth only accumulates going down, so
    // a subtree whose lower bound already exceeds the best cost found is skipped.
    const Aabb& leafBox = m_fatBoxes[proxy];
    const float leafArea = leafBox.surfaceArea();
    Ref current = top;
    float currentArea = boxOf(top).surfaceArea();
    float directCost = unionArea(boxOf(top), leafBox);
    float inheritedCost = 0.0f;
    Ref best = top;
    float bestCost = directCost;
    // Ties (identical boxes, nested boxes) go down the shorter subtree, so that even a thousand identical
    // boxes make a balanced tree.
    while (!isLeaf(current)) {
        const Node& node = m_nodes[indexOf(current)];
        const float cost = directCost + inheritedCost;
        if (cost <= bestCost) {
            best = current;
            bestCost = cost;
        }
        inheritedCost += directCost - currentArea;

        float lowerBound[2], childArea[2], childDirect[2];
        bool leafChild[2];
        for (int k = 0; k < 2; ++k) {
            const Ref child = node.child(k);
            const Aabb& box = boxOf(child);
            childDirect[k] = unionArea(box, leafBox);
            leafChild[k] = isLeaf(child);
            childArea[k] = box.surfaceArea();
            if (leafChild[k]) {
                const float childCost = childDirect[k] + inheritedCost;
                if (childCost <= bestCost) {
                    best = child;
                    bestCost = childCost;
                }
                lowerBound[k] = INFINITY;
            } else {
                lowerBound[k] = inheritedCost + childDirect[k] + std::min(leafArea - childArea[k], 0.0f);
            }
        }
        if (leafChild[0] && leafChild[1])
            break;
        if (bestCost < lowerBound[0] && bestCost < lowerBound[1])
            break;
        int next = lowerBound[1] < lowerBound[0] ? 1 : 0;
        if (lowerBound[0] == lowerBound[1])
            next = heightOf(node.child(1)) < heightOf(node.child(0)) ? 1 : 0;
        current = node.child(next);
        currentArea = childArea[next];
        directCost = childDirect[next];
    }

    const uint32_t oldParent = isLeaf(best) ? proxyParent(indexOf(best)) : nodeParent(indexOf(best));
    const uint32_t node = allocateNode();
    Node& n = m_nodes[node];
    n.box = unionOf(boxOf(best), leafBox);
    n.setChild(0, best);
    n.setChild(1, leaf);
    n.setHeight(1 + heightOf(best));
    replaceChild(oldParent, best, node, root);
    setParentOf(best, node);
    setProxyParent(proxy, node);
    rotate(node, false); // balance at the new node (refitted when it rotates)
    // Rotations for area only for a leaf that came in from the root (a new proxy). A re-inserted leaf was
    // just placed by the search in its own neighbourhood, and rotating after it cost more than the better
    // area saved in every benchmark workload (docs/benchmarks.md): only balance is kept up there.
    refitAndRotate(oldParent, subtree == kNullIndex ? kNullIndex : oldParent);
}

uint32_t DynamicAabbTree::removeLeaf(uint32_t proxy) {
    Ref& root = rootOf(proxy);
    const uint32_t parent = proxyParent(proxy);
    setProxyParent(proxy, kNullIndex);
    if (parent == kNullIndex) {
        root = kNullRef;
        return kNullIndex;
    }
    const Node& p = m_nodes[parent];
    const Ref sibling = p.child(0) == leafRef(proxy) ? p.child(1) : p.child(0);
    const uint32_t grandParent = nodeParent(parent);
    replaceChild(grandParent, parent, sibling, root);
    freeNode(parent);
    refitAndRotate(grandParent, grandParent); // shrink the ancestors to their children again, and rebalance
    return grandParent;
}

namespace {
// Heights of two siblings may differ by this much before a rotation is forced. Strict AVL balance (1) costs a
// lot of tree quality: a good SAH tree is rarely perfectly balanced (random boxes inserted one by one reach
// an area ratio of 718 with 1, 259 with 4, against 181 for a full SAH build). 4 still bounds the height:
// nested or sorted input cannot grow a chain.
constexpr int32_t kMaxHeightDifference = 4;
} // namespace

void DynamicAabbTree::refitAndRotate(uint32_t node, uint32_t areaLimit) {
    bool areaRotations = true;
    while (node != kNullIndex) {
        areaRotations = areaRotations && node != areaLimit;
        Node& n = m_nodes[node];
        const Aabb box = unionOf(boxOf(n.child(0)), boxOf(n.child(1)));
        const bool boxChanged = !(box.min == n.box.min && box.max == n.box.max);
        n.box = box;
        // Rotations for area only where the region changed; above it only heights move, and only balance
        // can call for a rotation.
        const int32_t heights[2] = {heightOf(n.child(0)), heightOf(n.child(1))};
        const bool mayRotate =
            (areaRotations && boxChanged) || std::abs(heights[0] - heights[1]) > kMaxHeightDifference;
        const bool rotated = mayRotate && rotate(node, areaRotations && boxChanged);
        const int32_t height = rotated ? 1 + std::max(heightOf(n.child(0)), heightOf(n.child(1)))
                                       : 1 + std::max(heights[0], heights[1]);
        // Nothing above can change once a node keeps its box and height.
        if (!rotated && !boxChanged && height == n.height())
            return;
        n.setHeight(height);
        node = nodeParent(node);
    }
}

void DynamicAabbTree::updateHeight(uint32_t node) {
    Node& n = m_nodes[node];
    n.setHeight(1 + std::max(heightOf(n.child(0)), heightOf(n.child(1))));
}

bool DynamicAabbTree::rotate(uint32_t node, bool areaRotations) {
    bool rotated = false;
    bool forced = false;
    // A forced rotation may leave the node still out of balance (a box enclosing everything, inserted at the
    // root, hangs beside the whole tree): repeat until it is balanced. Each round strictly lowers the height
    // difference, so this ends.
    for (uint32_t inner; (inner = rotateOnce(node, areaRotations && !rotated, forced)) != kNullIndex;) {
        rotated = true;
        if (!forced)
            break;
        // The child pushed down may in turn hang beside a taller sibling: push it further down, then fix the
        // heights from the bottom.
        Stack<uint32_t, 64> path;
        for (uint32_t n = inner; n != kNullIndex; n = rotateOnce(n, false, forced))
            path.push(n);
        while (!path.empty())
            refitNode(path.pop());
    }
    // A rotation keeps the set of leaves below `node`, so its box is right as it was, unless a pending leaf
    // (which may lie outside its ancestors) moved under a new parent: refit it.
    if (rotated)
        refitNode(node);
    return rotated;
}

void DynamicAabbTree::refitNode(uint32_t node) {
    Node& n = m_nodes[node];
    n.box = unionOf(boxOf(n.child(0)), boxOf(n.child(1)));
    n.setHeight(1 + std::max(heightOf(n.child(0)), heightOf(n.child(1))));
}

uint32_t DynamicAabbTree::rotateOnce(uint32_t node, bool areaRotations, bool& forced) {
    // Tree rotation (Kopta et al. 2012; Box2D v3): swap one child ("outer") with a grandchild on the other
    // side ("inner"'s child). Only inner's box changes; node's does not (but see rotate). Two reasons to
    // rotate:
    //  - balance: when the children's heights differ by more than kMaxHeightDifference (nested boxes would
    //    otherwise grow a chain), a swap that reduces the difference is forced, the best for area among them;
    //  - quality: otherwise, the swap that shrinks inner's surface area most, if it keeps the heights within
    //    kMaxHeightDifference.
    const Ref children[2] = {m_nodes[node].child(0), m_nodes[node].child(1)};
    const int32_t heights[2] = {heightOf(children[0]), heightOf(children[1])};
    const int32_t imbalance = std::abs(heights[0] - heights[1]);
    forced = imbalance > kMaxHeightDifference;
    if (!forced && !areaRotations)
        return kNullIndex;
    float bestGain = forced ? -INFINITY : 0.0f;
    int32_t bestImbalance = imbalance;
    int bestOuter = -1, bestGrandChild = -1;
    for (int outerSlot = 0; outerSlot < 2; ++outerSlot) {
        const Ref inner = children[1 - outerSlot];
        if (isLeaf(inner))
            continue;
        const Node& in = m_nodes[indexOf(inner)];
        const Ref grandChildren[2] = {in.child(0), in.child(1)};
        const int32_t grandHeights[2] = {heightOf(grandChildren[0]), heightOf(grandChildren[1])};
        const Aabb& outerBox = boxOf(children[outerSlot]);
        const float innerArea = in.box.surfaceArea();
        for (int k = 0; k < 2; ++k) {
            // After the swap: node = (grandChild k, inner'), inner' = (outer, other grandchild).
            const int32_t innerHeight = 1 + std::max(heights[outerSlot], grandHeights[1 - k]);
            const int32_t newImbalance = std::abs(grandHeights[k] - innerHeight);
            const bool balanced = newImbalance <= kMaxHeightDifference &&
                                  std::abs(heights[outerSlot] - grandHeights[1 - k]) <= kMaxHeightDifference;
            if (forced ? newImbalance > bestImbalance : !balanced)
                continue;
            // Forced: the most balanced result first, then area. Otherwise: area.
            const float gain = innerArea - unionArea(outerBox, boxOf(grandChildren[1 - k]));
            if ((forced && newImbalance < bestImbalance) || gain > bestGain) {
                bestImbalance = newImbalance;
                bestGain = gain;
                bestOuter = outerSlot;
                bestGrandChild = k;
            }
        }
    }
    if (bestOuter < 0)
        return kNullIndex;
    const Ref outer = children[bestOuter];
    const uint32_t inner = indexOf(children[1 - bestOuter]);
    Node& in = m_nodes[inner];
    const Ref grandChild = in.child(bestGrandChild);
    in.setChild(bestGrandChild, outer);
    in.box = unionOf(boxOf(outer), boxOf(in.child(1 - bestGrandChild)));
    setParentOf(outer, inner);
    updateHeight(inner);
    m_nodes[node].setChild(bestOuter, grandChild);
    setParentOf(grandChild, node);
    return inner;
}

// --- Rebuilding ----------------------------------------------------------------------------------------

namespace {
struct BuildTask {
    uint32_t begin, end, parent;
    int slot;
};
constexpr int kBinCount = 16;
} // namespace

uint32_t DynamicAabbTree::sahSplit(uint32_t begin, uint32_t end, const glm::vec3& lo, const glm::vec3& hi) {
    std::vector<BuildItem>& items = m_buildItems;
    const uint32_t count = end - begin;
    // Split on the widest axis of the centres at the bin boundary of least SAH cost.
    const glm::vec3 extent = hi - lo;
    const int axis = extent.x >= extent.y ? (extent.x >= extent.z ? 0 : 2) : (extent.y >= extent.z ? 1 : 2);
    uint32_t mid = begin + count / 2;
    if (count > 2 && extent[axis] > 0.0f) {
        const float scale = static_cast<float>(kBinCount) * (1.0f - 1e-6f) / extent[axis];
        const auto binOf = [&](const BuildItem& item) {
            return std::min(kBinCount - 1, static_cast<int>((item.center2[axis] - lo[axis]) * scale));
        };
        std::array<Aabb, kBinCount> binBox;
        std::array<uint32_t, kBinCount> binCount{};
        for (uint32_t i = begin; i < end; ++i) {
            const int bin = binOf(items[i]);
            binBox[bin] = binCount[bin]++ == 0 ? items[i].box : unionOf(binBox[bin], items[i].box);
        }
        // Sweep from the right to get the cost of every right part, then from the left.
        std::array<float, kBinCount> rightCost{};
        Aabb acc;
        uint32_t accCount = 0;
        for (int bin = kBinCount - 1; bin > 0; --bin) {
            if (binCount[bin] > 0) {
                acc = accCount == 0 ? binBox[bin] : unionOf(acc, binBox[bin]);
                accCount += binCount[bin];
            }
            rightCost[bin] = accCount == 0 ? 0.0f : acc.surfaceArea() * static_cast<float>(accCount);
        }
        float bestCost = INFINITY;
        int bestSplit = -1; // bins <= bestSplit go left
        accCount = 0;
        for (int bin = 0; bin < kBinCount - 1; ++bin) {
            if (binCount[bin] > 0) {
                acc = accCount == 0 ? binBox[bin] : unionOf(acc, binBox[bin]);
                accCount += binCount[bin];
            }
            if (accCount == 0 || accCount == count)
                continue;
            const float cost = acc.surfaceArea() * static_cast<float>(accCount) + rightCost[bin + 1];
            if (cost < bestCost) {
                bestCost = cost;
                bestSplit = bin;
            }
        }
        if (bestSplit >= 0) {
            BuildItem* first = items.data() + begin;
            BuildItem* split = std::partition(
                first, items.data() + end, [&](const BuildItem& item) { return binOf(item) <= bestSplit; });
            mid = static_cast<uint32_t>(split - items.data());
        }
    }
    // Equal centres (or a failed split): halve by count, which keeps the height logarithmic.
    if (mid <= begin || mid >= end)
        mid = begin + count / 2;
    return mid;
}

DynamicAabbTree::Ref DynamicAabbTree::buildSubtree(std::vector<Ref>& refs) {
    if (refs.empty())
        return kNullRef;
    std::vector<BuildItem>& items = m_buildItems;
    items.resize(refs.size());
    m_builtNodes.clear();
    for (size_t i = 0; i < refs.size(); ++i) {
        const Aabb& box = boxOf(refs[i]);
        items[i] = {box, box.min + box.max, refs[i]};
    }

    Ref root = kNullRef;
    const auto attach = [&](Ref ref, uint32_t parent, int slot) {
        if (parent == kNullIndex)
            root = ref;
        else
            m_nodes[parent].setChild(slot, ref);
        setParentOf(ref, parent);
    };

    Stack<BuildTask, 64> tasks;
    tasks.push({0, static_cast<uint32_t>(items.size()), kNullIndex, 0});
    while (!tasks.empty()) {
        const BuildTask task = tasks.pop();
        const uint32_t count = task.end - task.begin;
        if (count == 1) {
            attach(items[task.begin].ref, task.parent, task.slot);
            continue;
        }
        const uint32_t node = allocateNode();
        attach(node, task.parent, task.slot);
        m_builtNodes.push_back(node);

        Aabb box = items[task.begin].box;
        glm::vec3 lo = items[task.begin].center2, hi = lo;
        for (uint32_t i = task.begin; i < task.end; ++i) {
            box = unionOf(box, items[i].box);
            lo = glm::min(lo, items[i].center2);
            hi = glm::max(hi, items[i].center2);
        }
        m_nodes[node].box = box;

        const uint32_t mid = sahSplit(task.begin, task.end, lo, hi);
        tasks.push({mid, task.end, node, 1});
        tasks.push({task.begin, mid, node, 0});
    }
    // Parents were made before their children: heights come out right in reverse order.
    for (auto it = m_builtNodes.rbegin(); it != m_builtNodes.rend(); ++it)
        updateHeight(*it);
    return root;
}

void DynamicAabbTree::rebuild() {
    std::array<std::vector<Ref>, 2> leaves; // NOLINT: a full rebuild is rare
    for (uint32_t proxy = 0; proxy < m_proxyWord.size(); ++proxy)
        if ((m_proxyWord[proxy] & kAliveBit) != 0 && (!m_gridMode || proxyIsStatic(proxy)))
            leaves[proxyIsStatic(proxy) ? 1 : 0].push_back(leafRef(proxy));
    // Start from an empty node array so the new nodes are laid out in build (depth-first) order.
    m_nodes.clear();
    m_nodeParents.clear();
    m_freeNode = kNullIndex;
    m_nodeCount = 0;
    for (int tree = 0; tree < 2; ++tree)
        m_roots[tree] = buildSubtree(leaves[tree]);
    m_relocations.clear(); // every leaf is where the build put it
    m_relocationHead = 0;
    for (size_t k = m_pendingHead; k < m_pending.size(); ++k)
        m_pendingIndex[m_pending[k]] = kNotPending;
    m_pending.clear();
    m_pendingHead = 0;
}

// --- Pair finding --------------------------------------------------------------------------------------

void DynamicAabbTree::refattenEarly() {
    // Work levelling. Proxies leave their fat boxes at moments set by chance, so some steps have several
    // reinsertions and queries to do and others none: the slow steps of a game are these coincidences. A
    // proxy that will leave its fat box at its next step (its box moved once more by this step's
    // displacement is outside) can as well be re-fattened in a quieter step: this one, while it has fewer
    // fat-box changes than the running mean. The pairs stay exact; the cost is one step of fat-box life.
    for (size_t k = 0; k < m_due.size() && m_changed.size() < m_levellingBudget; ++k) {
        const auto [proxy, displacement] = m_due[k];
        if (m_stepFlags[proxy] != kMovedFlag)
            continue; // moved again later this step, or destroyed: its fat box changed already
        // Only a steady mover's "will leave next" is a forecast worth acting on: an erratic one may turn.
        const Aabb& box = m_currentBoxes[proxy];
        const Fattening fattening = fatteningFor(proxy, box, displacement);
        if (fattening.steady) {
            m_level[proxy] = fattening.level;
            m_marginLevel[proxy] = fattening.marginLevel;
            refatten(proxy, fatten(box, displacement, ProxyType::Dynamic, fattening));
        }
    }
}

size_t DynamicAabbTree::levellingBudget() const {
    // The running mean of fat-box changes per step, rounded up. Levelling pays where that mean is small:
    // chance makes a step's count swing by about its square root, a large share of a small mean (2 +- 1.4)
    // and a small share of a large one (300 +- 17), where it would only cost the forecasts.
    constexpr int64_t kMaxLevelledMean = 16;
    const int64_t steps = m_updateCount + 1;
    const int64_t mean = (m_changedTotal + steps - 1) / steps;
    return mean <= kMaxLevelledMean ? static_cast<size_t>(mean) : 0;
}

namespace {
// From this many fat-box changes in one step, the changed dynamic proxies are swept against each other and
// against the unchanged ones near them instead of each querying the tree: many queries in one step are the
// spike a burst of re-fattenings would otherwise cost (a formation of 55 that turns: 55 at once).
constexpr size_t kSweepChanges = 16;
// Pending leaves settled per step (outside bursts). Until settled, each costs every query one box test.
constexpr size_t kSettlePerStep = 16;
} // namespace

void DynamicAabbTree::findNewPairs() {
    // Pending leaves are settled a few per step, none in a burst step; all at once out of the levelling
    // regime, where nothing is deferred.
    const bool burst = m_changed.size() >= kSweepChanges;
    if (m_pendingHead < m_pending.size())
        settlePendingLeaves(m_levellingBudget == 0 ? m_pending.size() : burst ? 0 : kSettlePerStep);
    Aabb sweptBounds;
    const bool swept = burst && sweepChangedDynamic(sweptBounds);
    m_sweptSteps += swept ? 1 : 0;

    // Each changed proxy (created or re-fattened) asks the trees for the fat boxes overlapping its own; after
    // the sweep, changed dynamic proxies only ask the static tree, and only those its root box reaches.
    const Ref staticRoot = m_roots[1];
    const Aabb staticBounds = staticRoot == kNullRef ? kNoBox : boxOf(staticRoot);
    const bool staticNear = !swept || overlaps(staticBounds, sweptBounds);
    size_t visits = 0;
    size_t leavesFound = 0;
    for (const uint32_t proxy : m_changed) {
        if ((m_proxyWord[proxy] & kAliveBit) == 0)
            continue;
        const bool isStatic = proxyIsStatic(proxy);
        if (swept && !isStatic && (!staticNear || !overlaps(staticBounds, m_fatBoxes[proxy])))
            continue;
        const Aabb box = m_fatBoxes[proxy]; // a copy: the queries' pair pushes could alias it otherwise
        // Two changed proxies meet twice; the lower slot keeps the pair. After the sweep, a changed dynamic
        // proxy keeps its pairs with changed static ones (which skip it).
        const auto consider = [&](uint32_t other) {
            ++leavesFound;
            const bool otherChanged = (m_stepFlags[other] & kChangedFlag) != 0;
            if (other != proxy && (!otherChanged || (swept ? !isStatic : other > proxy)))
                addPair(proxy, other);
            return true;
        };
        const int firstTree = swept && !isStatic ? 1 : 0;
        const int endTree = isStatic ? 1 : 2; // static proxies skip the static tree
        // The nodes the queries enter: what the tree's step costs beyond the re-fattenings (chooseMode).
        const auto enters = [&box, &visits](const Aabb& nodeBox) {
            ++visits;
            return overlaps(nodeBox, box);
        };
        for (int tree = firstTree; tree < endTree; ++tree)
            descend(tree, enters, consider);
    }
    // A descent that finds n leaves enters about 2n nodes on their paths: those a grid would pay for too
    // (a pair each). The rest are the tree's own cost, which grid mode is chosen against.
    m_stepVisits = visits - std::min(visits, 2 * leavesFound);
}

void DynamicAabbTree::settlePendingLeaves(size_t budget) {
    // Mark the ancestors of the leaves settled (a walk up stops at a marked node: the rest of the way is
    // marked), then refit the marked nodes children first: a breadth-first list of them from the root,
    // reversed. The leaves keep their places until endStep looks at them: those that ended up far from
    // their siblings are relocated, a few per step.
    if (m_nodeMarks.size() < m_nodes.size())
        m_nodeMarks.resize(m_nodes.size(), 0);
    size_t k = m_pendingHead;
    for (; k < m_pending.size() && budget > 0; ++k) {
        const uint32_t proxy = m_pending[k];
        if (m_pendingIndex[proxy] != k)
            continue; // settled by a reinsertion, or destroyed
        m_pendingIndex[proxy] = kNotPending;
        m_relocations.push_back({proxy, generationOf(proxy)});
        --budget;
        for (uint32_t node = proxyParent(proxy); node != kNullIndex && m_nodeMarks[node] == 0;
             node = nodeParent(node))
            m_nodeMarks[node] = 1;
    }
    m_pendingHead = k;
    if (m_pendingHead == m_pending.size()) {
        m_pending.clear();
        m_pendingHead = 0;
    }
    const Ref root = m_roots[0];
    if (root == kNullRef || isLeaf(root) || m_nodeMarks[indexOf(root)] == 0)
        return;
    m_marked.clear();
    m_marked.push_back(indexOf(root));
    for (size_t i = 0; i < m_marked.size(); ++i) {
        const Node& node = m_nodes[m_marked[i]];
        for (int c = 0; c < 2; ++c) {
            const Ref child = node.child(c);
            if (!isLeaf(child) && m_nodeMarks[indexOf(child)] != 0)
                m_marked.push_back(indexOf(child));
        }
    }
    for (auto it = m_marked.rbegin(); it != m_marked.rend(); ++it) {
        Node& node = m_nodes[*it];
        node.box = unionOf(boxOf(node.child(0)), boxOf(node.child(1)));
        m_nodeMarks[*it] = 0;
    }
}

namespace {
// Sweep items of a burst, along axis `Axis` (a template: the box's components are then read by name). Each
// item gets the box's interval on the axis, which the sweeps walk, and its intervals on the other two axes
// laid out for one 4-wide compare. Then they are sorted by `lo` and min u, and each learns where its run of
// equal `lo` ends. Changed proxies mostly come in their owner's order, sorted or nearly so, and a burst is
// tens of items: an insertion sort is linear then, where a general sort pays its n log n every time.
template <int Axis, class Item>
void prepareSweep(std::vector<Item>& items, const std::vector<Aabb>& boxes) {
    constexpr int u = Axis == 0 ? 1 : 0;
    constexpr int v = Axis == 2 ? 1 : 2;
    for (Item& item : items) {
        const Aabb& box = boxes[item.proxy];
        item.lo = box.min[Axis];
        item.hi = box.max[Axis];
        item.low = {box.min[u], box.min[v], -box.max[u], -box.max[v]};
        item.high = {box.max[u], box.max[v], -box.min[u], -box.min[v]};
    }
    const auto before = [](const Item& a, const Item& b) {
        return a.lo < b.lo || (a.lo == b.lo && a.low[0] < b.low[0]);
    };
    constexpr size_t kInsertionSortLimit = 64;
    if (items.size() > kInsertionSortLimit) {
        if (!std::is_sorted(items.begin(), items.end(), before))
            std::sort(items.begin(), items.end(), before);
    } else {
        for (size_t i = 1; i < items.size(); ++i) {
            if (!before(items[i], items[i - 1]))
                continue;
            const Item item = items[i];
            size_t j = i;
            for (; j > 0 && before(item, items[j - 1]); --j)
                items[j] = items[j - 1];
            items[j] = item;
        }
    }
    auto runEnd = static_cast<uint32_t>(items.size());
    for (size_t k = items.size(); k-- > 0;) {
        if (k + 1 < items.size() && items[k + 1].lo != items[k].lo)
            runEnd = static_cast<uint32_t>(k + 1);
        items[k].runEnd = runEnd;
    }
}

// Whether two sweep items overlap on the two axes besides the sweep axis: all four lanes of a.low <= b.high.
template <class Item>
bool overlapAcross(const Item& a, const Item& b) {
#if defined(__SSE2__)
    return _mm_movemask_ps(_mm_cmple_ps(_mm_loadu_ps(a.low.data()), _mm_loadu_ps(b.high.data()))) == 15;
#else
    return (a.low[0] <= b.high[0]) & (a.low[1] <= b.high[1]) & (a.low[2] <= b.high[2]) &
           (a.low[3] <= b.high[3]);
#endif
}

// Calls onOverlap(b) for every item b in [first, end) that starts on the axis before `a` ends and overlaps
// it. Items of a run are in order of min u: once one starts past a's end on u, so does the rest of its run.
template <class Item, class F>
void sweepFrom(const Item& a, const Item* first, const Item* begin, const Item* end, F&& onOverlap) {
    for (const Item* b = first; b != end && b->lo <= a.hi;) {
        if (b->low[0] > a.high[0]) {
            b = begin + b->runEnd;
            continue;
        }
        if (overlapAcross(a, *b))
            onOverlap(*b);
        ++b;
    }
}
} // namespace

bool DynamicAabbTree::sweepChangedDynamic(Aabb& bounds) {
    // The changed dynamic proxies, and the unchanged ones overlapping their bounds (one query), each sorted
    // along one axis; then a sweep of the changed against themselves and one between the two lists. When the
    // changed ones are scattered over a large world, their bounds hold too many others: queries are cheaper
    // then.
    m_sweepChanged.clear();
    m_sweepOthers.clear();
    bounds = kNoBox;
    glm::vec3 extents(0.0f);
    for (const uint32_t proxy : m_changed)
        if ((m_proxyWord[proxy] & (kAliveBit | kStaticBit)) == kAliveBit) {
            const Aabb& box = m_fatBoxes[proxy];
            m_sweepChanged.push_back({0.0f, 0.0f, proxy, 0, {}, {}});
            bounds = unionOf(bounds, box);
            extents += box.max - box.min;
        }
    const size_t limit = 4 * m_sweepChanged.size() + 64;
    if (m_dynamicProxies.size() <= limit) { // few in all: a scan costs less than a query
        for (const uint32_t other : m_dynamicProxies)
            if ((m_stepFlags[other] & kChangedFlag) == 0 && overlaps(m_fatBoxes[other], bounds))
                m_sweepOthers.push_back({0.0f, 0.0f, other, 0, {}, {}});
    } else {
        const bool complete = queryTree(0, bounds, [&](uint32_t other) {
            if ((m_stepFlags[other] & kChangedFlag) != 0)
                return true;
            m_sweepOthers.push_back({0.0f, 0.0f, other, 0, {}, {}});
            return m_sweepOthers.size() < limit;
        });
        if (!complete)
            return false;
    }
    // The sweep axis: where boxes are short compared with the extent of their bounds, so that each box meets
    // few others on it (a formation stretched along its march is swept across it).
    const glm::vec3 span =
        glm::max((bounds.max - bounds.min) * static_cast<float>(m_sweepChanged.size()), glm::vec3(1e-30f));
    const glm::vec3 crowding = extents / span; // mean extent / extent of the bounds
    const int axis =
        crowding.x <= crowding.y ? (crowding.x <= crowding.z ? 0 : 2) : (crowding.y <= crowding.z ? 1 : 2);
    // Few unchanged ones (the usual case) are tested against every changed one, four at a time (below);
    // more are swept like the changed ones.
    constexpr size_t kBlockTestLimit = 2048; // changed x unchanged
    const bool sweepOthers = m_sweepChanged.size() * m_sweepOthers.size() > kBlockTestLimit;
    for (std::vector<SweepItem>* items : {&m_sweepChanged, &m_sweepOthers}) {
        if (items == &m_sweepOthers && !sweepOthers)
            break;
        if (axis == 0)
            prepareSweep<0>(*items, m_fatBoxes);
        else if (axis == 1)
            prepareSweep<1>(*items, m_fatBoxes);
        else
            prepareSweep<2>(*items, m_fatBoxes);
    }
    const SweepItem* changed = m_sweepChanged.data();
    const SweepItem* changedEnd = changed + m_sweepChanged.size();
    for (const SweepItem* a = changed; a != changedEnd; ++a)
        sweepFrom(*a, a + 1, changed, changedEnd, [&](const SweepItem& b) { addPair(a->proxy, b.proxy); });
    if (sweepOthers) {
        // Each changed-unchanged pair once: found from the one whose box starts first on the axis, the
        // changed one on a tie (so the pass from the unchanged side skips the items that start where it
        // does).
        const auto crossSweep = [&](const std::vector<SweepItem>& from, const std::vector<SweepItem>& into,
                                    bool skipTies) {
            const SweepItem* begin = into.data();
            const SweepItem* end = begin + into.size();
            const SweepItem* first = begin;
            for (const SweepItem& a : from) {
                while (first != end && (first->lo < a.lo || (skipTies && first->lo == a.lo)))
                    ++first;
                sweepFrom(a, first, begin, end, [&](const SweepItem& b) { addPair(a.proxy, b.proxy); });
            }
        };
        crossSweep(m_sweepChanged, m_sweepOthers, false);
        crossSweep(m_sweepOthers, m_sweepChanged, true);
    } else {
        crossByBlocks();
    }
    return true;
}

void DynamicAabbTree::crossByBlocks() {
    // The changed boxes as six columns (min x, min y, min z, max x, max y, max z), padded to a multiple of
    // four with boxes that overlap nothing; then each unchanged box against four of them at a time. Few
    // unchanged boxes are usually near a burst, but those are often long (a shot's stretch crosses every row
    // of a formation): a test without a branch per box beats a sweep that walks each row to reach them.
    const size_t count = m_sweepChanged.size();
    const size_t stride = (count + 3) & ~size_t{3};
    m_sweepColumns.resize(6 * stride);
    float* columns = m_sweepColumns.data();
    for (size_t k = 0; k < stride; ++k) {
        const Aabb box = k < count ? m_fatBoxes[m_sweepChanged[k].proxy] : kNoBox;
        columns[k] = box.min.x;
        columns[stride + k] = box.min.y;
        columns[2 * stride + k] = box.min.z;
        columns[3 * stride + k] = box.max.x;
        columns[4 * stride + k] = box.max.y;
        columns[5 * stride + k] = box.max.z;
    }
    for (const SweepItem& other : m_sweepOthers) {
        const Aabb& box = m_fatBoxes[other.proxy];
#if defined(__SSE2__)
        const __m128 minX = _mm_set1_ps(box.min.x), minY = _mm_set1_ps(box.min.y),
                     minZ = _mm_set1_ps(box.min.z);
        const __m128 maxX = _mm_set1_ps(box.max.x), maxY = _mm_set1_ps(box.max.y),
                     maxZ = _mm_set1_ps(box.max.z);
        for (size_t k = 0; k < stride; k += 4) {
            const float* column = columns + k;
            const __m128 onX = _mm_and_ps(_mm_cmple_ps(_mm_loadu_ps(column), maxX),
                                          _mm_cmpge_ps(_mm_loadu_ps(column + 3 * stride), minX));
            const __m128 onY = _mm_and_ps(_mm_cmple_ps(_mm_loadu_ps(column + stride), maxY),
                                          _mm_cmpge_ps(_mm_loadu_ps(column + 4 * stride), minY));
            const __m128 onZ = _mm_and_ps(_mm_cmple_ps(_mm_loadu_ps(column + 2 * stride), maxZ),
                                          _mm_cmpge_ps(_mm_loadu_ps(column + 5 * stride), minZ));
            for (int bits = _mm_movemask_ps(_mm_and_ps(onX, _mm_and_ps(onY, onZ))); bits != 0;
                 bits &= bits - 1)
                addPair(m_sweepChanged[k + static_cast<size_t>(std::countr_zero(static_cast<unsigned>(bits)))]
                            .proxy,
                        other.proxy);
        }
#else
        for (size_t k = 0; k < count; ++k)
            if (overlaps(box, m_fatBoxes[m_sweepChanged[k].proxy]))
                addPair(m_sweepChanged[k].proxy, other.proxy);
#endif
    }
}

void DynamicAabbTree::adjustLevelCaps(size_t firstNew) {
    // Tracked pairs cost every step; a re-fattening costs once. A fat box that sweeps up many proxies its
    // proxy never touches (a fast mover stretched far, a margin wide among small neighbours) is paid for at
    // every step of its life, so the next one is made a level smaller, until it is worth its pairs; one that
    // costs few may grow again. Since a proxy's level rises by at most one per fattening, and only after a
    // fat box that stayed well within its allowance, every fat box finds at most a few times
    // 2 * touching + kSparePairs pairs, and the tracked pairs stay within a constant factor of the touching
    // pairs plus the proxies (docs/engine.md, "Fast movers").
    const int32_t top = m_settings.steadyDoublings;
    for (const uint32_t proxy : m_changed) {
        if ((m_proxyWord[proxy] & (kAliveBit | kStaticBit)) != kAliveBit)
            continue;
        const int32_t excess = m_excessPairs[proxy];
        const int32_t level = m_level[proxy] == kFreshLevel ? 0 : m_level[proxy];
        const int32_t cap = excess > kSparePairs ? level - 1 : excess <= kSparePairs / 2 ? level + 1 : level;
        m_levelCap[proxy] = static_cast<int8_t>(std::clamp(cap, kMinLevel, top));
    }
    for (size_t k = firstNew; k < m_pairs.size(); ++k) {
        m_excessPairs[m_pairs[k].a] = 0;
        m_excessPairs[m_pairs[k].b] = 0;
    }
}

void DynamicAabbTree::endStep() {
    for (const uint32_t proxy : m_moved)
        m_stepFlags[proxy] = 0;
    const size_t moved = m_moved.size();
    const size_t changes = m_changed.size();
    m_changedTotal += static_cast<int64_t>(changes);
    m_levellingBudget = levellingBudget();
    m_moved.clear();
    m_changed.clear();
    m_due.clear();
    m_refattenedTotal += m_refattenedThisStep;
    const auto refattened = static_cast<size_t>(m_motionRefattened);
    m_motionRefattened = 0;
    m_refattenedThisStep = 0;
    ++m_updateCount;

    // Relocations cost a reinsertion each, and spreading that work is the point of re-fattening in place:
    // they are done in quiet steps, up to the mean number of changes less this step's, and faster when they
    // pile up, but never in a burst step (already the slow one). Most leaves re-fattened in place are still
    // beside their siblings (a formation moves as one) and only cost the look. Out of the levelling regime
    // nothing waits.
    const size_t waiting = m_relocations.size() - m_relocationHead;
    const size_t quiet = m_levellingBudget > changes ? m_levellingBudget - changes : 0;
    size_t budget = m_levellingBudget == 0     ? waiting
                    : changes >= kSweepChanges ? 0
                                               : std::max(quiet, waiting / 16);
    for (size_t looks = 4 * budget; budget > 0 && looks > 0 && m_relocationHead < m_relocations.size();
         ++m_relocationHead, --looks) {
        const auto [proxy, generation] = m_relocations[m_relocationHead];
        if ((m_proxyWord[proxy] & kAliveBit) == 0 || generationOf(proxy) != generation || isWellPlaced(proxy))
            continue;
        relocateLeaf(proxy);
        --budget;
    }
    if (m_relocationHead == m_relocations.size()) {
        m_relocations.clear();
        m_relocationHead = 0;
    }
    chooseMode(refattened, moved);
}

// --- Validation and statistics -------------------------------------------------------------------------

Status DynamicAabbTree::validate() const {
    const auto fail = invalidTree;
    if (m_nodeParents.size() != m_nodes.size() || m_proxyParents.size() != m_proxyWord.size())
        return fail("the parent arrays have " + std::to_string(m_nodeParents.size()) + " and " +
                    std::to_string(m_proxyParents.size()) + " entries for " + std::to_string(m_nodes.size()) +
                    " nodes and " + std::to_string(m_proxyWord.size()) + " proxy slots");
    std::vector<uint8_t> seenNode(m_nodes.size(), 0);
    int32_t leaves = 0, nodes = 0;
    if (Status status = validateTrees(seenNode, leaves, nodes); !status.ok())
        return status;
    if (Status status = validateSlots(leaves); !status.ok())
        return status;
    if (nodes != m_nodeCount)
        return fail("node count " + std::to_string(m_nodeCount) + " but " + std::to_string(nodes) +
                    " reachable");
    if (Status status = validateFreeLists(seenNode); !status.ok())
        return status;
    return validatePairs();
}

Status DynamicAabbTree::validateTrees(std::vector<uint8_t>& seenNode, int32_t& leaves, int32_t& nodes) const {
    const auto fail = invalidTree;
    std::vector<uint8_t> seenProxy(m_proxyWord.size(), 0);
    for (int tree = 0; tree < 2; ++tree) {
        const Ref root = m_roots[tree];
        if (root == kNullRef)
            continue;
        if (isLeaf(root) ? proxyParent(indexOf(root)) != kNullIndex : nodeParent(indexOf(root)) != kNullIndex)
            return fail("root " + std::to_string(tree) + " has a parent");
        Stack<Ref, 128> stack;
        stack.push(root);
        while (!stack.empty()) {
            const Ref ref = stack.pop();
            const uint32_t index = indexOf(ref);
            if (isLeaf(ref)) {
                if (index >= m_proxyWord.size() || (m_proxyWord[index] & kAliveBit) == 0)
                    return fail("leaf names dead proxy " + std::to_string(index));
                if (seenProxy[index]++ != 0)
                    return fail("proxy " + std::to_string(index) + " is a leaf twice");
                if (proxyIsStatic(index) != (tree == 1))
                    return fail("proxy " + std::to_string(index) + " is in the wrong tree for its type");
                if (!m_fatBoxes[index].isValid())
                    return fail("proxy " + std::to_string(index) + " has an invalid fat box");
                ++leaves;
                continue;
            }
            if (index >= m_nodes.size() || seenNode[index])
                return fail("node " + std::to_string(index) + " is out of range or reached twice");
            seenNode[index] = 1;
            ++nodes;
            const Node& node = m_nodes[index];
            for (int k = 0; k < 2; ++k) {
                const Ref child = node.child(k);
                const uint32_t childParent =
                    isLeaf(child) ? proxyParent(indexOf(child)) : nodeParent(indexOf(child));
                if (childParent != index)
                    return fail("child " + std::to_string(k) + " of node " + std::to_string(index) +
                                " does not point back to it");
                // A pending leaf may lie outside its ancestors until it is settled (queries test it apart).
                if (!(isLeaf(child) && isPending(indexOf(child))) && !contains(node.box, boxOf(child)))
                    return fail("node " + std::to_string(index) + " does not contain its child " +
                                std::to_string(k));
                stack.push(child);
            }
            const int32_t height = 1 + std::max(heightOf(node.child(0)), heightOf(node.child(1)));
            if (node.height() != std::min<int32_t>(height, kHeightMask))
                return fail("node " + std::to_string(index) + " has height " + std::to_string(node.height()) +
                            ", not " + std::to_string(height));
        }
    }
    return {};
}

Status DynamicAabbTree::validateSlots(int32_t leaves) const {
    const auto fail = invalidTree;
    int32_t alive = 0;
    size_t dynamicCount = 0;
    for (uint32_t proxy = 0; proxy < m_proxyWord.size(); ++proxy) {
        const bool isAlive = (m_proxyWord[proxy] & kAliveBit) != 0;
        alive += isAlive ? 1 : 0;
        const uint32_t position = m_dynamicPosition[proxy];
        if (isAlive && !proxyIsStatic(proxy) &&
            (position >= m_dynamicProxies.size() || m_dynamicProxies[position] != proxy))
            return fail("dynamic proxy " + std::to_string(proxy) +
                        " is missing from the list of dynamic proxies");
        dynamicCount += isAlive && !proxyIsStatic(proxy) ? 1 : 0;
        // Pending: a live dynamic proxy named by its own live entry of the pending list.
        const uint32_t entry = m_pendingIndex[proxy];
        if (entry != kNotPending && (!isAlive || proxyIsStatic(proxy) || entry < m_pendingHead ||
                                     entry >= m_pending.size() || m_pending[entry] != proxy))
            return fail("proxy " + std::to_string(proxy) + " is marked pending without a live entry");
    }
    if (!m_filters.empty() && m_filters.size() != m_proxyWord.size())
        return fail("the filter array has " + std::to_string(m_filters.size()) + " entries for " +
                    std::to_string(m_proxyWord.size()) + " proxy slots");
    if (dynamicCount != m_dynamicProxies.size())
        return fail("the list of dynamic proxies holds " + std::to_string(m_dynamicProxies.size()) +
                    ", not " + std::to_string(dynamicCount));
    // In grid mode the dynamic proxies are in no tree (see dynamic_aabb_tree_grid.cpp).
    const int32_t expectedLeaves =
        m_gridMode ? m_proxyCount - static_cast<int32_t>(dynamicCount) : m_proxyCount;
    if (leaves != expectedLeaves || alive != m_proxyCount)
        return fail("proxy count " + std::to_string(m_proxyCount) + " but " + std::to_string(leaves) +
                    " leaves and " + std::to_string(alive) + " live slots");
    if (m_gridMode && m_roots[0] != kNullRef)
        return fail("grid mode with a dynamic tree");
    return {};
}

Status DynamicAabbTree::validateFreeLists(std::vector<uint8_t>& seenNode) const {
    const auto fail = invalidTree;
    // Free lists: every free slot once, no live one, and together with the used ones the whole array.
    int32_t freeNodes = 0;
    for (uint32_t node = m_freeNode; node != kNullIndex; node = m_nodes[node].child(0)) {
        if (node >= m_nodes.size() || seenNode[node])
            return fail("free node list reaches node " + std::to_string(node) + " twice or in use");
        seenNode[node] = 1;
        ++freeNodes;
    }
    if (freeNodes + m_nodeCount != static_cast<int32_t>(m_nodes.size()))
        return fail("free node list misses nodes");
    int32_t freeProxies = 0;
    for (uint32_t proxy = m_freeProxy; proxy != kNullIndex; proxy = m_proxyParents[proxy]) {
        if (proxy >= m_proxyWord.size() || (m_proxyWord[proxy] & kAliveBit) != 0 ||
            freeProxies > static_cast<int32_t>(m_proxyWord.size()))
            return fail("free proxy list reaches a live or out-of-range slot, or loops");
        ++freeProxies;
    }
    if (freeProxies + m_proxyCount != static_cast<int32_t>(m_proxyWord.size()))
        return fail("free proxy list misses slots");
    return {};
}

Status DynamicAabbTree::validatePairs() const {
    const auto fail = invalidTree;
    // Pairs: live, distinct, not both static, overlapping (unless a member changed since), listed once.
    std::vector<uint64_t> keys;
    for (const Pair& pair : m_pairs) {
        const bool changed = ((m_stepFlags[pair.a] | m_stepFlags[pair.b]) & kChangedFlag) != 0;
        if (changed)
            continue;
        if (pair.a == pair.b || pair.a >= m_proxyWord.size() || pair.b >= m_proxyWord.size() ||
            (m_proxyWord[pair.a] & kAliveBit) == 0 || (m_proxyWord[pair.b] & kAliveBit) == 0)
            return fail("pair list holds a dead or self pair");
        if (proxyIsStatic(pair.a) && proxyIsStatic(pair.b))
            return fail("pair list holds a static-static pair");
        if (!overlaps(m_fatBoxes[pair.a], m_fatBoxes[pair.b]))
            return fail("pair list holds a pair whose fat boxes do not overlap");
        if (!m_filters.empty() && !canPair(m_filters[pair.a], m_filters[pair.b]))
            return fail("pair list holds a pair whose filters reject each other");
        keys.push_back(uint64_t{std::min(pair.a, pair.b)} << 32 | std::max(pair.a, pair.b));
    }
    std::sort(keys.begin(), keys.end());
    if (std::adjacent_find(keys.begin(), keys.end()) != keys.end())
        return fail("pair list holds a pair twice");
    return {};
}

TreeStats DynamicAabbTree::stats() const {
    TreeStats stats;
    stats.proxies = m_proxyCount;
    stats.internalNodes = m_nodeCount;
    stats.pairs = static_cast<int32_t>(m_pairs.size());
    double internalArea = 0.0, rootArea = 0.0;
    for (Ref root : m_roots) {
        if (root == kNullRef)
            continue;
        rootArea += boxOf(root).surfaceArea();
        Stack<std::pair<Ref, int32_t>, 128> stack;
        stack.push({root, 0});
        while (!stack.empty()) {
            const auto [ref, depth] = stack.pop();
            stats.height = std::max(stats.height, depth);
            if (isLeaf(ref))
                continue;
            const Node& node = m_nodes[indexOf(ref)];
            internalArea += node.box.surfaceArea();
            stack.push({node.child(0), depth + 1});
            stack.push({node.child(1), depth + 1});
        }
    }
    stats.areaRatio = rootArea > 0.0 ? internalArea / rootArea : 0.0;
    if (m_proxyCount > 0) {
        const double proxies = m_proxyCount;
        const double slots = static_cast<double>(m_proxyWord.size());
        // Per node: the node and its parent; per slot: the fat box, the proxy word, the leaf's parent and
        // the user data.
        stats.bytesPerProxy =
            (m_nodeCount * (sizeof(Node) + sizeof(uint32_t)) +
             slots * (sizeof(Aabb) + sizeof(ProxyWord) + sizeof(uint32_t) + sizeof(uint64_t)) +
             static_cast<double>(m_filters.size() * sizeof(ProxyFilter))) /
            proxies;
        const double work = m_stepFlags.capacity() * sizeof(uint8_t) +
                            (m_moved.capacity() + m_changed.capacity()) * sizeof(uint32_t) +
                            m_pairs.capacity() * sizeof(Pair) + m_currentBoxes.capacity() * sizeof(Aabb) +
                            m_due.capacity() * sizeof(Due) + m_buildRefs.capacity() * sizeof(Ref) +
                            m_nodeMarks.capacity() * sizeof(uint8_t) +
                            (m_marked.capacity() + m_pending.capacity() + m_pendingIndex.capacity() +
                             m_dynamicProxies.capacity() + m_dynamicPosition.capacity()) *
                                sizeof(uint32_t) +
                            m_relocations.capacity() * sizeof(Relocation) +
                            (m_sweepChanged.capacity() + m_sweepOthers.capacity()) * sizeof(SweepItem) +
                            m_sweepColumns.capacity() * sizeof(float) +
                            m_buildItems.capacity() * sizeof(BuildItem) +
                            m_builtNodes.capacity() * sizeof(uint32_t);
        // The fat boxes' levels and feedback, and grid mode's scratch.
        const double levels =
            (m_level.capacity() + m_levelCap.capacity() + m_marginLevel.capacity()) * sizeof(int8_t) +
            m_excessPairs.capacity() * sizeof(int32_t);
        const double grid = m_gridItems.capacity() * sizeof(GridItem) +
                            m_gridLowCells.capacity() * sizeof(glm::ivec3) +
                            m_gridEntries.capacity() * sizeof(GridEntry) +
                            (m_gridSorted.capacity() + m_gridStarts.capacity() + m_gridNext.capacity() +
                             m_gridLarge.capacity()) *
                                sizeof(uint32_t) +
                            (m_gridExtents.capacity() + m_gridAllExtents.capacity()) * sizeof(float);
        stats.workBytesPerProxy = (work + levels + grid) / proxies;
    }
    stats.sweptSteps = m_sweptSteps;
    stats.gridSteps = m_gridSteps;
    stats.gridMode = m_gridMode;
    stats.relocationsWaiting = static_cast<int32_t>(m_relocations.size() - m_relocationHead);
    forEachPending([&](uint32_t) { return ++stats.pendingLeaves, true; });
    stats.pairPassVisitsPerStep = m_visitMean;
    stats.refattenedPerStep =
        m_updateCount > 0 ? static_cast<double>(m_refattenedTotal) / static_cast<double>(m_updateCount) : 0.0;
    return stats;
}

} // namespace vox
