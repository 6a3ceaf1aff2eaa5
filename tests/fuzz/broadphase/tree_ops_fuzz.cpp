// libFuzzer target: the fuzzer's bytes are a program of broadphase operations (create, destroy, small and
// large moves, a whole-scene jump, bulk loads, rebuilds, queries), run on a DynamicAabbTree and on the brute
// force reference side by side. After every updatePairs the two must report the same pairs and the tree must
// pass validate(); box queries must find every proxy the reference finds. Any difference aborts, so libFuzzer
// keeps the input. The jump moves every dynamic proxy at once: the burst path (fat boxes changed in place,
// leaves pending until later steps settle them, pairs found by one sweep, relocations in later steps) that
// ordinary random operations rarely reach. Queries come between moves too, while leaves are pending.
// Every step also goes through a PairTracker, whose begin and end events must be the difference between the
// touching pairs now and at the last step, kept by the fuzzer itself from the operations it made (the pairs
// of the objects it changed, recomputed by a loop over all objects). With bit 4 of the first byte set,
// proxies get random category / mask filters (at creation and by setFilter mid-run) and queries random masks,
// on both broadphases alike (inputs without that bit run as before the filters existed). The seed
// grid_mode_crowd.bin stacks 30 boxes at one point and moves them all by nothing for 40 steps: the crowd
// that takes grid mode, which then leaves it when they keep still.

#include "vox/broadphase/brute_force_broadphase.h"
#include "vox/broadphase/dynamic_aabb_tree.h"
#include "vox/broadphase/pair_tracker.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <iterator>
#include <set>
#include <span>
#include <vector>

namespace {

/// Reads the input a byte at a time; zeros once it is used up.
class Reader {
public:
    Reader(const uint8_t* data, size_t size) : m_data(data), m_size(size) {}
    [[nodiscard]] bool empty() const { return m_offset >= m_size; }
    uint8_t byte() { return m_offset < m_size ? m_data[m_offset++] : 0; }
    /// A coordinate on a coarse grid (so that touching and identical boxes are common), now and then NaN.
    float coordinate() {
        const uint8_t b = byte();
        if (b == 0xFF)
            return NAN;
        return static_cast<float>(b) * 0.25f - 32.0f;
    }

private:
    const uint8_t* m_data;
    size_t m_size;
    size_t m_offset = 0;
};

struct Object {
    vox::Aabb box;
    vox::ProxyId tree, reference;
    bool isStatic = false;
    bool alive = false;
    vox::ProxyFilter filter{};
};

[[noreturn]] void fail(const char* what) {
    std::fprintf(stderr, "tree_ops_fuzz: %s\n", what);
    std::abort();
}

// User data are object indices (< kMaxObjects), so two fit in one key.
uint64_t key(uint64_t a, uint64_t b) {
    return std::min(a, b) << 32 | std::max(a, b);
}

constexpr size_t kMaxObjects = 300;

/// A filter from one byte: the default (0xFF), or one of four categories (0 now and then) and a 4-bit mask
/// (all bits when 0xF).
vox::ProxyFilter filterOf(uint8_t b) {
    if (b == 0xFF)
        return {};
    const uint64_t category = (b & 0x80) != 0 ? 0 : uint64_t{1} << (b & 3);
    const uint64_t mask = ((b >> 2) & 0xF) == 0xF ? vox::kAllCategories : (b >> 2) & 0xF;
    return {category, mask};
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    Reader in(data, size);
    // Small and zero margins and predictions as well as the defaults.
    const uint8_t setup = in.byte();
    vox::TreeSettings settings;
    settings.margin = static_cast<float>(setup & 3) * 0.1f;
    settings.predictionFactor = static_cast<float>((setup >> 2) & 3) * 3.0f;
    const bool filtered = (setup & 0x10) != 0;
    // Bits 5 and 6: grid mode always (so that small scenes run it too), never, or as measured.
    const uint8_t mode = (setup >> 5) & 3;
    settings.gridMode = mode == 1   ? vox::TreeGridMode::Always
                        : mode == 2 ? vox::TreeGridMode::Never
                                    : vox::TreeGridMode::Automatic;
    vox::DynamicAabbTree tree(settings);
    vox::BruteForceBroadphase reference;
    vox::PairTracker tracker;
    // The touching pairs as of the last step, per object (by index), and the objects changed since.
    std::vector<std::set<uint32_t>> partners;
    std::vector<uint32_t> changed;
    std::vector<uint8_t> isChanged;
    const auto markChanged = [&](uint32_t index) {
        if (isChanged.size() <= index)
            isChanged.resize(index + 1, 0);
        if (isChanged[index] == 0)
            changed.push_back(index);
        isChanged[index] = 1;
    };
    std::vector<Object> objects;

    const auto alivePick = [&](uint8_t b) -> Object* {
        if (objects.empty())
            return nullptr;
        Object& object = objects[b % objects.size()];
        return object.alive ? &object : nullptr;
    };
    const auto compare = [&] {
        std::vector<uint64_t> got, want;
        tracker.update(tree, [&](vox::ProxyId a, vox::ProxyId b) {
            got.push_back(key(tree.userData(a), tree.userData(b)));
        });
        reference.updatePairs([&](vox::ProxyId a, vox::ProxyId b) {
            want.push_back(key(reference.userData(a), reference.userData(b)));
        });
        std::sort(got.begin(), got.end());
        std::sort(want.begin(), want.end());
        if (std::adjacent_find(got.begin(), got.end()) != got.end())
            fail("the tree reported a pair twice");
        if (got != want)
            fail("the tree's pairs differ from brute force");
        for (const Object& object : objects) {
            if (!object.alive)
                continue;
            const vox::Aabb tight = tree.tightBox(object.tree);
            if (tight.min != object.box.min || tight.max != object.box.max ||
                reference.tightBox(object.reference).min != object.box.min)
                fail("tightBox() is not the last box given");
        }
        const vox::Status status = tree.validate();
        if (!status.ok()) {
            std::fprintf(stderr, "%s\n", status.error().message.c_str());
            fail("validate() failed");
        }
        // The tracker: began = now \ before, ended = before \ now, each sorted by slots. Only pairs with a
        // changed object can differ: those before, then those now by a loop over every object.
        partners.resize(objects.size());
        std::set<uint64_t> before, now;
        for (const uint32_t i : changed) {
            for (const uint32_t j : partners[i]) {
                before.insert(key(i, j));
                partners[j].erase(i);
            }
            partners[i].clear();
        }
        for (const uint32_t i : changed)
            for (uint32_t j = 0; j < objects.size(); ++j) {
                const Object& a = objects[i];
                const Object& b = objects[j];
                if (j != i && a.alive && b.alive && !(a.isStatic && b.isStatic) &&
                    vox::overlaps(a.box, b.box) && vox::canPair(a.filter, b.filter)) {
                    now.insert(key(i, j));
                    partners[i].insert(j);
                    partners[j].insert(i);
                }
            }
        for (const uint32_t i : changed)
            isChanged[i] = 0;
        changed.clear();
        const auto eventsAre = [&](std::span<const vox::TouchPair> events, const std::set<uint64_t>& from,
                                   const std::set<uint64_t>& without, const char* what) {
            std::set<uint64_t> expected;
            std::set_difference(from.begin(), from.end(), without.begin(), without.end(),
                                std::inserter(expected, expected.end()));
            std::set<uint64_t> seen;
            for (size_t k = 0; k < events.size(); ++k) {
                const vox::TouchPair& e = events[k];
                if (!(e.a.index() < e.b.index()) || (k > 0 && !(events[k - 1].a.index() < e.a.index() ||
                                                                (events[k - 1].a.index() == e.a.index() &&
                                                                 events[k - 1].b.index() < e.b.index()))))
                    fail("the tracker's events are not sorted by slots");
                if (objects[e.userDataA].tree != e.a || objects[e.userDataB].tree != e.b)
                    fail("a tracker event's user data do not belong to its handles");
                seen.insert(key(e.userDataA, e.userDataB));
            }
            if (seen.size() != events.size() || seen != expected) {
                std::fprintf(stderr, "%s: %zu events, %zu expected\n", what, events.size(), expected.size());
                fail("the tracker's events are not the difference of the touching sets");
            }
        };
        eventsAre(tracker.began(), now, before, "began");
        eventsAre(tracker.ended(), before, now, "ended");
        size_t touching = 0;
        for (const std::set<uint32_t>& list : partners)
            touching += list.size();
        if (2 * static_cast<size_t>(tracker.pairCount()) != touching)
            fail("the tracker's pair count differs from the touching pairs");
    };

    while (!in.empty()) {
        const uint8_t op = in.byte();
        switch (op % 10) {
        case 0:
        case 1: { // create
            if (objects.size() >= kMaxObjects)
                break;
            const glm::vec3 a(in.coordinate(), in.coordinate(), in.coordinate());
            const glm::vec3 extent(static_cast<float>(in.byte() % 16) * 0.25f);
            const vox::Aabb box{a, a + extent};
            const auto type = (op & 0x10) != 0 ? vox::ProxyType::Static : vox::ProxyType::Dynamic;
            const vox::ProxyFilter filter =
                filtered && (op & 0x20) != 0 ? filterOf(in.byte()) : vox::ProxyFilter{};
            const auto index = static_cast<uint32_t>(objects.size());
            auto t = tree.createProxy(box, index, type, filter);
            auto r = reference.createProxy(box, index, type, filter);
            if (t.ok() != r.ok())
                fail("the tree and brute force disagree on whether a box is valid");
            if (!t.ok())
                break;
            objects.push_back({box, t.value(), r.value(), type == vox::ProxyType::Static, true, filter});
            markChanged(index);
            break;
        }
        case 2: { // destroy, or (filtered runs) a new filter
            Object* object = alivePick(in.byte());
            if (!object)
                break;
            if (filtered && (op & 0x40) != 0) {
                object->filter = filterOf(in.byte());
                if (!tree.setFilter(object->tree, object->filter) ||
                    !reference.setFilter(object->reference, object->filter))
                    fail("setFilter on a live proxy failed");
                if (!(tree.filter(object->tree) == object->filter))
                    fail("filter() is not the filter given");
                markChanged(static_cast<uint32_t>(object - objects.data()));
                break;
            }
            if (!tree.destroyProxy(object->tree) || !reference.destroyProxy(object->reference))
                fail("destroying a live proxy failed");
            object->alive = false;
            markChanged(static_cast<uint32_t>(object - objects.data()));
            break;
        }
        case 3:
        case 4:
        case 5: { // move: small, large, or by a displacement that says something else (a turn)
            Object* object = alivePick(in.byte());
            if (!object)
                break;
            const float scale = op % 10 == 3 ? 0.02f : 0.5f;
            const glm::vec3 d(static_cast<float>(static_cast<int8_t>(in.byte())) * scale,
                              static_cast<float>(static_cast<int8_t>(in.byte())) * scale,
                              static_cast<float>(static_cast<int8_t>(in.byte())) * scale);
            object->box = {object->box.min + d, object->box.max + d};
            const glm::vec3 told = op % 10 == 5 ? -d : d;
            if (!tree.moveProxy(object->tree, object->box, told) ||
                !reference.moveProxy(object->reference, object->box, told))
                fail("moving a live proxy failed");
            markChanged(static_cast<uint32_t>(object - objects.data()));
            break;
        }
        case 6: { // every dynamic proxy jumps together: a burst of re-fattenings
            const glm::vec3 d(static_cast<float>(static_cast<int8_t>(in.byte())) * 0.05f,
                              static_cast<float>(static_cast<int8_t>(in.byte())) * 0.05f, 0.0f);
            for (Object& object : objects) {
                if (!object.alive || object.isStatic)
                    continue;
                object.box = {object.box.min + d, object.box.max + d};
                if (!tree.moveProxy(object.tree, object.box, glm::vec3(0.03f, 0, 0)) ||
                    !reference.moveProxy(object.reference, object.box, glm::vec3(0.03f, 0, 0)))
                    fail("moving a live proxy failed");
                markChanged(static_cast<uint32_t>(&object - objects.data()));
            }
            break;
        }
        case 7:
        case 8: // a step ends
            compare();
            break;
        case 9: { // a query, or now and then a full rebuild
            if ((op & 0x30) == 0x30) {
                tree.rebuild();
                break;
            }
            const glm::vec3 a(in.coordinate(), in.coordinate(), in.coordinate());
            const vox::Aabb box{a, a + glm::vec3(static_cast<float>(in.byte() % 32) * 0.5f)};
            if (!box.isValid())
                break;
            const uint64_t mask = filtered ? filterOf(in.byte()).mask : vox::kAllCategories;
            std::vector<uint64_t> got, want;
            tree.queryBox(
                box,
                [&](vox::ProxyId, uint64_t user) {
                    got.push_back(user);
                    return true;
                },
                mask);
            reference.queryBox(
                box,
                [&](vox::ProxyId id) {
                    want.push_back(reference.userData(id));
                    return true;
                },
                mask);
            std::sort(got.begin(), got.end());
            for (const uint64_t user : want) // the tree's boxes are fat: a superset
                if (!std::binary_search(got.begin(), got.end(), user))
                    fail("a box query missed a proxy brute force found");
            // In the tree's modes: exactly the proxies whose fat boxes overlap, pending leaves (re-fattened
            // in place) included, whether or not the step is over. In grid mode: dynamic proxies by their
            // tight boxes, so at most those; never one twice.
            std::vector<uint64_t> fat;
            for (uint32_t index = 0; index < objects.size(); ++index)
                if (objects[index].alive && vox::overlaps(tree.fatBox(objects[index].tree), box) &&
                    vox::passesQuery(objects[index].filter, mask))
                    fat.push_back(index);
            if (std::adjacent_find(got.begin(), got.end()) != got.end())
                fail("a box query reported a proxy twice");
            if (tree.stats().gridMode ? !std::includes(fat.begin(), fat.end(), got.begin(), got.end())
                                      : got != fat)
                fail("a box query differs from the tree's own fat boxes");
            break;
        }
        }
    }
    compare();
    return 0;
}
