#!/usr/bin/env bash
# Sets up what the web build (CMake preset `web`) needs, all inside build/web/ apart from Debian packages:
#   - the Debian packages of `scripts/setup-deps.sh web`: emscripten (compiler), cmake, make, the GLM and stb
#     headers, and chromium (the browser the tests run the page in);
#   - an Emscripten config of our own (build/web/toolchain/emscripten.config): Debian's freezes the cache
#     (FROZEN_CACHE = True), but a WebGL 2 / IDBFS link needs a few system libraries it does not ship
#     prebuilt; our cache (build/web/toolchain/cache) links Debian's prebuilt files and adds those;
#   - Debian's SDL2 source (`apt-get source libsdl2`, after adding a deb-src entry when there is none):
#     Emscripten's SDL2 "port" downloads from the internet; the web build compiles this one
#     (cmake/VoxWebDependencies.cmake), into build/web like its own files;
#   - Dear ImGui's sources (`apt-get source imgui`): libimgui-dev ships the core as an x86 library.
# Idempotent: when everything is there it only checks (well under a second). Prints nothing then.
# Usage: scripts/setup-web-deps.sh            (uses sudo when not root)
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD/build/web"
deps="$root/deps"
toolchain="$root/toolchain"

sudo=""
if [ "$(id -u)" -ne 0 ]; then
  sudo="sudo"
fi
export DEBIAN_FRONTEND=noninteractive

# --- Debian packages ---------------------------------------------------------------------------------
# The web set of scripts/setup-deps.sh: emscripten, cmake and make, the headers the build reads from
# /usr/include (GLM, stb: scripts/check-web-headers.sh keeps that list complete), chromium, python3, dpkg-dev.
scripts/setup-deps.sh web
updated=0

# --- Emscripten config and cache ---------------------------------------------------------------------
# Everything emcc needs from the environment is in env.sh (the `web` preset sets the same variables).
mkdir -p "$toolchain"
if [ ! -f "$toolchain/emscripten.config" ]; then
  sed -e 's/^FROZEN_CACHE *=.*/FROZEN_CACHE = False/' /usr/share/emscripten/.emscripten \
    >"$toolchain/emscripten.config.tmp"
  mv "$toolchain/emscripten.config.tmp" "$toolchain/emscripten.config"
fi
if [ ! -d "$toolchain/cache/sysroot" ]; then
  # Symbolic links to Debian's prebuilt cache (750 MB) instead of a copy; what is missing is built here.
  rm -rf "$toolchain/cache.tmp"
  cp -rs /usr/share/emscripten/cache "$toolchain/cache.tmp"
  rm -f "$toolchain/cache.tmp/cache.lock"
  mv "$toolchain/cache.tmp" "$toolchain/cache"
fi
cat >"$toolchain/env.sh.tmp" <<EOF
export EM_CONFIG="$toolchain/emscripten.config"
export EM_CACHE="$toolchain/cache"
export NODE_PATH=/usr/share/nodejs
EOF
mv "$toolchain/env.sh.tmp" "$toolchain/env.sh"
# shellcheck source=/dev/null
. "$toolchain/env.sh"

# --- Debian source packages --------------------------------------------------------------------------
# fetch_source PACKAGE DIR-GLOB: unpacks Debian's source of PACKAGE into $deps/src once.
fetch_source() {
  local package=$1 pattern=$2
  if compgen -G "$deps/src/$pattern/" >/dev/null; then
    return
  fi
  if ! grep -rqs '^ *\(deb-src\|Types:.*deb-src\)' /etc/apt/sources.list /etc/apt/sources.list.d/; then
    echo "Adding a deb-src entry for Debian's archive (/etc/apt/sources.list.d/voxel-invaders-src.sources)"
    local suite
    suite=$(. /etc/os-release && echo "$VERSION_CODENAME")
    $sudo tee /etc/apt/sources.list.d/voxel-invaders-src.sources >/dev/null <<EOF
Types: deb-src
URIs: http://deb.debian.org/debian
Suites: $suite $suite-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
EOF
    updated=0
  fi
  if [ "$updated" -eq 0 ]; then
    $sudo apt-get update -qq
    updated=1
  fi
  rm -rf "$deps/src.tmp"
  mkdir -p "$deps/src.tmp"
  echo "Fetching Debian's source of $package"
  (cd "$deps/src.tmp" && apt-get source -qq "$package" >/dev/null)
  mkdir -p "$deps/src"
  for d in "$deps/src.tmp"/*/; do
    mv "$d" "$deps/src/"
  done
  rm -rf "$deps/src.tmp"
}
fetch_source libsdl2 'libsdl2-*'
fetch_source imgui 'imgui-*'
