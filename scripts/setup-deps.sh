#!/usr/bin/env bash
# Installs the Debian packages voxel-invaders needs to build, play and test (only the missing ones).
# Usage: scripts/setup-deps.sh            (uses sudo when not root)
set -euo pipefail

packages=(
  build-essential cmake pkg-config git          # toolchain
  libsdl2-dev                                   # window, input, game controllers, audio
  libepoxy-dev                                  # OpenGL function loading
  libglm-dev                                    # vector maths
  libimgui-dev                                  # Dear ImGui: debug overlay, menus, HUD glyphs
  libstb-dev                                    # PNG read/write (screenshots, golden images)
  libgl1-mesa-dri libegl1 libegl-mesa0          # Mesa llvmpipe through EGL: headless rendering
  libgles2                                      # OpenGL ES 3.0 contexts (VOX_GL=es, the "gles." tests)
  libgtest-dev libgmock-dev                     # tests
  xvfb                                          # tests: a real X11 window (window_x11_test.cpp)
  libbenchmark-dev                              # benchmarks
  libbox2d-dev libbullet-dev                    # benchmark peers only (bench/)
  python3-matplotlib                            # scripts/plot_benchmarks.py (docs/benchmarks.md's plot)
  clang-format                                  # style check run by the tests script
  clang libclang-rt-dev                         # libFuzzer targets (scripts/fuzz.sh, run by the tests script)
)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

echo "Installing: ${missing[*]}"
sudo=""
if [ "$(id -u)" -ne 0 ]; then
  sudo="sudo"
fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
