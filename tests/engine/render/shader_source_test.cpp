#include "vox/render/shader_source.h"

#include "engine/platform/temp_directory.h"

#include <gtest/gtest.h>

namespace {

using vox::test::TempDirectory;

std::string generic(const std::filesystem::path& path) {
    return path.lexically_normal().generic_string();
}

TEST(ShaderSource, FileWithoutIncludesIsUnchanged) {
    TempDirectory temp;
    const std::string text = "// plain\nvoid main() {}\n";
    auto source = vox::loadShaderSource(temp.write("plain.frag", text));
    ASSERT_TRUE(source.ok()) << source.error().message;
    EXPECT_EQ(source.value().text, text);
    ASSERT_EQ(source.value().files.size(), 1u);
}

TEST(ShaderSource, NestedIncludesExpandWithLineDirectives) {
    TempDirectory temp;
    const auto main = temp.write("main.frag", "// main\n#include \"lib/a.glsl\"\nvoid main() {}\n");
    const auto a = temp.write("lib/a.glsl", "// a\n  #  include \"b.glsl\"  // relative to lib/\nfloat a;\n");
    const auto b = temp.write("lib/b.glsl", "float b;\r\n");
    auto source = vox::loadShaderSource(main);
    ASSERT_TRUE(source.ok()) << source.error().message;
    EXPECT_EQ(source.value().text, "// main\n"
                                   "#line 1000001 1\n"
                                   "// a\n"
                                   "#line 2000001 2\n"
                                   "float b;\n"
                                   "#line 1000003 1\n"
                                   "float a;\n"
                                   "#line 3 0\n"
                                   "void main() {}\n");
    ASSERT_EQ(source.value().files.size(), 3u);
    EXPECT_EQ(generic(source.value().files[1]), generic(a));
    EXPECT_EQ(generic(source.value().files[2]), generic(b));
}

// The loader supplies the version line per GL dialect (gl_dialect.h); a file's own is refused with its place.
TEST(ShaderSource, AVersionLineIsRefusedNamingFileAndLine) {
    TempDirectory temp;
    const auto main = temp.write("main.frag", "// main\n#include \"a.glsl\"\n");
    const auto a = temp.write("a.glsl", "// a\n  # version 330 core\n");
    auto source = vox::loadShaderSource(main);
    ASSERT_FALSE(source.ok());
    const std::string& message = source.error().message;
    EXPECT_NE(message.find(generic(a) + ":2:"), std::string::npos) << message;
    EXPECT_NE(message.find("#version"), std::string::npos) << message;
    // A name that merely starts with "version" is no directive.
    EXPECT_TRUE(vox::loadShaderSource(temp.write("ok.frag", "#define versionNumber 3\n")).ok());
}

TEST(ShaderSource, AFileIncludedTwiceIsExpandedOnce) {
    TempDirectory temp;
    const auto main = temp.write("main.frag", "#include \"a.glsl\"\n#include \"common.glsl\"\n");
    temp.write("a.glsl", "#include \"common.glsl\"\n");
    temp.write("common.glsl", "float shared;\n");
    auto source = vox::loadShaderSource(main);
    ASSERT_TRUE(source.ok()) << source.error().message;
    const std::string& text = source.value().text;
    EXPECT_EQ(text.find("float shared;"), text.rfind("float shared;")) << text;
    EXPECT_EQ(source.value().files.size(), 3u);
}

TEST(ShaderSource, MissingIncludeNamesTheIncludingFileAndLine) {
    TempDirectory temp;
    const auto main = temp.write("main.frag", "// main\n\n#include \"nope.glsl\"\n");
    auto source = vox::loadShaderSource(main);
    ASSERT_FALSE(source.ok());
    const std::string& message = source.error().message;
    EXPECT_NE(message.find(generic(main) + ":3:"), std::string::npos) << message;
    EXPECT_NE(message.find("nope.glsl"), std::string::npos) << message;
}

TEST(ShaderSource, IncludeCycleIsAnErrorShowingTheChain) {
    TempDirectory temp;
    const auto main = temp.write("main.frag", "#include \"a.glsl\"\n");
    const auto a = temp.write("a.glsl", "#include \"b.glsl\"\n");
    const auto b = temp.write("b.glsl", "float b;\n#include \"a.glsl\"\n");
    auto source = vox::loadShaderSource(main);
    ASSERT_FALSE(source.ok());
    const std::string& message = source.error().message;
    EXPECT_NE(message.find(generic(b) + ":2: #include cycle"), std::string::npos) << message;
    EXPECT_NE(message.find(generic(a) + " -> " + generic(b) + " -> " + generic(a)), std::string::npos)
        << message;
}

TEST(ShaderSource, SelfIncludeIsACycle) {
    TempDirectory temp;
    const auto main = temp.write("main.frag", "#include \"main.frag\"\n");
    auto source = vox::loadShaderSource(main);
    ASSERT_FALSE(source.ok());
    EXPECT_NE(source.error().message.find("cycle"), std::string::npos) << source.error().message;
}

TEST(ShaderSource, MalformedIncludeNamesFileAndLine) {
    for (const char* directive :
         {"#include nope.glsl", "#include \"unterminated", "#include \"\"", "#include \"a.glsl\" trailing"}) {
        SCOPED_TRACE(directive);
        TempDirectory temp;
        temp.write("a.glsl", "float a;\n");
        const auto main = temp.write("main.frag", std::string("float x;\n") + directive + "\n");
        auto source = vox::loadShaderSource(main);
        ASSERT_FALSE(source.ok());
        EXPECT_NE(source.error().message.find(generic(main) + ":2: malformed #include"), std::string::npos)
            << source.error().message;
    }
}

TEST(ShaderSource, MissingMainFileIsNamed) {
    TempDirectory temp;
    auto source = vox::loadShaderSource(temp.path() / "absent.vert");
    ASSERT_FALSE(source.ok());
    EXPECT_NE(source.error().message.find("absent.vert"), std::string::npos) << source.error().message;
}

TEST(ShaderSource, OversizedFileIsRefused) {
    TempDirectory temp;
    const auto big = temp.write("big.frag", std::string(vox::kMaxShaderFileBytes + 1, ' '));
    auto source = vox::loadShaderSource(big);
    ASSERT_FALSE(source.ok());
    EXPECT_NE(source.error().message.find("big.frag"), std::string::npos) << source.error().message;
}

TEST(ShaderSource, MapLogRewritesDriverPositions) {
    const vox::ShaderSource source{"", {"shaders/main.frag", "shaders/lighting.glsl"}};
    EXPECT_EQ(source.mapLog("1:12(5): error: `foo' undeclared\n"),
              "shaders/lighting.glsl:12:5: error: `foo' undeclared"); // Mesa
    // Mesa names string 0 for some errors inside included code; the encoded line still finds the file.
    EXPECT_EQ(source.mapLog("0:1000012(9): error: `b' undeclared"),
              "shaders/lighting.glsl:12:9: error: `b' undeclared");
    EXPECT_EQ(source.mapLog("0(7) : error C1008: undefined variable \"x\""),
              "shaders/main.frag:7: error C1008: undefined variable \"x\""); // NVIDIA
    EXPECT_EQ(source.mapLog("ERROR: 1:3: 'y' : undeclared identifier"),
              "shaders/lighting.glsl:3: error: 'y' : undeclared identifier"); // AMD / Intel
    EXPECT_EQ(source.mapLog("9:1(1): error: x"), "<source 9>:1:1: error: x"); // out of range: kept visible
    EXPECT_EQ(source.mapLog("0:99999999999999999999(1): x"),
              "0:99999999999999999999(1): x"); // not a position
    EXPECT_EQ(source.mapLog("some other line\n\n"), "some other line");
}

} // namespace
