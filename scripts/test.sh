#!/usr/bin/env bash
# Sets up, then builds and tests everything headless: Release with warnings as errors (and every public
# engine header compiled alone under strict warnings, with GCC and Clang); the simulation (invaders_sim) and
# its suites built with GLM alone and shown to reach no SDL2, libepoxy or GL (scripts/check-sim.sh), and built
# with Clang to replay the corpus of runs (tests/data/corpus) step for step (scripts/check-corpus-clang.sh); the engine as its users
# take it (the API reference with Doxygen, the installed CMake package with every example built against it
# from outside the checkout, add_subdirectory from an outside project: scripts/check-engine-package.sh); the web build
# (WebAssembly, preset `web`) run in headless Chromium against the Release game (tests/web/web_page_test.mjs)
# and replaying the corpus of runs step for step (tests/web/corpus_page_test.mjs),
# and every system header it read owned by a package its set-up installs (scripts/check-web-headers.sh); the
# Debian packages built, linted, installed, run and removed (scripts/check-packages.sh);
# the libFuzzer targets built with clang, each run for 60 s (scripts/fuzz.sh); and the `asan` preset (ASan +
# UBSan, halting on the first error) with a short soak (scripts/soak.sh) and the whole suite. See
# docs/robustness.md.
# Usage: scripts/test.sh [release|sim|engine|package|web|fuzz|asan]   (default: all seven; engine and web need
#        release built, package compares with it when it is)
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup-deps.sh test
scripts/check-format.sh
scripts/check-function-size.sh # no function over 80 lines in engine/, game/, samples/

# No display needed: SDL's offscreen driver with Mesa llvmpipe through EGL. VOX_REQUIRE_GL makes the
# GL tests fail, rather than skip, if no context can be made.
export VOX_REQUIRE_GL=1 SDL_VIDEODRIVER=offscreen SDL_AUDIODRIVER=dummy

stages=("${1:-all}")
# asan runs last so that the closing lines are its test summary.
[ $# -eq 0 ] && stages=(release sim engine package web fuzz asan)
for stage in "${stages[@]}"; do
  case "$stage" in
    release | asan)
      echo "=== ${stage}: build and test"
      cmake --preset "$stage" -DVOX_WARNINGS_AS_ERRORS=ON
      cmake --build --preset "$stage" -j"$(nproc)"
      if [ "$stage" = release ]; then
        # Every public header alone, under strict warnings, with Clang too (the build above checked them with
        # GCC: target header_check); headers only, no engine build (cmake/VoxHeaderCheck.cmake).
        cmake -S tests/header_check -B build/header-check-clang -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_C_COMPILER=clang
        cmake --build build/header-check-clang --target header_check -j"$(nproc)"
      fi
      if [ "$stage" = asan ]; then
        scripts/soak.sh 20000
      fi
      ctest --preset "$stage" -j"$(nproc)"
      ;;
    sim)
      echo "=== sim: the simulation and its suites with GLM alone (no SDL2, libepoxy or GL)"
      scripts/check-sim.sh
      # The corpus (tests/data/corpus) step for step with Clang too: vir verify and the corpus suite.
      scripts/check-corpus-clang.sh
      ;;
    engine)
      echo "=== engine: API reference, installed package, examples, add_subdirectory"
      if [ ! -f build/release/CMakeCache.txt ]; then
        echo "scripts/test.sh engine installs the Release build: run scripts/test.sh release first" >&2
        exit 1
      fi
      cmake --build build/release --target api_docs
      scripts/check-engine-package.sh build/release
      ;;
    web)
      # The page's state hash and picture after the attract demo against the Release game's.
      echo "=== web: build and test in headless Chromium"
      if [ ! -x build/release/game/voxel-invaders ]; then
        echo "scripts/test.sh web compares with the Release game: run scripts/test.sh release first" >&2
        exit 1
      fi
      scripts/web.sh --build-only
      scripts/check-web-headers.sh build/web # a bare machine's web.sh installs every header the build reads
      node --experimental-websocket tests/web/web_page_test.mjs build/release/game/voxel-invaders \
        build/web/game build/web/test-output
      # Every corpus run (tests/data/corpus) chosen on the page and played there, every second of its chain
      # checked; a changed copy departs on the page at the second the native vir names.
      node --experimental-websocket tests/web/corpus_page_test.mjs build/release/game/tools/vir build/web/game \
        tests/data/corpus build/web/test-output/corpus
      # The game by touch alone in the page (Input.dispatchTouchEvent): start, move and fire at once, pause.
      node --experimental-websocket tests/web/touch_test.mjs build/web/game build/web/test-output
      ;;
    package) scripts/check-packages.sh ;; # build/package: voxel-invaders and libvox-dev .deb
    fuzz) scripts/fuzz.sh 60 ;;
    *)
      echo "usage: scripts/test.sh [release|sim|engine|package|web|fuzz|asan]" >&2
      exit 2
      ;;
  esac
done
