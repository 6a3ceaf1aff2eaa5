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

/// Runs `env <environment> voxel-invaders <arguments>` through the shell from the source tree, so
/// `environment` may set (`NAME=value`) or unset (`-u NAME`) variables.
inline ProcessResult runGame(const std::string& arguments, const std::string& environment = "") {
    vox::test::TempDirectory temp;
    const std::string command = "env " + environment + " '" VOX_GAME_EXECUTABLE "' " + arguments + " >'" +
                                (temp.path() / "out").string() + "' 2>'" + (temp.path() / "err").string() +
                                "'";
    const int status = std::system(command.c_str());
    ProcessResult result;
    result.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    result.out = readAll(temp.path() / "out");
    result.err = readAll(temp.path() / "err");
    return result;
}

} // namespace invaders::test
