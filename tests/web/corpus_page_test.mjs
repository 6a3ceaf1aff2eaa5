// The corpus on the page (scripts/test.sh, stage `web`; tests/data/corpus/README.md): every corpus run is
// opened on the page as a file chosen with its "Open run" button is (?runfile: the page's own path for a
// chosen file, minus the file dialog, which tests/web/web_page_test.mjs covers) and played by the WebAssembly
// build in headless Chromium, which compares the state hash of every second with the run's hash chain as it
// plays (a departure ends the game with status 1, "the playback departs at M:SS, step N"). Each must end with
// status 0 on its recorded final state hash. Then a copy of one run with one input changed (and its checksum
// made right) must depart on the page at the second the native `vir verify` names: the first after the change.
//
// Usage: node --experimental-websocket tests/web/corpus_page_test.mjs VIR WEB_FOLDER CORPUS_FOLDER OUTPUT_FOLDER
//   VIR            build/release/game/tools/vir (the native tool, for the changed copy's departure)
//   WEB_FOLDER     build/web/game (index.html, voxel-invaders.js/.wasm/.data)
//   CORPUS_FOLDER  tests/data/corpus
//   OUTPUT_FOLDER  where the changed copy is written
// Prints a line per run; exit status 0 when every check holds, 1 otherwise.

import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { checker, runPage } from './run_page.mjs';

const kSize = '320x180';
const stateHashOf = (text) => /state-hash: ([0-9a-f]{16})/.exec(text || '')?.[1];

// What a .vir file of format 2 says (docs/run-format.md, "The .vir file"): its steps, links, final hash.
function runHeader(bytes) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const n = bytes[16];
  if (view.getUint32(8, true) !== 2)
    throw new Error('a corpus run is a .vir file of format version 2');
  return { n, steps: view.getUint32(30 + n, true), links: view.getUint32(43 + n, true),
           finalHash: view.getBigUint64(34 + n, true).toString(16).padStart(16, '0') };
}

// FNV-1a 32 of `bytes` (the file's checksum).
function fnv1a32(bytes) {
  let hash = 0x811c9dc5;
  for (const byte of bytes)
    hash = Math.imul(hash ^ byte, 0x01000193) >>> 0;
  return hash;
}

// A copy of `bytes` whose input of one step is changed and its checksum made right: the first step from
// 90 s on where the cannon turns from right to left (so it stands clear of the left edge) moves right
// instead. Returns { bytes, step }.
function changedCopy(bytes) {
  const { n, steps } = runHeader(bytes);
  const inputs = 47 + n;
  let step = 90 * 60;
  while (step < steps && !(bytes[inputs + step] === 1 && bytes[inputs + step - 1] === 2))
    ++step;
  if (step >= steps)
    throw new Error('no step to change in the run');
  const copy = Uint8Array.from(bytes);
  copy[inputs + step] = 2;
  new DataView(copy.buffer).setUint32(copy.length - 4, fnv1a32(copy.subarray(0, copy.length - 4)), true);
  return { bytes: copy, step };
}

// The page's report on playing the .vir at `path` (opened with ?runfile, as a file chosen on the page is).
// A page that never finished loading (seen now and then in headless Chromium on a busy machine: the page
// stays on "Loading", its game never started) is tried once more, saying so; a game that ran is never.
async function playOnPage(webFolder, path) {
  const open = () => runPage({ root: webFolder, size: kSize, timeout: 120, runFile: path,
                               query: `runfile&hash&size=${kSize}` });
  const page = await open();
  if (page.exitStatus !== null || page.output)
    return page;
  console.log(`note: the page did not load ${path} within 120 s (console: ${(page.console || []).join(' | ')}); ` +
              'trying once more');
  return open();
}

async function main() {
  const [vir, webFolder, corpusFolder, outputFolder] = process.argv.slice(2);
  if (!outputFolder)
    throw new Error('usage: corpus_page_test.mjs VIR WEB_FOLDER CORPUS_FOLDER OUTPUT_FOLDER');
  mkdirSync(outputFolder, { recursive: true });
  const { check, failed } = checker();
  const files = readdirSync(corpusFolder).filter((name) => name.endsWith('.vir')).sort();
  check(files.length >= 20, `the corpus holds ${files.length} runs (at least 20)`, corpusFolder);
  const started = Date.now();
  for (const name of files) {
    const path = resolve(join(corpusFolder, name));
    const header = runHeader(readFileSync(path));
    const page = await playOnPage(webFolder, path);
    check(page.exitStatus === '0' && stateHashOf(page.output) === header.finalHash,
          `${name} on the page: ${header.steps} steps, every one of its ${header.links} seconds and its final ` +
          `state hash ${header.finalHash} (page: status ${page.exitStatus}, state-hash ${stateHashOf(page.output)})`,
          (page.output || '') + '\nconsole:\n' + (page.console || []).join('\n'));
  }
  console.log(`${files.length} runs played on the page in ${((Date.now() - started) / 1000).toFixed(0)} s`);

  // A changed copy departs on the page where the native tool says it does.
  const source = files.find((name) => name === 'demo-seed3.vir') || files[0];
  const { bytes, step } = changedCopy(readFileSync(join(corpusFolder, source)));
  const changed = resolve(join(outputFolder, `changed-${source}`));
  writeFileSync(changed, bytes);
  const native = spawnSync(vir, ['verify', changed], { encoding: 'utf8' });
  const departs = /departs at (\d+:\d\d), step ([\d,]+)/.exec(native.stdout || '');
  check(native.status === 1 && departs && Number(departs[2].replace(/,/g, '')) === (Math.floor(step / 60) + 1) * 60,
        `${source} with the input of step ${step} changed: vir verify says it ${departs?.[0]}`,
        `status ${native.status}\n${native.stdout}${native.stderr}`);
  if (departs) {
    const page = await playOnPage(webFolder, changed);
    check(page.exitStatus === '1' && (page.output || '').includes(`the playback ${departs[0]} from the recording`),
          `the changed copy on the page: status ${page.exitStatus}, it ${departs[0]} there too`,
          (page.output || '') + '\nconsole:\n' + (page.console || []).join('\n'));
  }
  console.log(failed() ? 'corpus page test: FAILED' : 'corpus page test: passed');
  process.exit(failed() ? 1 : 0);
}

main().catch((error) => {
  console.error(`corpus page test: ${error.message || error}`);
  process.exit(1);
});
