// The state hash and the visitor it is built on (sim/state_fields.h): every field the visitor hands out
// must move the hash, so a field that the hash silently skipped would fail here.
#include "sim_test_support.h"

#include "sim/state_fields.h"

#include <algorithm>
#include <cstddef>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

namespace invaders::test {
namespace {

// One changeable part of a field: an `glm::ivec2` has two (x and y), every other field one.
template <class T>
constexpr int32_t partsOf() {
    return std::is_same_v<T, glm::ivec2> ? 2 : 1;
}

// Counts the parts `visitState` hands out and names them in order.
struct PartLister {
    std::vector<std::string> names;

    template <class T>
    void operator()(std::string_view name, const T&) {
        for (int32_t part = 0; part < partsOf<T>(); ++part)
            names.emplace_back(partsOf<T>() == 1 ? std::string(name)
                                                 : std::string(name) + (part ? ".y" : ".x"));
    }
};

// Leaves exactly one explosion in the list, so that an explosion's fields are visited (and changed) too.
struct SetOneExplosion {
    template <class T>
    void operator()(std::string_view, T& field) {
        if constexpr (std::is_same_v<T, std::vector<Explosion>>)
            field.assign(1, Explosion{ExplosionKind::Saucer, {40, 208}, 12});
    }
};

// Changes part `target` (in visiting order) to another value the hash should see.
struct ChangePart {
    int32_t target = 0;
    int32_t next = 0;
    bool changed = false;

    template <class T>
    void operator()(std::string_view name, T& field) {
        const int32_t first = next;
        next += partsOf<T>();
        if (target < first || target >= next)
            return;
        changed = true;
        if constexpr (std::is_same_v<T, glm::ivec2>) {
            (target == first ? field.x : field.y) += 1;
        } else if constexpr (std::is_same_v<T, vox::Rng>) {
            (void)field.next();
        } else if constexpr (std::is_same_v<T, vox::VoxelModel>) {
            const glm::ivec3 cell = field.size() / 2;
            field.set(cell, field.filled(cell) ? uint8_t{0} : uint8_t{1});
        } else if constexpr (std::is_same_v<T, std::vector<Explosion>>) {
            field.push_back({});
        } else if constexpr (std::is_same_v<T, bool>) {
            field = !field;
        } else if constexpr (std::is_enum_v<T>) {
            field = static_cast<T>(static_cast<std::underlying_type_t<T>>(field) + 1);
        } else if (name == "settings.players") {
            field = 3 - field; // 1 <-> 2: the visitor walks that many players
        } else {
            field += 1;
        }
    }
};

// A session some way into wave 1, with one explosion in its list; `board`: off the DIP defaults (5 ships, the
// extra one at 1,000), so that the hash takes the DIP settings too.
std::unique_ptr<Simulation> preparedSimulation(int32_t players, bool board = false) {
    SimSettings settings{1, players, Difficulty::Arcade};
    if (board) {
        settings.startingShips = 5;
        settings.extraShipScore = 1000;
    }
    auto simulation = std::make_unique<Simulation>(settings, builtinAssets());
    for (int32_t i = 0; i < 200; ++i)
        simulation->step({.left = false, .right = i % 2 == 0, .fire = i % 20 == 0});
    SetOneExplosion setOneExplosion;
    simulation->visitStateForTest(setOneExplosion);
    return simulation;
}

TEST(StateHash, ChangingAnyVisitedFieldChangesTheHash) {
    for (const auto& [players, board] : {std::pair{1, false}, std::pair{2, false}, std::pair{1, true}}) {
        SCOPED_TRACE(testing::Message() << players << " players, board settings " << board);
        PartLister lister;
        preparedSimulation(players, board)->visitState(lister);
        const uint64_t baseline = preparedSimulation(players, board)->stateHash();
        ASSERT_GT(lister.names.size(), 0u);
        for (size_t part = 0; part < lister.names.size(); ++part) {
            std::unique_ptr<Simulation> simulation = preparedSimulation(players, board);
            ChangePart change{static_cast<int32_t>(part)};
            simulation->visitStateForTest(change);
            ASSERT_TRUE(change.changed) << lister.names[part];
            EXPECT_NE(simulation->stateHash(), baseline) << "part " << part << ": " << lister.names[part];
        }
    }
}

TEST(StateHash, TheDipSettingsCountOnlyOffTheirDefaults) {
    // At the defaults the visitor hands out what it did before the DIP settings were settings (so every
    // hash recorded then stays valid); off them it hands out both, and the hash sees each.
    PartLister defaults, board;
    preparedSimulation(1)->visitState(defaults);
    preparedSimulation(1, true)->visitState(board);
    EXPECT_EQ(std::count(defaults.names.begin(), defaults.names.end(), "settings.startingShips"), 0);
    EXPECT_EQ(std::count(board.names.begin(), board.names.end(), "settings.startingShips"), 1);
    EXPECT_EQ(std::count(board.names.begin(), board.names.end(), "settings.extraShipScore"), 1);
    EXPECT_EQ(board.names.size(), defaults.names.size() + 2);

    std::vector<uint64_t> hashes;
    for (int32_t ships : arcade::kStartingShipsChoices) {
        for (int32_t extraShipScore : arcade::kExtraShipScoreChoices) {
            SimSettings settings;
            settings.startingShips = ships;
            settings.extraShipScore = extraShipScore;
            hashes.push_back(Simulation(settings, builtinAssets()).stateHash());
        }
    }
    std::sort(hashes.begin(), hashes.end());
    EXPECT_EQ(std::unique(hashes.begin(), hashes.end()), hashes.end()) << "every DIP setting its own hash";
}

// `T` with one byte after it: the byte's offset is T's size without tail padding (which a derived class
// reuses), so a field added into the padding shows here even where `sizeof(T)` stays the same.
template <class T>
struct WithByteAfter : T {
    char byteAfter = 0;
};

template <class T>
ptrdiff_t dataSize() {
    WithByteAfter<T> probe{};
    return reinterpret_cast<const char*>(&probe.byteAfter) - reinterpret_cast<const char*>(&probe);
}

TEST(StateHash, StateStructsMatchTheMirrorsNextToTheVisitor) {
    // sizeof is compared at compile time in sim/state_fields.h; this also catches a field added at the end
    // of a struct, into its tail padding.
    EXPECT_EQ(dataSize<SimSettings>(), dataSize<detail::SimSettingsFields>());
    EXPECT_EQ(dataSize<Invader>(), dataSize<detail::InvaderFields>());
    EXPECT_EQ(dataSize<Rack>(), dataSize<detail::RackFields>());
    EXPECT_EQ(dataSize<Shield>(), dataSize<detail::ShieldFields>());
    EXPECT_EQ(dataSize<PlayerState>(), dataSize<detail::PlayerStateFields>());
    EXPECT_EQ(dataSize<Cannon>(), dataSize<detail::CannonFields>());
    EXPECT_EQ(dataSize<PlayerShot>(), dataSize<detail::PlayerShotFields>());
    EXPECT_EQ(dataSize<AlienShot>(), dataSize<detail::AlienShotFields>());
    EXPECT_EQ(dataSize<Saucer>(), dataSize<detail::SaucerFields>());
    EXPECT_EQ(dataSize<Explosion>(), dataSize<detail::ExplosionFields>());
}

TEST(StateHash, VisitorHandsOutEveryPlayerRackAndShield) {
    // Written out from the rules: per player 6 counters, the rack's 8 fields (2 of them 2-part vectors)
    // and per invader alive, position (2 parts) and frame; 4 shields.
    constexpr size_t kPerPlayer = 6 + (8 + 2) + 55 * 4 + 4;
    // Settings (3), rng, frame, phase, current player; cannon 3; player shot 4 (+1 for its position);
    // 3 invader shots of 5 (+1); saucer 6; the explosion list and its one explosion (3, +1); six counters
    // and flags.
    constexpr size_t kShared = 7 + 3 + 5 + 3 * 6 + 6 + 1 + 4 + 6;
    for (int32_t players : {1, 2}) {
        SCOPED_TRACE(players);
        PartLister lister;
        preparedSimulation(players)->visitState(lister);
        EXPECT_EQ(lister.names.size(), kShared + kPerPlayer * static_cast<size_t>(players));
    }
}

} // namespace
} // namespace invaders::test
