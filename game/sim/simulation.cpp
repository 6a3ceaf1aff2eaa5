#include "sim/simulation.h"

#include "sim/state_fields.h"
#include "sim/state_hash.h"

#include "vox/core/assert.h"
#include "vox/voxel/voxel_erosion.h"
#include "vox/voxel/voxel_narrowphase.h"

#include <glm/geometric.hpp>

#include <algorithm>
#include <chrono>
#include <optional>
#include <string_view>
#include <type_traits>
#include <vector>

namespace invaders {
namespace {

using namespace arcade;

constexpr BodyRef kPlayerShotBody{BodyKind::PlayerShot, 0};
constexpr BodyRef kCannonBody{BodyKind::Cannon, 0};
constexpr BodyRef kSaucerBody{BodyKind::Saucer, 0};

static_assert(std::tuple_size_v<decltype(GameAssets::alienShots)> == kAlienShotTypes,
              "one alien shot model per shot type");
static_assert(std::tuple_size_v<decltype(Rack::invaders)> == kRackRows * kRackColumns,
              "one invader per cell of the rack");
static_assert(kSaucerScores.size() == 15, "the saucer's score table repeats every 15 shots");

glm::ivec2 cellOffset(int32_t index) {
    return {Simulation::columnOf(index) * kCellSize, Simulation::rowOf(index) * kCellSize};
}

} // namespace

vox::Aabb Body::aabb() const {
    const glm::ivec3 lo = glm::min(placement, previousPlacement);
    const glm::ivec3 hi = glm::max(placement, previousPlacement) + size;
    return {glm::vec3(lo), glm::vec3(hi)};
}

glm::vec3 Body::velocity() const {
    return glm::vec3(placement - previousPlacement) * 60.0f;
}

// --- Construction and turns ---------------------------------------------------------------------------

Simulation::Simulation(const SimSettings& settings, const GameAssets& assets)
    : m_settings(settings), m_assets(assets), m_rng(settings.seed) {
    VOX_VERIFY(settings.players == 1 || settings.players == 2, "SimSettings::players must be 1 or 2");
    VOX_VERIFY(isStartingShipsChoice(settings.startingShips),
               "SimSettings::startingShips must be 3, 4, 5 or 6");
    VOX_VERIFY(isExtraShipScoreChoice(settings.extraShipScore),
               "SimSettings::extraShipScore must be 1000 or 1500");
    VOX_ASSERT(validateGameAssets(assets).ok(), "GameAssets must pass validateGameAssets()");

    // Every solid model is centred on z = 0; the slab is the deepest of them, and the shapes that carve
    // or hit (shots, stencils, invaders eroding shields) reach through all of it.
    for (const auto& frames : m_assets.invaders)
        for (const vox::VoxelModel& model : frames)
            m_slabDepth = std::max(m_slabDepth, model.size().z);
    for (const vox::VoxelModel* model : {&m_assets.cannon, &m_assets.saucer, &m_assets.shield})
        m_slabDepth = std::max(m_slabDepth, model->size().z);
    m_playerShotShape = extrudeSilhouette(m_assets.playerShot, m_slabDepth);
    for (size_t type = 0; type < m_alienShotShapes.size(); ++type)
        for (size_t frame = 0; frame < m_alienShotShapes[type].size(); ++frame)
            m_alienShotShapes[type][frame] = extrudeSilhouette(m_assets.alienShots[type][frame], m_slabDepth);
    for (size_t type = 0; type < m_invaderShapes.size(); ++type)
        for (size_t frame = 0; frame < m_invaderShapes[type].size(); ++frame)
            m_invaderShapes[type][frame] = extrudeSilhouette(m_assets.invaders[type][frame], m_slabDepth);
    m_playerStencil = extrudeSilhouette(m_assets.playerShotExplosion, m_slabDepth);
    m_alienStencil = extrudeSilhouette(m_assets.alienShotExplosion, m_slabDepth);

    for (int32_t i = 0; i < settings.players; ++i) {
        PlayerState& player = m_players[static_cast<size_t>(i)];
        player.ships = settings.startingShips;
        buildWave(player);
    }
    m_players[1].out = settings.players < 2;
    beginTurn();
}

void Simulation::buildWave(PlayerState& player) {
    Rack& rack = player.rack;
    rack.origin = {kRackStartX, rackStartHeight(player.wave)};
    rack.direction = 1;
    rack.delta = {kMarchStepX, 0};
    rack.cursor = 0;
    rack.liveCount = kInvaderCount;
    rack.frame = 0;
    rack.rackSteps = 0;
    rack.edgeReached = false;
    for (int32_t i = 0; i < kInvaderCount; ++i) {
        Invader& invader = rack.invaders[static_cast<size_t>(i)];
        invader.alive = true;
        invader.frame = 0;
        invader.position = rack.origin + cellOffset(i);
    }
    for (int32_t s = 0; s < kShieldCount; ++s) {
        Shield& shield = player.shields[static_cast<size_t>(s)];
        shield.model = m_assets.shield;
        ++shield.revision;
        shield.size = shield.model.size();
        shield.placement = {kShieldX[static_cast<size_t>(s)], kShieldY, -shield.size.z / 2};
        shield.previousPlacement = shield.placement;
    }
    player.shotsFired = 0;
}

void Simulation::beginTurn() {
    PlayerState& player = active();
    if (player.rack.liveCount == 0) { // the rack was cleared as the cannon blew up
        ++player.wave;
        buildWave(player);
    }
    m_cannon.x = kCannonStartX;
    m_cannon.phase = CannonPhase::Waiting;
    m_cannon.timer = kCannonAppearFrames;
    m_cannon.size = m_assets.cannon.size();
    m_cannon.placement = placeCentred(m_assets.cannon, {m_cannon.x, kCannonY}, kCannonWidth);
    m_cannon.previousPlacement = m_cannon.placement;
    m_playerShot.phase = ShotPhase::Ready;
    m_playerShot.timer = 0;
    for (AlienShot& shot : m_alienShots) {
        shot.active = false;
        shot.steps = 0;
    }
    m_saucer.active = false;
    m_saucer.timer = kSaucerTimerFrames;
    m_saucer.explosionTimer = 0;
    m_explosions.clear();
    m_invaderExplosionTimer = 0;
    m_alienFireHold = 0;
    m_noteTimer = 0;
    m_noteIndex = 0;
    m_invaded = false;

    m_world.clear();
    for (int32_t i = 0; i < kInvaderCount; ++i)
        if (player.rack.invaders[static_cast<size_t>(i)].alive)
            placeInvader(i);
    for (int32_t s = 0; s < kShieldCount; ++s)
        m_world.place({BodyKind::Shield, s}, player.shields[static_cast<size_t>(s)], vox::ProxyType::Static);
    emit(SimEventType::TurnStarted, m_current);
}

const PlayerState& Simulation::player(int32_t index) const {
    VOX_ASSERT(index >= 0 && index < m_settings.players, "player index out of range");
    return m_players[static_cast<size_t>(index)];
}

InvaderType Simulation::typeOfRow(int32_t row) {
    return row >= 4 ? InvaderType::Squid : row >= 2 ? InvaderType::Crab : InvaderType::Octopus;
}

const vox::VoxelModel& Simulation::invaderModel(int32_t index) const {
    const Invader& invader = activePlayer().rack.invaders[static_cast<size_t>(index)];
    return m_assets.invaders[static_cast<size_t>(typeOfRow(rowOf(index)))][invader.frame];
}

std::span<const DebrisVoxel> Simulation::debris(const SimEvent& event) const {
    return std::span<const DebrisVoxel>(m_debris).subspan(static_cast<size_t>(event.debrisBegin),
                                                          static_cast<size_t>(event.debrisCount));
}

// --- Snapshots ------------------------------------------------------------------------------------------

Simulation::Snapshot Simulation::snapshot() const {
    Snapshot taken;
    taken.m_settings = m_settings;
    taken.m_rng = m_rng;
    taken.m_frame = m_frame;
    taken.m_phase = m_phase;
    taken.m_current = m_current;
    taken.m_players = m_players;
    taken.m_cannon = m_cannon;
    taken.m_playerShot = m_playerShot;
    taken.m_alienShots = m_alienShots;
    taken.m_saucer = m_saucer;
    taken.m_explosions = m_explosions;
    taken.m_invaderExplosionTimer = m_invaderExplosionTimer;
    taken.m_alienFireHold = m_alienFireHold;
    taken.m_noteTimer = m_noteTimer;
    taken.m_noteIndex = m_noteIndex;
    taken.m_invaded = m_invaded;
    taken.m_invaderFireDisabled = m_invaderFireDisabled;
    taken.m_world = m_world;
    return taken;
}

void Simulation::restore(const Snapshot& snapshot) {
    const SimSettings& taken = snapshot.m_settings;
    VOX_VERIFY(taken.seed == m_settings.seed && taken.players == m_settings.players &&
                   taken.difficulty == m_settings.difficulty,
               "Simulation::restore: the snapshot comes from a session with other settings");
    m_rng = snapshot.m_rng;
    m_frame = snapshot.m_frame;
    m_phase = snapshot.m_phase;
    m_current = snapshot.m_current;
    m_players = snapshot.m_players;
    m_cannon = snapshot.m_cannon;
    m_playerShot = snapshot.m_playerShot;
    m_alienShots = snapshot.m_alienShots;
    m_saucer = snapshot.m_saucer;
    m_explosions = snapshot.m_explosions;
    m_invaderExplosionTimer = snapshot.m_invaderExplosionTimer;
    m_alienFireHold = snapshot.m_alienFireHold;
    m_noteTimer = snapshot.m_noteTimer;
    m_noteIndex = snapshot.m_noteIndex;
    m_invaded = snapshot.m_invaded;
    m_invaderFireDisabled = snapshot.m_invaderFireDisabled;
    m_world = snapshot.m_world;
    m_contacts.clear();
    m_events.clear();
    m_debris.clear();
}

// --- The step -------------------------------------------------------------------------------------------

void Simulation::step(const StepInput& input) {
    m_events.clear();
    m_debris.clear();
    if (m_phase == SimPhase::GameOver) {
        ++m_frame;
        return;
    }
    // Shots that do not move this step must not sweep their last move again.
    m_playerShot.previousPlacement = m_playerShot.placement;
    for (AlienShot& shot : m_alienShots)
        shot.previousPlacement = shot.placement;

    updateCannon(input);
    updatePlayerShot(input);
    updateAlienSlot();
    updateSaucer();
    updateRack();
    updateMarchNotes();
    // The collision phase is timed here, around the rules, for the debug overlay only: no rule reads it.
    using Clock = std::chrono::steady_clock;
    const auto start = Clock::now();
    const std::span<const CollisionWorld::Pair> pairs = m_world.findPairs();
    const auto pairsFound = Clock::now();
    resolveCollisions(pairs);
    CollisionStepStats& stats = m_world.stepStats();
    stats.broadphaseMs = std::chrono::duration<double, std::milli>(pairsFound - start).count();
    stats.narrowphaseMs = std::chrono::duration<double, std::milli>(Clock::now() - pairsFound).count();
    ageExplosions();
    checkWaveCleared();
    ++m_frame;
}

glm::ivec3 Simulation::placeCentred(const vox::VoxelModel& model, glm::ivec2 boxCorner,
                                    int32_t boxWidth) const {
    const glm::ivec3 size = model.size();
    return {boxCorner.x + (boxWidth - size.x) / 2, boxCorner.y, -size.z / 2};
}

void Simulation::placeInvader(int32_t index) {
    Invader& invader = active().rack.invaders[static_cast<size_t>(index)];
    const vox::VoxelModel& model = invaderModel(index);
    const glm::ivec3 placement = placeCentred(model, invader.position, kCellSize);
    const BodyRef body{BodyKind::Invader, index};
    invader.previousPlacement = m_world.contains(body) ? invader.placement : placement;
    invader.size = model.size();
    invader.placement = placement;
    m_world.place(body, invader);
}

void Simulation::placeShot(Body& body, const vox::VoxelModel& shape, glm::ivec2 centreBottom, bool swept) {
    const glm::ivec3 placement{centreBottom.x - shape.size().x / 2, centreBottom.y, -m_slabDepth / 2};
    body.previousPlacement = swept ? body.placement : placement;
    body.placement = placement;
    body.size = shape.size();
}

void Simulation::updateCannon(const StepInput& input) {
    switch (m_cannon.phase) {
    case CannonPhase::Waiting:
        if (--m_cannon.timer <= 0) {
            m_cannon.phase = CannonPhase::Alive;
            m_alienFireHold = kAlienFireHoldFrames;
            m_world.place(kCannonBody, m_cannon);
        }
        return;
    case CannonPhase::Alive: {
        const int32_t move = (input.right ? 1 : 0) - (input.left ? 1 : 0);
        const int32_t x = std::clamp(m_cannon.x + move, kCannonMinX, kCannonMaxX);
        if (x != m_cannon.x) {
            m_cannon.x = x;
            m_cannon.previousPlacement = m_cannon.placement;
            m_cannon.placement = placeCentred(m_assets.cannon, {x, kCannonY}, kCannonWidth);
            m_world.place(kCannonBody, m_cannon);
        }
        return;
    }
    case CannonPhase::Exploding:
        if (--m_cannon.timer <= 0)
            finishCannonExplosion();
        return;
    }
}

void Simulation::updatePlayerShot(const StepInput& input) {
    if (!input.fire)
        m_playerShot.fireReleased = true;
    switch (m_playerShot.phase) {
    case ShotPhase::Ready:
        // One shot at a time, a fresh press each time, and none while the invader it hit explodes.
        if (input.fire && m_playerShot.fireReleased && m_cannon.phase == CannonPhase::Alive &&
            m_invaderExplosionTimer == 0) {
            m_playerShot.phase = ShotPhase::Flying;
            m_playerShot.fireReleased = false;
            m_playerShot.position = {m_cannon.x + kCannonWidth / 2, kPlayerShotStartY};
            placeShot(m_playerShot, m_playerShotShape, m_playerShot.position, false);
            m_world.place(kPlayerShotBody, m_playerShot);
            ++active().shotsFired;
            emit(SimEventType::PlayerShotFired, active().shotsFired, m_playerShot.position);
        }
        return;
    case ShotPhase::Flying:
        m_playerShot.position.y += kPlayerShotSpeed;
        placeShot(m_playerShot, m_playerShotShape, m_playerShot.position, true);
        m_world.place(kPlayerShotBody, m_playerShot);
        return;
    case ShotPhase::Exploding:
        if (--m_playerShot.timer <= 0)
            m_playerShot.phase = ShotPhase::Ready;
        return;
    }
}

// --- Invader shots and the saucer ----------------------------------------------------------------------

int32_t Simulation::reloadGap() const {
    const int32_t gap = reloadSteps(activePlayer().score);
    switch (m_settings.difficulty) {
    case Difficulty::Easy:
        return gap * 2;
    case Difficulty::Hard:
        return std::max(1, gap / 2);
    case Difficulty::Arcade:
        break;
    }
    return gap;
}

int32_t Simulation::alienShotSpeed() const {
    const int32_t speed =
        activePlayer().rack.liveCount <= kAlienShotFastBelow ? kAlienShotSpeedFew : kAlienShotSpeed;
    switch (m_settings.difficulty) {
    case Difficulty::Easy:
        return speed - 1;
    case Difficulty::Hard:
        return speed + 1;
    case Difficulty::Arcade:
        break;
    }
    return speed;
}

bool Simulation::saucerBusy() const {
    return m_saucer.active || m_saucer.explosionTimer > 0;
}

void Simulation::updateAlienSlot() {
    const auto type = static_cast<AlienShotType>(m_frame % kAlienShotFramesPerStep);
    if (type == AlienShotType::Squiggly && saucerBusy()) {
        moveSaucer(); // the squiggly shares its slot with the saucer
        return;
    }
    if (m_alienShots[static_cast<size_t>(type)].active)
        moveAlienShot(type);
    else
        tryFireAlienShot(type);
}

int32_t Simulation::lowestLiveInColumn(int32_t column) const {
    for (int32_t row = 0; row < kRackRows; ++row) {
        const int32_t index = row * kRackColumns + column;
        if (activePlayer().rack.invaders[static_cast<size_t>(index)].alive)
            return index;
    }
    return -1;
}

void Simulation::tryFireAlienShot(AlienShotType type) {
    const Rack& rack = activePlayer().rack;
    if (m_cannon.phase != CannonPhase::Alive || m_alienFireHold > 0 || rack.liveCount == 0 ||
        m_invaderFireDisabled)
        return;
    if (type == AlienShotType::Plunger && rack.liveCount == 1)
        return;
    const int32_t gap = reloadGap();
    for (size_t other = 0; other < m_alienShots.size(); ++other)
        if (other != static_cast<size_t>(type) && m_alienShots[other].active &&
            m_alienShots[other].steps <= gap)
            return;

    AlienShot& shot = m_alienShots[static_cast<size_t>(type)];
    int32_t shooter = -1;
    if (type == AlienShotType::Rolling) {
        // The lowest live invader whose cell is above the cannon's centre (row 0 comes first).
        const int32_t centre = m_cannon.x + kCannonWidth / 2;
        for (int32_t i = 0; i < kInvaderCount && shooter < 0; ++i) {
            const Invader& invader = rack.invaders[static_cast<size_t>(i)];
            if (invader.alive && invader.position.x <= centre && centre < invader.position.x + kCellSize)
                shooter = i;
        }
    } else {
        const bool plunger = type == AlienShotType::Plunger;
        const int32_t column = plunger ? kPlungerColumns[static_cast<size_t>(shot.columnIndex)]
                                       : kSquigglyColumns[static_cast<size_t>(shot.columnIndex)];
        shot.columnIndex = (shot.columnIndex + 1) % (plunger ? static_cast<int32_t>(kPlungerColumns.size())
                                                             : static_cast<int32_t>(kSquigglyColumns.size()));
        shooter = lowestLiveInColumn(column - 1);
    }
    if (shooter < 0)
        return; // an empty column fires nothing this time

    const Invader& invader = rack.invaders[static_cast<size_t>(shooter)];
    const vox::VoxelModel& shape = m_alienShotShapes[static_cast<size_t>(type)][0];
    shot.active = true;
    shot.steps = 0;
    shot.position = {invader.position.x + kCellSize / 2, invader.position.y - shape.size().y};
    // A shot born inside the cannon's band (from the row just above the invasion line) cannot hurt it.
    shot.harmless = shot.position.y <= kCannonKillMaxY;
    placeShot(shot, shape, shot.position, false);
    m_world.place({BodyKind::AlienShot, static_cast<int32_t>(type)}, shot);
    emit(SimEventType::AlienShotFired, static_cast<int32_t>(type), shot.position);
}

void Simulation::moveAlienShot(AlienShotType type) {
    AlienShot& shot = m_alienShots[static_cast<size_t>(type)];
    shot.position.y -= alienShotSpeed();
    ++shot.steps;
    placeShot(shot, m_alienShotShapes[static_cast<size_t>(type)][static_cast<size_t>(shot.steps % 4)],
              shot.position, true);
    m_world.place({BodyKind::AlienShot, static_cast<int32_t>(type)}, shot);
}

void Simulation::moveSaucer() {
    if (!m_saucer.active)
        return; // exploding: the slot stays busy until its score has shown
    m_saucer.x += kSaucerStep * m_saucer.direction;
    if (m_saucer.direction > 0 ? m_saucer.x > kSaucerRightX : m_saucer.x < kSaucerLeftX) {
        m_saucer.active = false;
        m_saucer.timer = kSaucerTimerFrames;
        m_world.remove(kSaucerBody);
        emit(SimEventType::SaucerLeft);
        return;
    }
    m_saucer.previousPlacement = m_saucer.placement;
    m_saucer.placement = placeCentred(m_assets.saucer, {m_saucer.x, kSaucerY}, kSaucerWidth);
    m_world.place(kSaucerBody, m_saucer);
}

void Simulation::updateSaucer() {
    if (m_saucer.explosionTimer > 0) {
        if (--m_saucer.explosionTimer == 0)
            m_saucer.timer = kSaucerTimerFrames;
        return;
    }
    const PlayerState& player = activePlayer();
    if (m_saucer.active || m_cannon.phase != CannonPhase::Alive || player.rack.origin.y >= kSaucerRackBelowY)
        return;
    if (m_saucer.timer > 0)
        --m_saucer.timer;
    if (m_saucer.timer > 0 || player.rack.liveCount < kSaucerMinInvaders ||
        m_alienShots[static_cast<size_t>(AlienShotType::Squiggly)].active)
        return; // due, but waits for its conditions
    m_saucer.active = true;
    m_saucer.direction = player.shotsFired % 2 == 1 ? 1 : -1;
    m_saucer.x = m_saucer.direction > 0 ? kSaucerLeftX : kSaucerRightX;
    m_saucer.size = m_assets.saucer.size();
    m_saucer.placement = placeCentred(m_assets.saucer, {m_saucer.x, kSaucerY}, kSaucerWidth);
    m_saucer.previousPlacement = m_saucer.placement;
    m_world.place(kSaucerBody, m_saucer);
    emit(SimEventType::SaucerAppeared, m_saucer.direction, {m_saucer.x, kSaucerY});
}

// --- The rack -------------------------------------------------------------------------------------------

bool Simulation::rackFrozen() const {
    return m_cannon.phase != CannonPhase::Alive || m_invaderExplosionTimer > 0;
}

namespace {
int32_t nextLive(const Rack& rack, int32_t from) {
    for (int32_t i = from; i < kInvaderCount; ++i)
        if (rack.invaders[static_cast<size_t>(i)].alive)
            return i;
    return -1;
}
} // namespace

void Simulation::updateRack() {
    Rack& rack = active().rack;
    if (m_invaderExplosionTimer > 0) { // the rack holds for the explosion's 16 frames
        --m_invaderExplosionTimer;
        return;
    }
    if (rackFrozen() || rack.liveCount == 0)
        return;
    int32_t index = nextLive(rack, rack.cursor);
    if (index < 0) { // the invaders left of the cursor were all shot: the rack step is complete
        completeRackStep(rack);
        index = nextLive(rack, 0);
    }
    Invader& invader = rack.invaders[static_cast<size_t>(index)];
    invader.position = rack.origin + rack.delta + cellOffset(index);
    invader.frame = static_cast<uint8_t>(rack.frame ^ 1);
    placeInvader(index);
    // The invader that just moved is checked against the edge ahead, every frame, as the arcade does
    // (@1597); the flag stays set even if that invader is shot before the rack step ends.
    if ((rack.direction > 0 && invader.position.x + kCellSize >= kRackRightLimit) ||
        (rack.direction < 0 && invader.position.x <= kRackLeftLimit))
        rack.edgeReached = true;
    rack.cursor = index + 1;
    if (nextLive(rack, rack.cursor) < 0)
        completeRackStep(rack);
    if (invader.position.y < kInvasionY)
        killCannon(true);
}

void Simulation::completeRackStep(Rack& rack) {
    rack.origin += rack.delta;
    rack.cursor = 0;
    rack.frame ^= 1;
    ++rack.rackSteps;
    rack.delta.y = 0;
    // An edge reached during this rack step: the next one drops 8 and heads back (@1597).
    if (rack.edgeReached) {
        rack.edgeReached = false;
        rack.direction = -rack.direction;
        rack.delta.y = -kRackDrop;
    }
    const bool last = rack.liveCount == 1;
    rack.delta.x = rack.direction > 0 ? (last ? kLastInvaderStepRight : kMarchStepX)
                                      : -(last ? kLastInvaderStepLeft : kMarchStepX);
}

void Simulation::updateMarchNotes() {
    const int32_t live = activePlayer().rack.liveCount;
    if (m_cannon.phase != CannonPhase::Alive || live == 0)
        return; // silent while the cannon is gone
    if (m_noteTimer > 0)
        --m_noteTimer;
    if (m_noteTimer == 0) {
        emit(SimEventType::MarchNote, m_noteIndex);
        m_noteIndex = (m_noteIndex + 1) % kMarchNoteCount;
        m_noteTimer = marchNoteInterval(live);
    }
}

// --- Collisions -----------------------------------------------------------------------------------------

void Simulation::resolveCollisions(std::span<const CollisionWorld::Pair> pairs) {
    m_contacts.clear();
    resolvePlayerShot(pairs);
    for (int32_t type = 0; type < kAlienShotTypes; ++type)
        resolveAlienShot(static_cast<AlienShotType>(type), pairs);
    resolveInvadersInShields(pairs);
}

std::optional<vox::SweepHit> Simulation::countedSweep(const vox::VoxelModel& target, glm::ivec3 targetOffset,
                                                      const vox::VoxelModel& mover, glm::ivec3 from,
                                                      glm::ivec3 to) {
    CollisionStepStats& stats = m_world.stepStats();
    ++stats.narrowphaseChecks;
    std::optional<vox::SweepHit> hit = vox::sweepVoxels(target, targetOffset, mover, from, to);
    if (hit) {
        ++stats.confirmedHits;
        m_contacts.push_back(hit->cell);
    }
    return hit;
}

namespace {
struct Contact {
    BodyRef target;
    vox::SweepHit hit;
};
// Keeps the earliest contact along the sweep; pairs arrive sorted, so ties go to the first body.
void keepEarliest(std::optional<Contact>& best, BodyRef target, const std::optional<vox::SweepHit>& hit) {
    if (hit && (!best || hit->step < best->hit.step))
        best = Contact{target, *hit};
}
} // namespace

void Simulation::resolvePlayerShot(std::span<const CollisionWorld::Pair> pairs) {
    if (m_playerShot.phase != ShotPhase::Flying)
        return;
    PlayerState& player = active();
    std::optional<Contact> best;
    for (const CollisionWorld::Pair& pair : pairs) {
        if (pair.first != kPlayerShotBody)
            continue;
        const BodyRef target = pair.second;
        const auto index = static_cast<size_t>(target.index);
        const vox::VoxelModel* model = nullptr;
        glm::ivec3 placement{0};
        switch (target.kind) {
        case BodyKind::Invader:
            if (!player.rack.invaders[index].alive)
                continue;
            model = &invaderModel(target.index);
            placement = player.rack.invaders[index].placement;
            break;
        case BodyKind::Shield:
            model = &player.shields[index].model;
            placement = player.shields[index].placement;
            break;
        case BodyKind::Saucer:
            if (!m_saucer.active)
                continue;
            model = &m_assets.saucer;
            placement = m_saucer.placement;
            break;
        case BodyKind::AlienShot:
            if (!m_alienShots[index].active)
                continue;
            model = &m_alienShotShapes[index][static_cast<size_t>(m_alienShots[index].steps % 4)];
            placement = m_alienShots[index].placement;
            break;
        case BodyKind::PlayerShot:
        case BodyKind::Cannon:
            continue;
        }
        keepEarliest(best, target,
                     countedSweep(*model, placement, m_playerShotShape, m_playerShot.previousPlacement,
                                  m_playerShot.placement));
    }
    if (!best) {
        const int32_t top = m_playerShot.position.y + m_playerShotShape.size().y;
        if (top > kPlayerShotCeiling)
            burstPlayerShot({m_playerShot.position.x, kPlayerShotCeiling - m_playerShotShape.size().y});
        return;
    }
    const glm::ivec2 at{best->hit.cell.x, best->hit.cell.y};
    switch (best->target.kind) {
    case BodyKind::Invader:
        m_playerShot.phase = ShotPhase::Ready;
        m_world.remove(kPlayerShotBody);
        killInvader(best->target.index);
        return;
    case BodyKind::Saucer:
        m_playerShot.phase = ShotPhase::Ready;
        m_world.remove(kPlayerShotBody);
        hitSaucer();
        return;
    case BodyKind::Shield:
        erodeShield(best->target.index, m_playerStencil, at);
        burstPlayerShot(at);
        return;
    case BodyKind::AlienShot:
        burstPlayerShot(at);
        burstAlienShot(static_cast<AlienShotType>(best->target.index), at);
        return;
    case BodyKind::PlayerShot:
    case BodyKind::Cannon:
        return;
    }
}

void Simulation::resolveAlienShot(AlienShotType type, std::span<const CollisionWorld::Pair> pairs) {
    const auto slot = static_cast<size_t>(type);
    AlienShot& shot = m_alienShots[slot];
    if (!shot.active || shot.placement == shot.previousPlacement)
        return; // resolved when it last moved
    const BodyRef self{BodyKind::AlienShot, static_cast<int32_t>(type)};
    const vox::VoxelModel& shape = m_alienShotShapes[slot][static_cast<size_t>(shot.steps % 4)];
    PlayerState& player = active();
    std::optional<Contact> best;
    for (const CollisionWorld::Pair& pair : pairs) {
        if (pair.first != self)
            continue;
        const BodyRef target = pair.second;
        if (target.kind == BodyKind::Shield) {
            const Shield& shield = player.shields[static_cast<size_t>(target.index)];
            keepEarliest(
                best, target,
                countedSweep(shield.model, shield.placement, shape, shot.previousPlacement, shot.placement));
        } else if (target.kind == BodyKind::Cannon && m_cannon.phase == CannonPhase::Alive &&
                   !shot.harmless) {
            const std::optional<vox::SweepHit> hit = countedSweep(m_assets.cannon, m_cannon.placement, shape,
                                                                  shot.previousPlacement, shot.placement);
            // Only a shot in the cannon's band kills it.
            if (hit && hit->offset.y >= kCannonKillMinY && hit->offset.y <= kCannonKillMaxY)
                keepEarliest(best, target, hit);
        }
    }
    if (!best) {
        if (shot.position.y < kAlienShotFloor)
            burstAlienShot(type, {shot.position.x, kAlienShotFloor});
        return;
    }
    const glm::ivec2 at{best->hit.cell.x, best->hit.cell.y};
    if (best->target.kind == BodyKind::Shield) {
        erodeShield(best->target.index, m_alienStencil, at);
        burstAlienShot(type, at);
    } else {
        endAlienShot(type);
        killCannon(false);
    }
}

void Simulation::resolveInvadersInShields(std::span<const CollisionWorld::Pair> pairs) {
    PlayerState& player = active();
    for (const CollisionWorld::Pair& pair : pairs) {
        if (pair.first.kind != BodyKind::Invader || pair.second.kind != BodyKind::Shield)
            continue;
        const Invader& invader = player.rack.invaders[static_cast<size_t>(pair.first.index)];
        if (!invader.alive)
            continue;
        // The invader erases the shield voxels it covers, through the whole depth.
        const vox::VoxelModel& shape =
            m_invaderShapes[static_cast<size_t>(typeOfRow(rowOf(pair.first.index)))][invader.frame];
        Shield& shield = player.shields[static_cast<size_t>(pair.second.index)];
        const glm::ivec3 stencilCorner{invader.placement.x, invader.placement.y, -m_slabDepth / 2};
        std::vector<vox::RemovedVoxel> removed;
        ++m_world.stepStats().narrowphaseChecks;
        if (vox::erodeVoxels(shield.model, shape, stencilCorner - shield.placement, removed) > 0) {
            ++m_world.stepStats().confirmedHits;
            for (const vox::RemovedVoxel& voxel : removed)
                m_contacts.push_back(voxel.cell + shield.placement);
            ++shield.revision;
            SimEvent event{SimEventType::ShieldEroded, pair.second.index, invader.position, 0, 0};
            emitRemoved(event, removed, shield.placement, glm::vec3(0.0f, -20.0f, 0.0f));
        }
    }
}

void Simulation::erodeShield(int32_t shieldIndex, const vox::VoxelModel& stencil, glm::ivec2 centre) {
    Shield& shield = active().shields[static_cast<size_t>(shieldIndex)];
    const glm::ivec3 corner{centre.x - stencil.size().x / 2, centre.y - stencil.size().y / 2,
                            -m_slabDepth / 2};
    std::vector<vox::RemovedVoxel> removed;
    if (vox::erodeVoxels(shield.model, stencil, corner - shield.placement, removed) > 0) {
        ++shield.revision;
        SimEvent event{SimEventType::ShieldEroded, shieldIndex, centre, 0, 0};
        emitRemoved(event, removed, shield.placement, glm::vec3(0.0f));
    }
}

// --- Outcomes -------------------------------------------------------------------------------------------

void Simulation::killInvader(int32_t index) {
    PlayerState& player = active();
    Invader& invader = player.rack.invaders[static_cast<size_t>(index)];
    const int32_t points = invaderPoints(rowOf(index));
    SimEvent event{SimEventType::InvaderKilled, points, invader.position, 0, 0};
    const glm::vec3 centre = glm::vec3(invader.placement) + glm::vec3(invader.size) * 0.5f;
    emitDebris(event, invaderModel(index), invader.placement, centre);
    invader.alive = false;
    --player.rack.liveCount;
    m_world.remove({BodyKind::Invader, index});
    m_invaderExplosionTimer = kInvaderExplosionFrames;
    m_explosions.push_back({ExplosionKind::Invader, invader.position, kInvaderExplosionFrames});
    addScore(points);
}

void Simulation::hitSaucer() {
    const int32_t score = kSaucerScores[static_cast<size_t>(active().shotsFired) % kSaucerScores.size()];
    SimEvent event{SimEventType::SaucerHit, score, {m_saucer.x, kSaucerY}, 0, 0};
    const glm::vec3 centre = glm::vec3(m_saucer.placement) + glm::vec3(m_saucer.size) * 0.5f;
    emitDebris(event, m_assets.saucer, m_saucer.placement, centre);
    m_saucer.active = false;
    m_saucer.explosionTimer = kSaucerExplosionFrames;
    m_saucer.lastScore = score;
    m_world.remove(kSaucerBody);
    m_explosions.push_back({ExplosionKind::Saucer, {m_saucer.x, kSaucerY}, kSaucerExplosionFrames});
    addScore(score);
}

void Simulation::addScore(int32_t points) {
    PlayerState& player = active();
    player.score += points;
    if (!player.extraShipAwarded && player.score >= m_settings.extraShipScore) {
        player.extraShipAwarded = true;
        ++player.ships;
        emit(SimEventType::ExtraShip, m_current);
    }
    player.score %= kScoreModulo;
}

void Simulation::burstPlayerShot(glm::ivec2 at) {
    m_playerShot.phase = ShotPhase::Exploding;
    m_playerShot.timer = kPlayerShotExplosionFrames;
    m_world.remove(kPlayerShotBody);
    m_explosions.push_back({ExplosionKind::PlayerShot, at, kPlayerShotExplosionFrames});
    emit(SimEventType::PlayerShotBurst, 0, at);
}

void Simulation::endAlienShot(AlienShotType type) {
    AlienShot& shot = m_alienShots[static_cast<size_t>(type)];
    shot.active = false;
    shot.steps = 0;
    m_world.remove({BodyKind::AlienShot, static_cast<int32_t>(type)});
}

void Simulation::burstAlienShot(AlienShotType type, glm::ivec2 at) {
    endAlienShot(type);
    m_explosions.push_back({ExplosionKind::AlienShot, at, kAlienShotExplosionFrames});
    emit(SimEventType::AlienShotBurst, static_cast<int32_t>(type), at);
}

void Simulation::killCannon(bool invaded) {
    if (m_cannon.phase != CannonPhase::Alive)
        return;
    PlayerState& player = active();
    m_cannon.phase = CannonPhase::Exploding;
    m_cannon.timer = kCannonExplosionFrames;
    m_world.remove(kCannonBody);
    --player.ships;
    m_invaded = m_invaded || invaded;
    m_explosions.push_back({ExplosionKind::Cannon, {m_cannon.x, kCannonY}, kCannonExplosionFrames});
    SimEvent event{SimEventType::PlayerHit, m_current, {m_cannon.x, kCannonY}, 0, 0};
    const glm::vec3 centre = glm::vec3(m_cannon.placement) + glm::vec3(m_cannon.size) * 0.5f;
    emitDebris(event, m_assets.cannon, m_cannon.placement, centre);
}

void Simulation::finishCannonExplosion() {
    PlayerState& player = active();
    if (m_invaded)
        player.ships = 0; // an invasion ends this player's game whatever ships are left
    if (player.ships <= 0) {
        player.ships = 0;
        player.out = true;
        emit(SimEventType::PlayerOut, m_current);
    }
    // Two players alternate after each lost ship; a player who is out is skipped.
    const int32_t other = 1 - m_current;
    if (m_settings.players == 2 && !m_players[static_cast<size_t>(other)].out)
        m_current = other;
    else if (player.out) {
        m_phase = SimPhase::GameOver;
        m_cannon.phase = CannonPhase::Waiting; // gone for good
        m_cannon.timer = 0;
        m_world.clear();
        emit(SimEventType::GameOver);
        return;
    }
    beginTurn();
}

void Simulation::ageExplosions() {
    for (Explosion& explosion : m_explosions)
        --explosion.framesLeft;
    std::erase_if(m_explosions, [](const Explosion& explosion) { return explosion.framesLeft <= 0; });
    if (m_alienFireHold > 0 && m_cannon.phase == CannonPhase::Alive)
        --m_alienFireHold;
}

void Simulation::checkWaveCleared() {
    PlayerState& player = active();
    if (m_phase != SimPhase::Playing || player.rack.liveCount > 0 || m_invaderExplosionTimer > 0 ||
        m_cannon.phase != CannonPhase::Alive)
        return;
    emit(SimEventType::WaveCleared, player.wave);
    ++player.wave;
    buildWave(player);
    beginTurn();
}

// --- Events ---------------------------------------------------------------------------------------------

void Simulation::emit(SimEventType type, int32_t value, glm::ivec2 position) {
    m_events.push_back({type, value, position, static_cast<int32_t>(m_debris.size()), 0});
}

void Simulation::emitDebris(SimEvent& event, const vox::VoxelModel& model, glm::ivec3 placement,
                            glm::vec3 centre) {
    event.debrisBegin = static_cast<int32_t>(m_debris.size());
    const glm::ivec3 size = model.size();
    for (int32_t z = 0; z < size.z; ++z)
        for (int32_t y = 0; y < size.y; ++y)
            for (int32_t x = 0; x < size.x; ++x) {
                if (!model.filled({x, y, z}))
                    continue;
                DebrisVoxel voxel;
                voxel.position = glm::vec3(placement + glm::ivec3(x, y, z)) + 0.5f;
                const glm::vec3 outward = voxel.position - centre;
                // One draw per statement, z first: see emitRemoved.
                const float kickZ = m_rng.uniform(5.0f, 40.0f);
                const float kickY = m_rng.uniform(-5.0f, 25.0f);
                const float kickX = m_rng.uniform(-15.0f, 15.0f);
                voxel.velocity = outward * 12.0f + glm::vec3(kickX, kickY, kickZ);
                voxel.rgba = model.rgba({x, y, z});
                m_debris.push_back(voxel);
            }
    event.debrisCount = static_cast<int32_t>(m_debris.size()) - event.debrisBegin;
    m_events.push_back(event);
}

void Simulation::emitRemoved(SimEvent& event, std::span<const vox::RemovedVoxel> removed,
                             glm::ivec3 placement, glm::vec3 push) {
    event.debrisBegin = static_cast<int32_t>(m_debris.size());
    for (const vox::RemovedVoxel& voxel : removed) {
        DebrisVoxel debris;
        debris.position = glm::vec3(placement + voxel.cell) + 0.5f;
        // One draw per statement: the order in which a call's arguments are evaluated is unspecified (GCC
        // goes last to first, Clang first to last), and every build must give each axis the same number.
        // z, y, x: the order GCC gave them as constructor arguments, so recorded results stay as they were.
        const float kickZ = m_rng.uniform(5.0f, 30.0f);
        const float kickY = m_rng.uniform(-20.0f, 20.0f);
        const float kickX = m_rng.uniform(-20.0f, 20.0f);
        debris.velocity = push + glm::vec3(kickX, kickY, kickZ);
        debris.rgba = voxel.rgba;
        m_debris.push_back(debris);
    }
    event.debrisCount = static_cast<int32_t>(removed.size());
    m_events.push_back(event);
}

// --- Set-up for tests and tools -------------------------------------------------------------------------

void Simulation::removeInvaderForSetup(int32_t index) {
    Rack& rack = active().rack;
    Invader& invader = rack.invaders[static_cast<size_t>(index)];
    if (!invader.alive)
        return;
    invader.alive = false;
    --rack.liveCount;
    m_world.remove({BodyKind::Invader, index});
}

void Simulation::setScoreForSetup(int32_t score) {
    VOX_ASSERT(score >= 0 && score < kScoreModulo && score % 10 == 0, "scores are 0..9990 in tens");
    active().score = score;
    active().extraShipAwarded = active().extraShipAwarded || score >= m_settings.extraShipScore;
}

void Simulation::removeShieldsForSetup() {
    for (int32_t s = 0; s < kShieldCount; ++s) {
        Shield& shield = active().shields[static_cast<size_t>(s)];
        shield.model = vox::VoxelModel(shield.model.size());
        ++shield.revision;
        m_world.remove({BodyKind::Shield, s});
    }
}

void Simulation::startWaveForSetup(int32_t wave) {
    VOX_ASSERT(wave >= 1, "waves count from 1");
    active().wave = wave;
    buildWave(active());
    beginTurn();
}

void Simulation::moveRackForSetup(glm::ivec2 origin) {
    Rack& rack = active().rack;
    rack.origin = origin;
    rack.cursor = 0;
    rack.edgeReached = false;
    for (int32_t i = 0; i < kInvaderCount; ++i) {
        Invader& invader = rack.invaders[static_cast<size_t>(i)];
        invader.position = origin + cellOffset(i);
        invader.frame = rack.frame;
        if (invader.alive)
            placeInvader(i);
    }
}

// --- State hash -----------------------------------------------------------------------------------------

namespace {

// Feeds each field `Simulation::visitState` hands it to a `StateHasher`.
struct HashVisitor {
    StateHasher& hasher;

    template <class T>
    void operator()(std::string_view /*name*/, const T& field) {
        if constexpr (std::is_same_v<T, glm::ivec2>) {
            hasher.value(field.x);
            hasher.value(field.y);
        } else if constexpr (std::is_same_v<T, vox::Rng>) {
            hasher.value(field.state());
        } else if constexpr (std::is_same_v<T, vox::VoxelModel>) {
            const glm::ivec3 size = field.size();
            hasher.words({field.rowData(), static_cast<size_t>(size.y * size.z * field.wordsPerRow())});
        } else if constexpr (std::is_same_v<T, std::vector<Explosion>>) {
            hasher.value(field.size());
        } else {
            hasher.value(field);
        }
    }
};

} // namespace

uint64_t Simulation::stateHash() const {
    StateHasher hasher;
    hasher.value(kSimulationVersion);
    HashVisitor visitor{hasher};
    visitState(visitor);
    return hasher.digest();
}

} // namespace invaders
