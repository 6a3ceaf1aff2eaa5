#pragma once
// `Simulation::visitState`: the one list of the simulation's state fields. `stateHash()` feeds them to a
// `StateHasher` in this order, and tests/game/sim/state_hash_test.cpp changes each in turn to check that
// the hash sees it. Include this header where a visitor is instantiated.

#include "sim/simulation.h"

#include <string_view>
#include <type_traits>

namespace invaders {
namespace detail {

// Mirrors of the state's structs, member for member: a field added to one of them changes its size, which
// the static_asserts below catch (and state_hash_test.cpp, for a field added into the tail padding). Add the
// field to `visitStateOf` (or, if it is derived or only for display, say why it is left out in
// `Simulation::visitState`'s comment) and here. (Default initialisers as in the originals: they decide
// whether a derived class reuses the tail padding.)
struct SimSettingsFields {
    uint64_t seed = 0;
    int32_t players = 0;
    Difficulty difficulty{};
    int32_t startingShips = 0;
    int32_t extraShipScore = 0;
};
struct InvaderFields : Body {
    glm::ivec2 position;
    uint8_t frame;
    bool alive;
};
struct RackFields {
    std::array<Invader, arcade::kInvaderCount> invaders;
    glm::ivec2 origin, delta;
    int32_t direction, cursor, liveCount;
    uint8_t frame;
    int32_t rackSteps;
    bool edgeReached;
};
struct ShieldFields : Body {
    vox::VoxelModel model;
    uint32_t revision; // not hashed: a renderer's re-mesh counter; the voxels are hashed
};
struct PlayerStateFields {
    int32_t score, ships, wave, shotsFired;
    bool extraShipAwarded, out;
    Rack rack;
    std::array<Shield, arcade::kShieldCount> shields;
};
struct CannonFields : Body {
    int32_t x;
    CannonPhase phase;
    int32_t timer;
};
struct PlayerShotFields : Body {
    ShotPhase phase;
    glm::ivec2 position;
    int32_t timer;
    bool fireReleased;
};
struct AlienShotFields : Body {
    bool active;
    glm::ivec2 position;
    int32_t steps;
    bool harmless;
    int32_t columnIndex;
};
struct SaucerFields : Body {
    bool active;
    int32_t x, direction, timer, explosionTimer, lastScore;
};
struct ExplosionFields {
    ExplosionKind kind{};
    glm::ivec2 position{0};
    int32_t framesLeft = 0;
};
static_assert(sizeof(SimSettings) == sizeof(SimSettingsFields), "SimSettings changed: update visitStateOf");
static_assert(sizeof(Invader) == sizeof(InvaderFields), "Invader changed: update visitStateOf");
static_assert(sizeof(Rack) == sizeof(RackFields), "Rack changed: update visitStateOf");
static_assert(sizeof(Shield) == sizeof(ShieldFields), "Shield changed: update visitStateOf");
static_assert(sizeof(PlayerState) == sizeof(PlayerStateFields), "PlayerState changed: update visitStateOf");
static_assert(sizeof(Cannon) == sizeof(CannonFields), "Cannon changed: update visitStateOf");
static_assert(sizeof(PlayerShot) == sizeof(PlayerShotFields), "PlayerShot changed: update visitStateOf");
static_assert(sizeof(AlienShot) == sizeof(AlienShotFields), "AlienShot changed: update visitStateOf");
static_assert(sizeof(Saucer) == sizeof(SaucerFields), "Saucer changed: update visitStateOf");
static_assert(sizeof(Explosion) == sizeof(ExplosionFields), "Explosion changed: update visitStateOf");

// One player's part of the state, in `Simulation::visitStateOf`'s order. `Player`: PlayerState, const or not.
template <class Player, class Visitor>
void visitPlayerFields(Player& player, Visitor& visit) {
    visit("player.score", player.score);
    visit("player.ships", player.ships);
    visit("player.wave", player.wave);
    visit("player.shotsFired", player.shotsFired);
    visit("player.extraShipAwarded", player.extraShipAwarded);
    visit("player.out", player.out);
    auto& rack = player.rack;
    visit("rack.origin", rack.origin);
    visit("rack.delta", rack.delta);
    visit("rack.direction", rack.direction);
    visit("rack.cursor", rack.cursor);
    visit("rack.liveCount", rack.liveCount);
    visit("rack.frame", rack.frame);
    visit("rack.rackSteps", rack.rackSteps);
    visit("rack.edgeReached", rack.edgeReached);
    for (auto& invader : rack.invaders) {
        visit("invader.alive", invader.alive);
        visit("invader.position", invader.position);
        visit("invader.frame", invader.frame);
    }
    for (auto& shield : player.shields)
        visit("shield.model", shield.model);
}

} // namespace detail

// A table, one line per field in hashing order (a player's part is detail::visitPlayerFields's), after the
// check that Simulation's members still match it.
template <class Self, class Visitor>
void Simulation::visitStateOf(Self& self, Visitor& visit) {
    // The mirror of Simulation's own members (see detail:: above); those after m_rng up to m_world are the
    // state (add one to Simulation::Snapshot too), the rest assets, shapes and the latest step's outputs.
    struct SimulationFields {
        SimSettings settings;
        GameAssets assets;
        vox::VoxelModel playerShotShape;
        decltype(m_alienShotShapes) alienShotShapes;
        decltype(m_invaderShapes) invaderShapes;
        vox::VoxelModel playerStencil, alienStencil;
        int32_t slabDepth;
        vox::Rng rng;
        int64_t frame;
        SimPhase phase;
        int32_t current;
        decltype(m_players) players;
        Cannon cannon;
        PlayerShot playerShot;
        decltype(m_alienShots) alienShots;
        Saucer saucer;
        std::vector<Explosion> explosions;
        int32_t invaderExplosionTimer, alienFireHold, noteTimer, noteIndex;
        bool invaded, invaderFireDisabled;
        CollisionWorld world;
        std::vector<glm::ivec3> contacts;
        std::vector<SimEvent> events;
        std::vector<DebrisVoxel> debris;
    };
    static_assert(sizeof(Simulation) == sizeof(SimulationFields),
                  "Simulation's members changed: update visitStateOf");

    visit("settings.seed", self.m_settings.seed);
    visit("settings.players", self.m_settings.players);
    visit("settings.difficulty", self.m_settings.difficulty);
    // The board's DIP settings join the hash only when off the arcade's defaults, so that every hash and
    // run recorded before they were settings (simulation version 2) stays as it was.
    if (self.m_settings.startingShips != arcade::kStartingShips ||
        self.m_settings.extraShipScore != arcade::kExtraLifeScore) {
        visit("settings.startingShips", self.m_settings.startingShips);
        visit("settings.extraShipScore", self.m_settings.extraShipScore);
    }
    visit("rng", self.m_rng);
    visit("frame", self.m_frame);
    visit("phase", self.m_phase);
    visit("currentPlayer", self.m_current);
    for (int32_t p = 0; p < self.m_settings.players; ++p)
        detail::visitPlayerFields(self.m_players[static_cast<size_t>(p)], visit);
    visit("cannon.x", self.m_cannon.x);
    visit("cannon.phase", self.m_cannon.phase);
    visit("cannon.timer", self.m_cannon.timer);
    visit("playerShot.phase", self.m_playerShot.phase);
    visit("playerShot.position", self.m_playerShot.position);
    visit("playerShot.timer", self.m_playerShot.timer);
    visit("playerShot.fireReleased", self.m_playerShot.fireReleased);
    for (auto& shot : self.m_alienShots) {
        visit("alienShot.active", shot.active);
        visit("alienShot.position", shot.position);
        visit("alienShot.steps", shot.steps);
        visit("alienShot.harmless", shot.harmless);
        visit("alienShot.columnIndex", shot.columnIndex);
    }
    visit("saucer.active", self.m_saucer.active);
    visit("saucer.x", self.m_saucer.x);
    visit("saucer.direction", self.m_saucer.direction);
    visit("saucer.timer", self.m_saucer.timer);
    visit("saucer.explosionTimer", self.m_saucer.explosionTimer);
    visit("saucer.lastScore", self.m_saucer.lastScore);
    visit("explosions", self.m_explosions); // its size; then each explosion's fields
    for (auto& explosion : self.m_explosions) {
        visit("explosion.kind", explosion.kind);
        visit("explosion.position", explosion.position);
        visit("explosion.framesLeft", explosion.framesLeft);
    }
    visit("invaderExplosionTimer", self.m_invaderExplosionTimer);
    visit("alienFireHold", self.m_alienFireHold);
    visit("noteTimer", self.m_noteTimer);
    visit("noteIndex", self.m_noteIndex);
    visit("invaded", self.m_invaded);
    visit("invaderFireDisabled", self.m_invaderFireDisabled);
}

} // namespace invaders
