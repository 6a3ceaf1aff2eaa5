#pragma once
// `vir`: a recorded run (a .vir file or a share code) from the command line, with the simulation alone
// (invaders_sim: no window, no OpenGL): its metadata (`vir info`), its verification (`vir verify`) and its
// conversion between the two forms (`vir convert`). docs/run-format.md, "The `vir` tool", and `man vir`
// describe it. `runVir` is the whole tool but the process around it (vir.cpp), so tests drive it in
// process.

#include <filesystem>
#include <iosfwd>
#include <string>
#include <vector>

namespace invaders::vir {

/// Exit status: done (`verify`: the run is verified).
inline constexpr int kExitOk = 0;
/// Exit status of `verify`: the replay departs from its recording.
inline constexpr int kExitDeparts = 1;
/// Exit status: the run cannot be read, a file cannot be written, the models cannot be found, or a bad
/// command line.
inline constexpr int kExitUnreadable = 2;

/// Runs `vir` with `arguments` (those after the program name), printing to `out` and `err`; returns the
/// exit status. `assetFolders`: where `verify` looks for the game's models when `--assets` is not given,
/// most specific first (the first that exists is used).
[[nodiscard]] int runVir(const std::vector<std::string>& arguments, std::ostream& out, std::ostream& err,
                         const std::vector<std::filesystem::path>& assetFolders);

/// The usage text (`vir --help`, and after a command-line error); ends with a newline.
[[nodiscard]] std::string usageText();

} // namespace invaders::vir
