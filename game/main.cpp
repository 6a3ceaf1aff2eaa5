// voxel-invaders: parses the command line, then runs the game. Exit status: 0 done, 1 fatal error,
// 2 bad command line.
#include "app.h"
#include "command_line.h"
#include "run_commands.h"

#include "vox/voxel/vox_inspect.h"

#include <cstdio>
#include <string>
#include <vector>

int main(int argc, char** argv) {
    const std::vector<std::string> arguments(argv + 1, argv + argc);
    const vox::Result<invaders::Options> options = invaders::parseCommandLine(arguments);
    if (!options) {
        std::fprintf(stderr, "voxel-invaders: %s\n\n%s", options.error().message.c_str(),
                     invaders::usageText().c_str());
        return 2;
    }
    if (options.value().help) {
        std::fputs(invaders::usageText().c_str(), stdout);
        return 0;
    }
    if (options.value().version) {
        std::printf("%s\n", invaders::versionText().c_str());
        return 0;
    }
    if (options.value().inspect) {
        // --inspect: describe a .vox file for artists and tools; a bad file is a fatal error (exit 1).
        const vox::Result<std::string> summary =
            vox::describeVoxFile(*options.value().inspect, options.value().json);
        if (!summary) {
            std::fprintf(stderr, "voxel-invaders: %s\n", summary.error().message.c_str());
            return 1;
        }
        std::fputs(summary.value().c_str(), stdout);
        return 0;
    }
    // --share-code, --verify-scores: answered without a window.
    if (std::optional<int> status = invaders::runCommandWithoutWindow(options.value()))
        return *status;
    return invaders::runGame(options.value());
}
