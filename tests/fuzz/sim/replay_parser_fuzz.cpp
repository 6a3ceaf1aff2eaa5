// libFuzzer target: the replay file parser (game/sim/replay.h). Any input must give a clean error naming
// the source, or a playable replay: one of format version 2 encodes back to exactly the bytes it was parsed
// from (the format has one encoding per replay, so anything else means the parser accepted something it
// should not have); one of version 1 encodes (as version 2) to bytes that parse to the same replay.
#include "sim/replay.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <span>
#include <vector>

namespace {

void check(std::span<const uint8_t> bytes) {
    const vox::Result<invaders::Replay> parsed = invaders::parseReplay(bytes, "fuzz.vir");
    if (!parsed) {
        if (parsed.error().message.rfind("fuzz.vir: ", 0) != 0)
            std::abort(); // every error names the file first
        return;
    }
    const invaders::Replay& replay = parsed.value();
    const invaders::SimSettings& settings = replay.settings;
    if (settings.players < 1 || settings.players > 2 ||
        !invaders::arcade::isStartingShipsChoice(settings.startingShips) ||
        !invaders::arcade::isExtraShipScoreChoice(settings.extraShipScore) ||
        std::any_of(replay.inputs.begin(), replay.inputs.end(), [](uint8_t bits) { return bits > 7; }))
        std::abort(); // only playable replays get through
    if (!replay.chain.digests.empty() &&
        replay.chain.digests.size() !=
            static_cast<size_t>(invaders::chainLinks(static_cast<int64_t>(replay.inputs.size()))))
        std::abort(); // a chain has a link for every whole second, or there is none
    const std::vector<uint8_t> encoded = invaders::encodeReplay(replay);
    if (bytes[8] == invaders::kReplayFormatVersion) {
        if (!std::equal(encoded.begin(), encoded.end(), bytes.begin(), bytes.end()))
            std::abort();
        return;
    }
    const vox::Result<invaders::Replay> again = invaders::parseReplay(encoded, "fuzz.vir");
    if (!again || again.value().inputs != replay.inputs || again.value().chain != replay.chain ||
        again.value().finalStateHash != replay.finalStateHash || again.value().settings.seed != settings.seed)
        std::abort();
}

// The file's FNV-1a 32 checksum (see replay.h).
uint32_t checksum(std::span<const uint8_t> bytes) {
    uint32_t hash = 0x811C9DC5u;
    for (uint8_t byte : bytes)
        hash = (hash ^ byte) * 0x01000193u;
    return hash;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    check({data, size});
    // The checksum stops almost every mutation at the door; the same bytes with their last four made the
    // right checksum let the fuzzer reach the fields behind it.
    if (size >= 4) {
        std::vector<uint8_t> repaired(data, data + size);
        const uint32_t sum = checksum(std::span(repaired).first(size - 4));
        for (size_t i = 0; i < 4; ++i)
            repaired[size - 4 + i] = static_cast<uint8_t>(sum >> (8 * i));
        check(repaired);
    }
    return 0;
}
