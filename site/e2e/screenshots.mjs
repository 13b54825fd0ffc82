// `make screenshots`: pictures of the product for the README, taken from
// a `bin/dmelab serve` started here on a free port with a fresh data
// directory: the playground with a run loaded, the exercise list, an
// exercise page and its feedback after a submission, each at 1280×800
// (a laptop) and 390×844 (a phone), and the playground's Listing view on
// a laptop (taller, to show the listing beside the run), into
// docs/screenshots/. Not part of
// `make test`: the pictures change whenever the pages do.

import fs from 'node:fs';
import path from 'node:path';
import { launch, ROOT, CHROMIUM } from './harness.mjs';
import { startServe, submit, mutant } from './serve.mjs';

const OUT = path.join(ROOT, 'docs', 'screenshots');
const EXERCISE = 'ra-steps';
const SIZES = [['desktop', 1280, 800], ['phone', 390, 844]];

if (!fs.existsSync(CHROMIUM)) {
  console.error(`screenshots: no Chromium at ${CHROMIUM}`);
  process.exit(1);
}
fs.mkdirSync(OUT, { recursive: true });
const read = (p) => fs.readFileSync(path.join(ROOT, p), 'utf8');
const server = await startServe();
const browser = await launch(CHROMIUM);
try {
  for (const [size, width, height] of SIZES) {
    const page = await browser.newPage();
    await page.setViewportSize({ width, height });
    const shot = async (name) => {
      const file = path.join(OUT, `${name}-${size}.png`);
      await page.screenshot({ path: file });
      console.log(`screenshots: ${path.relative(ROOT, file)} (${Math.round(fs.statSync(file).size / 1024)} KiB)`);
    };

    await page.goto(server.url);
    await page.waitForSelector('html[data-ready=true]', { timeout: 180000 });
    await page.getByRole('button', { name: 'Run to the end' }).click();
    await page.waitForSelector('#diagram rect.rowhit[data-step="3"]');
    await shot('playground');

    await page.goto(server.url + 'exercises/');
    await shot('exercises');

    await page.goto(server.url + `exercises/${EXERCISE}`);
    await page.waitForSelector('.work[data-editor="go"] .cm-editor');
    await shot('exercise');

    // The same file on each size: the page would show the earlier
    // grading instead of sending it again, were it in this browser's
    // history (the sizes share one browser).
    await page.evaluate(() => localStorage.clear());
    await submit(page, mutant(EXERCISE, 'no_tie_break'));
    await page.frameLocator('#feedback').locator('a', { hasText: /Replay this (run|schedule)/ }).first().waitFor();
    await page.$eval('#feedback', (f) => f.scrollIntoView());
    await shot('feedback');
    await page.close();
  }
  await listingShot();
} finally {
  await browser.close();
  await server.stop();
}

// listingShot: ra-benari's listing with P12's id tie-break removed,
// explored at N=2 R=1, its deadlock stepped back to where a node runs the
// edited P12 (docs/listings.md).
async function listingShot() {
  const page = await browser.newPage();
  await page.setViewportSize({ width: 1280, height: 1500 });
  await page.goto(server.url + '#algo=ra-benari&n=2&r=1&app=1');
  await page.waitForSelector('html[data-ready=true]', { timeout: 180000 });
  await page.getByRole('button', { name: 'Edit the listing' }).click();
  const shipped = read('algorithms/listing/seeds/ra-benari.txt');
  await page.click('#listing-editor .cm-content');
  await page.keyboard.press('Control+A');
  await page.keyboard.insertText(shipped.replace('(requestedNum, source) << (myNum, myID)', 'requestedNum < myNum'));
  await page.waitForFunction(() => /your edited listing/.test(document.getElementById('listing-hint').textContent));
  await page.getByRole('button', { name: 'Show diff' }).click();
  await page.getByRole('button', { name: 'Explore' }).click();
  await page.waitForSelector('#verdicts .badge', { timeout: 120000 });
  await page.locator('#verdicts li[data-property=liveness] button').click();
  await page.getByRole('button', { name: 'Step back' }).click();
  await page.$eval('#listing-editor .cm-scroller', (s) => { s.scrollTop = s.scrollHeight; });
  const file = path.join(OUT, 'listing-desktop.png');
  await page.screenshot({ path: file });
  console.log(`screenshots: ${path.relative(ROOT, file)} (${Math.round(fs.statSync(file).size / 1024)} KiB)`);
  await page.close();
}
