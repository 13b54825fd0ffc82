// Browser test of the exercise list (issue 14, item 13): `dmelab serve`'s
// catalogue shows the set as its staff wrote it in exercises/set.md — its
// title, its introduction, its exercises in its order with their titles —
// and for each exercise the student's best score so far (this browser's
// history; there are no accounts). Run: make test-browser.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, skip } from './harness.mjs';
import { submit, frontTitle, mutant, served } from './serve.mjs';

const read = (p) => fs.readFileSync(path.join(ROOT, p), 'utf8');

// The set's index, read as the staff wrote it.
const index = read('exercises/set.md');
const order = [...index.split(/^---$/m)[1].matchAll(/^\s+-\s+(\S+)\s*$/gm)].map((m) => m[1]);
const intro = index.split(/^---$/m).slice(2).join('---').trim();

const fx = served();
let page;

before(async () => {
  await fx.start();
  page = fx.page;
});
after(() => fx.stop());

// rows is the catalogue's exercises as shown: name, title, best score.
const rows = () => page.$$eval('table.catalogue tbody tr', (trs) => trs.map((tr) => ({
  name: tr.querySelector('td.best').dataset.exercise,
  title: tr.querySelector('a').textContent,
  href: tr.querySelector('a').getAttribute('href'),
  best: tr.querySelector('td.best').textContent,
})));

test('the list follows set.md: its title, its introduction, its order and the exercises\' titles', { skip }, async () => {
  assert.ok(order.length >= 10, `set.md lists the exercises (${order})`);
  await page.goto(fx.server.url + 'exercises/');
  assert.equal(await page.textContent('h1'), frontTitle(index));
  assert.equal(await page.$$eval('h1', (h) => h.length), 1, 'one top heading');
  const shown = await page.textContent('.intro');
  const words = (s) => s.replace(/[`*_]/g, '').replace(/\s+/g, ' ').trim();
  assert.equal(words(shown), words(intro), 'the introduction is shown, rendered');
  const list = await rows();
  assert.deepEqual(list.map((r) => r.name), order, 'the order of set.md, not the alphabet');
  for (const r of list) {
    assert.equal(r.title, frontTitle(read(`exercises/${r.name}/exercise.md`)), `${r.name}'s title`);
    assert.equal(r.href, `/exercises/${r.name}`);
    assert.equal(r.best, 'not tried', `${r.name}: nothing submitted yet`);
  }
});

test('the best score so far is shown after submissions, and stays the best', { skip }, async () => {
  const name = order[0];
  await page.goto(fx.server.url + `exercises/${name}`);
  const full = await submit(page, read(`exercises/${name}/solution.go`));
  const m = /^graded: (\d+(?:\.\d+)?) \/ (\d+(?:\.\d+)?)$/.exec(full);
  assert.ok(m, `the reference is graded: ${full}`);
  assert.equal(m[1], m[2], 'full marks');
  const worse = await submit(page, mutant(name));
  assert.match(worse, /^graded: /);
  assert.notEqual(worse, full, 'the mutant loses points');

  await page.goto(fx.server.url + 'exercises/');
  const list = await rows();
  const row = list.find((r) => r.name === name);
  assert.equal(row.best, `${m[1]} / ${m[2]} (2 submissions)`, 'the best of the two, not the last');
  for (const r of list.filter((x) => x.name !== name)) assert.equal(r.best, 'not tried', r.name);
  await page.click(`a[href="/exercises/${name}"]`);
  await page.waitForSelector('#statement h1');
});
