#pragma once
// Share codes: a recorded run (`Replay`) as short text that fits in a URL, a chat message or a command line.
//
//     VIR2-<body>
//
// "VIR2-" names the code format (version 2); the body is base64url (A-Z a-z 0-9 - _, no padding) of:
//
//     varint   content length L in bytes (what follows the checksum)
//     4 bytes  FNV-1a 32 checksum of the content, little-endian
//     content:
//       varint   simulation version (kSimulationVersion of the build that recorded it)
//       varint   seed
//       1 byte   (players - 1) | difficulty << 1
//       1 byte   the board's DIP settings: starting ships - 3 | 4 for the extra ship at 1,000 (0 at 1,500)
//       varint   step count s
//       8 bytes  state hash after the last step, little-endian
//       varint   chain length c: 0 (no chain) or s / kChainSteps
//       2c bytes the hash chain's links, little-endian: the top 16 bits of the state hash after steps 60,
//                120, ... (a .vir file keeps whole hashes; 16 bits a second keep codes short)
//       the rest: the runs of equal inputs, range-coded
//
// Format 1 ("VIR1-", without the DIP byte and the chain) is still read: its runs have the arcade's DIP
// settings and no chain.
//
// Varints are LEB128: 7 bits a byte, low bits first, the top bit set on every byte but the last.
//
// The inputs go as runs (an input and how many steps in a row it was held), compressed the way LZMA codes
// its bits: an adaptive binary range coder (LZMA's, with 11-bit probabilities moving 1/16 of the way to
// each bit seen, all starting at one half). A run's input goes high bit first through a bit tree whose
// probabilities depend on the inputs of the two runs before it (64 contexts of 7 nodes; before the first
// run they count as input 0). Its length n >= 1 goes in Elias gamma form: for b = bit count of n, b - 1
// ones and a zero (no zero when b is 32) with one probability per (input, position), then the b - 1 bits
// below the leading 1, high first, with one probability per (input, b, position: first, second, rest).
// A held input costs a few bits however long it is held, and the patterns a player repeats (the demo
// pilot's steps left and right) a fraction of a byte a run: a 5-minute game is a code of about 2,500
// characters, and its chain about 800 more (docs/run-format.md). The stream ends with the encoder's 5 flush
// bytes; a decoder that needs more bytes than there are, or leaves some unread, is reading a malformed code.
//
// A code that is cut short, changed, from another program, from a newer code format or recorded under other
// rules is refused with a message saying which (never a crash, whatever the text).

#include "sim/replay.h"

#include "vox/core/result.h"

#include <cstdint>
#include <string>
#include <string_view>

namespace invaders {

/// The code format this build writes (it reads it and every one from kOldestShareCodeVersion on).
inline constexpr int kShareCodeVersion = 2;
/// The oldest code format read.
inline constexpr int kOldestShareCodeVersion = 1;
/// What every code of any version starts with; the version number and '-' follow.
inline constexpr std::string_view kShareCodeMagic = "VIR";
/// The longest code read, in characters (a code of this length holds hours of play).
inline constexpr std::size_t kMaxShareCodeChars = 8u << 20;

/// The share code of `replay` (its settings, inputs, final state hash and chain, cut to 16-bit digests; the
/// game version text is not kept). `decodeShareCode` gives back an equal replay but for `gameVersion` and
/// the chain's digests.
[[nodiscard]] std::string encodeShareCode(const Replay& replay);

/// The replay a share code holds. Spaces and line breaks around or inside the code are ignored (codes get
/// wrapped when pasted). Fails with a sentence starting "run code: " that says what is wrong: empty, not a
/// voxel-invaders code, a newer code format, a character outside the alphabet, cut short, damaged
/// (checksum), recorded with other rules (simulation version; a newer one says to update), or malformed.
[[nodiscard]] vox::Result<Replay> decodeShareCode(std::string_view code);

} // namespace invaders
