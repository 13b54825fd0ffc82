// The Cloudflare Worker, locally: `wrangler dev` (workerd from npm,
// offline, on loopback; it runs build.sh first) in front of a real
// `bin/dmelab serve`. Pages load (the playground as static assets, with
// site's headers), the scenario API answers from the worker itself, and a
// submission is forwarded to the grading server and its feedback comes
// back through the worker. Run: make test-worker (part of make test);
// skipped, saying why, without bin/dmelab, the built site or wrangler.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '..', '..');
const WRANGLER = path.join(ROOT, 'node_modules', '.bin', 'wrangler');
const WORKERD = path.join(ROOT, 'node_modules', '.bin', 'workerd');
const skip = !fs.existsSync(path.join(ROOT, 'bin', 'dmelab')) ? 'bin/dmelab is missing: run make build'
  : !fs.existsSync(path.join(ROOT, 'site', 'static', 'dmelab.wasm')) ? 'the playground is not built: run make site'
  : !fs.existsSync(WRANGLER) || !fs.existsSync(WORKERD) ? 'wrangler or workerd is missing: run npm ci'
  : runs(WORKERD, ['--version']) ? false : 'workerd cannot run on this machine (workerd --version failed)';
if (skip) console.log(`# SKIP ${skip}`);

const procs = [];
let grader;
let worker;
let data;

// OFFLINE keeps wrangler off the network: no metrics, no update check
// (it comes with the banner), no download of the Request.cf placeholder.
const OFFLINE = { WRANGLER_SEND_METRICS: 'false', WRANGLER_HIDE_BANNER: 'true', CLOUDFLARE_CF_FETCH_ENABLED: 'false' };

function runs(cmd, args) {
  try {
    execFileSync(cmd, args, { stdio: 'ignore', timeout: 30000 });
    return true;
  } catch {
    return false;
  }
}

// goEnv pins Go's caches and settings where they are now: wrangler's own
// HOME (a folder of the project's) must not move them for build.sh.
function goEnv() {
  const vars = ['GOCACHE', 'GOMODCACHE', 'GOPATH', 'GOENV'];
  const vals = execFileSync(process.env.GO || 'go', ['env', ...vars], { encoding: 'utf8' }).split('\n');
  return Object.fromEntries(vars.map((k, i) => [k, vals[i]]));
}

const freePort = () => new Promise((resolve) => {
  const s = net.createServer().listen(0, '127.0.0.1', () => { const { port } = s.address(); s.close(() => resolve(port)); });
});

// start runs a command in its own process group (wrangler leaves workerd
// running when only it is killed) and resolves when its output matches.
function start(cmd, args, opts, ready) {
  const p = spawn(cmd, args, { ...opts, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  procs.push(p);
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`${path.basename(cmd)} did not start:\n${out}`)), 120000);
    const onData = (d) => {
      out += d;
      const m = out.match(ready);
      if (m) { clearTimeout(timer); resolve(m); }
    };
    p.stdout.on('data', onData);
    p.stderr.on('data', onData);
    p.on('exit', (code) => reject(new Error(`${path.basename(cmd)} exited (${code}):\n${out}`)));
  });
}

before(async () => {
  if (skip) return;
  data = fs.mkdtempSync(path.join(os.tmpdir(), 'dmelab-worker-'));
  const gport = await freePort();
  grader = `http://127.0.0.1:${gport}`;
  await start(path.join(ROOT, 'bin', 'dmelab'), ['serve', '--addr', `127.0.0.1:${gport}`, '--data', path.join(data, 'db'),
    '--exercises', path.join(ROOT, 'exercises')], { cwd: ROOT }, /playground and grader on/);
  const wport = await freePort();
  const home = path.join(HERE, '.home');
  fs.mkdirSync(home, { recursive: true });
  await start(WRANGLER, ['dev', '--ip', '127.0.0.1', '--port', String(wport), '--var', `GRADER_URL:${grader}`], {
    cwd: HERE,
    env: { ...process.env, ...goEnv(), ...OFFLINE, HOME: home, XDG_CONFIG_HOME: home, CI: '1' },
  }, /Ready on (http:\/\/\S+)/);
  worker = `http://127.0.0.1:${wport}`;
});

after(() => {
  for (const p of procs) {
    try { process.kill(-p.pid, 'SIGTERM'); } catch { /* gone already */ }
  }
  if (data) fs.rmSync(data, { recursive: true, force: true });
});

test('the playground loads from the worker, with site\'s headers', { skip }, async () => {
  const r = await fetch(worker + '/');
  assert.equal(r.status, 200);
  assert.match(await r.text(), /dmelab/);
  assert.match(r.headers.get('content-security-policy') || '', /default-src 'self'/);
  assert.equal(r.headers.get('x-content-type-options'), 'nosniff');
  const wasm = await fetch(worker + '/dmelab.wasm', { method: 'HEAD' });
  assert.equal(wasm.status, 200);
  assert.equal(wasm.headers.get('content-type'), 'application/wasm');
  for (const p of ['/dmelab.wasm.br', '/nope.js']) {
    assert.equal((await fetch(worker + p)).status, 404, p);
  }
});

// Each request may start a fresh Go instance: a scenario API request
// costs the instance's start. Printed, not asserted (no timed assertions).
test('a scenario API request, timed', { skip }, async () => {
  const body = JSON.stringify({ text: 'algorithm central\nnodes S A B\nrequest A\nrun\n' });
  const times = [];
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    const r = await fetch(worker + '/api/scenario/check', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });
    assert.equal(r.status, 200);
    await r.json();
    times.push(performance.now() - t0);
  }
  const wasm = fs.statSync(path.join(HERE, 'build', 'app.wasm')).size;
  console.log(`# app.wasm ${(wasm / 1e6).toFixed(2)} MB; POST /api/scenario/check: ${times.map((t) => t.toFixed(0)).join(', ')} ms`);
});

test('the scenario API answers from the worker', { skip }, async () => {
  const text = 'algorithm central\nnodes S A B\nrequest A\nrun\nexpect A enters before B\n';
  const r = await fetch(worker + '/api/scenario/run', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ text }) });
  assert.equal(r.status, 200);
  const v = await r.json();
  assert.equal(v.ok, true, v.report);
  const get = await fetch(worker + '/api/scenario/run');
  assert.equal(get.status, 405);
  assert.equal(get.headers.get('allow'), 'POST');
  const bad = await fetch(worker + '/api/scenario/check', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ text: 'algorithm central\nnodes A\nfrob A\n' }) });
  const b = await bad.json();
  assert.equal(b.ok, false);
  assert.equal(b.errors[0].line, 3);
});

test('a submission is forwarded to the grading server and graded', { skip }, async () => {
  const source = execFileSync(path.join(ROOT, 'bin', 'dmelab'), ['validate', '--show-mutant', path.join(ROOT, 'exercises', 'ra-steps', 'mutants', 'no_tie_break.patch')], { encoding: 'utf8' });
  const r = await fetch(worker + '/api/submissions', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ exercise: 'ra-steps', file: 'solution.go', source }) });
  assert.equal(r.status, 202);
  const { id } = await r.json();
  let v;
  for (let i = 0; i < 60; i++) {
    v = await (await fetch(`${worker}/api/submissions/${id}?wait=10`)).json();
    if (v.status === 'done' || v.status === 'failed') break;
  }
  assert.equal(v.status, 'done');
  assert.ok(v.result.score < v.result.max_score, 'the mutant loses points');
  assert.match(v.feedback.markdown, /#scenario=/, 'with a replay link');
  // HEAD through the worker's own code (forwarded): no body, no 500.
  const head = await fetch(`${worker}/exercises/`, { method: 'HEAD' });
  assert.equal(head.status, 200);
  const direct = await (await fetch(`${grader}/api/submissions/${id}`)).json();
  assert.equal(direct.result.score, v.result.score, 'the same result as the grading server says');
});
