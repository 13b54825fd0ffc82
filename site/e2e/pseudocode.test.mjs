// Browser tests of the pseudocode view and the space-time diagram's
// layout: only the branch a step took is marked as run, steps are said in
// the course's words, and the diagram's labels never overlap, never leave
// the picture and name nodes as the scenario does.
//
// Run: node --test site/e2e/pseudocode.test.mjs (after make site).

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { ART, ROOT, playground, skip } from './harness.mjs';

const pg = playground();
const { pageErrors } = pg;
let page;

before(async () => {
  await pg.start();
  page = pg.page;
});
after(() => pg.stop());

const shot = (name) => page.screenshot({ path: path.join(ART, name), fullPage: true });

// open loads a scenario from a link, as the grader writes them, with the
// cursor at step at.
async function open(text, at) {
  const frag = `scenario=${zlib.deflateRawSync(Buffer.from(text)).toString('base64url')}&at=${at}`;
  await page.goto('about:blank'); // a fresh page, not a hash change in the old one
  await page.goto(`${pg.server.url}#${frag}`);
  await page.waitForSelector('html[data-ready=true]', { timeout: 180000 });
  await page.waitForFunction((k) => document.querySelector('#position span')?.textContent.startsWith(`step ${k} of`), at);
}

// layout returns the diagram's text: each label's box on screen, the
// picture's box, and every tooltip. It scrolls the diagram to its top
// first: scrolled, the node names stay pinned over the rows, on a
// background of their own that hides what passes beneath.
const layout = () => page.evaluate(() => {
  const wrap = document.getElementById('diagram-wrap');
  wrap.scrollTop = 0;
  wrap.dispatchEvent(new Event('scroll'));
  const svg = document.getElementById('diagram');
  const r = (b) => ({ x1: b.left, y1: b.top, x2: b.right, y2: b.bottom });
  const texts = [...svg.querySelectorAll('text')].filter((t) => t.textContent.trim() !== '')
    .map((t) => ({ text: t.textContent, cls: t.getAttribute('class'), ...r(t.getBoundingClientRect()) }));
  return { svg: r(svg.getBoundingClientRect()), texts, titles: [...svg.querySelectorAll('title')].map((t) => t.textContent) };
});

// checkLayout asserts that no two labels overlap, that every label is in
// the picture, and that the tooltips name only the scenario's nodes.
async function checkLayout(names, what) {
  const { svg, texts, titles } = await layout();
  assert.ok(texts.length > 20, `${what}: the diagram has labels`);
  for (const t of texts) {
    assert.ok(t.x1 >= svg.x1 - 0.5 && t.x2 <= svg.x2 + 0.5 && t.y1 >= svg.y1 - 0.5 && t.y2 <= svg.y2 + 0.5,
      `${what}: "${t.text}" (${t.cls}) lies outside the picture: ${JSON.stringify(t)} vs ${JSON.stringify(svg)}`);
  }
  // Boxes may touch (a pixel of tolerance), not overlap.
  const over = (a, b) => Math.min(a.x2, b.x2) - Math.max(a.x1, b.x1) > 1 && Math.min(a.y2, b.y2) - Math.max(a.y1, b.y1) > 1;
  for (let i = 0; i < texts.length; i++) {
    for (let j = i + 1; j < texts.length; j++) {
      assert.ok(!over(texts[i], texts[j]), `${what}: "${texts[i].text}" (${texts[i].cls}) overlaps "${texts[j].text}" (${texts[j].cls})`);
    }
  }
  const heads = texts.filter((t) => t.cls === 'node-name').map((t) => t.text);
  assert.deepEqual(heads, names, `${what}: the columns carry the scenario's names`);
  for (const tip of titles) {
    for (const nm of tip.match(/\bN\d+\b/g) || []) assert.ok(names.includes(nm), `${what}: the tooltip "${tip}" names ${nm}, not a node of the scenario`);
  }
  return texts;
}

const RING = ['N3', 'N5', 'N12', 'N32', 'N80', 'N7'];
const RING_SCN = `algorithm election-ring\nnodes ${RING.join(' ')}\nrequest N3\nrequest N12\nrun\n`;

test('the diagram of a 6-node ring election with the scenario\'s names: no label overlaps another or leaves the picture', { skip }, async () => {
  for (const at of [0, 13, 30]) {
    await open(RING_SCN, at);
    const texts = await checkLayout(RING, `election-ring at step ${at}`);
    const labels = texts.filter((t) => t.cls === 'msglabel').length;
    const msgs = await page.locator('#diagram path.msg').count();
    assert.ok(labels >= msgs * 0.8, `at step ${at}: ${labels} of ${msgs} arrows keep their label`);
  }
  await page.locator('#diagram-wrap').screenshot({ path: path.join(ART, '60-ring-layout.png') });
  assert.deepEqual(pageErrors, []);
});

// Maekawa's fans of requests and votes, with messages to itself: every
// arrow keeps its label, no label covers another, and none sits on
// another arrow (they used to: "reply" of a node's vote for itself on
// its own request's arrows, "reques" cut by its neighbour's).
test('maekawa N=4 run to its end: every arrow keeps its label, on no other label or arrow', { skip }, async () => {
  await page.goto('about:blank');
  await page.goto(`${pg.server.url}#algo=maekawa&n=4&r=1&app=0`);
  await page.waitForSelector('html[data-ready=true]', { timeout: 180000 });
  await page.getByRole('button', { name: 'Run to the end' }).click();
  await page.waitForFunction(() => /done/.test(document.getElementById('position').textContent));
  await checkLayout(['N1', 'N2', 'N3', 'N4'], 'maekawa N=4');
  const { labels, arrows, crossed } = await page.evaluate(() => {
    const svg = document.getElementById('diagram');
    const ls = [...svg.querySelectorAll('text.msglabel')].map((t) => ({ msg: t.dataset.msg, text: t.textContent, b: t.getBBox() }));
    const ps = [...svg.querySelectorAll('path.msg')];
    const out = [];
    for (const l of ls) {
      // Inside the text's box, by more than half a pixel.
      const inBox = (q) => q.x > l.b.x + 0.5 && q.x < l.b.x + l.b.width - 0.5 && q.y > l.b.y + 0.5 && q.y < l.b.y + l.b.height - 0.5;
      for (const p of ps) {
        if (p.dataset.msg === l.msg) continue;
        const len = p.getTotalLength();
        for (let k = 0; k <= 200; k++) {
          if (inBox(p.getPointAtLength((len * k) / 200))) {
            out.push(`"${l.text}" (message ${l.msg}) lies on ${p.querySelector('title').textContent}`);
            break;
          }
        }
      }
    }
    return { labels: ls.length, arrows: ps.length, crossed: out };
  });
  assert.ok(arrows > 30, `a run of many messages (${arrows})`);
  assert.equal(labels, arrows, 'every arrow keeps its label');
  assert.deepEqual(crossed, [], 'no label on another arrow');
  await page.locator('#diagram-wrap').screenshot({ path: path.join(ART, '61-maekawa-labels.png') });
  assert.deepEqual(pageErrors, []);
});

test('seed 001\'s six nodes mid-run: the header (names, phases, step count) does not overlap, tooltips use N3…N80', { skip }, async () => {
  const seed001 = fs.readFileSync(path.join(ROOT, 'algorithms', 'scenario', 'testdata', 'seed001.scn'), 'utf8');
  for (const at of [13, 35]) {
    await open(seed001, at);
    const texts = await checkLayout(['N3', 'N5', 'N6', 'N12', 'N32', 'N80'], `seed001 at step ${at}`);
    if (at === 13) assert.ok(texts.some((t) => t.cls === 'node-phase' && t.text === 'wanting'), `some node is wanting: ${texts.filter((t) => t.cls === 'node-phase').map((t) => t.text)}`);
    assert.ok(texts.some((t) => t.cls === 'stepof' && t.text === `step ${at} of 35`));
  }
  // A step's tooltip says it in words, with the scenario's names.
  const tip = await page.$eval('#diagram rect.rowhit[data-step="28"] title', (t) => t.textContent);
  assert.match(tip, /^28\. N80 queues N12's request: N80 wants the CS and asked first/);
  assert.deepEqual(pageErrors, []);
});

// ra-v1: N1 asks with number 2, N2 (idle, myNum 0) defers it, N3 asks
// with number 1 and defers it, N1 replies to N3.
const RAV1 = `algorithm ra-v1
nodes N1 N2 N3
request N1
step N1 P2 myNum = chooseNumber() = 2
step N1 P4
step N1 P4
deliver N1->N2 request(2)
step N2 P11
request N3
step N3 P2 myNum = chooseNumber() = 1
deliver N1->N3 request(2)
step N3 P11
step N3 P4
step N3 P4
deliver N3->N1 request(1)
step N1 P11
`;

// marked returns the listing lines marked with node's tag of kind
// ('last' or 'now').
const marked = (node, kind) => page.$$eval(`#listing .ln`, (ls, [node, kind]) => ls
  .filter((l) => [...l.querySelectorAll('.tag-node')].some((t) => t.dataset.node === node && t.classList.contains('last') === (kind === 'last')))
  .map((l) => l.querySelector('.src').textContent.trim()), [node, kind]);

test('the pseudocode marks the branch a step took, and says the step in words', { skip }, async () => {
  await open(RAV1, 6); // N2 at P11, idle with myNum = 0: it defers
  assert.deepEqual(await marked('N2', 'last'), ['P11: if requestedNum < myNum:', 'else:', 'add source to differed'],
    'N2 deferred: its P11 test and the else branch, not send(reply)');
  assert.equal(await page.textContent('#listing .step-say'), 'Step 6: N2 defers N1\'s request although N2 is not trying: its myNum 0 gives it priority (number 0 < 2)');
  assert.equal((await page.$$eval('#diagram text.evtext', (ts) => ts.map((t) => t.textContent)))[6], 'N2 defers N1\'s request although N2 is not trying: its myNum 0 gives it priority (number 0 < 2)');

  await open(RAV1, 13); // N1 received N3's request (number 1) and is at P11: it will reply
  assert.deepEqual(await marked('N1', 'now'), ['P5:     await reply\'s from all other nodes', 'P11: if requestedNum < myNum:', 'send(reply,source,myID)'],
    'where N1 is: main awaits replies; receive is at the test and the branch it is about to take');
  await open(RAV1, 14);
  assert.deepEqual(await marked('N1', 'last'), ['P11: if requestedNum < myNum:', 'send(reply,source,myID)'], 'N1 replied');
  assert.equal(await page.textContent('#listing .step-say'), 'Step 14: N1 replies to N3: N3 has priority (number 1 < 2)');
  await shot('61-pseudocode-branch.png');
  assert.deepEqual(pageErrors, []);
});
