#include "persist/text_file_format.h"

#include <charconv>

namespace invaders {
namespace {

std::string_view trim(std::string_view text) {
    const auto first = text.find_first_not_of(" \t");
    if (first == std::string_view::npos)
        return {};
    const auto last = text.find_last_not_of(" \t");
    return text.substr(first, last - first + 1);
}

} // namespace

std::string lineMessage(std::string_view fileName, int line, std::string_view what) {
    return std::string(fileName) + ":" + std::to_string(line) + ": " + std::string(what);
}

std::string headerLine(std::string_view magic, int version) {
    return std::string(magic) + " " + std::to_string(version) + "\n";
}

std::string quoted(std::string_view text, std::size_t maxLength) {
    std::string result = "'"; // appended piece by piece: GCC 12 misreports "'" + string as overlapping
    result += text.substr(0, maxLength);
    result += '\'';
    return result;
}

std::vector<std::string_view> splitWords(std::string_view text) {
    std::vector<std::string_view> words;
    std::size_t start = 0;
    while ((start = text.find_first_not_of(" \t", start)) != std::string_view::npos) {
        std::size_t end = text.find_first_of(" \t", start);
        if (end == std::string_view::npos)
            end = text.size();
        words.push_back(text.substr(start, end - start));
        start = end;
    }
    return words;
}

vox::Result<std::vector<TextLine>> bodyLines(std::string_view text, std::string_view fileName,
                                             std::string_view magic, int version) {
    std::vector<TextLine> lines;
    int number = 0;
    std::size_t start = 0;
    while (start < text.size()) {
        std::size_t end = text.find('\n', start);
        if (end == std::string_view::npos)
            end = text.size();
        std::string_view line = text.substr(start, end - start);
        start = end + 1;
        ++number;
        if (!line.empty() && line.back() == '\r')
            line.remove_suffix(1); // written on Windows or edited there
        for (char c : line) {
            if ((static_cast<unsigned char>(c) < 0x20 && c != '\t') || c == 0x7f)
                return vox::Error{lineMessage(
                    fileName, number, "unexpected control character; this is not a text file of the game")};
        }
        line = trim(line);
        if (line.empty() || line.front() == '#')
            continue;
        lines.push_back({number, line});
    }

    if (lines.empty())
        return vox::Error{std::string(fileName) + ": the file is empty; expected it to start with " +
                          quoted(std::string(magic) + " " + std::to_string(version))};
    const std::vector<std::string_view> header = splitWords(lines.front().text);
    if (header.empty() || header[0] != magic)
        return vox::Error{lineMessage(fileName, lines.front().number,
                                      "expected " + quoted(std::string(magic) + " <version>") + ", found " +
                                          quoted(lines.front().text))};
    int found = 0;
    const std::string_view versionText = header.size() == 2 ? header[1] : std::string_view();
    const auto [end, error] =
        std::from_chars(versionText.data(), versionText.data() + versionText.size(), found);
    if (versionText.empty() || error != std::errc() || end != versionText.data() + versionText.size())
        return vox::Error{
            lineMessage(fileName, lines.front().number, "expected a version number after " + quoted(magic))};
    if (found != version)
        return vox::Error{lineMessage(fileName, lines.front().number,
                                      "version " + std::string(versionText) +
                                          " is not supported; this game reads version " +
                                          std::to_string(version))};
    if (lines.size() < 2 || lines.back().text != "end")
        return vox::Error{std::string(fileName) +
                          ": the file ends without its final 'end' line; it was cut short or damaged"};
    return std::vector<TextLine>(lines.begin() + 1, lines.end() - 1);
}

} // namespace invaders
