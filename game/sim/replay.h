#pragma once
// Replays: the settings of a session and its input of every step, enough to play it again exactly.
//
// File format (all integers little-endian):
//
//     offset  size  field
//     0       8     magic "VXIRPLAY"
//     8       4     format version (kReplayFormatVersion)
//     12      4     simulation version (kSimulationVersion of the build that recorded it)
//     16      1     length n of the game version text (at most 64), then n bytes of it ("0.1.0")
//     17+n    8     seed
//     25+n    1     players (1 or 2)
//     26+n    1     difficulty (0 arcade, 1 easy, 2 hard)
//     27+n    4     step count s
//     31+n    8     state hash after the last step (checked on playback)
//     39+n    s     one byte of StepInput::bits() per step (values 0..7)
//     39+n+s  4     FNV-1a 32 checksum of every byte before it
//
// A file from another format or simulation version, a truncated or corrupt one, is refused with an error
// naming the file and the byte: replays play back only on the rules that recorded them.

#include "sim/sim_types.h"

#include "vox/core/result.h"

#include <cstdint>
#include <filesystem>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace invaders {

/// Version of the file layout above.
inline constexpr uint32_t kReplayFormatVersion = 1;
/// The largest replay file read: about 190 hours of play.
inline constexpr int64_t kMaxReplayBytes = int64_t{40} << 20;

/// A recorded session.
struct Replay {
    SimSettings settings;           ///< What the session started with.
    uint32_t simulationVersion = 0; ///< The rules it was recorded under.
    std::string gameVersion;        ///< The build that recorded it, for messages.
    std::vector<uint8_t> inputs;    ///< `StepInput::bits()` of every step.
    uint64_t finalStateHash = 0;    ///< `Simulation::stateHash()` after the last step.
};

/// A replay being recorded by this build (current versions, no steps yet).
[[nodiscard]] Replay newReplay(const SimSettings& settings);

/// The bytes of the file format above.
[[nodiscard]] std::vector<uint8_t> encodeReplay(const Replay& replay);

/// Parses replay bytes; `sourceName` starts every error message. Never crashes, whatever the bytes.
[[nodiscard]] vox::Result<Replay> parseReplay(std::span<const uint8_t> bytes, std::string_view sourceName);

/// Reads and parses a replay file (at most kMaxReplayBytes).
[[nodiscard]] vox::Result<Replay> readReplayFile(const std::filesystem::path& path);

/// Writes `encodeReplay(replay)` to `path` atomically: a temporary file next to it, then a rename.
[[nodiscard]] vox::Status writeReplayFile(const std::filesystem::path& path, const Replay& replay);

} // namespace invaders
