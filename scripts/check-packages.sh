#!/usr/bin/env bash
# The Debian packages as users get them (scripts/test.sh's `package` stage):
#  1. builds voxel-invaders_*.deb and libvox-dev_*.deb (CPack, CMake preset `package`) and checks them with
#     lintian (no errors, no warnings);
#  2. installs both with apt-get (their dependencies too), and checks the installed desktop entry
#     (desktop-file-validate) and AppStream metadata (appstreamcli validate --no-net);
#  3. starts the game the way an application menu does, from the Exec line of its installed desktop entry:
#     headless for the attract demo, whose state hash must equal the Release build's when one is built, and
#     in a real X11 window (Xvfb), each to a screenshot; the packaged game knows no source tree, so it can
#     only have read the data it installed; the installed vir verifies the demo's run with those models;
#  4. builds and runs every example of examples/ against the installed libvox-dev (check-engine-package.sh);
#  5. removes both packages (also when a step fails).
# Screenshots go to BUILD_DIR/package-output/. Needs root or sudo (apt-get).
# Usage: scripts/check-packages.sh [BUILD_DIR]   (default build/package; configured with the `package` preset)
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build/package}
out="$build/package-output"
sudo=""
if [ "$(id -u)" -ne 0 ]; then
  sudo="sudo"
fi
fail() {
  echo "check-packages: $*" >&2
  exit 1
}

echo "=== package: build the Debian packages (${build})"
cmake --preset package -B "$build" -DVOX_WARNINGS_AS_ERRORS=ON >/dev/null
rm -f "$build"/*.deb
cmake --build "$build" --target package -j"$(nproc)"
game_deb=$(realpath "$build"/voxel-invaders_*.deb)
dev_deb=$(realpath "$build"/libvox-dev_*.deb)
dpkg-deb --field "$game_deb" Package Version Depends
dpkg-deb --field "$dev_deb" Package Version Depends

echo "=== package: lintian"
# --fail-on warning: Debian's archive rejects errors, and its packagers fix warnings too. (Lintian notes that it
# runs as root; what it checks is the same.)
lintian --fail-on error,warning "$game_deb" "$dev_deb"
echo "lintian: no errors or warnings"

echo "=== package: install with apt-get"
export DEBIAN_FRONTEND=noninteractive
installed=0
cleanup() {
  if [ "$installed" -eq 1 ]; then
    echo "=== package: remove"
    $sudo apt-get purge -y -qq -o DPkg::Lock::Timeout=300 voxel-invaders libvox-dev >/dev/null
  fi
  if [ -n "${xvfb_pid:-}" ]; then
    kill "$xvfb_pid" 2>/dev/null || true
  fi
}
trap cleanup EXIT
installed=1
$sudo apt-get install -y -qq --no-install-recommends -o DPkg::Lock::Timeout=300 "$game_deb" "$dev_deb" >/dev/null

mapfile -t desktop < <(dpkg -L voxel-invaders | grep '^/usr/share/applications/.*\.desktop$')
mapfile -t metainfo < <(dpkg -L voxel-invaders | grep '^/usr/share/metainfo/.*\.metainfo\.xml$')
[ ${#desktop[@]} -eq 1 ] || fail "voxel-invaders installs ${#desktop[@]} desktop entries, not one"
[ ${#metainfo[@]} -eq 1 ] || fail "voxel-invaders installs ${#metainfo[@]} metainfo files, not one"
desktop-file-validate "${desktop[0]}"
echo "desktop-file-validate: ${desktop[0]} is valid"
appstreamcli validate --no-net --pedantic "${metainfo[0]}"
icon=$(sed -n 's/^Icon=//p' "${desktop[0]}")
for size in 16 22 24 32 48 64 128 256 512; do
  [ -f "/usr/share/icons/hicolor/${size}x${size}/apps/$icon.png" ] || fail "no ${size}x${size} icon named $icon"
done
man -w voxel-invaders >/dev/null || fail "man voxel-invaders finds no page"
man -w vir >/dev/null || fail "man vir finds no page"

echo "=== package: the installed game, started from its desktop entry"
# The menu's command, without field codes (%f, %U, ...).
read -r -a launch <<<"$(sed -n 's/^Exec=//p' "${desktop[0]}" | sed 's/ %[a-zA-Z]//g')"
[[ ${launch[0]} == /usr/games/* ]] || fail "the desktop entry runs ${launch[0]}, not the game in /usr/games"
if grep -qaF "$PWD" "${launch[0]}"; then
  fail "${launch[0]} names this checkout ($PWD): a packaged game must use its installed data only"
fi
mkdir -p "$out"
rm -f "$out"/*.png
# From an empty folder, with no data variables: only the installed data can be found.
run_dir=$(mktemp -d)
hash=$(cd "$run_dir" && env -u VOX_DATA_DIR -u VOX_SHADER_DIR -u VOX_ASSET_DIR "${launch[@]}" --headless --demo \
  --frames 900 --print-state-hash --screenshot "$run_dir/headless.png" --record "$run_dir/demo.vir" |
  grep '^state-hash:')
cp "$run_dir/headless.png" "$out/"
echo "installed game, headless demo: $hash (screenshot $out/headless.png)"
# The installed vir, beside the game, plays the run with the installed models (and no others).
vir="$(dirname "${launch[0]}")/vir"
[ -x "$vir" ] || fail "no vir beside the installed game (${launch[0]})"
if grep -qaF "$PWD" "$vir"; then
  fail "$vir names this checkout ($PWD): a packaged tool must use the installed data only"
fi
(cd "$run_dir" && env -u VOX_DATA_DIR -u VOX_ASSET_DIR "$vir" verify demo.vir) || fail "the installed vir does not verify the installed game's run"
if [ -x build/release/game/voxel-invaders ]; then
  expected=$(build/release/game/voxel-invaders --headless --demo --frames 900 --print-state-hash | grep '^state-hash:')
  [ "$hash" = "$expected" ] || fail "the installed game's demo ends in $hash, the Release build's in $expected"
  echo "the same state hash as the Release build"
fi

# A real window on an X server, the way a desktop session starts it.
display=:$((90 + RANDOM % 100))
Xvfb "$display" -screen 0 1280x800x24 -nolisten tcp >/dev/null 2>&1 &
xvfb_pid=$!
sleep 2
# Settings and high scores in a folder of its own, not the user's.
(cd "$run_dir" && env -u SDL_VIDEODRIVER DISPLAY="$display" VOX_DATA_HOME="$run_dir/home" timeout 120 \
  "${launch[@]}" --demo --frames 600 --screenshot "$run_dir/window.png") || fail "the installed game failed in an X11 window (exit $?)"
cp "$run_dir/window.png" "$out/"
kill "$xvfb_pid" 2>/dev/null || true
wait "$xvfb_pid" 2>/dev/null || true
xvfb_pid=""
rm -rf "$run_dir"
echo "installed game in an X11 window: screenshot $out/window.png"

echo "=== package: the examples against the installed libvox-dev"
scripts/check-engine-package.sh --prefix /usr
echo "check-packages: both packages built, lint-free, installed, ran and removed"
