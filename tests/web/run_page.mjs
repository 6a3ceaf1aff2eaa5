// Runs the web build's page in headless Chromium and reports what it did, for tests/web/web_page_test.cpp
// and docs/benchmarks.md. Node 20, nothing from npm: an HTTP server on 127.0.0.1 (node:http) serves the
// build folder, and Chromium is driven through the DevTools protocol over its WebSocket (node's own
// WebSocket, `node --experimental-websocket`).
//
// Usage: node --experimental-websocket tests/web/run_page.mjs --root build/web/game --query 'demo&seed=1&frames=3600&hash'
//          [--size 1280x720] [--screenshot page.png] [--frame-times SECONDS] [--timeout SECONDS]
// Prints one JSON line: { exitStatus, output, message, console, screenshot?, frameTimesMs? } (message: what the
// page says when the game stopped). Exit status 0 when the page
// ran to its end (or for --frame-times, ran that long), 1 otherwise (the reason on stderr).
//
// --frame-times: a windowed (not headless) page whose frames the browser paces; measures the time from one
// animation frame to the next for that many seconds after a 2-second warm-up.

import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';

function parseArguments(argv) {
  const options = { size: '1280x720', timeout: 300 };
  for (let i = 0; i < argv.length; i += 2) {
    const key = argv[i].replace(/^--/, '');
    if (!['root', 'query', 'size', 'screenshot', 'frame-times', 'timeout'].includes(key) || i + 1 >= argv.length)
      throw new Error(`run_page.mjs: unknown or incomplete option ${argv[i]}`);
    options[key] = argv[i + 1];
  }
  if (!options.root)
    throw new Error('run_page.mjs: --root (the folder holding index.html) is required');
  return options;
}

const kTypes = { '.html': 'text/html', '.js': 'text/javascript', '.wasm': 'application/wasm',
                 '.data': 'application/octet-stream' };

// A test's checks: `check(ok, what, details)` prints "ok: what" or "FAIL: what" and the details, and
// `failed()` says whether any failed.
export function checker() {
  let failed = false;
  return {
    check(ok, what, details) {
      console.log(`${ok ? 'ok' : 'FAIL'}: ${what}`);
      if (!ok) {
        console.log(details);
        failed = true;
      }
    },
    failed: () => failed,
  };
}

export function serve(root) {
  const server = createServer((request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url, 'http://x').pathname));
    const file = join(root, path === '/' ? 'index.html' : path);
    if (!file.startsWith(root) || !existsSync(file)) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'Content-Type': kTypes[extname(file)] || 'application/octet-stream' });
    response.end(readFileSync(file));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export async function launchChromium(width, height, extraFlags = []) {
  const profile = mkdtempSync(join(tmpdir(), 'vox-chromium-'));
  const chromium = spawn('chromium', [
    '--headless=new', '--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader',
    '--remote-debugging-port=0', `--user-data-dir=${profile}`, `--window-size=${width},${height}`,
    '--no-first-run', '--hide-scrollbars', '--mute-audio', '--autoplay-policy=no-user-gesture-required',
    ...extraFlags, 'about:blank'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  chromium.stderr.on('data', (chunk) => { log += chunk; });
  const portFile = join(profile, 'DevToolsActivePort');
  for (let i = 0; i < 300 && !existsSync(portFile); ++i)
    await sleep(100);
  if (!existsSync(portFile))
    throw new Error(`chromium did not start its DevTools server:\n${log}`);
  const port = readFileSync(portFile, 'utf8').split('\n')[0];
  const targets = await (await fetch(`http://127.0.0.1:${port}/json/list`)).json();
  const page = targets.find((t) => t.type === 'page');
  const exited = new Promise((resolve) => chromium.on('exit', resolve));
  const close = async () => {
    chromium.kill();
    await exited;
    // Chromium's helper processes can outlive the browser by a moment and still write into the profile
    // (seen: ENOTEMPTY): retry for about 5 s, and a profile left in the temporary folder is no test failure.
    // The waits grow by retryDelay each time (Node's linear backoff): 10 retries wait 0.1 + 0.2 + ... + 1 s
    // (50 waited over two minutes on each such profile).
    try {
      rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
    } catch (error) {
      console.warn(`note: could not remove Chromium's profile ${profile}: ${error.message}`);
    }
  };
  return { url: page.webSocketDebuggerUrl, close, log: () => log };
}

export function connect(url) {
  const socket = new WebSocket(url);
  let next = 1;
  const pending = new Map();
  const consoleLines = [];
  socket.onmessage = (event) => {
    const message = JSON.parse(event.data);
    if (message.method === 'Runtime.consoleAPICalled')
      consoleLines.push(message.params.type + ': ' + message.params.args.map((a) => a.value ?? a.description).join(' '));
    else if (message.method === 'Runtime.exceptionThrown')
      consoleLines.push('exception: ' + (message.params.exceptionDetails.exception?.description ?? message.params.exceptionDetails.text));
    else if (message.method === 'Log.entryAdded')
      consoleLines.push(message.params.entry.level + ': ' + message.params.entry.text);
    if (message.id && pending.has(message.id)) {
      const { resolve, reject } = pending.get(message.id);
      pending.delete(message.id);
      message.error ? reject(new Error(JSON.stringify(message.error))) : resolve(message.result);
    }
  };
  const send = (method, params = {}) => new Promise((resolve, reject) => {
    const id = next++;
    pending.set(id, { resolve, reject });
    socket.send(JSON.stringify({ id, method, params }));
  });
  return new Promise((resolve, reject) => {
    socket.onopen = () => resolve({ send, close: () => socket.close(), consoleLines });
    socket.onerror = () => reject(new Error(`cannot connect to ${url}`));
  });
}

export async function evaluate(cdp, expression) {
  const result = await cdp.send('Runtime.evaluate', { expression, returnByValue: true, awaitPromise: true });
  return result.result.value;
}

// `evaluate`, but '' while the page is between documents (its context destroyed by a navigation).
async function evaluateOrEmpty(cdp, expression) {
  try {
    return await evaluate(cdp, expression);
  } catch {
    return '';
  }
}

// Chooses `file` in the page's "Open run" file input (web/index.html, setUpRuns), as a player would once the
// game is running, and waits for the page it opens (?runfile). Not before: a page left while its game is still
// loading (reading the saves from IndexedDB) could leave the next one on "Loading" for good (seen in about
// one run of three when the file was chosen as soon as the input existed).
async function chooseRunFile(cdp, file, deadline) {
  while (Date.now() < deadline && !(await evaluateOrEmpty(cdp, "document.readyState === 'complete' && " +
                                                          "!!document.getElementById('run-file') && " +
                                                          "document.getElementById('status').style.display === 'none'")))
    await sleep(200);
  await cdp.send('DOM.enable');
  const document = await cdp.send('DOM.getDocument');
  const input = await cdp.send('DOM.querySelector', { nodeId: document.root.nodeId, selector: '#run-file' });
  await cdp.send('DOM.setFileInputFiles', { files: [file], nodeId: input.nodeId });
  while (Date.now() < deadline && !(await evaluateOrEmpty(cdp, "location.search.startsWith('?runfile')")))
    await sleep(200);
}

// The page's ?runfile, opened on `file` as if it had been chosen on the page in this tab before: what the
// page keeps of a chosen file (web/index.html, setUpRuns: its bytes in base64 and its name, in
// sessionStorage) is put there before the page's script runs, so the game loads once, straight into the run.
async function presetRunFile(cdp, file) {
  const bytes = readFileSync(file).toString('base64');
  const name = file.split('/').pop();
  await cdp.send('Page.enable');
  await cdp.send('Page.addScriptToEvaluateOnNewDocument', {
    source: `sessionStorage.setItem('voxel-invaders-run', ${JSON.stringify(bytes)}); ` +
            `sessionStorage.setItem('voxel-invaders-run-name', ${JSON.stringify(name)});` });
}

// Runs the page as the options say (the command line's names) and returns the report. `chooseRunFile`: an
// absolute path of a .vir to choose on the page once it has loaded. `runFile`: a .vir the page opens at once
// with ?runfile (the query must hold `runfile`), as if it had been chosen before.
export async function runPage(given) {
  const options = { size: '1280x720', timeout: 300, ...given };
  const [width, height] = options.size.split('x').map(Number);
  const server = await serve(normalize(options.root));
  const address = `http://127.0.0.1:${server.address().port}/?${options.query || ''}`;
  const chromium = await launchChromium(width, height, options.chromiumFlags || []);
  const report = {};
  try {
    const cdp = await connect(chromium.url);
    await cdp.send('Runtime.enable');
    await cdp.send('Log.enable');
    await cdp.send('Emulation.setDeviceMetricsOverride', { width, height, deviceScaleFactor: 1, mobile: false });
    if (options.runFile)
      await presetRunFile(cdp, options.runFile);
    await cdp.send('Page.navigate', { url: address });
    const deadline = Date.now() + Number(options.timeout) * 1000;
    if (options['frame-times']) {
      // Wait for the game's first frames, then time animation frames in the page itself.
      while (Date.now() < deadline && !(await evaluate(cdp, "document.getElementById('status').style.display === 'none'")))
        await sleep(200);
      await sleep(2000);
      report.frameTimesMs = await evaluate(cdp, `new Promise((resolve) => {
        const times = []; let last = performance.now(); const end = last + ${Number(options['frame-times']) * 1000};
        function tick(now) { times.push(now - last); last = now; if (now < end) requestAnimationFrame(tick); else resolve(times); }
        requestAnimationFrame(tick); })`);
      report.exitStatus = await evaluate(cdp, 'document.body.dataset.exitStatus || null');
    } else {
      if (options.chooseRunFile)
        await chooseRunFile(cdp, options.chooseRunFile, deadline);
      while (Date.now() < deadline && !(await evaluateOrEmpty(cdp, 'document.body.dataset.exitStatus || ""')))
        await sleep(250);
      report.exitStatus = await evaluate(cdp, 'document.body.dataset.exitStatus || null');
    }
    report.output = await evaluate(cdp, "document.getElementById('output').textContent");
    report.message = await evaluate(cdp, "document.getElementById('message').textContent");
    if (options.probe) // an expression evaluated on the page once the game has ended (tests)
      report.probe = await evaluate(cdp, options.probe);
    if (options.screenshot) {
      const shot = await cdp.send('Page.captureScreenshot', { format: 'png' });
      writeFileSync(options.screenshot, Buffer.from(shot.data, 'base64'));
      report.screenshot = options.screenshot;
    }
    report.console = cdp.consoleLines;
    cdp.close();
  } finally {
    await chromium.close();
    server.close();
  }
  return report;
}

async function main() {
  const options = parseArguments(process.argv.slice(2));
  const report = await runPage(options);
  console.log(JSON.stringify(report));
  if (report.exitStatus === null && !options['frame-times']) {
    console.error(`run_page.mjs: the page did not finish within ${options.timeout} s`);
    process.exit(1);
  }
}

if (process.argv[1] && import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error) => {
    console.error(error.message || String(error));
    process.exit(1);
  });
}
