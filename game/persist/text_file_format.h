#pragma once
// The layout shared by the game's text files (settings, high scores): a header line
// "<magic> <version>", body lines, and a final "end" line that proves the file was not cut short.
// Blank lines and lines starting with '#' are comments. Errors read "<file>:<line>: <what is wrong>".

#include "vox/core/result.h"

#include <string>
#include <string_view>
#include <vector>

namespace invaders {

/// One meaningful body line: its 1-based number in the file and its text, trimmed of spaces.
struct TextLine {
    int number = 0;        ///< 1-based line number, for error messages.
    std::string_view text; ///< Points into the parsed text; trimmed.
};

/// "<fileName>:<line>: <what>".
[[nodiscard]] std::string lineMessage(std::string_view fileName, int line, std::string_view what);

/// The body lines of `text`, after checking the header is exactly `magic` and `version`, that the last
/// meaningful line is "end", and that there are no control characters (a binary file is rejected on its
/// first line). The views point into `text`.
[[nodiscard]] vox::Result<std::vector<TextLine>> bodyLines(std::string_view text, std::string_view fileName,
                                                           std::string_view magic, int version);

/// "<magic> <version>\n": the first line of a file `bodyLines` accepts.
[[nodiscard]] std::string headerLine(std::string_view magic, int version);

/// `text` in single quotes, cut to `maxLength` characters, for quoting file contents in messages.
[[nodiscard]] std::string quoted(std::string_view text, std::size_t maxLength = 60);

/// Splits `text` at runs of spaces and tabs.
[[nodiscard]] std::vector<std::string_view> splitWords(std::string_view text);

} // namespace invaders
