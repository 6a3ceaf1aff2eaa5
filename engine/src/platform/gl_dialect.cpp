#include "vox/platform/gl_dialect.h"

#include "vox/platform/gl.h"

#include <cctype>
#include <cstdlib>
#include <string>

namespace vox {

GlDialect glDialectOfVersion(std::string_view glVersion) {
    return glVersion.starts_with("OpenGL ES") ? GlDialect::Es : GlDialect::Desktop;
}

GlDialect currentGlDialect() {
    const auto* version = reinterpret_cast<const char*>(glGetString(GL_VERSION));
    return version != nullptr ? glDialectOfVersion(version) : GlDialect::Desktop;
}

const char* glDialectName(GlDialect dialect) {
    return dialect == GlDialect::Es ? "OpenGL ES 3.0" : "OpenGL 3.3 core";
}

const char* glslVersionLine(GlDialect dialect) {
    return dialect == GlDialect::Es ? "#version 300 es" : "#version 330 core";
}

std::string_view glslPreamble(GlDialect dialect) {
    // ES fragment shaders have no default float precision and no stage has one for integer or array
    // samplers; highp everywhere matches desktop GL, where every type is at least that precise.
    static constexpr std::string_view kEs = "#version 300 es\n"
                                            "precision highp float;\n"
                                            "precision highp int;\n"
                                            "precision highp sampler2D;\n"
                                            "precision highp usampler2D;\n"
                                            "precision highp isampler2D;\n"
                                            "precision highp sampler2DArray;\n"
                                            "precision highp sampler3D;\n";
    static constexpr std::string_view kDesktop = "#version 330 core\n";
    return dialect == GlDialect::Es ? kEs : kDesktop;
}

bool hasTimerQueries(GlDialect dialect) {
    return dialect == GlDialect::Desktop;
}

Result<GlDialect> glDialectFromEnvironment() {
    const char* value = std::getenv("VOX_GL");
#if defined(__EMSCRIPTEN__)
    return GlDialect::Es; // a browser's WebGL 2 is OpenGL ES 3.0, whatever is asked
#endif
    if (value == nullptr || *value == '\0')
        return GlDialect::Desktop;
    std::string lower(value);
    for (char& c : lower)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (lower == "es")
        return GlDialect::Es;
    if (lower == "desktop")
        return GlDialect::Desktop;
    return Error{
        "VOX_GL is \"" + std::string(value) +
        "\": set it to es (OpenGL ES 3.0, as in browsers) or desktop (OpenGL 3.3 core), or unset it"};
}

} // namespace vox
