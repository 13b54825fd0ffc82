// Browser tests of the exercise page's "Try a run on your code": the
// student writes a run as a scenario and has the file in the editor run
// on it alone (a try, not graded). A run the starter breaks shows its
// counterexample, labelled as a try; a run with a mistake is told under
// it, at its line, and nothing more is sent; a run the reference solution
// meets shows the code's run; tries count for no score on the catalogue
// and do not stop a real Submit of the same code. On `dmelab serve`, the
// ra-steps exercise; grading builds Go: waits are long.
// Run: make test-browser.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { CHROMIUM, ROOT, launch, skip } from './harness.mjs';
import { served } from './serve.mjs';

const GRADE = 300000; // a cold Go build cache makes the first grading slow
const EX = 'ra-steps';
const read = (p) => fs.readFileSync(path.join(ROOT, p), 'utf8');

const fx = served();
const { pageErrors } = fx;
let page;

before(async () => {
  await fx.start();
  page = fx.page;
});
after(() => fx.stop());

const history = () => page.evaluate((k) => JSON.parse(localStorage.getItem(k) || '[]'), `dmelab.submissions.${EX}`);
const entries = () => page.$$eval('#history li', (li) => li.map((x) => x.textContent)); // newest first
const status = () => page.textContent('#status');
const setSource = (text) => page.evaluate((t) => {
  const s = document.getElementById('source');
  s.value = t;
  s.dispatchEvent(new Event('input'));
}, text);
// setRun writes the run's box (its textarea, which the page keeps in
// step with the editor over it).
const setRun = (text) => page.evaluate((t) => {
  const s = document.getElementById('try-text');
  s.value = t;
  s.dispatchEvent(new Event('input'));
}, text);
// The run's editor (CodeMirror over the textarea, which the page hides).
const RUN_EDITOR = '#try .cm-content';
const inRunEditor = (p = page) => p.evaluate(() => !!document.activeElement?.closest('#try .cm-content'));
// tried waits until the try shown has its outcome.
const tried = () => page.waitForFunction(() => /^(tried: |try not run)/.test(document.getElementById('status').textContent), null, { timeout: GRADE });
const best = async () => {
  await page.goto(fx.server.url + 'exercises/');
  const cell = await page.textContent(`td.best[data-exercise="${EX}"]`);
  await page.goto(fx.server.url + `exercises/${EX}`);
  await page.waitForSelector('.work[data-editor="go"] .cm-editor');
  return cell;
};

// posts records the submissions the page sends: their keys and bodies.
function posts() {
  const sent = [];
  const on = (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/submissions') sent.push({ key: r.headers()['idempotency-key'], body: JSON.parse(r.postData()) });
  };
  page.on('request', on);
  return { sent, stop: () => page.off('request', on) };
}

const alone = read(`exercises/${EX}/public/alone.scn`);
const solution = `${read(`exercises/${EX}/solution.go`)}\n// try ${Date.now()}\n`;

test('a run the starter breaks: its counterexample, labelled as a try, kept as one', { skip }, async () => {
  await page.goto(fx.server.url + `exercises/${EX}`);
  await page.waitForSelector('.work[data-editor="go"] .cm-editor');
  // Folded under Submit until asked for; then the run's box, named by
  // its label, holds the exercise's first public schedule.
  assert.equal(await page.isVisible('#try-text'), false);
  await page.getByText('Try a run on your code').click();
  const box = page.getByRole('textbox', { name: 'Your run (my-run.scn)' });
  await box.waitFor();
  assert.equal(await box.textContent(), alone.replace(/\n/g, ''), 'the box starts as the first public schedule');
  assert.match(await page.textContent('#try-keys'), /It starts as the public schedule alone\.scn\./, 'and says so');
  assert.equal(await page.inputValue('#try-text'), alone);
  // An editor, with the lines numbered that a mistake is told at.
  assert.equal(await page.isVisible('#try-text'), false, 'the editor stands for the textarea');
  assert.equal(await page.textContent('#try .cm-lineNumbers .cm-gutterElement:last-child'), String(alone.split('\n').length));
  assert.match(await page.textContent('#try-about'), /run on this run alone, not on the exercise's tests, and is not graded/);
  assert.equal(await page.getAttribute(RUN_EDITOR, 'aria-describedby'), 'try-about try-keys');

  const watch = posts();
  try {
    await page.getByRole('button', { name: 'Run it on your code' }).click();
    await tried();
    assert.equal(watch.sent.length, 1, 'sent once');
    const [{ key, body }] = watch.sent;
    assert.match(key, /^[0-9a-f]{32}$/, 'with an Idempotency-Key');
    assert.deepEqual(body.schedules, [{ name: 'my-run', text: alone }], 'the run, named my-run');
    assert.equal(body.source, read(`exercises/${EX}/starter.go`), 'with the editor\'s file');
  } finally {
    watch.stop();
  }
  assert.match(await status(), /^tried: your run failed \(not graded/);
  assert.doesNotMatch(await status(), /stands/, 'nothing graded yet');
  assert.equal(await page.getAttribute('#status', 'role'), 'status');
  assert.match(await page.textContent('#try-status'), /^tried: your run failed/, 'said beside the button too');
  assert.match(await page.textContent('#shown-label'), /^Try of \d{1,2}:\d\d:\d\d(?:\s?[AP]M)? — your run: failed$/);
  assert.match(await page.textContent('#shown-note'), /A try: your file ran on your own run only; it was not graded\./);
  const html = await page.$eval('#feedback', (f) => f.srcdoc);
  assert.match(html, /✗ yours\/my-run/, 'the feedback names the test of the run');
  assert.match(html, /requestCS/, 'with the expectation it broke');
  assert.doesNotMatch(html, /public\/alone|hidden\//, 'the exercise\'s own tests are not run');
  assert.ok(await page.isVisible('#feedback'));

  const [s, ...rest] = await history();
  assert.equal(rest.length, 0);
  assert.equal(s.try, true, 'kept, marked as a try');
  assert.equal(s.score, 'your run: failed');
  assert.equal(s.points, undefined, 'with no score');
  assert.match((await entries())[0], /^\d{1,2}:\d\d:\d\d(?:\s?[AP]M)? — try, your run: failed$/);
});

test('a run with a mistake is told under it, at its line, and nothing more is sent', { skip }, async () => {
  const before = await history();
  const typo = alone.replace('\nrequest N1\n', '\nrequst N1\n');
  assert.notEqual(typo, alone);
  const line = typo.split('\n').findIndex((l) => l.startsWith('requst')) + 1;
  await setRun(typo);
  const watch = posts();
  const errs = pageErrors.length;
  try {
    await page.focus('#try-run');
    await page.keyboard.press('Enter');
    await page.waitForSelector('#try-errors:not([hidden])');
    const errors = await page.$$eval('#try-errors li', (li) => li.map((x) => x.textContent));
    assert.ok(errors.length >= 1);
    assert.match(errors[0], new RegExp(`^my-run\\.scn:${line}:1: unknown statement "requst"`), `the mistake at its line: ${errors[0]}`);
    // Said in the live region, the focus in the run's box, which says it
    // is wrong and where.
    assert.match(await status(), new RegExp(`^your run was not sent: my-run\\.scn:${line}:1: unknown statement`));
    assert.ok(await inRunEditor(), 'the focus is in the run\'s editor');
    assert.equal(await page.getAttribute(RUN_EDITOR, 'aria-invalid'), 'true');
    assert.match(await page.getAttribute(RUN_EDITOR, 'aria-describedby'), /\btry-errors\b/);
    // The line is marked in the editor's gutter, the word underlined.
    assert.ok(await page.$('#try .cm-lint-marker-error'), 'the line is marked');
    assert.equal(await page.textContent('#try .cm-lintRange-error'), 'requst');
    // Its position puts the cursor there.
    await page.click('#try-errors li button');
    assert.ok(await inRunEditor());
    assert.equal(await page.textContent('#try .cm-activeLineGutter'), String(line), 'the cursor is on the line told');

    await page.waitForTimeout(1500);
    assert.equal(watch.sent.length, 1, 'sent once, refused, not sent again');
    assert.deepEqual(await history(), before, 'no entry in the history');
    assert.equal(await page.evaluate((k) => localStorage.getItem(k), `dmelab.pending.${EX}`), null, 'nothing left pending');

    // At a phone's width the box, its mistakes and its button fit.
    await page.setViewportSize({ width: 390, height: 800 });
    try {
      assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= 390), 'no sideways scroll at 390 px');
      for (const sel of ['#try .cm-editor', '#try-errors', '#try-run']) {
        const r = await page.$eval(sel, (el) => el.getBoundingClientRect().right);
        assert.ok(r <= 390, `${sel} ends at ${r} px`);
      }
    } finally {
      await page.setViewportSize({ width: 1366, height: 800 });
    }

    // The run is kept as typed: after a reload the box is open on it.
    await page.reload();
    await page.waitForSelector('#try[open]');
    assert.equal(await page.inputValue('#try-text'), typo);
  } finally {
    watch.stop();
    // The browser's own line for the 422 answered here is not the page's error.
    const mine = pageErrors.splice(errs);
    pageErrors.push(...mine.filter((e) => !/status of 422 \(Unprocessable Entity\)/.test(e)));
  }
});

test('a run the reference solution meets shows the code\'s run', { skip }, async () => {
  await page.waitForSelector('.work[data-editor="go"] .cm-editor');
  await setSource(solution);
  await setRun(alone);
  // Ctrl+Enter in the run's box runs the try (not Submit).
  await page.focus(RUN_EDITOR);
  await page.keyboard.press('Control+Enter');
  await tried();
  assert.match(await status(), /^tried: your run passed \(not graded/);
  assert.equal(await page.getAttribute(RUN_EDITOR, 'aria-invalid'), null, 'the mistakes told earlier are gone');
  assert.equal(await page.$('#try .cm-lint-marker-error'), null, 'and their marks');
  assert.equal(await page.isVisible('#try-errors'), false);
  assert.match(await page.textContent('#shown-label'), /— your run: passed$/);
  const html = await page.$eval('#feedback', (f) => f.srcdoc);
  assert.match(html, /✓ yours\/my-run: your code's run/);
  const all = await history();
  assert.equal(all.length, 2);
  assert.equal(all.at(-1).try, true);
  assert.equal(all.at(-1).source, solution);
  assert.match((await entries())[0], / — try, your run: passed$/);
});

test('tries count for no score, and the same code is still submitted', { skip }, async () => {
  assert.equal(await best(), 'not tried', 'the catalogue: tries are no score');
  await setSource(solution);
  const watch = posts();
  try {
    await page.click('#submit');
    await page.waitForFunction(() => /^(not )?graded:|^This is the same code/.test(document.getElementById('status').textContent), null, { timeout: GRADE });
    assert.match(await status(), /^graded: 38 \/ 38$/, 'graded, not blocked as the same code as a try');
    assert.equal(watch.sent.length, 1);
    assert.equal(watch.sent[0].body.schedules, undefined, 'a submission, without a run');
  } finally {
    watch.stop();
  }
  assert.match(await page.textContent('#shown-label'), /^Submission of .* — 38 \/ 38$/);
  const all = await history();
  assert.equal(all.length, 3);
  assert.equal(all.at(-1).try, undefined);
  assert.equal(await best(), '38 / 38 (1 submission)', 'the best score, counting the submission alone');
  // An entry kept before tries were (no try field) still counts.
  const real = await history();
  await page.evaluate(([k, all]) => localStorage.setItem(k, JSON.stringify(all)), [`dmelab.submissions.${EX}`, [
    { id: '1'.padEnd(32, 'a'), at: Date.now() - 86400000, status: 'done', score: '12 / 38' }, ...real]]);
  assert.equal(await best(), '38 / 38 (2 submissions)');
  await page.evaluate(([k, all]) => localStorage.setItem(k, JSON.stringify(all)), [`dmelab.submissions.${EX}`, real]);
});

// A try keeps its run with its code: shown again, the button puts both
// back, the run in its box.
test('a try\'s run comes back with its code', { skip }, async () => {
  const first = (await history()).find((s) => s.try);
  assert.equal(first.run, alone, 'the run is kept with the try');
  assert.equal(typeof first.source, 'string');
  await page.evaluate(() => { document.getElementById('try').open = true; });
  await setRun('algorithm ra-benari\nnodes N1 N2\n');
  await page.click(`#history a[href="#${first.id}"]`);
  await page.waitForFunction(() => /^Try of/.test(document.getElementById('shown-label').textContent));
  // The graded score is said to stand beside a try's verdict.
  await page.waitForFunction(() => /^tried: your run failed/.test(document.getElementById('status').textContent));
  assert.match(await status(), /^tried: your run failed \(not graded: your file ran on your own run only; your best graded score, 38 \/ 38, stands; see the feedback below\)$/);
  const back = page.getByRole('button', { name: 'Put this code and its run back' });
  await back.waitFor();
  await back.click();
  assert.equal(await page.inputValue('#try-text'), alone, 'the run is back in its box');
  assert.equal(await page.inputValue('#source'), first.source, 'and the code in the editor');
  assert.equal(await page.evaluate((k) => localStorage.getItem(k), `dmelab.run.${EX}`), alone, 'kept for the next visit');
  assert.equal(await page.isVisible('#load-code'), false, 'nothing left to put back');
});

// The box open, a mistake told: axe-core finds nothing serious (in a
// browser of its own that lets axe-core's source in), and Tab reaches the
// position's button after the box.
test('the try\'s box and its mistakes are accessible', { skip }, async () => {
  const axe = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  const ctx = await launch(CHROMIUM, { bypassCSP: true }, { test: true });
  try {
    const p = await ctx.newPage();
    await p.goto(fx.server.url + `exercises/${EX}`);
    await p.click('#try summary');
    await p.waitForSelector('#try .cm-editor');
    await p.click(RUN_EDITOR);
    await p.keyboard.press('Control+a');
    await p.keyboard.type('algorithm ra-benari\nnodes N1 N2\nrequst N1\n');
    await p.click('#try-run');
    await p.waitForSelector('#try-errors:not([hidden])');
    await p.addScriptTag({ content: axe });
    const r = await p.evaluate(() => window.axe.run(document, { iframes: false }));
    const bad = r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    assert.deepEqual(bad.map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')})`), []);
    assert.ok(await inRunEditor(p));
    await p.keyboard.press('Tab');
    assert.equal(await p.evaluate(() => document.activeElement.textContent), 'my-run.scn:3:1');
    await p.keyboard.press('Tab');
    assert.equal(await p.evaluate(() => document.activeElement.id), 'try-run');
  } finally {
    await ctx.close();
  }
});

// A step the run cannot take is found only when the run runs (the box's
// own checks pass it): once the try is back, its line is marked in the
// box with what the feedback says of it.
test('a step the run cannot take is marked at its line once tried', { skip }, async () => {
  await page.goto(fx.server.url + `exercises/${EX}`);
  await page.waitForSelector('.work[data-editor="go"] .cm-editor');
  await setSource(solution);
  if (!(await page.isVisible('#try .cm-editor'))) await page.click('#try summary');
  await setRun('algorithm ra-benari\nnodes N1 N2\nrequest N1\nstep N1 P13\n');
  assert.equal(await page.isVisible('#try-start'), false, '"It starts as the public schedule" goes once it does not');
  await page.click('#try-run');
  await tried();
  assert.match(await status(), /^tried: your run failed/);
  assert.equal(await page.isVisible('#try-errors'), false, 'no mistake of the box\'s own');
  await page.waitForSelector('#try .cm-lint-marker-error');
  assert.equal(await page.textContent('#try .cm-lintRange-error'), 'step', 'line 4, where the run stopped');
  await page.hover('#try .cm-lintRange-error');
  await page.waitForSelector('.cm-tooltip-lint');
  assert.match(await page.textContent('.cm-tooltip-lint'), /"step N1 P13" is not possible now/);
});

// The marks are the code's: another file in the editor (or another run
// in the box) takes them away, tooltip and all, and so does showing
// another submission; the try shown again with its code puts them back.
test('a try\'s marks go when the code they were computed for changes', { skip }, async () => {
  const marked = () => page.$('#try .cm-lint-marker-error');
  assert.ok(await marked(), 'the previous test left the run marked');
  await page.hover('#try .cm-lintRange-error');
  await page.waitForSelector('.cm-tooltip-lint');
  const tryId = (await history()).at(-1).id;
  await setSource(`${solution}// another file\n`);
  await page.waitForFunction(() => !document.querySelector('#try .cm-lint-marker-error, #try .cm-lintRange-error, .cm-tooltip-lint'));
  // Shown again while the editor holds another file: still unmarked.
  await page.click(`#history a[href="#${tryId}"]`);
  await page.waitForFunction(() => /^tried: your run failed/.test(document.getElementById('status').textContent));
  assert.equal(await marked(), null, 'not marked on another file');
  await page.getByRole('button', { name: 'Put this code and its run back' }).click();
  await page.waitForSelector('#try .cm-lint-marker-error');
  assert.equal(await page.textContent('#try .cm-lintRange-error'), 'step', 'its code back: marked again');
  // Another run in the box: the marks were the old run's.
  const run = await page.inputValue('#try-text');
  await setRun(`${run}# another run\n`);
  assert.equal(await marked(), null, 'not marked on another run');
  await setRun(run);
  await page.click(`#history a[href="#${tryId}"]`);
  await page.waitForSelector('#try .cm-lint-marker-error');
  // A submission starts (here the same code as a graded one, whose
  // feedback is shown instead): the try's marks go.
  await page.click('#submit');
  await page.waitForFunction(() => !document.querySelector('#try .cm-lint-marker-error'));
  await page.waitForFunction(() => /^(not )?graded:|^This is the same code/.test(document.getElementById('status').textContent), null, { timeout: GRADE });
  assert.equal(await marked(), null, 'not marked under a submission\'s feedback');
});

test('no errors in the page', { skip }, () => {
  assert.deepEqual(pageErrors, []);
});
