#include "ascii_voxels.h"

#include "vox/voxel/palette.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

namespace invaders {
namespace {

struct Key {
    uint8_t colorIndex = 0;
    int zFirst = 0;
    int zLast = 0;
    bool wholeDepth = true;
};

std::string_view trim(std::string_view text) {
    const size_t first = text.find_first_not_of(" \t\r");
    if (first == std::string_view::npos)
        return {};
    const size_t last = text.find_last_not_of(" \t\r");
    return text.substr(first, last - first + 1);
}

std::vector<std::string_view> words(std::string_view line) {
    std::vector<std::string_view> result;
    size_t i = 0;
    while (i < line.size()) {
        while (i < line.size() && (line[i] == ' ' || line[i] == '\t'))
            ++i;
        const size_t start = i;
        while (i < line.size() && line[i] != ' ' && line[i] != '\t')
            ++i;
        if (i > start)
            result.push_back(line.substr(start, i - start));
    }
    return result;
}

std::optional<int> parseInt(std::string_view text) {
    int value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc() || end != text.data() + text.size())
        return std::nullopt;
    return value;
}

std::optional<uint32_t> parseColor(std::string_view text) {
    if (text.size() != 7 || text[0] != '#')
        return std::nullopt;
    uint32_t rgb = 0;
    const auto [end, error] = std::from_chars(text.data() + 1, text.data() + 7, rgb, 16);
    if (error != std::errc() || end != text.data() + 7)
        return std::nullopt;
    return vox::packRgba(static_cast<uint8_t>(rgb >> 16), static_cast<uint8_t>(rgb >> 8),
                         static_cast<uint8_t>(rgb));
}

// `text` in single quotes, for messages. Built with append: "'" + ... trips GCC 12's false -Wrestrict (bug
// 105329).
std::string quoted(std::string_view text) {
    std::string result(1, '\'');
    result.append(text);
    result += '\'';
    return result;
}

// A design line's words without its trailing comment: a word starting with '#' begins one, except a key's
// colour (its third word).
std::vector<std::string_view> lineWords(std::string_view line) {
    std::vector<std::string_view> parts = words(line);
    for (size_t i = 1; i < parts.size(); ++i) {
        if (parts[i][0] == '#' && !(parts[0] == "key" && i == 2)) {
            parts.resize(i);
            break;
        }
    }
    return parts;
}

using Keys = std::array<std::optional<Key>, 256>;

// A design read line by line: the depth, the keys (with their palette entries) and each frame's rows. Each
// line's method returns what is wrong with the line, or nothing.
class DesignReader {
public:
    DesignReader() {
        m_file.version = 200;
        m_file.hasPalette = true;
        m_file.palette = vox::magicaVoxelDefaultPalette();
    }

    // One line that is neither blank nor a comment, and its words.
    [[nodiscard]] std::optional<std::string> line(std::string_view line,
                                                  const std::vector<std::string_view>& parts) {
        if (parts[0] == "depth")
            return depthLine(parts);
        if (parts[0] == "key")
            return keyLine(parts);
        if (parts[0] == "frame") {
            if (m_depth == 0)
                return "'depth N' must come before the first frame";
            m_frames.emplace_back();
            return std::nullopt;
        }
        if (m_frames.empty() || parts.size() != 1)
            return "unknown line " + quoted(line) + " (expected depth, key, frame or a row)";
        return rowLine(parts[0]);
    }

    // The file of every frame read; `sourceName` starts its errors.
    [[nodiscard]] vox::Result<vox::VoxFile> finish(std::string_view sourceName) {
        if (m_frames.empty())
            return vox::Error{std::string(sourceName) + ": no 'frame' in the design"};
        for (size_t f = 0; f < m_frames.size(); ++f) {
            if (m_frames[f].empty())
                return vox::Error{std::string(sourceName) + ": frame " + std::to_string(f + 1) +
                                  " has no rows"};
            m_file.models.push_back(frameModel(m_frames[f]));
        }
        return std::move(m_file);
    }

private:
    std::optional<std::string> depthLine(const std::vector<std::string_view>& parts) {
        const std::optional<int> value = parts.size() == 2 ? parseInt(parts[1]) : std::nullopt;
        if (!value || *value < 1 || *value > vox::VoxelModel::kMaxSize)
            return "'depth' takes one number from 1 to 256";
        m_depth = *value;
        return std::nullopt;
    }

    std::optional<std::string> keyLine(const std::vector<std::string_view>& parts) {
        if (m_depth == 0)
            return "'depth N' must come before the first key";
        if (parts.size() < 3 || parts.size() > 4 || parts[1].size() != 1 || parts[1][0] == '.' ||
            parts[1][0] == '#')
            return "expected 'key C #rrggbb [FIRST-LAST]' with C one character other than '.' and '#'";
        const std::optional<uint32_t> color = parseColor(parts[2]);
        if (!color)
            return quoted(parts[2]) + " is not a colour like #4fd0ff";
        Key key;
        key.zLast = m_depth - 1;
        if (parts.size() == 4) {
            if (std::optional<std::string> error = layerRange(parts[3], key))
                return error;
        }
        const auto character = static_cast<unsigned char>(parts[1][0]);
        if (m_keys[character])
            return "key " + quoted(parts[1]) + " is defined twice";
        if (m_nextColor == 0)
            return "more than 255 keys";
        key.colorIndex = m_nextColor++;
        m_file.palette[key.colorIndex] = *color;
        m_keys[character] = key;
        return std::nullopt;
    }

    // "FIRST-LAST" (or one layer) into `key`'s layers.
    std::optional<std::string> layerRange(std::string_view text, Key& key) const {
        const size_t dash = text.find('-');
        const std::optional<int> first = parseInt(text.substr(0, dash));
        const std::optional<int> last =
            dash == std::string_view::npos ? first : parseInt(text.substr(dash + 1));
        if (!first || !last || *first < 0 || *last < *first || *last >= m_depth)
            return "layer range " + quoted(text) + " must be FIRST-LAST within 0-" +
                   std::to_string(m_depth - 1);
        key.zFirst = *first;
        key.zLast = *last;
        return std::nullopt;
    }

    std::optional<std::string> rowLine(std::string_view row) {
        for (char c : row) {
            if (c != '.' && !m_keys[static_cast<unsigned char>(c)])
                return "character " + quoted(std::string_view(&c, 1)) + " has no key";
        }
        if (static_cast<int>(row.size()) > vox::VoxelModel::kMaxSize ||
            static_cast<int>(m_frames.back().size()) >= vox::VoxelModel::kMaxSize)
            return "a frame may be at most 256 x 256";
        m_frames.back().emplace_back(row);
        return std::nullopt;
    }

    // A frame's drawing extruded through each key's layers; the first row is the highest y.
    [[nodiscard]] vox::VoxelModel frameModel(const std::vector<std::string>& rows) const {
        size_t width = 0;
        for (const std::string& row : rows)
            width = std::max(width, row.size());
        const int height = static_cast<int>(rows.size());
        vox::VoxelModel model(glm::ivec3(static_cast<int>(width), height, m_depth));
        model.setPalette(m_file.palette);
        for (int row = 0; row < height; ++row) {
            const std::string& cells = rows[static_cast<size_t>(row)];
            for (size_t x = 0; x < cells.size(); ++x) {
                if (cells[x] == '.')
                    continue;
                const Key& key = *m_keys[static_cast<unsigned char>(cells[x])];
                for (int z = key.zFirst; z <= key.zLast; ++z)
                    model.set(glm::ivec3(static_cast<int>(x), height - 1 - row, z), key.colorIndex);
            }
        }
        return model;
    }

    int m_depth = 0;
    Keys m_keys{};
    uint8_t m_nextColor = 1;
    vox::VoxFile m_file;
    std::vector<std::vector<std::string>> m_frames;
};

} // namespace

vox::Result<vox::VoxFile> parseAsciiVoxels(std::string_view text, std::string_view sourceName) {
    DesignReader design;
    int lineNumber = 0;
    std::istringstream lines{std::string(text)};
    std::string rawLine;
    while (std::getline(lines, rawLine)) {
        ++lineNumber;
        const std::string_view line = trim(rawLine);
        if (line.empty() || line[0] == '#')
            continue;
        if (std::optional<std::string> error = design.line(line, lineWords(line)))
            return vox::Error{std::string(sourceName) + ":" + std::to_string(lineNumber) + ": " + *error};
    }
    return design.finish(sourceName);
}

vox::Result<vox::VoxFile> readAsciiVoxels(const std::filesystem::path& path) {
    std::ifstream stream(path, std::ios::binary);
    if (!stream)
        return vox::Error{path.string() + ": cannot open the design file"};
    std::ostringstream contents;
    contents << stream.rdbuf();
    return parseAsciiVoxels(contents.str(), path.string());
}

} // namespace invaders
