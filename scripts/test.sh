#!/usr/bin/env bash
# Sets up, builds Release with warnings as errors, checks formatting and runs every test headless.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup-deps.sh
cmake --preset release -DVOX_WARNINGS_AS_ERRORS=ON
cmake --build --preset release -j"$(nproc)"
scripts/check-format.sh
# No display needed: SDL's offscreen driver with Mesa llvmpipe through EGL. VOX_REQUIRE_GL makes the
# GL tests fail, rather than skip, if no context can be made.
VOX_REQUIRE_GL=1 SDL_VIDEODRIVER=offscreen SDL_AUDIODRIVER=dummy ctest --preset release -j"$(nproc)"
