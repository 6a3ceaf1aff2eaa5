#!/usr/bin/env bash
# Sets up what playing needs (scripts/setup-deps.sh play: a compiler, CMake, SDL2, libepoxy, GLM, Dear ImGui,
# stb, Mesa), builds the game alone in Release (CMake preset `play`: no tests, benchmarks, examples or docs)
# and starts it. Extra arguments go to the game (try --help).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup-deps.sh play
cmake --preset play >/dev/null
cmake --build --preset play -j"$(nproc)"
exec build/play/game/voxel-invaders "$@"
