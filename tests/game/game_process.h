#pragma once
// Test helper: runs the built voxel-invaders executable as a subprocess, the way players and scripts do,
// capturing its exit code, stdout and stderr.

#include "engine/platform/temp_directory.h"

#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace invaders::test {

using vox::test::readAll;

struct ProcessResult {
    int exitCode = -1; ///< -1 when the process did not exit normally (a signal: a crash).
    std::string out;
    std::string err;
};

/// Exit status of a `runGame` that ran past its time limit (that of coreutils' `timeout`).
inline constexpr int kTimedOut = 124;

/// Runs `env <environment> voxel-invaders <arguments>` through the shell from the source tree, so
/// `environment` may set (`NAME=value`) or unset (`-u NAME`) variables. With `timeLimitSeconds` > 0, a run
/// still going after that long is stopped (SIGTERM, then SIGKILL 5 s later) and exits `kTimedOut`: for
/// tests of runs that must end by themselves.
inline ProcessResult runGame(const std::string& arguments, const std::string& environment = "",
                             int timeLimitSeconds = 0) {
    vox::test::TempDirectory temp;
    const std::string limit =
        timeLimitSeconds > 0 ? "timeout --kill-after=5 " + std::to_string(timeLimitSeconds) + " " : "";
    const std::string command = "env " + environment + " " + limit + "'" VOX_GAME_EXECUTABLE "' " +
                                arguments + " >'" + (temp.path() / "out").string() + "' 2>'" +
                                (temp.path() / "err").string() + "'";
    const int status = std::system(command.c_str());
    ProcessResult result;
    result.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    result.out = readAll(temp.path() / "out");
    result.err = readAll(temp.path() / "err");
    return result;
}

} // namespace invaders::test
