// hello_tree: the dynamic AABB tree in your own program, linking vox::broadphase only (GLM, no window).
//
// The recipe: make your objects implement vox::IAABB (a box and, optionally, a velocity), give each one to
// the tree once (createProxy), tell the tree every step where it went (moveProxy), then ask for the pairs
// whose boxes overlap (updatePairs, or a PairTracker for contacts that begin and end) or for what lies in
// a box (queryBox). Here 200 balls in two teams bounce in a room for 300 steps (a team's balls pass through
// each other), and every answer the tree gives is checked against the plain O(n^2) loop it replaces.
#include <vox/broadphase/dynamic_aabb_tree.h>
#include <vox/broadphase/iaabb.h>
#include <vox/broadphase/pair_tracker.h>

#include <algorithm>
#include <cstdio>
#include <random>
#include <set>
#include <utility>
#include <vector>

namespace {

constexpr float kRoomSize = 60.0f; // metres
constexpr float kStep = 1.0f / 60.0f;

// 1. An object of yours. The tree never owns it or keeps a pointer to it: it reads aabb() and velocity()
//    when you call createProxy / moveProxy with it.
struct Ball : vox::IAABB {
    glm::vec3 position{0.0f};
    glm::vec3 speed{0.0f}; // metres per second
    float radius = 0.5f;
    vox::ProxyId proxy{}; // the tree's handle for this ball

    vox::Aabb aabb() const override { return vox::Aabb::fromCenter(position, glm::vec3(radius)); }
    // The velocity stretches the ball's fat box along its path, so it leaves that box (and costs a
    // reinsertion) less often.
    glm::vec3 velocity() const override { return speed; }

    void advance() {
        position += speed * kStep;
        for (int axis = 0; axis < 3; ++axis) // bounce off the room's walls
            if (position[axis] < radius || position[axis] > kRoomSize - radius)
                speed[axis] = -speed[axis];
    }
};

using Pair = std::pair<uint64_t, uint64_t>; // two balls' indices, smaller first
Pair ordered(uint64_t a, uint64_t b) {
    return a < b ? Pair{a, b} : Pair{b, a};
}

} // namespace

int main() {
    std::mt19937 random(7); // fixed seed: the same run every time
    std::uniform_real_distribution<float> place(1.0f, kRoomSize - 1.0f), speed(-4.0f, 4.0f);
    std::vector<Ball> balls(200);
    for (Ball& ball : balls) {
        ball.position = {place(random), place(random), place(random)};
        ball.speed = {speed(random), speed(random), speed(random)};
    }

    // 2. The tree. TreeSettings{} holds the defaults (a 0.2 m margin, stretching by 8 steps of velocity);
    //    stepSeconds is what the IAABB overloads multiply velocity() by.
    vox::DynamicAabbTree tree(vox::TreeSettings{.stepSeconds = kStep});

    // 3. One proxy per object. The user data (64 bits: an index, or a pointer cast to uint64_t) comes back
    //    with every pair, so you know which objects met. The filter (category bits, and the categories it
    //    meets) puts even balls in team 1 and odd ones in team 2, each meeting the other team only.
    const auto team = [](size_t i) { return uint64_t{1} << (i % 2); };
    for (size_t i = 0; i < balls.size(); ++i) {
        const vox::ProxyFilter filter{team(i), team(i + 1)};
        vox::Result<vox::ProxyId> proxy = tree.createProxy(balls[i], i, vox::ProxyType::Dynamic, filter);
        if (!proxy) { // a NaN or infinite box, or a full tree: the message says which
            std::fprintf(stderr, "createProxy: %s\n", proxy.error().message.c_str());
            return 1;
        }
        balls[i].proxy = proxy.value();
    }

    vox::PairTracker tracker; // keeps the touching pairs from step to step
    std::set<Pair> touching;  // the pairs touching now, from the tracker's events
    int mismatches = 0;
    size_t contacts = 0;
    for (int step = 0; step < 300; ++step) {
        // 4. Move the objects, then tell the tree, once per object per step. Most moves stay inside the
        //    fat box and touch no node of the tree.
        for (Ball& ball : balls) {
            ball.advance();
            tree.moveProxy(ball.proxy, ball);
        }

        // 5. Contacts: the tracker calls tree.updatePairs (which reports, once each, the pairs whose tight
        //    boxes overlap and whose filters accept each other, with a proxy moved since the last call) and
        //    tells which pairs began touching this step and which ended.
        tracker.update(tree);
        for (const vox::TouchPair& pair : tracker.began())
            touching.insert(ordered(pair.userDataA, pair.userDataB));
        for (const vox::TouchPair& pair : tracker.ended())
            touching.erase(ordered(pair.userDataA, pair.userDataB));
        contacts += tracker.began().size();

        // The check: every pair of balls of different teams, the slow way.
        std::set<Pair> expected;
        for (size_t i = 0; i < balls.size(); ++i)
            for (size_t j = i + 1; j < balls.size(); ++j)
                if (team(i) != team(j) && vox::overlaps(balls[i].aabb(), balls[j].aabb()))
                    expected.insert({i, j});
        if (touching != expected) {
            std::printf("step %d: the tree has %zu pairs, the brute force %zu\n", step, touching.size(),
                        expected.size());
            ++mismatches;
        }

        // 6. A box query reports every proxy whose *fat* box overlaps the query box: a superset of the
        //    objects whose tight box does, which your code then tests exactly.
        const vox::Aabb region = vox::Aabb::fromCenter(glm::vec3(kRoomSize / 2), glm::vec3(10.0f));
        std::vector<bool> reported(balls.size(), false);
        tree.queryBox(region, [&](vox::ProxyId, uint64_t ball) { // (id) alone works too
            reported[ball] = true;
            return true; // keep going (false stops the query)
        });
        for (size_t i = 0; i < balls.size(); ++i)
            if (vox::overlaps(balls[i].aabb(), region) && !reported[i]) {
                std::printf("step %d: ball %zu is in the region but the query missed it\n", step, i);
                ++mismatches;
            }
    }

    // 7. Removing an object: its handle goes stale, and its pairs end at the next update.
    tree.destroyProxy(balls.back().proxy);
    tracker.update(tree); // its contacts end, with its last handle and user data

    // validate() checks every invariant of the tree (for tests and debugging; O(n)).
    const vox::Status valid = tree.validate();
    const vox::TreeStats stats = tree.stats();
    std::printf("%d proxies, tree height %d, %zu contacts began over 300 steps, %zu ended with the last "
                "ball, tree %s\n",
                stats.proxies, stats.height, contacts, tracker.ended().size(),
                valid ? "valid" : valid.error().message.c_str());
    if (mismatches != 0 || !valid) {
        std::printf("FAILED: %d mismatches against the brute force\n", mismatches);
        return 1;
    }
    std::printf("every pair and query matched the brute force\n");
    return 0;
}
