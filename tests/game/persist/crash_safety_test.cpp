// Saves that are interrupted: a process killed (SIGKILL) in the middle of writing the high-score file, and
// a disk that fills up during the write (simulated with RLIMIT_FSIZE). Either way the file on disk must be
// the old or the new table, never a mix or a torn file: the atomic writer's whole point.
#include "persist/save_files.h"

#include "engine/platform/temp_directory.h"
#include "vox/core/rng.h"

#include <gtest/gtest.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <fstream>
#include <sstream>
#include <string>

namespace {

using invaders::HighScore;
using invaders::HighScoreTable;
using vox::test::readAll;
using vox::test::TempDirectory;

HighScoreTable tableOf(char letter, uint32_t firstScore) {
    HighScoreTable table;
    for (int i = 0; i < HighScoreTable::kCapacity; ++i)
        (void)table.insert(
            HighScore{{letter, letter, letter}, firstScore - 10 * static_cast<uint32_t>(i), 1 + i});
    return table;
}

TEST(CrashSafety, AKillDuringASaveLeavesTheOldOrTheNewFile) {
    TempDirectory temp;
    const auto file = invaders::highScoresPath(temp.path());
    const HighScoreTable first = tableOf('A', 5000);
    const HighScoreTable second = tableOf('B', 9000);
    ASSERT_TRUE(invaders::saveHighScores(file, first).ok());

    constexpr uint64_t kSeed = 8;
    SCOPED_TRACE("seed " + std::to_string(kSeed));
    vox::Rng rng(kSeed);
    for (int round = 0; round < 25; ++round) {
        SCOPED_TRACE("round " + std::to_string(round));
        const pid_t writer = ::fork();
        ASSERT_GE(writer, 0) << "fork failed";
        if (writer == 0) { // the child saves one table, then the other, until it is killed
            for (;;) {
                (void)invaders::saveHighScores(file, second);
                (void)invaders::saveHighScores(file, first);
            }
        }
        ::usleep(static_cast<useconds_t>(200 + rng.next() % 4000));
        ASSERT_EQ(::kill(writer, SIGKILL), 0);
        int status = 0;
        ASSERT_EQ(::waitpid(writer, &status, 0), writer);
        ASSERT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL);

        const invaders::Loaded<HighScoreTable> loaded = invaders::loadHighScores(file);
        EXPECT_TRUE(loaded.warnings.empty()) << loaded.warnings.front() << "\n" << readAll(file);
        EXPECT_TRUE(loaded.value == first || loaded.value == second) << readAll(file);
    }
    // The next save after a kill replaces whatever temporary the killed one left.
    ASSERT_TRUE(invaders::saveHighScores(file, second).ok());
    EXPECT_TRUE(invaders::loadHighScores(file).value == second);
}

TEST(CrashSafety, AFullDiskFailsTheSaveAndKeepsTheOldFile) {
    TempDirectory temp;
    const auto file = invaders::highScoresPath(temp.path());
    const HighScoreTable old = tableOf('A', 5000);
    ASSERT_TRUE(invaders::saveHighScores(file, old).ok());
    const std::string before = readAll(file);

    // In a child, so that the limit does not reach the test runner: files may grow to 64 bytes, and
    // writing past that fails with EFBIG, as a full disk fails with ENOSPC.
    const pid_t child = ::fork();
    ASSERT_GE(child, 0) << "fork failed";
    if (child == 0) {
        std::signal(SIGXFSZ, SIG_IGN);
        const rlimit limit{64, 64};
        if (::setrlimit(RLIMIT_FSIZE, &limit) != 0)
            ::_exit(2);
        const vox::Status saved = invaders::saveHighScores(file, tableOf('B', 9000));
        const bool namesTheFile =
            !saved.ok() && saved.error().message.find(file.string()) != std::string::npos;
        ::_exit(saved.ok() ? 1 : namesTheFile ? 0 : 3);
    }
    int status = 0;
    ASSERT_EQ(::waitpid(child, &status, 0), child);
    ASSERT_TRUE(WIFEXITED(status));
    EXPECT_EQ(WEXITSTATUS(status), 0)
        << "1: the save succeeded; 2: no limit; 3: the error does not name the file";
    EXPECT_EQ(readAll(file), before);
    EXPECT_TRUE(invaders::loadHighScores(file).value == old);
}

} // namespace
