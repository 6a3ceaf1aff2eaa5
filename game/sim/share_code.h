#pragma once
// Share codes: a recorded run (`Replay`) as short text that fits in a URL, a chat message or a command line.
//
//     VIR1-<body>
//
// "VIR1-" names the code format (version 1); the body is base64url (A-Z a-z 0-9 - _, no padding) of:
//
//     varint   content length L in bytes (what follows the checksum)
//     4 bytes  FNV-1a 32 checksum of the content, little-endian
//     content:
//       varint   simulation version (kSimulationVersion of the build that recorded it)
//       varint   seed
//       1 byte   (players - 1) | difficulty << 1
//       varint   step count
//       8 bytes  state hash after the last step, little-endian
//       varints  runs of equal inputs, in order: (run length - 1) << 3 | input bits (0..7); their lengths
//                add up to the step count
//
// Varints are LEB128: 7 bits a byte, low bits first, the top bit set on every byte but the last. Runs are
// what makes a code short: a player holds a direction or waits for many steps at a time, and a run of up
// to 16 equal steps costs one byte. A 5-minute game is measured in docs/game.md.
//
// A code that is cut short, changed, from another program, from a newer code format or recorded under other
// rules is refused with a message saying which (never a crash, whatever the text).

#include "sim/replay.h"

#include "vox/core/result.h"

#include <cstdint>
#include <string>
#include <string_view>

namespace invaders {

/// The code format this build writes and reads.
inline constexpr int kShareCodeVersion = 1;
/// What every code of any version starts with; the version number and '-' follow.
inline constexpr std::string_view kShareCodeMagic = "VIR";
/// The longest code read, in characters (a code of this length holds hours of play).
inline constexpr std::size_t kMaxShareCodeChars = 8u << 20;

/// The share code of `replay` (its settings, inputs and final state hash; the game version text is not
/// kept). `decodeShareCode` gives back an equal replay but for `gameVersion`.
[[nodiscard]] std::string encodeShareCode(const Replay& replay);

/// The replay a share code holds. Spaces and line breaks around or inside the code are ignored (codes get
/// wrapped when pasted). Fails with a sentence starting "run code: " that says what is wrong: empty, not a
/// voxel-invaders code, a newer code format, a character outside the alphabet, cut short, damaged
/// (checksum), recorded with other rules (simulation version; a newer one says to update), or malformed.
[[nodiscard]] vox::Result<Replay> decodeShareCode(std::string_view code);

} // namespace invaders
