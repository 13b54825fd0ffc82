// Where the browser tests' scripts find the checkout and the browser,
// apart from harness.mjs so that the scripts that only run and cache test
// files (run.mjs, cached.mjs) need not load Playwright (0.6 s of a core
// each time they start).

import path from 'node:path';
import { fileURLToPath } from 'node:url';

// ROOT is the checkout's top directory.
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

// CHROMIUM is the browser the tests drive (CHROMIUM in the environment,
// or Debian's).
export const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
