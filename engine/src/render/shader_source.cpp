#include "vox/render/shader_source.h"

#include <algorithm>
#include <fstream>
#include <optional>
#include <regex>
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

} // namespace

Result<ShaderSource> loadShaderSource(const std::filesystem::path& file) {
    Expander expander;
    if (Status status = expander.expand(file.lexically_normal(), ""); !status)
        return status.error();
    return expander.take();
}

std::string ShaderSource::mapLog(std::string_view infoLog) const {
    // Mesa "0:12(5): error", NVIDIA "0(12) : error", AMD / Intel "ERROR: 0:12: message".
    // At most 10 digits per number, so the conversions below cannot overflow.
    static const std::regex mesa(R"(^(\d{1,10}):(\d{1,10})\((\d{1,10})\):\s*(.*)$)");
    static const std::regex nvidia(R"(^(\d{1,10})\((\d{1,10})\)\s*:\s*(.*)$)");
    static const std::regex amd(R"(^(ERROR|WARNING):\s*(\d{1,10}):(\d{1,10}):\s*(.*)$)");

    // "file:line" for a driver position; the file comes from the encoded line when there is one.
    const auto position = [this](const std::string& stringText, const std::string& lineText) {
        unsigned long long index = std::stoull(stringText);
        unsigned long long line = std::stoull(lineText);
        if (line > static_cast<unsigned long long>(kShaderLineBase)) {
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
        std::string line(rest.substr(0, end));
        rest.remove_prefix(end == std::string_view::npos ? rest.size() : end + 1);
        while (!line.empty() && (line.back() == '\r' || line.back() == '\0'))
            line.pop_back();
        if (line.empty())
            continue;

        std::smatch match;
        if (std::regex_match(line, match, mesa)) {
            line = position(match[1], match[2]) + ":" + match[3].str() + ": " + match[4].str();
        } else if (std::regex_match(line, match, nvidia)) {
            line = position(match[1], match[2]) + ": " + match[3].str();
        } else if (std::regex_match(line, match, amd)) {
            std::string severity = match[1].str() == "ERROR" ? "error" : "warning";
            line = position(match[2], match[3]) + ": " + severity + ": " + match[4].str();
        }
        if (!mapped.empty())
            mapped += '\n';
        mapped += line;
    }
    return mapped;
}

} // namespace vox
