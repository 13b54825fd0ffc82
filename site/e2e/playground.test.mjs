// Browser tests of the playground in real headless Chromium (playwright-core
// driving /usr/bin/chromium). They start the playground server built by
// `make site` (bin/playground) on a free port and save a screenshot of each
// view under artifacts/playground/. Without Chromium they are skipped, and
// say so.
//
// Run: make test-browser (or node --test site/e2e/playground.test.mjs after
// make site).

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { ART, address, playground, skip } from './harness.mjs';

const pg = playground();
const { pageErrors } = pg;
let page;

before(async () => {
  await pg.start();
  page = pg.page;
});
after(() => pg.stop());

const shot = (name) => page.screenshot({ path: path.join(ART, name), fullPage: true });

async function open(url) {
  await page.goto(url);
  await page.waitForSelector('html[data-ready=true]', { timeout: 180000 });
}

async function configure({ algo, nodes, requests }) {
  await page.selectOption('#algo', algo);
  await page.fill('#nodes', String(nodes));
  await page.dispatchEvent('#nodes', 'change');
  await page.fill('#requests', String(requests));
  await page.dispatchEvent('#requests', 'change');
  await page.waitForFunction((p) => location.hash.includes(`algo=${p.algo}&n=${p.nodes}&r=${p.requests}`), { algo, nodes, requests });
}

const position = () => page.textContent('#position span');
const rows = () => page.locator('#diagram rect.rowhit').count();

test('the page loads the core and draws the initial state', { skip }, async () => {
  await open(pg.server.url);
  const algos = await page.$$eval('#algo option', (os) => os.map((o) => o.value));
  for (const a of ['central', 'lamport', 'ra-v1', 'ra-lamport', 'maekawa']) assert.ok(algos.includes(a), a);
  // The first view is seed 001's worked example, run as a scenario and
  // shown at its first step, the whole run drawn ahead: Step goes on.
  assert.match(await page.textContent('#scenario-status'), /Step \(→\) through the script: its 33 expectations are checked/);
  assert.equal(await position(), 'step 0 of 35');
  assert.equal(await rows(), 36);
  assert.equal(await page.locator('#diagram text.evtext.future').count(), 35, 'every step ahead, faded');
  // Its nodes ask by the script's own numbers (requests 0, then N32, N12
  // and N80 one each): the settings say so beside Requests, whose 0 is
  // only the others'.
  assert.equal(await page.inputValue('#requests'), '0');
  assert.ok(await page.isVisible('#requests-own'), 'the nodes\' own requests are shown');
  assert.equal(await page.textContent('#requests-own'), 'N12, N32, N80: 1 each\nthe others: 0');
  assert.equal(await page.getAttribute('#requests', 'aria-describedby'), 'requests-own');
  await page.click('#step');
  assert.equal(await position(), 'step 1 of 35');
  await page.keyboard.press('End');
  assert.match(await page.textContent('#scenario-status'), /All 33 expectations hold/);
  assert.ok(await page.locator('#enabled button').count() > 0, 'events to choose from');
  await shot('01-loaded.png');
});

test('a student builds a schedule by hand, runs it, steps back and forward', { skip }, async () => {
  await configure({ algo: 'ra-lamport', nodes: 3, requests: 1 });
  assert.ok(await page.isHidden('#requests-own'), 'a run made from the settings has no numbers of its own');
  await page.locator('button[data-event="request N2"]').click();
  await page.locator('button[data-event="request N1"]').click();
  assert.equal(await position(), 'step 2 of 2');
  const names = await page.$$eval('#diagram text.evtext', (ts) => ts.map((t) => t.textContent));
  assert.deepEqual(names.slice(1), ['N2 calls enter()', 'N1 calls enter()'], 'the diagram follows the chosen order');

  assert.equal(await page.locator('#enabled .tag.default').count(), 1, 'at the timeline\'s end, the default policy\'s choice is tagged');
  await page.getByRole('button', { name: 'Run to the end' }).click();
  const end = await position();
  const L = Number(end.match(/of (\d+)/)[1]);
  assert.ok(L > 4, `the run went on (${end})`);
  assert.equal(await page.locator('#diagram rect.cs').count(), 3, 'each CS stay is shaded');
  assert.match(await page.textContent('#position'), /done/);
  await shot('02-run.png');

  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  assert.equal(await position(), `step ${L - 2} of ${L}`);
  assert.equal(await rows(), L + 1, 'stepping back keeps the timeline');
  // Step takes the timeline's next event: it alone is tagged, not the
  // default policy's choice, which Step would not take.
  assert.equal(await page.locator('#enabled .tag.next').count(), 1);
  assert.equal(await page.locator('#enabled .tag.default').count(), 0);
  assert.ok(await page.locator('#diagram g.future *').count() > 0, 'later steps are faded');
  await page.keyboard.press('ArrowRight');
  assert.equal(await position(), `step ${L - 1} of ${L}`);
  await page.keyboard.press('Home');
  assert.equal(await position(), `step 0 of ${L}`);
  // Clicking a row of the diagram jumps there.
  await page.locator('#diagram rect.rowhit[data-step="3"]').click();
  assert.equal(await position(), `step 3 of ${L}`);
  await shot('03-stepped-back.png');
});

test('explore ra-v1 N=2 R=1: a counterexample loads into the diagram', { skip }, async () => {
  await configure({ algo: 'ra-v1', nodes: 2, requests: 1 });
  await page.getByRole('button', { name: 'Explore' }).click();
  await page.waitForSelector('#verdicts .badge', { timeout: 120000 });
  const verdicts = await page.$$eval('#verdicts li.verdict', (ls) => Object.fromEntries(ls.map((l) => [l.dataset.property, l.querySelector('.badge').textContent])));
  assert.equal(verdicts.safety, 'holds');
  assert.equal(verdicts.liveness, 'violated');
  assert.equal(verdicts.order, 'violated');
  // Order's search stops at its violation: nothing after it could change a verdict.
  assert.match(await page.textContent('#progress'), / · settled: every verdict is final \(a search that found its violation stopped there\) · /);

  const banner = await page.textContent('#banner');
  assert.match(banner, /Counterexample: liveness \(deadlock\), (\d+) steps/);
  const len = Number(banner.match(/\), (\d+) steps/)[1]);
  assert.equal(await rows(), len + 1, 'one row per counterexample step');
  assert.equal(await position(), `step ${len} of ${len}`);
  assert.match(await page.textContent('#diagram'), /deadlock/);
  assert.match(await page.textContent('#position'), /deadlock/);
  await shot('04-counterexample.png');

  // The counterexample can be stepped.
  await page.keyboard.press('ArrowLeft');
  assert.equal(await position(), `step ${len - 1} of ${len}`);
  assert.doesNotMatch(await page.textContent('#position'), /deadlock/);
  await page.keyboard.press('ArrowRight');
  assert.match(await page.textContent('#position'), /deadlock/);

  // Order's counterexample says the chain behind "happened-before", and
  // its banner names the property once (not "order (order)").
  assert.match(await page.textContent('#verdicts li[data-property=order]'), /N\d's call happened before N\d's: N\d calls enter\(\).* \(step \d+\), then .*calls enter\(\) \(step \d+\)\. Order asks/);
  await page.getByRole('button', { name: /^show \d+ steps of the order counterexample$/ }).click();
  assert.match(await page.textContent('#banner'), /^Counterexample: order, \d+ steps\. .*happened before/);
  // The click brings the banner into view and the focus to it.
  assert.equal(await page.evaluate(() => document.activeElement.id), 'banner');
  const seen = await page.evaluate(() => { const b = document.getElementById('banner').getBoundingClientRect(); return { top: b.top, bottom: b.bottom, h: window.innerHeight, y: window.scrollY }; });
  assert.ok(seen.top > -2 && seen.top < seen.h, `the banner is on screen: ${JSON.stringify(seen)}`);
  // The deadlock again, for the tests after this one.
  await page.getByRole('button', { name: /^show \d+ steps of the liveness counterexample$/ }).click();
  assert.match(await page.textContent('#banner'), /^Counterexample: liveness \(deadlock\)/);
});

test('a shared URL restores the same run at the same step', { skip }, async () => {
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  const url = await address(page);
  assert.match(url, /#algo=ra-v1&n=2&r=1&app=\d&at=\d+&ev=/);
  const before = {
    pos: await position(),
    nodes: await page.textContent('#nodes-view'),
    events: await page.$$eval('#diagram text.evtext', (ts) => ts.map((t) => t.textContent)),
    enabled: await page.$$eval('#enabled button', (bs) => bs.map((b) => b.dataset.event)),
  };
  const other = await pg.browser.newPage();
  const old = page;
  page = other;
  try {
    await open(url);
    assert.equal(await position(), before.pos);
    assert.equal(await page.textContent('#nodes-view'), before.nodes);
    assert.deepEqual(await page.$$eval('#diagram text.evtext', (ts) => ts.map((t) => t.textContent)), before.events);
    assert.deepEqual(await page.$$eval('#enabled button', (bs) => bs.map((b) => b.dataset.event)), before.enabled);
    assert.equal(await page.inputValue('#algo'), 'ra-v1');
    await shot('05-shared-url.png');
    // A reload keeps it too.
    await page.reload();
    await page.waitForSelector('html[data-ready=true]');
    assert.equal(await position(), before.pos);
  } finally {
    page = old;
    await other.close();
  }
});

test('export the diagram as a standalone SVG file', { skip }, async () => {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export SVG' }).click(),
  ]);
  assert.match(download.suggestedFilename(), /^dmelab-ra-v1-N2-step\d+\.svg$/);
  const file = path.join(ART, 'diagram.svg');
  await download.saveAs(file);
  const svg = fs.readFileSync(file, 'utf8');
  assert.match(svg, /^<\?xml/);
  assert.match(svg, /<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
  assert.match(svg, /<style>/, 'styles travel with the file');
  assert.match(svg, />N1</);
  assert.match(svg, /deadlock/);
  const ok = await page.evaluate((s) => !new DOMParser().parseFromString(s, 'image/svg+xml').querySelector('parsererror'), svg);
  assert.ok(ok, 'the exported file is well-formed SVG');
});

test('keyboard help overlay and accessible names', { skip }, async () => {
  await page.keyboard.press('?');
  assert.ok(await page.locator('#help').isVisible());
  await shot('06-help.png');
  await page.keyboard.press('Escape');
  assert.ok(!(await page.locator('#help').isVisible()));
  for (const name of ['Step forward', 'Step back', 'Run to the end', 'Play', 'Reset the run', 'Explore', 'Share link', 'Export SVG']) {
    assert.equal(await page.getByRole('button', { name, exact: true }).count(), 1, name);
  }
  assert.equal(await page.getByRole('combobox', { name: 'Algorithm', exact: true }).count(), 1);
  for (const name of ['Nodes', 'Requests', 'App msgs', 'Max states']) {
    assert.equal(await page.getByRole('spinbutton', { name, exact: true }).count(), 1, name);
  }
});

test('laid out for a tablet: one column, nothing wider than the screen', { skip }, async () => {
  await page.setViewportSize({ width: 820, height: 1180 });
  try {
    const stage = await page.locator('section.stage').boundingBox();
    const side = await page.locator('aside.side').boundingBox();
    assert.ok(side.y >= stage.y + stage.height, 'the panels go below the diagram');
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth), 'no horizontal scrolling of the page');
    await shot('09-tablet.png');
  } finally {
    await page.setViewportSize({ width: 1366, height: 800 });
  }
});

// A search stopped by its bound says what "unknown" means and what to
// change to get a verdict, in the settings the student can change.
test('a search that reaches Max states says how to get a verdict', { skip }, async () => {
  await configure({ algo: 'ra-benari', nodes: 3, requests: 2 });
  await page.fill('#max-states', '1000');
  try {
    await page.getByRole('button', { name: 'Explore' }).click();
    await page.waitForSelector('#verdicts .badge', { timeout: 120000 });
    const progress = await page.textContent('#progress');
    assert.match(progress, / · incomplete \(bound reached\) · /);
    assert.match(progress, /unknown: the search stopped at 1,000 states before covering every schedule/);
    assert.match(progress, /To get a verdict, .*set Requests to 1; or raise Max states \(now 1,000/);
  } finally {
    await page.fill('#max-states', '2000000');
  }
});

test('exploration shows live progress and can be cancelled', { skip }, async () => {
  await configure({ algo: 'ra-benari', nodes: 4, requests: 1 });
  await page.getByRole('button', { name: 'Explore' }).click();
  await page.waitForFunction(() => /[\d,]+ states/.test(document.getElementById('progress').textContent), null, { timeout: 30000 });
  await shot('07-exploring.png');
  await page.getByRole('button', { name: 'Cancel' }).click();
  assert.equal(await page.textContent('#progress'), 'Cancelled.');
  assert.ok(await page.getByRole('button', { name: 'Explore' }).isEnabled());
  // A new search starts a fresh worker.
  await configure({ algo: 'central', nodes: 2, requests: 1 });
  await page.getByRole('button', { name: 'Explore' }).click();
  await page.waitForSelector('#verdicts .badge', { timeout: 120000 });
  assert.equal(await page.textContent('#verdicts li[data-property=safety] .badge'), 'holds');
  assert.equal(await page.textContent('#verdicts li[data-property=liveness] .badge'), 'holds');
  // The metrics name the node they measured alone (the last: the first
  // may be a server, as central's N1 is).
  const metrics = await page.$$eval('#verdicts table.metrics th', (ts) => ts.map((t) => t.textContent));
  assert.deepEqual(metrics.slice(0, 2), ['messages per entry, N2 alone', 'client delay, N2 alone']);
});

// exploreWatchingProgress runs the exploration configured and returns
// every text the progress line showed, however briefly.
async function exploreWatchingProgress() {
  await page.evaluate(() => {
    window.progressSeen = [];
    new MutationObserver(() => window.progressSeen.push(document.getElementById('progress').textContent))
      .observe(document.getElementById('progress'), { childList: true, characterData: true, subtree: true });
  });
  await page.getByRole('button', { name: 'Explore' }).click();
  await page.waitForSelector('#verdicts .badge', { timeout: 120000 });
  return page.evaluate(() => window.progressSeen);
}

test('after the search, the liveness check shows its own progress', { skip }, async () => {
  await configure({ algo: 'election-bully', nodes: 3, requests: 2 });
  const seen = await exploreWatchingProgress();
  assert.equal(await page.textContent('#verdicts li[data-property=liveness] .badge'), 'holds');
  const lv = seen.filter((t) => /checking liveness/.test(t));
  assert.ok(lv.length > 0, `no liveness progress among ${JSON.stringify(seen)}`);
  const [, searched] = lv[0].match(/^([\d,]+) states searched · checking liveness: N\d's waiting states, [\d,]+ gone through · [\d.]+ s$/) ?? [];
  assert.ok(searched, lv[0]);
  // The search was over: the liveness check reports the states it found.
  assert.match(await page.textContent('#progress'), new RegExp(`^Explored election-bully with N=3, R=2, 1 crash: ${searched} states · `));
});

test('an election is not asked about Order, which it has none of', { skip }, async () => {
  const order = 'input[name=prop][value=order]';
  await configure({ algo: 'ra-v1', nodes: 2, requests: 1 });
  assert.ok(await page.isEnabled(order));
  assert.ok(await page.isChecked(order), 'Order is ticked, as by default');
  // The settings' tooltips are worded for the kind of algorithm: a
  // mutual exclusion's Requests are enter() calls, its App msgs make
  // Order's happened-before edges.
  const tip = (id) => page.locator(`.config .field:has(#${id})`).getAttribute('title');
  const mutexTips = async () => {
    assert.equal(await tip('requests'), 'enter() calls per node R');
    assert.match(await tip('app'), /^application messages per run \(they create the happened-before edges Order is about\)$/);
    assert.ok(await page.isEnabled('#app'), 'App msgs can be set for a mutual exclusion');
    assert.equal(await page.getAttribute('#app', 'title'), await tip('app'), 'said to a screen reader too');
  };
  await mutexTips();
  // For an election the box cannot be ticked, and says why on hover,
  // instead of refusing it with a toast once Explore is pressed.
  await configure({ algo: 'election-bully', nodes: 3, requests: 1 });
  // An election has no enter(): a request starts one; and no Order, so
  // App msgs cannot be set for it, and says why, as Order does.
  assert.doesNotMatch(await tip('requests'), /enter\(\) calls/);
  assert.match(await tip('requests'), /^elections each node may start R \(.*a request starts an election\)$/);
  assert.equal(await page.getAttribute('#requests', 'title'), await tip('requests'));
  assert.ok(await page.isDisabled('#app'), 'App msgs cannot be set for an election');
  assert.match(await tip('app'), /^App msgs does not apply to an election: .*an election has no critical section to enter in order\.$/);
  assert.equal(await page.getAttribute('#app', 'title'), await tip('app'), 'said to a screen reader too');
  assert.equal(await page.inputValue('#app'), '0');
  assert.ok(await page.isDisabled(order), 'Order cannot be ticked for an election');
  assert.ok(!(await page.isChecked(order)), 'nor shows ticked');
  const label = page.locator('label', { has: page.locator(order) });
  assert.match(await label.getAttribute('title'), /^Order does not apply to an election: .*an election has none/);
  assert.equal(await page.getAttribute(order, 'title'), await label.getAttribute('title'), 'said to a screen reader too');
  await label.click({ force: true }); // a click on it does nothing, and says nothing
  assert.ok(!(await page.isChecked(order)));
  assert.ok(await page.isHidden('#toast'), 'no toast');
  await configure({ algo: 'election-ring', nodes: 3, requests: 1 });
  assert.ok(await page.isDisabled(order));
  assert.ok(await page.isDisabled('#app'), 'nor for the ring election');
  assert.match(await tip('requests'), /a request starts an election/);
  await page.getByRole('button', { name: 'Explore' }).click();
  await page.waitForFunction(() => /^Explored election-ring/.test(document.getElementById('progress').textContent), null, { timeout: 120000 });
  assert.equal(await page.locator('#verdicts li[data-property=safety]').count(), 1);
  assert.equal(await page.locator('#verdicts li[data-property=order]').count(), 0, 'no "order unknown" for an election');
  // A mutual exclusion again: Order is back as the student left it.
  await configure({ algo: 'ra-v1', nodes: 2, requests: 1 });
  assert.ok(await page.isEnabled(order));
  assert.ok(await page.isChecked(order), 'ticked again, as it was');
  await mutexTips();
  assert.equal(await page.locator('label', { has: page.locator(order) }).getAttribute('title'), null);
  await page.uncheck(order);
  await configure({ algo: 'election-ring', nodes: 3, requests: 1 });
  await configure({ algo: 'ra-v1', nodes: 2, requests: 1 });
  assert.ok(!(await page.isChecked(order)), 'left unticked, it comes back unticked');
  await page.check(order);
});

test('after a reduced search finds a violation, the search for a shorter run says so', { skip }, async () => {
  await configure({ algo: 'ra-benari-numfirst', nodes: 3, requests: 1 });
  await page.uncheck('input[name=prop][value=liveness]');
  await page.uncheck('input[name=prop][value=order]');
  const seen = await exploreWatchingProgress();
  assert.equal(await page.textContent('#verdicts li[data-property=safety] .badge'), 'violated');
  // The full search after the reduced one reports its progress (its
  // first report always goes out), and says what it is for.
  const sh = seen.filter((t) => /looking for a shorter run/.test(t));
  assert.ok(sh.length > 0, `no progress of the search for a shorter run among ${JSON.stringify(seen)}`);
  assert.match(sh[0], /^Found a violation; looking for a shorter run: [\d,]+ states · depth \d+ · [\d.]+ s$/);
  // The result line says the search was reduced, as dmelab check does.
  assert.match(await page.textContent('#progress'), /^Explored ra-benari-numfirst with N=3, R=1\b.* transitions · partial-order reduction · /);
  await page.check('input[name=prop][value=liveness]');
  await page.check('input[name=prop][value=order]');
});

test('a search of safety alone without a reduction says it took sleep sets', { skip }, async () => {
  await configure({ algo: 'maekawa', nodes: 2, requests: 1 });
  await page.uncheck('input[name=prop][value=liveness]');
  await page.uncheck('input[name=prop][value=order]');
  await exploreWatchingProgress();
  assert.equal(await page.textContent('#verdicts li[data-property=safety] .badge'), 'holds');
  assert.match(await page.textContent('#progress'), /^Explored maekawa with N=2, R=1\b.*: [\d,]+ states · [\d,]+ transitions · sleep sets \(every state, fewer transitions\) · complete · /);
  await page.check('input[name=prop][value=liveness]');
  await page.check('input[name=prop][value=order]');
});

test('crash a node by clicking its name', { skip }, async () => {
  await configure({ algo: 'central', nodes: 3, requests: 1 });
  assert.equal(await page.getByRole('button', { name: 'Crash N2', exact: true }).count(), 0, 'no crashes allowed by default');
  await page.fill('#crashes', '1');
  await page.dispatchEvent('#crashes', 'change');
  await page.getByRole('button', { name: 'Crash N2', exact: true }).click();
  assert.match(await page.textContent('#nodes-view article:nth-child(2)'), /crashed/, await page.textContent('#toast') + ' ' + await address(page));
  assert.equal(await page.getByRole('button', { name: /^Crash N/ }).count(), 0, 'the budget of one crash is spent');
  assert.match(await address(page), /&c=1&/);
  await page.getByRole('button', { name: 'Run to the end' }).click();
  await shot('10-crash.png');
});

test('bully election: crash the highest node, the next highest is elected', { skip }, async () => {
  await open(pg.server.url + '#algo=election-bully&n=4&r=1&app=0&c=1');
  await page.getByRole('button', { name: 'Crash N4', exact: true }).click();
  // N1's application asks for an election: from then on the page says
  // who has not elected the highest live node yet. (Without it, N3's
  // "no leader" timer elects N3 all the same, unasked.)
  await page.locator('button[data-event="request N1"]').click();
  // The model's heartbeats never stop, so Run stops after a chunk of
  // events; somewhere early on everyone has elected N3.
  await page.getByRole('button', { name: 'Run to the end' }).click();
  await page.keyboard.press('Home');
  for (let i = 0; i < 60 && !/every live node has elected the highest/.test(await page.textContent('#position')); i++) {
    await page.keyboard.press('ArrowRight');
  }
  assert.match(await page.textContent('#position'), /every live node has elected the highest/);
  for (const k of [1, 2, 3]) assert.match(await page.textContent(`#nodes-view article:nth-child(${k})`), /leaderN3/);
  assert.ok(await page.locator('#diagram path.loop').count() > 0, 'messages to the crashed node are drawn as lost');
  await shot('11-election.png');
});

// The bully's leader sends heartbeats forever: once the election is over,
// Run used to draw 200 rows of them. It stops after their first round and
// says the run has settled; Step still goes on from there.
test('Run stops once a run only repeats itself (the bully\'s heartbeats), and says so', { skip }, async () => {
  await withPage(pg.server.url + '#algo=election-bully&n=3&r=1&app=0&c=1', async (p) => {
    await p.locator('button[data-event="request N1"]').click();
    await p.getByRole('button', { name: 'Run to the end' }).click();
    const pos = await p.textContent('#position span');
    const [, k, L] = pos.match(/^step (\d+) of (\d+)$/).map(Number);
    assert.equal(k, L, 'the cursor at the end');
    assert.ok(L < 30, `Run stopped after one round of heartbeats: ${pos}`);
    assert.match(await p.textContent('#position'), /every live node has elected the highest/);
    const note = await p.textContent('#note');
    const m = note.match(/^Settled at step (\d+) \(every live node has elected the highest\)\. From there the run only repeats the same (\d+) steps \(steps (\d+)–(\d+)\) forever, so Run stopped at step (\d+)\./);
    assert.ok(m, note);
    assert.equal(Number(m[1]) + Number(m[2]), L);
    assert.equal(Number(m[5]), L);
    // The round shown is heartbeats: N3 sends coordinator(3) again.
    const texts = await p.$$eval('#diagram text.evtext', (ts) => ts.map((t) => t.textContent));
    assert.ok(texts.slice(Number(m[1]) + 1).some((t) => /heartbeat/.test(t)), texts.join('\n'));
    // Step goes on by hand; the note goes with the cycle it spoke of.
    await p.keyboard.press('ArrowRight');
    assert.equal(await p.textContent('#position span'), `step ${L + 1} of ${L + 1}`);
    assert.equal(await p.isVisible('#note'), false);
  });
  // A run that ends by itself is not cut: Run still goes to its end.
  await withPage(pg.server.url + '#algo=ra-lamport&n=3&r=2&app=0', async (p) => {
    await p.getByRole('button', { name: 'Run to the end' }).click();
    assert.match(await p.textContent('#position'), /done/);
    assert.equal(await p.isVisible('#note'), false);
  });
  assert.deepEqual(pageErrors, []);
});

// A setting changed under a run made by hand (or a counterexample) keeps
// its events where they can still happen, and says what it kept; where it
// lost some, it leads back.
test('a setting changed under a hand-made run keeps its steps, or says what was lost', { skip }, async () => {
  await withPage(pg.server.url + '#algo=ra-v1&n=3&r=1&app=1&at=2&ev=request+N1%0Arequest+N2%0Arequest+N3', async (p) => {
    await p.fill('#crashes', '1');
    await p.dispatchEvent('#crashes', 'change');
    assert.equal(await p.textContent('#position span'), 'step 2 of 3', 'the same steps, the cursor where it was');
    assert.match(await p.textContent('#note'), /^Crashes is 1 now\. The run on screen is the run's 3 steps replayed on the settings above\./);
    assert.match(await p.textContent('#crash-hint'), /click its name above its column/);
    await p.fill('#nodes', '2');
    await p.dispatchEvent('#nodes', 'change');
    assert.equal(await p.textContent('#position span'), 'step 2 of 2');
    assert.match(await p.textContent('#note'), /^Nodes is 2 now\. Only the first 2 steps of the run's 3 replay on the settings above: step 3 \("N3 calls enter\(\)"\) cannot happen with these settings, so the run on screen stops there\./);
    await p.getByRole('button', { name: 'Back to the run before' }).click();
    assert.equal(await p.textContent('#position span'), 'step 2 of 3');
    assert.equal(await p.inputValue('#nodes'), '3');
  });
  assert.deepEqual(pageErrors, []);
});

test('works offline once loaded', { skip }, async () => {
  await open(pg.server.url + '#algo=central&n=2&r=1&app=1');
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await pg.browser.setOffline(true);
  try {
    await page.reload();
    await page.waitForSelector('html[data-ready=true]', { timeout: 180000 });
    await page.keyboard.press('r');
    assert.match(await page.textContent('#position'), /done/);
    await page.getByRole('button', { name: 'Explore' }).click();
    await page.waitForSelector('#verdicts .badge', { timeout: 120000 });
    assert.equal(await page.textContent('#verdicts li[data-property=safety] .badge'), 'holds');
    await shot('08-offline.png');
  } finally {
    await pg.browser.setOffline(false);
  }
});

// The service worker stores a response again only when its ETag is not
// the stored copy's: a stale copy is replaced, a current one is not
// written again (the core is 6 MB, fetched at every page load).
test('the offline copy is replaced when the server\'s file changed, and only then', { skip }, async () => {
  await open(pg.server.url + '#algo=central&n=2&r=1&app=1');
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  const stored = () => page.evaluate(async () => {
    const c = await caches.open('dmelab-playground-v3');
    const r = await c.match('favicon.svg');
    return r ? { tag: r.headers.get('ETag'), body: await r.text() } : null;
  });
  // plant puts a copy with the given ETag in the store, fetches the file
  // through the service worker, and gives its ETag from the server.
  const plant = (tag) => page.evaluate(async (t) => {
    const c = await caches.open('dmelab-playground-v3');
    await c.put('favicon.svg', new Response('planted', { headers: { ETag: t, 'Content-Type': 'image/svg+xml' } }));
    const r = await fetch('favicon.svg');
    await r.text();
    return r.headers.get('ETag');
  }, tag);

  const current = await plant('"stale"');
  assert.ok(current && current !== '"stale"', `the server's ETag: ${current}`);
  await page.waitForFunction(async () => {
    const r = await (await caches.open('dmelab-playground-v3')).match('favicon.svg');
    return r && (await r.text()).startsWith('<svg');
  }, null, { timeout: 10000 });
  assert.equal((await stored()).tag, current, 'a stale copy is replaced by the server\'s');

  assert.equal(await plant(current), current);
  await page.evaluate(() => new Promise((r) => setTimeout(r, 500))); // a put would have landed
  assert.deepEqual(await stored(), { tag: current, body: 'planted' }, 'a copy with the current ETag is not written again');
});

// withPage runs f on a page of its own (opened at url, ready), closed after.
async function withPage(url, f) {
  const p = await pg.browser.newPage();
  p.setDefaultTimeout(60000);
  p.on('pageerror', (e) => pageErrors.push(e.message));
  try {
    await p.goto(url);
    await p.waitForSelector('html[data-ready=true]', { timeout: 180000 });
    return await f(p);
  } finally {
    await p.close();
  }
}

// Issue 14 item 7: the legend above the pseudocode shows the marks in
// the colours the listing uses (it sat outside .listing, so uncoloured).
test('the pseudocode legend shows the marks in the listing\'s colours', { skip }, async () => {
  await withPage(pg.server.url + '#algo=ra-lamport&n=2&r=1&app=1', async (p) => {
    await p.locator('button[data-event="request N1"]').click();
    await p.waitForSelector('#listing .tag-node.last');
    const bg = (sel) => p.$eval(sel, (e) => getComputedStyle(e).backgroundColor);
    const here = await bg('#listing .tag-node:not(.last):not(.crashed)');
    const last = await bg('#listing .tag-node.last');
    assert.notEqual(here, last);
    for (const c of [here, last]) assert.doesNotMatch(c, /rgba\(0, 0, 0, 0\)|transparent/);
    assert.equal(await bg('#listing-hint .tag-node:not(.last)'), here, 'the legend\'s "where a node is"');
    assert.equal(await bg('#listing-hint .tag-node.last'), last, 'the legend\'s "what its last event ran"');
  });
});

// Run to the end scrolls the diagram to its last row; a click on an
// early row right after (its scroll not yet told to the page) goes to
// that row. The click used to be read against the node names' old
// place and taken for a click on a name: nothing happened, or, with
// crashes allowed, a node crashed.
test('a click on a row right after a jump goes to that row, never crashes a node', { skip }, async () => {
  // A long run with crashes allowed (the bully's, once 200 rows of
  // heartbeats, now stops after their first round).
  await withPage(pg.server.url + '#algo=ra-lamport&n=4&r=2&app=0&c=1', async (p) => {
    await p.getByRole('button', { name: 'Run to the end' }).click();
    const wrap = () => p.evaluate(() => document.getElementById('diagram-wrap').scrollTop);
    assert.ok(await wrap() > 200, 'the diagram followed the run down');
    assert.equal(await p.getByRole('button', { name: /^Crash N/ }).count(), 4);
    await p.locator('#diagram rect.rowhit[data-step="5"]').click();
    assert.match(await p.textContent('#position span'), /^step 5 of \d+$/);
    assert.equal(await p.getByRole('button', { name: /^Crash N/ }).count(), 4, 'no node crashed');
    assert.doesNotMatch(await p.textContent('#nodes-view'), /crashed/);
  });
});

// Six nodes leave the step text little room beside them: it wraps to the
// panel's width instead of running off its edge, no word of it lost, and
// a click on a row's lower lines still goes to that row.
test('step texts wrap to the diagram panel: nothing is cut at its edge', { skip }, async () => {
  await withPage(pg.server.url, async (p) => {
    await p.waitForFunction(() => document.querySelectorAll('#diagram rect.rowhit').length === 36);
    const laid = await p.evaluate(() => {
      const wrap = document.getElementById('diagram-wrap');
      const svg = document.getElementById('diagram');
      const right = svg.getBoundingClientRect().left + wrap.clientWidth;
      const texts = [...svg.querySelectorAll('text.evtext')];
      return {
        sideways: wrap.scrollWidth - wrap.clientWidth,
        over: texts.filter((t) => t.getBoundingClientRect().right > right + 1).map((t) => t.textContent),
        wrapped: texts.filter((t) => t.querySelectorAll('tspan').length > 1).length,
        lost: [...svg.querySelectorAll('rect.rowhit')].map((r, k) => [r.getAttribute('aria-label').replace(/^Go to step \d+: /, ''), texts[k].textContent]).filter(([a, b]) => a !== b),
      };
    });
    assert.equal(laid.sideways, 0, 'no scrolling sideways');
    assert.deepEqual(laid.over, [], 'no text past the panel\'s edge');
    assert.ok(laid.wrapped > 0, 'long texts take more than one line');
    assert.deepEqual(laid.lost, [], 'every row says its whole text');
    // The page opens at step 0: the row is brought into view first.
    await p.locator('#diagram rect.rowhit[data-step="28"]').scrollIntoViewIfNeeded();
    const row = await p.locator('#diagram rect.rowhit[data-step="28"]').boundingBox();
    assert.ok(row.height > 40, `step 28's text wraps (its row is ${row.height} px high)`);
    await p.mouse.click(row.x + row.width - 20, row.y + row.height - 4);
    assert.equal(await p.textContent('#position span'), 'step 28 of 35');
    await p.screenshot({ path: path.join(ART, '31-wrapped-steps.png') });
    // Another window width (the panels laid out anew): drawn again, to fit.
    const was = await p.getAttribute('#diagram', 'width');
    await p.setViewportSize({ width: 1180, height: 800 });
    await p.waitForFunction((w) => document.getElementById('diagram').getAttribute('width') !== w, was);
    const sideways = () => p.evaluate(() => { const w = document.getElementById('diagram-wrap'); return w.scrollWidth - w.clientWidth; });
    assert.equal(await sideways(), 0, 'no scrolling sideways at 1180 px');
    // The Listing view widens its column, and the diagram's narrows: it
    // is drawn again to fit, with no change of the window.
    await p.setViewportSize({ width: 1366, height: 800 });
    await p.waitForFunction((w) => document.getElementById('diagram').getAttribute('width') === w, was);
    await p.getByRole('button', { name: 'Edit the listing' }).click();
    await p.waitForFunction((w) => document.getElementById('diagram').getAttribute('width') !== w, was);
    assert.equal(await sideways(), 0, 'no scrolling sideways with the Listing view open');
  });
});

// Issue 14 item 7: a schedule built by hand and shared opens as that
// hand-made run, not as "Edited" (the starter scenario offered in the
// empty editor is not an edit).
test('a hand-built schedule opened from a share link is not "Edited"', { skip }, async () => {
  const url = await withPage(pg.server.url + '#algo=ra-lamport&n=3&r=1&app=1', async (p) => {
    await p.locator('button[data-event="request N2"]').click();
    await p.locator('button[data-event="request N1"]').click();
    await p.waitForFunction(() => /&ev=/.test(location.hash));
    return address(p);
  });
  await withPage(url, async (p) => {
    assert.equal(await p.textContent('#position span'), 'step 2 of 2');
    await p.waitForFunction(() => document.getElementById('editor').editorText().trim() !== '');
    const status = await p.textContent('#scenario-status');
    assert.doesNotMatch(status, /Edited/);
    assert.match(status, /made from the settings above/);
    // Typing in the editor is an edit.
    await p.click('#editor .cm-content');
    await p.keyboard.press('End');
    await p.keyboard.type('\n# mine');
    assert.match(await p.textContent('#scenario-status'), /Edited/);
  });
});

// Issue 14 item 7: the favicon the page names is served, and so is
// /favicon.ico (asked for by pages and tools that name none).
test('the favicon is served', { skip }, async () => {
  await withPage(pg.server.url, async (p) => {
    const icons = await p.$$eval('link[rel~=icon]', (ls) => ls.map((l) => l.href));
    assert.ok(icons.length > 0, 'the page names an icon');
    for (const u of [...icons, new URL('/favicon.ico', pg.server.url).href]) {
      const r = await p.evaluate(async (u) => { const r = await fetch(u); return { status: r.status, type: r.headers.get('content-type') }; }, u);
      assert.equal(r.status, 200, u);
      assert.match(r.type, /^image\//, u);
    }
  });
});

test('no errors in the page', { skip }, () => {
  assert.deepEqual(pageErrors, []);
});
