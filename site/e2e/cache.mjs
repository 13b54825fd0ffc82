// The browser tests' result cache (run.mjs): a test file that passed is
// not run again while nothing it could read has changed, the way Go's
// test cache treats a package. A file's entry is keyed by a hash of
//
//   - what the tests drive: the built binaries (bin/dmelab, bin/playground)
//     and every file of the built site (site/static), so a page, a wasm or
//     a server built from other sources, or not built again after an
//     edit, is another key;
//   - every file of the checkout, tracked or new, but those in ignored
//     below: dmelab serve reads the exercises and compiles each
//     submission against the module's Go sources while the tests run,
//     and the tests read the exercises, the seeds and their own scripts;
//   - the tools: Node.js, Go, Chromium (CHROMIUM), the fonts pages are
//     drawn in, and the platform;
//   - the test file's own name (or the name cached.mjs is given).
//
// A test file that can reach only the playground (flavor, below) is kept
// under a key without what reaches the tests only through dmelab serve
// or through the playground's hashed bytes (outOfPlaygroundKey): a change to the grader alone, or to Go code that leaves
// the playground's binary and wasm as they were, leaves its result
// standing.
//
// make test runs the hostile corpus (cmd/hostile) through the same cache
// (cached.mjs) under a third key, grading: it grades its files with
// `dmelab grade` against the checkout's Go sources and exercises, and
// never reaches the site. That key leaves out the site's pages and their
// tests (outOfGradingKey) and, since bin/dmelab embeds the pages, the
// binary too: it hashes instead what make builds bin/dmelab from just
// before (make test-hostile depends on make build), so that a change to
// a page does not grade the corpus again.
//
// Everything else stays out of the key; should a test come to read one of
// the ignored files, take it out of ignored, whose comments say why each
// is safe. (Checked on 2026-11-30 by running every browser test under
// strace -f: of the checkout, they and what they started opened or
// stat'ed only files the key covers, besides the Go tests' first lines.)
// The binaries are built with -trimpath and -buildvcs=false (Makefile),
// which makes them the same bytes from the same sources in any clone at
// any commit, so that a fresh clone finds earlier results.

import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// EMBEDDED_DOCS are the pages package docs embeds (docs/*.go's
// go:embed lines): bin/dmelab carries them.
const EMBEDDED_DOCS = new Set(['docs/listings.md', 'docs/verdicts.md']);

// ignored says whether a checkout path (relative, with /) is left out of
// the key. Each rule is a kind of file no browser test, server or grading
// reads at run time, and none is embedded in a binary (cache.test.mjs
// checks bin/dmelab's against go list).
export function ignored(p) {
  // Prose and pictures for people: README, docs, but the pages package
  // docs embeds (docs/listings.md, which serve shows on a listing
  // exercise's page, and docs/verdicts.md beside it in the same
  // package). (.ci/ is kept: site/build/build.test.mjs runs .ci/mtimes.)
  if (p === 'README.md') return true;
  if (p.startsWith('docs/') && !p.endsWith('.go') && !EMBEDDED_DOCS.has(p)) return true;
  // Go tests: never linked into a binary, never compiled with a
  // submission. (go build reads their first lines, to tell a test file
  // from the package's own; a test file that broke that would fail
  // go test in the same make test.) An exercise's files are all kept:
  // serve reads them.
  if (p.endsWith('_test.go') && !p.startsWith('exercises/')) return true;
  // The Worker (tested by edge/worker/worker.test.mjs) and the SPIN model
  // are not used by a page, by serve or by the hostile corpus (cached.mjs).
  // The Worker's Go code is kept, as any Go file of the module could be
  // compiled.
  if ((p.startsWith('edge/') || p.startsWith('bench/')) && !p.endsWith('.go')) return true;
  return false;
}

// built lists the built files the tests drive, relative to root.
function built(root) {
  const out = ['bin/dmelab', 'bin/playground'];
  const walk = (dir) => {
    for (const e of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = `${dir}/${e.name}`;
      if (e.isDirectory()) walk(rel);
      else out.push(rel);
    }
  };
  walk('site/static');
  return out;
}

// checkout lists the checkout's files, tracked or new (not ignored by
// .gitignore), relative to root. It throws outside a Git checkout.
function checkout(root) {
  const out = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 << 20 });
  return [...new Set(out.split('\0').filter(Boolean))];
}

function run(cmd, args) {
  try {
    return execFileSync(cmd, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], maxBuffer: 64 << 20 });
  } catch (err) {
    return `${cmd}: ${err.code || err.status}`;
  }
}

// tools describes the tools the tests run with, one line each.
function tools(chromium) {
  const go = process.env.GO || 'go';
  return [
    `node ${process.version} ${process.platform} ${process.arch}`,
    `go ${run(go, ['version']).trim()} ${run(go, ['env', 'GOFLAGS', 'GOEXPERIMENT']).trim()}`,
    `chromium ${chromium} ${run(chromium, ['--version']).trim()}`,
    // The screenshots and the overlap checks depend on the fonts.
    `fonts ${run('fc-list', ['--format', '%{file}\\n']).split('\n').sort().join(' ')}`,
  ].join('\n');
}

// keys hashes everything above but the test file's name, four ways:
// full, for a file that can reach dmelab serve; playground, for one that
// can only reach the playground (see flavor); grading, for the hostile
// corpus (cached.mjs); worker, for the Worker's test (inWorkerKey). A
// missing file (a binary not built) is said as missing.
export function keys(root, chromium) {
  const full = createHash('sha256');
  const pg = createHash('sha256');
  const grading = createHash('sha256');
  const worker = createHash('sha256');
  const head = `dmelab browser tests 3\n${tools(chromium)}\n`;
  full.update(head);
  pg.update(head);
  grading.update(head);
  worker.update(head);
  const files = [...new Set([...built(root), ...checkout(root).filter((p) => !ignored(p) || inWorkerKey(p))])].sort();
  for (const p of files) {
    let sum = 'missing';
    try {
      const st = fs.lstatSync(path.join(root, p));
      sum = st.isSymbolicLink() ? `link ${fs.readlinkSync(path.join(root, p))}`
        : createHash('sha256').update(fs.readFileSync(path.join(root, p))).digest('hex');
    } catch { /* a file deleted but not yet from the index: missing */ }
    const line = `${p}\0${sum}\n`;
    worker.update(line);
    if (ignored(p)) continue; // the Worker's own files
    full.update(line);
    if (!outOfPlaygroundKey(p)) pg.update(line);
    if (!outOfGradingKey(p)) grading.update(line);
  }
  return { full: full.digest('hex'), playground: pg.digest('hex'), grading: grading.digest('hex'), worker: worker.digest('hex') };
}

// inWorkerKey says whether a file the full key leaves out is in the
// worker key, which is the full key's files and the Worker's own
// (edge/: its test, wrangler's settings, its build script), for
// edge/worker/worker.test.mjs, which runs wrangler and workerd in front
// of bin/dmelab serve.
export function inWorkerKey(p) {
  return p.startsWith('edge/');
}

// key is keys' full key.
export const key = (root, chromium) => keys(root, chromium).full;

// outOfPlaygroundKey says whether the playground key leaves a file out:
// what reaches the tests only through dmelab serve (bin/dmelab itself,
// the exercises, the grader's and the commands' files), and every Go file
// (serve compiles submissions against the module's sources; the
// playground's Go reaches its tests only as bin/playground's and the
// wasm's bytes, which both keys hash).
export function outOfPlaygroundKey(p) {
  return p === 'bin/dmelab' || p.endsWith('.go') ||
    p.startsWith('grader/') || p.startsWith('cmd/') || p.startsWith('exercises/');
}

// outOfGradingKey says whether the grading key leaves a file out: the
// binaries and the built site, and every file under site/ but its Go.
// `dmelab grade` never reads the site (only dmelab serve hands out the
// pages package site embeds), so its pages, their build and their tests
// cannot change what a grading does; package site's Go is compiled into
// bin/dmelab, so it stays. (What else bin/dmelab embeds is kept:
// cache.test.mjs checks that against go list.)
export function outOfGradingKey(p) {
  return p.startsWith('bin/') || (p.startsWith('site/') && !p.endsWith('.go'));
}

// flavor says which key a test file's result is kept under, from its
// text: "playground" for a file that imports neither serve.mjs nor
// child_process (so it starts no process but the playground server and
// Chromium, by harness.mjs) and names neither a path under grader/, cmd/
// or exercises/ nor a Go file in a string; "full" for any other. A
// change to the grader alone, or to Go that the page does not run, then
// runs again only the files that can reach it.
export function flavor(text) {
  if (/['"](node:)?child_process['"]|\.\/serve\.mjs/.test(text)) return 'full';
  if (/['"`](grader|cmd|exercises)(['"`]|\/)/.test(text)) return 'full';
  if (/\.go['"`]/.test(text)) return 'full';
  return 'playground';
}

// flavorOf is the flavor of a test file (relative to root) with the
// local modules it imports, and theirs, read as part of it: all but
// harness.mjs, whose only process is the playground server it starts.
// A file under edge/ (the Worker's test) is kept under the worker key.
export function flavorOf(root, file) {
  if (file.startsWith('edge/')) return 'worker';
  const seen = new Set();
  const texts = [];
  let unread = false;
  const read = (f) => {
    if (seen.has(f)) return;
    seen.add(f);
    let text;
    try {
      text = fs.readFileSync(path.join(root, f), 'utf8');
    } catch {
      unread = true; // (an import in a page's script, say): full, to be safe
      return;
    }
    texts.push(text);
    for (const m of text.matchAll(/from\s+['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]/g)) {
      const dep = path.join(path.dirname(f), m[1] || m[2]);
      if (dep !== 'site/e2e/harness.mjs') read(dep);
    }
  };
  read(file);
  return unread ? 'full' : flavor(texts.join('\n'));
}

// dir is where entries are kept (DMELAB_BROWSER_CACHE, or dmelab/browser-tests
// in the user's cache directory, beside the Brotli cache of site/build).
export function dir() {
  return process.env.DMELAB_BROWSER_CACHE ||
    path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'dmelab', 'browser-tests');
}

const entry = (k, file) => path.join(dir(), createHash('sha256').update(`${k}\0${file}`).digest('hex'));

// passed returns the entry of a test file that passed under key k (its
// {file, passed, ms}), or null. An entry found is touched, so that prune
// keeps the entries in use.
export function passed(k, file) {
  try {
    const e = JSON.parse(fs.readFileSync(entry(k, file), 'utf8'));
    const now = new Date();
    fs.utimesSync(entry(k, file), now, now);
    return e;
  } catch {
    return null;
  }
}

// prune removes entries neither written nor found for days days: every
// change to the inputs leaves one a test file behind.
export function prune(days = 30) {
  const before = Date.now() - days * 86400e3;
  let names;
  try {
    names = fs.readdirSync(dir());
  } catch {
    return;
  }
  for (const n of names) {
    const p = path.join(dir(), n);
    try {
      if (fs.statSync(p).mtimeMs < before) fs.rmSync(p, { force: true });
    } catch { /* removed by another run meanwhile */ }
  }
}

// record notes that file passed under key k, in ms. Written to a
// temporary name and renamed, so a reader never sees half an entry.
export function record(k, file, ms) {
  fs.mkdirSync(dir(), { recursive: true });
  const to = entry(k, file);
  const tmp = `${to}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify({ file, passed: new Date().toISOString(), ms }));
  fs.renameSync(tmp, to);
}
