// Browser test of the Listing view on the listings that use the newer
// parts of the language (docs/listings.md): seed 004's lamport (FIFO
// channels, Lamport clocks, arrays, a when rule), the deadlock-free
// maekawa-safe (ticked clocks, self direct) and seed 002's election-ring
// (an election: a leader instead of the critical section). For each, a
// student opens the algorithm's listing, which shows without problems,
// breaks it with one edit, explores it, loads the counterexample as a
// scenario and steps through it from the start on the edited listing,
// whose edited lines the pseudocode marks.
//
// Run: node --test site/e2e/listingseeds.test.mjs (after make site).

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { ART, ROOT, playground, skip } from './harness.mjs';

const seed = (name) => fs.readFileSync(path.join(ROOT, 'algorithms', 'listing', 'seeds', `${name}.txt`), 'utf8');

// replace is text with from replaced by to, failing if from is not there
// (the seed changed under the test).
function replace(text, from, to) {
  assert.ok(text.includes(from), `the seed's listing has ${JSON.stringify(from)}`);
  return text.replace(from, to);
}

// Each case: the algorithm, the bounds Explore searches, the edit, the
// property it breaks (with the counterexample's kind and summary, and
// the chip the toolbar shows at its last step), and the lines of
// the edited listing (trimmed) that some step of the counterexample must
// mark in the pseudocode.
const CASES = [
  {
    algo: 'lamport',
    what: 'rule 3 without its conditions: a node enters as soon as it asks',
    nodes: 2, requests: 1, crashes: 0,
    edit: (t) => replace(t,
      t.slice(t.indexOf('when state = WANTED and'), t.indexOf('# 3\'.')),
      'when state = WANTED:  # enters at once, without waiting for the others\n    state = HELD\n\n'),
    broken: 'safety',
    kind: /two nodes in the CS/,
    summary: /N1, N2 are in the critical section at the same time/,
    chip: /unsafe: two nodes in the CS/,
    marks: ['when state = WANTED:  # enters at once, without waiting for the others', 'state = HELD'],
  },
  {
    algo: 'maekawa-safe',
    what: 'R6 without the release: the voters keep their votes',
    nodes: 2, requests: 1, crashes: 0,
    edit: (t) => replace(t, 'on exit:\n    for all j in V:\n        send(release, j, T)\n', 'on exit:  # forgets to release its voters\n'),
    broken: 'liveness',
    kind: /deadlock/,
    summary: /cannot finish \(waiting to enter or to leave\)/,
    chip: /deadlock/,
    marks: ['on exit:  # forgets to release its voters', 'state = RELEASED'],
  },
  {
    algo: 'election-ring',
    what: 'a node that swallows a higher candidate instead of passing it on',
    nodes: 2, requests: 1, crashes: 0,
    edit: (t) => replace(t, 'send(election, next, j)  # accept and pass the message on', 'leader = none  # swallows it: never passes it on'),
    broken: 'liveness',
    kind: /deadlock/,
    summary: /N1, N2 have not elected the highest live node, N2/,
    chip: /deadlock \(N1, N2\)/,
    marks: ['leader = none  # swallows it: never passes it on'],
  },
];

const pg = playground();
const { pageErrors } = pg;
let page;

before(async () => {
  await pg.start();
  page = pg.page;
  if (skip) return; // no browser: every test below is skipped
  await page.goto(pg.server.url);
  await page.waitForSelector('html[data-ready=true]', { timeout: 180000 });
});
after(() => pg.stop());

const editorText = () => page.evaluate(() => document.getElementById('listing-editor').editorText());
const position = () => page.textContent('#position span');

async function type(text) {
  await page.click('#listing-editor .cm-content');
  await page.keyboard.press('Control+A');
  await page.keyboard.insertText(text);
}

async function setNumber(id, v) {
  await page.fill(id, String(v));
  await page.dispatchEvent(id, 'change');
}

// marked lists the pseudocode's lines (trimmed text) that carry a node's
// tag, where it is or what its last event ran.
const marked = () => page.$$eval('#listing .ln', (ls) => ls
  .filter((l) => l.querySelector('.tag-node'))
  .map((l) => l.querySelector('.src').textContent.trim()));

for (const c of CASES) {
  test(`${c.algo}: ${c.what} breaks ${c.broken}, and the counterexample steps through the edited listing`, { skip }, async () => {
    const shipped = seed(c.algo);
    const edited = c.edit(shipped);
    assert.notEqual(edited, shipped);

    await page.selectOption('#algo', c.algo);
    await page.waitForFunction((a) => location.hash.includes(`algo=${a}`), c.algo);
    await setNumber('#nodes', c.nodes);
    await setNumber('#requests', c.requests);
    await setNumber('#crashes', c.crashes);
    await page.waitForFunction((q) => location.hash.includes(q), `algo=${c.algo}&n=${c.nodes}&r=${c.requests}`);

    // The seed's listing, without a problem.
    if (await page.isHidden('#listing-edit')) await page.getByRole('button', { name: 'Edit the listing' }).click();
    assert.equal(await page.isVisible('#listing-edit'), true);
    assert.equal(await editorText(), shipped, 'the view shows the shipped listing');
    assert.equal(await page.locator('#listing-editor .cm-lintRange-error').count(), 0, 'no problem marked in the seed\'s listing');
    assert.match(await page.textContent('#listing-status'), new RegExp(`^The seed's listing of ${c.algo}`));

    // The edit compiles and becomes what runs.
    await type(edited);
    await page.waitForFunction(() => /your edited listing/.test(document.getElementById('listing-hint').textContent));
    assert.equal(await page.locator('#listing-editor .cm-lintRange-error').count(), 0, 'the edit has no problem');
    assert.match(await page.textContent('#listing-status'), /^Edited: /);
    const lines = await page.$$eval('#listing .ln .src', (ls) => ls.map((l) => l.textContent.trim()));
    assert.equal(lines.length, edited.trimEnd().split('\n').length, 'the pseudocode is the edited listing, line for line');
    for (const m of c.marks) assert.ok(lines.includes(m), `the pseudocode shows ${JSON.stringify(m)}`);

    // Explore finds what the edit broke.
    await page.getByRole('button', { name: 'Explore' }).click();
    await page.waitForSelector('#verdicts .badge', { timeout: 120000 });
    const verdicts = await page.$$eval('#verdicts li.verdict', (ls) => Object.fromEntries(ls.map((l) => [l.dataset.property, l.querySelector('.badge').textContent])));
    assert.equal(verdicts[c.broken], 'violated', `verdicts: ${JSON.stringify(verdicts)}`);
    assert.match(await page.textContent('#progress'), new RegExp(`${c.algo} \\(your listing\\) with N=${c.nodes}, R=${c.requests}.* · (complete|settled: every verdict is final \\(a search that found its violation stopped there\\)) · `));

    // Its counterexample, loaded as a scenario (which replays it on the
    // edited listing), stepped through from the start.
    await page.locator(`#verdicts li[data-property=${c.broken}] button`).click();
    const banner = await page.textContent('#banner');
    const m = banner.match(new RegExp(`Counterexample: ${c.broken} \\(([^)]*)\\), (\\d+) steps`));
    assert.ok(m, `the banner: ${banner}`);
    assert.match(m[1], c.kind);
    assert.match(banner, c.summary);
    const len = Number(m[2]);
    await page.getByRole('button', { name: 'Load as a scenario', exact: true }).click();
    await page.waitForFunction(() => /&lst=/.test(location.hash) && /scenario=/.test(location.hash));
    assert.equal(await page.textContent('#scenario-status'), 'The expectation holds.', 'the scenario replays the counterexample on the edited listing');
    assert.match(await page.textContent('#position'), c.chip);
    assert.equal(await position(), `step ${len} of ${len}`);
    assert.match(await page.textContent('#listing-hint'), /your edited listing/);
    await page.getByRole('button', { name: 'Start: go to the initial state' }).click();
    const seen = new Set();
    for (let k = 1; k <= len; k++) {
      await page.getByRole('button', { name: 'Step forward' }).click();
      assert.equal(await position(), `step ${k} of ${len}`);
      assert.equal(await page.locator('#listing .ln').count(), lines.length, `step ${k}: the pseudocode is still the edited listing`);
      for (const l of await marked()) seen.add(l);
    }
    for (const mk of c.marks) assert.ok(seen.has(mk), `some step marks ${JSON.stringify(mk)}; marked: ${JSON.stringify([...seen])}`);
    await page.screenshot({ path: path.join(ART, `72-listing-${c.algo}.png`), fullPage: true });

    // Back to the seed's listing for the next algorithm.
    await page.getByRole('button', { name: 'Reset to the seed\'s listing' }).click();
    assert.equal(await editorText(), shipped);
    assert.deepEqual(pageErrors, []);
  });
}

// The editor's highlighting knows every word of the language
// (site/editor/listing-words.json, which site/cmd/listingwords writes
// from package listing's source): each is drawn as the words of its kind
// are, the contextual ones (on start:, channels fifo, some j: …) only in
// their place.
test('the listing editor highlights every keyword, type, constant and function of the language', { skip }, async () => {
  const words = JSON.parse(fs.readFileSync(path.join(ROOT, 'site', 'editor', 'listing-words.json'), 'utf8'));
  const text = [
    'algorithm words',
    'channels fifo',
    'clocks ticked',
    'self direct',
    words.keywords.join(' '),
    words.types.join(' '),
    words.constants.join(' '),
    words.functions.map((f) => `${f}(x)`).join(' '),
    words.contextual.map((w) => `on ${w}`).join(' '),
    'on start:',
    '    b = (some j: true) and (all other Node j: alive(j))',
    'global int start = 0',
    'x = some',
    'T = tick()',
    'tick',
  ].join('\n');
  await page.selectOption('#algo', 'lamport');
  if (await page.isHidden('#listing-edit')) await page.getByRole('button', { name: 'Edit the listing' }).click();
  await type(text);
  // Highlighting follows the parse, which may lag the text a little.
  await page.waitForFunction((n) => {
    const ls = document.querySelectorAll('#listing-editor .cm-line');
    return ls.length >= n && ls[n - 1].querySelector('span');
  }, text.split('\n').length);
  // Every line's words, each with the classes of the spans that draw it
  // ('' for plain text), the diagnostics' marks left out: the text is
  // not a listing that compiles.
  const lines = await page.$$eval('#listing-editor .cm-line', (ls) => ls.map((l) => {
    const out = [];
    const walk = (n, cls) => {
      if (n.nodeType === 3) {
        for (const w of n.textContent.match(/[\p{L}_][\p{L}\p{N}_']*/gu) || []) out.push([w, cls.join(' ')]);
      } else {
        const own = n === l ? [] : [...n.classList].filter((c) => !c.startsWith('cm-lint'));
        for (const c of n.childNodes) walk(c, [...cls, ...own]);
      }
    };
    walk(l, []);
    return out;
  }));
  const cls = (line, w) => {
    const hit = lines[line].find(([x]) => x === w);
    assert.ok(hit, `line ${line + 1} has ${w}: ${JSON.stringify(lines[line])}`);
    return hit[1];
  };
  const keyword = cls(0, 'algorithm');
  const typeName = cls(5, words.types[0]);
  const constant = cls(6, words.constants[0]);
  const fn = cls(7, words.functions[0]);
  assert.equal(cls(0, 'words'), '', 'a name is plain');
  assert.equal(new Set([keyword, typeName, constant, fn, '']).size, 5, `each kind has a style of its own: ${[keyword, typeName, constant, fn]}`);
  for (const [line, ws] of [[1, ['channels', 'fifo']], [2, ['clocks', 'ticked']], [3, ['self', 'direct']], [4, words.keywords], [9, ['on', 'start']], [10, ['some', 'all', 'other', 'Node']], [14, ['tick']]]) {
    for (const w of ws) assert.equal(cls(line, w), keyword, `${w} on line ${line + 1} is a keyword`);
  }
  for (const w of words.types) assert.equal(cls(5, w), typeName, `${w} is a type`);
  for (const w of words.constants) assert.equal(cls(6, w), constant, `${w} is a constant`);
  for (const w of words.functions) assert.equal(cls(7, w), fn, `${w}(…) is a function`);
  for (const w of words.contextual) assert.equal(cls(8, w), keyword, `${w} after a keyword is one`);
  assert.equal(cls(10, 'alive'), fn);
  assert.equal(cls(11, 'start'), '', 'a variable named start is a name');
  assert.equal(cls(12, 'some'), '', 'some without a quantifier\'s variable is a name');
  assert.equal(cls(13, 'tick'), fn, 'tick() is a function');

  await page.getByRole('button', { name: 'Reset to the seed\'s listing' }).click();
  assert.equal(await editorText(), seed('lamport'));
  assert.deepEqual(pageErrors, []);
});
