#!/usr/bin/env bash
# The simulation without a window (invaders_sim, game/sim): configures the checkout with GLM alone (preset
# `sim`: -DVOX_ENGINE_GRAPHICS=OFF, find_package of SDL2, pkg-config and X11 disabled, as on a machine without
# SDL2, libepoxy or GL), builds everything that configuration holds (the engine's core modules, invaders_sim,
# vox-assets and the suites that need no window, invaders_sim_tests among them), runs the suites, and then
# proves that nothing of it reached a graphics library, since a machine that has them installed would
# otherwise build a stray include or link without complaint:
#  1. no header any object read (the compiler's own dependency files, *.o.d) is SDL2's, libepoxy's, GL's,
#     GLES', EGL's, X11's, Dear ImGui's or stb's;
#  2. no link line names such a library, and ldd finds none in the simulation's test executable.
# Usage: scripts/check-sim.sh   (build folder build/sim)
set -euo pipefail
cd "$(dirname "$0")/.."
build=build/sim

fail() {
  echo "check-sim: $*" >&2
  exit 1
}

cmake --preset sim -DVOX_WARNINGS_AS_ERRORS=ON
cmake --build --preset sim -j"$(nproc)"
ctest --preset sim -j"$(nproc)"

for target in invaders_sim invaders_sim_tests; do
  [ -d "$build/game/CMakeFiles/$target.dir" ] || [ -d "$build/tests/CMakeFiles/$target.dir" ] ||
    fail "$target was not configured: the sim preset must build it"
done

mapfile -t depfiles < <(find "$build" -name '*.o.d')
[ "${#depfiles[@]}" -gt 0 ] || fail "no dependency files (*.o.d) in $build: cannot tell which headers were read"
grep -q 'game/sim/simulation.h' "${depfiles[@]}" ||
  fail "no dependency file names game/sim/simulation.h: the simulation's objects were not checked"
graphics_headers='/(SDL2|epoxy|GL|GLES[0-9]*|EGL|KHR|X11|imgui)/|/stb_[a-z_]+\.h'
if found=$(grep -lE "$graphics_headers" "${depfiles[@]}"); then
  for depfile in $found; do
    echo "$depfile read: $(grep -oE "[^ ]*($graphics_headers)[^ ]*" "$depfile" | head -n 3 | tr '\n' ' ')" >&2
  done
  fail "objects of the GLM-alone build read graphics headers (above)"
fi
echo "check-sim: ${#depfiles[@]} objects read no SDL2, libepoxy, GL, EGL, X11, Dear ImGui or stb header"
# invaders_sim's own objects read game/sim's headers, the header-only game/difficulty.h and the engine
# modules it links (core, broadphase, voxel and geometry, which voxel links), nothing else of the game or engine.
sim_depfiles=("$build"/game/CMakeFiles/invaders_sim.dir/sim/*.o.d)
outside=$(grep -ohE '[^ ]*/(game|engine/include/vox)/[^ ]*' "${sim_depfiles[@]}" |
  grep -vE '/game/sim/|/game/difficulty\.h$|/vox/(core|broadphase|voxel|geometry)/' | sort -u || true)
[ -z "$outside" ] || fail "invaders_sim reads headers outside game/sim and the engine modules it links: $outside"
echo "check-sim: invaders_sim reads only game/sim, game/difficulty.h and vox core, broadphase, voxel, geometry"

graphics_libraries='sdl|epoxy|imgui|-lGL|libGL|libEGL|X11|stb'
while IFS= read -r link; do
  if grep -qiE "$graphics_libraries" "$link"; then
    fail "$(dirname "$link") links a graphics library: $(cat "$link")"
  fi
done < <(find "$build" -name link.txt)
test_executable="$build/tests/invaders_sim_tests"
[ -x "$test_executable" ] || fail "$test_executable was not built"
if ldd "$test_executable" | grep -iE 'libSDL|libepoxy|libGL|libEGL|libX11'; then
  fail "$test_executable loads a graphics library (above)"
fi
echo "check-sim: no link line names a graphics library; ldd finds none in invaders_sim_tests"
