// Accessibility of the pages (issue 14, beyond the fixes): axe-core runs
// in the playground (a run loaded), the exercise list, an exercise page,
// the same page with feedback after a submission, and the feedback
// document itself; no violation may be serious or critical, and every
// button and link is named by the words it shows (label in name). And every
// visible control of each page is reached with the Tab key (the Go and
// scenario editors keep Tab for indenting: Escape, then Tab, moves on, as
// CodeMirror documents). Run: make test-browser.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { CHROMIUM, launch, ROOT, skip } from './harness.mjs';
import { startServe, submit, mutant } from './serve.mjs';

if (skip) console.log(`# SKIP ${skip}`);
const require = createRequire(import.meta.url);
const AXE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const read = (p) => fs.readFileSync(path.join(ROOT, p), 'utf8');
const EXERCISE = 'ra-v1';

let server;
let browser;
let page;

before(async () => {
  if (skip) return;
  server = await startServe();
  browser = await launch(CHROMIUM, { bypassCSP: true }, { test: true }); // axe-core's source is added as a script
  page = await browser.newPage();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

// axe runs axe-core on p's document (frames are checked on their own)
// and fails on every serious or critical violation, naming its elements.
async function axe(p, what) {
  if (!(await p.evaluate(() => typeof window.axe === 'object'))) await p.addScriptTag({ content: AXE });
  const r = await p.evaluate(() => window.axe.run(document, { iframes: false }));
  const bad = r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  assert.deepEqual(bad.map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')})`), [], `${what}: axe-core`);
  assert.ok(r.passes.length > 10, `${what}: axe-core ran its checks (${r.passes.length} passed)`);
  await labelInName(p, what);
}

// labelInName fails on every visible button or link of p whose
// accessible name does not contain the words it shows (WCAG 2.5.3, Label
// in Name: a student who reads "show 26 steps" says so to a speech
// control, and a screen reader's user hears what is written). Names and
// shown text are as axe-core computes them (text clipped out of sight,
// as a visually hidden span is, is not shown), compared on their letters
// and digits alone: case, spacing and symbols (▶, ?) aside. axe-core's
// own rule looks only at aria-label and aria-labelledby; this one at
// every name. Controls a modal dialog hides are left to when it closes.
async function labelInName(p, what) {
  const bad = await p.evaluate(() => {
    const letters = (t) => t.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
    const { commons, utils } = window.axe;
    window.axe.setup(document);
    try {
      const out = [];
      let n = 0;
      for (const el of document.querySelectorAll('button, a[href], summary, [role=button], [role=link]')) {
        const vn = utils.getNodeFromTree(el);
        if (!vn || !commons.dom.isVisibleOnScreen(vn) || !commons.dom.isVisibleToScreenReaders(vn)) continue;
        const shown = commons.text.visibleVirtual(vn, false, false).trim();
        if (!letters(shown)) continue;
        n++;
        const name = commons.text.accessibleTextVirtual(vn).trim();
        if (!letters(name).includes(letters(shown))) out.push(`${el.tagName.toLowerCase()}${el.id ? '#' + el.id : ''} shows "${shown}", named "${name}"`);
      }
      return { out, n };
    } finally {
      window.axe.teardown();
    }
  });
  assert.ok(bad.n > 0, `${what}: has buttons or links with words`);
  assert.deepEqual(bad.out, [], `${what}: names that do not contain the words shown`);
}

// tabbing presses Tab from the top of p's page until every visible
// control has had the focus (or too many presses), and fails naming the
// controls never reached.
async function tabbing(p, what) {
  const want = await p.evaluate(() => {
    // Inside a closed <details> only its summary is reached (the rest is
    // once it is opened): a repeated failure's run is folded so.
    const folded = (el) => {
      for (let d = el.closest('details'); d; d = d.parentElement?.closest('details')) {
        if (!d.open && !d.querySelector(':scope > summary')?.contains(el)) return true;
      }
      return false;
    };
    const shown = (el) => {
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden' && !el.disabled && !el.closest('[inert]') && !folded(el);
    };
    const els = [...document.querySelectorAll('a[href], button, input:not([type=hidden]), select, textarea, summary, [tabindex]:not([tabindex="-1"])')].filter(shown);
    // A radio group is one stop of the Tab key (arrows move within it):
    // all its radios share one id, reached when any of them is.
    const groups = {};
    return els.map((el, i) => {
      const group = el.type === 'radio' && el.name ? (groups[el.name] ??= String(i)) : String(i);
      el.dataset.tabCheck = group;
      return `${el.tagName.toLowerCase()}${el.id ? '#' + el.id : ''} "${(el.getAttribute('aria-label') || el.textContent).trim().slice(0, 40)}"`;
    });
  });
  assert.ok(want.length > 0, `${what}: has controls`);
  await p.evaluate(() => { document.activeElement?.blur(); window.scrollTo(0, 0); });
  const seen = new Set();
  for (let i = 0; i < want.length * 3 + 20 && seen.size < want.length; i++) {
    await p.keyboard.press('Tab');
    const at = await p.evaluate(() => {
      const a = document.activeElement;
      return { id: a?.dataset?.tabCheck, editor: !!a?.closest?.('.cm-editor') };
    });
    if (at.id !== undefined) seen.add(at.id);
    if (at.editor) await p.keyboard.press('Escape');
  }
  const ids = await p.evaluate(() => [...document.querySelectorAll('[data-tab-check]')].map((el) => el.dataset.tabCheck));
  const missed = want.filter((_, i) => !seen.has(ids[i]));
  assert.deepEqual(missed, [], `${what}: controls the Tab key never reaches`);
}

test('the playground, a run loaded', { skip }, async () => {
  await page.goto(server.url);
  await page.waitForSelector('html[data-ready=true]', { timeout: 180000 });
  // At the start: the next-event buttons are there.
  await page.waitForSelector('button.ev');
  await axe(page, 'playground at its first step');
  await page.getByRole('button', { name: 'Run to the end' }).click();
  await page.waitForSelector('#diagram rect.rowhit[data-step="3"]');
  await axe(page, 'playground');
  await tabbing(page, 'playground');
});

// The controls that come with answers: Explore's verdicts (each with a
// button that shows its counterexample), the counterexample's banner
// (with its button that loads it as a scenario), and the examples.
test('the playground after Explore, and its examples', { skip }, async () => {
  await page.goto(server.url + '#algo=ra-v1&n=2&r=1&app=1');
  await page.waitForSelector('html[data-ready=true]', { timeout: 180000 });
  await page.getByRole('button', { name: 'Explore', exact: true }).click();
  await page.waitForSelector('#verdicts li.verdict button', { timeout: 120000 });
  await page.waitForSelector('#banner button.banner-load');
  await axe(page, 'playground after Explore');
  await page.getByRole('button', { name: 'Examples' }).click();
  await page.waitForSelector('#gallery[open] button.card');
  await axe(page, 'the examples');
  await page.keyboard.press('Escape');
});

test('the playground\'s Listing view, edited, with its diff', { skip }, async () => {
  await page.goto(server.url + '#algo=ra-benari&n=2&r=1&app=1');
  await page.waitForSelector('html[data-ready=true]', { timeout: 180000 });
  await page.getByRole('button', { name: 'Edit the listing' }).click();
  await page.click('#listing-editor .cm-content');
  await page.keyboard.press('Control+End');
  await page.keyboard.insertText('# an edit\n');
  await page.getByRole('button', { name: 'Show diff' }).click();
  await page.waitForSelector('#listing-diff-view .diff-added');
  await axe(page, 'the Listing view');
  await tabbing(page, 'the Listing view');
});

test('the exercise list', { skip }, async () => {
  await page.goto(server.url + 'exercises/');
  await axe(page, 'exercise list');
  await tabbing(page, 'exercise list');
});

test('an exercise page, and its feedback after a submission', { skip }, async () => {
  await page.goto(server.url + `exercises/${EXERCISE}`);
  await page.waitForSelector('.work[data-editor="go"] .cm-editor');
  await page.click('.public summary'); // its links, checked too
  await axe(page, 'exercise page');
  await tabbing(page, 'exercise page');

  assert.match(await submit(page, mutant(EXERCISE)), /^graded: /);
  await page.waitForSelector('#history li a');
  await axe(page, 'exercise page with feedback');
  await tabbing(page, 'exercise page with feedback');

  // The feedback, a document of its own in a frame without scripts:
  // checked as a page.
  const html = await page.$eval('#feedback', (f) => f.srcdoc);
  assert.match(html, /Replay this (run|schedule)/, 'the feedback has a counterexample');
  const fb = await browser.newPage();
  try {
    await fb.setContent(html);
    await axe(fb, 'feedback');
    await tabbing(fb, 'feedback');
  } finally {
    await fb.close();
  }
});
