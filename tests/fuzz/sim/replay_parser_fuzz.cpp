// libFuzzer target: the replay file parser (game/sim/replay.h). Any input must give a clean error naming
// the source, or a replay that encodes back to exactly the bytes it was parsed from (the format has one
// encoding per replay, so anything else means the parser accepted something it should not have).
#include "sim/replay.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <span>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::span<const uint8_t> bytes(data, size);
    const vox::Result<invaders::Replay> parsed = invaders::parseReplay(bytes, "fuzz.vir");
    if (!parsed) {
        if (parsed.error().message.rfind("fuzz.vir: ", 0) != 0)
            std::abort(); // every error names the file first
        return 0;
    }
    const invaders::Replay& replay = parsed.value();
    if (replay.settings.players < 1 || replay.settings.players > 2 ||
        std::any_of(replay.inputs.begin(), replay.inputs.end(), [](uint8_t bits) { return bits > 7; }))
        std::abort(); // only playable replays get through
    const std::vector<uint8_t> encoded = invaders::encodeReplay(replay);
    if (!std::equal(encoded.begin(), encoded.end(), bytes.begin(), bytes.end()))
        std::abort();
    return 0;
}
