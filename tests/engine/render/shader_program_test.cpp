#include "engine/platform/temp_directory.h"
#include "engine/render/gl_test_fixture.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace {

using ShaderProgramTest = vox::test::GlTest;
using vox::test::TempDirectory;

constexpr const char* kVertexShader = "// test\nvoid main() { gl_Position = vec4(0.0); }\n";
constexpr const char* kFragmentShader = "// test\nout vec4 color;\nvoid main() { color = vec4(1.0); }\n";

std::string generic(const std::filesystem::path& path) {
    return path.lexically_normal().generic_string();
}

TEST_F(ShaderProgramTest, BrokenShaderErrorNamesFileAndLine) {
    TempDirectory temp;
    const auto vertex = temp.write("ok.vert", kVertexShader);
    const auto fragment = temp.write("broken.frag", "// test\nout vec4 color;\n\n"
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
    const auto fragment = temp.write("main.frag", "// test\n"
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
    temp.write("main.frag", "// test\n"
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
    // Each file compiles alone, but a uniform has one type in one stage and another in the other (every
    // driver refuses that; a varying's type mismatch, say, NVIDIA's links anyway).
    const auto vertex = temp.write("a.vert", "// test\nuniform float uValue;\n"
                                             "void main() { gl_Position = vec4(uValue); }\n");
    const auto fragment = temp.write("b.frag", "// test\nuniform vec2 uValue;\nout vec4 color;\n"
                                               "void main() { color = vec4(uValue, 0.0, 1.0); }\n");
    auto program = vox::ShaderProgram::load(vertex, fragment);
    ASSERT_FALSE(program.ok());
    const std::string& message = program.error().message;
    EXPECT_NE(message.find("cannot link"), std::string::npos) << message;
    EXPECT_NE(message.find("a.vert"), std::string::npos) << message;
    EXPECT_NE(message.find("b.frag"), std::string::npos) << message;
}

TEST_F(ShaderProgramTest, UniformsAreFoundAndMissingOnesIgnored) {
    vox::ShaderProgram program = buildProgram(
        kVertexShader, "// test\nuniform vec4 uTint;\nout vec4 color;\nvoid main() { color = uTint; }\n");
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

// Every shader in the project's shaders/ folder compiles and links with its partner, in the dialect of the
// suite's context (CTest runs this suite on desktop GL 3.3 core and, as "gles.", on OpenGL ES 3.0; tests run
// from the source tree). A vertex shader's partner is the fragment shader of the same name, or the one named
// below; every file must take part, so a new shader without a partner fails here until it gets one.
TEST_F(ShaderProgramTest, EveryProjectShaderBuildsInTheContextsDialect) {
    const vox::Result<vox::GlDialect> wanted = vox::glDialectFromEnvironment();
    ASSERT_TRUE(wanted.ok()) << wanted.error().message;
    ASSERT_EQ(dialect(), wanted.value()) << window().glDescription();
    const std::map<std::string, std::string> partners{{"sprite.vert", "voxel.frag"},
                                                      {"fullscreen.vert", "sky_gradient.frag"}};

    std::set<std::string> unused;
    std::vector<std::filesystem::path> vertexShaders;
    for (const auto& entry : std::filesystem::directory_iterator("shaders")) {
        const std::filesystem::path extension = entry.path().extension();
        if (extension == ".vert" || extension == ".frag")
            unused.insert(entry.path().filename().string());
        if (extension == ".vert")
            vertexShaders.push_back(entry.path());
    }
    std::sort(vertexShaders.begin(), vertexShaders.end());
    for (const std::filesystem::path& vertex : vertexShaders) {
        std::filesystem::path fragment = vertex;
        fragment.replace_extension(".frag");
        if (const auto partner = partners.find(vertex.filename().string()); partner != partners.end())
            fragment = vertex.parent_path() / partner->second;
        SCOPED_TRACE(vertex.string() + " + " + fragment.string() + " on " + window().glDescription());
        auto program = vox::ShaderProgram::load(vertex, fragment);
        EXPECT_TRUE(program.ok()) << program.error().message;
        unused.erase(vertex.filename().string());
        unused.erase(fragment.filename().string());
    }
    EXPECT_GE(vertexShaders.size(), 6u);
    for (const std::string& file : unused)
        ADD_FAILURE() << "shaders/" << file << " is in no program this test builds; give it a partner";
}

// The preamble (version and precision lines) does not shift the line numbers of the file's errors.
TEST_F(ShaderProgramTest, ErrorLinesAreTheFilesInEitherDialect) {
    TempDirectory temp;
    const auto vertex = temp.write("ok.vert", kVertexShader);
    const auto fragment = temp.write("first.frag", "float broken = missingOnLineOne;\n"
                                                   "out vec4 color;\n"
                                                   "void main() { color = vec4(broken); }\n");
    auto program = vox::ShaderProgram::load(vertex, fragment);
    ASSERT_FALSE(program.ok());
    EXPECT_NE(program.error().message.find(generic(fragment) + ":1:"), std::string::npos)
        << program.error().message;
}

} // namespace
