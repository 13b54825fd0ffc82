// make run-browser-tests: runs the browser test files given, two at a
// time, each in a `node --test` of its own, and prints each file's report
// when it ends. A file that passed earlier with the same inputs
// (cache.mjs) is not run again and says "(cached)", as go test does;
// DMELAB_BROWSER_CACHE=off runs every file; DMELAB_BROWSER_JOBS=N runs N
// files at a time instead of two. The files share one Chromium, each in
// a context of its own (DMELAB_BROWSER_SHARED=off: a Chromium each).
// Exits 1 if a file failed.

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { CHROMIUM, ROOT } from './paths.mjs';
import * as cache from './cache.mjs';

const files = process.argv.slice(2).map((f) => path.relative(ROOT, path.resolve(f)));
// keyOf is the key a file's result is kept under (cache.flavorOf).
const keyOf = (f) => k && k[cache.flavorOf(ROOT, f)];
const concurrency = Number(process.env.DMELAB_BROWSER_JOBS) || 2;
// What its lines call the files: the Worker's test (edge/) is run and kept
// this way too (make run-worker-tests), without a browser.
const what = files.every((f) => f.startsWith('edge/')) ? 'worker tests' : 'browser tests';

let k = null;
if (process.env.DMELAB_BROWSER_CACHE === 'off') {
  console.log(`${what}: cache off (DMELAB_BROWSER_CACHE=off): every file runs`);
} else {
  try {
    k = cache.keys(ROOT, CHROMIUM);
    cache.prune();
  } catch (err) {
    console.log(`${what}: no cache (${String(err.message).split('\n')[0]}): every file runs`);
  }
}

// summary reads the spec reporter's closing counts ("ℹ pass 7").
function summary(out) {
  const n = (name) => Number((out.match(new RegExp(`^ℹ ${name} (\\d+)$`, 'm')) || [])[1] ?? NaN);
  return { tests: n('tests'), fail: n('fail'), skipped: n('skipped') };
}

function runFile(file) {
  return new Promise((resolve) => {
    const start = Date.now();
    console.log(`run   ${file}`);
    // A node --test started from inside another (NODE_TEST_CONTEXT set)
    // runs nothing and exits 0: the file's own run must not inherit it.
    const env = { ...process.env };
    delete env.NODE_TEST_CONTEXT;
    const proc = spawn(process.execPath, ['--test', '--test-reporter=spec', file], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    proc.stdout.on('data', (d) => { out += d; });
    proc.stderr.on('data', (d) => { out += d; });
    proc.on('close', (code) => {
      const ms = Date.now() - start;
      const s = summary(out);
      // node --test exits non-zero when a test failed or was cancelled.
      const ok = code === 0;
      console.log(`--- ${ok ? 'ok  ' : 'FAIL'} ${file} (${(ms / 1000).toFixed(1)} s)`);
      process.stdout.write(out.endsWith('\n') || out === '' ? out : `${out}\n`);
      // A file whose tests were skipped (no Chromium) proved nothing, and
      // one whose counts cannot be read is not recorded either.
      if (ok && k && s.skipped === 0 && s.fail === 0 && s.tests > 0) cache.record(keyOf(file), file, ms);
      resolve(ok);
    });
  });
}

const queue = [];
let cached = 0;
for (const f of files) {
  const hit = k && cache.passed(keyOf(f), f);
  if (hit) {
    cached++;
    console.log(`ok    ${f} (cached: passed ${hit.passed}, ${(hit.ms / 1000).toFixed(1)} s)`);
  } else {
    queue.push(f);
  }
}

// One Chromium for every file that runs (harness.mjs's shared): each
// file's launch takes a context of its own in it.
// DMELAB_BROWSER_SHARED=off lets each file start its own.
//
// Should that browser exit while files run (it has not been seen to, but
// then every file after it would fail), the next file to start gets a
// new one, and a file that failed while it exited runs once more: its
// failure says nothing of the page. Each browser is a generation; a file
// remembers the one it started under.
let browser = null;
let generation = 0; // how many shared browsers have exited
let sharing = queue.some((f) => !f.startsWith('edge/')) && fs.existsSync(CHROMIUM) && !process.env.DMELAB_BROWSER_WS && process.env.DMELAB_BROWSER_SHARED !== 'off';
let starting = null;

// gone forgets the shared browser b once its process has exited.
function gone(b) {
  if (browser !== b) return;
  browser = null;
  generation++;
  delete process.env.DMELAB_BROWSER_WS;
  console.log('browser tests: the shared Chromium exited; the next file starts another');
}
const exited = (b) => b.process().exitCode !== null || b.process().signalCode !== null;

// settle waits, after a file failed, up to 5 s for the shared browser b to
// finish exiting: a crashed Chromium drops its connections (and so fails
// the file) before its process is gone.
const settle = (b) => exited(b) ? null : new Promise((resolve) => {
  const t = setTimeout(resolve, 5000);
  b.process().once('exit', () => { clearTimeout(t); resolve(); });
});

async function ensureShared() {
  if (!sharing || browser) return;
  starting ??= (async () => {
    const { shared } = await import('./harness.mjs');
    try {
      const b = await shared(CHROMIUM);
      browser = b;
      process.env.DMELAB_BROWSER_WS = b.wsEndpoint();
      b.process().once('exit', () => gone(b));
    } catch (err) {
      sharing = false;
      console.log(`browser tests: no shared Chromium (${String(err.message).split('\n')[0]}): each file starts its own`);
    }
  })();
  await starting;
  starting = null;
}

const failed = [];
await Promise.all(Array.from({ length: Math.min(concurrency, queue.length) }, async () => {
  while (queue.length) {
    const f = queue.shift();
    await ensureShared();
    const [gen, b] = [generation, browser];
    let ok = await runFile(f);
    if (!ok && b) await settle(b);
    if (b && exited(b)) gone(b); // its exit event may not have come yet
    if (!ok && generation !== gen) {
      console.log(`run   ${f} again: the shared Chromium exited while it ran`);
      await ensureShared();
      ok = await runFile(f);
    }
    if (!ok) failed.push(f);
  }
}));

const last = browser;
browser = null; // its exit now is ours
await last?.close();

const ran = files.length - cached;
console.log(`${what}: ${files.length} test files, ${cached} cached, ${ran} run, ${failed.length} failed${failed.length ? `: ${failed.join(', ')}` : ''}`);
process.exit(failed.length ? 1 : 0);
