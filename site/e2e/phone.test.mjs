// Browser tests of the playground on a phone's 390×844 screen with six
// nodes: the space-time diagram is drawn at a size one can read (no text
// under 11 px) and scrolls sideways inside its panel to the rest of it,
// never the page; the pseudocode's node marks stay apart and legible; and
// on a laptop's screen the diagram is drawn as it always was. Then an
// exercise's feedback (served by dmelab serve) on a 375 px phone: its
// tables' rows are cards, each cell labelled with its column's header,
// and nothing scrolls sideways; on a laptop they are tables still.
//
// Run: node site/e2e/run.mjs site/e2e/phone.test.mjs (after make site).

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { ART, ROOT, playground, skip } from './harness.mjs';
import { mutant, served, submit } from './serve.mjs';

const pg = playground();
const { pageErrors } = pg;
const ex = served();

before(() => Promise.all([pg.start(), ex.start()]));
after(() => Promise.all([pg.stop(), ex.stop()]));

const PHONE = { width: 390, height: 844 };
const SEED001 = skip ? '' : fs.readFileSync(path.join(ROOT, 'algorithms', 'scenario', 'testdata', 'seed001.scn'), 'utf8');
const scenario = (text, at) => `#scenario=${zlib.deflateRawSync(Buffer.from(text)).toString('base64url')}&at=${at}`;

// withPage runs f on a page of its own at the viewport given, opened at
// the playground's address with hash, ready; closed after.
async function withPage(viewport, hash, f) {
  const p = await pg.newPage();
  await p.setViewportSize(viewport);
  try {
    await p.goto(pg.server.url + hash);
    await p.waitForSelector('html[data-ready=true]', { timeout: 180000 });
    return await f(p);
  } finally {
    await p.close();
  }
}

// diagram measures the diagram on screen: every text's font size as
// drawn (its CSS size times the drawing's scale), the panel's and the
// page's widths, and the boxes of the node names and step texts with the
// panel scrolled to its left end and to its right end.
const diagram = (p) => p.evaluate(() => {
  const wrap = document.getElementById('diagram-wrap');
  const svg = document.getElementById('diagram');
  const scale = svg.getBoundingClientRect().width / Number(svg.getAttribute('viewBox').split(' ')[2]);
  const texts = [...svg.querySelectorAll('text')].filter((t) => t.textContent.trim() !== '');
  const sizes = texts.map((t) => ({ text: t.textContent, cls: t.getAttribute('class'), px: parseFloat(getComputedStyle(t).fontSize) * scale }));
  const boxes = (sel) => [...svg.querySelectorAll(sel)].map((t) => { const b = t.getBoundingClientRect(); return { text: t.textContent, left: b.left, right: b.right }; });
  const panel = () => { const b = wrap.getBoundingClientRect(); return { left: b.left + wrap.clientLeft, right: b.left + wrap.clientLeft + wrap.clientWidth }; };
  wrap.scrollLeft = 0;
  const atLeft = { panel: panel(), names: boxes('text.node-name') };
  wrap.scrollLeft = wrap.scrollWidth;
  const atRight = { panel: panel(), texts: boxes('text.evtext'), names: boxes('text.node-name') };
  wrap.scrollLeft = 0;
  return {
    scale, sizes, atLeft, atRight,
    page: document.documentElement.scrollWidth,
    wrap: { width: wrap.clientWidth, scroll: wrap.scrollWidth, right: wrap.getBoundingClientRect().right },
    drawn: svg.getBoundingClientRect().width,
  };
});

const inside = (b, panel) => b.left >= panel.left - 1 && b.right <= panel.right + 1;

for (const [what, hash, names] of [
  ['seed 001\'s worked example', () => scenario(SEED001, 13), ['N3', 'N5', 'N6', 'N12', 'N32', 'N80']],
  ['ra-benari, N=6', () => '#algo=ra-benari&n=6&r=1&app=0', null],
  ['maekawa, N=6', () => '#algo=maekawa&n=6&r=1&app=0', null],
]) {
  test(`${what} on a phone: the diagram's text is at least 11 px, and the whole diagram is in reach`, { skip }, async () => {
    await withPage(PHONE, hash(), async (p) => {
      if (!names) {
        // A run of the settings: to its end, then back to its 8th step.
        await p.getByRole('button', { name: 'Run to the end' }).click();
        await p.getByRole('button', { name: 'Start: go to the initial state' }).click();
        for (let i = 0; i < 8; i++) await p.getByRole('button', { name: 'Step forward' }).click();
      }
      const d = await diagram(p);
      assert.equal(d.atLeft.names.length, 6, 'six columns');
      if (names) assert.deepEqual(d.atLeft.names.map((n) => n.text), names);
      const least = d.sizes.reduce((a, b) => (b.px < a.px ? b : a));
      assert.ok(least.px >= 11, `no text drawn under 11 px: "${least.text}" (${least.cls}) is ${least.px.toFixed(1)} px, the drawing at ${d.scale.toFixed(2)} of its size`);
      // It is wider than the screen: it scrolls sideways inside its panel,
      // the page does not, and all of it can be scrolled to.
      assert.ok(d.page <= PHONE.width, `the page is ${d.page} px wide`);
      assert.ok(d.wrap.right <= PHONE.width, `the diagram's panel ends at ${d.wrap.right} px`);
      assert.ok(d.wrap.scroll > d.wrap.width, `the diagram scrolls sideways (${d.wrap.scroll} px in ${d.wrap.width})`);
      assert.ok(Math.abs(d.wrap.scroll - d.drawn) <= 1, `the panel scrolls to the diagram's right edge (${d.wrap.scroll} of ${d.drawn} px)`);
      assert.ok(inside(d.atLeft.names[0], d.atLeft.panel), `scrolled to its left, the first node's name is in view: ${JSON.stringify(d.atLeft)}`);
      const cut = d.atRight.texts.filter((t) => !inside(t, d.atRight.panel));
      assert.deepEqual(cut, [], 'scrolled to its right, every step\'s text is in view, none cut');
      assert.match(await p.textContent('#diagram-more:not([hidden])'), /scroll the diagram sideways/, 'a line says the diagram scrolls sideways');
      // Scrolled sideways, a click on a row still goes to that row.
      await p.evaluate(() => { const w = document.getElementById('diagram-wrap'); w.scrollLeft = w.scrollWidth; });
      const row = p.locator('#diagram rect.rowhit[data-step="5"]');
      await row.scrollIntoViewIfNeeded();
      const box = await row.boundingBox();
      await p.mouse.click(PHONE.width - 40, box.y + box.height / 2);
      assert.match(await p.textContent('#position span'), /^step 5 of \d+$/);
      await p.locator('#diagram-wrap').screenshot({ path: path.join(ART, `80-phone-diagram-${what.replace(/\W+/g, '-')}.png`) });
    });
    assert.deepEqual(pageErrors, []);
  });
}

// Stepping on a phone keeps the current row in sight: when a step would
// move it below the screen, the run's panel comes to the top, its Step
// button with it.
test('seed 001 on a phone: each step\'s row is on screen, and so is Step', { skip }, async () => {
  await withPage(PHONE, scenario(SEED001, 0), async (p) => {
    for (let k = 1; k <= 14; k++) {
      await p.getByRole('button', { name: 'Step forward' }).click();
      const seen = await p.evaluate((i) => {
        const r = document.querySelector(`#diagram rect.rowhit[data-step="${i}"]`).getBoundingClientRect();
        const b = document.getElementById('step').getBoundingClientRect();
        return { row: r.top + r.height / 2, step: b.top, h: window.innerHeight };
      }, k);
      assert.ok(seen.row > 0 && seen.row < seen.h, `step ${k}'s row is on screen: ${JSON.stringify(seen)}`);
      assert.ok(seen.step >= 0 && seen.step < seen.h, `and Step is: ${JSON.stringify(seen)}`);
    }
  });
  assert.deepEqual(pageErrors, []);
});

// marks measures the pseudocode's node marks: each line's marks (boxes,
// font size) and its code's box.
const marks = (p) => p.$$eval('#listing .ln', (ls) => ls.filter((l) => l.querySelector('.tag-node')).map((l) => {
  const r = (e) => { const b = e.getBoundingClientRect(); return { x1: b.left, y1: b.top, x2: b.right, y2: b.bottom }; };
  const tags = [...l.querySelectorAll('.tag-node')];
  return {
    line: l.querySelector('.src').textContent.trim(),
    code: r(l.querySelector('.src')),
    tags: tags.map((t) => ({ name: t.textContent, px: parseFloat(getComputedStyle(t).fontSize), ...r(t) })),
  };
}));
const overlap = (a, b) => Math.min(a.x2, b.x2) - Math.max(a.x1, b.x1) > 0.5 && Math.min(a.y2, b.y2) - Math.max(a.y1, b.y1) > 0.5;

test('seed 001 on a phone: the pseudocode\'s node marks are legible, apart, and at most two rows a line', { skip }, async () => {
  await withPage(PHONE, scenario(SEED001, 13), async (p) => {
    const ls = await marks(p);
    const all = ls.flatMap((l) => l.tags);
    assert.ok(all.length >= 12, `many marks at step 13 (${all.length})`);
    for (const l of ls) {
      const rows = new Set(l.tags.map((t) => Math.round(t.y1))).size;
      assert.ok(rows <= 2, `"${l.line}": its ${l.tags.length} marks stand in ${rows} rows`);
    }
    for (const l of ls) {
      for (const t of l.tags) {
        assert.ok(t.px >= 11, `"${l.line}": ${t.name}'s mark is ${t.px} px`);
        assert.ok(t.x1 >= 0 && t.x2 <= PHONE.width, `"${l.line}": ${t.name}'s mark is on screen (${t.x1}–${t.x2})`);
        assert.ok(!overlap(t, l.code), `"${l.line}": ${t.name}'s mark covers the code`);
      }
    }
    for (let i = 0; i < all.length; i++) {
      for (let j = i + 1; j < all.length; j++) assert.ok(!overlap(all[i], all[j]), `${all[i].name}'s and ${all[j].name}'s marks overlap`);
    }
    await p.locator('#listing-panel').screenshot({ path: path.join(ART, '81-phone-pseudocode.png') });
  });
  assert.deepEqual(pageErrors, []);
});

// A laptop's screen is as it was: the diagram fits its panel at its own
// size, its small words at 10 px, and the marks stand beside their lines.
test('seed 001 on a laptop: the diagram fits its panel at its own size, the marks beside their lines', { skip }, async () => {
  await withPage({ width: 1366, height: 800 }, scenario(SEED001, 13), async (p) => {
    const d = await diagram(p);
    assert.equal(d.scale, 1);
    assert.equal(d.wrap.scroll, d.wrap.width, 'no scrolling sideways');
    assert.equal(await p.isVisible('#diagram-more'), false, 'nor a line that says so');
    assert.equal(d.sizes.find((s) => s.cls === 'node-phase').px, 10);
    assert.equal(d.sizes.find((s) => s.cls === 'evtext').px, 12);
    for (const l of await marks(p)) {
      for (const t of l.tags) assert.ok(t.x2 <= l.code.x1 && t.y1 < l.code.y2, `"${l.line}": ${t.name}'s mark is left of the code`);
    }
  });
  assert.deepEqual(pageErrors, []);
});

// Wider than a phone, the marks stand in a column left of their lines,
// as wide as the widest line's marks need (up to four a row): three or
// four nodes on one line, or two with long names (N12, N80), are one
// row of marks, not "N1 N2" over "N3"; the code starts right of them.
for (const [what, hash, most] of [
  ['ra-benari, N=3', () => '#algo=ra-benari&n=3&r=1&app=0', 3],
  ['maekawa, N=4', () => '#algo=maekawa&n=4&r=1&app=0', 4],
  ['seed 001 at step 13', () => scenario(SEED001, 13), 2],
]) {
  test(`${what} on a laptop and a tablet: a line's marks stand on one row, left of its code`, { skip }, async () => {
    for (const width of [1366, 1024, 700]) {
      await withPage({ width, height: 800 }, hash(), async (p) => {
        const ls = await marks(p);
        assert.ok(ls.some((l) => l.tags.length === most), `at ${width} px a line has ${most} marks: ${JSON.stringify(ls.map((l) => l.tags.length))}`);
        for (const l of ls.filter((x) => x.tags.length <= 4)) {
          const rows = new Set(l.tags.map((t) => Math.round(t.y1))).size;
          assert.equal(rows, 1, `at ${width} px "${l.line}": its marks ${l.tags.map((t) => t.name).join(' ')} stand in ${rows} rows`);
        }
        for (const l of ls) for (const t of l.tags) assert.ok(t.x2 <= l.code.x1 + 0.5, `at ${width} px "${l.line}": ${t.name}'s mark is left of the code`);
        if (width === 1024) await p.locator('#listing-panel').screenshot({ path: path.join(ART, `85-marks-${what.replace(/\W+/g, '-')}.png`) });
      });
    }
    assert.deepEqual(pageErrors, []);
  });
}

// On a phone the diagram is some 2,000 px above Explore's answer: the
// answer says, where the student is, that the diagram now shows a
// counterexample and whose, and "Go to the run" takes them up to it.
test('Explore on a phone: the answer says the diagram shows a counterexample, and leads up to it', { skip }, async () => {
  await withPage(PHONE, '#algo=maekawa&n=3&r=1&app=1', async (p) => {
    const inView = (sel) => p.$eval(sel, (e) => { const r = e.getBoundingClientRect(); return r.height > 0 && r.bottom > 0 && r.top < window.innerHeight; });
    await p.getByRole('button', { name: 'Explore', exact: true }).click();
    await p.waitForSelector('#verdicts .badge', { timeout: 120000 });
    const prop = (await p.textContent('#banner')).match(/^Counterexample: (\w+)/)[1];
    assert.equal(await inView('#banner'), false, 'the run is out of sight');
    assert.ok(await inView('#verdicts .shown-note'), 'the answer says so where the student is');
    assert.match(await p.textContent('#verdicts .shown-note'), new RegExp(`The diagram now shows the ${prop} counterexample`));
    assert.match(await p.textContent(`#verdicts li[data-property=${prop}]`), /in the diagram/);
    await p.screenshot({ path: path.join(ART, '66-phone-explore-shown.png') });
    await p.getByRole('button', { name: 'Go to the run' }).click();
    assert.ok(await inView('#banner'), 'the run\'s banner is on screen');
    await p.screenshot({ path: path.join(ART, '67-phone-explore-run.png') });
  });
  assert.deepEqual(pageErrors, []);
});

// tables measures the feedback's tables (in its frame, whose document
// the page can read): each one's header cells, each body cell's label
// (data-label), role and box, whether it is on show, how it lays out
// (the first row's and cell's display, the header row's height), and
// whether the table, the feedback or the page scrolls sideways. step is
// the index of the step table (step, node, event, ...).
const tables = (p) => p.evaluate(() => {
  const d = document.getElementById('feedback').contentDocument;
  const box = (e) => { const b = e.getBoundingClientRect(); return { left: b.left, right: b.right, top: b.top, bottom: b.bottom, width: b.width }; };
  const ts = [...d.querySelectorAll('table')].map((t) => {
    const row = t.tBodies[0].rows[0];
    return {
      heads: [...t.querySelectorAll('thead th')].map((th) => th.textContent.trim()),
      shown: t.checkVisibility(), // not in a closed <details>
      roles: [t.getAttribute('role'), row.getAttribute('role'), row.cells[0].getAttribute('role'), t.querySelector('thead th').getAttribute('role')],
      rows: [...t.tBodies[0].rows].map((tr) => [...tr.cells].map((td) => ({ label: td.getAttribute('data-label'), empty: td.textContent.trim() === '', ...box(td) }))),
      display: [getComputedStyle(row).display, getComputedStyle(row.cells[0]).display],
      head: t.tHead.getBoundingClientRect().height,
      box: box(t),
      scroll: [t.scrollWidth, t.clientWidth],
    };
  });
  return {
    tables: ts,
    step: ts.findIndex((t) => t.heads.slice(0, 3).join() === 'step,node,event'),
    doc: [d.documentElement.scrollWidth, d.documentElement.clientWidth],
    page: [document.documentElement.scrollWidth, document.documentElement.clientWidth],
    frame: box(document.getElementById('feedback')),
  };
});

// shownTables waits until the frame shows a feedback with tables (and
// the text given: the feedback awaited, not the one before it).
const shownTables = (p, text = '') => p.waitForFunction((t) => {
  const f = document.getElementById('feedback');
  const d = f.contentDocument;
  return !f.hidden && d?.readyState === 'complete' && d.querySelector('table tbody td') !== null && d.body.textContent.includes(t);
}, text, { timeout: 60000 });

// cards checks that the feedback's tables are cards on a phone: every
// body cell labelled with its column's header (and the table's
// semantics kept in roles for screen readers), the rows laid out as
// blocks with their cells one under another across the card's width,
// the header row out of sight (still in the document), and nothing
// scrolling sideways: not a table, not the feedback, not the page.
function cards(m, width, what) {
  assert.ok(m.step >= 0, `${what}: the feedback has a step table: ${JSON.stringify(m.tables.map((t) => t.heads))}`);
  for (const t of m.tables) {
    const name = `${what}, the table ${t.heads.join('|')}`;
    for (const [i, row] of t.rows.entries()) {
      assert.deepEqual(row.map((c) => c.label), t.heads.slice(0, row.length), `${name}, row ${i + 1}: each cell is labelled with its column's header`);
    }
    assert.deepEqual(t.roles, ['table', 'row', 'cell', 'columnheader'], `${name}: its semantics are kept in roles`);
    if (!t.shown) continue; // in a closed <details>
    assert.ok(t.display[0] === 'block' && /^(block|flow-root)$/.test(t.display[1]), `${name}: its rows and cells are blocks (cards): ${t.display}`);
    assert.ok(t.head <= 1, `${name}: the header row is out of sight (${t.head} px)`);
    assert.ok(t.scroll[0] <= t.scroll[1], `${name}: it does not scroll sideways (${t.scroll[0]} px in ${t.scroll[1]})`);
    for (const [i, row] of t.rows.entries()) {
      const shown = row.filter((c) => !c.empty);
      for (let k = 1; k < shown.length; k++) assert.ok(shown[k].top >= shown[k - 1].bottom - 1, `${name}, row ${i + 1}: its cells stand one under another`);
      for (const c of shown) assert.ok(c.width >= 0.8 * t.box.width && c.right <= t.box.right + 1, `${name}, row ${i + 1}: the cell "${c.label}" takes the card's width (${c.width} of ${t.box.width} px)`);
    }
  }
  assert.ok(m.doc[0] <= m.doc[1], `${what}: the feedback does not scroll sideways (${m.doc[0]} px in ${m.doc[1]})`);
  assert.ok(m.page[0] <= m.page[1] && m.frame.right <= width, `${what}: the page does not scroll sideways (${m.page[0]} px in ${m.page[1]}, the feedback ends at ${m.frame.right})`);
}

// brokenWords lists where a line of the feedback's table cells breaks
// inside a word (a run of letters and digits: "requestedNu" / "m") or
// inside an arrow ("N1-" / ">N2"), in the cells on show.
const brokenWords = (p) => p.evaluate(() => {
  const d = document.getElementById('feedback').contentDocument;
  const bad = [];
  for (const td of d.querySelectorAll('td')) {
    if (!td.checkVisibility()) continue;
    const walk = d.createTreeWalker(td, NodeFilter.SHOW_TEXT);
    const chars = []; // [text node, offset] of each character of the cell
    for (let n = walk.nextNode(); n; n = walk.nextNode()) for (let i = 0; i < n.data.length; i++) chars.push([n, i]);
    const text = chars.map(([n, i]) => n.data[i]).join('');
    const top = (k) => {
      const r = d.createRange();
      r.setStart(chars[k][0], chars[k][1]);
      r.setEnd(chars[k][0], chars[k][1] + 1);
      const rects = r.getClientRects();
      return rects.length ? rects[0].top : NaN;
    };
    for (const m of text.matchAll(/[A-Za-z0-9]{2,}|->/g)) {
      const a = top(m.index);
      const b = top(m.index + m[0].length - 1);
      if (Math.abs(a - b) > 2) bad.push(`${m[0]} in "${text.slice(0, 80)}"`);
    }
  }
  return bad;
});

// axTables is what the browser tells a screen reader of the feedback's
// tables (its accessibility tree, the frame's): how many tables, column
// headers and cells, and the cells' names.
async function axTables(p) {
  const cdp = await p.context().newCDPSession(p);
  try {
    const { frameTree } = await cdp.send('Page.getFrameTree');
    const frameId = frameTree.childFrames[0].frame.id;
    const { nodes } = await cdp.send('Accessibility.getFullAXTree', { frameId });
    const shown = nodes.filter((n) => !n.ignored);
    const of = (role) => shown.filter((n) => n.role?.value === role);
    return { tables: of('table').length, headers: of('columnheader').length, cells: of('cell').map((n) => n.name?.value ?? '') };
  } finally {
    await cdp.detach();
  }
}

// The feedback of a wrong solution on a 375 px phone: shown when its
// grading ends, again from the history after a reload, and a try's;
// then on a laptop, where its tables are tables.
test('an exercise\'s feedback on a phone: its tables\' rows are cards, each cell labelled with its header, and nothing scrolls sideways', { skip }, async () => {
  const p = ex.page;
  const PHONE375 = { width: 375, height: 812 };
  await p.setViewportSize(PHONE375);
  await p.goto(ex.server.url + 'exercises/ra-steps');
  assert.match(await submit(p, mutant('ra-steps', 'no_tie_break')), /^graded: /);
  await shownTables(p);
  // A long step table (30 steps: 30 cards) comes folded on a phone, its
  // fold saying how many steps; a tap opens it.
  const folded = await p.evaluate(() => [...document.getElementById('feedback').contentDocument.querySelectorAll('details')]
    .filter((d) => /^The \d+ steps, a row each$/.test(d.querySelector(':scope > summary').textContent)).map((d) => [d.open, d.querySelector(':scope > table thead')?.textContent.trim().split(/\s+/).slice(0, 3).join()]));
  assert.ok(folded.length > 0, 'a long step table is folded');
  for (const [open, heads] of folded) {
    assert.equal(open, false, 'folded shut on a phone');
    assert.equal(heads, 'step,node,event', 'the fold holds the step table');
  }
  const fold = p.frameLocator('#feedback').locator('summary', { hasText: /^The \d+ steps, a row each$/ }).first();
  await fold.click();
  await p.waitForFunction(() => [...document.getElementById('feedback').contentDocument.querySelectorAll('details')].some((d) => d.open && /a row each$/.test(d.querySelector(':scope > summary').textContent)));
  await p.evaluate(() => { const d = document.getElementById('feedback'); window.scrollTo(0, d.getBoundingClientRect().top + window.scrollY + [...d.contentDocument.querySelectorAll('h3')].find((h) => /Step by step/.test(h.textContent)).getBoundingClientRect().top); });
  await p.screenshot({ path: path.join(ART, '82-phone-feedback-cards.png') });
  const m375 = await tables(p);
  cards(m375, PHONE375.width, 'a submission\'s feedback');
  // A line of a card breaks at a space, after a comma or after an
  // arrow, not inside a word or an arrow; what is copied is what is
  // shown, no character added.
  assert.deepEqual(await brokenWords(p), [], 'no word or arrow broken across lines');
  const copied = await p.evaluate(() => {
    const d = document.getElementById('feedback').contentDocument;
    const td = [...d.querySelectorAll('td')].find((c) => c.textContent.includes('->') && c.checkVisibility());
    const r = d.createRange();
    r.selectNodeContents(td);
    d.getSelection().removeAllRanges();
    d.getSelection().addRange(r);
    return [d.getSelection().toString(), td.textContent];
  });
  assert.equal(copied[0], copied[1], 'a cell copies as its text');
  assert.doesNotMatch(copied[0], /[\u200b\u00ad\u2060]/, 'with no invisible character');
  // To a screen reader the cards are the tables they were: the same
  // tables, headers and cells, the cells named by their text alone (the
  // label drawn before each is not read out; its column header is).
  const ax = await axTables(p);
  const shown = m375.tables.filter((t) => t.shown); // those in a closed <details> are not in the tree
  assert.equal(ax.tables, shown.length, 'every table on show is a table to a screen reader');
  assert.equal(ax.headers, shown.flatMap((t) => t.heads).length, 'with its column headers');
  assert.equal(ax.cells.length, shown.reduce((n, t) => n + t.rows.flat().length, 0), 'and its cells');
  const step = m375.tables[m375.step];
  assert.ok(step.shown && ax.cells.filter((c) => /^⟲? ?\d+$/.test(c)).length >= step.rows.length, 'a step cell is named by its number alone');

  // From the history, after a reload.
  await p.reload();
  await shownTables(p);
  cards(await tables(p), PHONE375.width, 'the feedback shown from the history');

  // A try's feedback: the code's run on the student's own run.
  await p.click('#try summary');
  await p.click('#try-run');
  await p.waitForFunction(() => /^(tried: |try not run)/.test(document.getElementById('status').textContent), null, { timeout: 300000 });
  await shownTables(p, 'yours/my-run');
  cards(await tables(p), PHONE375.width, 'a try\'s feedback');

  // On a laptop the tables are tables: a header row on show, each row's
  // cells side by side, no labels drawn in them.
  await p.setViewportSize({ width: 1366, height: 800 });
  await p.waitForFunction(() => getComputedStyle(document.getElementById('feedback').contentDocument.querySelector('tbody tr')).display === 'table-row');
  const m = await tables(p);
  for (const t of m.tables.filter((x) => x.shown)) {
    assert.deepEqual(t.display, ['table-row', 'table-cell'], `on a laptop, the table ${t.heads.join('|')} is a table`);
    assert.ok(t.head > 10, `its header row is on show (${t.head} px)`);
    for (const row of t.rows) for (let k = 1; k < row.length; k++) assert.ok(Math.abs(row[k].top - row[0].top) < 1 && row[k].left >= row[k - 1].right - 1, 'its cells side by side');
  }
  await p.evaluate(() => { const d = document.getElementById('feedback'); window.scrollTo(0, d.getBoundingClientRect().top + window.scrollY + d.contentDocument.querySelector('table').getBoundingClientRect().top - 20); });
  await p.screenshot({ path: path.join(ART, '83-laptop-feedback-tables.png') });
  const before = await p.evaluate(() => getComputedStyle(document.getElementById('feedback').contentDocument.querySelector('tbody td'), '::before').content);
  assert.equal(before, 'none', 'no label drawn in a cell');
  assert.deepEqual(ex.pageErrors, []);
});
