// Shared by the browser tests and the site benchmark: start the playground
// server on a free port, launch headless Chromium with a fresh profile.

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';

import { CHROMIUM, ROOT } from './paths.mjs';

export { CHROMIUM, ROOT };
export const ART = path.join(ROOT, 'artifacts', 'playground');

// startServer runs bin/playground (built by `make site`) and resolves with
// {url, stop} once it prints its address.
export function startServer() {
  const bin = path.join(ROOT, 'bin', 'playground');
  if (!fs.existsSync(bin)) throw new Error(`${bin} is missing: run make site first`);
  const proc = spawn(bin, ['-addr', '127.0.0.1:0'], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => { proc.kill(); reject(new Error('the playground server did not start')); }, 15000);
    proc.on('exit', (code) => reject(new Error(`the playground server exited (${code})`)));
    proc.stdout.on('data', (d) => {
      out += d;
      const m = out.match(/(http:\/\/\S+)/);
      if (m) {
        clearTimeout(timer);
        resolve({ url: m[1], stop: () => proc.kill() });
      }
    });
  });
}

// launch starts Chromium headless with a fresh user-data-dir and returns a
// browser context whose close() also removes that directory. options are
// added to the context's (the accessibility test passes bypassCSP, so
// axe-core's source can be added to pages that allow only their own
// scripts).
//
// Chromium now and then dies while starting (a segmentation fault before
// its first page, seen once in some hundred launches on the project VM):
// no test is about that, so a launch that fails is tried again, twice,
// and said on stderr.
//
// A browser test's launch (test) differs in two ways, neither of which
// changes what a page does:
//   - V8 compiles the page's WebAssembly with its baseline compiler only
//     (Liftoff), never again with its optimizing one: a page loads with
//     about 30 % less CPU (2.3–3.1 against 3.6–4.3 CPU-seconds a load,
//     measured 2026-11-30; the suite 174–195 s against 200–218 s,
//     alternating). make bench-site, which measures the page's speed,
//     and the screenshots keep the browser's own tiers.
//   - Inside run.mjs's run it connects to the one Chromium run.mjs
//     started (shared, below), whose address it finds in
//     DMELAB_BROWSER_WS, and takes a context of its own there (its own
//     cookies, storage, cache and service workers, as a fresh profile
//     has) instead of starting a browser for each file (about 3
//     CPU-seconds each). If that browser cannot be reached, the file
//     starts its own, saying so on stderr.
export async function launch(executablePath, options = {}, { test = false } = {}) {
  const ws = process.env.DMELAB_BROWSER_WS;
  if (test && ws && executablePath === CHROMIUM) {
    let browser = null;
    try {
      browser = await chromium.connect(ws);
      const ctx = await browser.newContext({ viewport, acceptDownloads: true, ...options });
      const close = ctx.close.bind(ctx);
      ctx.close = async () => {
        await close();
        await browser.close(); // disconnects; the browser is run.mjs's
      };
      return ctx;
    } catch (err) {
      // The shared browser is gone (run.mjs starts another for the next
      // file): this file starts its own rather than fail for it.
      process.stderr.write(`the shared Chromium cannot be reached (${String(err.message).split('\n')[0]}): starting one for this file\n`);
      await browser?.close().catch(() => {});
    }
  }
  for (let attempt = 1; ; attempt++) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dmelab-chromium-'));
    let ctx;
    try {
      ctx = await chromium.launchPersistentContext(dir, {
        executablePath,
        headless: true,
        args: args(test),
        viewport,
        acceptDownloads: true,
        ...options,
      });
    } catch (err) {
      fs.rmSync(dir, { recursive: true, force: true });
      if (attempt === 3) throw err;
      process.stderr.write(`Chromium did not start (attempt ${attempt}): ${String(err.message).split('\n')[0]}; trying again\n`);
      continue;
    }
    const close = ctx.close.bind(ctx);
    ctx.close = async () => {
      await close();
      fs.rmSync(dir, { recursive: true, force: true });
    };
    return ctx;
  }
}

const viewport = { width: 1366, height: 800 };

// args are the command-line flags Chromium starts with (test: a browser
// test's, see launch).
const args = (test) => ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
  ...(test ? ['--js-flags=--liftoff-only'] : [])];

// shared starts the Chromium a run of many test files shares (run.mjs):
// it resolves with Playwright's browser server, whose wsEndpoint() the
// files' launches connect to. It is tried three times, as launch is.
export async function shared(executablePath) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await chromium.launchServer({ executablePath, headless: true, args: args(true) });
    } catch (err) {
      if (attempt === 3) throw err;
      process.stderr.write(`Chromium did not start (attempt ${attempt}): ${String(err.message).split('\n')[0]}; trying again\n`);
    }
  }
}

// skip says why the tests are skipped when CHROMIUM (paths.mjs), the
// browser they drive, is not installed (false when it is).
export const skip = fs.existsSync(CHROMIUM) ? false : `no Chromium at ${CHROMIUM}: browser tests skipped (apt-get install -y chromium)`;

// address is the page's own location. The page writes its link with
// history.replaceState, and Playwright's page.url() learns of that from
// an event that can come later than the next line of a test on a busy
// machine; the location read in the page is never behind.
export const address = (page) => page.evaluate(() => location.href);

// fixture is what the browser test files share: start() (from their
// before hook) starts a server with startServing (the playground's, or
// serve.mjs's dmelab serve) and one browser, stop() (from their after
// hook) stops them. Its fields are set by start: server (its url),
// browser, page (a first page), and pageErrors, which every page from
// newPage() appends its uncaught errors and console errors to, so that a
// test can assert there were none.
export function fixture(startServing) {
  const s = { server: null, browser: null, page: null, pageErrors: [] };
  if (skip) console.log(`# SKIP ${skip}`);
  s.newPage = async () => {
    const p = await s.browser.newPage();
    p.setDefaultTimeout(60000);
    p.on('pageerror', (e) => s.pageErrors.push(e.message));
    p.on('console', (m) => { if (m.type() === 'error') s.pageErrors.push(m.text()); });
    return p;
  };
  s.start = async () => {
    if (skip) return;
    fs.mkdirSync(ART, { recursive: true });
    s.server = await startServing();
    s.browser = await launch(CHROMIUM, {}, { test: true });
    s.page = await s.newPage();
  };
  s.stop = async () => {
    await s.browser?.close();
    await s.server?.stop();
  };
  return s;
}

// playground is the fixture of the playground's own server.
export const playground = () => fixture(startServer);
