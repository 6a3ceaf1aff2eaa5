#!/usr/bin/env bash
# Frame time of the game in the browser against the native game, same scene and size, one after the other:
# the attract mode at 1280 x 720 with the game's own counter (--fps: frames per second over the last 60
# frames and their median time, present to present), natively in a window on Xvfb with Mesa's llvmpipe,
# then in headless Chromium with SwiftShader's WebGL 2. Both pictures are written, with the counter in
# their bottom line, and the page's animation-frame intervals (median, 90th percentile) printed.
# Needs the Release and web builds (scripts/web.sh --build-only). Results: docs/benchmarks.md.
# Usage: bench/web/frame_times.sh [OUTPUT_FOLDER]        (default build/web/frame-times)
set -euo pipefail
cd "$(dirname "$0")/../.."
out="${1:-build/web/frame-times}"
mkdir -p "$out"
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
# 900 steps = 15 s of the demo; the counter shows the last 60 frames.
env -u SDL_VIDEODRIVER SDL_AUDIODRIVER=dummy VOX_DATA_HOME="$out/home" \
  xvfb-run -a -s "-screen 0 1280x720x24" build/release/game/voxel-invaders --demo --fps --frames 900 \
  --screenshot "$out/native.png" 2>/dev/null
echo "native: $out/native.png (read the counter at the bottom)"
node --experimental-websocket tests/web/run_page.mjs --root build/web/game --query 'demo&fps' \
  --screenshot "$out/page.png" --frame-times 13 --timeout 120 | node -e '
    const report = JSON.parse(require("fs").readFileSync(0, "utf8"));
    const t = report.frameTimesMs.slice().sort((a, b) => a - b);
    const at = (q) => t[Math.min(t.length - 1, Math.floor(q * t.length))].toFixed(1);
    console.log(`page: ${t.length} animation frames, median ${at(0.5)} ms, p90 ${at(0.9)} ms`);'
echo "page: $out/page.png (read the counter at the bottom)"
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
