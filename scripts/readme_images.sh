#!/usr/bin/env bash
# Regenerates the README's pictures headless (no display needed): docs/title.png, the title a player
# meets first; docs/play.png, a frame of the self-playing demo; and docs/wave_strip.png, six moments of
# one wave side by side. docs/overlay.png is made by the command in README.md's "Debug overlay" section.
# Needs a Release build (scripts/play.sh or cmake --preset release && cmake --build --preset release) and
# Debian's python3-pil for the strip.
set -euo pipefail
cd "$(dirname "$0")/.."
game=build/release/game/voxel-invaders
export SDL_VIDEODRIVER=offscreen SDL_AUDIODRIVER=dummy VOX_DATA_HOME="$(mktemp -d)"
trap 'rm -rf "$VOX_DATA_HOME" "$frames"' EXIT
frames="$(mktemp -d)"

"$game" --headless --demo --seed 3 --frames 1500 --screenshot docs/play.png
"$game" --headless --frames 60 --screenshot docs/title.png

steps=(300 1000 1700 2400 3100 3800)
for step in "${steps[@]}"; do
  "$game" --headless --demo --seed 3 --frames "$step" --size 640x360 --screenshot "$frames/$step.png"
done
/usr/bin/python3 - "$frames" docs/wave_strip.png "${steps[@]}" <<'PY'
import sys
from PIL import Image, ImageDraw
folder, out, steps = sys.argv[1], sys.argv[2], sys.argv[3:]
tiles = [Image.open(f"{folder}/{s}.png").convert("RGB") for s in steps]
w, h = tiles[0].size
cols = 3
sheet = Image.new("RGB", (w * cols, h * ((len(tiles) + cols - 1) // cols)))
for i, (tile, step) in enumerate(zip(tiles, steps)):
    ImageDraw.Draw(tile).text((w - 120, h - 18), f"step {step} ({int(step) / 60:.0f} s)", fill=(220, 220, 220))
    sheet.paste(tile, ((i % cols) * w, (i // cols) * h))
sheet.save(out, optimize=True)
PY
echo "wrote docs/title.png, docs/play.png and docs/wave_strip.png"
