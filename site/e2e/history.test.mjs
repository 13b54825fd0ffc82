// Browser tests of the exercise page's history of submissions (this
// browser's, in localStorage): each entry says how many of its tests
// passed and names the first failing ones, so that attempts can be told
// apart at a glance (entries kept before that still read as they did);
// code identical to a graded submission is not sent again unless the
// student asks, its feedback shown instead, nor code identical to one
// still waiting to be graded; and code whose answer was
// lost, submitted again, goes with its first Idempotency-Key. On
// `dmelab serve`, the ra-steps exercise; grading builds Go: waits are long.
// Run: make test-browser.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, skip } from './harness.mjs';
import { mutant, served } from './serve.mjs';

const GRADE = 300000; // a cold Go build cache makes the first grading slow
const EX = 'ra-steps';
const read = (p) => fs.readFileSync(path.join(ROOT, p), 'utf8');

const fx = served();
const { pageErrors } = fx;
let page;

before(async () => {
  await fx.start();
  page = fx.page;
});
after(() => fx.stop());

const history = (p = page) => p.evaluate((k) => JSON.parse(localStorage.getItem(k) || '[]'), `dmelab.submissions.${EX}`);
const entries = (p = page) => p.$$eval('#history li', (li) => li.map((x) => x.textContent)); // newest first
const status = (p = page) => p.textContent('#status');
const setSource = (text, p = page) => p.evaluate((t) => {
  const s = document.getElementById('source');
  s.value = t;
  s.dispatchEvent(new Event('input'));
}, text);
const graded = (p = page) => p.waitForFunction(() => /^(not )?graded:/.test(document.getElementById('status').textContent), null, { timeout: GRADE });

// posts counts the submissions the page sends (and keeps their keys).
function posts(p = page) {
  const sent = [];
  const on = (r) => { if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/submissions') sent.push(r.headers()['idempotency-key']); };
  p.on('request', on);
  return { sent, stop: () => p.off('request', on) };
}

// expected is what an entry should say of a result's tests, worked out
// here from the API's own answer for the submission.
async function expected(id) {
  const v = await page.evaluate(async (i) => (await fetch(`/api/submissions/${i}`)).json(), id);
  const tests = v.result.tests;
  const failed = tests.filter((t) => !t.passed);
  return { passed: tests.length - failed.length, total: tests.length, failed: failed.map((t) => t.name) };
}

const wrong = `${mutant(EX, 'no_tie_break')}\n// history ${Date.now()}\n`;
const solution = `${read(`exercises/${EX}/solution.go`)}\n// history ${Date.now()}\n`;

test('each entry says how many tests passed and names the first failing ones', { skip }, async () => {
  await page.goto(fx.server.url + `exercises/${EX}`);
  await page.waitForSelector('.work[data-editor="go"] .cm-editor');
  await setSource(wrong);
  await page.click('#submit');
  await graded();
  const [first] = await history();
  const want = await expected(first.id);
  assert.ok(want.failed.length >= 3, `the mutant fails several tests: ${want.failed}`);
  const more = want.failed.length - 2;
  const line = `${want.passed} of ${want.total} tests pass; failing: ${want.failed[0]}, ${want.failed[1]} and ${more} more`;
  assert.match((await entries())[0], /^\d{1,2}:\d\d:\d\d(?:\s?[AP]M)? — \d+ \/ 38/);
  assert.ok((await entries())[0].endsWith(` · ${line}`), `the entry: ${(await entries())[0]}; wanted ${line}`);
  // Kept as data, not only as words.
  assert.equal(first.passed, want.passed);
  assert.equal(first.total, want.total);
  assert.deepEqual(first.failing, want.failed.slice(0, 2));

  await setSource(solution);
  await page.click('#submit');
  await graded();
  assert.match(await status(), /^graded: 38 \/ 38$/);
  const items = await entries();
  assert.equal(items.length, 2);
  assert.ok(items[0].endsWith(` · all ${want.total} tests pass`), `the newest: ${items[0]}`);
  assert.ok(items[1].endsWith(` · ${line}`), `the older still says its own: ${items[1]}`);
  await page.reload();
  await graded();
  assert.deepEqual(await entries(), items, 'the same after a reload');
});

// The feedback comes below the editor, the history and the try's box,
// often below the screen: a button beside the status goes there.
test('"See the feedback" beside the status goes to the feedback below the screen', { skip }, async () => {
  assert.ok(await page.isVisible('#feedback'), 'a feedback is shown');
  // The status at the screen's foot, as after Submit below a long file.
  await page.evaluate(() => document.getElementById('status').scrollIntoView({ block: 'end' }));
  await page.waitForSelector('#to-feedback:not([hidden])');
  assert.ok(await page.evaluate(() => document.getElementById('shown').getBoundingClientRect().top > window.innerHeight), 'the feedback is below the screen');
  await page.click('#to-feedback');
  const top = await page.evaluate(() => document.getElementById('shown').getBoundingClientRect().top);
  assert.ok(top > -2 && top < 50, `the feedback's heading is at the top of the screen (${top} px)`);
  assert.equal(await page.evaluate(() => document.activeElement.id), 'shown-label', 'the focus is on its heading');
});

test('entries kept before the tests were, or not graded, read as they did', { skip }, async () => {
  const real = await history();
  const day = 86400000;
  const old = [
    { id: '1'.padEnd(32, 'a'), at: Date.now() - 3 * day, status: 'done', score: '12 / 38', points: 12, max: 38 },
    { id: '2'.padEnd(32, 'a'), at: Date.now() - 2 * day, status: 'done', score: 'not graded: your code does not compile' },
    { id: '3'.padEnd(32, 'a'), at: Date.now() - day, status: 'failed', score: 'grading failed' },
  ];
  try {
    await page.evaluate(([k, all]) => localStorage.setItem(k, JSON.stringify(all)), [`dmelab.submissions.${EX}`, [...old, ...real]]);
    await page.reload();
    await graded();
    const items = await entries();
    assert.equal(items.length, old.length + real.length);
    const olds = items.slice(real.length).reverse();
    for (const [i, s] of old.entries()) {
      assert.match(olds[i], new RegExp(` — ${s.score}$`), `an old entry reads as before: ${olds[i]}`);
      assert.doesNotMatch(olds[i], /·|undefined|NaN|tests? pass/);
    }
    // The catalogue's best score is unchanged by the new fields.
    await page.goto(fx.server.url + 'exercises/');
    assert.equal(await page.textContent(`td.best[data-exercise="${EX}"]`), `38 / 38 (${old.length + real.length} submissions)`);
  } finally {
    await page.evaluate(([k, all]) => localStorage.setItem(k, JSON.stringify(all)), [`dmelab.submissions.${EX}`, real]);
    await page.goto(fx.server.url + `exercises/${EX}`);
    await graded();
  }
});

test('the same code again is not sent: its feedback is shown, and "Submit anyway" sends it', { skip }, async () => {
  const before = await history();
  const older = before.find((s) => s.source === wrong);
  const watch = posts();
  try {
    // From the keyboard, the older submission's code in the editor.
    await setSource(wrong);
    await page.focus('#submit');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => /^This is the same code/.test(document.getElementById('status').textContent), null, { timeout: 30000 });
    const said = await status();
    assert.match(said, /^This is the same code as your submission of \d{1,2}:\d\d:\d\d(?:\s?[AP]M)? \(\d+ \/ 38\): nothing was sent, and its feedback is shown below\. "Submit anyway" has it graded again/);
    assert.ok(said.includes(`(${older.score})`), said);
    assert.equal(await page.getAttribute('#status', 'role'), 'status', 'said in the live region');
    assert.equal(watch.sent.length, 0, 'nothing was sent');
    assert.equal((await history()).length, before.length, 'no new entry');
    // Its feedback is the one shown, labelled.
    assert.match(await page.textContent('#shown-label'), new RegExp(`— ${older.score}$`));
    assert.equal(await page.$eval('#history a[aria-current]', (a) => a.getAttribute('href')), `#${older.id}`);
    assert.match(await page.$eval('#feedback', (f) => f.srcdoc), new RegExp(`Score: ${older.points} / 38`));
    assert.ok(await page.isVisible('#feedback'));
    // The focus stays on Submit; "Submit anyway" is the next stop.
    assert.equal(await page.evaluate(() => document.activeElement.id), 'submit');
    assert.ok(await page.isVisible('#submit-anyway'));
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement.textContent), 'Submit anyway');
    // Submit again, the same answer; Ctrl+Enter from the editor too, the
    // focus left there.
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    await page.click('.cm-content');
    await page.keyboard.press('Control+Enter');
    await page.waitForTimeout(500);
    assert.equal(watch.sent.length, 0, 'still nothing sent');
    assert.match(await status(), /^This is the same code/);
    assert.ok(await page.evaluate(() => document.activeElement.closest('.cm-editor') !== null), 'the focus stays in the editor');
    assert.equal(await page.inputValue('#source'), wrong, 'Ctrl+Enter inserted nothing');

    // Typing withdraws the offer; the same code again brings it back.
    await page.keyboard.press('Control+End');
    await page.keyboard.type('x');
    assert.equal(await page.isVisible('#submit-anyway'), false, 'other code: no "Submit anyway"');
    await page.keyboard.press('Backspace');
    await page.focus('#submit');
    await page.keyboard.press('Enter');
    await page.waitForSelector('#submit-anyway:not([hidden])');

    // "Submit anyway": sent, graded, a new entry; the focus on Submit.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await graded();
    assert.equal(watch.sent.length, 1, 'sent once');
    const after = await history();
    assert.equal(after.length, before.length + 1, 'one more entry');
    assert.notEqual(after.at(-1).id, older.id);
    assert.equal(after.at(-1).source, wrong);
    assert.equal(await page.isVisible('#submit-anyway'), false);
    assert.equal(await page.evaluate(() => document.activeElement.id), 'submit', 'the focus went back to Submit');
    assert.equal(await page.$eval('#history a[aria-current]', (a) => a.getAttribute('href')), `#${after.at(-1).id}`);
  } finally {
    watch.stop();
  }
});

test('choosing another submission withdraws "Submit anyway"', { skip }, async () => {
  await setSource(solution);
  await page.click('#submit');
  await page.waitForSelector('#submit-anyway:not([hidden])', { timeout: 30000 });
  assert.match(await status(), /\(38 \/ 38\)/);
  await page.click('#history li:last-child a');
  await graded();
  assert.equal(await page.isVisible('#submit-anyway'), false);
  assert.doesNotMatch(await status(), /same code/);
});

// The same code again while its first submission still waits to be
// graded (the page reloaded meanwhile, so Submit is free again): not
// sent twice; the waiting one is shown, and the status says so.
test('the same code while its first submission still waits is not sent again', { skip }, async () => {
  const source = `${solution}// waiting ${Date.now()}\n`;
  const known = new Set((await history()).map((s) => s.id));
  // The server's answers for the new submission say it is still queued
  // until released.
  let hold = true;
  const held = (u) => {
    const m = /^\/api\/submissions\/([0-9a-f]{32})$/.exec(u.pathname);
    return m && !known.has(m[1]) && u.searchParams.has('wait');
  };
  const queued = async (route) => {
    if (!hold) return route.continue();
    const id = new URL(route.request().url()).pathname.split('/').at(-1);
    await new Promise((done) => setTimeout(done, 300));
    return route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ id, exercise: EX, file: 'solution.go', status: 'queued', queue_position: 3, attempts: 0, created: new Date().toISOString() }) });
  };
  await page.route(held, queued);
  const watch = posts();
  try {
    await setSource(source);
    await page.click('#submit');
    await page.waitForFunction(() => /^queued: 3 ahead of you… \d+ s$/.test(document.getElementById('status').textContent), null, { timeout: 30000 });
    const before = await history();
    const waiting = before.at(-1);
    assert.equal(waiting.source, source);
    // A reload (the student thinks the page is stuck): it follows the
    // waiting one again, and Submit is free.
    await page.reload();
    await page.waitForFunction(() => /^queued: 3 ahead of you… \d+ s$/.test(document.getElementById('status').textContent), null, { timeout: 30000 });
    assert.equal(await page.getAttribute('#submit', 'aria-disabled'), null);
    await setSource(source);
    await page.click('#submit');
    await page.waitForFunction(() => /^this code is already waiting to be graded/.test(document.getElementById('status').textContent), null, { timeout: 30000 });
    assert.match(await status(), /^this code is already waiting to be graded \(your submission of \d{1,2}:\d\d:\d\d(?:\s?[AP]M)?\): nothing new was sent; /);
    assert.equal(await page.$eval('#history a[aria-current]', (a) => a.getAttribute('href')), `#${waiting.id}`, 'the waiting one is shown');
    await page.waitForFunction(() => /nothing new was sent; queued: 3 ahead of you… \d+ s$/.test(document.getElementById('status').textContent), null, { timeout: 30000 });
    assert.equal(watch.sent.length, 1, 'sent once');
    assert.equal((await history()).length, before.length, 'no new entry');
    // Released: its feedback, as for any submission.
    hold = false;
    await graded();
    assert.match(await status(), /^graded: 38 \/ 38$/);
    assert.equal(watch.sent.length, 1);
  } finally {
    hold = false;
    watch.stop();
    await page.unroute(held, queued);
  }
});

// The same code as a submission whose feedback the server no longer has
// (a course's data directory started afresh): sent, as new.
test('the same code as a submission the server forgot is sent', { skip }, async () => {
  const source = `${solution}// forgotten ${Date.now()}\n`;
  const real = await history();
  const gone = { id: 'f'.padEnd(32, '0'), at: Date.now() - 3600000, status: 'done', score: '38 / 38', points: 38, max: 38, source };
  await page.evaluate(([k, all]) => localStorage.setItem(k, JSON.stringify(all)), [`dmelab.submissions.${EX}`, [...real, gone]]);
  const errors = pageErrors.length;
  await page.reload();
  await page.waitForFunction(() => /no submission with this id/.test(document.getElementById('status').textContent));
  const watch = posts();
  try {
    await setSource(source);
    await page.click('#submit');
    await graded();
    assert.equal(watch.sent.length, 1, 'sent');
    const after = await history();
    assert.equal(after.length, real.length + 2);
    assert.equal(after.at(-1).source, source);
    assert.equal(await page.isVisible('#submit-anyway'), false);
  } finally {
    watch.stop();
    await page.evaluate(([k, all]) => localStorage.setItem(k, JSON.stringify(all)), [`dmelab.submissions.${EX}`, real]);
    // The browser's own line for each 404 asked here is not the page's error.
    const mine = pageErrors.splice(errors);
    pageErrors.push(...mine.filter((e) => !/status of 404 \(Not Found\)/.test(e)));
  }
});

// A submission the page gave up resending ("press Submit to send your
// file again") is still pending, with its key; Submit with that code
// sends that key again, even when the code is also a graded one's (a
// "Submit anyway" whose answer was lost), so the server answers the id
// it gave it, and grades it once.
test('code whose answer was lost, submitted again, goes with its first key', { skip }, async () => {
  for (const source of [`${solution}// lost ${Date.now()}\n`, solution]) {
    const key = Array.from({ length: 32 }, () => '0123456789abcdef'[Math.floor(Math.random() * 16)]).join('');
    const at = Date.now();
    // The server took it; the page never heard.
    const id = await page.evaluate(async ([k, s]) => {
      const r = await fetch('/api/submissions', { method: 'POST', headers: { 'Content-Type': 'application/json', 'Idempotency-Key': k }, body: JSON.stringify({ exercise: 'ra-steps', file: 'solution.go', source: s }) });
      return (await r.json()).id;
    }, [key, source]);
    await page.evaluate(([k, p]) => localStorage.setItem(k, JSON.stringify(p)), [`dmelab.pending.${EX}`, { key, at, source }]);
    const before = await history();
    const watch = posts();
    try {
      await setSource(source);
      await page.click('#submit');
      // Graded, and the newest entry shown (whichever id it has).
      await page.waitForFunction(([k, n]) => {
        const all = JSON.parse(localStorage.getItem(k) || '[]');
        return all.length === n && document.querySelector('#history a[aria-current]')?.getAttribute('href') === `#${all.at(-1).id}`
          && /^graded:/.test(document.getElementById('status').textContent);
      }, [`dmelab.submissions.${EX}`, before.length + 1], { timeout: GRADE });
      assert.deepEqual(watch.sent, [key], 'sent once, with its first key');
      const after = await history();
      assert.equal(after.length, before.length + 1);
      assert.equal(after.at(-1).id, id, 'the submission the server took first');
      assert.equal(await page.evaluate((k) => localStorage.getItem(k), `dmelab.pending.${EX}`), null, 'nothing is left pending');
    } finally {
      watch.stop();
    }
  }
});

test('no errors in the page', { skip }, () => {
  assert.deepEqual(pageErrors, []);
});
