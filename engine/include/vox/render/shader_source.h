#pragma once
/// @file
/// `ShaderSource`: a GLSL file with its `#include "file.glsl"` lines expanded, ready to compile, plus the
/// table that maps the driver's error positions back to the files a person edits.
///
/// Include rules:
/// - `#include "name"` on a line of its own (leading whitespace and a trailing `//` comment allowed) is
///   replaced by the file `name`, resolved relative to the folder of the file that includes it.
/// - Each file is expanded once per shader (like `#pragma once`), so two files may share a helper.
/// - A file that includes itself, directly or through others, is an error naming the chain.
/// - The directive is recognised textually, also inside a `/* */` block comment.
/// - Files have no `#version` line (one is an error naming the file and line): `ShaderProgram` puts the
///   version and precision lines of the context's GL dialect in front (vox/platform/gl_dialect.h), so one
///   file serves desktop OpenGL 3.3 core and OpenGL ES 3.0 / WebGL2.
///
/// Each file gets a GLSL source-string number (its index in `files`), and `#line` directives number the
/// lines of file `i` from `i * kShaderLineBase + 1`, so a driver position "2:2000007(12)" means `files[2]`,
/// line 7. The file is encoded in the line number as well because Mesa reports string 0 for some errors
/// inside included code (the line is right, the string number is not); `mapLog()` trusts the line number
/// and rewrites such logs to "path/file.glsl:7:12: error: ...". The directives use the C rule (`#line N`
/// numbers the next line N), as Mesa does (checked by the tests); the GLSL 3.30 spec's wording was
/// ambiguous, so an old driver may report lines in included files off by one.

#include "vox/core/result.h"

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace vox {

/// An expanded GLSL source. See the file comment.
struct ShaderSource {
    std::string text; ///< The source to hand to glShaderSource.
    std::vector<std::filesystem::path>
        files; ///< `files[i]` is GLSL source string `i`; `files[0]`: the main file.

    /// Rewrites an info log's "string:line" positions (Mesa "0:12(5):", NVIDIA "0(12) :", AMD
    /// "ERROR: 0:12:") to "file:line:" using `files` and the line encoding above. Lines it does not
    /// recognise are kept as they are.
    [[nodiscard]] std::string mapLog(std::string_view infoLog) const;
};

/// Largest shader file accepted, in bytes; guards against pointing the loader at a huge file by mistake.
inline constexpr std::uintmax_t kMaxShaderFileBytes = 1u << 20;
/// Line numbers of file `i` of a `ShaderSource` start at `i * kShaderLineBase + 1` (see the file comment);
/// a file may have fewer than this many lines, and a shader at most `kMaxShaderFiles` files.
inline constexpr int kShaderLineBase = 1'000'000;
/// Most files one shader may pull in through includes (keeps encoded line numbers within an int).
inline constexpr int kMaxShaderFiles = 2000;

/// Reads `file` and expands its includes. Errors name the file (and the line, for include problems):
/// "shaders/a.frag:3: cannot open included file "b.glsl" (looked for shaders/b.glsl)",
/// "shaders/a.glsl:1: #include cycle: shaders/a.glsl -> shaders/b.glsl -> shaders/a.glsl".
[[nodiscard]] Result<ShaderSource> loadShaderSource(const std::filesystem::path& file);

} // namespace vox
