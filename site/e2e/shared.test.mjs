// run.mjs's shared Chromium (harness.mjs's shared and launch): the test
// files share one browser, a file that saw it exit runs again in a new
// one, and a launch that cannot reach it starts a browser of its own.
// Without Chromium these are skipped, as every browser test is.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { skip } from './harness.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const harness = JSON.stringify(path.join(here, 'harness.mjs'));

// The environment of a run inside this one: no shared browser of ours,
// no cache.
function env(extra = {}) {
  const e = { ...process.env, DMELAB_BROWSER_CACHE: 'off' };
  delete e.DMELAB_BROWSER_WS;
  delete e.NODE_TEST_CONTEXT;
  return { ...e, ...extra };
}

// A test file that notes the shared browser it was given, opens a page in
// its own launch and reads it back. crash: the first time it runs it
// crashes the browser first (Chromium's own Browser.crash), as a browser
// dying under a file would.
const body = (runs, name, crash) => `import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { launch, CHROMIUM } from ${harness};
test(${JSON.stringify(name)}, async () => {
  fs.appendFileSync(${JSON.stringify(runs)}, ${JSON.stringify(name)} + ' ' + process.env.DMELAB_BROWSER_WS + '\\n');
  const ctx = await launch(CHROMIUM, {}, { test: true });
  try {
    if (${crash} && fs.readFileSync(${JSON.stringify(runs)}, 'utf8').split('\\n').filter((l) => l.startsWith(${JSON.stringify(name + ' ')})).length === 1) {
      const cdp = await ctx.browser().newBrowserCDPSession();
      await cdp.send('Browser.crash').catch(() => {});
    }
    const page = await ctx.newPage();
    await page.setContent('<p>read</p>');
    assert.equal(await page.textContent('p'), 'read');
  } finally {
    await ctx.close().catch(() => {});
  }
});
`;

test('a file that saw the shared Chromium exit runs again in a new one, which the next file shares', { skip }, (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dmelab-shared-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const runs = path.join(dir, 'runs');
  fs.writeFileSync(path.join(dir, 'crashes.test.mjs'), body(runs, 'crashes', true));
  fs.writeFileSync(path.join(dir, 'after.test.mjs'), body(runs, 'after', false));
  const r = spawnSync(process.execPath, [path.join(here, 'run.mjs'), path.join(dir, 'crashes.test.mjs'), path.join(dir, 'after.test.mjs')],
    { encoding: 'utf8', env: env({ DMELAB_BROWSER_JOBS: '1' }), timeout: 120000 });
  assert.equal(r.status, 0, r.stdout + r.stderr);
  assert.match(r.stdout, /the shared Chromium exited; the next file starts another/);
  assert.match(r.stdout, /^run +.*crashes\.test\.mjs again: the shared Chromium exited while it ran$/m);
  assert.match(r.stdout, /2 test files, 0 cached, 2 run, 0 failed/);

  const seen = fs.readFileSync(runs, 'utf8').trim().split('\n').map((l) => l.split(' '));
  assert.deepEqual(seen.map(([name]) => name), ['crashes', 'crashes', 'after']);
  const [first, second, after] = seen.map(([, ws]) => ws);
  assert.match(first, /^ws:/, 'the files were given a shared browser');
  assert.notEqual(second, first, 'the file ran again in a new browser');
  assert.equal(after, second, 'the next file shares the new browser');
});

test('a test launch that cannot reach the shared Chromium starts its own', { skip }, (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dmelab-shared-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const runs = path.join(dir, 'runs');
  fs.writeFileSync(path.join(dir, 'alone.test.mjs'), body(runs, 'alone', false));
  // A port nothing listens on: connecting fails at once.
  const r = spawnSync(process.execPath, [path.join(dir, 'alone.test.mjs')],
    { encoding: 'utf8', env: env({ DMELAB_BROWSER_WS: 'ws://127.0.0.1:9/gone' }), timeout: 120000 });
  assert.equal(r.status, 0, r.stdout + r.stderr);
  assert.match(r.stderr, /the shared Chromium cannot be reached \(.*\): starting one for this file/);
  assert.equal(fs.readFileSync(runs, 'utf8'), 'alone ws://127.0.0.1:9/gone\n');
});
