#include "vox/render/software_rasterizer.h"

#include "vox/platform/gl.h"

#include <algorithm>
#include <array>
#include <cctype>

namespace vox {

bool isSoftwareRasterizer(std::string_view glRenderer) {
    // Lower-case names of the CPU rasterisers drivers report; a substring anywhere counts, since layers
    // (zink, ANGLE) wrap the name of what they run on.
    constexpr std::array<std::string_view, 9> kSoftware = {
        "llvmpipe",
        "softpipe",
        "swrast",
        "swiftshader",
        "lavapipe",
        "software renderer",
        "software rasterizer",
        "gdi generic",
        "basic render driver",
    };
    std::string lower(glRenderer);
    std::transform(lower.begin(), lower.end(), lower.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return std::any_of(kSoftware.begin(), kSoftware.end(),
                       [&lower](std::string_view name) { return lower.find(name) != std::string::npos; });
}

std::string glRendererName() {
    const auto* name = reinterpret_cast<const char*>(glGetString(GL_RENDERER));
    return name != nullptr ? std::string(name) : std::string();
}

} // namespace vox
