#!/usr/bin/env bash
# Builds the game for the browser (WebAssembly + WebGL 2; CMake preset `web`, Debian's Emscripten) and serves
# it on 127.0.0.1, printing the address to open. Everything it needs is set up first
# (scripts/setup-web-deps.sh: emscripten and chromium from apt, SDL2 for wasm built once into build/web).
# Usage: scripts/web.sh [--build-only] [--port N]
#   --build-only  build, print where the page is, and exit
#   --port N      serve on port N (default 8080)
set -euo pipefail
cd "$(dirname "$0")/.."

build_only=0
port=8080
while [ $# -gt 0 ]; do
  case "$1" in
    --build-only) build_only=1 ;;
    --port)
      port="${2:?--port needs a number}"
      shift
      ;;
    *)
      echo "usage: scripts/web.sh [--build-only] [--port N]" >&2
      exit 2
      ;;
  esac
  shift
done

scripts/setup-web-deps.sh
cmake --preset web >/dev/null
cmake --build --preset web -j"$(nproc)"
page="$PWD/build/web/game/index.html"
if [ "$build_only" -eq 1 ]; then
  echo "The page: $page (with voxel-invaders.js, .wasm and .data beside it; serve the folder over HTTP)"
  exit 0
fi
echo "voxel-invaders in the browser: http://127.0.0.1:$port/   (Ctrl+C stops the server)"
exec python3 -m http.server "$port" --bind 127.0.0.1 --directory build/web/game
