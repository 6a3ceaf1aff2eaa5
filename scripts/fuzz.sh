#!/usr/bin/env bash
# Builds the libFuzzer targets of tests/fuzz/ with clang (ASan + UBSan + VOX_ASSERT) in build/fuzz and runs
# each for SECONDS (default 60) on a corpus seeded from the repository, as many at once as there are cores.
# Fails if any target finds a crash, a leak, a hang or an assertion; the input is then kept in
# build/fuzz/artifacts/<target>/ (replay it with build/fuzz/tests/fuzz/.../<target> <file>).
# The corpora live in build/fuzz/corpus/<target>/ and grow from run to run; the source tree is never written.
# Usage: scripts/fuzz.sh [SECONDS]      e.g. scripts/fuzz.sh 3600 for an hour per target
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"
build=build/fuzz

# target | dictionary (may be empty) | seed files (tests/fuzz/seeds/: inputs that once failed, replayed first
# every run)
targets=(
  "vox_reader_fuzz|tests/fuzz/vox.dict|tests/data/vox/*.vox assets/*.vox tests/fuzz/seeds/*.vox"
  "settings_parser_fuzz|tests/fuzz/persist/persist.dict|tests/fuzz/persist/seeds/*"
  "high_score_parser_fuzz|tests/fuzz/persist/persist.dict|tests/fuzz/persist/seeds/*"
  "replay_parser_fuzz|tests/fuzz/sim/replay.dict|tests/fuzz/sim/seeds/*"
  "share_code_fuzz||tests/fuzz/sim/code_seeds/*"
  "tree_ops_fuzz||tests/fuzz/broadphase/seeds/*"
)
names=()
for entry in "${targets[@]}"; do names+=("${entry%%|*}"); done

# Warnings are not errors here: the GCC builds of scripts/test.sh hold that line, and this build only fuzzes.
echo "=== fuzz: build (clang, libFuzzer)"
CC=clang CXX=clang++ cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DVOX_BUILD_FUZZ=ON \
  -DVOX_BUILD_TESTS=OFF -DVOX_BUILD_BENCH=OFF -DVOX_WARNINGS_AS_ERRORS=OFF >"$build.configure.log" 2>&1 ||
  { cat "$build.configure.log"; exit 1; }
if grep -q "tests/fuzz is skipped" "$build.configure.log"; then
  grep -A2 "tests/fuzz is skipped" "$build.configure.log"
  exit 1
fi
cmake --build "$build" -j"$(nproc)" --target "${names[@]}"

# One target: fresh copies of its seeds join the corpus, then libFuzzer runs for the given time.
run_target() {
  local name="$1" dict="$2" seeds="$3"
  local corpus="$build/corpus/$name" artifacts="$build/artifacts/$name/"
  mkdir -p "$corpus" "$artifacts"
  local seed
  # shellcheck disable=SC2086 # the seed patterns are globs
  for seed in $seeds; do # named by content, as libFuzzer names its corpus files
    cp "$seed" "$corpus/$(sha1sum <"$seed" | cut -c1-40)"
  done
  local dictionary=()
  if [ -n "$dict" ]; then dictionary=(-dict="$dict"); fi
  "$(find "$build/tests/fuzz" -type f -name "$name")" "${dictionary[@]}" -max_total_time="$seconds" \
    -timeout=10 -print_final_stats=1 -artifact_prefix="$artifacts" "$corpus" >"$build/$name.log" 2>&1
}

echo "=== fuzz: ${#targets[@]} targets, ${seconds} s each"
for entry in "${targets[@]}"; do
  IFS='|' read -r name dict seeds <<<"$entry"
  while [ "$(jobs -rp | wc -l)" -ge "$(nproc)" ]; do sleep 1; done
  rm -f "$build/$name.rc"
  (if run_target "$name" "$dict" "$seeds"; then echo 0; else echo 1; fi >"$build/$name.rc") &
done
wait
failed=0
for name in "${names[@]}"; do
  if [ "$(cat "$build/$name.rc")" = 0 ]; then
    runs=$(grep -o "stat::number_of_executed_units: *[0-9]*" "$build/$name.log" | grep -o "[0-9]*$" || echo "?")
    echo "  $name: clean ($runs inputs; corpus $(find "$build/corpus/$name" -type f | wc -l) files)"
  else
    echo "  $name: FAILED; its log follows (the input is in $build/artifacts/$name/)"
    tail -n 60 "$build/$name.log"
    failed=1
  fi
done
exit "$failed"
