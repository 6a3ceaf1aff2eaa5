#pragma once
// The plain data of the simulation: settings, one step's input, the game objects and the events a step
// reports to the audio and the renderer. simulation.h runs the rules over them.

#include "difficulty.h"
#include "sim/arcade_rules.h"
#include "sim/game_assets.h"

#include "vox/broadphase/iaabb.h"

#include <glm/vec2.hpp>
#include <glm/vec3.hpp>

#include <array>
#include <cstdint>

namespace invaders {

/// The rules a game is played on, as an operator sets up the board: the difficulty preset and the DIP
/// switches. What a score is made with (the top ten keeps it beside each score) and what Options > GAME
/// SETTINGS chooses for the next game.
struct BoardSettings {
    Difficulty difficulty = Difficulty::Arcade; ///< See `Difficulty`.
    /// Ships each player starts with: one of arcade::kStartingShipsChoices.
    int32_t startingShips = arcade::kStartingShips;
    /// The score that gives the one extra ship: one of arcade::kExtraShipScoreChoices.
    int32_t extraShipScore = arcade::kExtraLifeScore;

    /// True when every field is the 1978 board's factory setting (arcade difficulty, 3 ships, 1,500).
    [[nodiscard]] constexpr bool isArcadeDefault() const { return *this == BoardSettings{}; }
    /// True when each field holds one of its choices.
    [[nodiscard]] constexpr bool isValid() const {
        return static_cast<uint8_t>(difficulty) <= static_cast<uint8_t>(Difficulty::Hard) &&
               arcade::isStartingShipsChoice(startingShips) && arcade::isExtraShipScoreChoice(extraShipScore);
    }
    friend constexpr bool operator==(const BoardSettings&, const BoardSettings&) = default;
};

/// What a game session is started with. Together with the inputs of every step it determines the
/// whole game.
struct SimSettings {
    uint64_t seed = 1;   ///< Seeds the debris spray (the rules themselves use no dice).
    int32_t players = 1; ///< 1 or 2.
    Difficulty difficulty = Difficulty::Arcade; ///< See `Difficulty`.
    /// Ships each player starts with: one of arcade::kStartingShipsChoices (the DIP switches 3 and 4).
    int32_t startingShips = arcade::kStartingShips;
    /// The score that gives the one extra ship: one of arcade::kExtraShipScoreChoices (DIP switch 5).
    int32_t extraShipScore = arcade::kExtraLifeScore;

    /// The board these settings play on.
    [[nodiscard]] constexpr BoardSettings board() const {
        return {difficulty, startingShips, extraShipScore};
    }
    /// Settings for a game of `players` on `board`, seeded with `seed`.
    [[nodiscard]] static constexpr SimSettings on(const BoardSettings& board, uint64_t seed,
                                                  int32_t players) {
        return {seed, players, board.difficulty, board.startingShips, board.extraShipScore};
    }
};

/// The player's controls during one step.
struct StepInput {
    bool left = false;  ///< Held: move left.
    bool right = false; ///< Held: move right.
    bool fire = false;  ///< Held: fire (a new shot needs fire released since the last one).

    /// Bit 0 left, bit 1 right, bit 2 fire: the form replays store.
    [[nodiscard]] constexpr uint8_t bits() const {
        return static_cast<uint8_t>((left ? 1u : 0u) | (right ? 2u : 0u) | (fire ? 4u : 0u));
    }
    /// The input whose `bits()` are `bits` (higher bits are ignored).
    [[nodiscard]] static constexpr StepInput fromBits(uint8_t bits) {
        return {(bits & 1u) != 0, (bits & 2u) != 0, (bits & 4u) != 0};
    }
    friend constexpr bool operator==(const StepInput&, const StepInput&) = default;
};

/// A game object that takes part in collisions: a voxel model placed on the world grid, and where it
/// was placed before its last move (shots sweep from there). Its box for the broadphase covers both.
struct Body : vox::IAABB {
    glm::ivec3 placement{0};         ///< World cell of the model's cell (0, 0, 0).
    glm::ivec3 previousPlacement{0}; ///< Placement before the latest move (== placement when resting).
    glm::ivec3 size{0};              ///< The model's size in cells.

    /// Closed box around the model at both placements, in voxels.
    [[nodiscard]] vox::Aabb aabb() const override;
    /// The latest move, in voxels per second (one move per 60 Hz step).
    [[nodiscard]] glm::vec3 velocity() const override;
};

/// One invader of a rack. Its position is its 16 x 16 cell's lower-left corner.
struct Invader : Body {
    glm::ivec2 position{0}; ///< Cell corner.
    uint8_t frame = 0;      ///< Animation frame shown (0 or 1).
    bool alive = false;     ///< Dead invaders are gone from the rack and from the broadphase.
};

/// The rack: `arcade::kInvaderCount` invaders, index = row * `arcade::kRackColumns` + column, row 0 at the
/// bottom. One live invader moves per step
/// (the arcade's cursor), so a full rack step takes as many steps as there are live invaders.
struct Rack {
    std::array<Invader, arcade::kInvaderCount> invaders{};
    glm::ivec2 origin{0};  ///< Cell corner of invader 0 before the current rack step.
    glm::ivec2 delta{0};   ///< The current rack step's move.
    int32_t direction = 1; ///< +1 marching right, -1 left.
    int32_t cursor = 0;    ///< Invaders below this index have made the current rack step.
    int32_t liveCount = 0; ///< Live invaders.
    uint8_t frame = 0;     ///< Animation frame of invaders that have not moved yet this rack step.
    int32_t rackSteps = 0; ///< Full rack steps completed this wave.
    /// An invader moved into the edge ahead during the current rack step: the next one drops and heads
    /// back (the arcade sets this flag per frame and acts on it when the next rack step starts).
    bool edgeReached = false;
};

/// One of the four shields; eroded voxel by voxel.
struct Shield : Body {
    vox::VoxelModel model; ///< This shield's own copy, eroded in place.
    uint32_t revision = 0; ///< Bumped whenever voxels are removed, so a renderer knows to re-mesh.
};

/// What each player keeps between turns: "their own rack, wave, shields, ships and score".
struct PlayerState {
    int32_t score = 0;             ///< 0..9,990 (four digits, rolls over).
    int32_t ships = 0;             ///< Ships left, including the one in play.
    int32_t wave = 1;              ///< 1-based.
    int32_t shotsFired = 0;        ///< This wave: picks the saucer's direction and score.
    bool extraShipAwarded = false; ///< The single extra ship (at SimSettings::extraShipScore) was given.
    bool out = false;              ///< No ships left, or invaded: this player's game is over.
    Rack rack;
    std::array<Shield, arcade::kShieldCount> shields;
};

/// The cannon's phases.
enum class CannonPhase : uint8_t { Waiting, Alive, Exploding };

/// The player's cannon; `Body::placement` is where its model sits.
struct Cannon : Body {
    int32_t x = 0; ///< Left edge of its 16-voxel box.
    CannonPhase phase = CannonPhase::Waiting;
    int32_t timer = 0; ///< Frames left of Waiting or Exploding.
};

/// Phases of the player's shot.
enum class ShotPhase : uint8_t { Ready, Flying, Exploding };

/// The player's single shot.
struct PlayerShot : Body {
    ShotPhase phase = ShotPhase::Ready;
    glm::ivec2 position{0};   ///< Centre column x, bottom y.
    int32_t timer = 0;        ///< Frames left of Exploding.
    bool fireReleased = true; ///< Fire has been up since the last shot (no autofire).
};

/// One of the three invader shots.
struct AlienShot : Body {
    bool active = false;
    glm::ivec2 position{0};  ///< Centre column x, bottom y.
    int32_t steps = 0;       ///< Steps moved since it was fired (the reload rule reads it).
    bool harmless = false;   ///< Fired from the row just above the invasion line: cannot hurt the cannon.
    int32_t columnIndex = 0; ///< Next entry of its column table (plunger, squiggly).
};

/// The mystery saucer.
struct Saucer : Body {
    bool active = false;        ///< Flying.
    int32_t x = 0;              ///< Left edge of its 24-voxel box.
    int32_t direction = 1;      ///< +1 flying right, -1 left.
    int32_t timer = 0;          ///< Frames until the next one may appear.
    int32_t explosionTimer = 0; ///< Frames left showing its score after a hit (its slot stays busy).
    int32_t lastScore = 0;      ///< Score of the latest hit, for the display.
};

/// Kinds of short-lived explosions shown where something burst.
enum class ExplosionKind : uint8_t { Invader, PlayerShot, AlienShot, Saucer, Cannon };

/// An explosion being shown.
struct Explosion {
    ExplosionKind kind = ExplosionKind::Invader;
    glm::ivec2 position{0}; ///< Lower-left corner (invader: its cell; shots: the burst's centre).
    int32_t framesLeft = 0;
};

/// What happened during a step, for sounds and effects.
enum class SimEventType : uint8_t {
    MarchNote,       ///< value: note 0..3; lasts 4 frames.
    PlayerShotFired, ///< position: shot.
    AlienShotFired,  ///< value: AlienShotType.
    InvaderKilled,   ///< value: points; position: cell; debris: its voxels.
    ShieldEroded,    ///< value: shield 0..3; debris: the voxels removed.
    PlayerShotBurst, ///< position: where the shot burst (shield, ceiling or an invader shot).
    AlienShotBurst,  ///< position: where it burst (shield, floor, cannon or the player's shot).
    PlayerHit,       ///< value: player; position: cannon.
    SaucerAppeared,  ///< value: direction (+1 right, -1 left); the saucer loop plays while it flies.
    SaucerLeft,      ///< It left the screen unhit.
    SaucerHit,       ///< value: score.
    ExtraShip,       ///< value: player.
    WaveCleared,     ///< value: the wave that was cleared.
    TurnStarted,     ///< value: player whose turn it is ("PLAY PLAYER<n>").
    PlayerOut,       ///< value: player whose game is over.
    GameOver,        ///< Every player is out.
};

/// A voxel blown out of a model: for particle effects. Positions and velocities in voxels (per second).
struct DebrisVoxel {
    glm::vec3 position{0.0f};
    glm::vec3 velocity{0.0f};
    uint32_t rgba = 0;
};

/// One event of a step.
struct SimEvent {
    SimEventType type = SimEventType::MarchNote;
    int32_t value = 0;
    glm::ivec2 position{0};
    int32_t debrisBegin = 0; ///< Range of `Simulation::debris()` that belongs to this event.
    int32_t debrisCount = 0;
};

/// Where a session stands.
enum class SimPhase : uint8_t { Playing, GameOver };

} // namespace invaders
