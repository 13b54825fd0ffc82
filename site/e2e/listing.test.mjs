// Browser test of the Listing view: a student opens ra-benari's listing,
// drops the id tie-break from P12, explores it, loads the counterexample
// and steps through it in the pseudocode of the edited listing; a
// mistake shows at its line; the diff, Reset and the share link work,
// also on a phone.
//
// Run: node --test site/e2e/listing.test.mjs (after make site).

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { ART, ROOT, address, playground, skip } from './harness.mjs';

const SHIPPED = fs.readFileSync(path.join(ROOT, 'algorithms', 'listing', 'seeds', 'ra-benari.txt'), 'utf8');
const TIE = '(requestedNum, source) << (myNum, myID)';
const EDITED = SHIPPED.replace(TIE, 'requestedNum < myNum');
const P12 = 'P12: if not requestCS or requestedNum < myNum:';

const pg = playground();
const { pageErrors } = pg;
let page;

before(async () => {
  await pg.start();
  page = pg.page;
});
after(() => pg.stop());

const editorText = (p = page) => p.evaluate(() => document.getElementById('listing-editor').editorText());
const position = () => page.textContent('#position span');

// type replaces the listing editor's text as a student would: select
// all, then the new text in one go.
async function type(text) {
  await page.click('#listing-editor .cm-content');
  await page.keyboard.press('Control+A');
  await page.keyboard.insertText(text);
}

// p12 is the pseudocode's line of P12: its text and the nodes marked.
const p12 = (p = page) => p.$eval('#listing .ln[data-label="P12"]', (l) => ({
  text: l.querySelector('.src').textContent,
  tags: [...l.querySelectorAll('.tag-node')].map((t) => t.textContent),
}));

test('ra-benari without the tie-break in P12: a listing edit explores, deadlocks and steps through the edited line', { skip }, async () => {
  assert.notEqual(EDITED, SHIPPED);
  await page.goto(pg.server.url);
  await page.waitForSelector('html[data-ready=true]', { timeout: 180000 });
  // Raymond's tree is not written as a listing: no Listing view.
  await page.selectOption('#algo', 'raymond');
  await page.waitForFunction(() => location.hash.includes('algo=raymond'));
  assert.equal(await page.isHidden('#listing-open'), true, 'no Listing view for an algorithm without a listing');

  await page.selectOption('#algo', 'ra-benari');
  await page.fill('#nodes', '2');
  await page.dispatchEvent('#nodes', 'change');
  await page.fill('#requests', '1');
  await page.dispatchEvent('#requests', 'change');
  await page.waitForFunction(() => location.hash.includes('algo=ra-benari&n=2&r=1'));

  await page.getByRole('button', { name: 'Edit the listing' }).click();
  assert.equal(await page.getAttribute('#listing-open', 'aria-expanded'), 'true');
  assert.equal(await page.isVisible('#listing-edit'), true);
  assert.equal(await editorText(), SHIPPED, 'the view shows the shipped listing');
  assert.equal(await page.isDisabled('#listing-reset'), true, 'nothing to reset yet');

  // A mistake: an undeclared name in the reply handler, marked at its word.
  // (Written "(foo)": the mark covers the word, not the parenthesis
  // stuck to it.)
  const bad = SHIPPED.replace('replies = replies + 1', 'replies = replies + (foo)');
  const badLine = bad.split('\n').findIndex((l) => l.includes('replies + (foo)')) + 1;
  await type(bad);
  await page.waitForSelector('#listing-editor .cm-lintRange-error');
  assert.equal(await page.textContent('#listing-editor .cm-lintRange-error'), 'foo', 'the diagnostic covers the undeclared name');
  assert.match(await page.$eval('#listing-editor .cm-lintRange-error', (e) => e.closest('.cm-line').textContent), /replies = replies \+ \(foo\)/, 'on its line');
  assert.match(await page.textContent('#listing-status'), new RegExp(`^A problem:\\s*line ${badLine}: foo is not declared`));
  await page.getByRole('button', { name: 'Explore' }).click();
  assert.match(await page.textContent('#toast'), new RegExp(`line ${badLine}: foo is not declared`), 'Explore waits for a listing without problems');
  assert.equal(await page.textContent('#verdicts'), '');

  // The edit: P12 without the id tie-break.
  await type(EDITED);
  await page.waitForFunction(() => /your edited listing/.test(document.getElementById('listing-hint').textContent));
  assert.equal(await page.locator('#listing-editor .cm-lintRange-error').count(), 0);
  assert.match(await page.textContent('#listing-status'), /^Edited: /);
  assert.equal(await page.locator('#listing .ln').count(), EDITED.trimEnd().split('\n').length, 'the pseudocode is the edited listing, line for line');
  assert.equal((await p12()).text, P12);

  await page.getByRole('button', { name: 'Show diff' }).click();
  assert.deepEqual(await page.$$eval('#listing-diff-view .diff-removed code', (cs) => cs.map((c) => c.textContent.trim())), [`P12: if not requestCS or ${TIE}:`]);
  assert.deepEqual(await page.$$eval('#listing-diff-view .diff-added code', (cs) => cs.map((c) => c.textContent.trim())), [P12]);

  await page.getByRole('button', { name: 'Explore' }).click();
  await page.waitForSelector('#verdicts .badge', { timeout: 60000 });
  const verdicts = await page.$$eval('#verdicts li.verdict', (ls) => Object.fromEntries(ls.map((l) => [l.dataset.property, l.querySelector('.badge').textContent])));
  assert.equal(verdicts.safety, 'holds');
  assert.equal(verdicts.liveness, 'violated');
  assert.match(await page.textContent('#progress'), /ra-benari \(your listing\) with N=2, R=1.* · (complete|settled: every verdict is final \(a search that found its violation stopped there\)) · /);

  // Load the liveness counterexample and step through it from the start.
  await page.locator('#verdicts li[data-property=liveness] button').click();
  const banner = await page.textContent('#banner');
  const len = Number(banner.match(/Counterexample: liveness \(deadlock\), (\d+) steps/)[1]);
  assert.equal(await page.locator('#banner .banner-load').count(), 1, 'a scenario of ra-benari runs on the edited listing: "Load as a scenario" is offered');
  assert.equal(await position(), `step ${len} of ${len}`);
  await page.getByRole('button', { name: 'Start: go to the initial state' }).click();
  const marks = [];
  for (let k = 1; k <= len; k++) {
    await page.getByRole('button', { name: 'Step forward' }).click();
    assert.equal(await position(), `step ${k} of ${len}`);
    const line = await p12();
    assert.equal(line.text, P12, `step ${k}: P12 is the edited line`);
    if (line.tags.length) marks.push(k);
  }
  assert.ok(marks.length > 0, 'some step marks the edited P12');
  assert.match(await page.textContent('#position'), /deadlock/);
  await page.screenshot({ path: path.join(ART, '70-listing-edited.png'), fullPage: true });

  // The link carries the edited listing and the step.
  await page.getByRole('button', { name: 'Step back' }).click();
  await page.waitForFunction(() => /&lst=/.test(location.hash) && /&at=/.test(location.hash));
  const url = await address(page);
  const other = await pg.browser.newPage();
  try {
    await other.goto(url);
    await other.waitForSelector('html[data-ready=true]', { timeout: 180000 });
    assert.equal(await editorText(other), EDITED, 'the link restores the edited listing');
    assert.equal(await other.isVisible('#listing-edit'), true, 'and opens the Listing view');
    assert.equal(await other.textContent('#position span'), `step ${len - 1} of ${len}`);
    assert.equal((await p12(other)).text, P12);
    assert.match(await other.textContent('#listing-hint'), /your edited listing/);
  } finally {
    await other.close();
  }

  // Reset: the seed's listing, the built-in algorithm, a link without it.
  await page.getByRole('button', { name: 'Reset to the seed\'s listing' }).click();
  assert.equal(await editorText(), SHIPPED);
  await page.waitForFunction(() => !/your edited listing/.test(document.getElementById('listing-hint').textContent));
  await page.waitForFunction(() => !/lst=/.test(location.hash));
  assert.match(await page.textContent('#listing-diff-view'), /No change from the seed's listing/);
  assert.equal(await page.isDisabled('#listing-reset'), true);
  assert.deepEqual(pageErrors, []);
});

// A listing whose step breaks a rule (a reply sent to a node that is
// not there) stops that node: its card and the diagram say "failed", and
// why, instead of the phase it stopped in.
test('a node whose listing step fails reads "failed", with the reason', { skip }, async () => {
  const p = await pg.newPage();
  try {
    await p.goto(pg.server.url + '#algo=ra-benari&n=2&r=1&app=0');
    await p.waitForSelector('html[data-ready=true]', { timeout: 180000 });
    await p.getByRole('button', { name: 'Edit the listing' }).click();
    const broken = SHIPPED.replace('send(reply, source)', 'send(reply, source + 7)');
    assert.notEqual(broken, SHIPPED);
    await p.click('#listing-editor .cm-content');
    await p.keyboard.press('Control+A');
    await p.keyboard.insertText(broken);
    await p.waitForFunction(() => /your edited listing/.test(document.getElementById('listing-hint').textContent));
    await p.getByRole('button', { name: 'Run to the end' }).click();
    const card = p.locator('#nodes-view article[aria-label="N2: failed"]');
    await card.waitFor();
    assert.equal(await card.locator('.phase').textContent(), 'failed');
    assert.match(await card.locator('.meta').textContent(), /stopped: sent reply to 7, but the nodes are/);
    assert.equal(await p.locator('#nodes-view article[aria-label="N1: failed"]').count(), 0, 'the other node did not fail');
    assert.deepEqual(await p.$$eval('#diagram .node-phase', (ts) => ts.map((t) => t.textContent)), ['wanting', 'failed']);
    await p.screenshot({ path: path.join(ART, '72-listing-failed-node.png'), fullPage: true });
  } finally {
    await p.close();
  }
  assert.deepEqual(pageErrors, []);
});

test('Enter after a header line indents under its statement, and after any other line keeps its indentation', { skip }, async () => {
  const p = await pg.newPage();
  try {
    await p.goto(pg.server.url + '#algo=ra-benari&n=2&r=1&app=0');
    await p.waitForSelector('html[data-ready=true]', { timeout: 180000 });
    await p.getByRole('button', { name: 'Edit the listing' }).click();
    await p.click('#listing-editor .cm-content');
    await p.keyboard.press('Control+A');
    await p.keyboard.insertText('algorithm x\nglobal int a = 0\nprocess main:\n    loop forever:\n        P1: NCS\n        P7: for all other node N:');
    await p.keyboard.press('End');
    await p.keyboard.press('Control+End');
    await p.keyboard.press('Enter');
    await p.keyboard.insertText('P8: a = 1');
    await p.keyboard.press('Enter');
    await p.keyboard.insertText('x');
    const lines = (await p.evaluate(() => document.getElementById('listing-editor').editorText())).split('\n');
    assert.equal(lines.at(-2), ' '.repeat(16) + 'P8: a = 1', 'four columns deeper than "for", where its block goes');
    assert.equal(lines.at(-1), ' '.repeat(16) + 'x', 'beside the line above');
  } finally {
    await p.close();
  }
  assert.deepEqual(pageErrors, []);
});

test('the Listing view fits a phone\'s 390 px', { skip }, async () => {
  await page.setViewportSize({ width: 390, height: 844 });
  try {
    await type(EDITED);
    await page.waitForFunction(() => /your edited listing/.test(document.getElementById('listing-hint').textContent));
    const wide = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(wide <= 390, `the page is ${wide} px wide`);
    const box = await page.locator('#listing-edit').boundingBox();
    assert.ok(box.x >= 0 && box.x + box.width <= 390, `the Listing view is on screen: ${JSON.stringify(box)}`);
    // The editor takes the screen's width (its lines are long), on screen.
    const ed = await page.locator('#listing-editor').boundingBox();
    assert.ok(ed.width >= 0.9 * 390, `the listing's editor is ${ed.width} px wide at 390 px`);
    assert.ok(ed.x >= 0 && ed.x + ed.width <= 390, `the listing's editor is on screen: ${JSON.stringify(ed)}`);
    await page.locator('#listing-edit').screenshot({ path: path.join(ART, '71-listing-phone.png') });
  } finally {
    await page.setViewportSize({ width: 1366, height: 800 });
  }
  assert.deepEqual(pageErrors, []);
});

// With the Listing view open its column widens, but never so far that
// the run's controls no longer fit their row: on a laptop's 1241–1366 px
// (the widths where the page has three columns) Start to Reset stand on
// one row, the run's controls all in sight beside one another.
test('the Listing view open on a laptop: the run\'s controls stay on one row', { skip }, async () => {
  const p = await pg.newPage();
  try {
    await p.goto(pg.server.url + '#algo=ra-benari&n=3&r=1&app=0');
    await p.waitForSelector('html[data-ready=true]', { timeout: 180000 });
    await p.getByRole('button', { name: 'Edit the listing' }).click();
    for (const width of [1241, 1280, 1320, 1366]) {
      await p.setViewportSize({ width, height: 800 });
      const tops = await p.$$eval('.toolbar > :not(.position)', (es) => es.map((e) => [e.id || e.className, Math.round(e.getBoundingClientRect().top)]));
      assert.equal(tops.length, 7, 'Start, Back, Step, Run, Play, the speed, Reset');
      assert.deepEqual(tops.map(([, t]) => t), tops.map(() => tops[0][1]), `at ${width} px the controls stand on one row: ${JSON.stringify(tops)}`);
      if (width === 1280) await p.locator('.stage').screenshot({ path: path.join(ART, '72-listing-laptop-toolbar.png') });
    }
  } finally {
    await p.close();
  }
  assert.deepEqual(pageErrors, []);
});
