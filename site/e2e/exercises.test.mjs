// Browser test of the exercise pages (issue 6, acceptance 2): a student
// opens the catalogue served by `dmelab serve`, opens the ra-steps
// exercise, submits a wrong solution (one of its mutants) and sees a
// counterexample in the feedback, then submits the reference solution and
// sees full marks. Grading compiles Go for WebAssembly: waits are long.
// Screenshots go to artifacts/exercises/. Run: make test-browser.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launch, ROOT } from './harness.mjs';

const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const skip = fs.existsSync(CHROMIUM) ? false : `no Chromium at ${CHROMIUM}: browser tests skipped (apt-get install -y chromium)`;
if (skip) console.log(`# SKIP ${skip}`);
const ART = path.join(ROOT, 'artifacts', 'exercises');
const GRADE = 300000; // a cold Go build cache makes the first grading slow
const read = (p) => fs.readFileSync(path.join(ROOT, p), 'utf8');

let server;
let browser;
let page;
let data;

// startServe runs bin/dmelab serve on a free port with a fresh database.
function startServe() {
  const bin = path.join(ROOT, 'bin', 'dmelab');
  if (!fs.existsSync(bin)) throw new Error(`${bin} is missing: run make build first`);
  data = fs.mkdtempSync(path.join(os.tmpdir(), 'dmelab-serve-'));
  const proc = spawn(bin, ['serve', '--addr', '127.0.0.1:0', '--data', data, '--exercises', path.join(ROOT, 'exercises')],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => { proc.kill(); reject(new Error('dmelab serve did not start')); }, 30000);
    proc.on('exit', (code) => reject(new Error(`dmelab serve exited (${code})`)));
    proc.stdout.on('data', (d) => {
      out += d;
      const m = out.match(/(http:\/\/\S+\/)/);
      if (m) {
        clearTimeout(timer);
        resolve({ url: m[1], stop: () => proc.kill('SIGTERM') });
      }
    });
  });
}

before(async () => {
  if (skip) return;
  fs.mkdirSync(ART, { recursive: true });
  server = await startServe();
  browser = await launch(CHROMIUM);
  page = await browser.newPage();
});

after(async () => {
  await browser?.close();
  server?.stop();
  if (data) fs.rmSync(data, { recursive: true, force: true });
});

// submit puts text in the editor, submits, and returns the feedback's
// HTML once grading is done.
async function submit(text) {
  await page.evaluate((t) => { document.getElementById('source').value = t; }, text);
  await page.click('#submit');
  await page.waitForFunction(() => /^graded:/.test(document.getElementById('status').textContent), null, { timeout: GRADE });
  return page.$eval('#feedback', (f) => f.srcdoc);
}

test('the catalogue lists the exercises and opens one', { skip }, async () => {
  await page.goto(server.url + 'exercises/');
  const links = await page.$$eval('table.catalogue a', (as) => as.map((a) => a.textContent));
  assert.ok(links.some((t) => t.includes('Ben-Ari')), `catalogue: ${links}`);
  assert.ok(links.some((t) => t.includes('Maekawa')), `catalogue: ${links}`);
  await page.screenshot({ path: path.join(ART, '01-catalogue.png') });
  await page.click('text=Ben-Ari');
  await page.waitForSelector('#statement h1');
  await page.waitForSelector('.work[data-editor="go"] .cm-editor');
  const starter = await page.textContent('.cm-content');
  assert.match(starter, /type Node struct\{ \*rasteps\.Vars \}/, 'the starter is in the Go editor');
  assert.ok(await page.$('.cm-content .tok-keyword, .cm-content span[class]'), 'Go is highlighted');
});

test('a wrong solution gets a counterexample', { skip }, async () => {
  const html = await submit(read('exercises/ra-steps/mutants/no_tie_break.go'));
  assert.match(await page.textContent('.cm-content'), /no_tie_break|numbers only|RequestedNum/, 'the editor shows the file that was set');
  const status = await page.textContent('#status');
  assert.doesNotMatch(status, /30 \/ 30/);
  assert.match(html, /Score: \d+ \/ 30/);
  assert.match(html, /<svg/, 'the counterexample is drawn as a space-time diagram');
  assert.match(html, /#scenario=/, 'with a link that replays it in the playground');
  const frame = page.frameLocator('#feedback');
  await frame.locator('text=failed').first().waitFor();
  await page.screenshot({ path: path.join(ART, '02-counterexample.png'), fullPage: true });
});

test('the reference solution gets full marks, and the history keeps both', { skip }, async () => {
  await submit(read('exercises/ra-steps/solution.go'));
  assert.match(await page.textContent('#status'), /graded: 30 \/ 30/);
  const items = await page.$$eval('#history li', (li) => li.map((x) => x.textContent));
  assert.equal(items.length, 2, `history: ${items}`);
  assert.match(items[0], /30 \/ 30/, 'newest first');
  await page.screenshot({ path: path.join(ART, '03-full-marks.png'), fullPage: true });
});

test('hidden schedules are named, never shown as files', { skip }, async () => {
  const html = await page.content();
  for (const name of fs.readdirSync(path.join(ROOT, 'exercises', 'ra-steps', 'hidden'))) {
    const base = name.replace(/\.\w+$/, '');
    assert.ok(!html.includes(base + '.scn'), `the page names hidden file ${name}`);
  }
});
