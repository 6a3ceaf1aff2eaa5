// The web build's acceptance test (scripts/test.sh, stage `web`): the page, in headless Chromium on
// SwiftShader, runs the attract demo with a fixed seed for 3,600 steps; the state hash it prints must equal
// the native game's for the same seed and steps, and its canvas afterwards must match the native game's
// picture of the same frame within the golden images' tolerance (tests/golden/README.md). Without WebGL 2
// the page must say so instead of loading the game.
// Runs (issue 28): a run recorded by the native game plays on the page (?run=CODE&hash) to the native state
// hash, a run the page recorded (?print-share-code) plays in the native game to the page's hash, a .vir file
// chosen with the page's "Open run" button plays to its hash, and a damaged code is refused, saying why.
//
// Usage: node --experimental-websocket tests/web/web_page_test.mjs NATIVE_EXECUTABLE WEB_FOLDER OUTPUT_FOLDER
//   NATIVE_EXECUTABLE  build/release/game/voxel-invaders
//   WEB_FOLDER         build/web/game (index.html, voxel-invaders.js/.wasm/.data)
//   OUTPUT_FOLDER      where native.png, page.png and diff.png are written, to look at
// Prints what it compared; exit status 0 when both match, 1 otherwise.

import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { inflateSync, deflateSync } from 'node:zlib';
import { checker, runPage } from './run_page.mjs';

const kSeed = 1;
const kFrames = 3600;
const kWidth = 1280;
const kHeight = 720;
// tests/engine/render/golden_image.h: mean absolute difference over R, G, B at most 1.0, and at most 0.2 %
// of the pixels off by more than 24 in some channel.
const kMeanTolerance = 1.0;
const kPixelTolerance = 24;
const kOutlierFraction = 0.002;

// A PNG (8-bit RGB or RGBA, not interlaced: what stb and Chromium write) as { width, height, rgba }.
function readPng(path) {
  const data = readFileSync(path);
  let offset = 8;
  let width = 0, height = 0, channels = 0;
  const idat = [];
  while (offset < data.length) {
    const length = data.readUInt32BE(offset);
    const type = data.toString('latin1', offset + 4, offset + 8);
    const body = data.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      const [depth, colour, , , interlace] = body.subarray(8, 13);
      channels = { 2: 3, 6: 4 }[colour];
      if (depth !== 8 || !channels || interlace !== 0)
        throw new Error(`${path}: only 8-bit RGB or RGBA PNGs without interlacing are read here`);
    } else if (type === 'IDAT') {
      idat.push(body);
    }
    offset += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const pixels = Buffer.alloc(height * stride);
  for (let y = 0; y < height; ++y) {
    const filter = raw[y * (stride + 1)];
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let x = 0; x < stride; ++x) {
      const left = x >= channels ? pixels[y * stride + x - channels] : 0;
      const up = y > 0 ? pixels[(y - 1) * stride + x] : 0;
      const upLeft = x >= channels && y > 0 ? pixels[(y - 1) * stride + x - channels] : 0;
      let predictor = 0;
      if (filter === 1) predictor = left;
      else if (filter === 2) predictor = up;
      else if (filter === 3) predictor = (left + up) >> 1;
      else if (filter === 4) {
        const p = left + up - upLeft;
        const pa = Math.abs(p - left), pb = Math.abs(p - up), pc = Math.abs(p - upLeft);
        predictor = pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft;
      }
      pixels[y * stride + x] = (line[x] + predictor) & 0xff;
    }
  }
  const rgba = Buffer.alloc(width * height * 4, 255);
  for (let i = 0; i < width * height; ++i)
    for (let c = 0; c < channels; ++c)
      rgba[i * 4 + c] = pixels[i * channels + c];
  return { width, height, rgba };
}

function crc32(buffer) {
  let crc = ~0;
  for (const byte of buffer) {
    crc ^= byte;
    for (let k = 0; k < 8; ++k)
      crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

function writePng(path, { width, height, rgba }) {
  const chunk = (type, body) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(body.length, 0);
    head.write(type, 4, 'latin1');
    const tail = Buffer.alloc(4);
    tail.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), body])), 0);
    return Buffer.concat([head, body, tail]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8);
  const lines = Buffer.alloc(height * (width * 4 + 1));
  for (let y = 0; y < height; ++y)
    rgba.copy(lines, y * (width * 4 + 1) + 1, y * width * 4, (y + 1) * width * 4);
  writeFileSync(path, Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', header),
                                     chunk('IDAT', deflateSync(lines)), chunk('IEND', Buffer.alloc(0))]));
}

// golden_image.h's comparison; the difference image amplifies differences x4, outliers in magenta.
function compare(actual, reference) {
  if (actual.width !== reference.width || actual.height !== reference.height)
    return { ok: false, why: `sizes differ: ${actual.width}x${actual.height} vs ${reference.width}x${reference.height}` };
  const diff = { width: actual.width, height: actual.height, rgba: Buffer.alloc(actual.rgba.length, 255) };
  let total = 0, outliers = 0, largest = 0;
  for (let i = 0; i < actual.rgba.length; i += 4) {
    let worst = 0;
    for (let c = 0; c < 3; ++c) {
      const d = Math.abs(actual.rgba[i + c] - reference.rgba[i + c]);
      total += d;
      worst = Math.max(worst, d);
      diff.rgba[i + c] = Math.min(255, d * 4);
    }
    largest = Math.max(largest, worst);
    if (worst > kPixelTolerance) {
      ++outliers;
      diff.rgba.set([255, 0, 255], i);
    }
  }
  const pixels = actual.width * actual.height;
  const mean = total / (pixels * 3);
  const ok = mean <= kMeanTolerance && outliers / pixels <= kOutlierFraction;
  return { ok, mean, outliers, allowedOutliers: Math.floor(kOutlierFraction * pixels), largest, diff };
}

const kRunSize = '320x180';
const kRunSteps = 3600;
const nativeEnvironment = { ...process.env, SDL_VIDEODRIVER: 'offscreen', SDL_AUDIODRIVER: 'dummy' };

// Runs the native game; returns { status, output } (stdout and stderr together).
function runNative(native, args) {
  const result = spawnSync(native, args, { env: nativeEnvironment, encoding: 'utf8' });
  return { status: result.status, output: (result.stdout || '') + (result.stderr || '') };
}

const shareCodeOf = (text) => /share-code: (VIR[0-9]+-[A-Za-z0-9_-]+)/.exec(text || '')?.[1];
const stateHashOf = (text) => /state-hash: ([0-9a-f]{16})/.exec(text || '')?.[1];

// The runs' checks; returns true when one failed.
async function testRuns(native, webFolder, outputFolder) {
  const { check, failed } = checker();

  // Desktop -> browser: the native game's demo as a code, played on the page.
  const desktop = runNative(native, ['--headless', '--demo', '--seed', '8', '--frames', String(kRunSteps),
                                     '--size', kRunSize, '--print-share-code', '--print-state-hash']);
  const desktopCode = shareCodeOf(desktop.output);
  const desktopHash = stateHashOf(desktop.output);
  check(desktop.status === 0 && desktopCode && desktopHash, 'the native game prints its run\'s code and hash',
        desktop.output);
  if (desktopCode) {
    // And the page's half of the game's SHARE (game/persist/run_store.cpp): the run offered as a download,
    // the link that plays it kept for the clipboard.
    const probe = `typeof window.voxShareRun === 'function' && window.voxShareRun('${desktopCode}', ` +
                  `'RUN-0-8.vir', new Uint8Array([86, 88])) && window.voxSharedLink`;
    const page = await runPage({ root: webFolder, size: kRunSize, timeout: 300,
                                 query: `run=${desktopCode}&hash&size=${kRunSize}`, probe });
    console.log(`desktop run (${desktopCode.length}-character code) on the page: state-hash ` +
                `${stateHashOf(page.output)}, native ${desktopHash}, page status ${page.exitStatus}`);
    check(page.exitStatus === '0' && stateHashOf(page.output) === desktopHash,
          'a run recorded on the desktop plays on the page to the same state hash',
          (page.output || '') + '\nconsole:\n' + (page.console || []).join('\n'));
    check(typeof page.probe === 'string' && /^http:\/\/127\.0\.0\.1:\d+\/(index\.html)?\?run=/.test(page.probe) &&
          page.probe.endsWith('?run=' + desktopCode),
          'SHARE on the page downloads the run and makes the link that plays it', String(page.probe));
  }

  // The 5-minute recording kept in the repository, shared as a code, on the page.
  const kept = runNative(native, ['--share-code', 'tests/data/replays/demo-seed5-18000.vir']);
  const keptCode = shareCodeOf(kept.output);
  const keptHash = stateHashOf(runNative(native, ['--headless', '--replay-code', keptCode || 'none', '--size', kRunSize,
                                                  '--print-state-hash']).output);
  if (keptCode && keptHash) {
    const page = await runPage({ root: webFolder, size: kRunSize, timeout: 300,
                                 query: `run=${keptCode}&hash&size=${kRunSize}` });
    console.log(`tests/data/replays/demo-seed5-18000.vir (${keptCode.length}-character code) on the page: ` +
                `state-hash ${stateHashOf(page.output)}, native ${keptHash}, page status ${page.exitStatus}`);
    check(page.exitStatus === '0' && stateHashOf(page.output) === keptHash,
          'the 5-minute recording plays on the page to the native state hash',
          (page.output || '') + '\nconsole:\n' + (page.console || []).join('\n'));
  } else {
    check(false, 'the native game shares and plays the 5-minute recording', kept.output);
  }

  // Browser -> desktop: the page's demo as a code, played by the native game.
  const browser = await runPage({ root: webFolder, size: kRunSize, timeout: 300,
                                  query: `demo&seed=9&frames=${kRunSteps}&print-share-code&hash&size=${kRunSize}` });
  const browserCode = shareCodeOf(browser.output);
  const browserHash = stateHashOf(browser.output);
  check(browser.exitStatus === '0' && browserCode && browserHash, 'the page prints its run\'s code and hash',
        (browser.output || '') + '\nconsole:\n' + (browser.console || []).join('\n'));
  if (browserCode) {
    const played = runNative(native, ['--headless', '--replay-code', browserCode, '--size', kRunSize,
                                      '--print-state-hash']);
    console.log(`browser run (${browserCode.length}-character code) in the native game: state-hash ` +
                `${stateHashOf(played.output)}, page ${browserHash}, native status ${played.status}`);
    check(played.status === 0 && stateHashOf(played.output) === browserHash,
          'a run recorded on the page plays in the native game to the same state hash', played.output);
  }

  // A recorded file chosen on the page ("Open run"): played to the state it was recorded with.
  const file = resolve(join(outputFolder, 'chosen.vir'));
  const recorded = runNative(native, ['--headless', '--demo', '--seed', '10', '--frames', String(kRunSteps),
                                      '--size', kRunSize, '--record', file, '--print-state-hash']);
  const recordedHash = stateHashOf(recorded.output);
  if (recorded.status === 0 && recordedHash) {
    const page = await runPage({ root: webFolder, size: kRunSize, timeout: 300, chooseRunFile: file,
                                 query: `hash&size=${kRunSize}` });
    console.log(`chosen file on the page: state-hash ${stateHashOf(page.output)}, recorded ${recordedHash}, ` +
                `page status ${page.exitStatus}`);
    check(page.exitStatus === '0' && stateHashOf(page.output) === recordedHash,
          'a .vir file chosen on the page plays to its recorded state hash',
          (page.output || '') + '\nconsole:\n' + (page.console || []).join('\n'));
  } else {
    check(false, 'the native game records a file to choose on the page', recorded.output);
  }

  // A damaged code: refused with the reason (a bad command line: status 2).
  if (desktopCode) {
    const cut = desktopCode.slice(0, desktopCode.length / 2);
    const page = await runPage({ root: webFolder, size: kRunSize, timeout: 120, query: `run=${cut}&hash` });
    check(page.exitStatus === '2' && /run code: the code is cut short/.test(page.output || '') &&
          /This run code cannot be played\.The code is cut short/.test(page.message || ''),
          'a code cut short is refused on the page, saying so', `status ${page.exitStatus}\n${page.message}`);
  }

  // A damaged file chosen on the page: refused, naming the file and the problem.
  if (recorded.status === 0) {
    const damaged = resolve(join(outputFolder, 'damaged.vir'));
    const bytes = readFileSync(file);
    bytes[bytes.length - 100] ^= 1;
    writeFileSync(damaged, bytes);
    const page = await runPage({ root: webFolder, size: kRunSize, timeout: 120, chooseRunFile: damaged,
                                 query: `hash&size=${kRunSize}` });
    check(page.exitStatus === '1' &&
          /This run file cannot be played\.damaged\.vir: checksum mismatch/.test(page.message || ''),
          'a damaged .vir chosen on the page is refused, naming it and what is wrong',
          `status ${page.exitStatus}\n${page.message}\n${page.output}`);
  }
  return failed();
}

async function main() {
  const [native, webFolder, outputFolder] = process.argv.slice(2);
  if (!outputFolder)
    throw new Error('usage: web_page_test.mjs NATIVE_EXECUTABLE WEB_FOLDER OUTPUT_FOLDER');
  mkdirSync(outputFolder, { recursive: true });
  const nativePng = join(outputFolder, 'native.png');
  const pagePng = join(outputFolder, 'page.png');

  const nativeOutput = execFileSync(native, ['--headless', '--demo', '--seed', String(kSeed), '--frames',
                                             String(kFrames), '--size', `${kWidth}x${kHeight}`,
                                             '--print-state-hash', '--screenshot', nativePng],
                                    { env: { ...process.env, SDL_VIDEODRIVER: 'offscreen', SDL_AUDIODRIVER: 'dummy' },
                                      encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  const nativeHash = /state-hash: ([0-9a-f]{16})/.exec(nativeOutput)?.[1];
  const started = Date.now();
  const report = await runPage({ root: webFolder, size: `${kWidth}x${kHeight}`, screenshot: pagePng, timeout: 300,
                                 query: `demo&seed=${kSeed}&frames=${kFrames}&hash&size=${kWidth}x${kHeight}` });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const pageHash = /state-hash: ([0-9a-f]{16})/.exec(report.output || '')?.[1];
  let failed = false;
  console.log(`seed ${kSeed}, ${kFrames} steps: native state-hash ${nativeHash}, page state-hash ${pageHash} ` +
              `(page exit status ${report.exitStatus}, ${seconds} s in Chromium)`);
  if (!nativeHash || pageHash !== nativeHash || report.exitStatus !== '0') {
    console.log('FAIL: the page must print the native state hash and finish with status 0; its output:\n' +
                (report.output || '') + '\nconsole:\n' + (report.console || []).join('\n'));
    failed = true;
  }
  if (!failed) {
    const result = compare(readPng(pagePng), readPng(nativePng));
    if (result.diff)
      writePng(join(outputFolder, 'diff.png'), result.diff);
    const summary = result.why ??
      `mean difference ${result.mean.toFixed(3)} (allowed ${kMeanTolerance}), ${result.outliers} pixels off by more ` +
      `than ${kPixelTolerance} (allowed ${result.allowedOutliers}), largest ${result.largest}`;
    console.log(`page screenshot vs native frame ${kFrames}: ${summary}; images in ${outputFolder}`);
    if (!result.ok) {
      console.log('FAIL: the page does not show the native picture');
      failed = true;
    }
  }
  // Without WebGL 2 the page must say so, not load the game.
  const noWebGl = await runPage({ root: webFolder, query: '', timeout: 60, chromiumFlags: ['--disable-3d-apis'] });
  const message = noWebGl.exitStatus;
  console.log(`without WebGL (--disable-3d-apis): page status ${message}`);
  if (message !== 'no-webgl2') {
    console.log('FAIL: the page must tell a browser without WebGL 2 so; its output:\n' + (noWebGl.output || ''));
    failed = true;
  }
  if (await testRuns(native, webFolder, outputFolder))
    failed = true;
  console.log(failed ? 'web page test: FAILED' : 'web page test: passed');
  process.exit(failed ? 1 : 0);
}

main().catch((error) => {
  console.error(`web page test: ${error.message || error}`);
  process.exit(1);
});
