#pragma once
/// @file
/// Telling a software rasteriser from a GPU by the driver's GL_RENDERER string.
///
/// A software rasteriser (Mesa's llvmpipe and softpipe, Google's SwiftShader, Microsoft's WARP, Apple's
/// software renderer) shades every pixel on the CPU: what a GPU does in a millisecond takes it tens. A
/// game picks cheaper settings there (fewer samples, a lower render scale); see
/// `RendererSettings::renderScale`.
///
///     const bool software = vox::isSoftwareRasterizer(vox::glRendererName()); // context current

#include <string>
#include <string_view>

namespace vox {

/// True when `glRenderer` (the GL_RENDERER string) names a software rasteriser: it contains, ignoring
/// case, "llvmpipe", "softpipe", "swrast", "SwiftShader", "lavapipe", "Software Renderer" (Apple),
/// "Software Rasterizer", "GDI Generic" or "Basic Render Driver" (Microsoft's WARP). Not "LLVM" alone:
/// Mesa's radeonsi names it too. Also through layers: "zink (llvmpipe ...)" and ANGLE's
/// "ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device ...))" are software. Anything else, the empty string
/// included, is taken for a GPU.
[[nodiscard]] bool isSoftwareRasterizer(std::string_view glRenderer);

/// GL_RENDERER of the current context ("llvmpipe (LLVM 15.0.6, 256 bits)"); empty when the driver gives
/// none. Needs a current GL context.
[[nodiscard]] std::string glRendererName();

} // namespace vox
