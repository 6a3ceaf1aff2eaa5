#!/usr/bin/env bash
# Soak test: runs the ASan + UBSan build's demo headless for FRAMES steps (default 20000; 216000 is an hour of
# game time) with VOX_SOAK_REPORT=1, which makes the game validate its broadphase tree at every turn start and
# print its resident memory after the first minute of game time (step 3600) and at the end. Two runs: one
# with every sanitizer check, one without ASan's quarantine to measure memory. Fails on any sanitizer report
# or leak, a broken tree, runs that end on different state hashes, or a peak resident memory at the end more
# than 5% (and 4 MiB) above the peak after the first minute (docs/robustness.md).
# Usage: scripts/soak.sh [FRAMES] [BUILD_DIR]     (BUILD_DIR defaults to build/asan: cmake --preset asan)
set -euo pipefail
cd "$(dirname "$0")/.."
frames="${1:-20000}"
game="${2:-build/asan}/game/voxel-invaders"
if [ ! -x "$game" ]; then
  echo "soak: $game not found; build it first: cmake --preset asan && cmake --build --preset asan" >&2
  exit 1
fi
if [ "$frames" -le 3600 ]; then
  echo "soak: FRAMES must be above 3600 (the first memory figures are taken there)" >&2
  exit 2
fi

export SDL_VIDEODRIVER=offscreen SDL_AUDIODRIVER=dummy VOX_SOAK_REPORT=1
export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 LSAN_OPTIONS="suppressions=$PWD/tests/lsan.supp"
logs="$(mktemp -d)"
trap 'rm -rf "$logs"' EXIT

# run NAME ASAN_OPTIONS: one soak run, its output in $logs/NAME.
run() {
  echo "=== soak ($1): ASAN_OPTIONS=$2 $game --headless --demo --frames $frames --print-state-hash"
  local start status=0
  start=$(date +%s)
  ASAN_OPTIONS="$2" "$game" --headless --demo --frames "$frames" --size 320x180 --print-state-hash \
    >"$logs/$1" 2>&1 || status=$?
  cat "$logs/$1"
  echo "soak ($1): exit status $status after $(($(date +%s) - start)) s"
  if [ "$status" -ne 0 ] || ! grep -q "^soak: tree validate() clean" "$logs/$1"; then
    echo "soak: FAILED" >&2
    exit 1
  fi
}
peak_at() { sed -n "s/^soak: step $2: rss [0-9]* kB, peak rss \([0-9]*\) kB$/\1/p" "$logs/$1"; }
hash_of() { grep "^state-hash: " "$logs/$1"; }

# 1. Every check on: a sanitizer report, a leak at exit or a broken tree fails the soak.
run checks halt_on_error=1:detect_leaks=1
# 2. Memory: ASan keeps freed blocks in a quarantine of up to 256 MiB to catch use-after-free, which grows the
# resident size of any program that frees memory; without it the figures are the game's own.
run memory halt_on_error=1:detect_leaks=0:quarantine_size_mb=0
if [ "$(hash_of checks)" != "$(hash_of memory)" ]; then
  echo "soak: FAILED: the two runs ended on different states" >&2
  exit 1
fi
first=$(peak_at memory 3600)
last=$(peak_at memory "$frames")
if [ -z "$first" ] || [ -z "$last" ]; then
  echo "soak: FAILED: no memory figures (is /proc mounted?)" >&2
  exit 1
fi
echo "soak: peak rss ${first} kB after the first minute, ${last} kB at the end (with the quarantine:" \
  "$(peak_at checks 3600) kB and $(peak_at checks "$frames") kB)"
if [ "$last" -gt $((first + first / 20)) ] && [ "$last" -gt $((first + 4096)) ]; then
  echo "soak: FAILED: resident memory grew from ${first} kB to ${last} kB" >&2
  exit 1
fi
