#pragma once
// `Simulation`: arcade Space Invaders as a pure function of (settings, one input per 60 Hz step).
//
// One `step()` is one arcade frame. It reads no clock, draws no dice for the rules (the seed only sprays
// debris) and never iterates an unordered container, so the same settings and inputs give the same
// `stateHash()` on every build. Everything the rules do is in simulation.cpp, in the order of a frame:
//
//  1. cannon: waits 128 frames to appear, then moves 1 voxel per step (x 16..185), or explodes;
//  2. player's shot: fires on a fresh press of fire, flies 4 voxels per step;
//  3. one invader-shot slot per frame, round robin (rolling, plunger, squiggly/saucer): fire or move;
//  4. saucer timer;
//  5. the rack: one live invader makes the current rack step (frozen while an invader or the cannon
//     explodes);
//  6. march notes;
//  7. collisions: the moved objects go to a `vox::DynamicAabbTree`, which proposes pairs; the voxel
//     narrowphase (swept for shots) confirms them, in a fixed order;
//  8. explosions age; a cleared rack starts the next wave; a lost ship hands over to the next player.
//
// Numbers come from arcade_rules.h. Events of the latest step (sounds, debris) are in `events()`.

#include "sim/arcade_rules.h"
#include "sim/collision_world.h"
#include "sim/game_assets.h"
#include "sim/sim_types.h"

#include "vox/core/rng.h"
#include "vox/voxel/voxel_erosion.h"
#include "vox/voxel/voxel_narrowphase.h"

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

namespace invaders {

/// Version of the rules: replays recorded under another version are refused. Bump it whenever a change
/// can alter the outcome of a recorded input sequence, and record tests/data/replays again (docs/game.md).
/// 2: the rack's edge test runs per frame.
inline constexpr uint32_t kSimulationVersion = 2;

/// A game session of one or two players.
class Simulation {
public:
    /// A new game: wave 1 for every player, player 1's turn about to start. `settings.players` must be 1
    /// or 2, and the DIP settings arcade's choices (asserted: a parser refuses others first). The assets are
    /// copied; they must pass `validateGameAssets`.
    Simulation(const SimSettings& settings, const GameAssets& assets);

    Simulation(const Simulation&) = delete;
    Simulation& operator=(const Simulation&) = delete;

    /// Advances one 60 Hz step. After game over it only counts frames.
    void step(const StepInput& input);

    /// 64-bit FNV-1a over a canonical serialisation of the whole state (every field that can influence
    /// a later step or what is drawn, shields voxel by voxel).
    [[nodiscard]] uint64_t stateHash() const;

    /// Hands every field `stateHash()` covers to `visit`, in hash order, as `visit(std::string_view name,
    /// T& field)` with T an integer, bool or enum, `glm::ivec2`, `vox::Rng` (its state), `vox::VoxelModel`
    /// (a shield, voxel by voxel) or `std::vector<Explosion>` (its size; each explosion's fields follow).
    /// Players beyond `settings().players` are left out, the DIP settings while both are the arcade's
    /// defaults (so that hashes from before they were settings stay valid), and so are fields derived from
    /// the visited ones (`Body`'s placements and sizes, `Shield::revision`), the assets and the latest
    /// step's outputs. The definition is in sim/state_fields.h, which also checks that no member escapes
    /// the list.
    template <class Visitor>
    void visitState(Visitor& visit) const {
        visitStateOf(*this, visit);
    }
    /// `visitState` with write access, for tests that change one field in turn: it can put the session in
    /// a state the rules could never reach, so step such a session no further.
    template <class Visitor>
    void visitStateForTest(Visitor& visit) {
        visitStateOf(*this, visit);
    }

    // --- Snapshots ----------------------------------------------------------------------------------
    /// The session at one step: every field a later step reads (the state `visitState` lists, Body
    /// placements, the broadphase with its fat boxes and tracked pairs), without the assets and the shapes
    /// made from them, which never change. Restored into a session started with the same settings and
    /// assets, it puts that session exactly where it was: the same later steps, events and state hashes
    /// (a WATCH seek restores the nearest one and steps on).
    class Snapshot {
    public:
        /// The step it was taken after (`frame()` then).
        [[nodiscard]] int64_t frame() const { return m_frame; }

    private:
        friend class Simulation;
        SimSettings m_settings; // checked on restore
        vox::Rng m_rng;
        int64_t m_frame = 0;
        SimPhase m_phase = SimPhase::Playing;
        int32_t m_current = 0;
        std::array<PlayerState, arcade::kMaxPlayers> m_players;
        Cannon m_cannon;
        PlayerShot m_playerShot;
        std::array<AlienShot, arcade::kAlienShotTypes> m_alienShots;
        Saucer m_saucer;
        std::vector<Explosion> m_explosions;
        int32_t m_invaderExplosionTimer = 0;
        int32_t m_alienFireHold = 0;
        int32_t m_noteTimer = 0;
        int32_t m_noteIndex = 0;
        bool m_invaded = false;
        bool m_invaderFireDisabled = false;
        CollisionWorld m_world;
    };
    /// The session as it stands (see `Snapshot`).
    [[nodiscard]] Snapshot snapshot() const;
    /// Puts the session back where `snapshot` was taken. It must come from a session with the same settings
    /// (checked in every build) and assets. The latest step's outputs (events, debris, contacts) are empty
    /// after it: no step has been played since.
    void restore(const Snapshot& snapshot);

    // --- State, read-only ---------------------------------------------------------------------------
    /// The settings the session was started with.
    [[nodiscard]] const SimSettings& settings() const { return m_settings; }
    /// The models the session collides and draws.
    [[nodiscard]] const GameAssets& assets() const { return m_assets; }
    /// Steps run since the start.
    [[nodiscard]] int64_t frame() const { return m_frame; }
    /// Playing or over.
    [[nodiscard]] SimPhase phase() const { return m_phase; }
    /// 0 or 1: whose turn it is.
    [[nodiscard]] int32_t currentPlayer() const { return m_current; }
    /// Player `index` (0 or 1; 1 only with two players).
    [[nodiscard]] const PlayerState& player(int32_t index) const;
    /// The player whose turn it is.
    [[nodiscard]] const PlayerState& activePlayer() const {
        return m_players[static_cast<size_t>(m_current)];
    }
    /// The cannon.
    [[nodiscard]] const Cannon& cannon() const { return m_cannon; }
    /// The player's shot.
    [[nodiscard]] const PlayerShot& playerShot() const { return m_playerShot; }
    /// The invader shots, indexed by `AlienShotType`.
    [[nodiscard]] const std::array<AlienShot, arcade::kAlienShotTypes>& alienShots() const {
        return m_alienShots;
    }
    /// The saucer.
    [[nodiscard]] const Saucer& saucer() const { return m_saucer; }
    /// Explosions being shown.
    [[nodiscard]] std::span<const Explosion> explosions() const { return m_explosions; }
    /// Frames left of the invader explosion that holds the rack (0: none).
    [[nodiscard]] int32_t invaderExplosionTimer() const { return m_invaderExplosionTimer; }
    /// Voxels an invader shot falls per move now (it moves every third step): by the live count and the
    /// difficulty.
    [[nodiscard]] int32_t alienShotSpeed() const;

    // --- Collision pipeline, for the debug overlay (never part of the state hash) ---------------------
    /// The broadphase of the current turn, for checks (`tree().validate()`) and debugging tools.
    [[nodiscard]] const CollisionWorld& collisionWorld() const { return m_world; }
    /// What the collision pipeline did in the latest step.
    [[nodiscard]] const CollisionStepStats& collisionStats() const { return m_world.stepStats(); }
    /// World cells of the latest step's narrowphase contacts: the first cell each confirmed swept test
    /// entered, and the shield voxels invaders erased.
    [[nodiscard]] std::span<const glm::ivec3> contacts() const { return m_contacts; }

    /// Events of the latest step, in the order they happened.
    [[nodiscard]] std::span<const SimEvent> events() const { return m_events; }
    /// The debris of `event` (empty for events without any).
    [[nodiscard]] std::span<const DebrisVoxel> debris(const SimEvent& event) const;

    /// The model of invader `index` of the current rack as currently shown (its `Body::placement` says
    /// where).
    [[nodiscard]] const vox::VoxelModel& invaderModel(int32_t index) const;
    /// The rack row (0 = bottom) of invader `index`.
    [[nodiscard]] static int32_t rowOf(int32_t index) { return index / arcade::kRackColumns; }
    /// The rack column (0 = left) of invader `index`.
    [[nodiscard]] static int32_t columnOf(int32_t index) { return index % arcade::kRackColumns; }
    /// The type of the invaders on rack row `row`.
    [[nodiscard]] static InvaderType typeOfRow(int32_t row);

    // --- Set-up for tests and tools -------------------------------------------------------------------
    // Each changes the state as the rules could (never into a state they could not reach by play), so
    // that a test can start from "score 2,500" or "one invader left" without scripting minutes of play.

    /// Removes invader `index` of the current player's rack silently (no points, no explosion).
    void removeInvaderForSetup(int32_t index);
    /// Sets the current player's score (0..9,990, a multiple of 10).
    void setScoreForSetup(int32_t score);
    /// Removes the current player's shields (so shots fall freely).
    void removeShieldsForSetup();
    /// Starts wave `wave` (>= 1) for the current player: new rack, fresh shields, new turn.
    void startWaveForSetup(int32_t wave);
    /// Stops the invaders firing for the rest of the session (to test the march undisturbed).
    void disableInvaderFireForSetup() { m_invaderFireDisabled = true; }
    /// Moves the whole current rack so that invader 0's cell is at `origin`, between rack steps.
    void moveRackForSetup(glm::ivec2 origin);

private:
    template <class Self, class Visitor>
    static void visitStateOf(Self& self, Visitor& visit);

    void beginTurn();
    void buildWave(PlayerState& player);
    void updateCannon(const StepInput& input);
    void updatePlayerShot(const StepInput& input);
    void updateAlienSlot();
    void tryFireAlienShot(AlienShotType type);
    void moveAlienShot(AlienShotType type);
    void updateSaucer();
    void moveSaucer();
    void updateRack();
    void completeRackStep(Rack& rack);
    void updateMarchNotes();
    void resolveCollisions(std::span<const CollisionWorld::Pair> pairs);
    void resolvePlayerShot(std::span<const CollisionWorld::Pair> pairs);
    void resolveAlienShot(AlienShotType type, std::span<const CollisionWorld::Pair> pairs);
    void resolveInvadersInShields(std::span<const CollisionWorld::Pair> pairs);
    /// `vox::sweepVoxels`, counted in the collision stats and its contact kept for the overlay.
    [[nodiscard]] std::optional<vox::SweepHit> countedSweep(const vox::VoxelModel& target,
                                                            glm::ivec3 targetOffset,
                                                            const vox::VoxelModel& mover, glm::ivec3 from,
                                                            glm::ivec3 to);
    void ageExplosions();
    void checkWaveCleared();
    void killCannon(bool invaded);
    void finishCannonExplosion();
    void killInvader(int32_t index);
    void hitSaucer();
    void addScore(int32_t points);
    void burstPlayerShot(glm::ivec2 at);
    void burstAlienShot(AlienShotType type, glm::ivec2 at);
    void erodeShield(int32_t shieldIndex, const vox::VoxelModel& stencil, glm::ivec2 centre);
    void endAlienShot(AlienShotType type);
    void emit(SimEventType type, int32_t value = 0, glm::ivec2 position = {0, 0});
    void emitDebris(SimEvent& event, const vox::VoxelModel& model, glm::ivec3 placement, glm::vec3 centre);
    void emitRemoved(SimEvent& event, std::span<const vox::RemovedVoxel> removed, glm::ivec3 placement,
                     glm::vec3 push);

    [[nodiscard]] PlayerState& active() { return m_players[static_cast<size_t>(m_current)]; }
    [[nodiscard]] int32_t lowestLiveInColumn(int32_t column) const;
    [[nodiscard]] bool rackFrozen() const;
    [[nodiscard]] bool saucerBusy() const;
    [[nodiscard]] int32_t reloadGap() const;
    [[nodiscard]] glm::ivec3 placeCentred(const vox::VoxelModel& model, glm::ivec2 boxCorner,
                                          int32_t boxWidth) const;
    void placeInvader(int32_t index);
    void placeShot(Body& body, const vox::VoxelModel& model, glm::ivec2 centreBottom, bool swept);

    SimSettings m_settings;
    GameAssets m_assets;
    // Collision shapes derived from the assets (see game_assets.h): x-y silhouettes through the slab.
    vox::VoxelModel m_playerShotShape;
    decltype(GameAssets::alienShots) m_alienShotShapes;
    decltype(GameAssets::invaders) m_invaderShapes;
    vox::VoxelModel m_playerStencil;
    vox::VoxelModel m_alienStencil;
    int32_t m_slabDepth = 1;

    vox::Rng m_rng;
    int64_t m_frame = 0;
    SimPhase m_phase = SimPhase::Playing;
    int32_t m_current = 0;
    std::array<PlayerState, arcade::kMaxPlayers> m_players;
    Cannon m_cannon;
    PlayerShot m_playerShot;
    std::array<AlienShot, arcade::kAlienShotTypes> m_alienShots;
    Saucer m_saucer;
    std::vector<Explosion> m_explosions;
    int32_t m_invaderExplosionTimer = 0;
    int32_t m_alienFireHold = 0;
    int32_t m_noteTimer = 0;
    int32_t m_noteIndex = 0;
    bool m_invaded = false;
    bool m_invaderFireDisabled = false;

    CollisionWorld m_world;
    std::vector<glm::ivec3> m_contacts;
    std::vector<SimEvent> m_events;
    std::vector<DebrisVoxel> m_debris;
};

} // namespace invaders
