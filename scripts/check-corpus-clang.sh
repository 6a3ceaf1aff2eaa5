#!/usr/bin/env bash
# The corpus (tests/data/corpus) on another compiler: the simulation alone (preset `sim`: GLM, no SDL2 or GL)
# built with Clang, its `vir` run over every corpus run (each must verify: every second of its hash chain
# and its final hash) and the corpus suite run (tests/game/tools/corpus_test.cpp). The GCC builds (release,
# asan) run the same suite in their ctest; the web stage plays the same files in the page.
# Usage: scripts/check-corpus-clang.sh   (build folder build/sim-clang)
set -euo pipefail
cd "$(dirname "$0")/.."
build=build/sim-clang

cmake --preset sim -B "$build" -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_C_COMPILER=clang -DVOX_WARNINGS_AS_ERRORS=ON
cmake --build "$build" --target vir corpus_tests -j"$(nproc)"
grep -q 'set(CMAKE_CXX_COMPILER_ID "Clang")' "$build"/CMakeFiles/*/CMakeCXXCompiler.cmake ||
  { echo "check-corpus-clang: $build is not a Clang build" >&2; exit 1; }
runs=(tests/data/corpus/*.vir)
[ "${#runs[@]}" -ge 20 ] || { echo "check-corpus-clang: only ${#runs[@]} runs in tests/data/corpus" >&2; exit 1; }
for run in "${runs[@]}"; do
  "$build/game/tools/vir" verify "$run" --assets assets
done
"$build/tests/corpus_tests"
echo "check-corpus-clang: ${#runs[@]} corpus runs verified step for step by the Clang build"
