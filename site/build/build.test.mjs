// The build itself: `make test` builds the wasm and the bundles once, and
// `npm ci` has a recorded decision for every dependency's install script
// (so it prints no allowScripts warnings).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const root = fileURLToPath(new URL('../..', import.meta.url));

function count(haystack, needle) {
  return haystack.split(needle).length - 1;
}

test('make test builds the wasm and the bundles once', () => {
  // -n prints the commands; recursive $(MAKE) lines still run (with -n),
  // so the sub-makes' commands are printed too.
  const out = execFileSync('make', ['-n', 'test'], { cwd: root, encoding: 'utf8' });
  assert.equal(count(out, '-o site/static/dmelab.wasm ./wasm'), 1, 'wasm builds in make -n test');
  assert.equal(count(out, 'esbuild site/editor/index.js'), 1, 'editor bundles in make -n test');
  assert.equal(count(out, 'esbuild site/editor/go.js'), 1, 'Go editor bundles in make -n test');
  assert.equal(count(out, 'brotli.mjs'), 1, 'brotli runs in make -n test');
  // bin/dmelab embeds the site: built before it, the exercise pages would
  // be served without their Go editor.
  const bin = out.lastIndexOf('-o bin/dmelab ./cmd/dmelab');
  assert.ok(bin > out.indexOf('--outfile=site/static/goeditor.js'), 'bin/dmelab is built after the site it embeds');
});

test('every install script in the lock file has an allowScripts decision', (t) => {
  let out;
  try {
    out = execFileSync('npm', ['install-scripts', 'ls'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (err) {
    if (/Unknown command|not a valid npm command/i.test(String(err.stderr) + String(err.stdout))) {
      t.skip('this npm has no install-scripts command (no allowScripts warnings either)');
      return;
    }
    throw err;
  }
  assert.doesNotMatch(out, /not yet covered by allowScripts/, out);
});

test('brotli keeps what it compressed, by content, and gives the same bytes back', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dmelab-brotli-'));
  try {
    const cache = path.join(dir, 'cache');
    const file = path.join(dir, 'a.wasm');
    const data = Buffer.from('dmelab '.repeat(5000) + Math.random());
    fs.writeFileSync(file, data);
    const run = () => execFileSync('node', [path.join(root, 'site', 'build', 'brotli.mjs'), file],
      { encoding: 'utf8', env: { ...process.env, DMELAB_BROTLI_CACHE: cache } });
    assert.doesNotMatch(run(), /\(cached\)/, 'the first time it compresses');
    const first = fs.readFileSync(`${file}.br`);
    assert.deepEqual(zlib.brotliDecompressSync(first), data);
    assert.equal(fs.readFileSync(`${file}.br.sha256`, 'utf8'), crypto.createHash('sha256').update(data).digest('hex') + '\n');
    fs.rmSync(`${file}.br`);
    assert.match(run(), /\(cached\)/, 'the second time it finds it');
    assert.deepEqual(fs.readFileSync(`${file}.br`), first);
    fs.appendFileSync(file, 'x'); // other content, another entry
    assert.doesNotMatch(run(), /\(cached\)/);
    assert.deepEqual(zlib.brotliDecompressSync(fs.readFileSync(`${file}.br`)), Buffer.concat([data, Buffer.from('x')]));
    assert.equal(fs.readdirSync(cache).filter((n) => n.endsWith('.br')).length, 2);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

// .ci/mtimes: Go's test cache keys opened files by modification time, so
// CI stamps a fresh clone's files from their content. Two clones of one
// commit must get the same times, changed content another time, a
// directory a new time only when its entries' names change, and a file
// edited since HEAD its own time.
test('.ci/mtimes stamps files by content and directories by their names', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dmelab-mtimes-'));
  const git = (cwd, ...args) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', '-c', 'commit.gpgsign=false', ...args],
    { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  const stamp = (repo) => {
    fs.mkdirSync(path.join(repo, '.ci'), { recursive: true });
    for (const f of ['mtimes', 'mtimes.go']) fs.copyFileSync(path.join(root, '.ci', f), path.join(repo, '.ci', f));
    execFileSync('bash', [path.join(repo, '.ci', 'mtimes')], { cwd: repo });
  };
  const mtime = (repo, p) => fs.statSync(path.join(repo, p)).mtime.getTime();
  try {
    const a = path.join(dir, 'a');
    fs.mkdirSync(path.join(a, 'sub'), { recursive: true });
    fs.writeFileSync(path.join(a, 'sub', 'x.txt'), 'one\n');
    fs.writeFileSync(path.join(a, 'y.txt'), 'two\n');
    git(a, 'init', '-q');
    git(a, 'add', 'sub', 'y.txt');
    git(a, 'commit', '-qm', 'first');
    const b = path.join(dir, 'b');
    git(dir, 'clone', '-q', a, b);
    stamp(a);
    stamp(b);
    for (const p of ['sub/x.txt', 'y.txt', 'sub', '.']) {
      assert.equal(mtime(a, p), mtime(b, p), `${p}: the same in two clones`);
      assert.ok(mtime(a, p) < Date.parse('2010-01-01'), `${p}: a time long past`);
    }
    assert.notEqual(mtime(a, 'sub/x.txt'), mtime(a, 'y.txt'));

    const before = { x: mtime(a, 'sub/x.txt'), sub: mtime(a, 'sub'), top: mtime(a, '.') };
    fs.writeFileSync(path.join(a, 'sub', 'x.txt'), 'ONE\n'); // same size, other content
    git(a, 'commit', '-qam', 'second');
    stamp(a);
    assert.notEqual(mtime(a, 'sub/x.txt'), before.x, 'changed content, another time');
    assert.equal(mtime(a, 'sub'), before.sub, 'same names, same directory time');
    assert.equal(mtime(a, '.'), before.top);

    fs.writeFileSync(path.join(a, 'sub', 'z.txt'), 'three\n');
    git(a, 'add', 'sub/z.txt');
    git(a, 'commit', '-qm', 'third');
    stamp(a);
    assert.notEqual(mtime(a, 'sub'), before.sub, 'a new entry, a new directory time');

    const edited = Date.now() - 1000;
    fs.writeFileSync(path.join(a, 'y.txt'), 'edited\n');
    stamp(a);
    assert.ok(mtime(a, 'y.txt') >= edited, 'a file edited since HEAD keeps its own time');

    // A tree that is not a clone is refused, and left as it is.
    const plain = path.join(dir, 'plain');
    fs.mkdirSync(plain);
    fs.writeFileSync(path.join(plain, 'w.txt'), 'four\n');
    const plainTime = mtime(plain, 'w.txt');
    assert.throws(() => stamp(plain), 'not a Git clone: refused');
    assert.equal(mtime(plain, 'w.txt'), plainTime);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
