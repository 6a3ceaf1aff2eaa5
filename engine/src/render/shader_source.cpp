#include "vox/render/shader_source.h"

#include <algorithm>
#include <cstdint>
#include <fstream>
#include <optional>
#include <sstream>
#include <system_error>

namespace vox {
namespace {

std::string displayName(const std::filesystem::path& path) {
    return path.lexically_normal().generic_string();
}

Result<std::string> readFile(const std::filesystem::path& path) {
    std::error_code error;
    const std::uintmax_t size = std::filesystem::file_size(path, error);
    if (error)
        return Error{error.message()};
    if (size > kMaxShaderFileBytes)
        return Error{"file is " + std::to_string(size) + " bytes, more than the " +
                     std::to_string(kMaxShaderFileBytes) + " a shader may have"};
    std::ifstream stream(path, std::ios::binary);
    if (!stream)
        return Error{"cannot open it"};
    std::ostringstream text;
    text << stream.rdbuf();
    return text.str();
}

// Recognises `#include "name"`: returns nullopt if `line` is not an include directive, "" (an error) if
// it is one but malformed, otherwise the quoted name.
std::optional<std::string> parseInclude(std::string_view line) {
    const auto skipSpace = [&line] {
        while (!line.empty() && (line.front() == ' ' || line.front() == '\t'))
            line.remove_prefix(1);
    };
    skipSpace();
    if (line.empty() || line.front() != '#')
        return std::nullopt;
    line.remove_prefix(1);
    skipSpace();
    if (!line.starts_with("include"))
        return std::nullopt;
    line.remove_prefix(7);
    skipSpace();
    if (line.empty() || line.front() != '"')
        return std::string();
    const size_t close = line.find('"', 1);
    if (close == std::string_view::npos || close == 1)
        return std::string();
    std::string name(line.substr(1, close - 1));
    line.remove_prefix(close + 1);
    skipSpace();
    if (!line.empty() && !line.starts_with("//"))
        return std::string();
    return name;
}

// `#version ...`, which shader files must not have (the loader supplies it).
bool isVersionDirective(std::string_view line) {
    const size_t hash = line.find_first_not_of(" \t");
    if (hash == std::string_view::npos || line[hash] != '#')
        return false;
    line.remove_prefix(hash + 1);
    const size_t word = line.find_first_not_of(" \t");
    return word != std::string_view::npos && line.substr(word).starts_with("version");
}

class Expander {
public:
    Status expand(const std::filesystem::path& file, const std::string& includedAt) {
        Result<std::string> text = readFile(file);
        if (!text) {
            if (includedAt.empty())
                return Error{displayName(file) + ": cannot read shader: " + text.error().message};
            return Error{includedAt + ": cannot open included file " + displayName(file) + ": " +
                         text.error().message};
        }
        const size_t index = m_source.files.size();
        if (index >= static_cast<size_t>(kMaxShaderFiles))
            return Error{includedAt + ": more than " + std::to_string(kMaxShaderFiles) + " included files"};
        m_source.files.push_back(file);
        m_stack.push_back(file);
        const auto lineDirective = [this, index](int line) {
            const long long encoded = static_cast<long long>(index) * kShaderLineBase + line;
            m_source.text += "#line " + std::to_string(encoded) + " " + std::to_string(index) + "\n";
        };
        if (index != 0)
            lineDirective(1);

        std::string_view rest = text.value();
        for (int lineNumber = 1; !rest.empty(); ++lineNumber) {
            if (lineNumber >= kShaderLineBase)
                return Error{displayName(file) + ": more than " + std::to_string(kShaderLineBase - 1) +
                             " lines"};
            const size_t end = rest.find('\n');
            std::string_view line = rest.substr(0, end);
            rest.remove_prefix(end == std::string_view::npos ? rest.size() : end + 1);
            if (line.ends_with('\r'))
                line.remove_suffix(1);

            if (isVersionDirective(line))
                return Error{displayName(file) + ":" + std::to_string(lineNumber) +
                             ": remove this #version line: the loader puts the version and precision lines "
                             "of the context's GL dialect in front of every shader (see gl_dialect.h)"};
            const std::optional<std::string> include = parseInclude(line);
            if (!include) {
                m_source.text.append(line);
                m_source.text += '\n';
                continue;
            }
            const std::string here = displayName(file) + ":" + std::to_string(lineNumber);
            if (include->empty())
                return Error{here + ": malformed #include; write #include \"file.glsl\""};
            const std::filesystem::path target = (file.parent_path() / *include).lexically_normal();
            if (std::find(m_stack.begin(), m_stack.end(), target) != m_stack.end()) {
                std::string chain;
                for (const std::filesystem::path& entry : m_stack)
                    chain += displayName(entry) + " -> ";
                return Error{here + ": #include cycle: " + chain + displayName(target)};
            }
            if (std::find(m_source.files.begin(), m_source.files.end(), target) != m_source.files.end()) {
                m_source.text += '\n'; // already expanded once; keep the line count
                continue;
            }
            if (Status status = expand(target, here); !status)
                return status;
            lineDirective(lineNumber + 1);
        }
        m_stack.pop_back();
        return {};
    }

    ShaderSource take() { return std::move(m_source); }

private:
    ShaderSource m_source;
    std::vector<std::filesystem::path> m_stack; // files being expanded, outermost first
};

// Log-line parsing: each helper consumes its token from the front of `text` and reports success.
bool takeNumber(std::string_view& text, uint64_t& value) {
    size_t digits = 0;
    value = 0;
    while (digits < text.size() && digits < 10 && text[digits] >= '0' && text[digits] <= '9')
        value = value * 10 + static_cast<uint64_t>(text[digits++] - '0');
    if (digits == 0 || (digits < text.size() && text[digits] >= '0' && text[digits] <= '9'))
        return false; // no number, or more than 10 digits: not a position
    text.remove_prefix(digits);
    return true;
}

bool take(std::string_view& text, std::string_view token) {
    if (!text.starts_with(token))
        return false;
    text.remove_prefix(token.size());
    return true;
}

void skipSpaces(std::string_view& text) {
    while (!text.empty() && text.front() == ' ')
        text.remove_prefix(1);
}

// Mesa "0:12(5): message", NVIDIA "0(12) : message", AMD / Intel "ERROR: 0:12: message"; any other line
// comes back unchanged. `position(string, line)` formats "file:line".
template <class Position>
std::string mapLogLine(std::string_view line, const Position& position) {
    uint64_t source = 0;
    uint64_t lineNumber = 0;
    uint64_t column = 0;
    std::string_view text = line;
    if (takeNumber(text, source) && take(text, ":") && takeNumber(text, lineNumber) && take(text, "(") &&
        takeNumber(text, column) && take(text, "):")) {
        skipSpaces(text);
        return position(source, lineNumber) + ":" + std::to_string(column) + ": " + std::string(text);
    }
    text = line;
    if (takeNumber(text, source) && take(text, "(") && takeNumber(text, lineNumber) && take(text, ")")) {
        skipSpaces(text);
        if (take(text, ":")) {
            skipSpaces(text);
            return position(source, lineNumber) + ": " + std::string(text);
        }
    }
    text = line;
    const bool error = take(text, "ERROR:");
    if (error || take(text, "WARNING:")) {
        skipSpaces(text);
        if (takeNumber(text, source) && take(text, ":") && takeNumber(text, lineNumber) && take(text, ":")) {
            skipSpaces(text);
            return position(source, lineNumber) + (error ? ": error: " : ": warning: ") + std::string(text);
        }
    }
    return std::string(line);
}

} // namespace

Result<ShaderSource> loadShaderSource(const std::filesystem::path& file) {
    Expander expander;
    if (Status status = expander.expand(file.lexically_normal(), ""); !status)
        return status.error();
    return expander.take();
}

std::string ShaderSource::mapLog(std::string_view infoLog) const {
    // "file:line" for a driver position; the file comes from the encoded line when there is one.
    const auto position = [this](uint64_t index, uint64_t line) {
        if (line > static_cast<uint64_t>(kShaderLineBase)) {
            index = line / kShaderLineBase;
            line %= kShaderLineBase;
        }
        const std::string file =
            index < files.size() ? displayName(files[index]) : "<source " + std::to_string(index) + ">";
        return file + ":" + std::to_string(line);
    };

    std::string mapped;
    std::string_view rest = infoLog;
    while (!rest.empty()) {
        const size_t end = rest.find('\n');
        std::string_view line = rest.substr(0, end);
        rest.remove_prefix(end == std::string_view::npos ? rest.size() : end + 1);
        while (!line.empty() && (line.back() == '\r' || line.back() == '\0'))
            line.remove_suffix(1);
        if (line.empty())
            continue;
        if (!mapped.empty())
            mapped += '\n';
        mapped += mapLogLine(line, position);
    }
    return mapped;
}

} // namespace vox
