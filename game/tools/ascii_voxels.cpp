#include "ascii_voxels.h"

#include "vox/voxel/palette.h"

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

} // namespace

vox::Result<vox::VoxFile> parseAsciiVoxels(std::string_view text, std::string_view sourceName) {
    int depth = 0;
    std::array<std::optional<Key>, 256> keys{};
    uint8_t nextColor = 1;
    vox::VoxFile file;
    file.version = 200;
    file.hasPalette = true;
    file.palette = vox::magicaVoxelDefaultPalette();
    std::vector<std::vector<std::string>> frames;

    int lineNumber = 0;
    std::istringstream lines{std::string(text)};
    std::string rawLine;
    const auto fail = [&](const std::string& what) {
        return vox::Error{std::string(sourceName) + ":" + std::to_string(lineNumber) + ": " + what};
    };
    while (std::getline(lines, rawLine)) {
        ++lineNumber;
        const std::string_view line = trim(rawLine);
        if (line.empty() || line[0] == '#')
            continue;
        std::vector<std::string_view> parts = words(line);
        // A word starting with '#' begins a trailing comment, except a key's colour (its third word).
        for (size_t i = 1; i < parts.size(); ++i) {
            if (parts[i][0] == '#' && !(parts[0] == "key" && i == 2)) {
                parts.resize(i);
                break;
            }
        }
        if (parts[0] == "depth") {
            const std::optional<int> value = parts.size() == 2 ? parseInt(parts[1]) : std::nullopt;
            if (!value || *value < 1 || *value > vox::VoxelModel::kMaxSize)
                return fail("'depth' takes one number from 1 to 256");
            depth = *value;
        } else if (parts[0] == "key") {
            if (depth == 0)
                return fail("'depth N' must come before the first key");
            if (parts.size() < 3 || parts.size() > 4 || parts[1].size() != 1 || parts[1][0] == '.' ||
                parts[1][0] == '#')
                return fail(
                    "expected 'key C #rrggbb [FIRST-LAST]' with C one character other than '.' and '#'");
            const std::optional<uint32_t> color = parseColor(parts[2]);
            if (!color)
                return fail("'" + std::string(parts[2]) + "' is not a colour like #4fd0ff");
            Key key;
            key.zLast = depth - 1;
            if (parts.size() == 4) {
                const size_t dash = parts[3].find('-');
                const std::optional<int> first = parseInt(parts[3].substr(0, dash));
                const std::optional<int> last =
                    dash == std::string_view::npos ? first : parseInt(parts[3].substr(dash + 1));
                if (!first || !last || *first < 0 || *last < *first || *last >= depth)
                    return fail("layer range '" + std::string(parts[3]) + "' must be FIRST-LAST within 0-" +
                                std::to_string(depth - 1));
                key.zFirst = *first;
                key.zLast = *last;
            }
            const auto character = static_cast<unsigned char>(parts[1][0]);
            if (keys[character])
                return fail("key '" + std::string(parts[1]) + "' is defined twice");
            if (nextColor == 0)
                return fail("more than 255 keys");
            key.colorIndex = nextColor++;
            file.palette[key.colorIndex] = *color;
            keys[character] = key;
        } else if (parts[0] == "frame") {
            if (depth == 0)
                return fail("'depth N' must come before the first frame");
            frames.emplace_back();
        } else {
            if (frames.empty() || parts.size() != 1)
                return fail("unknown line '" + std::string(line) + "' (expected depth, key, frame or a row)");
            const std::string_view row = parts[0];
            for (char c : row) {
                if (c != '.' && !keys[static_cast<unsigned char>(c)])
                    return fail(std::string("character '") + c + "' has no key");
            }
            if (static_cast<int>(row.size()) > vox::VoxelModel::kMaxSize ||
                static_cast<int>(frames.back().size()) >= vox::VoxelModel::kMaxSize)
                return fail("a frame may be at most 256 x 256");
            frames.back().emplace_back(row);
        }
    }
    if (frames.empty())
        return vox::Error{std::string(sourceName) + ": no 'frame' in the design"};
    for (size_t f = 0; f < frames.size(); ++f) {
        const std::vector<std::string>& rows = frames[f];
        if (rows.empty())
            return vox::Error{std::string(sourceName) + ": frame " + std::to_string(f + 1) + " has no rows"};
        size_t width = 0;
        for (const std::string& row : rows)
            width = std::max(width, row.size());
        const int height = static_cast<int>(rows.size());
        vox::VoxelModel model(glm::ivec3(static_cast<int>(width), height, depth));
        model.setPalette(file.palette);
        for (int row = 0; row < height; ++row) {
            const std::string& cells = rows[static_cast<size_t>(row)];
            for (size_t x = 0; x < cells.size(); ++x) {
                if (cells[x] == '.')
                    continue;
                const Key& key = *keys[static_cast<unsigned char>(cells[x])];
                for (int z = key.zFirst; z <= key.zLast; ++z)
                    model.set(glm::ivec3(static_cast<int>(x), height - 1 - row, z), key.colorIndex);
            }
        }
        file.models.push_back(std::move(model));
    }
    return file;
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
