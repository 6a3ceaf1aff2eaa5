#!/usr/bin/env bash
# Fails when a function in engine/, game/ or samples/ is longer than 80 lines (CONVENTIONS.md: split it by
# what each part does). Universal Ctags finds each function's first and last line; a function that is a
# table of data may stay longer when its first line, or the line above it, says "size: a table" in a comment.
# Usage: scripts/check-function-size.sh [LIMIT]   (default 80; prints every function over it)
set -euo pipefail
cd "$(dirname "$0")/.."
limit=${1:-80}
ctags=ctags-universal
command -v "$ctags" >/dev/null 2>&1 || ctags=ctags
if ! "$ctags" --version 2>/dev/null | grep -q "Universal Ctags"; then
  echo "check-function-size: needs Universal Ctags (Debian: universal-ctags; scripts/setup-deps.sh test installs it)" >&2
  exit 1
fi
mapfile -t files < <(git ls-files 'engine/*.cpp' 'engine/*.h' 'game/*.cpp' 'game/*.h' 'samples/*.cpp' 'samples/*.h')
[ ${#files[@]} -gt 0 ] || exit 0
"$ctags" --languages=C++ --kinds-C++=f --fields=+ne --output-format=json -o - "${files[@]}" |
  python3 -c '
import json, sys
limit = int(sys.argv[1])
seen = 0
too_long = []
for line in sys.stdin:
    tag = json.loads(line)
    if tag.get("_type") != "tag" or "end" not in tag:
        continue
    seen += 1
    length = tag["end"] - tag["line"] + 1
    if length <= limit:
        continue
    with open(tag["path"], encoding="utf-8") as source:
        lines = source.read().split("\n")
    start = tag["line"] - 1
    marked = any("size: a table" in lines[i] for i in (start - 1, start) if 0 <= i < len(lines))
    if not marked:
        too_long.append((length, tag["path"], tag["line"], tag["name"]))
if seen == 0:
    sys.exit("check-function-size: ctags found no functions (is its JSON output supported?)")
for length, path, first, name in sorted(too_long, reverse=True):
    print(f"{path}:{first}: {name} is {length} lines, over {limit}: split it by what each part does")
if too_long:
    sys.exit(1)
print(f"function size: {seen} functions, none over {limit} lines")
' "$limit"
