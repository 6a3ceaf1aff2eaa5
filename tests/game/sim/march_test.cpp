// The rack's march: timing by live count, animation, edges, the last invader, freezes, march notes and
// start heights (shared/reference/arcade-rules.md, "Formation" and "March").
#include "sim_test_support.h"

#include <map>

namespace invaders::test {
namespace {

// Leaves the `live` lowest-indexed invaders (bottom rows first) and silences the invaders' guns.
std::unique_ptr<Simulation> rackWith(int32_t live) {
    auto simulation = makeSimulation();
    for (int32_t i = live; i < 55; ++i)
        simulation->removeInvaderForSetup(i);
    simulation->disableInvaderFireForSetup();
    return simulation;
}

// Frames at which the next `count` full rack steps complete.
std::vector<int64_t> rackStepFrames(Simulation& simulation, int32_t count) {
    std::vector<int64_t> frames;
    int32_t steps = simulation.activePlayer().rack.rackSteps;
    while (static_cast<int32_t>(frames.size()) < count && simulation.frame() < 100000) {
        simulation.step({});
        if (simulation.activePlayer().rack.rackSteps != steps) {
            steps = simulation.activePlayer().rack.rackSteps;
            frames.push_back(simulation.frame());
        }
    }
    return frames;
}

TEST(March, FullRackStepTakesOneFramePerLiveInvader) {
    for (int32_t live : {55, 40, 17, 5, 2, 1}) {
        SCOPED_TRACE(live);
        auto simulation = rackWith(live);
        waitForCannon(*simulation);
        const std::vector<int64_t> frames = rackStepFrames(*simulation, 4);
        ASSERT_EQ(frames.size(), 4u);
        for (size_t i = 1; i < frames.size(); ++i)
            EXPECT_EQ(frames[i] - frames[i - 1], live) << "one live invader moves per frame";
    }
}

TEST(March, RackHoldsStillUntilTheCannonAppears) {
    auto simulation = rackWith(55);
    const glm::ivec2 start = simulation->activePlayer().rack.invaders[0].position;
    for (int i = 0; i < 127; ++i)
        simulation->step({});
    EXPECT_EQ(simulation->activePlayer().rack.invaders[0].position, start);
    EXPECT_EQ(simulation->activePlayer().rack.rackSteps, 0);
}

TEST(March, AnimationFrameSwapsAfterEveryFullRackStep) {
    auto simulation = rackWith(55);
    waitForCannon(*simulation);
    int expectedFrame = 1; // every invader starts on frame 0
    for (int completed = 0; completed < 4; ++completed) {
        rackStepFrames(*simulation, 1);
        for (const Invader& invader : simulation->activePlayer().rack.invaders)
            EXPECT_EQ(invader.frame, expectedFrame) << "after rack step " << completed + 1;
        expectedFrame ^= 1;
    }
}

TEST(March, RackReversesAtTheEdgesAndDropsEight) {
    auto simulation = rackWith(55);
    waitForCannon(*simulation);
    // From x = 24 the rack steps 2 right until its right column's cell touches x = 216 (sprites reach the
    // arcade's x = 213 line), drops 8 while heading back, and the same at the left edge (x = 8 ~ 9).
    std::vector<glm::ivec2> expected;
    for (int x = 26; x <= 40; x += 2)
        expected.push_back({x, 120});
    expected.push_back({38, 112});
    for (int x = 36; x >= 8; x -= 2)
        expected.push_back({x, 112});
    expected.push_back({10, 104});
    expected.push_back({12, 104});
    for (size_t i = 0; i < expected.size(); ++i) {
        rackStepFrames(*simulation, 1);
        const Invader& first = simulation->activePlayer().rack.invaders[0];
        EXPECT_EQ(first.position, expected[i]) << "after rack step " << i + 1;
    }
}

TEST(March, EdgeIsTestedPerFrameAndTheNextRackStepDrops) {
    // The arcade tests the edge every frame, as each invader is drawn, and flags it; the rack step that
    // follows drops and reverses. From x = 24 the rack's 8th step (origin 38 -> 40) takes the right
    // column's cells to x + 16 = 216; invader 10 (bottom row, right column) is the first of them to move.
    auto simulation = rackWith(55);
    waitForCannon(*simulation);
    const Rack& rack = simulation->activePlayer().rack;
    rackStepFrames(*simulation, 7);
    ASSERT_EQ(rack.origin, glm::ivec2(38, 120));
    ASSERT_EQ(rack.cursor, 0);
    const Invader& edgeInvader = rack.invaders[10];
    for (int32_t moved = 1; moved <= 10; ++moved) {
        simulation->step({});
        ASSERT_EQ(rack.cursor, moved);
        EXPECT_FALSE(rack.edgeReached) << "invaders 0.." << moved - 1 << " are inside the edges";
    }
    EXPECT_EQ(edgeInvader.position.x, 38 + 160);
    simulation->step({}); // invader 10 moves to x = 200: its cell reaches x = 216
    EXPECT_EQ(edgeInvader.position.x, 40 + 160);
    EXPECT_TRUE(rack.edgeReached) << "flagged on the very frame the edge invader moved";

    // Shoot the whole right column before the rack step ends: the flag was set by what was drawn, so the
    // rack still turns, although no live invader is at the edge when the step completes.
    for (int32_t index : {10, 21, 32, 43, 54})
        simulation->removeInvaderForSetup(index);
    EXPECT_TRUE(stepUntil(
        *simulation, [&] { return rack.rackSteps == 8; }, 100));
    EXPECT_FALSE(rack.edgeReached);
    EXPECT_EQ(rack.invaders[0].position, glm::ivec2(40, 120)) << "nothing drops before the next step";
    simulation->step({});
    EXPECT_EQ(rack.invaders[0].position, glm::ivec2(38, 112))
        << "the next rack step starts 8 lower, heading left";
    EXPECT_EQ(rack.direction, -1);
}

TEST(March, LastInvaderMovesThreeRightAndTwoLeft) {
    auto simulation = rackWith(1); // invader 0 alone
    waitForCannon(*simulation);
    simulation->step({}); // the rack step begun with 55 alive moves 2; from here on it is alone
    std::map<glm::ivec2::value_type, int> movesRight, movesLeft;
    int drops = 0;
    glm::ivec2 previous = simulation->activePlayer().rack.invaders[0].position;
    bool reversed = false;
    for (int i = 0; i < 150; ++i) {
        simulation->step({});
        const glm::ivec2 now = simulation->activePlayer().rack.invaders[0].position;
        const glm::ivec2 move = now - previous;
        if (move.y == -8) {
            ++drops;
            reversed = true;
            EXPECT_EQ(move.x, -2) << "the drop step already heads left";
        } else if (!reversed) {
            EXPECT_EQ(move, glm::ivec2(3, 0)) << "frame " << i;
        } else {
            EXPECT_EQ(move, glm::ivec2(-2, 0)) << "frame " << i;
        }
        previous = now;
    }
    EXPECT_EQ(drops, 1);
}

TEST(March, RackFreezesForTheSixteenFrameInvaderExplosion) {
    auto simulation = makeSimulation();
    simulation->disableInvaderFireForSetup();
    waitForCannon(*simulation);
    moveCannonTo(*simulation, 56); // shot at x = 64: column 2, between shields 1 and 2
    simulation->step({false, false, true});
    ASSERT_TRUE(stepUntil(
        *simulation,
        [&] {
            for (const SimEvent& event : simulation->events())
                if (event.type == SimEventType::InvaderKilled)
                    return true;
            return false;
        },
        200));
    std::array<glm::ivec2, 55> frozen;
    for (size_t i = 0; i < 55; ++i)
        frozen[i] = simulation->activePlayer().rack.invaders[i].position;
    for (int i = 0; i < 16; ++i) {
        // Fresh presses of fire do nothing while the invader explodes.
        simulation->step({false, false, i % 2 == 0});
        EXPECT_FALSE(contains({simulation->events().begin(), simulation->events().end()},
                              SimEventType::PlayerShotFired));
        for (size_t k = 0; k < 55; ++k)
            ASSERT_EQ(simulation->activePlayer().rack.invaders[k].position, frozen[k]) << "frame " << i;
    }
    simulation->step({false, false, true});
    int moved = 0;
    for (size_t k = 0; k < 55; ++k)
        moved += simulation->activePlayer().rack.invaders[k].position != frozen[k] ? 1 : 0;
    EXPECT_EQ(moved, 1) << "the 17th frame moves the next invader";
    EXPECT_TRUE(
        contains({simulation->events().begin(), simulation->events().end()}, SimEventType::PlayerShotFired));
}

TEST(March, RackAndMarchNotesStopWhileTheCannonExplodes) {
    auto simulation = makeSimulation();
    simulation->removeShieldsForSetup();
    waitForCannon(*simulation);
    // Standing still under column 0, the rolling shot finds the cannon.
    ASSERT_TRUE(stepUntil(
        *simulation, [&] { return simulation->cannon().phase == CannonPhase::Exploding; }, 2000));
    const glm::ivec2 origin = simulation->activePlayer().rack.origin;
    const int32_t cursor = simulation->activePlayer().rack.cursor;
    int notes = 0;
    int frames = 0;
    for (; frames < 1000; ++frames) {
        simulation->step({});
        if (simulation->cannon().phase == CannonPhase::Alive)
            break; // the new cannon is here: the march resumes this very frame
        for (const SimEvent& event : simulation->events())
            notes += event.type == SimEventType::MarchNote ? 1 : 0;
        ASSERT_EQ(simulation->activePlayer().rack.origin, origin);
        ASSERT_EQ(simulation->activePlayer().rack.cursor, cursor);
    }
    EXPECT_EQ(frames, 64 + 128 - 1) << "the explosion, then 128 frames until the next cannon";
    EXPECT_EQ(notes, 0);
}

TEST(March, NotesCycleFourTonesAtTheTempoOfTheLiveCount) {
    // @1A11: frames between notes by live invaders.
    const std::map<int32_t, int32_t> expected = {
        {55, 52}, {50, 52}, {49, 46}, {43, 46}, {42, 39}, {36, 39}, {35, 34}, {28, 34}, {27, 28},
        {22, 28}, {21, 24}, {17, 24}, {16, 21}, {13, 21}, {12, 19}, {10, 19}, {9, 16},  {8, 16},
        {7, 14},  {6, 13},  {5, 12},  {4, 11},  {3, 9},   {2, 7},   {1, 5}};
    for (const auto& [live, interval] : expected) {
        SCOPED_TRACE(live);
        auto simulation = rackWith(live);
        waitForCannon(*simulation);
        const std::vector<SeenEvent> notes =
            runCollecting(*simulation, 6 * interval, SimEventType::MarchNote);
        ASSERT_GE(notes.size(), 5u);
        for (size_t i = 0; i < notes.size(); ++i) {
            EXPECT_EQ(notes[i].event.value, (notes[0].event.value + static_cast<int32_t>(i)) % 4)
                << "notes cycle 1 -> 2 -> 3 -> 4";
            if (i > 0) {
                EXPECT_EQ(notes[i].frame - notes[i - 1].frame, interval);
            }
        }
    }
}

TEST(March, WavesStartAtTheArcadeHeights) {
    // Table @1DA3: wave 1 at 120, then 96, 80, 72, 72, 72, 64, 64, 64, and wave 10 back to 96.
    const int expected[] = {120, 96, 80, 72, 72, 72, 64, 64, 64, 96, 80};
    auto simulation = makeSimulation();
    for (int wave = 1; wave <= 11; ++wave) {
        SCOPED_TRACE(wave);
        simulation->startWaveForSetup(wave);
        const Rack& rack = simulation->activePlayer().rack;
        EXPECT_EQ(rack.invaders[0].position, glm::ivec2(24, expected[wave - 1]));
        EXPECT_EQ(rack.invaders[54].position, glm::ivec2(24 + 10 * 16, expected[wave - 1] + 4 * 16));
        EXPECT_EQ(rack.liveCount, 55);
    }
}

} // namespace
} // namespace invaders::test
