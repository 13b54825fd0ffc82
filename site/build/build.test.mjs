// The build itself: `make test` builds the wasm and the bundles once, and
// `npm ci` has a recorded decision for every dependency's install script
// (so it prints no allowScripts warnings).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

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
