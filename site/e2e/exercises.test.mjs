// Browser test of the exercise pages (issue 6, acceptance 2): a student
// opens the catalogue served by `dmelab serve`, opens the ra-steps
// exercise, submits a wrong solution (one of its mutants) and sees a
// counterexample in the feedback, then submits the reference solution and
// sees full marks. Grading compiles Go for WebAssembly: waits are long.
// Screenshots go to artifacts/exercises/. Run: make test-browser.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { CHROMIUM, ROOT, launch, skip } from './harness.mjs';
import { mutant, served } from './serve.mjs';

const ART = path.join(ROOT, 'artifacts', 'exercises');
const GRADE = 300000; // a cold Go build cache makes the first grading slow
const read = (p) => fs.readFileSync(path.join(ROOT, p), 'utf8');
// mutant prints a mutant whole (its patch applied to the solution).

const fx = served();
let page;

before(async () => {
  if (!skip) fs.mkdirSync(ART, { recursive: true });
  await fx.start();
  page = fx.page;
});
after(() => fx.stop());

// submit puts text in the editor, submits, and returns the feedback's
// HTML once grading is done; seen holds every text the status showed.
let seen = [];
async function submit(text) {
  await page.evaluate((t) => {
    document.getElementById('source').value = t;
    window.statusSeen = [];
    window.statusWatch?.disconnect();
    const st = document.getElementById('status');
    window.statusWatch = new MutationObserver(() => window.statusSeen.push(st.textContent));
    window.statusWatch.observe(st, { childList: true, characterData: true, subtree: true });
  }, text);
  await page.click('#submit');
  await page.waitForFunction(() => /^(not )?graded:/.test(document.getElementById('status').textContent), null, { timeout: GRADE });
  seen = await page.evaluate(() => window.statusSeen);
  return page.$eval('#feedback', (f) => f.srcdoc);
}

test('the catalogue lists the exercises and opens one', { skip }, async () => {
  await page.goto(fx.server.url + 'exercises/');
  const links = await page.$$eval('table.catalogue a', (as) => as.map((a) => a.textContent));
  assert.ok(links.some((t) => t.includes('Ben-Ari')), `catalogue: ${links}`);
  assert.ok(links.some((t) => t.includes('Maekawa')), `catalogue: ${links}`);
  await page.screenshot({ path: path.join(ART, '01-catalogue.png') });
  await page.click('table.catalogue a:has-text("Ben-Ari")'); // the set's introduction names Ben-Ari too
  await page.waitForSelector('#statement h1');
  await page.waitForSelector('.work[data-editor="go"] .cm-editor');
  const starter = await page.textContent('.cm-content');
  assert.match(starter, /type Node struct\{ \*rasteps\.Vars \}/, 'the starter is in the Go editor');
  assert.ok(await page.$('.cm-content .tok-keyword, .cm-content span[class]'), 'Go is highlighted');
  assert.equal(await page.isVisible('#feedback'), false, 'no empty feedback frame before a submission');
});

// The statement speaks of starter.go: the page says the editor starts as
// it, names the editor so, and downloads it under that name.
test('the starter the statement speaks of is there to download, and the editor says it starts as it', { skip }, async () => {
  assert.match(await page.textContent('#statement'), /in `?starter\.go/);
  assert.equal(await page.textContent('label[for=source]'), 'Your solution.go (starts as starter.go)');
  assert.equal(await page.getAttribute('.cm-content', 'aria-labelledby'), 'source-label', 'the editor is named by that label');
  await page.getByRole('textbox', { name: 'Your solution.go (starts as starter.go)' }).waitFor();
  assert.equal(await page.textContent('#reset'), 'Back to starter.go');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download starter.go' }).click(),
  ]);
  assert.equal(download.suggestedFilename(), 'starter.go');
  const file = path.join(ART, 'starter.go');
  await download.saveAs(file);
  assert.equal(fs.readFileSync(file, 'utf8'), read('exercises/ra-steps/starter.go'), 'the exercise\'s starter, as it is');
});

// The page says how to leave the editor (Tab indents there) and that
// Ctrl+Enter submits.
test('the keys are said under the editor', { skip }, async () => {
  assert.ok(await page.isVisible('#editor-keys'), 'the hint is shown');
  const keys = (await page.textContent('#editor-keys')).replace(/\s+/g, ' ');
  assert.match(keys, /Esc, then Tab, leaves the editor · Ctrl\+Enter submits/);
  assert.equal(await page.getAttribute('.cm-content', 'aria-describedby'), 'editor-keys', 'the editor names the hint');
  // On a phone's touch screen, with no keyboard, they are not said.
  const ctx = await launch(CHROMIUM, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }, { test: true });
  try {
    const p = await ctx.newPage();
    await p.goto(fx.server.url + 'exercises/ra-steps');
    await p.waitForSelector('.work[data-editor="go"] .cm-editor');
    assert.equal(await p.isVisible('#editor-keys'), false, 'no keys on a touch screen');
    assert.ok(await p.isVisible('#submit'));
  } finally {
    await ctx.close();
  }
});

// Each public schedule opens in the playground, with the playground's
// scenario link (#scenario=, deflate-raw, base64url), in a tab of its own.
test('public schedules open in the playground', { skip }, async () => {
  const links = await page.$$eval('.public a', (as) => as.map((a) => ({
    text: a.textContent, href: a.href, target: a.target, rel: a.rel,
    shown: a.closest('p').nextElementSibling.textContent,
  })));
  const files = fs.readdirSync(path.join(ROOT, 'exercises', 'ra-steps', 'public'));
  assert.equal(links.length, files.length, 'a link per public schedule');
  for (const l of links) {
    // Named by the words it shows, then the schedule's name (label in name).
    assert.match(l.text, /^Open in the playground: \S+$/);
    assert.equal(l.target, '_blank');
    assert.match(l.rel, /\bnoopener\b/);
    assert.ok(l.href.startsWith(fx.server.url + '#scenario='), l.href);
    const text = await page.evaluate(async (href) => {
      const enc = new URLSearchParams(new URL(href).hash.slice(1)).get('scenario');
      const bin = atob(enc.replace(/-/g, '+').replace(/_/g, '/'));
      const bytes = Uint8Array.from(bin, (c) => c.charCodeAt(0));
      const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('deflate-raw'));
      return new Response(stream).text();
    }, l.href);
    assert.equal(text, l.shown, 'the link carries the schedule shown');
  }
  await page.click('.public summary');
  const [popup] = await Promise.all([
    page.context().waitForEvent('page', { timeout: 15000 }),
    page.click('.public a >> nth=0'),
  ]);
  try {
    await popup.waitForLoadState('domcontentloaded');
    assert.equal(popup.url(), links[0].href, 'the playground opens on the schedule, in a tab of its own');
  } finally {
    await popup.close();
  }
  await page.click('.public summary');
});

test('a wrong solution gets a counterexample', { skip }, async () => {
  const html = await submit(mutant('ra-steps', 'no_tie_break'));
  assert.match(await page.textContent('.cm-content'), /no_tie_break|numbers only|RequestedNum/, 'the editor shows the file that was set');
  const status = await page.textContent('#status');
  assert.doesNotMatch(status, /38 \/ 38/);
  // While it waits, the status says where the submission is, with the
  // seconds since it was sent (a long poll answers only on a change).
  assert.ok(seen.some((s) => /^(queued: (\d+ ahead of you|next in line)…|grading…) \d+ s$/.test(s)), `the status while waiting: ${JSON.stringify(seen)}`);
  assert.match(html, /Score: \d+ \/ 38/);
  assert.match(html, /<svg/, 'the counterexample is drawn as a space-time diagram');
  assert.match(html, /#scenario=/, 'with a link that replays it in the playground');
  const frame = page.frameLocator('#feedback');
  await frame.locator('text=failed').first().waitFor();
  await page.screenshot({ path: path.join(ART, '02-counterexample.png'), fullPage: true });
});

// feedback is the feedback frame's document (as Playwright sees it).
const feedback = async () => (await page.$('#feedback')).contentFrame();

// The mutant's feedback opens by pointing to its conformance test, many
// sections down: the pointer is a link that scrolls the page (the frame
// is as tall as the feedback) to that section, without loading anything
// into the frame (its srcdoc's links resolve against the page's address),
// and puts the focus on its heading. On a laptop a long step table is in
// a fold, open, that says how many steps it has.
test('the pointer to the conformance test goes to its section; a long step table is folded open', { skip }, async () => {
  const fb = await feedback();
  const link = fb.locator('a[href^="#test-"]', { hasText: 'conform N=2 R=1' });
  assert.equal(await link.count(), 1, 'the pointer is a link');
  const id = (await link.getAttribute('href')).slice(1);
  assert.match(await fb.textContent(`[id="${id}"]`), /^✗ conform N=2 R=1 /, 'to the conformance test\'s heading');
  await page.evaluate(() => window.scrollTo(0, 0));
  await link.click();
  await page.waitForFunction((i) => {
    const h = document.getElementById('feedback').contentDocument.getElementById(i);
    return Math.abs(h.getBoundingClientRect().top + document.getElementById('feedback').getBoundingClientRect().top) < 4;
  }, id, { timeout: 5000 });
  assert.equal(await fb.evaluate(() => location.href), 'about:srcdoc', 'nothing was loaded into the frame');
  assert.equal(await fb.evaluate(() => document.activeElement?.id), id, 'the heading has the focus');
  assert.ok(await page.evaluate(() => window.scrollY) > 800, 'the page scrolled down to it');
  const fold = await fb.evaluate(() => [...document.querySelectorAll('details')]
    .filter((d) => /^The \d+ steps, a row each$/.test(d.querySelector(':scope > summary').textContent)).map((d) => [d.open, d.querySelector(':scope > table thead')?.textContent.trim().split(/\s+/).slice(0, 3).join()]));
  assert.ok(fold.length > 0, 'a long step table is folded');
  for (const [open, heads] of fold) {
    assert.equal(open, true, 'open on a laptop');
    assert.equal(heads, 'step,node,event', 'the fold holds the step table');
  }
});

// Issue 14, item 8: the replay link opens the playground outside the
// sandboxed frame (which the playground's frame-ancestors 'none' would
// block), and the feedback still cannot run script.
test('"Replay in playground" opens the playground in a window of its own; the feedback runs no script', { skip }, async () => {
  const fb = await feedback();
  // A Go file's schedule replays on the exercise's own algorithm (the
  // playground runs no student Go), and the link says so.
  const link = fb.locator('a', { hasText: "Replay this schedule on the exercise's own algorithm, in the playground" }).first();
  const scenarioURL = await link.getAttribute('href');
  assert.match(scenarioURL, /#scenario=/);
  const [popup] = await Promise.all([
    page.context().waitForEvent('page', { timeout: 15000 }),
    link.click(),
  ]);
  try {
    await popup.waitForLoadState('domcontentloaded');
    assert.equal(popup.url(), scenarioURL, 'the playground opens on the counterexample');
    await popup.waitForSelector('html[data-ready=true]', { timeout: 180000 });
    assert.match(await popup.textContent('body'), /algorithm/, 'the playground shows the scenario');
    // It says whose algorithm runs (not the student's Go), and leads back.
    assert.match(scenarioURL, /&ex=ra-steps$/);
    assert.ok(await popup.isVisible('#replay-note'), 'a note says what the replay is');
    assert.match(await popup.textContent('#replay-note'), /A schedule from your feedback, replayed on ra-benari, the exercise's own algorithm\.\s+Your Go code runs only in the grader/);
    assert.equal(await popup.$eval('#replay-back', (a) => a.href), fx.server.url + 'exercises/ra-steps');
    await popup.screenshot({ path: path.join(ART, '02b-replayed.png') });
    await popup.click('#replay-note-close');
    assert.equal(await popup.isVisible('#replay-note'), false, 'closed');
    // Opened again, it goes with the first run of another algorithm.
    await popup.reload();
    await popup.waitForSelector('html[data-ready=true]', { timeout: 180000 });
    assert.ok(await popup.isVisible('#replay-note'));
    await popup.selectOption('#algo', 'central');
    await popup.waitForFunction(() => document.getElementById('replay-note').hidden);
  } finally {
    await popup.close();
  }
  assert.equal(page.url().includes('#scenario='), false, 'the exercise page stays where it was');

  const sandbox = await page.getAttribute('#feedback', 'sandbox');
  assert.doesNotMatch(sandbox, /allow-scripts/, `sandbox="${sandbox}"`);
  // Feedback that tried to run script (inline, a handler, a javascript:
  // link) changes nothing.
  const saved = await page.$eval('#feedback', (f) => f.srcdoc);
  await page.$eval('#feedback', (f) => new Promise((done) => {
    f.addEventListener('load', done, { once: true });
    f.srcdoc = '<p id=p>x</p><script>parent.document.title="ran"; document.getElementById("p").textContent="ran"</script>'
      + '<img src=x onerror="parent.document.title=\'ran\'"><a id=j href="javascript:parent.document.title=\'ran\'">j</a>';
  }));
  await (await feedback()).click('#j').catch(() => {});
  await page.waitForTimeout(300);
  assert.notEqual(await page.title(), 'ran');
  assert.equal(await (await feedback()).textContent('#p'), 'x');
  await page.$eval('#feedback', (f, s) => new Promise((done) => {
    f.addEventListener('load', done, { once: true });
    f.srcdoc = s;
  }), saved);
});

// Issue 14, item 9: the frame is as tall as its feedback (the page
// scrolls, not a box inside it), and the first failing test, its
// counterexample and its replay link come first.
test('the feedback frame fits its content, the first failure at the top', { skip }, async () => {
  const size = () => page.$eval('#feedback', (f) => f.getBoundingClientRect().height);
  const fb = await feedback();
  const content = await fb.evaluate(() => document.documentElement.scrollHeight);
  const inner = await fb.evaluate(() => window.innerHeight);
  assert.ok(content > 2000, `this feedback is long (${content} px)`);
  assert.ok(inner >= content - 2, `the frame (${inner} px) holds its content (${content} px) without scrolling`);
  // Opening a folded block grows the frame.
  const before = await size();
  await fb.locator('summary', { hasText: 'This run as a scenario' }).first().click();
  await page.waitForFunction((b) => document.getElementById('feedback').getBoundingClientRect().height > b + 20, before, { timeout: 5000 });
  const grown = await fb.evaluate(() => [document.documentElement.scrollHeight, window.innerHeight]);
  assert.ok(grown[1] >= grown[0] - 2, `after opening: frame ${grown[1]} px, content ${grown[0]} px`);
  await fb.locator('summary', { hasText: 'This run as a scenario' }).first().click();
  // A narrower window re-fits.
  await page.setViewportSize({ width: 800, height: 600 });
  await page.waitForTimeout(300);
  const narrow = await fb.evaluate(() => [document.documentElement.scrollHeight, window.innerHeight]);
  assert.ok(narrow[1] >= narrow[0] - 2, `at 800 px wide: frame ${narrow[1]} px, content ${narrow[0]} px`);
  await page.setViewportSize({ width: 1366, height: 800 });
  // In reading order: the summary, then the first failing test with its
  // replay link before its step table, and the table of all tests after.
  const order = await fb.evaluate(() => {
    const y = (el) => (el ? el.getBoundingClientRect().top : -1);
    const h2 = [...document.querySelectorAll('h2')];
    const replay = [...document.querySelectorAll('a')].find((a) => a.textContent.includes('Replay this'));
    const steps = [...document.querySelectorAll('h3')].find((h) => h.textContent.includes('Step by step'));
    const all = h2.find((h) => /All tests/.test(h.textContent));
    return { first: h2[0]?.textContent, replay: y(replay), steps: y(steps), all: y(all) };
  });
  assert.match(order.first, /^✗ /, `the first section is a failing test: ${order.first}`);
  assert.ok(order.replay > 0 && order.replay < order.steps, `replay link (${order.replay}) before the step table (${order.steps})`);
  assert.ok(order.replay < 700, `the replay link is near the top (${order.replay} px)`);
  assert.ok(order.all > order.steps, 'the table of all tests comes after the failures');
  await page.$eval('#feedback', (f) => f.scrollIntoView());
  await page.screenshot({ path: path.join(ART, '02c-feedback-top.png') });
});

// At a phone's 390 px the feedback (a card inside the page's card) keeps
// most of the width: the nested margins shrink; its tables and diagram
// scroll in their own boxes, never the page.
test('at 390 px wide the feedback uses the screen, and the page does not scroll sideways', { skip }, async () => {
  await page.setViewportSize({ width: 390, height: 800 });
  try {
    await page.waitForTimeout(300);
    const fb = await feedback();
    const width = await fb.evaluate(() => {
      const m = document.querySelector('main');
      const cs = getComputedStyle(m);
      return m.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
    });
    assert.ok(width >= 320, `the feedback's text is ${width} px wide at 390 px`);
    const page_ = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
    assert.ok(page_[0] <= page_[1], `the page is ${page_[0]} px wide in a ${page_[1]} px window`);
    await page.$eval('#feedback', (f) => f.scrollIntoView());
    await page.screenshot({ path: path.join(ART, '02d-feedback-390.png') });
  } finally {
    await page.setViewportSize({ width: 1366, height: 800 });
  }
});

// Issue 14, item 10: on the web the feedback offers the replay link and
// a download of the schedule, never a command to run.
test('web feedback offers a replay and a download, not dmelab run', { skip }, async () => {
  const fb = await feedback();
  const text = await fb.textContent('body');
  assert.doesNotMatch(text, /dmelab run/);
  const dl = fb.locator('a[download]').first();
  const name = await dl.getAttribute('download');
  assert.match(name, /\.scn$/);
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 15000 }), dl.click()]);
  assert.equal(download.suggestedFilename(), name);
  // Saved where the screenshots go (path() is not there when the
  // browser is run.mjs's, which this process only connects to).
  const saved = path.join(ART, name);
  await download.saveAs(saved);
  const file = fs.readFileSync(saved, 'utf8');
  assert.match(file, /^algorithm /m, 'the download is the scenario');
  // It is the same run the replay link replays.
  const shown = await fb.locator('pre code.language-scenario').first().textContent();
  assert.equal(file.trim(), shown.trim());
});

test('the reference solution gets full marks, and the history keeps both', { skip }, async () => {
  await submit(read('exercises/ra-steps/solution.go'));
  assert.match(await page.textContent('#status'), /graded: 38 \/ 38/);
  const items = await page.$$eval('#history li', (li) => li.map((x) => x.textContent));
  assert.equal(items.length, 2, `history: ${items}`);
  assert.match(items[0], /38 \/ 38/, 'newest first');
  await page.screenshot({ path: path.join(ART, '03-full-marks.png'), fullPage: true });
});

// The feedback shown is labelled with its submission; an older one's
// feedback says it is older and offers its code, which goes into the
// editor only when asked, setting the student's draft aside (never lost);
// after a reload the latest submission's feedback is shown.
test('the feedback names its submission; an older one\'s code comes back only when asked', { skip }, async () => {
  const solution = read('exercises/ra-steps/solution.go');
  const wrong = mutant('ra-steps', 'no_tie_break');
  const label = () => page.textContent('#shown-label');
  const current = () => page.$$eval('#history a', (as) => as.map((a) => a.getAttribute('aria-current')));
  const time = /^Submission of \d{1,2}:\d\d:\d\d(?:\s?[AP]M)? — /;
  assert.match(await label(), time);
  assert.match(await label(), / — 38 \/ 38$/);
  assert.deepEqual(await current(), ['true', null], 'the newest is marked as shown');
  assert.equal(await page.isVisible('#load-code'), false, 'the editor holds this code already');

  // The older one: its feedback, labelled, and the editor unchanged.
  await page.click('#history li:nth-child(2) a');
  await page.waitForFunction(() => /— \d+ \/ 38$/.test(document.getElementById('shown-label').textContent)
    && !/38 \/ 38$/.test(document.getElementById('shown-label').textContent)
    && /^graded: /.test(document.getElementById('status').textContent));
  const older = await label();
  assert.match(older, time);
  assert.match(await page.textContent('#shown-note'), /older submission/);
  assert.deepEqual(await current(), [null, 'true']);
  assert.match(await page.getAttribute('#feedback', 'title'), /^Feedback: Submission of /);
  assert.match(await page.$eval('#feedback', (f) => f.srcdoc), new RegExp(`Score: ${older.match(/(\d+) \/ 38$/)[1]} / 38`));
  assert.equal(await page.inputValue('#source'), solution, 'the editor still holds the newest code');

  // A draft, typed in the editor, then the older code put there: the
  // draft is set aside and comes back.
  await page.click('.cm-content');
  await page.keyboard.press('Control+End');
  await page.keyboard.type('// my draft');
  const draft = await page.inputValue('#source');
  assert.notEqual(draft, solution);
  assert.equal(await page.isVisible('#asides'), false);
  await page.click('#load-code');
  assert.equal(await page.inputValue('#source'), wrong, "the older submission's code is in the editor");
  assert.equal(await page.isVisible('#load-code'), false);
  assert.ok(await page.isVisible('#asides'), 'the draft is set aside');
  await page.click('#asides button');
  assert.equal(await page.inputValue('#source'), draft, 'the draft is back');
  assert.equal(await page.isVisible('#asides'), false, "the older code is kept with its submission, not set aside");
  await page.screenshot({ path: path.join(ART, '03b-older-submission.png'), fullPage: true });

  // After a reload: the latest submission's feedback, labelled; the draft.
  await page.reload();
  await page.waitForFunction(() => /^graded: 38 \/ 38$/.test(document.getElementById('status').textContent), null, { timeout: 30000 });
  assert.match(await label(), / — 38 \/ 38$/);
  assert.ok(await page.isVisible('#feedback'));
  assert.match(await page.$eval('#feedback', (f) => f.srcdoc), /Score: 38 \/ 38/);
  assert.deepEqual(await current(), ['true', null]);
  await page.waitForSelector('.work[data-editor="go"] .cm-editor');
  assert.equal(await page.inputValue('#source'), draft);
  await page.evaluate((t) => { document.getElementById('source').value = t; }, solution);
});

// Ctrl+Enter in the editor submits (and inserts no line there). The
// file differs from every one submitted before (the same code again
// would only show that submission's feedback: history.test.mjs).
test('Ctrl+Enter submits', { skip }, async () => {
  const before = await page.$$eval('#history li', (li) => li.length);
  await page.evaluate((t) => { const s = document.getElementById('source'); s.value = t; s.dispatchEvent(new Event('input')); },
    `${read('exercises/ra-steps/solution.go')}\n// Ctrl+Enter ${Date.now()}\n`);
  const text = await page.inputValue('#source');
  await page.click('.cm-content');
  const [request] = await Promise.all([
    page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/submissions'), { timeout: 10000 }),
    page.keyboard.press('Control+Enter'),
  ]);
  assert.equal(JSON.parse(request.postData()).source, text);
  await page.waitForFunction(() => /^(not )?graded:/.test(document.getElementById('status').textContent), null, { timeout: GRADE });
  assert.equal(await page.inputValue('#source'), text, 'no line was inserted');
  assert.equal(await page.$$eval('#history li', (li) => li.length), before + 1);
});

test('hidden schedules are named, never shown as files', { skip }, async () => {
  const html = await page.content();
  for (const name of fs.readdirSync(path.join(ROOT, 'exercises', 'ra-steps', 'hidden'))) {
    const base = name.replace(/\.\w+$/, '');
    assert.ok(!html.includes(base + '.scn'), `the page names hidden file ${name}`);
  }
});

// Issue 14, item 11: a file that does not compile is not graded: the
// page says so (not "0 / 38") and marks the compiler's positions in the
// editor.
test('a compile error is "not graded", its positions marked in the editor', { skip }, async () => {
  const good = read('exercises/ra-steps/solution.go');
  const lines = good.split('\n');
  const at = lines.findIndex((l) => /^func /.test(l)) + 1; // the first line of a function body
  lines.splice(at, 0, '\tnotDeclaredAnywhere()');
  const html = await submit(lines.join('\n'));
  const status = await page.textContent('#status');
  assert.match(status, /not graded: your code does not compile/);
  assert.doesNotMatch(status, /0 \/ 38/);
  assert.match(html, /does not compile/);
  const items = await page.$$eval('#history li', (li) => li.map((x) => x.textContent));
  assert.match(items[0], /does not compile/, `history: ${items[0]}`);
  assert.doesNotMatch(items[0], /0 \/ 38/);
  await page.waitForSelector('.cm-lintRange-error');
  assert.equal(await page.textContent('.cm-lintRange-error'), 'notDeclaredAnywhere');
  const marked = await page.$$eval('.cm-gutter-lint .cm-gutterElement', (els) => els.filter((e) => e.querySelector('.cm-lint-marker-error')).length);
  assert.equal(marked, 1, 'one line is marked in the gutter');
  await page.hover('.cm-lintRange-error');
  await page.waitForSelector('.cm-tooltip-lint', { timeout: 5000 });
  assert.match(await page.textContent('.cm-tooltip-lint'), /undefined: notDeclaredAnywhere/);
  await page.screenshot({ path: path.join(ART, '04-compile-error.png'), fullPage: true });
  // The next submission clears the marks (a file not submitted before).
  await submit(`${good}\n// compiles ${Date.now()}\n`);
  assert.equal(await page.$('.cm-lintRange-error'), null);
});

// The catalogue says why an exercise has no score: its only submission
// (the one above, as this page recorded it) did not compile.
test('the catalogue says a submission that did not compile is not graded, not "not graded yet"', { skip }, async () => {
  const history = await page.evaluate(() => JSON.parse(localStorage.getItem('dmelab.submissions.ra-steps')));
  const failed = history.filter((s) => /does not compile/.test(s.score));
  assert.equal(failed.length, 1, JSON.stringify(history));
  await page.goto(fx.server.url + 'exercises/');
  const other = await page.$$eval('td.best', (tds) => tds.map((t) => t.dataset.exercise).find((n) => n !== 'ra-steps'));
  await page.evaluate(([n, h]) => localStorage.setItem(`dmelab.submissions.${n}`, JSON.stringify(h)), [other, failed]);
  await page.reload();
  assert.equal(await page.textContent(`td.best[data-exercise="${other}"]`), 'not graded: 1 submission did not compile');
  await page.evaluate((n) => localStorage.removeItem(`dmelab.submissions.${n}`), other);
  await page.goto(fx.server.url + 'exercises/ra-steps');
});

// Issue 14 item 7: the exercise pages name the favicon (Chromium asked for
// /favicon.ico, a 404), and /favicon.ico is served too.
test('the exercise pages have a favicon', { skip }, async () => {
  const p = await fx.browser.newPage();
  try {
    for (const u of ['exercises/', 'exercises/ra-steps']) {
      await p.goto(fx.server.url + u);
      const icons = await p.$$eval('link[rel~=icon]', (ls) => ls.map((l) => l.href));
      assert.ok(icons.length > 0, `${u} names an icon`);
      for (const icon of [...icons, new URL('/favicon.ico', fx.server.url).href]) {
        const r = await p.evaluate(async (i) => { const r = await fetch(i); return { status: r.status, type: r.headers.get('content-type') }; }, icon);
        assert.equal(r.status, 200, icon);
        assert.match(r.type, /^image\//, icon);
      }
    }
  } finally {
    await p.close();
  }
});

// typeInEditor types text at the end of the page's editor, as a student
// does.
async function typeInEditor(p, text) {
  await p.click('.cm-content');
  await p.keyboard.press('Control+End');
  await p.keyboard.type(text);
}

// The history is found without scrolling past the feedback (which runs
// to many screens for a starter): it comes between the Submit button and
// the feedback, its newest five listed and a button showing the others.
test('the history of submissions comes before the feedback, the newest five listed', { skip }, async () => {
  await page.goto(fx.server.url + 'exercises/ra-steps');
  await page.waitForFunction(() => /^graded: /.test(document.getElementById('status').textContent), null, { timeout: 60000 });
  const real = await page.evaluate(() => JSON.parse(localStorage.getItem('dmelab.submissions.ra-steps')));
  // Older submissions, as an earlier session recorded them (listed, not shown).
  const old = Array.from({ length: 6 }, (_, i) => ({ id: `0${i}`.padEnd(32, 'a'), at: Date.now() - 86400000 * (i + 2), status: 'done', score: `${i} / 38`, points: i, max: 38 }));
  await page.evaluate((all) => localStorage.setItem('dmelab.submissions.ra-steps', JSON.stringify(all)), [...old, ...real]);
  await page.reload();
  await page.waitForFunction(() => /^graded: /.test(document.getElementById('status').textContent), null, { timeout: 60000 });
  const y = (sel) => page.$eval(sel, (el) => el.getBoundingClientRect().top + scrollY);
  assert.ok(await y('#history') > await y('#submit'), 'the history is under the Submit button');
  assert.ok(await y('#history') < await y('#feedback'), 'and above the feedback');
  const total = old.length + real.length;
  const visible = () => page.$$eval('#history li', (li) => li.filter((x) => !x.hidden).length);
  assert.equal(await page.$$eval('#history li', (li) => li.length), total, 'every submission is in the list');
  assert.equal(await visible(), 5, 'the newest five are shown');
  const more = page.getByRole('button', { name: `Show ${total - 5} older submissions` });
  assert.equal(await more.getAttribute('aria-expanded'), 'false');
  await more.click();
  assert.equal(await visible(), total, 'the button shows the others');
  assert.equal(await page.getAttribute('#history-more', 'aria-expanded'), 'true');
  await page.click('#history-more');
  assert.equal(await visible(), 5);
  assert.equal(await page.$eval('#history li:first-child a', (a) => getComputedStyle(a, '::after').content), '" (shown below)"');
  await page.evaluate((all) => localStorage.setItem('dmelab.submissions.ra-steps', JSON.stringify(all)), real);
  await page.reload();
  await page.waitForSelector('.work[data-editor="go"] .cm-editor');
});

// "Back to starter.go" never loses the student's file, whatever it is (a
// draft, or the code of a submission): it is set aside, and a button
// puts it back.
test('"Back to starter.go" sets the file aside, and a button puts it back', { skip }, async () => {
  const starter = read('exercises/ra-steps/starter.go');
  const accept = (d) => d.accept(); // the page asked once: yes, as a hurried student answers
  page.on('dialog', accept);
  if (await page.isVisible('#load-code')) await page.click('#load-code'); // the last submission's code
  await page.evaluate(() => localStorage.removeItem('dmelab.aside.ra-steps'));
  await page.reload();
  await page.waitForSelector('.work[data-editor="go"] .cm-editor');
  try {
    for (const edit of [true, false]) { // a draft; then the code of the submission shown, unchanged
      if (!edit) await page.click('#load-code'); // the last submission's code, in place of the draft
      if (edit) await typeInEditor(page, '\n// my work in progress\n');
      const mine = await page.inputValue('#source');
      assert.notEqual(mine, starter);
      await page.click('#reset');
      assert.equal(await page.inputValue('#source'), starter, 'the starter is in the editor');
      assert.ok(await page.isVisible('#asides'), `the file is set aside (${edit ? 'a draft' : "a submission's code"})`);
      assert.equal(await page.$$eval('#asides li', (li) => li.length), edit ? 1 : 2, 'one more file set aside');
      assert.match(await page.textContent('#status'), /set aside/);
      await page.click('#asides li:first-child button');
      assert.equal(await page.inputValue('#source'), mine, 'the button puts it back');
      await page.reload();
      await page.waitForSelector('.work[data-editor="go"] .cm-editor');
      assert.equal(await page.inputValue('#source'), mine, 'and it is the draft after a reload');
    }
  } finally {
    page.off('dialog', accept);
  }
});

// Two tabs of one exercise share its draft: what one tab typed is set
// aside, not lost, when the other tab writes over it.
test('typing in a second tab of the exercise sets the first tab\'s file aside', { skip }, async () => {
  await page.evaluate(() => localStorage.removeItem('dmelab.aside.ra-steps'));
  const other = await fx.newPage();
  try {
    await other.goto(fx.server.url + 'exercises/ra-steps');
    await other.waitForSelector('.work[data-editor="go"] .cm-editor');
    await typeInEditor(page, '\n// typed in the first tab\n');
    const first = await page.inputValue('#source');
    await typeInEditor(other, '\n// typed in the second tab\n');
    assert.doesNotMatch(await other.inputValue('#source'), /first tab/);
    await other.waitForSelector('#asides:not([hidden])', { timeout: 5000 });
    await other.click('#asides li:first-child button');
    assert.equal(await other.inputValue('#source'), first, "the first tab's file comes back");
  } finally {
    await other.close();
  }
  await page.reload();
  await page.waitForSelector('.work[data-editor="go"] .cm-editor');
});

// An empty file (or only spaces) is not sent: the page says it is empty
// and how to get the starter back, not the API's words.
test('an empty file is not sent, and the page says why', { skip }, async () => {
  const kept = await page.inputValue('#source');
  const posts = [];
  const onRequest = (r) => { if (r.method() === 'POST' && r.url().endsWith('/api/submissions')) posts.push(r); };
  page.on('request', onRequest);
  try {
    for (const text of ['', '  \n\t\n']) {
      await page.evaluate((t) => { const s = document.getElementById('source'); s.value = t; s.dispatchEvent(new Event('input')); }, text);
      await page.click('#submit');
      await page.waitForTimeout(500);
      assert.equal(await page.textContent('#status'), 'Your solution.go is empty: there is nothing to grade. "Back to starter.go" puts the starter in the editor.');
    }
    assert.equal(posts.length, 0, 'nothing was sent');
    // Back to the starter from an empty file: nothing to set aside, and
    // the page does not say there is.
    const asides = await page.$$eval('#asides li', (li) => li.length);
    await page.click('#reset');
    assert.equal(await page.inputValue('#source'), read('exercises/ra-steps/starter.go'));
    assert.equal(await page.textContent('#status'), 'The editor holds starter.go again.');
    assert.equal(await page.$$eval('#asides li', (li) => li.length), asides, 'nothing more set aside');
  } finally {
    page.off('request', onRequest);
    await page.evaluate((t) => { const s = document.getElementById('source'); s.value = t; s.dispatchEvent(new Event('input')); }, kept);
  }
});

// Submitting from the keyboard: the focus stays on Submit while the file
// is graded and after (a disabled button would drop it to the page's
// start), and pressing Enter again meanwhile sends nothing more.
test('a submission from the keyboard keeps the focus on Submit; a second Enter sends nothing', { skip }, async () => {
  await page.evaluate((t) => { const s = document.getElementById('source'); s.value = t; s.dispatchEvent(new Event('input')); },
    `${read('exercises/ra-steps/solution.go')}\nvar keyboard = ${Date.now()}\n`);
  let posts = 0;
  const onRequest = (r) => { if (r.method() === 'POST' && r.url().endsWith('/api/submissions')) posts++; };
  page.on('request', onRequest);
  try {
    await page.focus('#submit');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    assert.equal(await page.evaluate(() => document.activeElement.id), 'submit', 'the focus is on Submit while it sends');
    await page.waitForFunction(() => /^(not )?graded:/.test(document.getElementById('status').textContent), null, { timeout: GRADE });
    assert.equal(await page.evaluate(() => document.activeElement.id), 'submit', 'and after');
    assert.equal(posts, 1, 'one submission');
  } finally {
    page.off('request', onRequest);
  }
});

// A connection that drops while the page waits for a grading (or a proxy
// that answers 502 for a server restarting) does not end the wait: the
// page says it lost contact, asks again, and shows the feedback. (In a
// context of its own without service workers: the playground's, which
// the replay links opened, would fetch the polls past page.route.)
test('a dropped connection while waiting: the page asks again and shows the feedback', { skip }, async () => {
  const ctx = await launch(CHROMIUM, { serviceWorkers: 'block' }, { test: true });
  try {
    const p = await ctx.newPage();
    p.setDefaultTimeout(60000);
    await p.goto(fx.server.url + 'exercises/ra-steps');
    await p.waitForSelector('.work[data-editor="go"] .cm-editor');
    await p.evaluate((t) => { const s = document.getElementById('source'); s.value = t; s.dispatchEvent(new Event('input')); },
      `${mutant('ra-steps', 'keeps_flag')}\nvar dropped = ${Date.now()}\n`);
    const answers = ['abort', 'abort', 502];
    await p.route((u) => /\/api\/submissions\/[0-9a-f]{32}$/.test(u.pathname) && u.searchParams.has('wait'), async (route) => {
      const a = answers.shift();
      if (a === 'abort') return route.abort('connectionreset');
      if (a) return route.fulfill({ status: a, contentType: 'text/html', body: '<h1>502 Bad Gateway</h1>' });
      return route.continue();
    });
    await p.evaluate(() => {
      window.statusSeen = [];
      const st = document.getElementById('status');
      new MutationObserver(() => window.statusSeen.push(st.textContent)).observe(st, { childList: true, characterData: true, subtree: true });
    });
    await p.click('#submit');
    await p.waitForFunction(() => /^graded: \d+ \/ 38$/.test(document.getElementById('status').textContent), null, { timeout: 45000 });
    assert.equal(answers.length, 0, 'every failed answer was met');
    const seen = await p.evaluate(() => window.statusSeen);
    assert.ok(seen.some((t) => /^lost contact with the server .*asking again in \d+ s…$/.test(t)), JSON.stringify(seen));
    const latest = await p.evaluate(() => JSON.parse(localStorage.getItem('dmelab.submissions.ra-steps')).at(-1));
    assert.match(latest.score, /^\d+ \/ 38$/, 'the history has its score');
    assert.ok(await p.isVisible('#feedback'));
  } finally {
    await ctx.close();
  }
});

// The status of a file that did not compile speaks of positions below
// only when they are listed there: the editor holds that file (after a
// reload with another draft it does not, until "Put this code in the
// editor").
test('a file that did not compile: the status points to positions only when they are listed', { skip }, async () => {
  const bad = read('exercises/ra-steps/solution.go').replace(/return a < b/, 'return a <');
  await submit(`${bad}\n// positions ${Date.now()}\n`);
  const status = () => page.textContent('#status');
  assert.match(await status(), /see the positions below/);
  assert.ok(await page.isVisible('#problems'));
  await typeInEditor(page, '\n// another try\n');
  await page.reload();
  await page.waitForFunction(() => /^not graded: /.test(document.getElementById('status').textContent), null, { timeout: 30000 });
  assert.equal(await page.isVisible('#problems'), false, 'the editor holds another file: no positions');
  assert.equal(await status(), 'not graded: your code does not compile (nothing was run: see the feedback below)');
  await page.click('#load-code');
  assert.ok(await page.isVisible('#problems'), "with that file's code in the editor, its positions are listed");
  assert.match(await status(), /see the positions below/);
  await page.waitForSelector('.cm-lintRange-error');
});

// A submission whose answer is lost (the connection dropped after the
// server took it, or the page was reloaded before the answer came) is
// sent again with the same Idempotency-Key: the server answers the same
// id, and the history holds it once, with its result. (A context of its
// own without service workers, as above.)
test('a submission whose answer was lost is sent again, kept once in the history', { skip }, async () => {
  const ctx = await launch(CHROMIUM, { serviceWorkers: 'block' }, { test: true });
  try {
    const p = await ctx.newPage();
    p.setDefaultTimeout(60000);
    await p.goto(fx.server.url + 'exercises/ra-steps');
    await p.waitForSelector('.work[data-editor="go"] .cm-editor');
    const history = () => p.evaluate(() => JSON.parse(localStorage.getItem('dmelab.submissions.ra-steps') || '[]'));
    const post = (u) => u.pathname === '/api/submissions';
    for (const lose of ['connection', 'reload']) {
      await p.evaluate((t) => { const s = document.getElementById('source'); s.value = t; s.dispatchEvent(new Event('input')); },
        `${mutant('ra-steps', 'no_plus_one')}\nvar lost = "${lose} ${Date.now()}"\n`);
      const keys = [];
      let first = null; // the id the server gave, in the answer the page never saw
      let hold = null;
      const handler = async (route) => {
        keys.push(route.request().headers()['idempotency-key']);
        if (first) return route.continue();
        const res = await route.fetch();
        first = (await res.json()).id;
        if (lose === 'connection') return route.abort('connectionreset');
        hold = route; // the answer never comes: the student reloads
      };
      await p.route(post, handler);
      const before = (await history()).length;
      await p.click('#submit');
      if (lose === 'reload') {
        await p.waitForFunction(() => document.getElementById('status').textContent === 'sending…');
        await new Promise((done) => { const t = setInterval(() => { if (hold) { clearInterval(t); done(); } }, 50); });
        await p.reload();
      }
      await p.waitForFunction(() => /^graded: \d+ \/ 38$/.test(document.getElementById('status').textContent), null, { timeout: 45000 });
      await p.unroute(post, handler);
      const after = await history();
      assert.equal(after.length, before + 1, `${lose}: one more submission in the history`);
      assert.equal(after.at(-1).id, first, `${lose}: the one the server took first`);
      assert.match(after.at(-1).score, /^\d+ \/ 38$/);
      assert.equal(keys.length, 2, `${lose}: sent twice`);
      assert.match(keys[0], /^[0-9a-f]{32}$/);
      assert.equal(keys[1], keys[0], `${lose}: with the same Idempotency-Key`);
      assert.equal(await p.evaluate(() => localStorage.getItem('dmelab.pending.ra-steps')), null, 'nothing is left pending');
    }
  } finally {
    await ctx.close();
  }
});
