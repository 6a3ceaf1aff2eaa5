// libFuzzer target: the share-code decoder (game/sim/share_code.h). Any text must give a clean error
// starting "run code: ", or a playable run that encodes to a code decoding back to the same run.
#include "sim/share_code.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

namespace {

void check(std::string_view code) {
    const vox::Result<invaders::Replay> decoded = invaders::decodeShareCode(code);
    if (!decoded) {
        if (decoded.error().message.rfind("run code: ", 0) != 0)
            std::abort(); // every error says what it is about
        return;
    }
    const invaders::Replay& replay = decoded.value();
    const invaders::SimSettings& settings = replay.settings;
    if (settings.players < 1 || settings.players > 2 ||
        !invaders::arcade::isStartingShipsChoice(settings.startingShips) ||
        !invaders::arcade::isExtraShipScoreChoice(settings.extraShipScore) ||
        std::any_of(replay.inputs.begin(), replay.inputs.end(), [](uint8_t bits) { return bits > 7; }))
        std::abort(); // only playable runs get through
    const vox::Result<invaders::Replay> again = invaders::decodeShareCode(invaders::encodeShareCode(replay));
    if (!again || again.value().inputs != replay.inputs ||
        again.value().chain.digests != replay.chain.digests ||
        again.value().finalStateHash != replay.finalStateHash ||
        again.value().settings.seed != settings.seed ||
        again.value().settings.startingShips != settings.startingShips ||
        again.value().settings.extraShipScore != settings.extraShipScore)
        std::abort();
}

// The fuzzer's bytes as a code's content behind a correct length and checksum (share_code.h), in code
// format `start` ("VIR1-" or "VIR2-"), so that it reaches the decoder of the fields, the chain and the
// range-coded runs, which the checksum guards.
std::string codeAround(const uint8_t* data, size_t size, const char* start) {
    std::vector<uint8_t> payload;
    for (size_t length = size;; length >>= 7) {
        payload.push_back(static_cast<uint8_t>((length & 127) | (length >= 128 ? 128 : 0)));
        if (length < 128)
            break;
    }
    uint32_t sum = 0x811C9DC5u;
    for (size_t i = 0; i < size; ++i)
        sum = (sum ^ data[i]) * 0x01000193u;
    for (int i = 0; i < 4; ++i)
        payload.push_back(static_cast<uint8_t>(sum >> (8 * i)));
    payload.insert(payload.end(), data, data + size);
    static constexpr char kAlphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    std::string code = start;
    uint32_t buffer = 0;
    int bits = 0;
    for (uint8_t byte : payload) {
        buffer = (buffer << 8) | byte;
        for (bits += 8; bits >= 6;)
            code += kAlphabet[(buffer >> (bits -= 6)) & 63];
    }
    if (bits > 0)
        code += kAlphabet[(buffer << (6 - bits)) & 63];
    return code;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    check(std::string_view(reinterpret_cast<const char*>(data), size));
    check(codeAround(data, size, "VIR1-"));
    check(codeAround(data, size, "VIR2-"));
    return 0;
}
