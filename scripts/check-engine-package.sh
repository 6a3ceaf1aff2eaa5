#!/usr/bin/env bash
# The engine as engine programmers take it (docs/engine.md), checked from outside the checkout's build:
#  1. the installed package: installs the engine of BUILD_DIR (the "development" component) into a temporary
#     prefix, then configures, builds and runs each example of examples/, and samples/, as a project of its
#     own against it (find_package(vox)). hello_tree and hello_voxels are configured as on a machine without SDL2, libepoxy
#     or Dear ImGui (find_package and pkg-config of those disabled), and hello_tree's link line must name
#     none of them, nor GL.
#  2. add_subdirectory: a tiny outside project (tests/consumers/add_subdirectory) takes the checkout with
#     add_subdirectory and must build only the engine; once more with -DVOX_ENGINE_GRAPHICS=OFF and SDL2 and
#     pkg-config disabled, as on a machine with GLM alone.
#  3. copying the tree's files: hello_tree compiled with a bare compiler from the files docs/engine.md lists
#     ("Copying the tree's files") and nothing else of the checkout.
# Usage: scripts/check-engine-package.sh [BUILD_DIR]    (default build/release, already built)
#        scripts/check-engine-package.sh --prefix DIR   (step 1 alone, against the engine already installed in
#                                                       DIR, e.g. /usr from the libvox-dev package)
set -euo pipefail
cd "$(dirname "$0")/.."
checkout=$PWD
installed=""
if [ "${1:-}" = --prefix ]; then
  installed=${2:?--prefix needs the folder the engine is installed in}
  set -- "$installed"
fi
build=${1:-build/release}
work=$(mktemp -d /tmp/vox-engine-package.XXXXXX)
trap 'rm -rf "$work"' EXIT
prefix="$work/prefix"
jobs=$(nproc)

fail() {
  echo "check-engine-package: $*" >&2
  exit 1
}
without_graphics=(-DCMAKE_DISABLE_FIND_PACKAGE_SDL2=ON -DCMAKE_DISABLE_FIND_PACKAGE_PkgConfig=ON)

if [ -n "$installed" ]; then
  prefix=$installed
  echo "=== engine package: the engine installed in ${prefix}"
else
  echo "=== engine package: install ${build} into ${prefix}"
  cmake --install "$build" --prefix "$prefix" --component development >"$work/install.log" ||
    { cat "$work/install.log"; fail "cmake --install failed"; }
fi

for example in examples/*/; do
  name=$(basename "$example")
  echo "=== engine package: ${name} against the installed package"
  cp -r "$example" "$work/$name" # outside the checkout, as a user's own project
  args=(-DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_BUILD_TYPE=Release)
  case "$name" in hello_tree | hello_voxels) args+=("${without_graphics[@]}") ;; esac
  cmake -S "$work/$name" -B "$work/$name/build" "${args[@]}" >"$work/$name.configure.log" ||
    { cat "$work/$name.configure.log"; fail "$name: configure failed"; }
  cmake --build "$work/$name/build" -j"$jobs" >"$work/$name.build.log" ||
    { cat "$work/$name.build.log"; fail "$name: build failed"; }
  run=("$work/$name/build/$name")
  [ "$name" = hello_window ] && run+=(--frames 90 --screenshot "$work/hello_window.png")
  "${run[@]}" || fail "$name exited with $?"
done

echo "=== engine package: samples/ (vox-samples) against the installed package"
cp -r samples "$work/samples"
cmake -S "$work/samples" -B "$work/samples/build" -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_BUILD_TYPE=Release \
  -DVOX_SAMPLES_ASSETS_DIR="$checkout/assets" >"$work/samples.configure.log" ||
  { cat "$work/samples.configure.log"; fail "samples: configure failed"; }
cmake --build "$work/samples/build" -j"$jobs" --target vox-samples >"$work/samples.build.log" ||
  { cat "$work/samples.build.log"; fail "samples: build failed"; }
"$work/samples/build/vox-samples" --list >"$work/samples.list" || fail "vox-samples --list failed"
first_scene=$(head -n 1 "$work/samples.list")
"$work/samples/build/vox-samples" --scene "$first_scene" --headless --frames 10 --stats >/dev/null ||
  fail "vox-samples --scene $first_scene failed against the installed package"

link_line=$(cat "$work/hello_tree/build/CMakeFiles/hello_tree.dir/link.txt")
if grep -qiE 'sdl|epoxy|imgui|lGL|libGL|stb' <<<"$link_line"; then
  fail "hello_tree links more than vox::broadphase needs: $link_line"
fi
echo "hello_tree's link line names no SDL2, epoxy, GL, stb or ImGui library"
if [ -n "$installed" ]; then
  echo "engine package: every example built and ran against the engine in ${prefix}"
  exit 0
fi
if [ -f "$work/hello_window.png" ]; then
  mkdir -p "$build/examples-output" && cp "$work/hello_window.png" "$build/examples-output/"
fi

echo "=== engine package: add_subdirectory on the checkout (engine only)"
consumer=tests/consumers/add_subdirectory
cmake -S "$consumer" -B "$work/subdir" -DVOX_CHECKOUT="$checkout" >"$work/subdir.configure.log" ||
  { cat "$work/subdir.configure.log"; fail "add_subdirectory consumer: configure failed"; }
cmake --build "$work/subdir" -j"$jobs" >"$work/subdir.build.log" ||
  { cat "$work/subdir.build.log"; fail "add_subdirectory consumer: build failed"; }
"$work/subdir/consumer"

echo "=== engine package: add_subdirectory with GLM alone (-DVOX_ENGINE_GRAPHICS=OFF)"
cmake -S "$consumer" -B "$work/subdir-glm" -DVOX_CHECKOUT="$checkout" -DVOX_ENGINE_GRAPHICS=OFF \
  "${without_graphics[@]}" >"$work/subdir-glm.configure.log" ||
  { cat "$work/subdir-glm.configure.log"; fail "add_subdirectory consumer (GLM alone): configure failed"; }
cmake --build "$work/subdir-glm" -j"$jobs" >"$work/subdir-glm.build.log" ||
  { cat "$work/subdir-glm.build.log"; fail "add_subdirectory consumer (GLM alone): build failed"; }
"$work/subdir-glm/consumer"
echo "=== engine package: hello_tree from a copy of the tree's files alone"
tree_files=(
  engine/include/vox/core/assert.h engine/include/vox/core/result.h engine/src/core/assert.cpp
  engine/include/vox/broadphase/aabb.h engine/include/vox/broadphase/broadphase.h
  engine/include/vox/broadphase/dynamic_aabb_tree.h engine/include/vox/broadphase/iaabb.h
  engine/include/vox/broadphase/proxy_id.h engine/include/vox/broadphase/proxy_filter.h
  engine/include/vox/broadphase/pair_tracker.h engine/src/broadphase/box_error.h engine/src/broadphase/box_error.cpp
  engine/src/broadphase/dynamic_aabb_tree.cpp engine/src/broadphase/dynamic_aabb_tree_grid.cpp
  engine/src/broadphase/dynamic_aabb_tree_visit.cpp engine/src/broadphase/pair_tracker.cpp
)
mkdir -p "$work/copied"
for file in "${tree_files[@]}"; do
  mkdir -p "$work/copied/$(dirname "${file#engine/}")"
  cp "$file" "$work/copied/${file#engine/}"
done
mapfile -t copied_sources < <(find "$work/copied/src" -name '*.cpp')
c++ -std=c++20 -O2 -I"$work/copied/include" -I"$work/copied/src" examples/hello_tree/hello_tree.cpp \
  "${copied_sources[@]}" -o "$work/hello_tree_copied" || fail "hello_tree does not build from the copied tree files"
"$work/hello_tree_copied" >/dev/null || fail "hello_tree built from the copied tree files failed"
echo "hello_tree builds and runs from ${#tree_files[@]} copied files"
echo "engine package: every example and consumer built and ran"
