#include "engine/render/gl_test_fixture.h"

#include "vox/render/buffer.h"
#include "vox/render/vertex_array.h"

#include <array>

namespace {

using RenderTargetTest = vox::test::GlTest;

constexpr const char* kVertexShader = R"(
layout(location = 0) in vec2 aPosition;
void main() { gl_Position = vec4(aPosition, 0.0, 1.0); }
)";
constexpr const char* kFragmentShader = R"(
uniform vec4 uColor;
out vec4 fragColor;
void main() { fragColor = uColor; }
)";

TEST_F(RenderTargetTest, ClearColourAndTriangleReadBack) {
    constexpr int kSize = 64;
    vox::RenderTarget target = makeTarget(kSize, kSize);
    vox::ShaderProgram program = buildProgram(kVertexShader, kFragmentShader);

    // A triangle over the upper half of the image only, so a read-back that forgets to flip rows fails.
    const std::array<float, 6> triangle = {-0.8f, 0.1f, 0.8f, 0.1f, 0.0f, 0.9f};
    vox::Buffer vertices = vox::Buffer::create();
    vertices.upload(GL_ARRAY_BUFFER, std::span<const float>(triangle));
    vox::VertexArray vertexArray = vox::VertexArray::create();
    vertexArray.setFloatAttribute(0, vertices, 2, 2 * sizeof(float), 0);

    glClearColor(0.2f, 0.4f, 0.6f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    program.use();
    program.set("uColor", glm::vec4(1.0f, 0.6f, 0.0f, 1.0f)); // 0.5 would be 127.5: drivers round either way
    glDrawArrays(GL_TRIANGLES, 0, 3);

    const vox::Image image = target.readImage();
    ASSERT_EQ(image.width, kSize);
    ASSERT_EQ(image.height, kSize);
    // Inside the triangle: at x = centre, 3/4 of the way up (image row 16 from the top).
    EXPECT_EQ(rgba(image, kSize / 2, kSize / 4), "255,153,0,255");
    // Clear colour in the corners and in the lower half (row 48 from the top).
    EXPECT_EQ(rgba(image, 0, 0), "51,102,153,255");
    EXPECT_EQ(rgba(image, kSize - 1, kSize - 1), "51,102,153,255");
    EXPECT_EQ(rgba(image, kSize / 2, 3 * kSize / 4), "51,102,153,255");
    EXPECT_FALSE(image.isUniform());
}

TEST_F(RenderTargetTest, ReadBackMatchesTheRequestedNonSquareSize) {
    vox::RenderTarget target = makeTarget(96, 40);
    glClearColor(1.0f, 0.0f, 0.0f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    const vox::Image image = target.readImage();
    EXPECT_EQ(image.width, 96);
    EXPECT_EQ(image.height, 40);
    EXPECT_EQ(image.rgba.size(), 96u * 40u * 4u);
    EXPECT_TRUE(image.isUniform());
    EXPECT_EQ(rgba(image, 95, 39), "255,0,0,255");
}

TEST_F(RenderTargetTest, BlitScalesIntoTheViewportOnly) {
    vox::RenderTarget source = makeTarget(16, 16);
    glClearColor(0.0f, 1.0f, 0.0f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    vox::RenderTarget destination = makeTarget(64, 32);
    glClearColor(0.0f, 0.0f, 0.0f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);

    const vox::Viewport letterbox = vox::letterboxViewport(64, 32, 1.0); // a 32x32 square in the middle
    source.blitTo(letterbox, destination.framebuffer().name());
    const vox::Image image = destination.readImage();
    EXPECT_EQ(rgba(image, 32, 16), "0,255,0,255");
    EXPECT_EQ(rgba(image, 5, 16), "0,0,0,255");  // left bar
    EXPECT_EQ(rgba(image, 60, 16), "0,0,0,255"); // right bar
}

TEST_F(RenderTargetTest, OversizedTargetIsAnErrorNamingTheSize) {
    vox::Result<vox::RenderTarget> target = vox::RenderTarget::create(1 << 20, 16);
    ASSERT_FALSE(target.ok());
    EXPECT_NE(target.error().message.find("1048576x16"), std::string::npos) << target.error().message;
}

TEST_F(RenderTargetTest, WrappersDeleteTheirNameAndMovesTransferIt) {
    vox::Buffer buffer = vox::Buffer::create();
    const GLuint name = buffer.name();
    ASSERT_NE(name, 0u);
    buffer.bind(GL_ARRAY_BUFFER); // a name only becomes a buffer object once bound
    EXPECT_TRUE(glIsBuffer(name));
    vox::Buffer moved = std::move(buffer);
    EXPECT_EQ(moved.name(), name);
    EXPECT_EQ(buffer.name(), 0u); // NOLINT(bugprone-use-after-move): checking the moved-from state
    moved = vox::Buffer();        // move-assigning an empty wrapper deletes the old name
    EXPECT_FALSE(glIsBuffer(name));
}

} // namespace
