#include "sim/share_code.h"

#include "sim/checksum.h"
#include "sim/simulation.h"

#include <algorithm>
#include <array>
#include <bit>
#include <optional>
#include <span>
#include <vector>

namespace invaders {
namespace {

constexpr std::string_view kAlphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
constexpr int kInputBits = 3;                            // StepInput::bits() is 0..7
constexpr size_t kInputValues = size_t{1} << kInputBits; // 8
constexpr size_t kContextRuns = 2;                       // the inputs of the two runs before predict the next
constexpr size_t kContexts = size_t{1} << (kInputBits * kContextRuns); // 64
constexpr size_t kTreeNodes = kInputValues; // nodes 1..7 of the bit tree of one input
constexpr int kMaxLengthBits = 32;          // a run's length has at most this many bits
constexpr int kMantissaContexts = 3;        // the top two bits below the leading 1, then the rest
constexpr int kProbabilityBits = 11;        // probabilities of a 0 bit, in 1/2048ths
constexpr uint16_t kProbabilityHalf = 1u << (kProbabilityBits - 1);
constexpr int kAdaptShift = 4; // each bit moves its probability 1/16 of the way
constexpr uint32_t kRangeTop = 1u << 24;
constexpr size_t kChecksumBytes = 4;
constexpr size_t kHashBytes = 8;

void putVarint(std::vector<uint8_t>& out, uint64_t value) {
    while (value >= 0x80) {
        out.push_back(static_cast<uint8_t>(value | 0x80));
        value >>= 7;
    }
    out.push_back(static_cast<uint8_t>(value));
}

void putFixed(std::vector<uint8_t>& out, uint64_t value, size_t bytes) {
    for (size_t i = 0; i < bytes; ++i)
        out.push_back(static_cast<uint8_t>(value >> (8 * i)));
}

// Reads the content; every shortfall is the same message (the checksum already passed, so a short
// content is a code written wrongly, not one cut short in transit).
class ByteReader {
public:
    explicit ByteReader(std::span<const uint8_t> bytes) : m_bytes(bytes) {}

    [[nodiscard]] std::optional<uint64_t> varint() {
        uint64_t value = 0;
        for (int shift = 0; shift < 64 && m_offset < m_bytes.size(); shift += 7) {
            const uint8_t byte = m_bytes[m_offset++];
            if (shift == 63 && byte > 1)
                return std::nullopt; // more than 64 bits
            value |= static_cast<uint64_t>(byte & 0x7F) << shift;
            if ((byte & 0x80) == 0)
                return value;
        }
        return std::nullopt;
    }
    [[nodiscard]] std::optional<uint64_t> fixed(size_t bytes) {
        if (m_bytes.size() - m_offset < bytes)
            return std::nullopt;
        uint64_t value = 0;
        for (size_t i = 0; i < bytes; ++i)
            value |= static_cast<uint64_t>(m_bytes[m_offset++]) << (8 * i);
        return value;
    }
    [[nodiscard]] bool atEnd() const { return m_offset == m_bytes.size(); }
    [[nodiscard]] size_t offset() const { return m_offset; }

private:
    std::span<const uint8_t> m_bytes;
    size_t m_offset = 0;
};

// The model both sides share (share_code.h): each run's input through a bit tree whose probabilities
// depend on the inputs of the two runs before it, and its length in Elias gamma form (the number of bits
// in unary, then the bits below the leading 1) with probabilities per input, bit count and position.
class RunModel {
public:
    RunModel() {
        m_input.fill(kProbabilityHalf);
        for (auto& row : m_lengthBits)
            row.fill(kProbabilityHalf);
        for (auto& row : m_mantissa)
            for (auto& cell : row)
                cell.fill(kProbabilityHalf);
    }
    [[nodiscard]] uint16_t& input(size_t node) { return m_input[m_context * kTreeNodes + node]; }
    [[nodiscard]] uint16_t& lengthBit(uint8_t input, int bits) {
        return m_lengthBits[input][static_cast<size_t>(bits)];
    }
    [[nodiscard]] uint16_t& mantissa(uint8_t input, int bits, int fromTop) {
        return m_mantissa[input][static_cast<size_t>(bits)]
                         [static_cast<size_t>(std::min(fromTop, kMantissaContexts - 1))];
    }
    void push(uint8_t input) { m_context = ((m_context << kInputBits) | input) & (kContexts - 1); }

private:
    std::array<uint16_t, kContexts * kTreeNodes> m_input{};
    std::array<std::array<uint16_t, kMaxLengthBits + 1>, kInputValues> m_lengthBits{};
    std::array<std::array<std::array<uint16_t, kMantissaContexts>, kMaxLengthBits + 1>, kInputValues>
        m_mantissa{};
    size_t m_context = 0;
};

void adapt(uint16_t& probability, int bit) {
    if (bit == 0)
        probability =
            static_cast<uint16_t>(probability + (((1u << kProbabilityBits) - probability) >> kAdaptShift));
    else
        probability = static_cast<uint16_t>(probability - (probability >> kAdaptShift));
}

// LZMA's range encoder: carries propagate through `m_cache` and a count of pending 0xFF bytes.
class RangeEncoder {
public:
    explicit RangeEncoder(std::vector<uint8_t>& out) : m_out(out) {}

    void encode(uint16_t& probability, int bit) {
        const uint32_t bound = (m_range >> kProbabilityBits) * probability;
        if (bit == 0) {
            m_range = bound;
        } else {
            m_low += bound;
            m_range -= bound;
        }
        adapt(probability, bit);
        while (m_range < kRangeTop) {
            m_range <<= 8;
            shiftLow();
        }
    }
    void finish() {
        for (int i = 0; i < 5; ++i)
            shiftLow();
    }

private:
    void shiftLow() {
        if (static_cast<uint32_t>(m_low) < 0xFF000000u || (m_low >> 32) != 0) {
            const auto carry = static_cast<uint8_t>(m_low >> 32);
            uint8_t pending = m_cache;
            do {
                m_out.push_back(static_cast<uint8_t>(pending + carry));
                pending = 0xFF;
            } while (--m_cacheSize != 0);
            m_cache = static_cast<uint8_t>(m_low >> 24);
        }
        ++m_cacheSize;
        m_low = (m_low & 0x00FFFFFFu) << 8;
    }

    std::vector<uint8_t>& m_out;
    uint64_t m_low = 0;
    uint32_t m_range = 0xFFFFFFFFu;
    uint8_t m_cache = 0;
    uint64_t m_cacheSize = 1;
};

// Its decoder; reading past the end is remembered (the code is then malformed), never undefined.
class RangeDecoder {
public:
    explicit RangeDecoder(std::span<const uint8_t> bytes) : m_bytes(bytes) {
        for (int i = 0; i < 5; ++i)
            m_code = (m_code << 8) | next();
    }

    [[nodiscard]] int decode(uint16_t& probability) {
        const uint32_t bound = (m_range >> kProbabilityBits) * probability;
        int bit = 0;
        if (m_code < bound) {
            m_range = bound;
        } else {
            m_code -= bound;
            m_range -= bound;
            bit = 1;
        }
        adapt(probability, bit);
        while (m_range < kRangeTop) {
            m_range <<= 8;
            m_code = (m_code << 8) | next();
        }
        return bit;
    }
    [[nodiscard]] bool overran() const { return m_overran; }
    [[nodiscard]] bool atEnd() const { return m_offset == m_bytes.size(); }

private:
    uint32_t next() {
        if (m_offset == m_bytes.size()) {
            m_overran = true;
            return 0;
        }
        return m_bytes[m_offset++];
    }

    std::span<const uint8_t> m_bytes;
    size_t m_offset = 0;
    uint32_t m_code = 0;
    uint32_t m_range = 0xFFFFFFFFu;
    bool m_overran = false;
};

std::string base64url(std::span<const uint8_t> bytes) {
    std::string text;
    text.reserve((bytes.size() * 4 + 2) / 3);
    uint32_t buffer = 0;
    int bits = 0;
    for (uint8_t byte : bytes) {
        buffer = (buffer << 8) | byte;
        bits += 8;
        while (bits >= 6) {
            bits -= 6;
            text += kAlphabet[(buffer >> bits) & 0x3F];
        }
    }
    if (bits > 0)
        text += kAlphabet[(buffer << (6 - bits)) & 0x3F];
    return text;
}

std::string describeCharacter(char c) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte >= 0x21 && byte < 0x7F)
        return std::string("'") + c + "'";
    return "byte " + std::to_string(byte);
}

vox::Error codeError(const std::string& what) {
    return vox::Error{"run code: " + what};
}

// Built with append: "\"" + ... trips GCC 12's false -Wrestrict (bug 105329).
vox::Error notARunCode(const std::string& text, const std::string& expectedStart) {
    std::string what(1, '"');
    what.append(text, 0, 12);
    if (text.size() > 12)
        what += "...";
    what += "\" is not a voxel-invaders run code (those start with \"";
    what += expectedStart;
    what += "\")";
    return codeError(what);
}

// The code without the spaces, tabs and line breaks a copy may have put in it.
std::string withoutWhitespace(std::string_view code) {
    std::string text;
    text.reserve(code.size());
    for (char c : code) {
        if (c != ' ' && c != '\t' && c != '\n' && c != '\r')
            text += c;
    }
    return text;
}

// Where a code's body starts, and the code format it is in.
struct CodeStart {
    size_t dash = 0;      // the '-' after "VIR<version>"
    uint64_t version = 0; // kOldestShareCodeVersion .. kShareCodeVersion
};

// Checks "VIR<version>-" at the start of `text` and returns where its dash is: a later format says so,
// rather than looking damaged.
vox::Result<CodeStart> versionDash(const std::string& text) {
    if (text.empty())
        return codeError("the code is empty; a run code starts with \"VIR" +
                         std::to_string(kShareCodeVersion) + "-\"");
    const std::string expectedStart = std::string(kShareCodeMagic) + std::to_string(kShareCodeVersion) + "-";
    if (!std::string_view(text).starts_with(kShareCodeMagic))
        return notARunCode(text, expectedStart);
    const size_t dash = text.find('-', kShareCodeMagic.size());
    const std::string_view versionText = std::string_view(text).substr(
        kShareCodeMagic.size(), dash == std::string::npos ? 0 : dash - kShareCodeMagic.size());
    uint64_t version = 0;
    const bool numeric = !versionText.empty() && versionText.size() <= 9 &&
                         versionText.find_first_not_of("0123456789") == std::string_view::npos;
    if (!numeric)
        return notARunCode(text, expectedStart);
    for (char c : versionText)
        version = version * 10 + static_cast<uint64_t>(c - '0');
    if (version < static_cast<uint64_t>(kOldestShareCodeVersion) ||
        version > static_cast<uint64_t>(kShareCodeVersion)) {
        const bool newer = version > static_cast<uint64_t>(kShareCodeVersion);
        return codeError("the code is in run-code format " + std::to_string(version) + ", " +
                         (newer ? "newer than" : "unlike") + " this build's format " +
                         std::to_string(kShareCodeVersion) +
                         (newer ? ": update voxel-invaders to play it" : ": this build cannot read it"));
    }
    return CodeStart{dash, version};
}

// The bytes of `text` from character `start` on (base64url, the inverse of `base64url`); a character
// outside the alphabet is named by its 1-based position in `text`.
vox::Result<std::vector<uint8_t>> fromBase64url(const std::string& text, size_t start) {
    const std::string_view body = std::string_view(text).substr(start);
    std::vector<uint8_t> payload;
    payload.reserve(body.size() * 3 / 4 + 1);
    uint32_t buffer = 0;
    int bits = 0;
    for (size_t i = 0; i < body.size(); ++i) {
        const size_t value = kAlphabet.find(body[i]);
        if (value == std::string_view::npos)
            return codeError("character " + std::to_string(start + 1 + i) + " (" +
                             describeCharacter(body[i]) +
                             ") is not part of a run code, which uses only A-Z, a-z, 0-9, '-' and '_'");
        buffer = (buffer << 6) | static_cast<uint32_t>(value);
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            payload.push_back(static_cast<uint8_t>(buffer >> bits));
        }
    }
    return payload;
}

// The content of `payload` (its length and checksum checked), which it keeps.
vox::Result<std::span<const uint8_t>> checkedContent(const std::vector<uint8_t>& payload) {
    ByteReader header(payload);
    const std::optional<uint64_t> length = header.varint();
    const std::optional<uint64_t> checksum = length ? header.fixed(kChecksumBytes) : std::nullopt;
    const std::string cutShort = "the code is cut short (copy all of it: it ends where the text was cut)";
    if (!length || !checksum)
        return codeError(cutShort);
    const size_t available = payload.size() - header.offset();
    if (*length > available)
        return codeError("the code is cut short: it holds " + std::to_string(available) + " of its " +
                         std::to_string(*length) + " bytes (copy all of it)");
    if (*length < available)
        return codeError("the code has " + std::to_string(available - *length) +
                         (available - *length == 1 ? " byte" : " bytes") +
                         " more than it says it holds: it is damaged");
    const std::span<const uint8_t> content = std::span<const uint8_t>(payload).subspan(header.offset());
    if (fnv1a32(content) != *checksum)
        return codeError(
            "the checksum does not match: the code is damaged (a character was changed, added or "
            "lost when it was copied)");
    return content;
}

constexpr std::string_view kMalformed =
    "the code passed its checksum but is malformed: it was written wrongly";

// A run's settings, versions and hash, and how many steps its inputs hold.
struct RunHeader {
    Replay replay; ///< Without inputs.
    uint64_t steps = 0;
};

// The board's DIP settings in one byte: bits 0-1 the starting ships - 3, bit 2 set for the extra ship at
// 1,000 points (clear: at 1,500), bits 3-7 zero.
constexpr uint8_t kExtraShipAt1000Bit = 4;

uint8_t boardByte(const SimSettings& settings) {
    return static_cast<uint8_t>(
        (settings.startingShips - arcade::kStartingShipsChoices.front()) |
        (settings.extraShipScore == arcade::kExtraShipScoreChoices[0] ? kExtraShipAt1000Bit : 0));
}

// The DIP settings of a board byte into `settings`; false for a byte no writer makes.
bool readBoardByte(uint64_t byte, SimSettings& settings) {
    if (byte > 7)
        return false;
    settings.startingShips = arcade::kStartingShipsChoices[byte & 3];
    settings.extraShipScore = arcade::kExtraShipScoreChoices[(byte & kExtraShipAt1000Bit) != 0 ? 0 : 1];
    return true;
}

// Format 2's fields after the step count and final hash: the chain (its length, then its short digests).
vox::Status readChain(ByteReader& reader, uint64_t steps, HashChain& chain) {
    const std::optional<uint64_t> links = reader.varint();
    if (!links)
        return codeError(std::string(kMalformed));
    const auto expected = static_cast<uint64_t>(chainLinks(static_cast<int64_t>(steps)));
    if (*links != 0 && *links != expected)
        return codeError("a hash chain of " + std::to_string(*links) + " links for " + std::to_string(steps) +
                         " steps (a chain has none, or one a whole second: " + std::to_string(expected) +
                         "): " + std::string(kMalformed));
    chain.digestBits = kShortDigestBits;
    chain.digests.resize(static_cast<size_t>(*links));
    for (uint64_t& digest : chain.digests) {
        const std::optional<uint64_t> value = reader.fixed(kShortDigestBits / 8);
        if (!value)
            return codeError(std::string(kMalformed));
        digest = *value;
    }
    return {};
}

// The content's fields before the inputs (as `encodeShareCode` writes them in `version`); `reader` is left
// at the inputs.
vox::Result<RunHeader> readRunHeader(ByteReader& reader, uint64_t version) {
    const std::string malformed(kMalformed);
    const std::optional<uint64_t> simulationVersion = reader.varint();
    if (!simulationVersion)
        return codeError(malformed);
    if (*simulationVersion != kSimulationVersion) {
        const bool newer = *simulationVersion > kSimulationVersion;
        return codeError("the run was recorded with simulation version " +
                         std::to_string(*simulationVersion) + ", " + (newer ? "newer than" : "older than") +
                         " this build's " + std::to_string(kSimulationVersion) +
                         (newer ? ": update voxel-invaders to play it"
                                : ": a run plays back only on the rules that recorded it"));
    }
    const std::optional<uint64_t> seed = reader.varint();
    const std::optional<uint64_t> playersAndDifficulty = seed ? reader.fixed(1) : std::nullopt;
    const std::optional<uint64_t> board =
        playersAndDifficulty && version >= 2 ? reader.fixed(1) : std::optional<uint64_t>(0);
    const std::optional<uint64_t> steps = playersAndDifficulty && board ? reader.varint() : std::nullopt;
    const std::optional<uint64_t> hash = steps ? reader.fixed(kHashBytes) : std::nullopt;
    if (!hash)
        return codeError(malformed);
    const uint64_t difficulty = *playersAndDifficulty >> 1;
    if (difficulty > static_cast<uint64_t>(Difficulty::Hard))
        return codeError("unknown difficulty " + std::to_string(difficulty) + ": " + malformed);
    RunHeader header;
    if (!readBoardByte(*board, header.replay.settings))
        return codeError("board settings byte " + std::to_string(*board) + ": " + malformed);
    if (*steps > static_cast<uint64_t>(kMaxReplayBytes))
        return codeError(std::to_string(*steps) + " steps is longer than any run played back (the most is " +
                         std::to_string(kMaxReplayBytes) + ")");
    if (version >= 2)
        if (vox::Status chain = readChain(reader, *steps, header.replay.chain); !chain)
            return chain.error();
    header.replay.settings.seed = *seed;
    header.replay.settings.players = static_cast<int32_t>((*playersAndDifficulty & 1) + 1);
    header.replay.settings.difficulty = static_cast<Difficulty>(difficulty);
    header.replay.simulationVersion = static_cast<uint32_t>(*simulationVersion);
    header.replay.finalStateHash = *hash;
    header.steps = *steps;
    return header;
}

// The range-coded inputs (the inverse of `encodeShareCode`'s loop): `steps` of them appended to `replay`,
// which must then end exactly at the end of `bytes`.
vox::Status decodeInputs(std::span<const uint8_t> bytes, uint64_t steps, Replay& replay) {
    const std::string malformed(kMalformed);
    RunModel model;
    RangeDecoder decoder(bytes);
    while (replay.inputs.size() < steps) {
        size_t node = 1;
        for (int bit = 0; bit < kInputBits; ++bit)
            node = node * 2 + static_cast<size_t>(decoder.decode(model.input(node)));
        const auto input = static_cast<uint8_t>(node - kTreeNodes);
        int lengthBits = 1;
        while (lengthBits < kMaxLengthBits && decoder.decode(model.lengthBit(input, lengthBits)) == 1)
            ++lengthBits;
        uint64_t runLength = 1;
        for (int bit = lengthBits - 2; bit >= 0; --bit)
            runLength = runLength << 1 | static_cast<uint64_t>(decoder.decode(
                                             model.mantissa(input, lengthBits, lengthBits - 2 - bit)));
        // Reading past the end: the code claims more than its bytes hold.
        if (decoder.overran())
            return codeError("the inputs stop before the code's " + std::to_string(steps) +
                             " steps: " + malformed);
        if (runLength > steps - replay.inputs.size())
            return codeError("a run of inputs goes past the code's " + std::to_string(steps) +
                             " steps: " + malformed);
        replay.inputs.insert(replay.inputs.end(), static_cast<size_t>(runLength), input);
        model.push(input);
    }
    if (!decoder.atEnd())
        return codeError("bytes follow the last step's input: " + malformed);
    return {};
}

} // namespace

std::string encodeShareCode(const Replay& replay) {
    std::vector<uint8_t> content;
    content.reserve(replay.inputs.size() / 4 + 32);
    putVarint(content, replay.simulationVersion);
    putVarint(content, replay.settings.seed);
    content.push_back(static_cast<uint8_t>((replay.settings.players - 1) |
                                           (static_cast<int32_t>(replay.settings.difficulty) << 1)));
    content.push_back(boardByte(replay.settings));
    putVarint(content, replay.inputs.size());
    putFixed(content, replay.finalStateHash, kHashBytes);
    putVarint(content, replay.chain.digests.size());
    for (uint64_t digest : replay.chain.digests) // the top 16 bits of each second's hash
        putFixed(content, digest >> (replay.chain.digestBits - kShortDigestBits), kShortDigestBits / 8);
    RunModel model;
    RangeEncoder encoder(content);
    for (size_t start = 0; start < replay.inputs.size();) {
        size_t end = start + 1;
        while (end < replay.inputs.size() && replay.inputs[end] == replay.inputs[start])
            ++end;
        const auto input = static_cast<uint8_t>(replay.inputs[start] & (kInputValues - 1));
        size_t node = 1;
        for (int bit = kInputBits - 1; bit >= 0; --bit) {
            const int value = (input >> bit) & 1;
            encoder.encode(model.input(node), value);
            node = node * 2 + static_cast<size_t>(value);
        }
        const uint64_t length = end - start;
        const int bits = std::bit_width(length);
        for (int count = 1; count < bits; ++count)
            encoder.encode(model.lengthBit(input, count), 1);
        if (bits < kMaxLengthBits)
            encoder.encode(model.lengthBit(input, bits), 0);
        for (int bit = bits - 2; bit >= 0; --bit)
            encoder.encode(model.mantissa(input, bits, bits - 2 - bit),
                           static_cast<int>((length >> bit) & 1));
        model.push(input);
        start = end;
    }
    encoder.finish();
    std::vector<uint8_t> payload;
    payload.reserve(content.size() + 16);
    putVarint(payload, content.size());
    putFixed(payload, fnv1a32(content), kChecksumBytes);
    payload.insert(payload.end(), content.begin(), content.end());
    return std::string(kShareCodeMagic) + std::to_string(kShareCodeVersion) + "-" + base64url(payload);
}

vox::Result<Replay> decodeShareCode(std::string_view code) {
    if (code.size() > kMaxShareCodeChars)
        return codeError(std::to_string(code.size()) +
                         " characters is too long for a run code (the most is " +
                         std::to_string(kMaxShareCodeChars) + ")");
    const std::string text = withoutWhitespace(code);
    vox::Result<CodeStart> start = versionDash(text);
    if (!start)
        return start.error();
    vox::Result<std::vector<uint8_t>> payload = fromBase64url(text, start.value().dash + 1);
    if (!payload)
        return payload.error();
    vox::Result<std::span<const uint8_t>> content = checkedContent(payload.value());
    if (!content)
        return content.error();
    ByteReader reader(content.value());
    vox::Result<RunHeader> header = readRunHeader(reader, start.value().version);
    if (!header)
        return header.error();
    Replay replay = std::move(header.value().replay);
    if (vox::Status inputs =
            decodeInputs(content.value().subspan(reader.offset()), header.value().steps, replay);
        !inputs)
        return inputs.error();
    return replay;
}

} // namespace invaders
