#pragma once
/// @file
/// `runMainLoop`: who calls a program's frames. On the desktop the program does, in a plain loop; a browser
/// does not let a page loop (nothing would be drawn, no input would arrive), so there the frames are handed
/// to it and it calls one per display refresh (`requestAnimationFrame`, through Emscripten).
///
/// One implementation per target, chosen by the build (main_loop.cpp, main_loop_web.cpp).

#include <functional>

namespace vox {

/// How the frames of `runMainLoop` are paced.
enum class LoopPacing {
    Display,     ///< One frame per display refresh (in a browser: each animation frame).
    AsFastAsCan, ///< Back to back with nothing to wait for (headless runs); in a browser the page waits.
};

/// Calls `frame` until it returns false, then `finish`, whose result is the program's exit status.
/// Desktop: returns that status. Browser with `LoopPacing::Display`: never returns to its caller (whose
/// locals stay alive, as the loop still uses them); after `finish` the program exits with the status, and
/// the page learns it through Emscripten's `Module.onExit`.
int runMainLoop(const std::function<bool()>& frame, const std::function<int()>& finish, LoopPacing pacing);

} // namespace vox
