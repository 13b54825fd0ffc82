// The Cloudflare Worker, locally: `wrangler dev` (workerd from npm,
// offline, on loopback) runs edge/worker/build (make worker) in front of a
// real `bin/dmelab serve`. Pages load (the playground as static assets),
// the scenario API answers from the worker itself, and a submission is
// forwarded to the grading server and its feedback comes back through the
// worker. Run: make test-worker (part of make test).

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '..', '..');
const WRANGLER = path.join(ROOT, 'node_modules', '.bin', 'wrangler');
const skip = !fs.existsSync(path.join(HERE, 'build', 'app.wasm')) ? 'edge/worker/build is missing: run make worker'
  : !fs.existsSync(WRANGLER) ? 'wrangler is missing: run npm ci' : false;
if (skip) console.log(`# SKIP ${skip}`);

const procs = [];
let grader;
let worker;
let data;

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
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false', HOME: home, XDG_CONFIG_HOME: home, CI: '1' },
  }, /Ready on (http:\/\/\S+)/);
  worker = `http://127.0.0.1:${wport}`;
});

after(() => {
  for (const p of procs) {
    try { process.kill(-p.pid, 'SIGTERM'); } catch { /* gone already */ }
  }
  if (data) fs.rmSync(data, { recursive: true, force: true });
});

test('the playground loads from the worker', { skip }, async () => {
  const r = await fetch(worker + '/');
  assert.equal(r.status, 200);
  assert.match(await r.text(), /dmelab/);
  const wasm = await fetch(worker + '/dmelab.wasm', { method: 'HEAD' });
  assert.equal(wasm.status, 200);
});

test('the scenario API answers from the worker', { skip }, async () => {
  const text = 'algorithm central\nnodes A B\nrequest A\nrun\nexpect A enters before B\n';
  const r = await fetch(worker + '/api/scenario/run', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ text }) });
  assert.equal(r.status, 200);
  const v = await r.json();
  assert.equal(v.ok, true, v.report);
  const bad = await fetch(worker + '/api/scenario/check', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ text: 'algorithm central\nnodes A\nfrob A\n' }) });
  const b = await bad.json();
  assert.equal(b.ok, false);
  assert.equal(b.errors[0].line, 3);
});

test('a submission is forwarded to the grading server and graded', { skip }, async () => {
  const source = fs.readFileSync(path.join(ROOT, 'exercises', 'ra-steps', 'mutants', 'no_tie_break.go'), 'utf8');
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
  const direct = await (await fetch(`${grader}/api/submissions/${id}`)).json();
  assert.equal(direct.result.score, v.result.score, 'the same result as the grading server says');
});
