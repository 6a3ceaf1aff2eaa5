#pragma once
// The arcade's numbers (shared/reference/arcade-rules.md, from the Midway ROM's disassembly), in voxels
// and 60 Hz steps: one arcade pixel is one voxel, one arcade frame is one simulation step, x grows to the
// right and y upwards from the bottom of the 224 x 256 playfield. Every rule of the simulation reads its
// numbers from here; the few that the reference does not give are marked "ours".

#include <array>
#include <cstddef>
#include <cstdint>

namespace invaders::arcade {

// Playfield.
inline constexpr int32_t kPlayfieldWidth = 224;  ///< Voxels.
inline constexpr int32_t kPlayfieldHeight = 256; ///< Voxels.

// Rack.
inline constexpr int32_t kRackColumns = 11;                        ///< Invaders per row.
inline constexpr int32_t kRackRows = 5;                            ///< Rows; row 0 is the bottom one.
inline constexpr int32_t kInvaderCount = kRackColumns * kRackRows; ///< 55.
inline constexpr int32_t kCellSize = 16;                           ///< Each invader owns a 16 x 16 cell.
inline constexpr int32_t kRackStartX = 24;          ///< Left edge of column 0 at a wave's start.
inline constexpr int32_t kMarchStepX = 2;           ///< Sideways move of a rack step.
inline constexpr int32_t kLastInvaderStepRight = 3; ///< The last invader moves 3 right...
inline constexpr int32_t kLastInvaderStepLeft = 2;  ///< ...and 2 left.
inline constexpr int32_t kRackDrop = 8;             ///< Drop at an edge (@1597).
/// The rack reverses once a live invader's cell reaches x <= 8 or x + 16 >= 216: the arcade tests the
/// drawn pixels against x = 9 and x = 213 (derived), which for sprites centred in their cells is this.
inline constexpr int32_t kRackLeftLimit = 8;
inline constexpr int32_t kRackRightLimit = 216; ///< See kRackLeftLimit.
inline constexpr int32_t kInvasionY = 40;       ///< An invader drawn below this ends the player's game.
inline constexpr int32_t kInvaderExplosionFrames = 16; ///< The rack stands still meanwhile.

/// Points for an invader of rack row `row` (0 = bottom): 10, 10, 20, 20, 30.
[[nodiscard]] constexpr int32_t invaderPoints(int32_t row) {
    return row >= 4 ? 30 : row >= 2 ? 20 : 10;
}

/// Bottom-row start height of 1-based `wave` (table @1DA3): 120, then 96, 80, 72, 72, 72, 64, 64, 64
/// repeating from wave 10 on (wave 10 is 96 again).
[[nodiscard]] constexpr int32_t rackStartHeight(int32_t wave) {
    constexpr std::array<int32_t, 8> kCycle = {96, 80, 72, 72, 72, 64, 64, 64};
    return wave <= 1 ? 120 : kCycle[static_cast<size_t>((wave - 2) % 8)];
}

// March sound.
inline constexpr int32_t kMarchNoteCount = 4;  ///< Notes cycle 1 -> 2 -> 3 -> 4.
inline constexpr int32_t kMarchNoteFrames = 4; ///< Each sounds for 4 frames.

/// Frames between march notes with `live` invaders (@1A11).
[[nodiscard]] constexpr int32_t marchNoteInterval(int32_t live) {
    if (live >= 50)
        return 52;
    if (live >= 43)
        return 46;
    if (live >= 36)
        return 39;
    if (live >= 28)
        return 34;
    if (live >= 22)
        return 28;
    if (live >= 17)
        return 24;
    if (live >= 13)
        return 21;
    if (live >= 10)
        return 19;
    if (live >= 8)
        return 16;
    constexpr std::array<int32_t, 8> kFew = {5, 5, 7, 9, 11, 12, 13, 14}; // index = live (0 never sounds)
    return kFew[static_cast<size_t>(live < 0 ? 0 : live)];
}

// Player cannon and shot.
inline constexpr int32_t kCannonY = 32;               ///< Bottom of the cannon.
inline constexpr int32_t kCannonWidth = 16;           ///< Sprite box width.
inline constexpr int32_t kCannonHeight = 8;           ///< Sprite box height.
inline constexpr int32_t kCannonMinX = 16;            ///< Leftmost x of the cannon's box.
inline constexpr int32_t kCannonMaxX = 185;           ///< Rightmost x of the cannon's box.
inline constexpr int32_t kCannonStartX = 16;          ///< Where the cannon appears (ours: the left end).
inline constexpr int32_t kCannonAppearFrames = 128;   ///< Start of a turn -> cannon on screen.
inline constexpr int32_t kAlienFireHoldFrames = 48;   ///< Invaders hold fire after the cannon appears.
inline constexpr int32_t kCannonExplosionFrames = 64; ///< Ours: the reference gives no length.
inline constexpr int32_t kStartingShips = 3;          ///< Ships per player (DIP default).
inline constexpr int32_t kMaxPlayers = 2;             ///< One or two players take turns.
inline constexpr int32_t kExtraLifeScore = 1500;      ///< Exactly one extra ship, here (DIP default).
inline constexpr int32_t kScoreModulo = 10000;        ///< Four digits: 9,990 + 10 shows 0000.
inline constexpr int32_t kPlayerShotSpeed = 4;        ///< Voxels per step.
inline constexpr int32_t kPlayerShotStartY = kCannonY + kCannonHeight; ///< Bottom of a new shot.
inline constexpr int32_t kPlayerShotCeiling = 216;        ///< A shot whose top passes this explodes there.
inline constexpr int32_t kPlayerShotExplosionFrames = 16; ///< Ours: no new shot meanwhile.

// The board's DIP switches (SimSettings::startingShips, SimSettings::extraShipScore): the operator's choice
// of ships per player (switches 3 and 4) and of the score giving the one extra ship (switch 5). The defaults
// above are the arcade's factory setting.
inline constexpr std::array<int32_t, 4> kStartingShipsChoices = {3, 4, 5, 6};  ///< Ships per player.
inline constexpr std::array<int32_t, 2> kExtraShipScoreChoices = {1000, 1500}; ///< The extra ship's score.

/// True when `ships` is one of kStartingShipsChoices.
[[nodiscard]] constexpr bool isStartingShipsChoice(int32_t ships) {
    return ships >= kStartingShipsChoices.front() && ships <= kStartingShipsChoices.back();
}
/// True when `score` is one of kExtraShipScoreChoices.
[[nodiscard]] constexpr bool isExtraShipScoreChoice(int32_t score) {
    return score == kExtraShipScoreChoices[0] || score == kExtraShipScoreChoices[1];
}

// Invader shots.
inline constexpr int32_t kAlienShotTypes = 3;           ///< Rolling, plunger, squiggly.
inline constexpr int32_t kAlienShotFramesPerStep = 3;   ///< One of the three is processed per frame.
inline constexpr int32_t kAlienShotSpeed = 4;           ///< Voxels per step...
inline constexpr int32_t kAlienShotSpeedFew = 5;        ///< ...with this many invaders or fewer:
inline constexpr int32_t kAlienShotFastBelow = 8;       ///< 5 voxels per step once <= 8 are left.
inline constexpr int32_t kAlienShotFloor = 16;          ///< A shot whose bottom passes this explodes.
inline constexpr int32_t kCannonKillMinY = 30;          ///< A shot kills the cannon only with its bottom...
inline constexpr int32_t kCannonKillMaxY = 39;          ///< ...in 30..39, having come from above it.
inline constexpr int32_t kAlienShotExplosionFrames = 8; ///< Ours: cosmetic only.

/// Plunger shot columns (1-based), cycling.
inline constexpr std::array<int32_t, 16> kPlungerColumns = {1, 7, 1, 1, 1, 4, 11, 1, 6, 3, 1, 1, 11, 9, 2, 8};
/// Squiggly shot columns (1-based), cycling.
inline constexpr std::array<int32_t, 15> kSquigglyColumns = {11, 1, 6, 3, 1, 1, 11, 9, 2, 8, 2, 11, 4, 7, 10};

/// Steps every other active invader shot must have moved before a new one may fire, by player score.
[[nodiscard]] constexpr int32_t reloadSteps(int32_t score) {
    if (score < 300)
        return 48;
    if (score < 1100)
        return 16;
    if (score < 2100)
        return 11;
    if (score < 3100)
        return 8;
    return 7;
}

// Saucer.
inline constexpr int32_t kSaucerTimerFrames = 1536; ///< Between saucers.
inline constexpr int32_t kSaucerRackBelowY = 120;   ///< The timer runs once the bottom row is below this.
inline constexpr int32_t kSaucerMinInvaders = 8;    ///< No saucer with fewer invaders.
inline constexpr int32_t kSaucerY = 208;            ///< Bottom of the saucer.
inline constexpr int32_t kSaucerWidth = 24;         ///< Its box.
inline constexpr int32_t kSaucerHeight = 8;         ///< Its box.
inline constexpr int32_t kSaucerStep = 2;           ///< Voxels per step, in the squiggly's slot.
inline constexpr int32_t kSaucerLeftX = 8;          ///< Ours: enters here from the left...
inline constexpr int32_t kSaucerRightX = kPlayfieldWidth - 8 - kSaucerWidth; ///< ...or here from the right.
inline constexpr int32_t kSaucerExplosionFrames = 48; ///< Ours: its score shows meanwhile.
/// Saucer score by the number of shots the player has fired this wave, modulo 15: the 23rd shot (and
/// every 15th after it) lands on the 300.
inline constexpr std::array<int32_t, 15> kSaucerScores = {100, 50,  50,  100, 150, 100, 100, 50,
                                                          300, 100, 100, 100, 50,  150, 100};

// Shields.
inline constexpr int32_t kShieldCount = 4;
inline constexpr std::array<int32_t, kShieldCount> kShieldX = {32, 77, 122, 167}; ///< Left edges.
inline constexpr int32_t kShieldY = 48; ///< Bottom; they span y 48..63.
inline constexpr int32_t kShieldWidth = 22;
inline constexpr int32_t kShieldHeight = 16;

} // namespace invaders::arcade
