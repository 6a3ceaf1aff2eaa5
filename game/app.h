#pragma once
// Runs the game with parsed options: finds the data, opens the window, builds the scene, and hands the run
// to the `Runner` (game/runner/runner.h: the per-step logic and the options applied, in a window or
// headless; pacing, drawing).

#include "command_line.h"

namespace invaders {

/// Runs until the window closes, Ctrl+C, the Quit action or `--frames` steps; returns the process exit
/// status: 0 on success, 1 on a fatal error (printed to stderr first).
[[nodiscard]] int runGame(const Options& options);

} // namespace invaders
