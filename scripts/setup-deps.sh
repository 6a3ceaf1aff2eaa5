#!/usr/bin/env bash
# Installs the Debian packages a purpose needs (only the missing ones), so that each command sets up no more
# than it uses:
#   play  build and run the game: a compiler, CMake, SDL2, libepoxy, GLM, Dear ImGui, stb, Mesa (scripts/play.sh)
#   package  build the Debian packages (cmake --build --preset package): play's set, dpkg-dev and file
#   test  everything scripts/test.sh builds and checks: package's set, plus GoogleTest, Google Benchmark and
#         its peers, clang (fuzzing), clang-format, Universal Ctags, Doxygen, Xvfb, lintian and the desktop
#         and AppStream validators (the default)
#   web   the browser build (scripts/web.sh, scripts/setup-web-deps.sh): Emscripten, CMake and make, and
#         every header the web build reads from the system (GLM, stb), plus Chromium for its test
# Usage: scripts/setup-deps.sh [play|package|test|web] [--list]   (uses sudo when not root)
#   --list  print the purpose's packages, one a line, and install nothing
set -euo pipefail

play=(
  build-essential cmake pkg-config              # toolchain
  libsdl2-dev                                   # window, input, game controllers, audio
  libepoxy-dev                                  # OpenGL function loading
  libglm-dev                                    # vector maths
  libimgui-dev                                  # Dear ImGui: debug overlay, menus, HUD glyphs
  libstb-dev                                    # PNG read/write (screenshots, golden images)
  libgl1-mesa-dri libegl1 libegl-mesa0          # Mesa: OpenGL 3.3 on any GPU or none (llvmpipe), EGL headless
)
package=(
  "${play[@]}"
  dpkg-dev file                                 # Debian packages with CPack (dpkg-shlibdeps; file finds the ELF files)
)
test=(
  "${package[@]}"
  libgles2                                      # OpenGL ES 3.0 contexts (VOX_GL=es, the "gles." tests)
  libgtest-dev libgmock-dev                     # tests
  xvfb                                          # tests: a real X11 window (window_x11_test.cpp, the package stage)
  libbenchmark-dev                              # benchmarks
  libbox2d-dev libbullet-dev                    # benchmark peers only (bench/)
  python3-matplotlib                            # scripts/plot_benchmarks.py (docs/benchmarks.md's plot)
  clang-format git                              # style check run by the tests script (git ls-files lists the sources)
  universal-ctags python3                       # scripts/check-function-size.sh: no function over 80 lines
  doxygen                                       # the engine's API reference (target api_docs)
  clang libclang-rt-dev                         # libFuzzer targets (scripts/fuzz.sh, run by the tests script)
  lintian                                       # the package stage: Debian's package checker
  desktop-file-utils appstream                  # the package stage: desktop entry and AppStream metadata checks
)
web=(
  cmake make                                    # the build (Emscripten only suggests them)
  emscripten                                    # C++ to WebAssembly + WebGL 2 (with clang, lld, binaryen, node)
  libglm-dev libstb-dev                         # header-only libraries the web build takes from /usr/include
  dpkg-dev                                      # apt-get source: SDL2's and Dear ImGui's sources for the wasm build
  python3                                       # scripts/web.sh serves the page (python3 -m http.server)
  chromium                                      # the web build's test: the page in headless Chromium
)

purpose="test"
list=0
for argument in "$@"; do
  case "$argument" in
    play | package | test | web) purpose=$argument ;;
    --list) list=1 ;;
    *)
      echo "usage: scripts/setup-deps.sh [play|package|test|web] [--list]" >&2
      exit 2
      ;;
  esac
done
case "$purpose" in
  play) packages=("${play[@]}") ;;
  package) packages=("${package[@]}") ;;
  test) packages=("${test[@]}") ;;
  web) packages=("${web[@]}") ;;
esac
if [ "$list" -eq 1 ]; then
  printf '%s\n' "${packages[@]}"
  exit 0
fi

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

echo "Installing (${purpose}): ${missing[*]}"
sudo=""
if [ "$(id -u)" -ne 0 ]; then
  sudo="sudo"
fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
