// The browser tests' result cache (cache.mjs): which files its key covers,
// that a change to one of them is another key, and that an entry is found
// only under the key and the file it was written for. No browser needed.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as cache from './cache.mjs';

test('the key leaves out prose, Go tests, the Worker and the SPIN model, and nothing a test or a grading reads', () => {
  for (const p of ['README.md', 'docs/guide.md', 'docs/screenshots/playground-desktop.png',
    'algorithms/explore/explore_test.go', 'grader/sandbox/build_test.go', 'edge/worker/worker.test.mjs',
    'bench/spin/ra_benari.pml']) {
    assert.ok(cache.ignored(p), `${p} should be left out`);
  }
  for (const p of ['docs/docs.go', 'algorithms/explore/explore.go', 'exercises/lamport/README.md',
    'exercises/lamport/solution_test.go', 'exercises/lamport/mutants/m1.patch', 'edge/worker/main.go',
    'cmd/hostile/testdata/corpus/alloc_bomb.go', 'cmd/hostile/testdata/corpus/notes.txt', 'site/static/app.js', 'site/e2e/harness.mjs', '.ci/mtimes',
    'algorithms/scenario/testdata/001.txt', 'package-lock.json', 'go.mod', 'go.sum', 'Makefile']) {
    assert.ok(!cache.ignored(p), `${p} should be in the key`);
  }
});

// tree is a temporary directory and a write(path, text) into it.
function tree(prefix) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const write = (p, text) => {
    fs.mkdirSync(path.dirname(path.join(root, p)), { recursive: true });
    fs.writeFileSync(path.join(root, p), text);
  };
  return { root, write, rm: () => fs.rmSync(root, { recursive: true, force: true }) };
}

// A checkout the size of a test: a Git repository with the built files
// the key hashes, removed after test t.
function checkout(t) {
  const c = tree('dmelab-cache-test-');
  t.after(c.rm);
  const { root, write } = c;
  write('.gitignore', '/bin/\n/site/static/dmelab.wasm\n');
  write('bin/dmelab', 'binary 1');
  write('bin/playground', 'binary 2');
  write('site/static/app.js', 'app');
  write('site/static/dmelab.wasm', 'wasm');
  write('exercises/lamport/README.md', 'exercise');
  write('docs/guide.md', 'guide');
  write('algorithms/a_test.go', 'package a');
  const git = (...args) => execFileSync('git', args, { cwd: root, stdio: 'ignore' });
  git('init', '-q');
  git('add', '.');
  return c;
}

test('a change to a binary, the built site, a kept file or a new file is another key; to a left-out file is not', (t) => {
  const c = checkout(t);
  const k = () => cache.key(c.root, '/nonexistent/chromium');
  const k0 = k();
  assert.match(k0, /^[0-9a-f]{64}$/);
  assert.equal(k(), k0, 'the same checkout, the same key');

  c.write('docs/guide.md', 'guide, edited');
  c.write('algorithms/a_test.go', 'package a // edited');
  assert.equal(k(), k0, 'docs and Go tests are left out');

  const changes = [
    ['bin/dmelab', 'binary 1, rebuilt'],
    ['site/static/dmelab.wasm', 'wasm, rebuilt'], // ignored by Git, built
    ['exercises/lamport/README.md', 'exercise, edited'],
    ['exercises/lamport/new.go', 'package lamport'], // not yet added
  ];
  const seen = new Set([k0]);
  for (const [p, text] of changes) {
    c.write(p, text);
    const next = k();
    assert.ok(!seen.has(next), `${p}: the key did not change`);
    seen.add(next);
  }
  fs.rmSync(path.join(c.root, 'bin/playground'));
  assert.ok(!seen.has(k()), 'a binary not built is another key');
});

// Each key moves with what it covers and stays for the rest. The full key
// covers everything but the left-out files. The playground key leaves
// out what reaches the tests only through dmelab serve (bin/dmelab, the
// grader, the commands, the exercises) and every Go file (the page's Go
// is in bin/playground and the wasm). The grading key leaves out the
// binaries and the site but its Go: the pages are in bin/dmelab, which it
// does not hash, but a grading never reads them. The worker key covers
// the full key's files and the Worker's own (edge/).
test('each key moves with what it covers, and stays when only the rest changes', (t) => {
  const c = checkout(t);
  const ks = () => cache.keys(c.root, '/nonexistent/chromium');
  const k0 = ks();
  assert.notEqual(k0.playground, k0.full);
  assert.notEqual(k0.grading, k0.full);
  for (const [p, text, moves] of [
    ['bin/dmelab', 'binary 1, rebuilt', 'full'],
    ['bin/playground', 'binary 2, rebuilt', 'full playground'],
    ['site/static/app.js', 'app, edited', 'full playground'],
    ['site/static/dmelab.wasm', 'wasm, rebuilt', 'full playground'],
    ['site/editor/index.js', 'an editor', 'full playground'],
    ['site/e2e/x.test.mjs', 'a browser test', 'full playground'],
    ['site/site.go', 'package site', 'full grading'],
    ['exercises/lamport/README.md', 'edited', 'full grading'],
    ['grader/grade/grade.go', 'package grade', 'full grading'],
    ['cmd/dmelab/main.go', 'package main', 'full grading'],
    ['cmd/hostile/testdata/corpus/x.go', 'package x', 'full grading'],
    ['algorithms/lamportsteps/wire.go', 'package lamportsteps // not in the page', 'full grading'],
    ['algorithms/listing/seeds/x.txt', 'a seed', 'full playground grading'],
    ['Makefile', 'build:', 'full playground grading'],
    ['edge/worker/worker.test.mjs', 'the Worker\'s test', ''],
    ['edge/worker/wrangler.toml', 'name = "dmelab"', ''],
    ['docs/guide.md', 'guide, edited', 'none'],
  ]) {
    const before = ks();
    c.write(p, text);
    const after = ks();
    // The worker key moves with the full key, and with the Worker's files.
    const keys = moves === 'none' ? [] : [...moves.split(' ').filter(Boolean), 'worker'];
    for (const key of ['full', 'playground', 'grading', 'worker']) {
      if (keys.includes(key)) assert.notEqual(after[key], before[key], `${p}: the ${key} key did not move`);
      else assert.equal(after[key], before[key], `${p}: the ${key} key moved`);
    }
  }
});

test('every file bin/dmelab embeds is in the grading key, but the site', () => {
  const here = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..');
  const out = execFileSync(process.env.GO || 'go', ['list', '-deps', '-f', '{{.Dir}}\t{{join .EmbedFiles "\t"}}', './cmd/dmelab'],
    { cwd: here, encoding: 'utf8' });
  let n = 0;
  for (const line of out.split('\n').filter(Boolean)) {
    const [dir, ...files] = line.split('\t').filter(Boolean);
    for (const f of files) {
      const p = path.relative(here, path.join(dir, f)).split(path.sep).join('/');
      if (p.startsWith('..')) continue; // outside the module
      n++;
      if (cache.outOfGradingKey(p)) {
        assert.ok(p.startsWith('site/static/'), `${p} is embedded but out of the grading key`);
      } else {
        assert.ok(!cache.ignored(p), `${p} is embedded but left out of every key`);
      }
    }
  }
  assert.ok(n > 10, `only ${n} embedded files found`);
});

test('a test file is kept under the playground key only if it can reach nothing but the playground', (t) => {
  assert.equal(cache.flavor("import { playground } from './harness.mjs';\nfs.readFileSync(path.join(ROOT, 'algorithms', 'x'));"), 'playground');
  assert.equal(cache.flavor("import { served } from './serve.mjs';"), 'full');
  assert.equal(cache.flavor("import { execFileSync } from 'node:child_process';"), 'full');
  assert.equal(cache.flavor("import cp from 'child_process';"), 'full');
  assert.equal(cache.flavor("read(path.join(ROOT, 'exercises', 'x'))"), 'full');
  assert.equal(cache.flavor("read('grader/serve/pages/page.html')"), 'full');
  assert.equal(cache.flavor("read(`cmd/dmelab/main.go`)"), 'full');
  assert.equal(cache.flavor("read(path.join(ROOT, 'algorithms', 'sim', 'world.go'))"), 'full', 'a Go file read');
  assert.equal(cache.flavor('// site/cmd/listingwords writes it; the grader writes links'), 'playground', 'words in prose');

  // Through the local modules it imports, but harness.mjs.
  const { root, write, rm } = tree('dmelab-flavor-');
  t.after(rm);
  write('site/e2e/harness.mjs', "import { spawn } from 'node:child_process';");
  write('site/e2e/helper.mjs', "import { execFileSync } from 'node:child_process';");
  write('site/e2e/a.test.mjs', "import { playground } from './harness.mjs';");
  write('site/e2e/b.test.mjs', "import { x } from './helper.mjs';");
  write('site/e2e/c.test.mjs', "const m = await import('./missing.mjs');");
  assert.equal(cache.flavorOf(root, 'site/e2e/a.test.mjs'), 'playground', 'harness.mjs is not read');
  assert.equal(cache.flavorOf(root, 'site/e2e/b.test.mjs'), 'full', 'a helper that starts processes');
  assert.equal(cache.flavorOf(root, 'site/e2e/c.test.mjs'), 'full', 'an import that cannot be read');
  assert.equal(cache.flavorOf(root, 'edge/worker/worker.test.mjs'), 'worker', 'the Worker\'s test');
  // The project's own: the servers' tests and the scripts that run
  // processes are full.
  const here = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..');
  for (const f of ['site/e2e/walk.test.mjs', 'site/e2e/a11y.test.mjs', 'site/e2e/exercises.test.mjs', 'site/build/build.test.mjs', 'site/e2e/cache.test.mjs']) {
    assert.equal(cache.flavorOf(here, f), 'full', f);
  }
  assert.equal(cache.flavorOf(here, 'site/e2e/playground.test.mjs'), 'playground');
});

test('outside a Git checkout the key cannot be made, and says why', (t) => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'dmelab-cache-test-'));
  t.after(() => fs.rmSync(root, { recursive: true, force: true }));
  fs.mkdirSync(path.join(root, 'site/static'), { recursive: true });
  assert.throws(() => cache.key(root, '/nonexistent/chromium'), /git/);
});

test('an entry is found under its key and file only', (t) => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'dmelab-cache-entries-'));
  const before = process.env.DMELAB_BROWSER_CACHE;
  process.env.DMELAB_BROWSER_CACHE = d;
  t.after(() => {
    if (before === undefined) delete process.env.DMELAB_BROWSER_CACHE;
    else process.env.DMELAB_BROWSER_CACHE = before;
    fs.rmSync(d, { recursive: true, force: true });
  });
  assert.equal(cache.passed('k1', 'site/e2e/a.test.mjs'), null);
  cache.record('k1', 'site/e2e/a.test.mjs', 1234);
  const e = cache.passed('k1', 'site/e2e/a.test.mjs');
  assert.equal(e.file, 'site/e2e/a.test.mjs');
  assert.equal(e.ms, 1234);
  assert.equal(cache.passed('k2', 'site/e2e/a.test.mjs'), null, 'another key');
  assert.equal(cache.passed('k1', 'site/e2e/b.test.mjs'), null, 'another file');
  assert.deepEqual(fs.readdirSync(d).filter((f) => f.endsWith('.tmp')), [], 'no temporary file left');

  // prune: an entry neither written nor found for 30 days goes; one found
  // since stays.
  cache.record('k1', 'site/e2e/old.test.mjs', 1);
  const [a, b] = ['site/e2e/a.test.mjs', 'site/e2e/old.test.mjs'];
  const long = new Date(Date.now() - 40 * 86400e3);
  for (const f of fs.readdirSync(d)) fs.utimesSync(path.join(d, f), long, long);
  assert.ok(cache.passed('k1', a), 'found, and so touched');
  cache.prune(30);
  assert.ok(cache.passed('k1', a), 'an entry found lately stays');
  assert.equal(cache.passed('k1', b), null, 'an old entry goes');
  assert.equal(fs.readdirSync(d).length, 1);
});

// noBrowser is the environment of the scripts these tests start: their
// commands need no browser, and asking Debian's for its version costs
// half a second each time a key is made.
const noBrowser = { CHROMIUM: '/nonexistent/chromium' };

test('cached.mjs runs a command until it passes, then not again under the same key', (t) => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'dmelab-cached-'));
  t.after(() => fs.rmSync(d, { recursive: true, force: true }));
  const script = path.join(path.dirname(new URL(import.meta.url).pathname), 'cached.mjs');
  const runs = path.join(d, 'runs');
  // The command notes each run in a file, and exits with the code given.
  const cached = (name, code, env = {}) => spawnSync(process.execPath,
    [script, name, process.execPath, '-e', `require('fs').appendFileSync(${JSON.stringify(runs)}, ${JSON.stringify(name + '\n')}); process.exit(${code})`],
    { encoding: 'utf8', env: { ...process.env, ...noBrowser, DMELAB_BROWSER_CACHE: path.join(d, 'cache'), ...env } });
  const count = (name) => (fs.existsSync(runs) ? fs.readFileSync(runs, 'utf8').split('\n').filter((l) => l === name).length : 0);

  assert.equal(cached('passes', 0).status, 0);
  const second = cached('passes', 0);
  assert.equal(second.status, 0);
  assert.match(second.stdout, /^ok +passes \(cached: passed /m);
  assert.equal(count('passes'), 1, 'a pass is not run again');

  assert.equal(cached('fails', 3).status, 3);
  assert.equal(cached('fails', 3).status, 3);
  assert.equal(count('fails'), 2, 'a failure is run again');

  assert.equal(cached('passes', 0, { DMELAB_BROWSER_CACHE: 'off' }).status, 0);
  assert.equal(count('passes'), 2, 'off runs it');
});

test('run.mjs keeps a file that passed, and runs again one that failed or skipped', (t) => {
  const { root, write, rm } = tree('dmelab-run-');
  t.after(rm);
  const runs = path.join(root, 'runs');
  // Each file notes its run, then passes, fails or skips its one test.
  const file = (name, body) => write(`${name}.test.mjs`, `import { test } from 'node:test';
import fs from 'node:fs';
fs.appendFileSync(${JSON.stringify(runs)}, ${JSON.stringify(name + '\n')});
${body}
`);
  file('passes', "test('passes', () => {});");
  file('fails', "test('fails', () => { throw new Error('no'); });");
  file('skips', "test('skips', { skip: 'no browser' }, () => {});");
  const script = path.join(path.dirname(new URL(import.meta.url).pathname), 'run.mjs');
  const run = () => spawnSync(process.execPath, [script, ...['passes', 'fails', 'skips'].map((n) => path.join(root, `${n}.test.mjs`))],
    { encoding: 'utf8', env: { ...process.env, ...noBrowser, DMELAB_BROWSER_CACHE: path.join(root, 'cache') } });
  const count = (name) => fs.readFileSync(runs, 'utf8').split('\n').filter((l) => l === name).length;

  const first = run();
  assert.equal(first.status, 1, first.stdout);
  assert.match(first.stdout, /^--- FAIL .*fails\.test\.mjs/m);
  assert.match(first.stdout, /^--- ok +.*passes\.test\.mjs/m);
  assert.match(first.stdout, /3 test files, 0 cached, 3 run, 1 failed/);

  const second = run();
  assert.equal(second.status, 1, second.stdout);
  assert.match(second.stdout, /^ok +.*passes\.test\.mjs \(cached: passed /m);
  assert.match(second.stdout, /3 test files, 1 cached, 2 run, 1 failed/);
  assert.deepEqual([count('passes'), count('fails'), count('skips')], [1, 2, 2], 'a failed or skipped file is run again');
});
