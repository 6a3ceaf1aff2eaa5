#!/usr/bin/env bash
# Sets up, then builds and runs every test headless twice: Release with warnings as errors, and the `asan`
# preset (AddressSanitizer + UndefinedBehaviorSanitizer, halting on the first error).
# Usage: scripts/test.sh [release|asan]   (default: both)
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup-deps.sh
scripts/check-format.sh

# No display needed: SDL's offscreen driver with Mesa llvmpipe through EGL. VOX_REQUIRE_GL makes the
# GL tests fail, rather than skip, if no context can be made.
export VOX_REQUIRE_GL=1 SDL_VIDEODRIVER=offscreen SDL_AUDIODRIVER=dummy

presets=("${1:-release}")
[ $# -eq 0 ] && presets=(release asan)
for preset in "${presets[@]}"; do
  echo "=== ${preset}: build and test"
  cmake --preset "$preset" -DVOX_WARNINGS_AS_ERRORS=ON
  cmake --build --preset "$preset" -j"$(nproc)"
  ctest --preset "$preset" -j"$(nproc)"
done
