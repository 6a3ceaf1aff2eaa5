#include "vox/platform/data_directory.h"

#include "engine/platform/temp_directory.h"

#include <gtest/gtest.h>

namespace {

using vox::test::ScopedEnvironment;
using vox::test::TempDirectory;

constexpr const char* kDirectoryVariable = "VOX_TEST_SHADER_DIR";
constexpr const char* kRootVariable = "VOX_TEST_DATA_DIR";

vox::DataSearch searchFor(std::vector<vox::DataRoot> roots) {
    return {"shaders", kDirectoryVariable, kRootVariable, std::move(roots)};
}

TEST(FindDataDirectory, FirstExistingRootWins) {
    TempDirectory temp;
    std::filesystem::create_directories(temp.path() / "b" / "shaders");
    std::filesystem::create_directories(temp.path() / "c" / "shaders");
    ScopedEnvironment noDirectory(kDirectoryVariable, nullptr);
    ScopedEnvironment noRoot(kRootVariable, nullptr);
    auto found = vox::findDataDirectory(searchFor(
        {{temp.path() / "a", "first"}, {temp.path() / "b", "second"}, {temp.path() / "c", "third"}}));
    ASSERT_TRUE(found.ok()) << found.error().message;
    EXPECT_EQ(found.value(), temp.path() / "b" / "shaders");
}

TEST(FindDataDirectory, AFileWithTheNameIsNotAFolder) {
    TempDirectory temp;
    temp.write("a/shaders", "not a folder");
    ScopedEnvironment noDirectory(kDirectoryVariable, nullptr);
    ScopedEnvironment noRoot(kRootVariable, nullptr);
    EXPECT_FALSE(vox::findDataDirectory(searchFor({{temp.path() / "a", "first"}})).ok());
}

TEST(FindDataDirectory, FailureListsEveryPathSearchedAndTheVariables) {
    TempDirectory temp;
    ScopedEnvironment noDirectory(kDirectoryVariable, nullptr);
    ScopedEnvironment noRoot(kRootVariable, nullptr);
    auto found = vox::findDataDirectory(
        searchFor({{temp.path() / "one", "next to the executable"}, {temp.path() / "two", "source tree"}}));
    ASSERT_FALSE(found.ok());
    const std::string& message = found.error().message;
    EXPECT_NE(message.find("shaders/"), std::string::npos) << message;
    EXPECT_NE(message.find((temp.path() / "one" / "shaders").string()), std::string::npos) << message;
    EXPECT_NE(message.find("next to the executable"), std::string::npos) << message;
    EXPECT_NE(message.find((temp.path() / "two" / "shaders").string()), std::string::npos) << message;
    EXPECT_NE(message.find("source tree"), std::string::npos) << message;
    EXPECT_NE(message.find(kDirectoryVariable), std::string::npos) << message;
    EXPECT_NE(message.find(kRootVariable), std::string::npos) << message;
}

TEST(FindDataDirectory, DirectoryVariableOverridesTheRoots) {
    TempDirectory temp;
    std::filesystem::create_directories(temp.path() / "root" / "shaders");
    std::filesystem::create_directories(temp.path() / "mine");
    ScopedEnvironment directory(kDirectoryVariable, (temp.path() / "mine").c_str());
    ScopedEnvironment noRoot(kRootVariable, nullptr);
    auto found = vox::findDataDirectory(searchFor({{temp.path() / "root", "root"}}));
    ASSERT_TRUE(found.ok()) << found.error().message;
    EXPECT_EQ(found.value(), temp.path() / "mine");
}

TEST(FindDataDirectory, RootVariableLooksForTheNameInside) {
    TempDirectory temp;
    std::filesystem::create_directories(temp.path() / "data" / "shaders");
    ScopedEnvironment noDirectory(kDirectoryVariable, nullptr);
    ScopedEnvironment root(kRootVariable, (temp.path() / "data").c_str());
    auto found = vox::findDataDirectory(searchFor({}));
    ASSERT_TRUE(found.ok()) << found.error().message;
    EXPECT_EQ(found.value(), temp.path() / "data" / "shaders");
}

TEST(FindDataDirectory, AWrongVariableIsReportedNotSilentlyReplaced) {
    TempDirectory temp;
    std::filesystem::create_directories(temp.path() / "root" /
                                        "shaders"); // would be found without the variable
    ScopedEnvironment directory(kDirectoryVariable, nullptr);
    ScopedEnvironment root(kRootVariable, (temp.path() / "typo").c_str());
    auto found = vox::findDataDirectory(searchFor({{temp.path() / "root", "root"}}));
    ASSERT_FALSE(found.ok());
    EXPECT_NE(found.error().message.find((temp.path() / "typo" / "shaders").string()), std::string::npos)
        << found.error().message;
    EXPECT_NE(found.error().message.find(std::string("$") + kRootVariable), std::string::npos);
}

TEST(ExecutableDirectory, IsTheFolderOfThisTestProgram) {
    const std::optional<std::filesystem::path> directory = vox::executableDirectory();
    ASSERT_TRUE(directory.has_value());
    EXPECT_TRUE(std::filesystem::is_directory(*directory));
    EXPECT_TRUE(std::filesystem::exists(*directory / "engine_platform_tests")) << *directory;
}

} // namespace
