#pragma once
// Runs the game with parsed options: finds the data, opens the window, builds the scene, and hands the run
// to the `Runner` (game/runner/runner.h: the per-step logic and the options applied, in a window or
// headless; pacing, drawing).

#include "command_line.h"

#include "vox/core/result.h"
#include "vox/platform/window.h"

namespace invaders {

/// Runs until the window closes, Ctrl+C, the Quit action or `--frames` steps; returns the process exit
/// status: 0 on success, 1 on a fatal error (printed to stderr first).
[[nodiscard]] int runGame(const Options& options);

/// The window `runGame` opens for `options`: the size, headless or not, the GL dialect (`VOX_GL`), no depth
/// buffer, and plain: windowed, the swap interval left as the driver starts it; the runner's first
/// `OptionsApplier` update applies the saved fullscreen and vsync (and alone says when the driver refuses).
/// Fails on a bad `VOX_GL`.
[[nodiscard]] vox::Result<vox::WindowSettings> windowSettings(const Options& options);

} // namespace invaders
