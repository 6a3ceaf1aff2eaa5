#!/usr/bin/env bash
# Sets up, builds Release and starts the game. Extra arguments go to the game (try --help).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup-deps.sh
cmake --preset release >/dev/null
cmake --build --preset release -j"$(nproc)"
exec build/release/game/voxel-invaders "$@"
