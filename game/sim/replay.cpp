#include "sim/replay.h"

#include "sim/checksum.h"
#include "sim/simulation.h"

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

} // namespace

Replay newReplay(const SimSettings& settings) {
    Replay replay;
    replay.settings = settings;
    replay.simulationVersion = kSimulationVersion;
    replay.gameVersion = VOX_VERSION_STRING;
    return replay;
}

std::vector<uint8_t> encodeReplay(const Replay& replay) {
    std::vector<uint8_t> out;
    out.reserve(replay.inputs.size() + 64);
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
    put(out, replay.inputs.size(), 4);
    put(out, replay.finalStateHash, 8);
    out.insert(out.end(), replay.inputs.begin(), replay.inputs.end());
    put(out, fnv1a32(out), 4);
    return out;
}

vox::Result<Replay> parseReplay(std::span<const uint8_t> bytes, std::string_view sourceName) {
    using vox::Error;
    Reader reader(bytes, sourceName);
    const std::string source(sourceName);
    std::span<const uint8_t> magic;
    if (!reader.take(sizeof(kMagic), "magic", magic) || !std::equal(magic.begin(), magic.end(), kMagic)) {
        return Error{source + ": not a voxel-invaders replay (it does not start with \"VXIRPLAY\")"};
    }
    uint64_t format = 0;
    uint64_t simulationVersion = 0;
    if (!reader.number(4, "format version", format) ||
        !reader.number(4, "simulation version", simulationVersion))
        return Error{reader.error()};
    if (format != kReplayFormatVersion) {
        return Error{source + ": replay format version " + std::to_string(format) +
                     "; this build reads version " + std::to_string(kReplayFormatVersion)};
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
    Replay replay;
    replay.gameVersion.assign(versionText.begin(), versionText.end());
    replay.simulationVersion = static_cast<uint32_t>(simulationVersion);
    if (simulationVersion != kSimulationVersion) {
        return Error{source + ": recorded by voxel-invaders " + replay.gameVersion +
                     " with simulation version " + std::to_string(simulationVersion) +
                     "; this is voxel-invaders " VOX_VERSION_STRING " with simulation version " +
                     std::to_string(kSimulationVersion) +
                     ": a replay plays back only on the rules that recorded it"};
    }

    uint64_t seed = 0, players = 0, difficulty = 0, steps = 0, hash = 0;
    if (!reader.number(8, "seed", seed))
        return Error{reader.error()};
    const size_t playersOffset = reader.offset();
    if (!reader.number(1, "player count", players) || !reader.number(1, "difficulty", difficulty))
        return Error{reader.error()};
    if (players != 1 && players != 2)
        return Error{source + ": byte " + std::to_string(playersOffset) + ": player count " +
                     std::to_string(players) + "; it must be 1 or 2: the file is corrupt"};
    if (difficulty > static_cast<uint64_t>(Difficulty::Hard))
        return Error{source + ": byte " + std::to_string(playersOffset + 1) + ": unknown difficulty " +
                     std::to_string(difficulty) + ": the file is corrupt"};
    if (!reader.number(4, "step count", steps) || !reader.number(8, "final state hash", hash))
        return Error{reader.error()};
    const size_t inputsOffset = reader.offset();
    std::span<const uint8_t> inputs;
    if (!reader.take(static_cast<size_t>(steps), "step inputs", inputs))
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
    replay.settings.seed = seed;
    replay.settings.players = static_cast<int32_t>(players);
    replay.settings.difficulty = static_cast<Difficulty>(difficulty);
    replay.inputs.assign(inputs.begin(), inputs.end());
    replay.finalStateHash = hash;
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
