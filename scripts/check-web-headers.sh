#!/usr/bin/env bash
# Keeps scripts/web.sh working on a bare Debian machine: every file the web build read from the system (the
# compiler's dependency files of BUILD_DIR, symbolic links resolved) must come from a Debian package that
# its set-up installs. A header under /usr/include must belong to a package of `scripts/setup-deps.sh web`
# itself; anything else outside the checkout (Emscripten's sysroot, clang's own headers) to one of those
# packages or a package they depend on. Run after a web build (scripts/test.sh's web stage does).
# Usage: scripts/check-web-headers.sh [BUILD_DIR]    (default build/web)
set -euo pipefail
cd "$(dirname "$0")/.."
checkout=$PWD
build=${1:-build/web}
[ -d "$build" ] || { echo "check-web-headers: no build folder $build: run scripts/web.sh --build-only" >&2; exit 1; }
build=$(realpath "$build")

fail() {
  echo "check-web-headers: $*" >&2
  exit 1
}
mapfile -t depfiles < <(find "$build" -name '*.o.d' -not -path '*/toolchain/*')
[ ${#depfiles[@]} -gt 0 ] || fail "no dependency files (*.o.d) in $build: build it first (scripts/web.sh --build-only)"

# Every path named in the dependency files ("target: dep dep \" lines), made absolute (a relative one is
# relative to the folder the compiler ran in, the one holding CMakeFiles/) and resolved.
mapfile -t system_files < <(
  for depfile in "${depfiles[@]}"; do
    (cd "${depfile%%/CMakeFiles/*}" && sed -e 's/^[^:]*: *//' -e 's/\\$//' "$depfile" | tr ' ' '\n' |
      grep -v '^$' | xargs -d '\n' realpath -e -- 2>/dev/null || true)
  done | sort -u | grep -v "^$checkout/" || true
)
[ ${#system_files[@]} -gt 0 ] || fail "the dependency files of $build name no file outside the checkout"

mapfile -t listed < <(scripts/setup-deps.sh web --list)
declare -A in_list=() in_closure=()
for package in "${listed[@]}"; do in_list[$package]=1; done
# The listed packages and everything they depend on, as installed here.
while IFS= read -r package; do in_closure[$package]=1; done < <(apt-cache depends --recurse --installed \
  --no-recommends --no-suggests --no-conflicts --no-breaks --no-replaces --no-enhances "${listed[@]}" 2>/dev/null |
  grep -v '^ ' | sed 's/:.*//' | sort -u)

# dpkg -S answers "package[:arch][, package...]: path" for each file, and an error for a file no package owns.
declare -A owner=()
while IFS= read -r line; do
  packages=${line%%: /*}
  path=${line#"$packages": }
  owner[$path]=$(sed -e 's/:[a-z0-9-]*//g' -e 's/,/ /g' <<<"$packages")
done < <(dpkg -S "${system_files[@]}" 2>/dev/null | grep -v '^diversion ' || true)

problems=0
declare -A seen=()
for file in "${system_files[@]}"; do
  packages=${owner[$file]:-}
  if [ -z "$packages" ]; then
    echo "  $file: no Debian package owns it (a file a set-up script made outside the checkout?)" >&2
    problems=$((problems + 1))
    continue
  fi
  ok=0
  for package in $packages; do
    if [ -n "${in_list[$package]:-}" ] || { [[ $file != /usr/include/* ]] && [ -n "${in_closure[$package]:-}" ]; }; then
      ok=1
    fi
  done
  if [ "$ok" -eq 0 ]; then
    echo "  $file: from $packages, which scripts/setup-deps.sh's web set does not install" >&2
    problems=$((problems + 1))
  fi
  for package in $packages; do seen[$package]=1; done
done
if [ "$problems" -gt 0 ]; then
  fail "$problems system file(s) of the web build come from packages its set-up does not install: add them to" \
    "the web set in scripts/setup-deps.sh"
fi
echo "check-web-headers: ${#system_files[@]} system files read by the web build, all from packages its set-up" \
  "installs ($(printf '%s\n' "${!seen[@]}" | sort | tr '\n' ' '))"
