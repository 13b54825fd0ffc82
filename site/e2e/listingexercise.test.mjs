// Browser test of an exercise that asks for a listing (listing-ra-v1):
// its page puts starter.txt in the editor with the listing highlighting,
// a listing with a mistake is not graded and its problem is listed at
// line:col, and the reference listing gets full marks. No Go is built,
// so grading is quick. Run: make test-browser.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, skip } from './harness.mjs';
import { submit, served } from './serve.mjs';

const read = (p) => fs.readFileSync(path.join(ROOT, p), 'utf8');

const fx = served();
let page;

before(async () => {
  await fx.start();
  page = fx.page;
});
after(() => fx.stop());

test('a listing exercise: the starter listing in the editor, a mistake at line:col, full marks for the fix', { skip }, async () => {
  await page.goto(fx.server.url + 'exercises/listing-ra-v1');
  await page.waitForSelector('.work[data-editor="listing"] .cm-editor');
  assert.match(await page.textContent('label[for=source]'), /solution\.txt/);
  assert.match(await page.textContent('.cm-content'), /algorithm ra-v1/, 'the starter listing is in the editor');

  const broken = read('exercises/listing-ra-v1/starter.txt').replace('P11: if requestedNum < myNum:', 'P11: if requestedNum < myNumber:');
  const status = await submit(page, broken, 60000);
  assert.match(status, /^not graded/);
  const where = await page.$$eval('#problems li', (lis) => lis.map((li) => li.textContent));
  assert.ok(where.some((t) => /^line 26:32 .*myNumber/.test(t)), `problems: ${where}`);
  const html = await page.$eval('#feedback', (f) => f.srcdoc);
  assert.match(html, /solution\.txt:26:32/);

  assert.match(await submit(page, read('exercises/listing-ra-v1/solution.txt'), 60000), /graded: 21 \/ 21/);
});
