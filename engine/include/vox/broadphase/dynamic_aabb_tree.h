#pragma once
/// @file
/// `DynamicAabbTree`: the engine's broadphase, a 3D bounding-volume tree of fat boxes.
///
/// How it works. Every proxy is a leaf holding a *fat* box: its tight box grown by a margin and stretched
/// along its motion. A move that stays inside the fat box costs a few compares and touches no tree node; it
/// only records the step's tight box. A proxy that leaves its fat box gets a new one and is reinserted: taken
/// out, then put back where the surface-area heuristic (SAH) says it costs least, searching by branch and
/// bound from the lowest ancestor that still contains the new box, so a small move stays a local, cache-warm
/// change. Tree rotations on the way up keep the height bounded (sorted, identical or nested boxes cannot
/// grow a chain), and improve the area where a new proxy came in.
///
/// Steady motion is rewarded. The old fat box tells how it was made, so without any per-proxy state the
/// tree sees whether a proxy that left it kept the displacement it was stretched for: then the next fat box
/// is stretched twice as far (up to `TreeSettings::steadyDoublings` times) with a slimmer margin. A
/// formation marching in step and projectiles flying straight leave their fat boxes rarely; random walkers
/// keep the plain fattening. And since the slow steps of a game are those where, by chance, several proxies
/// leave their fat boxes at once, a quiet step re-fattens the steady movers that would leave at their next
/// step (work levelling): the average work barely changes, the peaks drop.
///
/// Fat boxes are judged by what they cost. A long stretch pays for a projectile crossing an empty world
/// and not for one flying through a crowd, whose fat box would be tested against every box it sweeps up,
/// every step of its life. So each proxy has a level (its stretch, twice per level) capped by the pairs its
/// last fat box found: more than `kSparePairs` beyond twice its touching ones, and the next is a level
/// smaller (its margin too, below level 0); at most half that, and it may grow a level. A plain fat box (no
/// steady motion yet) reaches at most `kPlainReach` lengths of its box ahead. The pairs tracked stay within a
/// small factor of the touching pairs plus the proxies (docs/engine.md, "Fast movers").
///
/// Grid mode. When motion outruns fat boxes (a lasting share of the proxies leaves them every step: fast
/// movers, teleports), or when the queries of the re-fattenings enter many nodes each (fast movers among
/// bigger boxes in 3D), the tree's step costs more than binning every box in a hash grid. The dynamic tree is
/// then dissolved, and each step bins every tight box in a grid rebuilt for the step and reads the pairs off
/// it (dynamic_aabb_tree_grid.cpp); when motion calms down the tree is built again. The same calls, the same
/// exact pairs, either way.
///
/// Bursts are spread. Some steps re-fatten many proxies at once: a formation of 55 objects that drops a
/// row at a wall jumps out of all 55 fat boxes together. In a scene that averages few re-fattenings per step,
/// a proxy that leaves its fat box is therefore not reinserted, nor does any node change: its leaf gets the
/// new fat box in place and becomes *pending*, a leaf its ancestors may not contain; queries pass pending
/// leaves over in the descent and test them one by one after it. `updatePairs` settles them, a bounded number
/// per step and none in a burst step, by refitting their ancestors (children first, each node once), and a
/// settled leaf that ends up far from its sibling is relocated (reinserted with the same fat box, so its
/// pairs stay) in later, quieter steps. And when many proxies changed in one step, their pairs are found by
/// one sweep along an axis instead of one tree query each. Scenes with many changes every step (a swarm)
/// reinsert at once: there is no quiet step to defer to.
///
/// Filtering (proxy_filter.h) happens where a pair enters the tracked list: a pair whose filters do not
/// accept each other is never tracked, so it costs nothing afterwards, and `setFilter` re-finds the proxy's
/// pairs as a re-fattening would. Queries pass over the leaves their mask rejects.
///
/// Pairs are tracked, not recomputed. The tree keeps the list of proxy pairs whose fat boxes overlap; such a
/// pair can only appear or vanish when one of its proxies gets a new fat box. So `updatePairs` drops the
/// pairs of re-fattened (or destroyed) proxies, queries the trees for the new fat boxes of those proxies
/// only, and reports, from the whole list, the pairs involving a moved proxy whose *tight* boxes overlap (the
/// last tight box given for each). Its work follows what changed, the caller gets exact pairs instead of fat
/// ones, and large margins (few reinsertions) cost no false pairs. Static proxies live in a second tree (with
/// exact, unfattened boxes) that is never searched for static partners.
///
/// Data layout. Internal nodes are 32 bytes, two per cache line: a float box and one 64-bit word with both
/// children (24-bit references) and the height, all a descent reads; each node's parent is in an array of its
/// own (4 bytes), read only on the way up. Leaves are not nodes: a child tagged as a leaf names a proxy slot,
/// whose fat box, 16-bit type/generation word, leaf's parent and 64-bit user data live in flat arrays (38
/// bytes). With n - 1 internal nodes for n proxies the tree takes under 74 bytes per proxy, plus 16 (a
/// category and a mask) once any proxy is given a filter other than the default (filters live in an array of
/// their own, made then: a tree that never filters pays nothing for them). Working state (the last
/// tight box of each slot, a flag byte per slot, the pending index and the list of dynamic proxies, the
/// moved, changed, due, pending and relocation lists, sweep scratch) and the pair list are kept apart and
/// reported apart.
///
/// Limits: at most 2^23 - 1 = 8,388,607 live proxies (`createProxy` fails beyond), the most that 23-bit
/// indices name: two child references and the height fill a node's word. (With 18-bit indices the parents fit
/// in the same words, for 68 bytes per proxy but at most 262,143 proxies.) Handles carry a 14-bit
/// generation: a stale handle goes undetected only if its slot was reused exactly a multiple of 16,384 times
/// since.

#include "vox/broadphase/aabb.h"
#include "vox/broadphase/broadphase.h"
#include "vox/broadphase/iaabb.h"
#include "vox/broadphase/proxy_filter.h"
#include "vox/broadphase/proxy_id.h"
#include "vox/core/result.h"

#include <glm/vec3.hpp>

#include <algorithm>
#include <array>
#include <cstdint>
#include <span>
#include <type_traits>
#include <vector>

namespace vox {

/// When a `DynamicAabbTree` may put its dynamic proxies in grid mode (`TreeSettings::gridMode`).
enum class TreeGridMode : uint8_t {
    Automatic, ///< Switch by the measured motion, both ways (the default).
    Never,     ///< Always the tree.
    Always,    ///< Always grid mode.
};

/// Settings of a `DynamicAabbTree`. The defaults suit objects about a world unit in size moving a few units
/// per second at 60 Hz (tuned on the benchmark's swarms, see docs/benchmarks.md); scale `margin` with your
/// units. Each field documents its allowed range: `validate()` checks them, `DynamicAabbTree::create` returns
/// the error, and the constructor reports invalid settings to the assert handler in every build.
struct TreeSettings {
    /// Largest `margin`: fat boxes (and sums of their areas) must stay finite in float.
    static constexpr float kMaxMargin = 1e15f;
    /// Largest `predictionFactor` (steps of travel): stretched boxes must stay finite in float.
    static constexpr float kMaxPredictionFactor = 1e6f;
    /// Largest `steadyDoublings`.
    static constexpr int32_t kMaxSteadyDoublings = 8;

    /// Fat boxes grow by this on every side (world units). Larger: fewer reinsertions but more tracked pairs
    /// and looser queries; reported pairs stay exact either way. Static proxies get no margin.
    /// Allowed: finite, 0 .. `kMaxMargin`.
    float margin = 0.2f;
    /// Fat boxes also stretch towards the motion by `displacement` times this factor, spread 0.5 .. 1.5 over
    /// the proxies (so that objects moving in lockstep do not all leave their fat boxes in the same step): a
    /// proxy moving steadily stays inside its fat box for several steps. Steady movers earn more, see
    /// `steadyDoublings`. Allowed: finite, 0 .. `kMaxPredictionFactor` (0: no stretch).
    float predictionFactor = 8.0f;
    /// The step of the `IAABB` overloads: displacement = velocity * stepSeconds (seconds). Allowed: finite,
    /// > 0.
    float stepSeconds = 1.0f / 60.0f;
    /// Steady motion earns a longer stretch: a proxy that leaves its fat box having moved the same way since
    /// it was last fattened (the same displacement) gets twice the factor of its last fat box, up to this
    /// many doublings, and a margin `steadyMarginScale` times `margin`. Erratic movers keep the plain factor
    /// and margin, where a long stretch would only be wasted area. Allowed: 0 .. `kMaxSteadyDoublings` (8).
    int32_t steadyDoublings = 3;
    /// The margin of a proxy in steady motion, as a fraction of `margin`: its motion is predicted, so it
    /// needs little room for surprises, and slimmer fat boxes track fewer pairs. Allowed: finite, 0 .. 1.
    float steadyMarginScale = 0.25f;
    /// Whether the dynamic proxies may switch to grid mode, a hash grid rebuilt each step, when their motion
    /// outruns their fat boxes (fast movers, teleports: see the file comment, "Fast movers"). `Automatic`
    /// switches by the measured motion; `Never` keeps the tree whatever it costs; `Always` keeps grid mode
    /// from the start (a workload known to be all fast movers, and tests). Allowed: one of the three.
    TreeGridMode gridMode = TreeGridMode::Automatic;

    /// Success when every field is in its allowed range; otherwise an error with one sentence per bad field
    /// naming the field, its value and the allowed range, e.g. "TreeSettings::margin is -1; it must be
    /// finite, >= 0 and <= 1e+15 (world units)."
    [[nodiscard]] Status validate() const;
};

/// Figures about a tree, for tests, tuning and the benchmark.
struct TreeStats {
    int32_t proxies = 0;        ///< Live proxies.
    int32_t internalNodes = 0;  ///< Internal nodes in use (proxies - 1 per non-empty tree).
    int32_t height = 0;         ///< Edges on the longest root-to-leaf path of the taller tree (0: one leaf).
    double areaRatio = 0.0;     ///< Sum of internal-node surface areas / root surface area (both trees).
    double bytesPerProxy = 0.0; ///< The tree: node and proxy arrays (in use; filters once set) / proxies.
    double workBytesPerProxy = 0.0; ///< Per-step state and the pair list (capacity) / proxies.
    int32_t pairs = 0;              ///< Pairs tracked: fat boxes overlap.
    double refattenedPerStep = 0.0; ///< Mean proxies that left their fat box per `updatePairs` so far.
    /// Tree nodes the last steps' pair passes entered beyond two per leaf they found, per step (a running
    /// mean over about 16 steps; 0 in grid mode): the work the tree's fat boxes cost beyond the pairs (which
    /// a grid would test too), which grid mode is chosen against.
    double pairPassVisitsPerStep = 0.0;
    int64_t sweptSteps = 0;         ///< Steps whose new pairs were found by one sweep (a burst of changes).
    int64_t gridSteps = 0;          ///< Steps whose pairs were found in grid mode (see the file comment).
    bool gridMode = false;          ///< The dynamic proxies are in grid mode now.
    int32_t relocationsWaiting = 0; ///< Leaves re-fattened in place whose position is still to be checked.
    int32_t pendingLeaves = 0;      ///< Leaves re-fattened in place whose ancestors are still to be refitted.
};

/// One box of a tree, as `DynamicAabbTree::visitNodes` reports it (for debug views).
struct TreeNodeInfo {
    Aabb box;                ///< An internal node's box, or a leaf's fat box.
    int32_t depth = 0;       ///< Edges from the root of its tree (0: the root).
    ProxyId proxy{};         ///< A leaf's proxy; null for an internal node.
    bool staticTree = false; ///< In the tree of static proxies (else the dynamic one).
};

/// A 3D dynamic AABB tree broadphase. Satisfies `Broadphase`. Not thread-safe; queries are const and may run
/// concurrently with each other but not with changes.
class DynamicAabbTree {
public:
    /// Input of the bulk `createProxies`.
    struct BulkProxy {
        Aabb box;                            ///< Tight box.
        uint64_t userData = 0;               ///< Returned by `userData()`: a pointer or an index.
        ProxyType type = ProxyType::Dynamic; ///< Static proxies never pair with each other.
        ProxyFilter filter{};                ///< Which proxies it pairs with (proxy_filter.h).
    };

    /// Largest number of live proxies: 2^23 - 1 = 8,388,607, what 23-bit node and proxy indices name (as
    /// Jolt's 23-bit body indices). `createProxy` and `createProxies` fail beyond, with an error saying so.
    static constexpr int32_t kMaxProxies = (1 << 23) - 1;

    /// An empty tree, or the error of `settings.validate()` (naming each bad field, its value and the
    /// allowed range) when a field is out of its range.
    [[nodiscard]] static Result<DynamicAabbTree> create(const TreeSettings& settings = {});
    /// An empty tree. Invalid settings (see `TreeSettings::validate`) are misuse, reported in every build:
    /// the assert handler gets one message naming every bad field, its value and the allowed range (the
    /// default handler aborts). If the handler returns false, the tree takes the default (`TreeSettings{}`)
    /// for each bad field, keeps the valid ones, and works as such. `create` returns the error instead.
    explicit DynamicAabbTree(const TreeSettings& settings = {});
    ~DynamicAabbTree();
    /// Takes over `other`'s proxies; the handles it gave stay valid with this tree. `other` is left empty.
    DynamicAabbTree(DynamicAabbTree&& other) noexcept;
    /// Takes over `other`'s proxies (see the move constructor), dropping this tree's.
    DynamicAabbTree& operator=(DynamicAabbTree&& other) noexcept;
    /// A deep copy: the same proxies under the same handles (each handle names its proxy in both trees), the
    /// same fat boxes, tracked pairs and bookkeeping between steps, so the same calls give the same answers
    /// and pairs in both from then on. A snapshot to return to (a replay's seek, a rollback); the two trees
    /// share nothing afterwards.
    DynamicAabbTree(const DynamicAabbTree& other);
    /// Replaces this tree's proxies with a deep copy of `other`'s (see the copy constructor).
    DynamicAabbTree& operator=(const DynamicAabbTree& other);

    /// Adds a proxy with tight box `box` (its fat box is `box` grown by the margin; exact for a static proxy)
    /// and inserts it where the surface-area heuristic says it costs least. Fails, naming the box, when it
    /// has a NaN or infinite coordinate or min > max; fails when the tree already holds `kMaxProxies`.
    /// `userData` is yours (a pointer or an index, as you like): the tree only hands it back. `filter` says
    /// which proxies it pairs with (proxy_filter.h; the default pairs with every one).
    [[nodiscard]] Result<ProxyId> createProxy(const Aabb& box, uint64_t userData,
                                              ProxyType type = ProxyType::Dynamic,
                                              const ProxyFilter& filter = {});
    /// `createProxy(object.aabb(), ...)`, with the fat box stretched along `object.velocity()`.
    [[nodiscard]] Result<ProxyId> createProxy(const IAABB& object, uint64_t userData,
                                              ProxyType type = ProxyType::Dynamic,
                                              const ProxyFilter& filter = {});
    /// Adds many proxies at once and rebuilds the whole tree with a binned SAH build: the way to load a
    /// starting scene (faster than one by one, and a better tree). Writes the handles to `ids` (same size as
    /// `proxies`). All or nothing: fails, naming the first bad box, without adding any.
    [[nodiscard]] Status createProxies(std::span<const BulkProxy> proxies, std::span<ProxyId> ids);
    /// Removes a proxy; its pairs are dropped at the next `updatePairs`. A null, stale or unknown handle is
    /// reported to the assert handler in every build (see broadphase.h); if the handler returns, false.
    bool destroyProxy(ProxyId id);

    /// Tells the tree that the proxy's tight box is now `box`, having moved by `displacement` this step (call
    /// it at most once per proxy per step; a later call wins). Inside the fat box this is O(1) and touches no
    /// node; otherwise the proxy gets a new fat box (grown by the margin, stretched along `displacement`):
    /// reinserted, or, in a scene with few changes per step, in place (see the file comment). False, with
    /// nothing changed, for an invalid box (NaN, infinite, min > max), or for a null, stale or unknown
    /// handle, which is first reported to the assert handler in every build (see broadphase.h). Inline, as
    /// the common move costs a few compares; free of `NDEBUG`-dependent code (see `check`).
    bool moveProxy(ProxyId id, const Aabb& box, const glm::vec3& displacement) {
        if (!check(id, "DynamicAabbTree::moveProxy"))
            return false;
        const auto proxy = static_cast<uint32_t>(id.index());
        if (fitsFatBox(proxy, box, displacement)) {
            markMoved(proxy, box);
            if (m_levellingBudget > 0 &&
                !contains(m_fatBoxes[proxy], Aabb{box.min + displacement, box.max + displacement}))
                m_due.push_back({proxy, displacement}); // leaves at its next step if it keeps going
            return true;
        }
        return moveProxySlow(proxy, box, displacement);
    }
    /// `moveProxy(id, object.aabb(), object.velocity() * settings.stepSeconds)`.
    bool moveProxy(ProxyId id, const IAABB& object);

    /// Gives the proxy the filter `filter` (proxy_filter.h). A change counts as a move: the next
    /// `updatePairs` drops the proxy's tracked pairs, finds those its new filter accepts and reports them.
    /// False for a null, stale or unknown handle (reported, see broadphase.h). The first filter other than
    /// the default makes the tree's filter array (16 bytes per proxy slot).
    bool setFilter(ProxyId id, const ProxyFilter& filter);
    /// The proxy's filter; the default one for a null, stale or unknown handle (reported, see broadphase.h).
    [[nodiscard]] ProxyFilter filter(ProxyId id) const;

    /// Reports, exactly once each, the pairs (not both static) whose filters accept each other, involving a
    /// proxy created, moved or re-filtered since the last call, whose tight boxes (the last ones given)
    /// overlap: exact pairs, the same as the reference broadphases report. Call once per step, after the
    /// moves.
    template <PairCallback F>
    void updatePairs(F&& onPair);
    /// Rebuilds both trees from scratch with a binned SAH build: after loading a level one proxy at a time,
    /// or whenever a better static tree is worth a few milliseconds. Pairs and handles are unaffected.
    void rebuild();

    /// Calls `onHit` (`(id)` or `(id, userData)`) for every proxy whose fat box overlaps `box` and whose
    /// category is in `queryMask` (proxy_filter.h), until it returns false.
    template <QueryCallback F>
    void queryBox(const Aabb& box, F&& onHit, uint64_t queryMask = kAllCategories) const;
    /// Calls `onHit` for every proxy whose fat box contains `point` and whose category is in `queryMask`,
    /// until it returns false.
    template <QueryCallback F>
    void queryPoint(const glm::vec3& point, F&& onHit, uint64_t queryMask = kAllCategories) const;
    /// Calls `onHit(id, fraction)` (or `onHit(id, userData, fraction)`) for every proxy whose fat box the ray
    /// enters before its current end and whose category is in `queryMask`; the ray is clipped to whatever
    /// `onHit` returns, so returning `fraction` finds the closest hit quickly.
    template <RayCallback F>
    void queryRay(const Ray& ray, F&& onHit, uint64_t queryMask = kAllCategories) const;

    /// Calls `visit(int32_t slot)` for the slot (`ProxyId::index()`) of every proxy created, moved,
    /// re-filtered or destroyed since the last `updatePairs`, once each, in no particular order: the proxies
    /// whose pairs the next `updatePairs` reports afresh (what `PairTracker` needs).
    template <class F>
    void forEachMovedSlot(F&& visit) const {
        for (const uint32_t proxy : m_moved)
            visit(static_cast<int32_t>(proxy));
    }

    /// True when `id` names a live proxy.
    [[nodiscard]] bool isValid(ProxyId id) const {
        const auto index = static_cast<uint32_t>(id.index());
        return index < m_proxyWord.size() && (m_proxyWord[index] & kAliveBit) != 0 &&
               generationOf(index) == id.generation; // a null id has index 0xFFFFFFFF
    }
    /// The user data given at creation; 0 for a null, stale or unknown handle (reported, see broadphase.h).
    [[nodiscard]] uint64_t userData(ProxyId id) const {
        return check(id, "DynamicAabbTree::userData") ? m_userData[static_cast<uint32_t>(id.index())] : 0u;
    }
    /// The proxy's fat box (what queries test); an empty box at the origin for a null, stale or unknown
    /// handle (reported, see broadphase.h).
    [[nodiscard]] Aabb fatBox(ProxyId id) const;
    /// The last tight box given to the proxy, by `createProxy` or by a `moveProxy` that returned true (what
    /// `updatePairs` tests); an empty box at the origin for a null, stale or unknown handle (reported, see
    /// broadphase.h).
    [[nodiscard]] Aabb tightBox(ProxyId id) const;
    /// Live proxies.
    [[nodiscard]] int32_t proxyCount() const { return m_proxyCount; }
    /// The settings given at construction.
    [[nodiscard]] const TreeSettings& settings() const { return m_settings; }

    /// Checks every invariant: parent/child links, containment of each child box in its parent, leaves and
    /// proxies in one-to-one correspondence, the free lists, the proxy count, and that no fat box is invalid.
    /// Returns the first broken one as an error. O(n); for tests and debugging.
    [[nodiscard]] Status validate() const;
    /// Height, area ratio, memory and counts. O(n).
    [[nodiscard]] TreeStats stats() const;
    /// Calls `onNode(const TreeNodeInfo&)` for every internal node and every leaf of both trees, each
    /// parent before its children. Read-only, O(n); for debug views (dynamic_aabb_tree_visit.cpp).
    template <class F>
    void visitNodes(F&& onNode) const {
        using Visitor = std::remove_reference_t<F>;
        visitNodes(
            [](const void* visitor, const TreeNodeInfo& node) {
                (*static_cast<Visitor*>(const_cast<void*>(visitor)))(node);
            },
            &onNode);
    }

private:
    // --- Packed references -----------------------------------------------------------------------------
    // A reference (24 bits) names an internal node, or a proxy when kLeafTag is set. 23-bit indices are what
    // lets a node keep both children and its height in one 64-bit word; parents live in arrays of their own
    // (m_nodeParents, m_proxyParents), as a descent never reads them.
    using Ref = uint32_t;
    static constexpr uint32_t kIndexBits = 23;
    static constexpr uint32_t kIndexMask = (1u << kIndexBits) - 1;
    static constexpr Ref kLeafTag = 1u << kIndexBits;
    static constexpr Ref kNullRef = kIndexMask; // an internal index that is never allocated
    static constexpr uint32_t kNullIndex = kIndexMask;
    static constexpr int kRefBits = kIndexBits + 1;
    static constexpr uint64_t kRefMask = (uint64_t{1} << kRefBits) - 1;
    static constexpr int kHeightShift = 2 * kRefBits;
    static constexpr uint64_t kHeightMask = 0xFF;
    static_assert(kHeightShift + 8 <= 64, "two references and the height must fit in a node's word");
    static_assert(kMaxProxies == static_cast<int32_t>(kIndexMask), "kMaxProxies follows the index width");

    [[nodiscard]] static bool isLeaf(Ref ref) { return (ref & kLeafTag) != 0; }
    [[nodiscard]] static uint32_t indexOf(Ref ref) { return ref & kIndexMask; }
    [[nodiscard]] static Ref leafRef(uint32_t proxy) { return proxy | kLeafTag; }

    /// An internal node in 32 bytes: its box, and one word holding child 0 and child 1 (24 bits each) and
    /// the height (8 bits; leaves count 0); 8 bits are spare. Its parent is in m_nodeParents.
    struct Node {
        Aabb box;
        uint64_t links = 0;

        [[nodiscard]] Ref child(int k) const {
            return static_cast<Ref>((links >> (kRefBits * k)) & kRefMask);
        }
        [[nodiscard]] int32_t height() const {
            return static_cast<int32_t>((links >> kHeightShift) & kHeightMask);
        }
        void setChild(int k, Ref ref) {
            const int shift = kRefBits * k;
            links = (links & ~(kRefMask << shift)) | (static_cast<uint64_t>(ref) << shift);
        }
        void setHeight(int32_t height) {
            const uint64_t h = static_cast<uint64_t>(std::min<int32_t>(height, kHeightMask));
            links = (links & ~(kHeightMask << kHeightShift)) | (h << kHeightShift);
        }
    };
    static_assert(sizeof(Node) == 32, "a node must stay 32 bytes: two per cache line");

    // The proxy word (16 bits): alive | static | generation (14 bits). The leaf's parent node (the next free
    // slot when free) is in m_proxyParents.
    using ProxyWord = uint16_t;
    static constexpr uint32_t kAliveBit = 1u;
    static constexpr uint32_t kStaticBit = 2u;
    static constexpr uint32_t kGenerationShift = 2;
    static constexpr uint32_t kGenerationMask = (1u << (16 - kGenerationShift)) - 1;
    static_assert(kGenerationMask >= 4095, "a handle must carry at least a 12-bit generation");

    [[nodiscard]] uint32_t proxyParent(uint32_t proxy) const { return m_proxyParents[proxy]; }
    void setProxyParent(uint32_t proxy, uint32_t parent) { m_proxyParents[proxy] = parent; }
    [[nodiscard]] uint32_t nodeParent(uint32_t node) const { return m_nodeParents[node]; }
    void setNodeParent(uint32_t node, uint32_t parent) { m_nodeParents[node] = parent; }
    [[nodiscard]] bool proxyIsStatic(uint32_t proxy) const { return (m_proxyWord[proxy] & kStaticBit) != 0; }
    [[nodiscard]] uint32_t generationOf(uint32_t proxy) const {
        return static_cast<uint32_t>(m_proxyWord[proxy]) >> kGenerationShift;
    }
    [[nodiscard]] ProxyId handleOf(uint32_t proxy) const {
        return {static_cast<int32_t>(proxy) + 1, generationOf(proxy)};
    }
    [[nodiscard]] int32_t heightOf(Ref ref) const { return isLeaf(ref) ? 0 : m_nodes[indexOf(ref)].height(); }
    [[nodiscard]] const Aabb& boxOf(Ref ref) const {
        return isLeaf(ref) ? m_fatBoxes[indexOf(ref)] : m_nodes[indexOf(ref)].box;
    }
    // Per-step flags of a proxy slot: created or moved this step; its fat box changed (created, re-fattened
    // or destroyed), so its tracked pairs are dropped and found again.
    static constexpr uint8_t kMovedFlag = 1;
    static constexpr uint8_t kChangedFlag = 2;

    /// The root of the tree holding `proxy` (static proxies have their own tree).
    [[nodiscard]] Ref& rootOf(uint32_t proxy) { return m_roots[proxyIsStatic(proxy) ? 1 : 0]; }

    // --- Tree operations (dynamic_aabb_tree.cpp) --------------------------------------------------------
    /// The first part of `updatePairs`: drops the tracked pairs a re-fattening invalidated, keeps the rest
    /// and reports those of them with a moved member whose current boxes touch. Returns how many it kept.
    template <class F>
    size_t reportKeptPairs(F& onPair);
    /// Calls `onPair` for a tracked pair: with its handles, and its user data when it takes them.
    template <class F>
    void reportPair(F& onPair, uint32_t a, uint32_t b) const {
        reportPair(onPair, a, b, m_userData.data());
    }
    /// The same with the user data array given: a loop that reports many pairs reads it once.
    template <class F>
    void reportPair(F& onPair, uint32_t a, uint32_t b, const uint64_t* userData) const {
        if constexpr (PairCallbackWithUserData<F>)
            onPair(handleOf(a), handleOf(b), userData[a], userData[b]);
        else
            onPair(handleOf(a), handleOf(b));
    }
    /// `isValid(id)`, reporting a handle that is not to the assert handler, naming `call`. A plain branch and
    /// an out-of-line report, never `VOX_ASSERT`: inline code must mean the same whatever `NDEBUG` its
    /// includer compiles with. The report gets the handle's fields, not the handle, so that the caller's
    /// common path does not build it (see `detail::reportStaleProxyFields`).
    [[nodiscard]] bool check(ProxyId id, const char* call) const {
        if (isValid(id)) [[likely]]
            return true;
        detail::reportStaleProxyFields(call, id.index1, id.generation);
        return false;
    }
    /// The plain prediction factor of one proxy: the setting scaled by 0.5 .. 1.5, fixed per slot. Objects
    /// that move in lockstep (a formation) would otherwise all leave their fat boxes in the same
    /// step, a burst of reinsertions every few steps; spread out, they cost the same on average without the
    /// spike.
    [[nodiscard]] float basePrediction(uint32_t proxy) const {
        const float spread = static_cast<float>((proxy * 0x9E3779B1u) >> 24) * (1.0f / 256.0f);
        return m_settings.predictionFactor * (0.5f + spread);
    }
    /// The largest factor a proxy's fat box can have been stretched with.
    [[nodiscard]] float maxPrediction(uint32_t proxy) const {
        return basePrediction(proxy) * static_cast<float>(1 << m_settings.steadyDoublings);
    }
    /// How a dynamic proxy's box is fattened: grown by `margin`, stretched by `prediction` * displacement.
    struct Fattening {
        float margin = 0.0f;
        float prediction = 0.0f;
        int8_t level = 0;       ///< The stretch's level (see m_level).
        int8_t marginLevel = 0; ///< The margin's level (see m_marginLevel).
        bool steady = false;    ///< The proxy moved the same way since its last fattening.
    };
    /// The fattening of `proxy`, whose tight box `box` left its fat box while moving by `displacement`.
    /// A teleport (a wrap-around world's) is not told apart: the displacement given still says where the
    /// proxy goes next, and what a long fat box costs is judged by its pairs (adjustLevelCaps).
    [[nodiscard]] Fattening fatteningFor(uint32_t proxy, const Aabb& box,
                                         const glm::vec3& displacement) const;
    /// The fattening of `proxy` at stretch level `level` (the slot's base factor times 2^level) and margin
    /// level `marginLevel` <= 0 (the margin, slim from stretch level 1 on, times 2^marginLevel).
    [[nodiscard]] Fattening fatteningAt(uint32_t proxy, int32_t level, int32_t marginLevel,
                                        bool steady) const;
    [[nodiscard]] Aabb fatten(const Aabb& box, const glm::vec3& displacement, ProxyType type,
                              const Fattening& fattening) const {
        if (type == ProxyType::Static)
            return box; // exact: a static proxy is not expected to move, and exact boxes mean exact pairs
#if defined(__SSE2__)
        // box.fattened(margin).extendedBy(displacement * prediction), 4 wide: a burst re-fattens tens of
        // proxies in one step. The box is read as in aabb.h's detail::minLanes, the upper lanes unshuffled
        // ([min.z max.x max.y max.z]) to be stored as they are.
        const __m128 stretch = _mm_mul_ps(_mm_set_ps(0.0f, displacement.z, displacement.y, displacement.x),
                                          _mm_set1_ps(fattening.prediction)); // [x y z 0]
        const __m128 margin = _mm_set1_ps(fattening.margin);
        const __m128 zero = _mm_setzero_ps();
        const __m128 low = _mm_add_ps(_mm_sub_ps(detail::minLanes(box), margin), _mm_min_ps(stretch, zero));
        const __m128 high =
            _mm_add_ps(_mm_add_ps(_mm_loadu_ps(&box.min.z), margin),
                       _mm_max_ps(_mm_shuffle_ps(stretch, stretch, _MM_SHUFFLE(2, 1, 0, 3)), zero));
        Aabb fat;
        _mm_storeu_ps(&fat.min.z, high); // min.z (wrong) max.x max.y max.z
        const __m128 lowLanes =
            _mm_shuffle_ps(low, high, _MM_SHUFFLE(1, 1, 2, 2)); // [low.z low.z high.x high.x]
        _mm_storeu_ps(&fat.min.x,
                      _mm_shuffle_ps(low, lowLanes, _MM_SHUFFLE(2, 0, 1, 0))); // min.x min.y min.z max.x
        return fat;
#else
        return box.fattened(fattening.margin).extendedBy(displacement * fattening.prediction);
#endif
    }
    [[nodiscard]] uint32_t allocateProxy(const Aabb& fatBox, uint64_t userData, ProxyType type);
    [[nodiscard]] Result<ProxyId> createWithFatBox(const Aabb& box, const Aabb& fatBox, uint64_t userData,
                                                   ProxyType type, const ProxyFilter& filter);
    /// Stores a filter, first giving every slot the default one if no proxy had a filter yet.
    void storeFilter(uint32_t proxy, const ProxyFilter& filter) {
        m_filters.resize(m_proxyWord.size());
        m_filters[proxy] = filter;
    }
    [[nodiscard]] uint32_t allocateNode();
    void freeNode(uint32_t node);
    /// Inserts a leaf under `subtree` (an internal node whose box contains the leaf's; null: the root).
    void insertLeaf(uint32_t proxy, uint32_t subtree);
    /// Unlinks a leaf, frees its parent and refits the ancestors; returns the freed parent's parent (null
    /// when the leaf was the root or its parent was).
    uint32_t removeLeaf(uint32_t proxy);
    /// Gives a proxy the new fat box `fatBox` (a dynamic one that left its old one, or a static one that
    /// moved): a dynamic leaf keeps its place and becomes pending (see the file comment) while the tree is in
    /// its few-changes-per-step regime, no node touched, so many proxies can change in one step for the price
    /// of a few stores each; otherwise the leaf is reinserted where the surface-area heuristic wants it.
    void refatten(uint32_t proxy, const Aabb& fatBox);
    [[nodiscard]] bool isPending(uint32_t proxy) const {
        return m_pendingIndex[proxy] != kNotPending;
    }
    /// Takes a leaf out and puts it back where the SAH wants it, keeping its fat box (so its pairs stay); a
    /// pending leaf is settled that way.
    void relocateLeaf(uint32_t proxy);
    /// True unless a leaf ended up far from its sibling: their union has more than kMisplacedArea times the
    /// area of the two apart. Lenient on purpose: a relocation costs more than a somewhat loose parent.
    [[nodiscard]] bool isWellPlaced(uint32_t proxy) const;
    static constexpr float kMisplacedArea = 4.0f;
    void replaceChild(uint32_t parent, Ref oldChild, Ref newChild, Ref& root);
    void setParentOf(Ref ref, uint32_t parent);
    /// Walks up from `node` refitting boxes and heights and rotating, until nothing changes: rotations for
    /// balance everywhere, for area only below `areaLimit` (null: all the way up).
    void refitAndRotate(uint32_t node, uint32_t areaLimit);
    bool rotate(uint32_t node, bool areaRotations);
    /// One rotation at `node`; returns the child whose children changed, or null when none was worth it.
    uint32_t rotateOnce(uint32_t node, bool areaRotations, bool& forced);
    void updateHeight(uint32_t node);
    /// The box and height of `node` from its children's.
    void refitNode(uint32_t node);
    /// The common case of a move, inline and cheap: the new box is inside the fat box (so it is finite,
    /// the fat box is) and not inverted. Static proxies keep exact boxes, so any change of theirs takes the
    /// slow path. Every kShrinkPeriod-th step (staggered over the slots) the fat box must also not be
    /// needlessly big (`oversized`): an oversized fat box costs extra tracked pairs, never wrong ones, so
    /// an occasional look is enough and keeps the common move to a few compares.
    [[nodiscard]] bool fitsFatBox(uint32_t proxy, const Aabb& box, const glm::vec3& displacement) const {
        const bool insideFatBox = contains(m_fatBoxes[proxy], box);
        const bool isDynamic = !proxyIsStatic(proxy);
        const bool inside = insideFatBox & (box.min.x <= box.max.x) & (box.min.y <= box.max.y) &
                            (box.min.z <= box.max.z) & isDynamic;
        return inside && ((proxy + static_cast<uint32_t>(m_updateCount)) % kShrinkPeriod != 0 ||
                          !oversized(proxy, box, displacement));
    }
    static constexpr uint32_t kShrinkPeriod = 16;
    /// "Needlessly big" is more than kShrinkRatio times the surface area of the largest fat box a
    /// re-fattening could give (the object slowed down after a fast move, or shrank): lenient on purpose, so
    /// that one odd step (a formation that drops a row) does not cost a second re-fattening of everybody.
    [[nodiscard]] bool oversized(uint32_t proxy, const Aabb& box, const glm::vec3& displacement) const {
        const float k = maxPrediction(proxy);
        const float grow = 2.0f * m_settings.margin;
        const float x = box.max.x - box.min.x + grow + std::abs(displacement.x) * k;
        const float y = box.max.y - box.min.y + grow + std::abs(displacement.y) * k;
        const float z = box.max.z - box.min.z + grow + std::abs(displacement.z) * k;
        return m_fatBoxes[proxy].surfaceArea() > kShrinkRatio * 2.0f * (x * y + y * z + z * x);
    }
    static constexpr float kShrinkRatio = 4.0f;
    bool moveProxySlow(uint32_t proxy, const Aabb& box, const glm::vec3& displacement);
    void markMoved(uint32_t proxy, const Aabb& box) {
        m_currentBoxes[proxy] = box;
        uint8_t& flags = m_stepFlags[proxy];
        if (flags == 0)
            m_moved.push_back(proxy);
        flags |= kMovedFlag;
    }
    /// After `markMoved`: the proxy's fat box changed.
    void markChanged(uint32_t proxy) {
        if ((m_stepFlags[proxy] & kChangedFlag) == 0)
            m_changed.push_back(proxy);
        m_stepFlags[proxy] |= kChangedFlag;
    }
    /// Binned-SAH build over the subtrees `refs` (leaves or kept subtrees); returns the new root.
    [[nodiscard]] Ref buildSubtree(std::vector<Ref>& refs);
    /// Partitions the build items [begin, end), whose centres (doubled) span lo .. hi, on the widest axis at
    /// the bin boundary of least SAH cost; returns where the right part starts (the middle when no split
    /// is found).
    [[nodiscard]] uint32_t sahSplit(uint32_t begin, uint32_t end, const glm::vec3& lo, const glm::vec3& hi);
    /// Tracks the pair (a, b) unless their filters reject each other: the one place every pair-finding path
    /// goes through, and where filtering happens. A tree whose proxies all have the default filter (no
    /// filter array) skips the test.
    void addPair(uint32_t a, uint32_t b) {
        if (m_filters.empty() || canPair(m_filters[a], m_filters[b])) [[likely]]
            m_pairs.push_back({a, b});
    }
    /// True when a query with mask `queryMask` reports proxy `proxy`.
    [[nodiscard]] bool acceptsQuery(uint32_t proxy, uint64_t queryMask) const {
        return m_filters.empty() ? (queryMask & kDefaultCategory) != 0
                                 : passesQuery(m_filters[proxy], queryMask);
    }

    // --- Traversal --------------------------------------------------------------------------------------
    /// A stack of references with inline storage; spills to the heap only for very deep trees.
    template <class T, int N>
    class Stack {
    public:
        void push(const T& value) {
            if (m_size < N)
                m_inline[static_cast<size_t>(m_size)] = value;
            else
                m_spill.push_back(value);
            ++m_size;
        }
        T pop() {
            --m_size;
            if (m_size < N)
                return m_inline[static_cast<size_t>(m_size)];
            T value = m_spill.back();
            m_spill.pop_back();
            return value;
        }
        [[nodiscard]] bool empty() const { return m_size == 0; }

    private:
        std::array<T, static_cast<size_t>(N)> m_inline;
        std::vector<T> m_spill;
        int m_size = 0;
    };

    void visitNodes(void (*onNode)(const void* visitor, const TreeNodeInfo& node), const void* visitor) const;
    /// Re-fattens, while this step has fewer fat-box changes than the running mean, proxies that stayed
    /// inside their fat boxes but will leave them at their next step: work levelling (see the .cpp).
    void refattenEarly();
    /// The number of fat-box changes refattenEarly may bring the next step to (0: no levelling).
    [[nodiscard]] size_t levellingBudget() const;
    /// Finds the pairs of every proxy whose fat box changed (created or re-fattened): one query per changed
    /// proxy, or, when many changed at once, a sweep (`sweepChangedDynamic`).
    void findNewPairs();
    /// Settles up to `budget` pending leaves, oldest first: marks their ancestors and refits the marked nodes
    /// children first, so that every ancestor contains them again; queues them for endStep's relocation
    /// check.
    void settlePendingLeaves(size_t budget);
    /// Calls `onLeaf(slot)` for every pending leaf, until it returns false; returns false when stopped that
    /// way. (An entry of the list is live when its slot's m_pendingIndex names it.)
    template <class F>
    bool forEachPending(F&& onLeaf) const {
        for (size_t k = m_pendingHead; k < m_pending.size(); ++k)
            if (m_pendingIndex[m_pending[k]] == k && !onLeaf(m_pending[k]))
                return false;
        return true;
    }
    /// Adds every pair of dynamic proxies, at least one of them changed, whose fat boxes overlap, by sweeping
    /// the changed ones along one axis against themselves and against the unchanged ones within their
    /// bounds. False, with nothing added, when those bounds hold too many unchanged proxies for that to pay.
    [[nodiscard]] bool sweepChangedDynamic(Aabb& bounds);
    /// The pairs between the changed boxes of a sweep and the few unchanged ones near them, every pair
    /// tested, four at a time.
    void crossByBlocks();
    /// The one descent of a tree, behind every query and the pair pass: calls `onLeaf(slot)` for every leaf
    /// of tree `tree` (0: dynamic, 1: static) whose box passes `test(box)`, entering only the internal nodes
    /// whose boxes pass it, until `onLeaf` returns false; returns false when stopped that way. Pending leaves
    /// (which may lie outside their ancestors) are passed over in the descent and tested after it. `onLeaf`
    /// is called right after `test` passed that leaf's box, so a test may leave what it found (where a ray
    /// enters) for it.
    template <class Test, class F>
    bool descend(int tree, Test&& test, F&& onLeaf) const;
    /// `descend` into the boxes that overlap `box`: box queries and the pair pass.
    template <class F>
    bool queryTree(int tree, const Aabb& box, F&& onLeaf) const {
        return descend(
            tree, [&box](const Aabb& nodeBox) { return overlaps(nodeBox, box); }, onLeaf);
    }
    /// The feedback on fat boxes, after the new pairs (from `firstNew` on in m_pairs) were counted in
    /// m_excessPairs: a changed proxy whose new fat box found more than kSparePairs pairs beyond twice its
    /// touching ones gets a cap one level under its fat box's; one that found few may go a level higher.
    /// Clears m_excessPairs.
    void adjustLevelCaps(size_t firstNew);
    /// m_level of a proxy not re-fattened since its creation (its fat box has no stretch): level 0 then.
    static constexpr int8_t kFreshLevel = -128;
    /// Lowest level of a fattening: the margin and stretch at 1/256 of level 0's.
    static constexpr int32_t kMinLevel = -8;
    /// A plain fat box's stretch reaches at most this many times its box's extent (plus margins) ahead.
    static constexpr float kPlainReach = 8.0f;
    /// Pairs a fat box may cost beyond twice its proxy's touching pairs (see adjustLevelCaps).
    static constexpr int32_t kSparePairs = 8;
    /// The parts of validate(): both trees' links, boxes and heights (marking the nodes reached and counting
    /// leaves and nodes); the slots against the leaves and the per-slot lists; the free lists (marking their
    /// nodes); the tracked pairs.
    [[nodiscard]] Status validateTrees(std::vector<uint8_t>& seenNode, int32_t& leaves, int32_t& nodes) const;
    [[nodiscard]] Status validateSlots(int32_t leaves) const;
    [[nodiscard]] Status validateFreeLists(std::vector<uint8_t>& seenNode) const;
    [[nodiscard]] Status validatePairs() const;
    /// The end of `updatePairs`: per-step state reset, relocation of misplaced leaves within a budget, the
    /// choice of mode for the next step.
    void endStep();

    struct Pair {
        uint32_t a, b;
    };

    // --- Grid mode (dynamic_aabb_tree_grid.cpp) ---------------------------------------------------------
    /// Grid mode is entered when, over recent steps, more than one proxy in kGridModeEnterRatio leaves its
    /// fat box per step (and at least kGridModeChanges do), and left when fewer than one in
    /// kGridModeLeaveRatio do; a switch stays at least kGridModeDwell steps. The ratios sit on either side
    /// of where the two cost the same (a re-fattening costs the tree about what binning a dozen boxes costs
    /// the grid: bench/broadphase/adversarial_bench), so that a workload near it does not go back and forth.
    static constexpr double kGridModeEnterRatio = 12.0;
    static constexpr double kGridModeLeaveRatio = 16.0;
    static constexpr double kGridModeChanges = 64.0;
    static constexpr int64_t kGridModeDwell = 64;
    /// Grid mode is also entered when the pair pass's node visits beyond two per leaf found (over recent
    /// steps) reach this many per live proxy, at least kGridModeMinVisits (binning a box and testing its
    /// cells costs about what 6 visits do; W2's workloads visit under 5 per proxy, fast movers among bigger
    /// boxes in 3D 10 to 70), and left only when the visits the re-fattenings would cost, at the cost per
    /// re-fattening measured on entry, fall under half.
    static constexpr double kGridModeVisitsPerProxy = 6.0;
    static constexpr double kGridModeMinVisits = 4096.0;
    /// A crowd also takes grid mode: when for kCrowdSteps steps in a row nearly every tracked pair had a
    /// moved member and touched (everything moves and touches everything, so the tracked pairs save no
    /// test) and there were at least kCrowdPairsPerProxy pairs per proxy, the grid does the same tests
    /// without the pair list's upkeep. It stays while most proxies move and the pairs stay that many.
    static constexpr int64_t kCrowdSteps = 16;
    static constexpr size_t kCrowdPairsPerProxy = 4;
    /// Bins every live box (tight boxes when `tight`, else fat ones; static boxes are exact either way) in
    /// a hash grid whose cells suit the dynamic boxes; those too large for the cells are listed apart.
    void buildGrid(bool tight);
    /// The first part of buildGrid: every live box into m_gridItems (tight or fat as there), their bounds,
    /// and a sample of their extents for the cell size.
    void gatherGridItems(bool tight);
    /// The cell size for the items buildGrid gathered (their extents sampled in m_gridExtents).
    [[nodiscard]] float gridCellSize();
    /// The pairs of the grid just built (not both static, boxes overlapping; with `movedOnly`, at least one
    /// member moved or created this step), once each, to `onPair(a, b)` (their `GridItem`s).
    template <class F>
    void forEachGridPair(bool movedOnly, F&& onPair) const;
    /// `forEachGridPair`, with the filter test compiled in or out.
    template <bool Filtered, class F>
    void forEachGridPairFiltered(bool movedOnly, F& onPair) const;
    /// `forEachGridPair` into `out`.
    void collectGridPairs(bool movedOnly, std::vector<Pair>& out) const;
    /// The grid's hash of a cell (its bucket is the hash & m_gridMask).
    [[nodiscard]] static uint32_t cellHash(int64_t x, int64_t y, int64_t z) {
        const uint64_t h = static_cast<uint64_t>(x) * 0x9E3779B97F4A7C15ull ^
                           static_cast<uint64_t>(y) * 0xC2B2AE3D27D4EB4Full ^
                           static_cast<uint64_t>(z) * 0x165667B19E3779F9ull;
        return static_cast<uint32_t>(h >> 32);
    }
    /// Updates the running mean of re-fattenings (proxies that left their fat boxes: creations do not
    /// count) with this step's, and enters or leaves grid mode accordingly.
    void chooseMode(size_t refattened, size_t moved);
    /// Whether grid mode suits a crowd with these moved proxies and pairs per step (see kCrowdSteps).
    [[nodiscard]] bool crowded(double moved, size_t pairs) const;
    /// Dissolves the dynamic tree: its proxies keep their fat boxes, their pairs are found by the grid.
    void enterGridMode();
    /// Builds the dynamic tree over the fat boxes and finds their tracked pairs, without reporting any.
    void leaveGridMode();
    /// The grid-mode part of the queries: calls `onHit(visitor, slot)` for every dynamic proxy whose tight
    /// box overlaps `box`, until it returns false; returns false when stopped that way.
    bool queryGridBox(const Aabb& box, bool (*onHit)(const void* visitor, uint32_t proxy),
                      const void* visitor) const;
    /// The grid-mode part of the ray query: calls `onHit(visitor, slot, fraction)` for every dynamic proxy
    /// whose tight box `ray` enters before its current end (clipped to what `onHit` returns); false when
    /// stopped (a returned end <= 0). `ray.maxFraction` is left at the last end.
    bool queryGridRay(Ray& ray, float (*onHit)(const void* visitor, uint32_t proxy, float fraction),
                      const void* visitor) const;
    /// A box of the grid: a copy of a live proxy's box, with kGridMoved / kGridStatic flags.
    struct GridItem {
        Aabb box;
        uint32_t proxy;
        uint32_t flags;
        uint64_t userData; ///< A copy: a pair is reported without a look into m_userData.
    };
    static constexpr uint32_t kGridMoved = 1;
    static constexpr uint32_t kGridStatic = 2;
    /// The item is listed in one bucket only: two such items meet in no other, so a pair of them found
    /// there needs no test of where else it could be found.
    static constexpr uint32_t kGridOneBucket = 4;
    struct GridEntry {
        uint32_t bucket;
        uint32_t item; ///< Index in m_gridItems.
    };

    TreeSettings m_settings;
    std::vector<Node> m_nodes;            ///< Internal nodes of both trees.
    std::vector<uint32_t> m_nodeParents;  ///< Per node: its parent (kNullIndex for a root or a free node).
    std::vector<Aabb> m_fatBoxes;         ///< Per proxy slot.
    std::vector<ProxyWord> m_proxyWord;   ///< Per proxy slot: alive | static | generation.
    std::vector<uint32_t> m_proxyParents; ///< Per proxy slot: its leaf's parent node, or the next free slot.
    std::vector<uint64_t> m_userData;     ///< Per proxy slot.
    /// Per proxy slot once any proxy was given a filter other than the default; empty before (all default).
    std::vector<ProxyFilter> m_filters;
    std::array<Ref, 2> m_roots{kNullRef, kNullRef}; ///< Dynamic tree, static tree.
    uint32_t m_freeNode = kNullIndex;
    uint32_t m_freeProxy = kNullIndex;
    int32_t m_nodeCount = 0;
    int32_t m_proxyCount = 0;

    // Per-step state.
    std::vector<uint8_t> m_stepFlags; ///< Per slot: k*Flag bits since the last updatePairs.
    std::vector<uint32_t> m_moved;    ///< Created, moved or destroyed this step, once each.
    std::vector<uint32_t> m_changed;  ///< Those of m_moved whose fat box changed, once each.
    /// Per slot: the last tight box given (exact for static proxies), which pairs are tested against.
    std::vector<Aabb> m_currentBoxes;
    /// Per slot: the stretch level of its fat box. Level k stretches by the slot's base factor times 2^k;
    /// levels above 0 are earned by steady motion (a doubling each time the proxy leaves its fat box moving
    /// as predicted), levels below 0 come from the cap or a plain fat box's reach (kPlainReach). Bounded
    /// above by m_levelCap.
    std::vector<int8_t> m_level;
    /// Per slot: the highest level its next fattening may have, from what its last fat box cost in pairs
    /// (see adjustLevelCaps): the feedback that keeps a fast mover's fat box from sweeping up the world.
    std::vector<int8_t> m_levelCap;
    /// Per slot: the margin level of its fat box (<= 0: the margin times 2^level), the cap's when made.
    std::vector<int8_t> m_marginLevel;
    /// Scratch of updatePairs, per slot: the pairs found this step for a changed proxy's new fat box less
    /// twice those whose tight boxes overlap (zero outside updatePairs).
    std::vector<int32_t> m_excessPairs;
    /// Moved inside their fat boxes this step but will leave them at the next: candidates for refattenEarly.
    struct Due {
        uint32_t proxy;
        glm::vec3 displacement;
    };
    std::vector<Due> m_due;
    std::vector<Pair> m_pairs; ///< Candidate pairs: fat boxes overlap, not both static.
    /// Pending leaves (re-fattened in place, ancestors not refitted yet), oldest first; an entry is live when
    /// m_pendingIndex of its slot names it (a leaf settled by reinsertion or destroyed leaves a dead entry).
    std::vector<uint32_t> m_pending;
    size_t m_pendingHead = 0; ///< m_pending before this index are settled.
    static constexpr uint32_t kNotPending = 0xFFFFFFFFu;
    std::vector<uint32_t> m_pendingIndex; ///< Per slot: its entry in m_pending, or kNotPending.
    /// The live dynamic proxies, in no order, and per slot its place there: where they are few, the burst
    /// sweep scans them instead of querying the tree.
    std::vector<uint32_t> m_dynamicProxies;
    std::vector<uint32_t> m_dynamicPosition;
    std::vector<uint8_t> m_nodeMarks; ///< Per node, in settlePendingLeaves: an ancestor of a leaf settled.
    std::vector<uint32_t> m_marked;   ///< Scratch of settlePendingLeaves: the marked nodes, parents first.
    /// A box in a sweep: its interval on the sweep axis, and those on the other two axes as (min u, min v,
    /// -max u, -max v) and (max u, max v, -min u, -min v), so that two boxes overlap there when every lane of
    /// one's `low` is <= the other's `high`.
    /// Items are sorted by `lo`, then by min u; a run is the items with the same `lo` (a row of a formation
    /// or of tiles), and `runEnd` is the index past the item's run.
    struct SweepItem {
        float lo, hi;
        uint32_t proxy;
        uint32_t runEnd;
        std::array<float, 4> low, high;
    };
    std::vector<SweepItem> m_sweepChanged; ///< Scratch of sweepChangedDynamic.
    std::vector<SweepItem> m_sweepOthers;  ///< Scratch of sweepChangedDynamic.
    std::vector<float> m_sweepColumns;     ///< Scratch of crossByBlocks.
    /// Leaves settled after a re-fattening in place, waiting for endStep to relocate those that ended up far
    /// from their siblings; with the slot's generation, so that a destroyed proxy is skipped.
    struct Relocation {
        uint32_t proxy;
        uint32_t generation;
    };
    std::vector<Relocation> m_relocations;
    bool m_gridMode = false;           ///< The dynamic proxies are in the grid, not in a tree (see above).
    double m_refattenMean = 0.0;       ///< Running mean of re-fattenings per step (for the mode).
    double m_visitMean = 0.0;          ///< Running mean of the pair pass's node visits per step (the mode).
    double m_visitsPerRefatten = 0.0;  ///< m_visitMean per re-fattening when grid mode was last entered.
    size_t m_stepVisits = 0;           ///< This step's pair pass's node visits beyond 2 per leaf found.
    int64_t m_gridSteps = 0;           ///< Steps whose pairs were found in grid mode.
    bool m_uniformPairSteps = false;   ///< Last step, nearly every tracked pair was tested and touching.
    int64_t m_uniformSteps = 0;        ///< Steps in a row with m_uniformPairSteps (tree mode).
    size_t m_reportedPairs = 0;        ///< Pairs reported by the last updatePairs.
    double m_movedMean = 0.0;          ///< Running mean of proxies moved per step (for the mode).
    bool m_gridUnsuited = false;       ///< The last grid held too many large boxes: leave grid mode.
    int64_t m_gridRetryStep = 0;       ///< Grid mode is not entered before this step (see chooseMode).
    std::vector<GridItem> m_gridItems; ///< The grid's boxes (grid mode: as of the last updatePairs).
    std::vector<glm::ivec3> m_gridLowCells; ///< Per grid item: the lowest cell its box touches.
    std::vector<GridEntry> m_gridEntries;   ///< Scratch of buildGrid.
    std::vector<uint32_t> m_gridSorted;     ///< Items by bucket.
    std::vector<uint32_t>
        m_gridStarts;                  ///< Per bucket, its first place in m_gridSorted (one more at the end).
    std::vector<uint32_t> m_gridNext;  ///< Scratch of buildGrid.
    std::vector<uint32_t> m_gridLarge; ///< Items too large for the cells.
    std::vector<float> m_gridExtents;  ///< Scratch of buildGrid: sampled extents of dynamic boxes.
    std::vector<float> m_gridAllExtents; ///< Scratch of buildGrid: sampled extents of all boxes.
    Aabb m_gridBounds;                   ///< Union of the binned items' boxes.
    glm::vec3 m_gridOrigin{0.0f};
    float m_gridInverse = 0.0f;  ///< 1 / cell size.
    uint32_t m_gridMask = 0;     ///< Buckets - 1 (a power of two less one).
    size_t m_relocationHead = 0; ///< m_relocations before this index are done.
    struct BuildItem;
    std::vector<Ref> m_buildRefs;        ///< Scratch of the rebuild.
    std::vector<BuildItem> m_buildItems; ///< Scratch of the rebuild.
    std::vector<uint32_t> m_builtNodes;  ///< Scratch of the rebuild: nodes made, parents first.
    int64_t m_changedTotal = 0;   ///< Fat-box changes (created, re-fattened, destroyed) over all steps.
    size_t m_levellingBudget = 0; ///< Fat-box changes a step may reach by refattenEarly; 0: no levelling.
    int64_t m_refattenedTotal = 0;
    int64_t m_updateCount = 0;
    int32_t m_refattenedThisStep = 0;
    int32_t m_motionRefattened =
        0; ///< This step's re-fattenings but the first of each proxy (the mode's measure).
    int64_t m_sweptSteps = 0;
};

// --- Template members --------------------------------------------------------------------------------------

template <PairCallback F>
void DynamicAabbTree::updatePairs(F&& onPair) {
    if (m_gridMode) {
        // Every box in a hash grid, the pairs with a moved member reported as found (exact: tight boxes).
        buildGrid(true);
        size_t reported = 0;
        forEachGridPair(true, [&](const GridItem& a, const GridItem& b) {
            ++reported;
            if constexpr (PairCallbackWithUserData<F>)
                onPair(handleOf(a.proxy), handleOf(b.proxy), a.userData, b.userData);
            else
                onPair(handleOf(a.proxy), handleOf(b.proxy));
        });
        m_reportedPairs = reported;
        ++m_gridSteps;
        endStep();
        return;
    }
    refattenEarly();
    const size_t kept = reportKeptPairs(onPair);
    m_pairs.resize(kept);
    findNewPairs();
    // The new pairs: reported where the tight boxes overlap, and counted for the feedback on fat boxes.
    int32_t* excessPairs = m_excessPairs.data();
    for (size_t k = kept; k < m_pairs.size(); ++k) {
        const Pair pair = m_pairs[k];
        const bool touching = overlaps(m_currentBoxes[pair.a], m_currentBoxes[pair.b]);
        const int32_t excess = touching ? -1 : 1; // a pair found, less two for a touching one
        excessPairs[pair.a] += excess;
        excessPairs[pair.b] += excess;
        if (touching)
            reportPair(onPair, pair.a, pair.b);
    }
    adjustLevelCaps(kept);
    endStep();
}

template <class F>
size_t DynamicAabbTree::reportKeptPairs(F& onPair) {
    // Tracked pairs stay valid unless a member changed its fat box (or died): fat boxes only change on
    // re-fattening. Keep the valid ones, compacted in place, dropping the rest, which the descent finds again
    // if they still overlap. Report the kept ones that involve a moved proxy and whose current boxes (the
    // tight box for a moved proxy) overlap: the caller gets exact pairs, not fat ones.
    // Raw pointers: the callback could otherwise force the compiler to reload every vector each pair.
    const uint8_t* flags = m_stepFlags.data();
    const Aabb* boxes = m_currentBoxes.data();
    const uint64_t* userData = m_userData.data();
    Pair* pairs = m_pairs.data();
    const size_t count = m_pairs.size();
    constexpr size_t kBlock = 256;
    size_t kept = 0;
    size_t tested = 0;
    size_t touching = 0;
    if (m_uniformPairSteps) {
        // Last step nearly every pair was tested and touching (a crowd that moves, everything touching
        // everything): the branches below go the same way almost every time, and one pass does it all.
        // A proxy's pairs are found together, so runs of pairs share their first proxy: its flags and box
        // are loaded once a run.
        uint32_t runProxy = UINT32_MAX;
        uint8_t runFlags = 0;
        Aabb runBox{};
        for (size_t k = 0; k < count; ++k) {
            const Pair pair = pairs[k];
            if (pair.a != runProxy) {
                runProxy = pair.a;
                runFlags = flags[pair.a];
                runBox = boxes[pair.a];
            }
            const uint8_t pairFlags = runFlags | flags[pair.b];
            if ((pairFlags & kChangedFlag) != 0)
                continue;
            pairs[kept++] = pair;
            if ((pairFlags & kMovedFlag) != 0) {
                ++tested;
                if (overlaps(runBox, boxes[pair.b])) {
                    ++touching;
                    reportPair(onPair, pair.a, pair.b, userData);
                }
            }
        }
    } else {
        // Without branches: whether a pair survives, and whether it is tested, follows which proxies moved,
        // which no branch predictor guesses when some of them do (mispredictions were most of a step where a
        // tenth move). Those with a moved member are listed apart and the touching ones among them reported,
        // in the pairs' order; a block at a time, so that the list stays in the first-level cache.
        Pair toTest[kBlock];
        for (size_t start = 0; start < count; start += kBlock) {
            const size_t end = start + kBlock < count ? start + kBlock : count;
            size_t testCount = 0;
            for (size_t k = start; k < end; ++k) {
                const Pair pair = pairs[k];
                const uint8_t pairFlags = flags[pair.a] | flags[pair.b];
                pairs[kept] = pair;
                kept += (pairFlags & kChangedFlag) == 0 ? 1 : 0;
                toTest[testCount] = pair;
                testCount += (pairFlags & (kChangedFlag | kMovedFlag)) == kMovedFlag ? 1 : 0;
            }
            size_t overlapping = 0;
            for (size_t k = 0; k < testCount; ++k) {
                const Pair pair = toTest[k];
                toTest[overlapping] = pair;
                overlapping += overlaps(boxes[pair.a], boxes[pair.b]) ? 1 : 0;
            }
            for (size_t k = 0; k < overlapping; ++k)
                reportPair(onPair, toTest[k].a, toTest[k].b, userData);
            tested += testCount;
            touching += overlapping;
        }
    }
    m_uniformPairSteps = count >= kBlock && tested * 8 >= count * 7 && touching * 8 >= tested * 7;
    return kept;
}

template <class F>
void DynamicAabbTree::forEachGridPair(bool movedOnly, F&& onPair) const {
    // Without filters (the common case) the loop has no filter test at all.
    if (m_filters.empty())
        forEachGridPairFiltered<false>(movedOnly, onPair);
    else
        forEachGridPairFiltered<true>(movedOnly, onPair);
}

template <bool Filtered, class F>
void DynamicAabbTree::forEachGridPairFiltered(bool movedOnly, F& onPair) const {
    const uint32_t needed = movedOnly ? kGridMoved : 0u;
    // Locals: the callback could otherwise make the compiler reload them each pair.
    const ProxyFilter* filters = m_filters.data();
    const uint32_t mask = m_gridMask;
    const auto wanted = [&](const GridItem& a, const GridItem& b) {
        if constexpr (Filtered) {
            if (!canPair(filters[a.proxy], filters[b.proxy]))
                return false;
        }
        return ((a.flags | b.flags) & needed) == needed && (a.flags & b.flags & kGridStatic) == 0 &&
               overlaps(a.box, b.box);
    };
    // Pairs within each bucket, found in one bucket only: that of the lowest cell both boxes touch (the
    // larger of their lowest cells, as floor is monotonic), where both are listed. Two items each listed in
    // one bucket meet nowhere else, and need no such test.
    const uint32_t* sorted = m_gridSorted.data();
    const GridItem* items = m_gridItems.data();
    const glm::ivec3* lowCells = m_gridLowCells.data();
    const uint32_t* starts = m_gridStarts.data();
    for (uint32_t bucket = 0; bucket <= mask; ++bucket) {
        const uint32_t begin = starts[bucket];
        const uint32_t end = starts[bucket + 1];
        for (uint32_t i = begin; i + 1 < end; ++i) {
            const GridItem& a = items[sorted[i]];
            for (uint32_t j = i + 1; j < end; ++j) {
                const GridItem& b = items[sorted[j]];
                if (!wanted(a, b))
                    continue;
                if ((a.flags & b.flags & kGridOneBucket) == 0) {
                    const glm::ivec3 home = glm::max(lowCells[sorted[i]], lowCells[sorted[j]]);
                    if ((cellHash(home.x, home.y, home.z) & mask) != bucket)
                        continue;
                }
                onPair(a, b);
            }
        }
    }
    // Large boxes against every box (each pair of two large ones once).
    const auto itemCount = static_cast<uint32_t>(m_gridItems.size());
    for (size_t k = 0; k < m_gridLarge.size(); ++k) {
        const GridItem& large = items[m_gridLarge[k]];
        for (uint32_t other = 0; other < itemCount; ++other) {
            const bool otherLarge = std::binary_search(m_gridLarge.begin(), m_gridLarge.end(), other);
            if (other == m_gridLarge[k] || (otherLarge && other < m_gridLarge[k]) ||
                !wanted(large, items[other]))
                continue;
            onPair(large, items[other]);
        }
    }
}

template <class Test, class F>
bool DynamicAabbTree::descend(int tree, Test&& test, F&& onLeaf) const {
    const bool anyPending = tree == 0 && m_pendingHead < m_pending.size();
    const Ref root = m_roots[static_cast<size_t>(tree)];
    if (root != kNullRef && test(boxOf(root))) {
        if (isLeaf(root)) {
            if (!(anyPending && isPending(indexOf(root))) && !onLeaf(indexOf(root)))
                return false;
        } else {
            // Children are tested before they are pushed: only internal nodes that pass enter the stack.
            Stack<Ref, 128> stack;
            stack.push(root);
            while (!stack.empty()) {
                const Node& node = m_nodes[indexOf(stack.pop())];
                for (int k = 0; k < 2; ++k) {
                    const Ref child = node.child(k);
                    if (!test(boxOf(child)))
                        continue;
                    if (!isLeaf(child))
                        stack.push(child);
                    else if (!(anyPending && isPending(indexOf(child))) && !onLeaf(indexOf(child)))
                        return false;
                }
            }
        }
    }
    return !anyPending ||
           forEachPending([&](uint32_t proxy) { return !test(m_fatBoxes[proxy]) || onLeaf(proxy); });
}

template <QueryCallback F>
void DynamicAabbTree::queryBox(const Aabb& box, F&& onHit, uint64_t queryMask) const {
    const auto hitLeaf = [&](uint32_t proxy) {
        return !acceptsQuery(proxy, queryMask) ||
               detail::reportHit(onHit, handleOf(proxy), m_userData[proxy]);
    };
    if (m_gridMode) {
        using Hit = decltype(hitLeaf);
        if (!queryGridBox(
                box,
                [](const void* visitor, uint32_t proxy) {
                    return (*static_cast<const Hit*>(visitor))(proxy);
                },
                &hitLeaf))
            return;
    }
    for (int tree = m_gridMode ? 1 : 0; tree < 2; ++tree)
        if (!queryTree(tree, box, hitLeaf))
            return;
}

template <QueryCallback F>
void DynamicAabbTree::queryPoint(const glm::vec3& point, F&& onHit, uint64_t queryMask) const {
    queryBox(Aabb{point, point}, onHit, queryMask);
}

template <RayCallback F>
void DynamicAabbTree::queryRay(const Ray& ray, F&& onHit, uint64_t queryMask) const {
    Ray clipped = ray;
    float entry = 0.0f; // where the ray enters the box `test` passed last: the leaf `hitLeaf` is given
    const auto test = [&](const Aabb& box) { return raycast(box, clipped, entry); };
    // The callback clips the ray to what it returns; false when it ended the query. A leaf the mask rejects
    // leaves the ray as it is.
    const auto hitLeaf = [&](uint32_t proxy) {
        if (!acceptsQuery(proxy, queryMask))
            return true;
        clipped.maxFraction = detail::reportRayHit(onHit, handleOf(proxy), m_userData[proxy], entry);
        return !(clipped.maxFraction <= 0.0f);
    };
    if (m_gridMode) {
        const auto gridHit = [&](uint32_t proxy, float fraction) {
            return !acceptsQuery(proxy, queryMask)
                       ? clipped.maxFraction
                       : detail::reportRayHit(onHit, handleOf(proxy), m_userData[proxy], fraction);
        };
        using Hit = decltype(gridHit);
        if (!queryGridRay(
                clipped,
                [](const void* visitor, uint32_t proxy, float fraction) {
                    return (*static_cast<const Hit*>(visitor))(proxy, fraction);
                },
                &gridHit))
            return;
    }
    for (int tree = m_gridMode ? 1 : 0; tree < 2; ++tree)
        if (!descend(tree, test, hitLeaf))
            return;
}

} // namespace vox
