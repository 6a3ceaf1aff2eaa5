// The web page played by touch alone (docs/game.md, "Touch"): headless Chromium emulates a touch screen and
// the test sends touches through the DevTools protocol (Input.dispatchTouchEvent), as a phone's browser
// would: it taps 1 PLAYER on the title where the page drew it, holds the move-right zone and the fire zone
// with two fingers at once, then taps the pause button; the game's touch trace (?touch-trace, see
// game/touch_input.h) must then say the game is paused, the cannon moved right and shots were fired. Before
// the first touch the page must show no touch controls (a desktop never sees them). Screenshots of the
// controls in play and over the pause menu are written to OUTPUT_FOLDER, to look at.
//
// Usage: node --experimental-websocket tests/web/touch_test.mjs WEB_FOLDER OUTPUT_FOLDER
//   WEB_FOLDER     build/web/game (index.html, voxel-invaders.js/.wasm/.data)
//   OUTPUT_FOLDER  where touch-play.png and touch-paused.png are written
// Prints what it did; exit status 0 when the page reached the expected state, 1 otherwise.

import { mkdirSync, writeFileSync } from 'node:fs';
import { join, normalize } from 'node:path';
import { connect, evaluate, launchChromium, serve } from './run_page.mjs';

const kWidth = 1280;
const kHeight = 720;
const kTimeoutMs = 240000;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// The trace's lines: texts per screen, and the state lines (the latest last).
function parseTrace(output) {
  const texts = [];
  const states = [];
  for (const line of output.split('\n')) {
    const text = /^touch-trace: text ([\d.]+) ([\d.]+) ([\d.]+) ([\d.]+) (.*)$/.exec(line);
    if (text) {
      texts.push({ min: [Number(text[1]), Number(text[2])], max: [Number(text[3]), Number(text[4])], text: text[5] });
      continue;
    }
    const state = /^touch-trace: step (\d+) screen (\w+) fingers (\d+) held (\S+) cannon-x (-?\d+) shots (\d+)$/.exec(line);
    if (state)
      states.push({ step: Number(state[1]), screen: state[2], fingers: Number(state[3]), held: state[4],
                    cannonX: Number(state[5]), shots: Number(state[6]), line });
  }
  return { texts, states };
}

async function main() {
  const [webFolder, outputFolder] = process.argv.slice(2);
  if (!outputFolder)
    throw new Error('usage: touch_test.mjs WEB_FOLDER OUTPUT_FOLDER');
  mkdirSync(outputFolder, { recursive: true });
  const server = await serve(normalize(webFolder));
  const chromium = await launchChromium(kWidth, kHeight);
  const failures = [];
  let output = '';
  try {
    const cdp = await connect(chromium.url);
    await cdp.send('Runtime.enable');
    await cdp.send('Emulation.setDeviceMetricsOverride', { width: kWidth, height: kHeight, deviceScaleFactor: 1,
                                                            mobile: false });
    await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 5 });
    await cdp.send('Page.navigate', {
      url: `http://127.0.0.1:${server.address().port}/?touch-trace&seed=1&size=${kWidth}x${kHeight}` });
    const deadline = Date.now() + kTimeoutMs;
    const read = async () => {
      output = (await evaluate(cdp, "document.getElementById('output')?.textContent || ''")) || '';
      return parseTrace(output);
    };
    // Waits until `done(trace)` holds; throws with `what` after the deadline.
    const waitFor = async (what, done) => {
      for (;;) {
        const trace = await read();
        const result = done(trace);
        if (result)
          return result;
        const status = await evaluate(cdp, 'document.body.dataset.exitStatus || ""');
        if (status)
          throw new Error(`the page ended (status ${status}) while waiting for ${what}`);
        if (Date.now() > deadline)
          throw new Error(`timed out waiting for ${what}`);
        await sleep(200);
      }
    };
    let canvas = null; // the canvas's box in CSS pixels, read once the game draws
    // A point of the game's screen (fractions) in the page's CSS pixels.
    const at = (fraction, id) => ({ x: canvas.x + fraction[0] * canvas.width, y: canvas.y + fraction[1] * canvas.height,
                                    id, radiusX: 4, radiusY: 4, force: 1 });
    const centre = (box) => [(box.min[0] + box.max[0]) / 2, (box.min[1] + box.max[1]) / 2];
    const touch = (type, points) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: points });
    const tap = async (fraction) => {
      await touch('touchStart', [at(fraction, 1)]);
      await sleep(150);
      await touch('touchEnd', []);
    };
    // The texts of the screen traced last whose text is `text`.
    const findText = (trace, text) => [...trace.texts].reverse().find((t) => t.text === text);

    // The title, drawn, before any touch: its menu and no touch controls.
    const onePlayer = await waitFor('the title drawn (1 PLAYER)', (trace) => findText(trace, '1 PLAYER'));
    canvas = await evaluate(cdp, "(() => { const r = document.getElementById('canvas').getBoundingClientRect(); " +
                                 'return { x: r.left, y: r.top, width: r.width, height: r.height }; })()');
    const beforeTouch = (await read()).texts.map((t) => t.text);
    if (beforeTouch.includes('OK') || beforeTouch.includes('BACK')) // the menu keys' bar (FIRE is in the hints)
      failures.push('touch controls were drawn before any touch (a desktop would show them)');
    console.log(`title drawn; 1 PLAYER at ${centre(onePlayer).map((v) => v.toFixed(3)).join(', ')}; tapping it`);

    await tap(centre(onePlayer));
    await waitFor('a game (screen Playing)', (trace) => trace.states.some((s) => s.screen === 'Playing'));
    // The play controls, as drawn on the first frame of the game.
    const fire = await waitFor('the play controls drawn (FIRE)', (trace) => findText(trace, 'FIRE'));
    const trace = await read();
    const right = findText(trace, '→');
    const pause = findText(trace, 'II');
    if (!right || !pause)
      throw new Error('the play controls → and II were not drawn');
    const startX = trace.states.filter((s) => s.screen === 'Playing').at(-1).cannonX;
    console.log(`playing; cannon at x ${startX}; holding → and FIRE with two fingers`);

    await touch('touchStart', [at(centre(right), 1), at(centre(fire), 2)]);
    const moved = await waitFor('the cannon moving right and firing', (t) => t.states.find(
      (s) => s.screen === 'Playing' && s.fingers === 2 && s.cannonX >= startX + 24 && s.shots >= 1));
    console.log(`held: ${moved.line}`);
    const shot = await cdp.send('Page.captureScreenshot', { format: 'png' });
    writeFileSync(join(outputFolder, 'touch-play.png'), Buffer.from(shot.data, 'base64'));
    await touch('touchEnd', []);
    await waitFor('both fingers lifted', (t) => t.states.at(-1).fingers === 0);

    await tap(centre(pause));
    const paused = await waitFor('the pause menu (screen Paused)', (t) => t.states.find((s) => s.screen === 'Paused'));
    await sleep(500);
    const shotPaused = await cdp.send('Page.captureScreenshot', { format: 'png' });
    writeFileSync(join(outputFolder, 'touch-paused.png'), Buffer.from(shotPaused.data, 'base64'));
    const last = (await read()).states.at(-1);
    console.log(`paused: ${paused.line}; latest: ${last.line}`);
    if (last.screen !== 'Paused')
      failures.push(`the game did not stay paused: ${last.line}`);
    if (!(last.cannonX > startX))
      failures.push(`the cannon did not move right: x ${startX} -> ${last.cannonX}`);
    if (!(last.shots >= 1))
      failures.push('no shot was fired');
    cdp.close();
  } catch (error) {
    failures.push(error.message || String(error));
  } finally {
    await chromium.close();
    server.close();
  }
  for (const failure of failures)
    console.log(`FAIL: ${failure}`);
  if (failures.length)
    console.log(`the page's output:\n${output}`);
  console.log(failures.length ? 'touch test: FAILED' : `touch test: passed; screenshots in ${outputFolder}`);
  process.exit(failures.length ? 1 : 0);
}

main().catch((error) => {
  console.error(`touch test: ${error.message || error}`);
  process.exit(1);
});
