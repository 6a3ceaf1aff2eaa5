#include "engine/platform/temp_directory.h"
#include "engine/render/gl_test_fixture.h"

#include <gtest/gtest.h>

#include <regex>

namespace {

using ShaderProgramTest = vox::test::GlTest;
using vox::test::TempDirectory;

constexpr const char* kVertexShader = "#version 330 core\nvoid main() { gl_Position = vec4(0.0); }\n";
constexpr const char* kFragmentShader =
    "#version 330 core\nout vec4 color;\nvoid main() { color = vec4(1.0); }\n";

std::string generic(const std::filesystem::path& path) {
    return path.lexically_normal().generic_string();
}

TEST_F(ShaderProgramTest, BrokenShaderErrorNamesFileAndLine) {
    TempDirectory temp;
    const auto vertex = temp.write("ok.vert", kVertexShader);
    const auto fragment = temp.write("broken.frag", "#version 330 core\nout vec4 color;\n\n"
                                                    "void main() {\n"
                                                    "    color = vec4(undefinedThing);\n" // line 5
                                                    "}\n");
    auto program = vox::ShaderProgram::load(vertex, fragment);
    ASSERT_FALSE(program.ok());
    const std::string& message = program.error().message;
    EXPECT_NE(message.find(generic(fragment) + ":5:"), std::string::npos) << message;
    EXPECT_NE(message.find("error"), std::string::npos) << message;
}

TEST_F(ShaderProgramTest, ErrorInAnIncludedFileNamesThatFileAndLine) {
    TempDirectory temp;
    const auto vertex = temp.write("ok.vert", kVertexShader);
    const auto fragment = temp.write("main.frag", "#version 330 core\n"
                                                  "#include \"helpers.glsl\"\n"
                                                  "out vec4 color;\n"
                                                  "void main() { color = vec4(helper()); }\n");
    const auto helpers = temp.write("helpers.glsl", "// helpers\n"
                                                    "float helper() {\n"
                                                    "    return missingName;\n" // line 3
                                                    "}\n");
    auto program = vox::ShaderProgram::load(vertex, fragment);
    ASSERT_FALSE(program.ok());
    const std::string& message = program.error().message;
    EXPECT_NE(message.find(generic(helpers) + ":3:"), std::string::npos) << message;
    // Every reported position is in the include (Mesa names the wrong source string for some of them).
    EXPECT_EQ(message.find(generic(fragment) + ":"), std::string::npos) << message;

    // Fix the include and break main.frag after it: line 5 must map back to main.frag (the #line that
    // follows an include restores its numbering).
    temp.write("helpers.glsl", "float helper() { return 1.0; }\n");
    temp.write("main.frag", "#version 330 core\n"
                            "#include \"helpers.glsl\"\n"
                            "out vec4 color;\n"
                            "void main() { color = vec4(helper()); }\n"
                            "float after = undefinedAfterInclude;\n"); // line 5
    program = vox::ShaderProgram::load(vertex, fragment);
    ASSERT_FALSE(program.ok());
    EXPECT_NE(program.error().message.find(generic(fragment) + ":5:"), std::string::npos)
        << program.error().message;
}

TEST_F(ShaderProgramTest, LinkErrorNamesBothFiles) {
    TempDirectory temp;
    // Each file compiles alone, but the varying's type differs between the stages.
    const auto vertex =
        temp.write("a.vert", "#version 330 core\nout vec3 vValue;\n"
                             "void main() { vValue = vec3(1.0); gl_Position = vec4(0.0); }\n");
    const auto fragment = temp.write("b.frag", "#version 330 core\nin vec4 vValue;\nout vec4 color;\n"
                                               "void main() { color = vValue; }\n");
    auto program = vox::ShaderProgram::load(vertex, fragment);
    ASSERT_FALSE(program.ok());
    const std::string& message = program.error().message;
    EXPECT_NE(message.find("cannot link"), std::string::npos) << message;
    EXPECT_NE(message.find("a.vert"), std::string::npos) << message;
    EXPECT_NE(message.find("b.frag"), std::string::npos) << message;
}

TEST_F(ShaderProgramTest, UniformsAreFoundAndMissingOnesIgnored) {
    vox::ShaderProgram program = buildProgram(
        kVertexShader,
        "#version 330 core\nuniform vec4 uTint;\nout vec4 color;\nvoid main() { color = uTint; }\n");
    ASSERT_NE(program.name(), 0u);
    program.use();
    EXPECT_GE(program.uniformLocation("uTint"), 0);
    EXPECT_EQ(program.uniformLocation("uAbsent"), -1);
    program.set("uAbsent", 1.0f); // must not raise a GL error (checked by the fixture)
    program.set("uTint", glm::vec4(0.25f));
    GLfloat value[4] = {};
    glGetUniformfv(program.name(), program.uniformLocation("uTint"), value);
    EXPECT_FLOAT_EQ(value[2], 0.25f);
}

// Every shader pair in the project's shaders/ folder builds (tests run from the source tree).
TEST_F(ShaderProgramTest, ProjectShadersCompileAndLink) {
    int pairs = 0;
    for (const auto& entry : std::filesystem::directory_iterator("shaders")) {
        if (entry.path().extension() != ".vert")
            continue;
        std::filesystem::path fragment = entry.path();
        fragment.replace_extension(".frag");
        if (!std::filesystem::exists(fragment))
            continue;
        SCOPED_TRACE(entry.path().string());
        auto program = vox::ShaderProgram::load(entry.path(), fragment);
        EXPECT_TRUE(program.ok()) << program.error().message;
        ++pairs;
    }
    EXPECT_GE(pairs, 1);
}

} // namespace
