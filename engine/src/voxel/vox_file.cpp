#include "vox/voxel/vox_file.h"

#include "vox/core/assert.h"

#include <glm/vector_relational.hpp>

#include <fstream>
#include <optional>
#include <string>
#include <system_error>

namespace vox {

namespace {

constexpr size_t kChunkHeaderBytes = 12;

uint32_t readU32(const uint8_t* p) {
    return static_cast<uint32_t>(p[0]) | static_cast<uint32_t>(p[1]) << 8 |
           static_cast<uint32_t>(p[2]) << 16 | static_cast<uint32_t>(p[3]) << 24;
}

int32_t readI32(const uint8_t* p) {
    return static_cast<int32_t>(readU32(p));
}

// Four bytes as text, unprintable bytes escaped: 'XYZI', 'PK\x03\x04'.
std::string fourCc(const uint8_t* p, size_t available) {
    std::string text = "'";
    for (size_t i = 0; i < 4 && i < available; ++i) {
        if (p[i] >= 0x20 && p[i] < 0x7F && p[i] != '\'' && p[i] != '\\') {
            text += static_cast<char>(p[i]);
        } else {
            static constexpr char kHex[] = "0123456789ABCDEF";
            text += "\\x";
            text += kHex[p[i] >> 4];
            text += kHex[p[i] & 15];
        }
    }
    return text + "'";
}

struct Chunk {
    std::string name;   // quoted id, for messages
    uint32_t id = 0;    // the four bytes read little-endian, comparable with chunkId()
    size_t offset = 0;  // of the chunk header
    size_t content = 0; // first content byte
    size_t contentSize = 0;
    size_t children = 0; // first child byte
    size_t end = 0;      // one past the last child byte
};

constexpr uint32_t chunkId(const char (&text)[5]) {
    return static_cast<uint32_t>(static_cast<uint8_t>(text[0])) |
           static_cast<uint32_t>(static_cast<uint8_t>(text[1])) << 8 |
           static_cast<uint32_t>(static_cast<uint8_t>(text[2])) << 16 |
           static_cast<uint32_t>(static_cast<uint8_t>(text[3])) << 24;
}

class VoxParser {
public:
    VoxParser(std::span<const uint8_t> bytes, std::string_view source, const VoxReadSettings& settings)
        : m_bytes(bytes), m_source(source), m_settings(settings) {}

    Result<VoxFile> parse();

private:
    // "<source>: <where> at byte <offset>: <what>"
    Error fail(std::string_view where, size_t offset, const std::string& what) const {
        return Error{m_source + ": " + std::string(where) + " at byte " + std::to_string(offset) + ": " +
                     what};
    }
    Error fail(const Chunk& chunk, size_t offset, const std::string& what) const {
        return fail("chunk " + chunk.name, offset, what);
    }

    // The 8-byte header: magic and version.
    std::optional<Error> readHeader();
    // The chunk starting at `at`, which must end by `parentEnd` (the end of `parentName`).
    Result<Chunk> readChunk(size_t at, size_t parentEnd, const std::string& parentName) const;
    // One child of MAIN: a model's SIZE or XYZI, the palette, a scene node; others are skipped.
    std::optional<Error> readMainChild(const Chunk& chunk);
    // A SIZE chunk: the next model's size, waiting for its XYZI.
    std::optional<Error> readSize(const Chunk& chunk);
    std::optional<Error> readModel(const Chunk& xyzi, glm::ivec3 magicaSize);
    std::optional<Error> readPalette(const Chunk& rgba);
    std::optional<Error> readSceneNode(const Chunk& chunk);
    // After the last chunk: no SIZE left without its XYZI, at least one model, every shape's model there.
    std::optional<Error> checkComplete() const;

    std::span<const uint8_t> m_bytes;
    std::string m_source;
    VoxReadSettings m_settings;
    VoxFile m_file;
    int64_t m_totalCells = 0;
    std::optional<Chunk> m_pendingSize; // a SIZE waiting for its XYZI
    glm::ivec3 m_magicaSize{0};         // the last SIZE's, in MagicaVoxel's axes (z up)
    struct ShapeReference {
        int32_t model;
        Chunk chunk;
        size_t offset;
    };
    std::vector<ShapeReference> m_shapes;
};

// Reads a chunk's content field by field, turning an overrun into an error that names the field.
class ContentReader {
public:
    ContentReader(const uint8_t* file, const Chunk& chunk)
        : m_file(file), m_position(chunk.content), m_end(chunk.content + chunk.contentSize) {}

    size_t position() const { return m_position; }
    // The field that overran, or the negative count, for the error message; empty while all is well.
    const std::string& problem() const { return m_problem; }
    size_t problemOffset() const { return m_problemOffset; }

    bool int32(int32_t& value, const char* what) {
        if (m_end - m_position < 4)
            return overrun(what);
        value = readI32(m_file + m_position);
        m_position += 4;
        return true;
    }
    bool count(int32_t& value, const char* what) {
        const size_t at = m_position;
        if (!int32(value, what))
            return false;
        if (value < 0)
            return problemAt(at, std::string(what) + " is negative (" + std::to_string(value) + ")");
        return true;
    }
    bool string(const char* what) {
        const size_t at = m_position;
        int32_t length = 0;
        if (!count(length, what))
            return false;
        if (m_end - m_position < static_cast<size_t>(length))
            return problemAt(at, std::string(what) + " holds a " + std::to_string(length) +
                                     "-byte string that runs past the end of the chunk's content (byte " +
                                     std::to_string(m_end) + ")");
        m_position += static_cast<size_t>(length);
        return true;
    }
    // DICT: int32 count, then count pairs of STRING. Each pair takes at least 8 bytes, so a huge count
    // fails on the first missing byte rather than looping.
    bool dict(const char* what) {
        int32_t pairs = 0;
        if (!count(pairs, what))
            return false;
        for (int32_t i = 0; i < pairs; ++i)
            if (!string(what) || !string(what))
                return false;
        return true;
    }

private:
    bool overrun(const char* what) {
        return problemAt(m_position, std::string(what) + " runs past the end of the chunk's content (byte " +
                                         std::to_string(m_end) + ")");
    }
    bool problemAt(size_t offset, std::string text) {
        m_problem = std::move(text);
        m_problemOffset = offset;
        return false;
    }

    const uint8_t* m_file;
    size_t m_position;
    size_t m_end;
    std::string m_problem;
    size_t m_problemOffset = 0;
};

Result<Chunk> VoxParser::readChunk(size_t at, size_t parentEnd, const std::string& parentName) const {
    const size_t available = parentEnd - at;
    Chunk chunk;
    chunk.name = fourCc(m_bytes.data() + at, available);
    chunk.offset = at;
    if (available < kChunkHeaderBytes)
        return fail("chunk " + chunk.name, at,
                    "header is truncated: 12 bytes needed, " + std::to_string(available) + " left in " +
                        parentName);
    chunk.id = readU32(m_bytes.data() + at);
    const int32_t contentSize = readI32(m_bytes.data() + at + 4);
    const int32_t childrenSize = readI32(m_bytes.data() + at + 8);
    if (contentSize < 0 || childrenSize < 0)
        return fail(chunk, at,
                    "negative " + std::string(contentSize < 0 ? "content" : "children") + " size " +
                        std::to_string(contentSize < 0 ? contentSize : childrenSize));
    const uint64_t needed =
        kChunkHeaderBytes + static_cast<uint64_t>(contentSize) + static_cast<uint64_t>(childrenSize);
    if (needed > available)
        return fail(chunk, at,
                    "content (" + std::to_string(contentSize) + " bytes) and children (" +
                        std::to_string(childrenSize) + " bytes) overrun " + parentName +
                        ", which ends at byte " + std::to_string(parentEnd));
    chunk.content = at + kChunkHeaderBytes;
    chunk.contentSize = static_cast<size_t>(contentSize);
    chunk.children = chunk.content + chunk.contentSize;
    chunk.end = at + static_cast<size_t>(needed);
    return chunk;
}

std::optional<Error> VoxParser::readModel(const Chunk& xyzi, glm::ivec3 magicaSize) {
    if (xyzi.contentSize < 4)
        return fail(xyzi, xyzi.offset,
                    "content is " + std::to_string(xyzi.contentSize) +
                        " bytes, too short for the voxel count");
    const int32_t count = readI32(m_bytes.data() + xyzi.content);
    if (count < 0 || static_cast<uint64_t>(count) > (xyzi.contentSize - 4) / 4)
        return fail(xyzi, xyzi.content,
                    "voxel count " + std::to_string(count) + " cannot fit the chunk's " +
                        std::to_string(xyzi.contentSize) +
                        "-byte content (4 bytes per voxel after the count)");
    VoxelModel model(glm::ivec3(magicaSize.x, magicaSize.z, magicaSize.y));
    for (int32_t i = 0; i < count; ++i) {
        const size_t at = xyzi.content + 4 + 4 * static_cast<size_t>(i);
        const uint8_t* v = m_bytes.data() + at;
        if (v[0] >= magicaSize.x || v[1] >= magicaSize.y || v[2] >= magicaSize.z)
            return fail(xyzi, at,
                        "voxel " + std::to_string(i) + " (" + std::to_string(v[0]) + ", " +
                            std::to_string(v[1]) + ", " + std::to_string(v[2]) + ") lies outside SIZE " +
                            std::to_string(magicaSize.x) + " x " + std::to_string(magicaSize.y) + " x " +
                            std::to_string(magicaSize.z));
        if (v[3] != 0) // index 0 is "empty"; MagicaVoxel never writes it
            model.set({v[0], v[2], magicaSize.y - 1 - v[1]}, v[3]);
    }
    m_file.models.push_back(std::move(model));
    return std::nullopt;
}

std::optional<Error> VoxParser::readPalette(const Chunk& rgba) {
    if (rgba.contentSize < 4 * 256)
        return fail(rgba, rgba.offset,
                    "content is " + std::to_string(rgba.contentSize) +
                        " bytes, the palette needs 1024 (256 RGBA entries)");
    for (size_t i = 0; i < 256; ++i)
        m_file.palette[(i + 1) & 255] = readU32(m_bytes.data() + rgba.content + 4 * i);
    m_file.hasPalette = true;
    return std::nullopt;
}

std::optional<Error> VoxParser::readSceneNode(const Chunk& chunk) {
    ContentReader in(m_bytes.data(), chunk);
    int32_t nodeId = 0, count = 0, value = 0;
    bool ok = in.int32(nodeId, "node id") && in.dict("node attributes");
    if (ok && chunk.id == chunkId("nTRN")) {
        ok = in.int32(value, "child node id") && in.int32(value, "reserved id") &&
             in.int32(value, "layer id") && in.count(count, "frame count");
        for (int32_t i = 0; ok && i < count; ++i)
            ok = in.dict("frame attributes");
    } else if (ok && chunk.id == chunkId("nGRP")) {
        ok = in.count(count, "child count");
        for (int32_t i = 0; ok && i < count; ++i)
            ok = in.int32(value, "child node id");
    } else if (ok) { // nSHP
        ok = in.count(count, "model count");
        for (int32_t i = 0; ok && i < count; ++i) {
            const size_t at = in.position();
            ok = in.int32(value, "model id") && in.dict("model attributes");
            if (ok)
                m_shapes.push_back({value, chunk, at});
        }
    }
    if (!ok)
        return fail(chunk, in.problemOffset(), in.problem());
    return std::nullopt;
}

std::optional<Error> VoxParser::readHeader() {
    const size_t size = m_bytes.size();
    if (size < 8)
        return fail("header", 0,
                    "the file is " + std::to_string(size) +
                        " bytes, too short for the 8-byte 'VOX ' header (truncated file?)");
    if (readU32(m_bytes.data()) != chunkId("VOX "))
        return fail("header", 0,
                    "wrong magic " + fourCc(m_bytes.data(), 4) +
                        ", expected 'VOX ' (not a MagicaVoxel file)");
    m_file.version = readI32(m_bytes.data() + 4);
    if (m_file.version != 150 && m_file.version != 200)
        return fail("header", 4,
                    "unsupported version " + std::to_string(m_file.version) + " (expected 150 or 200)");
    m_file.hasPalette = false;
    return std::nullopt;
}

std::optional<Error> VoxParser::readSize(const Chunk& chunk) {
    if (m_pendingSize)
        return fail(*m_pendingSize, m_pendingSize->offset, "SIZE is not followed by an XYZI chunk");
    if (chunk.contentSize < 12)
        return fail(chunk, chunk.offset,
                    "content is " + std::to_string(chunk.contentSize) + " bytes, SIZE needs 12");
    glm::ivec3& size = m_magicaSize;
    for (int axis = 0; axis < 3; ++axis)
        size[axis] = readI32(m_bytes.data() + chunk.content + 4 * static_cast<size_t>(axis));
    if (glm::any(glm::lessThan(size, glm::ivec3(1))) ||
        glm::any(glm::greaterThan(size, glm::ivec3(VoxelModel::kMaxSize))))
        return fail(chunk, chunk.content,
                    "model size " + std::to_string(size.x) + " x " + std::to_string(size.y) + " x " +
                        std::to_string(size.z) + " is out of range (1 to 256 on each axis)");
    m_totalCells += int64_t{size.x} * size.y * size.z;
    if (m_totalCells > m_settings.maxTotalCells)
        return fail(chunk, chunk.offset,
                    "the models so far need " + std::to_string(m_totalCells) +
                        " voxel cells, over the limit of " + std::to_string(m_settings.maxTotalCells));
    m_pendingSize = chunk;
    return std::nullopt;
}

std::optional<Error> VoxParser::readMainChild(const Chunk& chunk) {
    if (chunk.id == chunkId("SIZE"))
        return readSize(chunk);
    if (chunk.id == chunkId("XYZI")) {
        if (!m_pendingSize)
            return fail(chunk, chunk.offset, "XYZI has no SIZE chunk before it");
        m_pendingSize.reset();
        return readModel(chunk, m_magicaSize);
    }
    if (chunk.id == chunkId("RGBA"))
        return readPalette(chunk);
    if (chunk.id == chunkId("PACK") && chunk.contentSize < 4)
        return fail(chunk, chunk.offset,
                    "content is " + std::to_string(chunk.contentSize) + " bytes, PACK needs 4");
    if (chunk.id == chunkId("nTRN") || chunk.id == chunkId("nGRP") || chunk.id == chunkId("nSHP"))
        return readSceneNode(chunk);
    return std::nullopt; // any other chunk (materials, layers, cameras...) is skipped
}

std::optional<Error> VoxParser::checkComplete() const {
    if (m_pendingSize)
        return fail(*m_pendingSize, m_pendingSize->offset, "SIZE is not followed by an XYZI chunk");
    if (m_file.models.empty())
        return fail("chunk 'MAIN'", 8, "the file holds no model (no SIZE and XYZI chunks)");
    for (const ShapeReference& shape : m_shapes)
        if (shape.model < 0 || static_cast<size_t>(shape.model) >= m_file.models.size())
            return fail(shape.chunk, shape.offset,
                        "shape refers to model " + std::to_string(shape.model) + " but the file holds " +
                            std::to_string(m_file.models.size()) + " models");
    return std::nullopt;
}

Result<VoxFile> VoxParser::parse() {
    if (std::optional<Error> error = readHeader())
        return *error;
    Result<Chunk> main = readChunk(8, m_bytes.size(), "the file");
    if (!main)
        return main.error();
    if (main.value().id != chunkId("MAIN"))
        return fail("chunk " + main.value().name, 8, "expected 'MAIN' as the first chunk");
    for (size_t at = main.value().children; at < main.value().end;) {
        Result<Chunk> read = readChunk(at, main.value().end, "its parent 'MAIN'");
        if (!read)
            return read.error();
        at = read.value().end;
        if (std::optional<Error> error = readMainChild(read.value()))
            return *error;
    }
    if (std::optional<Error> error = checkComplete())
        return *error;
    for (VoxelModel& model : m_file.models)
        model.setPalette(m_file.palette);
    return std::move(m_file);
}

// Appends little-endian fields and chunks to a byte buffer.
class VoxWriter {
public:
    std::vector<uint8_t> bytes;

    void int32(int32_t value) {
        const auto bits = static_cast<uint32_t>(value);
        for (int shift = 0; shift < 32; shift += 8)
            bytes.push_back(static_cast<uint8_t>(bits >> shift));
    }
    void id(const char (&text)[5]) { bytes.insert(bytes.end(), text, text + 4); }
    // Starts a chunk with no children; returns what `endChunk` needs.
    size_t beginChunk(const char (&text)[5]) {
        id(text);
        const size_t sizes = bytes.size();
        int32(0);
        int32(0);
        return sizes;
    }
    void endChunk(size_t sizes) { patch(sizes, bytes.size() - sizes - 8); }
    void patch(size_t at, size_t value) {
        VOX_VERIFY(value <= 0x7FFFFFFF, "encodeVox: chunk larger than 2 GiB");
        for (size_t i = 0; i < 4; ++i)
            bytes[at + i] = static_cast<uint8_t>(value >> (8 * i));
    }
    void emptyDict() { int32(0); }
};

} // namespace

Result<VoxFile> parseVox(std::span<const uint8_t> bytes, std::string_view sourceName,
                         const VoxReadSettings& settings) {
    return VoxParser(bytes, sourceName, settings).parse();
}

Result<VoxFile> readVoxFile(const std::filesystem::path& path, const VoxReadSettings& settings) {
    std::error_code error;
    const uintmax_t size = std::filesystem::file_size(path, error);
    if (error)
        return Error{"cannot read " + path.string() + ": " + error.message()};
    if (size > static_cast<uintmax_t>(settings.maxFileBytes))
        return Error{path.string() + ": the file is " + std::to_string(size) + " bytes, over the limit of " +
                     std::to_string(settings.maxFileBytes) + " for a .vox file"};
    std::vector<uint8_t> bytes(static_cast<size_t>(size));
    std::ifstream in(path, std::ios::binary);
    if (!in.read(reinterpret_cast<char*>(bytes.data()), static_cast<std::streamsize>(bytes.size())))
        return Error{"cannot read " + path.string() + ": read failed"};
    return parseVox(bytes, path.string(), settings);
}

std::vector<uint8_t> encodeVox(const VoxFile& file) {
    VOX_VERIFY(file.version == 150 || file.version == 200, "encodeVox: version must be 150 or 200");
    VOX_VERIFY(!file.models.empty(), "encodeVox: a .vox file needs at least one model");
    VoxWriter out;
    out.id("VOX ");
    out.int32(file.version);
    const size_t main = out.beginChunk("MAIN");
    const auto modelCount = static_cast<int32_t>(file.models.size());
    if (file.version == 150 && modelCount > 1) {
        const size_t pack = out.beginChunk("PACK");
        out.int32(modelCount);
        out.endChunk(pack);
    }
    for (const VoxelModel& model : file.models) {
        const glm::ivec3 s = model.size(); // game axes; MagicaVoxel's SIZE is (x, z, y)
        const size_t sizeChunk = out.beginChunk("SIZE");
        out.int32(s.x);
        out.int32(s.z);
        out.int32(s.y);
        out.endChunk(sizeChunk);
        const size_t xyzi = out.beginChunk("XYZI");
        out.int32(model.voxelCount());
        for (int32_t z = 0; z < s.z; ++z)
            for (int32_t y = 0; y < s.y; ++y)
                for (int32_t x = 0; x < s.x; ++x)
                    if (const uint8_t color = model.colorIndex({x, y, z}); color != 0) {
                        const uint8_t voxel[4] = {static_cast<uint8_t>(x), static_cast<uint8_t>(s.z - 1 - z),
                                                  static_cast<uint8_t>(y), color};
                        out.bytes.insert(out.bytes.end(), voxel, voxel + 4);
                    }
        out.endChunk(xyzi);
    }
    if (file.version == 200) {
        // Root transform 0 -> group 1 -> transform 2 + 2i -> shape 3 + 2i showing model i, on layer 0.
        const size_t root = out.beginChunk("nTRN");
        for (const int32_t field : {0, 0, 1, -1, -1, 1, 0}) // id, {}, child, reserved, layer, frames, {}
            out.int32(field);
        out.endChunk(root);
        const size_t group = out.beginChunk("nGRP");
        out.int32(1);
        out.emptyDict();
        out.int32(modelCount);
        for (int32_t i = 0; i < modelCount; ++i)
            out.int32(2 + 2 * i);
        out.endChunk(group);
        for (int32_t i = 0; i < modelCount; ++i) {
            const size_t transform = out.beginChunk("nTRN");
            for (const int32_t field : {2 + 2 * i, 0, 3 + 2 * i, -1, 0, 1, 0})
                out.int32(field);
            out.endChunk(transform);
            const size_t shape = out.beginChunk("nSHP");
            for (const int32_t field : {3 + 2 * i, 0, 1, i, 0}) // id, {}, one model: id, {}
                out.int32(field);
            out.endChunk(shape);
        }
        const size_t layer = out.beginChunk("LAYR");
        for (const int32_t field : {0, 0, -1}) // id, {}, reserved
            out.int32(field);
        out.endChunk(layer);
    }
    if (file.hasPalette) {
        const size_t rgba = out.beginChunk("RGBA");
        for (size_t i = 0; i < 256; ++i)
            out.int32(static_cast<int32_t>(file.palette[(i + 1) & 255]));
        out.endChunk(rgba);
    }
    // MAIN has no content of its own: everything written after its header is its children.
    out.patch(main + 4, out.bytes.size() - main - 8);
    return std::move(out.bytes);
}

Status writeVoxFile(const std::filesystem::path& path, const VoxFile& file) {
    const std::vector<uint8_t> bytes = encodeVox(file);
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    if (!out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size())))
        return Error{"cannot write " + path.string() + ": check that the directory exists and is writable"};
    return {};
}

} // namespace vox
