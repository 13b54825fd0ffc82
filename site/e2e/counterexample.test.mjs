// Browser tests of a counterexample in the playground, as a student steps
// through it: it opens at its last step, where it breaks (framed in red),
// with a way back to its start, from where the whole run is drawn faded
// ahead; Step, Run and Play stop at its end instead of going on and losing
// its banner; events the student takes past its end keep the banner, which
// leads back. Real headless Chromium, as the other browser tests;
// screenshots go to artifacts/playground/.
// Run: node site/e2e/run.mjs site/e2e/counterexample.test.mjs after make site.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import zlib from 'node:zlib';
import { ART, playground, skip } from './harness.mjs';

const READY = 180000; // a busy machine: two cores shared with others

const pg = playground();
const { pageErrors } = pg;
let page;

before(async () => {
  await pg.start();
  page = pg.page;
});
after(() => pg.stop());

const shot = (name) => page.screenshot({ path: path.join(ART, name), fullPage: true });
const position = () => page.textContent('#position span');
const banner = () => page.textContent('#banner');
const frame = () => page.$eval('#diagram rect.violation', (r) => [Number(r.dataset.from), Number(r.dataset.to)]).catch(() => null);

async function open(url) {
  await page.goto(url);
  await page.waitForSelector('html[data-ready=true]', { timeout: READY });
}

// explore runs Explore over the settings and waits for its verdicts.
async function explore() {
  await page.getByRole('button', { name: 'Explore', exact: true }).click();
  await page.waitForSelector('#verdicts .badge', { timeout: 120000 });
}

// show opens prop's counterexample from its verdict and returns its length.
async function show(prop) {
  await page.getByRole('button', { name: new RegExp(`^show \\d+ steps of the ${prop} counterexample$`) }).click();
  const m = (await banner()).match(/^Counterexample: \w+( \([^)]*\))?, (\d+) steps\./);
  assert.ok(m, await banner());
  return Number(m[2]);
}

test('a counterexample opens where it breaks, framed, with a way back to its start', { skip }, async () => {
  await open(pg.server.url + '#algo=ra-v1&n=2&r=1&app=1');
  await explore();
  const len = await show('liveness');
  // At its last step: the deadlock is on screen, its rows framed in red.
  assert.equal(await position(), `step ${len} of ${len}`);
  assert.match(await page.textContent('#position'), /deadlock/);
  assert.deepEqual(await frame(), [len, len], 'the step where it breaks is framed');
  assert.match(await banner(), new RegExp(`Showing step ${len}, where it breaks \\(framed in red\\)`));
  // The note under the scenario editor says what the diagram shows: the
  // counterexample, not a run made from the settings, and how to have it
  // there as a scenario.
  const note = await page.textContent('#scenario-status');
  assert.doesNotMatch(note, /a run made from the settings/);
  assert.match(note, /^The diagram shows a counterexample Explore found \(of ra-v1 with N=2, R=1\b[^)]*\)\. "Load as a scenario", in its banner, writes it here as a scenario to step, edit and share; "Run scenario" runs this text instead\.$/);
  await shot('80-counterexample-end.png');

  // The way back: its first step, the whole run drawn faded ahead, the
  // violation still framed, Step focused.
  await page.getByRole('button', { name: 'Step through from the start' }).click();
  assert.equal(await position(), `step 0 of ${len}`);
  assert.equal(await page.locator('#diagram text.evtext.future').count(), len, 'every step ahead, faded');
  assert.deepEqual(await frame(), [len, len], 'where it breaks, framed from the start');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'step');
  assert.match(await banner(), new RegExp(`Showing the initial state; → goes on towards step ${len}, where it breaks`));
  await shot('81-counterexample-start.png');

  // Stepping through it to its end keeps the banner all the way.
  for (let k = 1; k <= len; k++) {
    await page.keyboard.press('ArrowRight');
    assert.equal(await position(), `step ${k} of ${len}`);
    assert.ok(await page.isVisible('#banner'), `step ${k}: the banner is there`);
  }
  assert.match(await page.textContent('#position'), /deadlock/);
  assert.deepEqual(pageErrors, []);
});

// The order counterexample ends at the overtaking entry, after which the
// default policy has more to do (the nodes leave the CS): that is where
// Step used to go on and lose the banner.
test('Step, Run and Play stop at a counterexample\'s end and keep its banner', { skip }, async () => {
  const len = await show('order');
  assert.equal(await position(), `step ${len} of ${len}`);
  assert.ok(await page.locator('#enabled .tag.default').count() > 0, 'the default policy could go on');

  await page.getByRole('button', { name: 'Step forward' }).click();
  assert.equal(await position(), `step ${len} of ${len}`, 'Step stops at the end');
  assert.match(await banner(), /^Counterexample: order, /, 'the banner stays');
  assert.match(await page.textContent('#toast'), new RegExp(`The counterexample ends here, at step ${len}, where it breaks order`));

  await page.keyboard.press('r');
  assert.equal(await position(), `step ${len} of ${len}`, 'Run stops at the end');
  await page.getByRole('button', { name: 'Play' }).click();
  await page.waitForFunction(() => document.getElementById('play').getAttribute('aria-pressed') === 'false');
  assert.equal(await position(), `step ${len} of ${len}`, 'Play stops at the end');
  assert.match(await banner(), /^Counterexample: order, /);

  // Run from its start goes to its end and stops there.
  await page.keyboard.press('Home');
  await page.keyboard.press('r');
  assert.equal(await position(), `step ${len} of ${len}`);
  assert.match(await banner(), /^Counterexample: order, /);

  // An event the student picks past the end: the banner stays and says
  // so, and leads back.
  await page.locator('#enabled button.ev').first().click();
  assert.equal(await position(), `step ${len + 1} of ${len + 1}`);
  assert.match(await banner(), new RegExp(`Step ${len + 1} is past its end \\(step ${len}\\)`));
  assert.match(await page.textContent('#scenario-status'), /^The diagram shows a counterexample Explore found \(.*\), and the events you took after its end\. "Load as a scenario"/);
  await page.getByRole('button', { name: `Back to step ${len}` }).click();
  assert.equal(await position(), `step ${len} of ${len + 1}`);
  assert.match(await banner(), /^Counterexample: order, /);
  assert.deepEqual(pageErrors, []);
});

// The token ring's Order counterexample ends with a node that holds the
// token calling enter(): the call and the entry are one step, and its row
// and the status say so (the row used to read only "N1 calls enter()",
// the chip a neutral "waiting: N2", under a banner saying N1 enters).
test('a call that enters at once breaks Order: its row and the status say it entered', { skip }, async () => {
  await open(pg.server.url + '#algo=token-ring&n=3&r=1&app=1');
  await explore();
  const len = await show('order');
  assert.equal(await position(), `step ${len} of ${len}`);
  const row = await page.locator('#diagram text.evtext').nth(len).textContent();
  const m = row.match(/^(N\d) calls enter\(\) and enters the critical section at once \(it holds the token\)$/);
  assert.ok(m, `the last row says the call entered: ${row}`);
  const chip = page.locator('#position .chip');
  assert.match(await chip.textContent(), new RegExp(`^order broken: ${m[1]} entered at once, before (N\\d), whose enter\\(\\) came first$`));
  assert.ok(await chip.evaluate((c) => c.classList.contains('bad')), 'the chip is marked as a violation');
  assert.match(await banner(), new RegExp(`${m[1]} enters the critical section`));
  // A step earlier, the chip says who waits, as for any run.
  await page.keyboard.press('ArrowLeft');
  assert.doesNotMatch(await page.textContent('#position'), /order broken/);
  assert.deepEqual(pageErrors, []);
});

// An election's nodes say whom they elected, not a mutual exclusion's
// phase ("idle" on every node, the leader included); the status agrees
// with the verdict when a wrong leader is elected.
test('an election\'s nodes say their leader, and a wrong leader is said as the verdict says it', { skip }, async () => {
  await open(pg.server.url + '#algo=election-bully&n=3&r=1&app=0&c=1');
  await page.keyboard.press('r');
  await page.waitForSelector('#note:not([hidden])');
  assert.match(await page.textContent('#note'), /^Settled at step \d+ \(every live node has elected the highest\)/);
  const words = () => page.$$eval('#diagram .node-phase', (ts) => ts.map((t) => t.textContent));
  assert.deepEqual(await words(), ['leader N3', 'leader N3', 'leader']);
  const cards = () => page.$$eval('#nodes-view article', (as) => as.map((a) => [a.getAttribute('aria-label'), a.querySelector('.phase').textContent]));
  assert.deepEqual(await cards(), [['N1: leader N3', 'leader N3'], ['N2: leader N3', 'leader N3'], ['N3: leader', 'leader']]);
  await page.keyboard.press('Home');
  assert.deepEqual(await words(), ['no leader', 'no leader', 'no leader'], 'before any election');

  // With a recovery, a node that comes back finds a lower leader elected.
  await page.fill('#recoveries', '1');
  await page.dispatchEvent('#recoveries', 'change');
  await explore();
  const len = await show('safety');
  assert.match(await banner(), /^Counterexample: safety \(wrong leader\)/);
  assert.equal(await position(), `step ${len} of ${len}`);
  const chip = page.locator('#position .chip');
  const m = (await chip.textContent()).match(/^wrong leader: (N\d) elected (N\d), not the highest live node$/);
  assert.ok(m, `the chip says what the verdict says: ${await chip.textContent()}`);
  assert.ok(await chip.evaluate((c) => c.classList.contains('bad')));
  assert.match(await page.locator('#diagram text.warn, #diagram text').filter({ hasText: '⚠ wrong leader' }).first().textContent(), /⚠ wrong leader/);
  const at = Object.fromEntries((await cards()).map(([l]) => l.split(': ')));
  assert.equal(at[m[1]], `leader ${m[2]}`, 'the node that elected wrongly says whom');
  await shot('84-election-wrong-leader.png');
  assert.deepEqual(pageErrors, []);
});

test('loaded as a scenario, a counterexample keeps its place and its banner', { skip }, async () => {
  await open(pg.server.url + '#algo=ra-v1&n=2&r=1&app=1');
  await explore();
  const len = await show('liveness');
  await page.getByRole('button', { name: 'Step through from the start' }).click();
  await page.keyboard.press('ArrowRight');
  await page.getByRole('button', { name: 'Load as a scenario', exact: true }).click();
  assert.match(await page.textContent('#scenario-status'), /expectation/);
  assert.equal(await position(), `step 1 of ${len}`, 'the cursor stays where it was');
  await page.keyboard.press('End');
  await page.keyboard.press('ArrowRight');
  assert.equal(await position(), `step ${len} of ${len}`);
  assert.match(await banner(), /^Counterexample: liveness/);
  assert.deepEqual(pageErrors, []);
});

test('a counterexample of a scenario\'s completions has its banner too', { skip }, async () => {
  const text = 'algorithm ra-v1\nnodes N1 N2\nrequest N1\n';
  await open(`${pg.server.url}#scenario=${zlib.deflateRawSync(Buffer.from(text)).toString('base64url')}`);
  await explore();
  await page.getByRole('button', { name: /^show (\d+ steps )?of the liveness counterexample$/ }).click();
  const s = await position();
  const len = Number(s.match(/of (\d+)/)[1]);
  assert.equal(s, `step ${len} of ${len}`);
  assert.match(await banner(), new RegExp(`^Counterexample: liveness \\(deadlock\\), ${len} steps\\.`));
  assert.deepEqual(await frame(), [len, len]);
  await page.getByRole('button', { name: 'Step through from the start' }).click();
  assert.equal(await position(), `step 0 of ${len}`);
  assert.deepEqual(pageErrors, []);
});

// struck lists the words of the diagram that an edge of the red frame
// runs through: a text whose box a horizontal edge of the frame crosses
// reads as struck through.
const struck = () => page.$eval('#diagram', (svg) => {
  const f = svg.querySelector('rect.violation');
  if (!f) return ['(no frame)'];
  const fx1 = Number(f.getAttribute('x')), fx2 = fx1 + Number(f.getAttribute('width'));
  const edges = [Number(f.getAttribute('y')), Number(f.getAttribute('y')) + Number(f.getAttribute('height'))];
  const out = [];
  for (const t of svg.querySelectorAll('text')) {
    if (t.closest('g.head') || !t.textContent.trim()) continue;
    const b = t.getBBox();
    if (b.x > fx2 || b.x + b.width < fx1) continue;
    if (edges.some((e) => e > b.y + 1 && e < b.y + b.height - 1)) out.push(t.textContent);
  }
  return out;
});

// ra-v2's deadlock ends on a step whose words wrap to three lines: the
// frame around it reached down into the deadlock's account under the
// run, whose first line it struck through.
test('the red frame runs through no words, under a tall last row too', { skip }, async () => {
  for (const width of [1280, 1024]) {
    await page.setViewportSize({ width, height: 800 });
    await open(pg.server.url + '#algo=ra-v2&n=2&r=2&app=1');
    await explore();
    const len = await show('liveness');
    assert.deepEqual(await frame(), [len, len]);
    assert.match(await page.textContent('#diagram'), /⚠ deadlock/);
    assert.deepEqual(await struck(), [], `${width} px: no words under the frame's edges`);
    await page.getByRole('button', { name: 'Step through from the start' }).click();
    assert.deepEqual(await struck(), [], `${width} px, from the start: no words under the frame's edges`);
  }
  await shot('82-counterexample-frame-clear.png');
  await page.setViewportSize({ width: 1366, height: 800 });
  assert.deepEqual(pageErrors, []);
});

// inView says whether the element matching sel is on the screen (the
// window's, not only the page's).
const inView = (sel) => page.$eval(sel, (e) => {
  const r = e.getBoundingClientRect();
  return r.height > 0 && r.bottom > 0 && r.top < window.innerHeight;
});
const shownTags = () => page.$$eval('#verdicts li.verdict', (ls) => ls.filter((l) => l.querySelector('.tag.shown')).map((l) => l.dataset.property));

// Maekawa's verdicts list liveness first, but the run Explore opens is the
// shortest, order's: the list says which one the diagram shows, and the
// way to it, where the student is (the run is above, out of sight),
// without taking the focus from Explore.
test('after Explore, the verdicts say whose run the diagram shows, with the way to it', { skip }, async () => {
  await open(pg.server.url + '#algo=maekawa&n=3&r=1&app=1');
  await explore();
  const prop = (await banner()).match(/^Counterexample: (\w+)/)[1];
  assert.deepEqual(await shownTags(), [prop], 'the verdict whose run is shown is marked, and only it');
  assert.match(await page.textContent(`#verdicts li[data-property=${prop}]`), /in the diagram/);
  const note = page.locator('#verdicts .shown-note');
  assert.match(await note.textContent(), new RegExp(`The diagram now shows the ${prop} counterexample \\(\\d+ steps\\), the shortest found`));
  assert.ok(await inView('#verdicts .shown-note'), 'said where the student is');
  assert.equal(await inView('#banner'), false, 'the run itself is out of sight (the test is about that case)');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'explore', 'the focus stays on Explore');
  await shot('83-explore-marks-shown.png');

  await note.getByRole('button', { name: 'Go to the run' }).click();
  assert.ok(await inView('#banner'), 'the run\'s banner is on screen');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'banner');
  const len = Number((await position()).match(/of (\d+)/)[1]);
  await page.keyboard.press('ArrowLeft');
  assert.equal(await position(), `step ${len - 1} of ${len}`, 'the keyboard steps the run from there');

  // Another verdict's run: the mark follows it.
  const other = (await page.$$eval('#verdicts li.verdict', (ls) => ls.map((l) => l.dataset.property))).find((x) => x !== prop && x !== 'safety');
  await show(other);
  assert.deepEqual(await shownTags(), [other]);
  assert.match(await page.textContent('#verdicts .shown-note'), new RegExp(`^The diagram shows the ${other} counterexample`));
  // A run of its own (another algorithm's): nothing is marked.
  await page.selectOption('#algo', 'ra-v1');
  assert.equal(await page.locator('#verdicts .tag.shown, #verdicts .shown-note').count(), 0);
  assert.match(await page.textContent('#scenario-status'), /^The diagram shows a run made from the settings above\./, 'no counterexample on screen now');
  assert.deepEqual(pageErrors, []);
});
