#include "sim/replay.h"

#include "sim/checksum.h"
#include "sim/simulation.h"

#include "vox/core/assert.h"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <system_error>

#ifndef VOX_VERSION_STRING
#error "VOX_VERSION_STRING must be defined by the build (game/CMakeLists.txt)"
#endif

namespace invaders {
namespace {

constexpr char kMagic[8] = {'V', 'X', 'I', 'R', 'P', 'L', 'A', 'Y'};
constexpr size_t kMaxVersionText = 64;

void put(std::vector<uint8_t>& out, uint64_t value, int bytes) {
    for (int i = 0; i < bytes; ++i)
        out.push_back(static_cast<uint8_t>(value >> (8 * i)));
}

// Reads little-endian fields, remembering the first shortfall.
class Reader {
public:
    Reader(std::span<const uint8_t> bytes, std::string_view source) : m_bytes(bytes), m_source(source) {}

    [[nodiscard]] bool take(size_t count, std::string_view what, std::span<const uint8_t>& out) {
        if (m_bytes.size() - m_offset < count) {
            m_error = prefix() + "the file ends inside the " + std::string(what) + " (it is " +
                      std::to_string(m_bytes.size()) + " bytes long): it is truncated";
            return false;
        }
        out = m_bytes.subspan(m_offset, count);
        m_offset += count;
        return true;
    }
    [[nodiscard]] bool number(int bytes, std::string_view what, uint64_t& value) {
        std::span<const uint8_t> raw;
        if (!take(static_cast<size_t>(bytes), what, raw))
            return false;
        value = 0;
        for (int i = 0; i < bytes; ++i)
            value |= static_cast<uint64_t>(raw[static_cast<size_t>(i)]) << (8 * i);
        return true;
    }
    [[nodiscard]] std::string prefix() const {
        return std::string(m_source) + ": byte " + std::to_string(m_offset) + ": ";
    }
    [[nodiscard]] size_t offset() const { return m_offset; }
    [[nodiscard]] const std::string& error() const { return m_error; }

private:
    std::span<const uint8_t> m_bytes;
    std::string_view m_source;
    size_t m_offset = 0;
    std::string m_error;
};

// The fields after the game version text, up to the inputs, as the format version has them.
struct RunFields {
    uint64_t seed = 0, players = 0, difficulty = 0, steps = 0, hash = 0;
    uint64_t startingShips = arcade::kStartingShips, extraShipScore = arcade::kExtraLifeScore;
    uint64_t digestBytes = kFullDigestBits / 8, links = 0;
};

std::string corrupt(std::string_view source, size_t offset, const std::string& what) {
    return std::string(source) + ": byte " + std::to_string(offset) + ": " + what + ": the file is corrupt";
}

// Reads and checks the settings, the step count and the final hash (and in version 2 the DIP settings and
// the chain's shape), leaving `reader` at the inputs.
vox::Result<RunFields> readRunFields(Reader& reader, uint64_t format, std::string_view source) {
    using vox::Error;
    RunFields fields;
    if (!reader.number(8, "seed", fields.seed))
        return Error{reader.error()};
    const size_t playersOffset = reader.offset();
    if (!reader.number(1, "player count", fields.players) ||
        !reader.number(1, "difficulty", fields.difficulty))
        return Error{reader.error()};
    if (fields.players != 1 && fields.players != 2)
        return Error{corrupt(source, playersOffset,
                             "player count " + std::to_string(fields.players) + "; it must be 1 or 2")};
    if (fields.difficulty > static_cast<uint64_t>(Difficulty::Hard))
        return Error{
            corrupt(source, playersOffset + 1, "unknown difficulty " + std::to_string(fields.difficulty))};
    if (format >= 2) {
        const size_t shipsOffset = reader.offset();
        if (!reader.number(1, "starting ships", fields.startingShips) ||
            !reader.number(2, "extra-ship score", fields.extraShipScore))
            return Error{reader.error()};
        if (!arcade::isStartingShipsChoice(static_cast<int32_t>(fields.startingShips)))
            return Error{corrupt(source, shipsOffset,
                                 "starting ships " + std::to_string(fields.startingShips) +
                                     "; the board's choices are 3, 4, 5 and 6")};
        if (!arcade::isExtraShipScoreChoice(static_cast<int32_t>(fields.extraShipScore)))
            return Error{corrupt(source, shipsOffset + 1,
                                 "an extra ship at " + std::to_string(fields.extraShipScore) +
                                     " points; the board's choices are 1000 and 1500")};
    }
    if (!reader.number(4, "step count", fields.steps) || !reader.number(8, "final state hash", fields.hash))
        return Error{reader.error()};
    if (format >= 2) {
        const size_t chainOffset = reader.offset();
        if (!reader.number(1, "chain digest size", fields.digestBytes) ||
            !reader.number(4, "chain length", fields.links))
            return Error{reader.error()};
        if (fields.digestBytes != kFullDigestBits / 8 && fields.digestBytes != kShortDigestBits / 8)
            return Error{corrupt(source, chainOffset,
                                 "chain digests of " + std::to_string(fields.digestBytes) +
                                     " bytes; they are " + std::to_string(kFullDigestBits / 8) + " or " +
                                     std::to_string(kShortDigestBits / 8))};
        const auto expected = static_cast<uint64_t>(chainLinks(static_cast<int64_t>(fields.steps)));
        if (fields.links != 0 && fields.links != expected)
            return Error{corrupt(
                source, chainOffset + 1,
                "a hash chain of " + std::to_string(fields.links) + " links for " +
                    std::to_string(fields.steps) +
                    " steps (a chain has none, or one a whole second: " + std::to_string(expected) + ")")};
    }
    return fields;
}

// The magic, the format version, the game version text and the simulation version; `reader` is left at
// the seed.
vox::Result<uint64_t> readVersions(Reader& reader, std::string_view sourceName, Replay& replay) {
    using vox::Error;
    const std::string source(sourceName);
    std::span<const uint8_t> magic;
    if (!reader.take(sizeof(kMagic), "magic", magic) || !std::equal(magic.begin(), magic.end(), kMagic))
        return Error{source + ": not a voxel-invaders replay (it does not start with \"VXIRPLAY\")"};
    uint64_t format = 0;
    uint64_t simulationVersion = 0;
    if (!reader.number(4, "format version", format) ||
        !reader.number(4, "simulation version", simulationVersion))
        return Error{reader.error()};
    if (format < kOldestReplayFormatVersion || format > kReplayFormatVersion) {
        return Error{source + ": replay format version " + std::to_string(format) +
                     "; this build reads versions " + std::to_string(kOldestReplayFormatVersion) + " to " +
                     std::to_string(kReplayFormatVersion) +
                     (format > kReplayFormatVersion ? ": update voxel-invaders to play it" : "")};
    }
    uint64_t versionLength = 0;
    std::span<const uint8_t> versionText;
    if (!reader.number(1, "game version length", versionLength))
        return Error{reader.error()};
    if (versionLength > kMaxVersionText)
        return Error{reader.prefix() + "game version text of " + std::to_string(versionLength) +
                     " bytes; the most is " + std::to_string(kMaxVersionText) + ": the file is corrupt"};
    if (!reader.take(static_cast<size_t>(versionLength), "game version", versionText))
        return Error{reader.error()};
    replay.gameVersion.assign(versionText.begin(), versionText.end());
    replay.simulationVersion = static_cast<uint32_t>(simulationVersion);
    if (simulationVersion != kSimulationVersion) {
        return Error{source + ": recorded by voxel-invaders " + replay.gameVersion +
                     " with simulation version " + std::to_string(simulationVersion) +
                     "; this is voxel-invaders " VOX_VERSION_STRING " with simulation version " +
                     std::to_string(kSimulationVersion) +
                     ": a replay plays back only on the rules that recorded it"};
    }
    return format;
}

} // namespace

Replay newReplay(const SimSettings& settings) {
    Replay replay;
    replay.settings = settings;
    replay.simulationVersion = kSimulationVersion;
    replay.gameVersion = VOX_VERSION_STRING;
    return replay;
}

std::vector<uint8_t> encodeReplay(const Replay& replay) {
    VOX_ASSERT(replay.chain.digests.empty() || static_cast<int64_t>(replay.chain.digests.size()) ==
                                                   chainLinks(static_cast<int64_t>(replay.inputs.size())),
               "encodeReplay: a chain has a link for every whole second of the run");
    const size_t digestBytes = static_cast<size_t>(replay.chain.digestBits / 8);
    std::vector<uint8_t> out;
    out.reserve(replay.inputs.size() + replay.chain.digests.size() * digestBytes + 128);
    // Byte by byte: GCC 12's -Wstringop-overflow misfires on inserting ranges into a reserved vector.
    for (char c : kMagic)
        out.push_back(static_cast<uint8_t>(c));
    put(out, kReplayFormatVersion, 4);
    put(out, replay.simulationVersion, 4);
    const size_t versionLength = std::min(replay.gameVersion.size(), kMaxVersionText);
    out.push_back(static_cast<uint8_t>(versionLength));
    for (size_t i = 0; i < versionLength; ++i)
        out.push_back(static_cast<uint8_t>(replay.gameVersion[i]));
    put(out, replay.settings.seed, 8);
    out.push_back(static_cast<uint8_t>(replay.settings.players));
    out.push_back(static_cast<uint8_t>(replay.settings.difficulty));
    out.push_back(static_cast<uint8_t>(replay.settings.startingShips));
    put(out, static_cast<uint64_t>(replay.settings.extraShipScore), 2);
    put(out, replay.inputs.size(), 4);
    put(out, replay.finalStateHash, 8);
    out.push_back(static_cast<uint8_t>(digestBytes));
    put(out, replay.chain.digests.size(), 4);
    out.insert(out.end(), replay.inputs.begin(), replay.inputs.end());
    for (uint64_t digest : replay.chain.digests)
        put(out, digest, static_cast<int>(digestBytes));
    put(out, fnv1a32(out), 4);
    return out;
}

vox::Result<Replay> parseReplay(std::span<const uint8_t> bytes, std::string_view sourceName) {
    using vox::Error;
    Reader reader(bytes, sourceName);
    const std::string source(sourceName);
    Replay replay;
    const vox::Result<uint64_t> format = readVersions(reader, sourceName, replay);
    if (!format)
        return format.error();
    const vox::Result<RunFields> fields = readRunFields(reader, format.value(), sourceName);
    if (!fields)
        return fields.error();
    const RunFields& run = fields.value();
    const size_t inputsOffset = reader.offset();
    std::span<const uint8_t> inputs;
    if (!reader.take(static_cast<size_t>(run.steps), "step inputs", inputs))
        return Error{reader.error()};
    replay.chain.digestBits = static_cast<int32_t>(run.digestBytes * 8);
    replay.chain.digests.resize(static_cast<size_t>(run.links));
    for (uint64_t& digest : replay.chain.digests)
        if (!reader.number(static_cast<int>(run.digestBytes), "hash chain", digest))
            return Error{reader.error()};
    const size_t checksumOffset = reader.offset();
    uint64_t checksum = 0;
    if (!reader.number(4, "checksum", checksum))
        return Error{reader.error()};
    if (reader.offset() != bytes.size())
        return Error{source + ": " + std::to_string(bytes.size() - reader.offset()) +
                     " unexpected bytes after the checksum at byte " + std::to_string(reader.offset()) +
                     ": the file is corrupt"};
    if (checksum != fnv1a32(bytes.first(checksumOffset)))
        return Error{source + ": checksum mismatch (byte " + std::to_string(checksumOffset) +
                     "): the file is corrupt"};
    for (size_t i = 0; i < inputs.size(); ++i) {
        if (inputs[i] > 7)
            return Error{source + ": byte " + std::to_string(inputsOffset + i) + ": step " +
                         std::to_string(i) + " has input bits " + std::to_string(inputs[i]) +
                         "; only 0..7 are valid"};
    }
    replay.settings.seed = run.seed;
    replay.settings.players = static_cast<int32_t>(run.players);
    replay.settings.difficulty = static_cast<Difficulty>(run.difficulty);
    replay.settings.startingShips = static_cast<int32_t>(run.startingShips);
    replay.settings.extraShipScore = static_cast<int32_t>(run.extraShipScore);
    replay.inputs.assign(inputs.begin(), inputs.end());
    replay.finalStateHash = run.hash;
    return replay;
}

vox::Result<Replay> readReplayFile(const std::filesystem::path& path) {
    const std::string name = path.string();
    std::error_code error;
    const auto size = std::filesystem::file_size(path, error);
    if (error)
        return vox::Error{name + ": cannot read the replay: " + error.message()};
    if (size > static_cast<uintmax_t>(kMaxReplayBytes))
        return vox::Error{name + ": " + std::to_string(size) +
                          " bytes is too large for a replay (the most is " + std::to_string(kMaxReplayBytes) +
                          ")"};
    std::ifstream file(path, std::ios::binary);
    std::vector<uint8_t> bytes(static_cast<size_t>(size));
    if (!file ||
        !file.read(reinterpret_cast<char*>(bytes.data()), static_cast<std::streamsize>(bytes.size())))
        return vox::Error{name + ": cannot read the replay"};
    return parseReplay(bytes, name);
}

vox::Status writeReplayFile(const std::filesystem::path& path, const Replay& replay) {
    const std::vector<uint8_t> bytes = encodeReplay(replay);
    std::filesystem::path temporary = path;
    temporary += ".tmp";
    {
        std::ofstream file(temporary, std::ios::binary | std::ios::trunc);
        if (!file.write(reinterpret_cast<const char*>(bytes.data()),
                        static_cast<std::streamsize>(bytes.size())) ||
            !file.flush())
            return vox::Error{temporary.string() + ": cannot write the replay (is the folder writable?)"};
    }
    std::error_code error;
    std::filesystem::rename(temporary, path, error);
    if (error) {
        std::filesystem::remove(temporary, error);
        return vox::Error{path.string() + ": cannot write the replay: " + error.message()};
    }
    return {};
}

} // namespace invaders
