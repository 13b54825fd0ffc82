// node site/e2e/cached.mjs NAME COMMAND [ARGS...]: runs COMMAND in the
// checkout, unless it exited 0 before with the same inputs: the browser
// tests' cache (cache.mjs) under its grading key, which covers what
// bin/dmelab is built from but the site's pages, the rest of the
// checkout and the tools. It is for a command that grades with a
// bin/dmelab just built (make's build target) and never reaches the
// site: make test runs the hostile corpus this way; `make hostile`
// always runs it. DMELAB_BROWSER_CACHE=off runs COMMAND every time.
// Exits with COMMAND's status. (It lives beside the browser tests because
// their cache is the one it uses; it takes ROOT and CHROMIUM from
// paths.mjs, as they do.)

import { spawnSync } from 'node:child_process';
import { CHROMIUM, ROOT } from './paths.mjs';
import * as cache from './cache.mjs';

const [name, cmd, ...args] = process.argv.slice(2);
if (!name || !cmd) {
  console.error('usage: node site/e2e/cached.mjs NAME COMMAND [ARGS...]');
  process.exit(2);
}

let k = null;
if (process.env.DMELAB_BROWSER_CACHE !== 'off') {
  try {
    k = cache.keys(ROOT, CHROMIUM).grading;
  } catch (err) {
    console.log(`${name}: no cache (${String(err.message).split('\n')[0]})`);
  }
}
const hit = k && cache.passed(k, name);
if (hit) {
  console.log(`ok    ${name} (cached: passed ${hit.passed}, ${(hit.ms / 1000).toFixed(1)} s; DMELAB_BROWSER_CACHE=off to run it)`);
  process.exit(0);
}
const start = Date.now();
const r = spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit' });
if (r.error) {
  console.error(`${name}: ${r.error.message}`);
  process.exit(2);
}
if (r.status === 0 && k) cache.record(k, name, Date.now() - start);
process.exit(r.status ?? 1);
