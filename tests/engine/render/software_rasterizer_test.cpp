#include "vox/render/software_rasterizer.h"

#include <gtest/gtest.h>

#include <string_view>

namespace {

struct RendererCase {
    std::string_view glRenderer;
    bool software;
};

// GL_RENDERER strings as drivers report them.
constexpr RendererCase kCases[] = {
    {"llvmpipe (LLVM 15.0.6, 256 bits)", true},
    {"llvmpipe (LLVM 12.0.0, 128 bits)", true},
    {"softpipe", true},
    {"ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero) (0x0000C0DE)), SwiftShader driver)", true},
    {"Google SwiftShader", true},
    {"zink (llvmpipe (LLVM 15.0.6, 256 bits))", true},
    {"Apple Software Renderer", true},
    {"ANGLE (Microsoft, Microsoft Basic Render Driver Direct3D11 vs_5_0 ps_5_0, D3D11)", true},
    {"D3D12 (Microsoft Basic Render Driver)", true},
    {"GDI Generic", true},
    {"Mesa Intel(R) UHD Graphics 620 (KBL GT2)", false},
    {"NVIDIA GeForce RTX 3080/PCIe/SSE2", false},
    {"AMD Radeon RX 6800 XT (navi21, LLVM 15.0.6, DRM 3.49, 6.1.0-13-amd64)", false}, // LLVM, but a GPU
    {"ANGLE (NVIDIA, NVIDIA GeForce RTX 3080 Direct3D11 vs_5_0 ps_5_0, D3D11)", false},
    {"Apple M1", false},
    {"virgl (NVIDIA GeForce RTX 3080/PCIe/SSE2)", false},
    {"", false},
};

TEST(SoftwareRasterizer, TellsCpuRasterisersFromGpusByTheirRendererString) {
    for (const RendererCase& c : kCases)
        EXPECT_EQ(vox::isSoftwareRasterizer(c.glRenderer), c.software) << '"' << c.glRenderer << '"';
}

TEST(SoftwareRasterizer, IgnoresCase) {
    EXPECT_TRUE(vox::isSoftwareRasterizer("LLVMPIPE (LLVM 15.0.6, 256 BITS)"));
    EXPECT_TRUE(vox::isSoftwareRasterizer("swiftshader"));
    EXPECT_FALSE(vox::isSoftwareRasterizer("LLVM"));
}

} // namespace
