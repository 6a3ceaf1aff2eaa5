#include "vox/render/texel_array.h"

#include "engine/platform/temp_directory.h"
#include "engine/render/gl_test_fixture.h"
#include "vox/render/vertex_array.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <filesystem>
#include <vector>

namespace {

using TexelArrayTest = vox::test::GlTest;
using vox::test::TempDirectory;

// A pixel per element: pixel (x, y) of a kSide-wide target shows element x + y * kSide, its two values'
// low bytes in red and green and their second bytes in blue and alpha, read in a shader through the
// project's shaders/texel_array.glsl, so a row width that differs from TexelArray::kWidth shows.
constexpr int kSide = 128;
constexpr const char* kVertex = R"(
void main() {
    vec2 corner = vec2((gl_VertexID & 1) != 0 ? 3.0 : -1.0, (gl_VertexID & 2) != 0 ? 3.0 : -1.0);
    gl_Position = vec4(corner, 0.0, 1.0);
}
)";

uint32_t valueX(int32_t element) {
    return static_cast<uint32_t>(element) * 2654435761u + 1u;
}

uint32_t valueY(int32_t element) {
    return static_cast<uint32_t>(element) ^ 0x5a5a1234u;
}

TEST_F(TexelArrayTest, ElementsLandWhereTheShaderLooksAndSurviveGrowth) {
    const std::filesystem::path helper = std::filesystem::absolute("shaders/texel_array.glsl");
    ASSERT_TRUE(std::filesystem::exists(helper)) << "tests run from the source tree";
    TempDirectory temp;
    const auto vertex = temp.write("array.vert", kVertex);
    const auto fragment = temp.write("array.frag", "#include \"" + helper.generic_string() + "\"\n" + R"(
uniform usampler2D uArray;
out vec4 fragColor;
void main() {
    int index = int(gl_FragCoord.x) + int(gl_FragCoord.y) * 128;
    uvec2 v = texelFetch(uArray, texelArrayCoord(index), 0).xy;
    fragColor = vec4(uvec4(v.x & 255u, v.y & 255u, (v.x >> 8) & 255u, (v.y >> 8) & 255u)) / 255.0;
}
)");
    vox::Result<vox::ShaderProgram> program = vox::ShaderProgram::load(vertex, fragment);
    ASSERT_TRUE(program.ok()) << program.error().message;

    vox::TexelArray array = vox::TexelArray::create(2, 3000); // 2 rows of 2048
    EXPECT_EQ(array.capacity(), 2 * vox::TexelArray::kWidth);
    std::vector<bool> written(kSide * kSide, false);
    const auto write = [&](int32_t first, int32_t count) {
        std::vector<uint32_t> values;
        for (int32_t element = first; element < first + count; ++element) {
            values.push_back(valueX(element));
            values.push_back(valueY(element));
            written[static_cast<size_t>(element)] = true;
        }
        EXPECT_EQ(array.write(first, values), static_cast<int64_t>(count) * 8);
    };
    write(5, 10);     // inside the first row
    write(2040, 20);  // across the first row's end
    write(2048, 3);   // a row's start (overwrites)
    write(100, 3990); // the rest of the first row and most of the second (up to 4090 of 4096)
    const int64_t grown = array.reserve(10000); // to 8 rows: the contents come along
    EXPECT_EQ(array.capacity(), 8 * vox::TexelArray::kWidth);
    EXPECT_EQ(grown, 8 * vox::TexelArray::kWidth * 8)
        << "growing uploads the new texture whole: what was written, and zeros for the rest (a new "
           "texture's texels are undefined on GPU drivers)";
    EXPECT_EQ(array.reserve(9000), 0) << "enough room: nothing to do";
    write(6000, 2 * vox::TexelArray::kWidth + 7); // a partial row, a whole row, a partial row

    vox::RenderTarget target = makeTarget(kSide, kSide);
    glClearColor(0.0f, 0.0f, 0.0f, 0.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    program.value().use();
    program.value().set("uArray", 3);
    array.bind(3);
    vox::VertexArray empty = vox::VertexArray::create();
    empty.bind();
    glDrawArrays(GL_TRIANGLES, 0, 3);
    glBindVertexArray(0);
    const vox::Image image = target.readImage();

    int mismatches = 0;
    for (int y = 0; y < kSide && mismatches < 5; ++y) {
        for (int x = 0; x < kSide && mismatches < 5; ++x) {
            const int32_t element = x + y * kSide;
            const bool set = written[static_cast<size_t>(element)];
            const uint32_t vx = set ? valueX(element) : 0u;
            const uint32_t vy = set ? valueY(element) : 0u;
            const std::array<uint8_t, 4> expected{
                static_cast<uint8_t>(vx & 255u), static_cast<uint8_t>(vy & 255u),
                static_cast<uint8_t>((vx >> 8) & 255u), static_cast<uint8_t>((vy >> 8) & 255u)};
            // Image rows run from the top; gl_FragCoord.y from the bottom.
            const uint8_t* pixel = image.pixel(x, kSide - 1 - y);
            if (!std::equal(expected.begin(), expected.end(), pixel)) {
                ++mismatches;
                ADD_FAILURE() << "element " << element << (set ? " (written)" : " (never written)")
                              << " reads " << rgba(image, x, kSide - 1 - y);
            }
        }
    }
}

} // namespace
