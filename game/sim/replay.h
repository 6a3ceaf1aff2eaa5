#pragma once
// Replays: the settings of a session, its input of every step and the state hash along it: enough to play it
// again exactly, and to say where a replay departs from it.
//
// File format version 2 (all integers little-endian; docs/run-format.md has every detail):
//
//     offset    size  field
//     0         8     magic "VXIRPLAY"
//     8         4     format version (kReplayFormatVersion)
//     12        4     simulation version (kSimulationVersion of the build that recorded it)
//     16        1     length n of the game version text (at most 64), then n bytes of it ("0.1.0")
//     17+n      8     seed
//     25+n      1     players (1 or 2)
//     26+n      1     difficulty (0 arcade, 1 easy, 2 hard)
//     27+n      1     starting ships (3, 4, 5 or 6: the board's DIP switches)
//     28+n      2     extra-ship score (1000 or 1500: the board's DIP switch)
//     30+n      4     step count s
//     34+n      8     state hash after the last step (checked on playback)
//     42+n      1     chain digest size d: 8 (whole state hashes) or 2 (their top 16 bits, from a share code)
//     43+n      4     chain length c: 0 (no chain) or s / kChainSteps (rounded down)
//     47+n      s     one byte of StepInput::bits() per step (values 0..7)
//     47+n+s    d*c   the hash chain: the state hash's digest after steps 60, 120, ... (see HashChain)
//     47+n+s+dc 4     FNV-1a 32 checksum of every byte before it
//
// Version 1 (the same without the DIP settings and the chain: 27+n step count, 31+n hash, 39+n inputs) is
// still read: its runs have the arcade's DIP settings and no chain. A file from another format or
// simulation version, a truncated or corrupt one, is refused with an error naming the file and the byte:
// replays play back only on the rules that recorded them.

#include "sim/sim_types.h"

#include "vox/core/result.h"

#include <cstdint>
#include <filesystem>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace invaders {

/// Version of the file layout above (this build writes it; it reads it and version 1).
inline constexpr uint32_t kReplayFormatVersion = 2;
/// The oldest file layout read.
inline constexpr uint32_t kOldestReplayFormatVersion = 1;
/// The largest replay file read: about 170 hours of play.
inline constexpr int64_t kMaxReplayBytes = int64_t{40} << 20;
/// Steps between two links of a run's hash chain: one second.
inline constexpr int64_t kChainSteps = 60;
/// Bits of a chain digest as recorded: the whole state hash.
inline constexpr int32_t kFullDigestBits = 64;
/// Bits of a chain digest in a share code: the state hash's top 16 (codes stay short; the file keeps all).
inline constexpr int32_t kShortDigestBits = 16;

/// The state hash along a run: a digest of `Simulation::stateHash()` after every kChainSteps-th step, so
/// that a replay that departs from its recording is caught in the second where it departs.
struct HashChain {
    int32_t digestBits = kFullDigestBits; ///< kFullDigestBits or kShortDigestBits.
    /// `digests[k]`: the digest after step kChainSteps * (k + 1). Empty for a run without a chain (file
    /// format 1, share-code format 1); else exactly `steps / kChainSteps` of them.
    std::vector<uint64_t> digests;

    /// The digest of `stateHash`: its top `digestBits` bits.
    [[nodiscard]] uint64_t digestOf(uint64_t stateHash) const {
        return digestBits >= kFullDigestBits ? stateHash : stateHash >> (kFullDigestBits - digestBits);
    }
    friend bool operator==(const HashChain&, const HashChain&) = default;
};

/// The number of links a chain of a run of `steps` steps has (every whole second).
[[nodiscard]] constexpr int64_t chainLinks(int64_t steps) {
    return steps / kChainSteps;
}

/// A recorded session.
struct Replay {
    SimSettings settings;           ///< What the session started with.
    uint32_t simulationVersion = 0; ///< The rules it was recorded under.
    std::string gameVersion;        ///< The build that recorded it, for messages.
    std::vector<uint8_t> inputs;    ///< `StepInput::bits()` of every step.
    uint64_t finalStateHash = 0;    ///< `Simulation::stateHash()` after the last step.
    HashChain chain;                ///< The state hash of every second (`recordStep` fills it).
};

/// A replay being recorded by this build (current versions, no steps yet; `recordStep` in
/// sim/run_playback.h records each).
[[nodiscard]] Replay newReplay(const SimSettings& settings);

/// The largest file `encodeReplay` writes for a run of `steps` steps (a version text of 64 bytes, a chain
/// of whole hashes): for bounding what a reader accepts.
[[nodiscard]] constexpr int64_t maxReplayFileBytes(int64_t steps) {
    return 47 + 64 + steps + 8 * chainLinks(steps) + 4;
}

/// The bytes of the file format above (version 2, whatever version `replay` was read from).
[[nodiscard]] std::vector<uint8_t> encodeReplay(const Replay& replay);

/// Parses replay bytes of format version 1 or 2; `sourceName` starts every error message. Never crashes,
/// whatever the bytes.
[[nodiscard]] vox::Result<Replay> parseReplay(std::span<const uint8_t> bytes, std::string_view sourceName);

/// Reads and parses a replay file (at most kMaxReplayBytes).
[[nodiscard]] vox::Result<Replay> readReplayFile(const std::filesystem::path& path);

/// Writes `encodeReplay(replay)` to `path` atomically: a temporary file next to it, then a rename.
[[nodiscard]] vox::Status writeReplayFile(const std::filesystem::path& path, const Replay& replay);

} // namespace invaders
