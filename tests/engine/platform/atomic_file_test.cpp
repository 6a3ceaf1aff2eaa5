#include "vox/platform/atomic_file.h"

#include "engine/platform/temp_directory.h"

#include <gtest/gtest.h>
#include <sys/stat.h>

#include <cstring>
#include <fstream>
#include <sstream>

namespace {

using vox::test::readAll;
using vox::test::TempDirectory;

bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

TEST(WriteFileAtomically, CreatesTheFileAndLeavesNoTemporary) {
    TempDirectory temp;
    const auto target = temp.path() / "scores.txt";
    ASSERT_TRUE(vox::writeFileAtomically(target, "hello\n").ok());
    EXPECT_EQ(readAll(target), "hello\n");
    EXPECT_FALSE(std::filesystem::exists(temp.path() / "scores.txt.tmp"));
}

TEST(WriteFileAtomically, ReplacesAnExistingFileAndAStaleTemporary) {
    TempDirectory temp;
    const auto target = temp.write("scores.txt", "old contents that are longer than the new ones");
    temp.write("scores.txt.tmp", "left over from a crash");
    ASSERT_TRUE(vox::writeFileAtomically(target, "new").ok());
    EXPECT_EQ(readAll(target), "new");
    EXPECT_FALSE(std::filesystem::exists(temp.path() / "scores.txt.tmp"));
}

TEST(WriteFileAtomically, WhenTheTemporaryCannotBeCreatedTheOldFileStays) {
    TempDirectory temp;
    const auto target = temp.write("scores.txt", "old");
    std::filesystem::create_directory(temp.path() / "scores.txt.tmp"); // open(O_WRONLY) fails: EISDIR
    const vox::Status status = vox::writeFileAtomically(target, "new");
    ASSERT_FALSE(status.ok());
    EXPECT_TRUE(contains(status.error().message, (temp.path() / "scores.txt.tmp").string()))
        << status.error().message;
    EXPECT_TRUE(contains(status.error().message, std::strerror(EISDIR))) << status.error().message;
    EXPECT_EQ(readAll(target), "old");
}

TEST(WriteFileAtomically, WhenTheRenameFailsTheTargetStaysAndTheTemporaryIsRemoved) {
    TempDirectory temp;
    const auto target = temp.path() / "scores.txt";
    temp.write("scores.txt/keep.txt", "inside"); // the target is a non-empty folder: rename() fails
    const vox::Status status = vox::writeFileAtomically(target, "new");
    ASSERT_FALSE(status.ok());
    EXPECT_TRUE(contains(status.error().message, target.string())) << status.error().message;
    EXPECT_EQ(readAll(target / "keep.txt"), "inside");
    EXPECT_FALSE(std::filesystem::exists(temp.path() / "scores.txt.tmp"));
}

TEST(WriteFileAtomically, AnUnwritableLocationIsAnErrorNamingThePathAndReason) {
    TempDirectory temp;
    temp.write("not-a-folder", "a regular file");
    const auto target = temp.path() / "not-a-folder" / "scores.txt";
    const vox::Status status = vox::writeFileAtomically(target, "new");
    ASSERT_FALSE(status.ok());
    EXPECT_TRUE(contains(status.error().message, target.string())) << status.error().message;
    EXPECT_TRUE(contains(status.error().message, std::strerror(ENOTDIR))) << status.error().message;
}

TEST(WriteFileAtomically, AReadOnlyFolderIsAnErrorAndTheOldFileStays) {
    TempDirectory temp;
    const auto folder = temp.path() / "read-only";
    const auto target = temp.write("read-only/scores.txt", "old");
    std::filesystem::permissions(folder, std::filesystem::perms(0555));
    // Root (as in CI containers) may write into a 0555 folder anyway; then a folder that is a regular file
    // stands in for the unwritable location, so the failure path is always exercised.
    const bool chmodProtects = ::access(folder.c_str(), W_OK) != 0;
    SCOPED_TRACE(chmodProtects ? "using a 0555 folder" : "running as root: using a file as the folder");
    const auto blocked = chmodProtects ? target : temp.write("file", "x") / "scores.txt";
    const vox::Status status = vox::writeFileAtomically(blocked, "new");
    std::filesystem::permissions(folder, std::filesystem::perms(0755)); // so the cleanup can delete it
    ASSERT_FALSE(status.ok());
    EXPECT_TRUE(contains(status.error().message, blocked.string() + ".tmp")) << status.error().message;
    EXPECT_EQ(readAll(target), "old");
}

TEST(ReadSmallFile, AMissingFileIsNothingNotAnError) {
    TempDirectory temp;
    auto read = vox::readSmallFile(temp.path() / "missing.txt", 100);
    ASSERT_TRUE(read.ok()) << read.error().message;
    EXPECT_FALSE(read.value().has_value());
}

TEST(ReadSmallFile, ReadsTheExactBytes) {
    TempDirectory temp;
    const std::string bytes("line\r\nwith\0nul\xff", 15); // CR, NUL and non-UTF-8 bytes survive
    const auto path = temp.write("data.bin", bytes);
    auto read = vox::readSmallFile(path, 100);
    ASSERT_TRUE(read.ok()) << read.error().message;
    ASSERT_TRUE(read.value().has_value());
    EXPECT_EQ(*read.value(), bytes);
}

TEST(ReadSmallFile, AFileOverTheLimitIsAnError) {
    TempDirectory temp;
    const auto path = temp.write("big.txt", std::string(10'000, 'x'));
    auto read = vox::readSmallFile(path, 9'999);
    ASSERT_FALSE(read.ok());
    EXPECT_TRUE(contains(read.error().message, path.string())) << read.error().message;
    EXPECT_TRUE(vox::readSmallFile(path, 10'000).ok());
}

TEST(ReadSmallFile, FoldersAndFifosAreErrorsNotHangs) {
    TempDirectory temp;
    std::filesystem::create_directory(temp.path() / "folder");
    auto folder = vox::readSmallFile(temp.path() / "folder", 100);
    ASSERT_FALSE(folder.ok());
    EXPECT_TRUE(contains(folder.error().message, (temp.path() / "folder").string()));

    const auto fifo = temp.path() / "fifo";
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    auto pipe = vox::readSmallFile(fifo, 100);
    ASSERT_FALSE(pipe.ok());
    EXPECT_TRUE(contains(pipe.error().message, "not a regular file")) << pipe.error().message;
}

TEST(KeepAside, MovesTheFileToTheFirstFreeNumberAndNeverOverwrites) {
    TempDirectory temp;
    const auto path = temp.write("settings.txt", "first bad");
    auto first = vox::keepAside(path);
    ASSERT_TRUE(first.ok()) << first.error().message;
    EXPECT_EQ(first.value(), temp.path() / "settings.txt.corrupt-1");
    EXPECT_FALSE(std::filesystem::exists(path));

    temp.write("settings.txt.corrupt-2", "someone else's");
    temp.write("settings.txt", "second bad");
    auto second = vox::keepAside(path);
    ASSERT_TRUE(second.ok()) << second.error().message;
    EXPECT_EQ(second.value(), temp.path() / "settings.txt.corrupt-3");
    EXPECT_EQ(readAll(temp.path() / "settings.txt.corrupt-1"), "first bad");
    EXPECT_EQ(readAll(temp.path() / "settings.txt.corrupt-2"), "someone else's");
    EXPECT_EQ(readAll(temp.path() / "settings.txt.corrupt-3"), "second bad");
}

TEST(KeepAside, UsesTheLabelAndFailsClearlyForAMissingFile) {
    TempDirectory temp;
    const auto path = temp.write("scores.txt", "x");
    auto kept = vox::keepAside(path, "unreadable");
    ASSERT_TRUE(kept.ok()) << kept.error().message;
    EXPECT_EQ(kept.value(), temp.path() / "scores.txt.unreadable-1");

    auto missing = vox::keepAside(temp.path() / "missing.txt");
    ASSERT_FALSE(missing.ok());
    EXPECT_TRUE(contains(missing.error().message, (temp.path() / "missing.txt").string()));
    EXPECT_TRUE(contains(missing.error().message, std::strerror(ENOENT))) << missing.error().message;
}

} // namespace
