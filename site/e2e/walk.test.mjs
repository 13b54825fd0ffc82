// A new student's walk, as the README tells it (issue 14's acceptance), at
// a laptop's 1280×800 and a phone's 390×844: open the page `make run`
// serves, follow its link to the exercises, open Ben-Ari's exercise,
// submit a wrong solution, open the counterexample in the playground and
// see the step that went wrong marked in the pseudocode and said in words,
// then submit a fixed solution and get full marks. Grading compiles Go for
// WebAssembly: waits are long. Screenshots go to artifacts/walk/.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { CHROMIUM, launch, ROOT, skip } from './harness.mjs';
import { startServe, submit, mutant } from './serve.mjs';

if (skip) console.log(`# SKIP ${skip}`);
const ART = path.join(ROOT, 'artifacts', 'walk');
const EX = path.join(ROOT, 'exercises', 'ra-steps');

let server;
let browser;

before(async () => {
  if (skip) return;
  fs.mkdirSync(ART, { recursive: true });
  server = await startServe();
  browser = await launch(CHROMIUM, {}, { test: true });
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

for (const [name, viewport] of [['laptop', { width: 1280, height: 800 }], ['phone', { width: 390, height: 844 }]]) {
  test(`a student's walk on a ${name} (${viewport.width}×${viewport.height})`, { skip }, async () => {
    const page = await browser.newPage();
    await page.setViewportSize(viewport);
    try {
      // The page make run serves links to the exercises. Each walk is a
      // new student's: the pages share one browser, so the first walk's
      // history (the same files, which the page would not send again)
      // is not the second's.
      await page.goto(server.url);
      await page.evaluate(() => localStorage.clear());
      const link = page.locator('#to-exercises');
      await link.waitFor({ state: 'visible', timeout: 30000 });
      await link.click();
      await page.waitForSelector('table.catalogue');
      await page.click('table.catalogue a:has-text("Ben-Ari")');
      await page.waitForSelector('#statement h1');
      await page.screenshot({ path: path.join(ART, `${name}-1-exercise.png`) });

      // A wrong solution: graded, not full marks, a replay link first.
      const wrong = await submit(page, mutant('ra-steps', 'no_tie_break'));
      assert.match(wrong, /^graded:/, wrong);
      const [got, max] = wrong.match(/(\d+) \/ (\d+)/).slice(1).map(Number);
      assert.ok(got < max, `the wrong solution is marked down: ${wrong}`);
      const frame = page.frameLocator('#feedback');
      // A listing's run, or a Go file's schedule on the exercise's own algorithm.
      const replay = frame.locator('a', { hasText: /Replay this (run|schedule)/ }).first();
      await replay.waitFor({ timeout: 30000 });
      await page.screenshot({ path: path.join(ART, `${name}-2-feedback.png`) });

      // The counterexample in the playground, in a window of its own.
      const [pg] = await Promise.all([page.context().waitForEvent('page', { timeout: 15000 }), replay.click()]);
      try {
        await pg.setViewportSize(viewport);
        await pg.waitForSelector('html[data-ready=true]', { timeout: 180000 });
        // It opens on the run's end: the step that went wrong is marked in
        // the pseudocode and said in words.
        await pg.waitForSelector('#listing .ln.last', { timeout: 30000 });
        const marked = await pg.$$eval('#listing .ln.last', (ls) => ls.map((l) => l.textContent));
        assert.ok(marked.length > 0, 'the last event\'s lines are marked');
        const say = await pg.textContent('#listing .step-say');
        assert.match(say, /N\d/, `the step is said in words: ${say}`);
        const width = await pg.evaluate(() => document.scrollingElement.scrollWidth);
        assert.ok(width <= viewport.width + 1, `no sideways page scroll (${width} px)`);
        await pg.screenshot({ path: path.join(ART, `${name}-3-playground.png`) });
      } finally {
        await pg.close();
      }

      // The fix: full marks.
      const right = await submit(page, fs.readFileSync(path.join(EX, 'solution.go'), 'utf8'));
      const [rgot, rmax] = right.match(/(\d+) \/ (\d+)/).slice(1).map(Number);
      assert.equal(rgot, rmax, `full marks: ${right}`);
      await page.screenshot({ path: path.join(ART, `${name}-4-full-marks.png`) });
    } finally {
      await page.close();
    }
  });
}
