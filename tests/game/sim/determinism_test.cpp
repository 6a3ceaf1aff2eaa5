// Determinism, state hashes, replays and the demo pilot.
#include "sim_test_support.h"

#include "engine/platform/temp_directory.h"

#include "sim/autoplayer.h"
#include "sim/replay.h"

#include "vox/core/rng.h"

#include <array>
#include <filesystem>

namespace invaders::test {
namespace {

uint64_t playBack(const Replay& replay) {
    Simulation simulation(replay.settings, builtinAssets());
    for (uint8_t bits : replay.inputs)
        simulation.step(StepInput::fromBits(bits));
    return simulation.stateHash();
}

TEST(Determinism, SameSeedAndInputsGiveTheSameHash) {
    for (uint64_t seed : {1ull, 42ull}) {
        SCOPED_TRACE(seed);
        const Replay first = recordPilotRun({seed, 2, Difficulty::Arcade}, 6000);
        const Replay second = recordPilotRun({seed, 2, Difficulty::Arcade}, 6000);
        EXPECT_EQ(first.inputs, second.inputs);
        EXPECT_EQ(first.finalStateHash, second.finalStateHash);
    }
}

TEST(Determinism, HashSeesSeedInputAndDifficulty) {
    const uint64_t base = recordPilotRun({1, 1, Difficulty::Arcade}, 3000).finalStateHash;
    EXPECT_NE(recordPilotRun({2, 1, Difficulty::Arcade}, 3000).finalStateHash, base);
    EXPECT_NE(recordPilotRun({1, 1, Difficulty::Hard}, 3000).finalStateHash, base);
    Replay changed = recordPilotRun({1, 1, Difficulty::Arcade}, 3000);
    // The last step that moves the cannon, the other way: nothing after it can walk the difference off
    // against a wall.
    const auto move = std::find_if(changed.inputs.rbegin(), changed.inputs.rend(),
                                   [](uint8_t bits) { return bits == 1 || bits == 2; });
    ASSERT_NE(move, changed.inputs.rend());
    *move ^= 3;
    EXPECT_NE(playBack(changed), base);
}

TEST(Determinism, DemoPilotClearsWavesAndDodgesShots) {
    // Ten minutes of the demo. The first pilot shot too slowly and every game ended by invasion within
    // about two minutes. This one must clear waves, and it plans around every falling shot, so a shot
    // fired from high up (40 steps or more to fall) must never hit it, and few ships are lost at all.
    constexpr uint64_t kSeed = 7;
    SCOPED_TRACE(kSeed);
    Simulation simulation({kSeed, 1, Difficulty::Arcade}, builtinAssets());
    AutoPlayer pilot(kSeed);
    std::array<int32_t, 3> firedFrom{}; // bottom of each shot when it was first seen
    int kills = 0;
    int shipsLost = 0;
    int hitsFromHigh = 0;
    for (int i = 0; i < 10 * 3600 && simulation.phase() == SimPhase::Playing; ++i) {
        const std::array<AlienShot, 3> before = simulation.alienShots();
        simulation.step(pilot.decide(simulation));
        for (size_t type = 0; type < 3; ++type)
            if (simulation.alienShots()[type].active && !before[type].active)
                firedFrom[type] = simulation.alienShots()[type].position.y;
        for (const SimEvent& event : simulation.events()) {
            kills += event.type == SimEventType::InvaderKilled ? 1 : 0;
            if (event.type != SimEventType::PlayerHit)
                continue;
            ++shipsLost;
            for (size_t type = 0; type < 3; ++type)
                if (before[type].active && !simulation.alienShots()[type].active && firedFrom[type] >= 100)
                    ++hitsFromHigh;
        }
    }
    EXPECT_EQ(simulation.phase(), SimPhase::Playing);
    EXPECT_EQ(hitsFromHigh, 0);
    EXPECT_LE(shipsLost, 2);
    EXPECT_GE(simulation.activePlayer().wave, 6) << "five waves cleared (" << kills << " invaders shot)";
}
// A snapshot restored into another session of the same settings plays on exactly as the original: the
// same hash after every later step, over two players' turns, waves and game over; and restoring it twice
// (back in time) does too.
TEST(Determinism, ARestoredSnapshotPlaysOnAsTheOriginal) {
    const SimSettings settings{31, 2, Difficulty::Hard};
    SCOPED_TRACE(testing::Message() << "seed " << settings.seed);
    Simulation original(settings, builtinAssets());
    AutoPlayer pilot(settings.seed);
    std::vector<StepInput> inputs;
    const auto play = [&](Simulation& simulation, int64_t from, int64_t steps) {
        std::vector<uint64_t> hashes;
        for (int64_t i = from; i < from + steps; ++i) {
            if (static_cast<size_t>(i) == inputs.size())
                inputs.push_back(pilot.decide(simulation));
            simulation.step(inputs[static_cast<size_t>(i)]);
            hashes.push_back(simulation.stateHash());
        }
        return hashes;
    };
    int64_t at = 0;
    for (int round = 0; round < 200 && original.phase() != SimPhase::GameOver; ++round) {
        (void)play(original, at, 700);
        at += 700;
        const Simulation::Snapshot snapshot = original.snapshot();
        EXPECT_EQ(snapshot.frame(), original.frame());
        const uint64_t hash = original.stateHash();
        const std::vector<uint64_t> expected = play(original, at, 500);
        Simulation restored(settings, builtinAssets());
        restored.restore(snapshot);
        ASSERT_EQ(restored.stateHash(), hash) << "round " << round;
        EXPECT_TRUE(restored.events().empty()) << "no step played since the restore";
        ASSERT_EQ(play(restored, at, 500), expected) << "round " << round;
        restored.restore(snapshot); // back again
        ASSERT_EQ(play(restored, at, 500), expected) << "round " << round << ", restored twice";
        at += 500;
    }
    EXPECT_EQ(original.phase(), SimPhase::GameOver) << "the run reaches its end, for the test to see it";
}

TEST(Replay, RoundTripPlaysBackToTheSameHash) {
    const Replay recorded = recordPilotRun({99, 2, Difficulty::Easy}, 5000);
    const std::vector<uint8_t> bytes = encodeReplay(recorded);
    vox::Result<Replay> parsed = parseReplay(bytes, "demo.vir");
    ASSERT_TRUE(parsed.ok()) << parsed.error().message;
    EXPECT_EQ(parsed.value().settings.seed, 99u);
    EXPECT_EQ(parsed.value().settings.players, 2);
    EXPECT_EQ(parsed.value().settings.difficulty, Difficulty::Easy);
    EXPECT_EQ(parsed.value().inputs, recorded.inputs);
    EXPECT_EQ(parsed.value().finalStateHash, recorded.finalStateHash);
    EXPECT_EQ(playBack(parsed.value()), recorded.finalStateHash);
}

TEST(Replay, FileRoundTripAndMissingFile) {
    const vox::test::TempDirectory temp;
    const std::filesystem::path& directory = temp.path();
    const Replay recorded = recordPilotRun({3, 1, Difficulty::Arcade}, 600);
    ASSERT_TRUE(writeReplayFile(directory / "a.vir", recorded).ok());
    vox::Result<Replay> read = readReplayFile(directory / "a.vir");
    ASSERT_TRUE(read.ok()) << read.error().message;
    EXPECT_EQ(read.value().inputs, recorded.inputs);
    EXPECT_FALSE(std::filesystem::exists(directory / "a.vir.tmp"));
    vox::Result<Replay> missing = readReplayFile(directory / "missing.vir");
    ASSERT_FALSE(missing.ok());
    EXPECT_NE(missing.error().message.find("missing.vir"), std::string::npos);
}

// Rewrites the trailing checksum after a deliberate edit, so the test reaches the check it targets.
void fixChecksum(std::vector<uint8_t>& bytes) {
    if (bytes.size() < 4)
        return;
    uint32_t hash = 0x811C9DC5u;
    for (size_t i = 0; i + 4 < bytes.size(); ++i) {
        hash ^= bytes[i];
        hash *= 0x01000193u;
    }
    for (int i = 0; i < 4; ++i)
        bytes[bytes.size() - 4 + static_cast<size_t>(i)] = static_cast<uint8_t>(hash >> (8 * i));
}

// A copy of `bytes` with byte `index` set to `value` (checked, which also keeps GCC's flow analysis calm).
std::vector<uint8_t> withByte(std::vector<uint8_t> bytes, size_t index, uint8_t value) {
    if (index < bytes.size())
        bytes[index] = value;
    return bytes;
}

TEST(Replay, CorruptAndForeignFilesGiveClearErrors) {
    const std::vector<uint8_t> good = encodeReplay(recordPilotRun({5, 1, Difficulty::Arcade}, 300));
    const auto errorOf = [](const std::vector<uint8_t>& bytes) {
        vox::Result<Replay> parsed = parseReplay(bytes, "x.vir");
        return parsed.ok() ? std::string("(accepted)") : parsed.error().message;
    };
    ASSERT_GT(good.size(), 60u);
    std::vector<uint8_t> flipped =
        withByte(good, good.size() / 2, static_cast<uint8_t>(good[good.size() / 2] ^ 1));
    EXPECT_NE(errorOf(flipped).find("corrupt"), std::string::npos) << errorOf(flipped);

    std::vector<uint8_t> truncated(good.begin(), good.begin() + 30);
    EXPECT_NE(errorOf(truncated).find("truncated"), std::string::npos) << errorOf(truncated);

    std::vector<uint8_t> notReplay = withByte(good, 0, 'P');
    EXPECT_NE(errorOf(notReplay).find("not a voxel-invaders replay"), std::string::npos);

    std::vector<uint8_t> otherRules = withByte(good, 12, static_cast<uint8_t>(kSimulationVersion + 1));
    fixChecksum(otherRules);
    EXPECT_NE(errorOf(otherRules).find("simulation version " + std::to_string(kSimulationVersion + 1)),
              std::string::npos)
        << errorOf(otherRules);

    std::vector<uint8_t> otherFormat = withByte(good, 8, 9);
    fixChecksum(otherFormat);
    EXPECT_NE(errorOf(otherFormat).find("format version 9"), std::string::npos) << errorOf(otherFormat);

    // The last input: before the chain (8 bytes a second) and the checksum.
    const size_t lastInput = good.size() - 4 - 8 * static_cast<size_t>(chainLinks(300)) - 1;
    std::vector<uint8_t> badInput = withByte(good, lastInput, 0x40);
    fixChecksum(badInput);
    EXPECT_NE(errorOf(badInput).find("input bits"), std::string::npos) << errorOf(badInput);

    EXPECT_EQ(errorOf(good), "(accepted)");
    EXPECT_NE(errorOf({}).find("x.vir"), std::string::npos);
}

TEST(Replay, RandomDamageNeverCrashes) {
    const std::vector<uint8_t> good = encodeReplay(recordPilotRun({5, 1, Difficulty::Arcade}, 100));
    const uint64_t seed = 2024;
    SCOPED_TRACE(seed);
    vox::Rng rng(seed);
    for (int trial = 0; trial < 3000; ++trial) {
        std::vector<uint8_t> bytes = good;
        const int edits = 1 + static_cast<int>(rng.below(4));
        for (int e = 0; e < edits; ++e)
            bytes[rng.below(static_cast<uint32_t>(bytes.size()))] = static_cast<uint8_t>(rng.below(256));
        if (rng.below(4) == 0)
            bytes.resize(rng.below(static_cast<uint32_t>(bytes.size())));
        if (trial % 3 == 0)
            fixChecksum(bytes);
        vox::Result<Replay> parsed = parseReplay(bytes, "fuzz.vir");
        if (parsed.ok()) {
            EXPECT_LE(parsed.value().inputs.size(), bytes.size());
        }
    }
}

} // namespace
} // namespace invaders::test
