// make bench-site: what the playground costs a student's browser.
//   - the wasm, raw, gzipped and brotli-compressed (as the server sends
//     it), and everything the page loads, compressed as transferred
//     (Chromium accepts br, so the brotli bodies);
//   - time from navigation to the first interactive run (core loaded, the
//     "run" shortcut pressed, its result drawn), cold (fresh profile) and
//     warm (reload, validators answered with 304);
//   - exploration speed in the browser's Web Worker, in states per second,
//     against the native `dmelab check` on the same configuration: the
//     worker's first search, and the median of three more;
//   - the same exploration of the algorithm's listing (docs/listings.md),
//     in the browser and natively, against the Go implementation's.
// Prints a table and writes artifacts/playground/bench.json.

import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { startServer, launch, ROOT, ART, CHROMIUM } from './harness.mjs';

const CONFIG = { algo: 'ra-lamport', nodes: 3, requests: 1, appMessages: 1 };
const REPEAT = 3;

// median is the run of the median time among runs.
const median = (runs) => [...runs].sort((a, b) => a.elapsed_ms - b.elapsed_ms)[(runs.length - 1) >> 1];

function fetchSize(url, headers) {
  return new Promise((resolve, reject) => {
    http.get(url, { headers }, (res) => {
      let n = 0;
      res.on('data', (d) => { n += d.length; });
      res.on('end', () => resolve({ bytes: n, encoding: res.headers['content-encoding'] || 'identity' }));
    }).on('error', reject);
  });
}

async function firstRun(page, url) {
  await page.goto(url);
  await page.waitForSelector('html[data-ready=true]', { timeout: 60000 });
  await page.keyboard.press('r');
  await page.waitForFunction(() => !/^step 0 of/.test(document.querySelector('#position span')?.textContent || 'step 0 of'));
  return page.evaluate(() => {
    const res = performance.getEntriesByType('resource');
    const nav = performance.getEntriesByType('navigation')[0];
    return {
      ms: performance.now(),
      transferred: res.reduce((s, r) => s + (r.encodedBodySize || 0), 0) + (nav?.encodedBodySize || 0),
      resources: res.map((r) => ({ name: r.name.replace(location.origin, ''), encoded: r.encodedBodySize, decoded: r.decodedBodySize })),
    };
  });
}

const mb = (n) => `${(n / 1e6).toFixed(2)} MB`;

async function main() {
  const wasmPath = path.join(ROOT, 'site', 'static', 'dmelab.wasm');
  const raw = fs.statSync(wasmPath).size;
  const gz9 = zlib.gzipSync(fs.readFileSync(wasmPath), { level: 9 }).length;
  if (!fs.existsSync(CHROMIUM)) {
    console.log(`wasm: ${mb(raw)} raw, ${mb(gz9)} gzipped; no Chromium at ${CHROMIUM}, browser figures skipped`);
    return;
  }
  const server = await startServer();
  const browser = await launch(CHROMIUM);
  try {
    const sent = await fetchSize(server.url + 'dmelab.wasm', { 'Accept-Encoding': 'gzip' });
    const sentBr = await fetchSize(server.url + 'dmelab.wasm', { 'Accept-Encoding': 'br, gzip' });
    const page = await browser.newPage();
    const cold = await firstRun(page, server.url + '#algo=ra-lamport&n=3&r=1&app=1');
    const warm = await firstRun(page, server.url + '#algo=ra-lamport&n=3&r=1&app=1');

    // The first search in a new worker (as a student's first), then
    // REPEAT more in the same worker: V8 compiles the hot functions
    // optimized while the first runs, so the two differ, and the VM's
    // figures move from run to run; medians are reported.
    const browserRuns = await page.evaluate(async ({ params, repeat }) => {
      const { Explorer } = await import('./explore.js');
      const x = new Explorer();
      const runs = [];
      for (let i = 0; i <= repeat; i++) runs.push(await x.check({ ...params, props: ['safety', 'liveness', 'order'] }));
      return runs;
    }, { params: CONFIG, repeat: REPEAT });
    const browserRes = median(browserRuns.slice(1));
    const browserFirst = browserRuns[0];
    const listingFile = path.join(ROOT, 'algorithms', 'listing', 'seeds', `${CONFIG.algo}.txt`);
    const listing = fs.readFileSync(listingFile, 'utf8');
    const browserListing = await page.evaluate(async (params) => {
      const { Explorer } = await import('./explore.js');
      return new Explorer().check({ ...params, props: ['safety', 'liveness', 'order'] });
    }, { ...CONFIG, listing });
    const bin = path.join(ROOT, 'bin', 'dmelab');
    const native = (env, which = ['--algo', CONFIG.algo]) => {
      // --cores 1: the browser's search computes successors on one
      // thread, so the native search it is compared with does too (its
      // collector still has the other core; GOMAXPROCS=1 takes that too).
      const args = ['check', ...which, '--nodes', String(CONFIG.nodes), '--requests', String(CONFIG.requests), '--props', 'safety,liveness,order', '--cores', '1', '--json'];
      try {
        return JSON.parse(execFileSync(bin, args, { encoding: 'utf8', env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'ignore'] }));
      } catch (e) {
        return JSON.parse(e.stdout); // exit status 1 or 3: a verdict, not a failure
      }
    };
    const nativeRes = median(Array.from({ length: REPEAT }, () => native({})));
    // The browser runs Go on one thread; natively the collector has the
    // other core too. Both ratios are reported.
    const native1 = median(Array.from({ length: REPEAT }, () => native({ GOMAXPROCS: '1' })));
    const nativeListing = native({}, ['--listing', listingFile]);
    const rate = (r) => r.states / Math.max(1, r.elapsed_ms) * 1000;
    const out = {
      wasm_raw_bytes: raw,
      wasm_gzip9_bytes: gz9,
      wasm_sent_bytes: sent.bytes,
      wasm_sent_encoding: sent.encoding,
      wasm_sent_br_bytes: sentBr.bytes,
      wasm_sent_br_encoding: sentBr.encoding,
      page_transferred_bytes_cold: cold.transferred,
      first_run_ms_cold: Math.round(cold.ms),
      first_run_ms_warm: Math.round(warm.ms),
      explore_config: CONFIG,
      explore_states: browserRes.states,
      explore_browser_ms: browserRes.elapsed_ms,
      explore_browser_runs_ms: browserRuns.map((r) => r.elapsed_ms),
      explore_browser_first_ms: browserFirst.elapsed_ms,
      explore_ratio_first: +(rate(browserFirst) / rate(nativeRes)).toFixed(3),
      explore_native_ms: nativeRes.elapsed_ms,
      explore_browser_states_per_s: Math.round(rate(browserRes)),
      explore_native_states_per_s: Math.round(rate(nativeRes)),
      explore_ratio: +(rate(browserRes) / rate(nativeRes)).toFixed(3),
      explore_native1_ms: native1.elapsed_ms,
      explore_ratio_one_thread: +(rate(browserRes) / rate(native1)).toFixed(3),
      same_verdicts: browserRuns.every((r) => JSON.stringify(r.properties) === JSON.stringify(nativeRes.properties) && r.states === nativeRes.states),
      listing_states: browserListing.states,
      listing_browser_states_per_s: Math.round(rate(browserListing)),
      listing_native_states_per_s: Math.round(rate(nativeListing)),
      // Both the first search of a new worker.
      listing_ratio_browser: +(rate(browserListing) / rate(browserFirst)).toFixed(3),
      listing_ratio_native: +(rate(nativeListing) / rate(nativeRes)).toFixed(3),
      listing_same_verdicts: JSON.stringify(browserListing.properties) === JSON.stringify(browserRes.properties),
      resources_cold: cold.resources,
    };
    fs.mkdirSync(ART, { recursive: true });
    fs.writeFileSync(path.join(ART, 'bench.json'), JSON.stringify(out, null, 2) + '\n');
    console.log(`| measure | value |
|---|---|
| wasm raw | ${mb(out.wasm_raw_bytes)} |
| wasm gzipped (as served) | ${mb(out.wasm_sent_bytes)} (${out.wasm_sent_encoding}) |
| wasm to a browser that accepts br | ${mb(out.wasm_sent_br_bytes)} (${out.wasm_sent_br_encoding}) |
| everything the page loads, transferred (cold) | ${mb(out.page_transferred_bytes_cold)} |
| navigation → first interactive run, cold | ${out.first_run_ms_cold} ms |
| navigation → first interactive run, warm | ${out.first_run_ms_warm} ms |
| explore ${CONFIG.algo} N=${CONFIG.nodes} R=${CONFIG.requests}: states | ${out.explore_states} (native ${nativeRes.states}) |
| explore in the browser, the worker's first search | ${Math.round(rate(browserFirst))} states/s (${out.explore_browser_first_ms} ms) |
| explore in the browser, median of the next ${REPEAT} | ${out.explore_browser_states_per_s} states/s (${out.explore_browser_ms} ms) |
| explore native, search on one core, median of ${REPEAT} | ${out.explore_native_states_per_s} states/s (${out.explore_native_ms} ms) |
| ratio browser / native, first search | ${out.explore_ratio_first} |
| ratio browser / native, next searches | ${out.explore_ratio} |
| ratio browser / native with GOMAXPROCS=1, next searches | ${out.explore_ratio_one_thread} (native ${out.explore_native1_ms} ms) |
| same states and verdicts | ${out.same_verdicts} |
| the listing of ${CONFIG.algo}, explored in the browser | ${out.listing_browser_states_per_s} states/s (${out.listing_states} states) |
| listing / Go, in the browser | ${out.listing_ratio_browser} |
| listing / Go, native | ${out.listing_ratio_native} (listing ${out.listing_native_states_per_s} states/s) |
| listing's verdicts are Go's | ${out.listing_same_verdicts} |`);
  } finally {
    await browser.close();
    server.stop();
  }
}

main().catch((e) => { console.error(e); process.exit(1); });
