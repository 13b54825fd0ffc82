// The playground page: configuration, the scenario editor, the listing
// editor, the run and its controls, the views (diagram, next events,
// nodes, messages in flight, pseudocode), exploration, examples and
// sharing. The state of the
// page is one run of the core (a timeline and a cursor), made either from
// the configuration above or from a scenario's text; every view is redrawn
// from it after each change.

import { loadCore } from './core.js';
import { render as drawDiagram, pinHeader, rowY, serialize } from './diagram.js';
import { createEditor } from './editor.js';
import { Explorer } from './explore.js';
import { drawGallery, loadExample, loadIndex } from './gallery.js';
import { drawListing } from './listing.js';
import { createListingView } from './listingview.js';
import { bounds, coverage, method, nf, ownRequests, sameSettings, smaller, withSetting } from './settings.js';
import { deflate, inflate, isScenarioHash, readHash, readScenarioHash, scenarioFragment, writeHash } from './share.js';
import { drawEnabled, drawInFlight, drawNodes, drawScenarioStatus, drawVerdicts, h, markShown, statusText } from './views.js';

const $ = (id) => document.getElementById(id);
const DEFAULT = { algo: 'ra-lamport', nodes: 3, requests: 1, appMessages: 1, crashes: 0, recoveries: 0 };
const RUN_LIMIT = 200; // events per press of Run: an endless algorithm stays drawable

let core = null;
let algos = [];
let run = null;
let params = { ...DEFAULT };
let counterexample = null; // {property, kind, summary, length, loop_from, steps}
let lastDrawn = null; // the state last drawn, to mark what changed
// note is what the page says above the diagram about the run on screen
// (drawNote): {kind: 'settled', run, from, to, last} where Run stopped on
// a cycle, {kind: 'config', run, parts} where a setting changed under
// the run (replayOnSettings). It goes with the run it is about.
let note = null;
let playTimer = null;
const explorer = new Explorer();
let editor = null;
let listingView = null; // the Listing view (listingview.js)
// scenarioText is the text the run on screen was made from; null for a
// run made from the configuration.
let scenarioText = null;
let edited = false; // the editor's text changed since the run was made
// placed is the text the page itself last put in the editor (an example,
// a starter, a link's or a counterexample's scenario): while the editor
// still holds it, the student has written nothing there to keep.
let placed = '';
let scenarioErrors = null; // the problems of the last text that failed to run
let writtenHash = ''; // the hash this page wrote last (not a navigation)
let exploredAlgo = null; // the algorithm Explore's answer on screen is about
// verdictsSeq counts the verdict lists drawn; a counterexample shown from
// one carries its number (list), and the list marks it while it is on
// screen (markShown).
let verdictsSeq = 0;
let replayAlgo = null; // the algorithm of the replay note on screen (showReplayNote)
let replayEx = ''; // and the exercise it names
const FIRST_EXAMPLE = 'seed001.scn';

// boundsFor is the configuration a newly chosen algorithm starts with:
// what Explore searches, small enough to finish in seconds in the browser
// and large enough to show the algorithm's flaw. The algorithm's package
// says it (sim.Algorithm.Shows, in the core's list()); mutual exclusion
// adds an application message, for Order.
function boundsFor(algo) {
  const a = algos.find((x) => x.name === algo);
  const s = a?.shows || { nodes: 3, requests: 1, crashes: 0 };
  return { nodes: s.nodes, requests: s.requests, appMessages: a?.election ? 0 : 1, crashes: s.crashes, recoveries: 0 };
}

const isElection = (algo) => Boolean(algos.find((a) => a.name === algo)?.election);

// ---------- small helpers ----------

function toast(msg, kind = 'info') {
  const t = $('toast');
  t.textContent = msg;
  t.className = `toast ${kind}`;
  t.hidden = false;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => { t.hidden = true; }, kind === 'info' ? 2500 : 6000);
}


// guard runs f and reports an error instead of letting it escape.
function guard(f) {
  return (...args) => {
    try {
      return f(...args);
    } catch (err) {
      toast(err.message, 'error');
      return undefined;
    }
  };
}

// ---------- the run ----------

function readConfig() {
  const clamp = (v, lo, hi, d) => (Number.isFinite(v) ? Math.min(hi, Math.max(lo, Math.trunc(v))) : d);
  const p = {
    algo: $('algo').value,
    nodes: clamp($('nodes').valueAsNumber, 1, 16, DEFAULT.nodes),
    requests: clamp($('requests').valueAsNumber, 0, 5, DEFAULT.requests),
    appMessages: clamp($('app').valueAsNumber, 0, 3, DEFAULT.appMessages),
    crashes: 0,
    recoveries: clamp($('recoveries').valueAsNumber, 0, 3, 0),
  };
  p.crashes = clamp($('crashes').valueAsNumber, 0, p.nodes - 1, 0);
  return p;
}

function showConfig(p) {
  $('algo').value = p.algo;
  $('nodes').value = p.nodes;
  $('requests').value = p.requests;
  $('app').value = p.appMessages;
  $('crashes').value = p.crashes;
  $('recoveries').value = p.recoveries || 0;
  const info = algos.find((a) => a.name === p.algo);
  $('algo-summary').textContent = info ? info.summary : '';
  listingView?.setAlgo(p.algo);
  drawOrderBox(p.algo);
  drawKindFields(p.algo);
}

// drawKindFields words the settings' tooltips for the kind of algorithm
// chosen: an election has no enter() (a request starts an election) and
// no Order, so App msgs, whose messages are the happened-before edges
// Order is about, cannot be set for one, and says why on hover, as Order
// does (drawOrderBox).
const FIELD_TIPS = {
  requests: {
    mutex: 'enter() calls per node R',
    election: 'elections each node may start R (an election has no enter(): a request starts an election)',
  },
  app: {
    mutex: 'application messages per run (they create the happened-before edges Order is about)',
    election: 'App msgs does not apply to an election: application messages create the happened-before edges Order is about, and an election has no critical section to enter in order.',
  },
};
function drawKindFields(algo) {
  const kind = isElection(algo) ? 'election' : 'mutex';
  for (const [id, tips] of Object.entries(FIELD_TIPS)) {
    const input = $(id);
    const field = input.closest('.field');
    field.title = tips[kind];
    input.title = tips[kind]; // its accessible description
  }
  const off = kind === 'election';
  $('app').disabled = off;
  $('app').closest('.field').classList.toggle('off', off);
}

// drawOrderBox makes Order, a property of mutual exclusion, one that
// cannot be ticked for an election (it has no critical section to enter
// in order), saying why on hover, instead of refusing it once Explore is
// pressed. The student's own tick comes back with a mutual exclusion.
const ORDER_OFF = 'Order does not apply to an election: it is about entering a critical section in the order of the requests, and an election has none. Safety and liveness say whether the right leader is elected.';
function drawOrderBox(algo) {
  const box = document.querySelector('input[name=prop][value=order]');
  const off = isElection(algo);
  if (off === box.disabled) return;
  if (off) {
    box.dataset.ticked = String(box.checked);
    box.checked = false;
  } else {
    box.checked = box.dataset.ticked !== 'false';
  }
  box.disabled = off;
  const label = box.closest('label');
  label.classList.toggle('off', off);
  for (const e of [label, box]) { // the box's: its accessible description
    if (off) e.title = ORDER_OFF;
    else e.removeAttribute('title');
  }
}

// withListing is p run as listing (an edited listing's text; undefined:
// the built-in algorithm).
function withListing(p, listing) {
  const q = { ...p };
  delete q.listing;
  if (listing !== undefined) q.listing = listing;
  return q;
}

// applyListing makes the run on screen one of listing (see withListing)
// from the settings, keeping the timeline as far as it still replays: an
// edit that changes nothing the run took keeps the run.
const applyListing = guard((listing) => {
  if (scenarioText === null && listing === params.listing) return;
  const p = withListing(params, listing);
  const events = scenarioText === null ? run.events() : [];
  const at = run.state.pos;
  const next = core.newRun(p);
  try {
    next.load(events);
  } catch {
    next.refresh(); // the new listing parts from the timeline here
  }
  if (at < next.state.steps.length) next.seek(at);
  counterexample = null;
  // Explore's answer was about the listing before.
  exploredAlgo = null;
  $('progress').textContent = '';
  $('verdicts').replaceChildren();
  adopt(next, p, null);
});

// start replaces the run by a fresh one of p, then takes events and moves
// the cursor to at (the end if undefined).
function start(p, events = [], at) {
  const next = core.newRun(p);
  if (events.length) {
    try {
      next.load(events);
    } catch (err) {
      next.refresh();
      toast(`The run stops early: ${err.message}`, 'error');
    }
  }
  if (at !== undefined && at >= 0 && at <= next.state.steps.length) next.seek(at);
  adopt(next, p, null);
}

// adopt makes next the run on screen; text is the scenario it was made
// from (null: made from the configuration p).
function adopt(next, p, text) {
  stopPlay();
  run?.free();
  run = next;
  params = p;
  scenarioText = text;
  edited = false;
  scenarioErrors = null;
  showConfig(p);
  // The replay note is about the exercise's algorithm: another's run ends it.
  if (replayAlgo !== null && replayAlgo !== p.algo) hideReplayNote();
  // An answer about another algorithm goes: it would read as this one's.
  if (exploredAlgo !== null && exploredAlgo !== p.algo) {
    exploredAlgo = null;
    $('progress').textContent = '';
    $('verdicts').replaceChildren();
  }
  // A scenario's run that is over has nothing left to complete: Explore
  // then checks the algorithm (the settings above) instead.
  $(next.state.end.done || text === null ? 'explore-scope-algo' : 'explore-scope-scenario').checked = true;
  update();
}

// runScenario runs text (the editor's by default) and shows its run, the
// cursor at step at (the end if absent or out of range). A scenario that
// names the algorithm of listing (by default the Listing view's edited
// one, if any) runs on that listing. A text with errors leaves the run on
// screen as it is and says what is wrong.
function runScenario(text = editor.text(), at = -1, listing = listingView.applied()) {
  let r;
  try {
    r = core.scenario(text, listing || '');
  } catch (err) {
    toast(err.message, 'error');
    return false;
  }
  if (r.errors) {
    scenarioErrors = r.errors;
    editor.relint();
    if (run) drawScript(run.state);
    const e = r.errors[0];
    toast(`The scenario has ${r.errors.length === 1 ? 'a problem' : `${r.errors.length} problems`}: line ${e.line}: ${e.message}`, 'error');
    return false;
  }
  counterexample = null;
  // The scenario runs now: a toast about its earlier problem is stale.
  if ($('toast').classList.contains('error') && /^The scenario has /.test($('toast').textContent)) $('toast').hidden = true;
  if (at >= 0 && at <= r.run.state.steps.length) r.run.seek(at);
  const p = { ...DEFAULT, ...r.run.state.params };
  adopt(r.run, p, text);
  return true;
}

function update() {
  const s = run.state;
  // The counterexample stays while the timeline begins with its steps:
  // events the student takes past its end keep its banner (which says
  // so and leads back); a branch inside it ends it.
  if (counterexample && !startsWith(s, counterexample.steps)) counterexample = null;
  drawAll(s);
  writeLink(s);
}

// writeLink keeps the address bar a link to what is on screen: a
// scenario link (#scenario=...&at=K) for a scenario's run — the run
// written back as a scenario once the timeline has left the script — and
// the configuration and events (#algo=...) for a run made by hand.
let linkSeq = 0; // only the latest write of the link counts
async function writeLink(s) {
  const seq = ++linkSeq;
  if (scenarioText === null) {
    const lst = params.listing ? await listingParam(params.listing) : '';
    if (seq !== linkSeq) return;
    writeHash(params, s.pos, s.steps.map((x) => x.event), lst);
    writtenHash = location.hash;
    return;
  }
  const own = s.script && !s.script.diverged && s.steps.length === s.script.events;
  // A scenario's run of an edited listing: the link carries the listing.
  const lst = params.listing ? await listingParam(params.listing) : '';
  if (seq !== linkSeq) return;
  // A replay from a Go exercise's feedback stays one (ex=) while its note
  // is up: a reload shows the note again.
  const hash = '#' + await scenarioFragment(own ? scenarioText : run.emit(), s.pos, lst) + (replayEx ? `&ex=${replayEx}` : '');
  if (seq !== linkSeq) return;
  if (location.hash !== hash) history.replaceState(null, '', hash);
  writtenHash = location.hash;
}

// listingParam is an edited listing compressed for the link (the last
// one kept: stepping does not change it).
let lastListing = { text: null, enc: '' };
async function listingParam(text) {
  if (lastListing.text !== text) lastListing = { text, enc: await deflate(text) };
  return lastListing.enc;
}

function startsWith(s, events) {
  return s.steps.length >= events.length && events.every((e, i) => s.steps[i].event === e);
}

// atCounterexampleEnd says whether the cursor is at the last step of the
// counterexample on screen with nothing after it: Step, Run and Play stop
// there (stepping on by the default policy would leave the counterexample
// and lose its banner, the account of what broke).
function atCounterexampleEnd() {
  const s = run.state;
  const L = counterexample?.steps.length;
  return L !== undefined && s.pos === L && s.steps.length === L;
}

function sayCounterexampleEnd() {
  toast(`The counterexample ends here, at step ${counterexample.steps.length}, where it breaks ${counterexample.property}: ← steps back. To go on past it, pick an event under Next event.`);
}

const act = (f) => guard(() => { f(); update(); keepRowInView(); });

// keepRowInView: on a phone the diagram's box reaches below the screen
// (the page scrolls, not only the box), so a step can move the current
// row out of sight while only "step 11 of 35" changes. Then the run's
// panel comes to the top: its buttons and the whole box, the row in it.
function keepRowInView() {
  if (!phone.matches || !run) return;
  const wrap = $('diagram-wrap');
  const y = wrap.getBoundingClientRect().top + rowY(run.state.pos) - wrap.scrollTop;
  if (y < 0 || y > window.innerHeight - 40) document.querySelector('.stage').scrollIntoView({ block: 'start' });
}

const stepForward = act(() => {
  if (atCounterexampleEnd()) {
    stopPlay();
    sayCounterexampleEnd();
    return;
  }
  const before = run.state.pos;
  run.step();
  if (run.state.pos === before) {
    stopPlay();
    const st = run.state.status;
    toast(st.deadlock ? (st.why ? `Deadlock. ${st.why}` : 'Deadlock: nothing that must happen can happen.') : 'Nothing more can happen.');
  }
});
const stepBack = act(() => run.back());
const toStart = act(() => run.seek(0));
const toEnd = act(() => run.seek(run.state.steps.length));
// Run follows the timeline, then takes the default policy's events (see
// play.Run.Next), up to RUN_LIMIT a press. A run that took all of them
// may have settled into a cycle (the bully's heartbeats once the election
// is over): the same events again and again from a state it comes back
// to, from which the default policy, which chooses from the state alone,
// can only go round the same way forever. Run then stops after the
// cycle's first round and the page says so (note), instead of drawing 200
// rows of the same events. Nothing of the algorithm changes: Step (→)
// and Next event go on from there.
const runAll = act(() => {
  stopPlay();
  if (atCounterexampleEnd()) { sayCounterexampleEnd(); return; }
  // A counterexample runs to its end, where it breaks, and stops there.
  if (counterexample && run.state.steps.length === counterexample.steps.length) {
    run.seek(counterexample.steps.length);
    return;
  }
  const before = run.state.pos;
  const had = run.state.steps.length;
  run.run(RUN_LIMIT);
  if (run.state.pos - before < RUN_LIMIT) return;
  const c = cycle(Math.max(before, had));
  if (!c) {
    toast(`Ran ${RUN_LIMIT} events; Run ▶▶ (r) goes on.`);
    return;
  }
  run.load(run.events().slice(0, c.to)); // the first round, the cursor at its end
  note = { kind: 'settled', run, ...c, last: run.state.steps[c.to - 1].event };
});

// cycle finds, from step from on, where the run has settled into a cycle
// (the core compares whole states, and checks that each event of the
// round is the one the default policy takes: play.Run.Cycle): {from, to},
// the states at both the same; null if there is none.
function cycle(from) {
  const c = run.cycle(from);
  return c ? { from: c.start, to: c.end } : null;
}
const take = (ev) => act(() => { stopPlay(); run.apply(ev); })();
const seek = (k) => act(() => run.seek(k))();

// crashOrRecover takes node i's crash event, or its recover event if it
// has crashed, when the configuration and the algorithm allow one.
function crashOrRecover(i) {
  const s = run.state;
  const name = s.names[i];
  if (s.nodes[i].crashed) {
    const ev = s.enabled.find((e) => e.kind === 'recover' && e.node === i);
    if (ev) take(ev.index);
    else toast(params.recoveries ? `${name} cannot recover (${params.algo} has no recovery, or the budget is spent).` : 'Set Recoveries to 1 or more to bring a crashed node back by clicking its name.');
    return;
  }
  const ev = s.enabled.find((e) => e.kind === 'crash' && e.node === i);
  if (ev) take(ev.index);
  else toast(params.crashes ? `${name} cannot crash now.` : 'Set Crashes to 1 or more to crash nodes by clicking their names.');
}

function stopPlay() {
  if (!playTimer) return;
  clearInterval(playTimer);
  playTimer = null;
  $('play').textContent = 'Play';
  $('play').setAttribute('aria-pressed', 'false');
  $('play').setAttribute('aria-label', 'Play');
}

function togglePlay() {
  if (playTimer) { stopPlay(); return; }
  $('play').textContent = 'Pause';
  $('play').setAttribute('aria-pressed', 'true');
  $('play').setAttribute('aria-label', 'Pause');
  playTimer = setInterval(stepForward, Number($('speed').value));
}

// ---------- views ----------

// drawnWidth is the panel width the diagram was last drawn to (see the
// ResizeObserver in main).
let drawnWidth = 0;
// A phone's screen (style.css's one-column layout): the diagram is drawn
// at a size one can read there, and scrolls sideways where it is wider.
const phone = window.matchMedia('(max-width: 600px)');

function drawAll(s) {
  drawnWidth = $('diagram-wrap').clientWidth;
  const ce = counterexample;
  drawDiagram($('diagram'), s, {
    onSeek: seek,
    onNode: crashOrRecover,
    // The cycle is the counterexample's while the timeline is (not
    // once the student took events past its end).
    loopFrom: ce && s.steps.length === ce.steps.length ? ce.loop_from : undefined,
    violation: ce ? violationOf(ce) : null,
    fit: drawnWidth,
    phone: phone.matches,
    expects: scenarioText !== null && !edited && s.script && !s.script.diverged ? s.script.expects : null,
  });
  scrollToCursor(s.pos);
  pinHeader($('diagram'), $('diagram-wrap').scrollTop);
  // Wider than its panel (a phone's, many nodes): the steps' words are
  // off to the right, and a line says so.
  $('diagram-more').hidden = $('diagram-wrap').scrollWidth <= $('diagram-wrap').clientWidth;
  drawToolbar(s);
  drawBanner(s);
  drawNote(s);
  drawEnabled($('enabled'), s, take);
  drawNodes($('nodes-view'), s, lastDrawn);
  drawInFlight($('inflight'), s);
  drawScript(s);
  drawRequests(s);
  drawExploreScope(s);
  drawListing($('listing'), $('listing-hint'), s, algos.find((a) => a.name === s.params.algo));
  markShown($('verdicts'), ce && ce.list === verdictsSeq ? ce : null, revealRun);
  lastDrawn = s;
}

// seekLine moves the cursor to the step a line of the scenario stands
// for: the last step an event or run line took, or where an expect line
// was checked. Only while the text is the one that made the run.
function seekLine(line) {
  const sc = run?.state.script;
  if (!sc || edited || sc.diverged || scenarioText === null) return;
  let k = sc.lines.lastIndexOf(line) + 1;
  const e = sc.expects.find((x) => x.line === line);
  if (e) k = e.after;
  if (k > 0 || e) seek(k);
}

// drawScript marks, in the editor, the line behind the current step and
// the outcome of every expectation checked so far, and says in a line
// under the editor how the scenario went.
function drawScript(s) {
  const sc = s.script;
  const fresh = scenarioText !== null && !edited && sc;
  if (fresh && !sc.diverged) {
    const step = s.pos > 0 && s.pos <= sc.lines.length ? sc.lines[s.pos - 1] : 0;
    const expects = sc.expects.map((e) => {
      if (e.after > s.pos) return { line: e.line, status: 'later', text: `checked after step ${e.after}` };
      const mark = { ok: '✓', FAIL: '✗', UNKNOWN: '?' }[e.status] || '…';
      return { line: e.line, status: e.status, text: e.status === 'ok' ? mark : `${mark} ${e.got || e.status}` };
    });
    // Where the script stopped, its reason, wrapped under the line, is
    // kept in view with the step's line.
    const stopped = sc.stopped && s.pos >= sc.events ? sc.stopped.line : 0;
    if (stopped) expects.push({ line: stopped, status: 'FAIL', text: `✗ stopped: ${sc.stopped.message}` });
    editor.setMarks({ step, expects, show: stopped }, true);
  } else if (!edited) {
    editor.setMarks({});
  }
  const ce = counterexample?.params ? { of: bounds(counterexample.params), past: s.steps.length > counterexample.steps.length } : null;
  drawScenarioStatus($('scenario-status'), { script: fresh ? sc : null, edited, errors: scenarioErrors, handMade: scenarioText === null, counterexample: ce, pos: s.pos }, (line) => editor.goTo(line));
  drawStale();
}

// drawRequests says, beside the Requests setting, the numbers of enter()
// calls a scenario's run gives nodes of their own (seed 001: requests 0,
// then N32, N12 and N80 one each): the field shows only the others'.
function drawRequests(s) {
  const words = scenarioText !== null && s.script ? ownRequests(s.names, s.script.requests, s.params.requests) : '';
  const note = $('requests-own');
  note.hidden = !words;
  note.textContent = words.replaceAll(' · ', '\n'); // a line each
  const what = s.election ? 'elections each node may start' : 'enter() calls per node';
  note.title = words ? `This scenario's ${what}: ${words}. The field is the others' (its requests line).` : '';
  if (words) $('requests').setAttribute('aria-describedby', 'requests-own');
  else $('requests').removeAttribute('aria-describedby');
}

// drawStale marks the run on screen as not the editor's scenario's while
// that scenario has failed to run (its problems under the editor): the
// diagram and the views still show the run before, which would otherwise
// read as this scenario's.
function drawStale() {
  const box = $('stale');
  const e = scenarioErrors?.[0];
  $('diagram-wrap').classList.toggle('stale', Boolean(e));
  if (!e) {
    box.hidden = true;
    box.replaceChildren();
    return;
  }
  const n = scenarioErrors.length;
  box.hidden = false;
  box.replaceChildren(
    h('strong', {}, `The scenario did not run: ${n === 1 ? `line ${e.line} has a problem` : `it has ${n} problems, the first at line ${e.line}`}. `),
    scenarioText === null
      ? 'The run shown is the one made from the settings above, not this scenario\'s: fix '
      : 'The run shown is the last one that ran, not this scenario\'s: fix ',
    h('button', { type: 'button', class: 'linkish', onclick: () => editor.goTo(e.line) }, `line ${e.line}`),
    ' and run the scenario again to see its run.',
  );
}

// scrollToCursor scrolls the diagram as little as needed to show the
// current row below the pinned node names.
function scrollToCursor(pos) {
  const wrap = $('diagram-wrap');
  const yy = rowY(pos);
  const top = wrap.scrollTop + 90;
  const bottom = wrap.scrollTop + wrap.clientHeight - 50;
  if (yy < top) wrap.scrollTop = Math.max(0, yy - 90);
  else if (yy > bottom) wrap.scrollTop = yy - wrap.clientHeight + 50;
}

function drawToolbar(s) {
  const L = s.steps.length;
  const st = statusText(s);
  $('position').replaceChildren(
    h('span', {}, `step ${s.pos} of ${L}`),
    st.text ? h('span', { class: `chip ${st.cls}` }, st.text) : '',
  );
  $('back').disabled = s.pos === 0;
  $('start').disabled = s.pos === 0;
  // At a counterexample's end Step stays enabled: pressed, it says why
  // it does not go on (sayCounterexampleEnd).
  const canStep = s.pos < L || s.enabled.some((e) => e.default);
  $('step').disabled = !canStep;
  $('run').disabled = !canStep;
}

// violationOf is where a counterexample breaks its property, as rows of
// the diagram: the cycle that repeats forever (a starvation), else its
// last step (the deadlock, the second node in the CS, the overtaking
// entry).
function violationOf(c) {
  const L = c.steps.length;
  if (!L) return null;
  return { from: c.loop_from !== undefined && c.loop_from < L ? c.loop_from + 1 : L, to: L };
}

// drawBanner says, above the diagram, what the counterexample on screen
// breaks and where the cursor is in it: at its last step (where it
// opens) a button goes back to its start, before it Step goes on towards
// the step framed in red, past it (events the student took) a button
// goes back to its end.
function drawBanner(s) {
  const b = $('banner');
  if (!counterexample) { b.hidden = true; return; }
  const c = counterexample;
  const L = c.steps.length;
  const where = c.loop_from !== undefined && c.loop_from < L ? `the cycle of steps ${c.loop_from + 1}–${L}` : `step ${L}`;
  const go = (label, k, focus) => h('button', {
    type: 'button', class: 'banner-go',
    onclick: () => { seek(k); $(focus).focus(); },
  }, label);
  let at;
  if (s.pos > L) {
    at = [h('span', { class: 'muted' }, ` Step ${s.pos} is past its end (step ${L}): the events after it are yours.`), go(`Back to step ${L}`, L, 'back')];
  } else if (s.pos === L) {
    at = [h('span', { class: 'muted' }, ` Showing step ${L}, where it breaks (framed in red): ← steps back, or`), go('Step through from the start', 0, 'step')];
  } else {
    at = [h('span', { class: 'muted' }, ` Showing ${s.pos ? `step ${s.pos}` : 'the initial state'}; → goes on towards ${where}, where it breaks (framed in red).`)];
  }
  b.hidden = false;
  b.className = 'banner bad';
  b.replaceChildren(
    h('strong', {}, `Counterexample: ${c.property}${c.kind === c.property ? '' : ` (${c.kind})`}, ${c.length} steps. `),
    c.summary,
    c.loop_from !== undefined ? ` The steps from ${c.loop_from + 1} on repeat forever.` : '',
    ...at,
    c.params && scenarioText === null ? h('button', {
      type: 'button', class: 'banner-load',
      title: 'Put the counterexample in the scenario editor as a schedule: step it with the editor and the pseudocode, share its link',
      onclick: loadCounterexample,
    }, 'Load as a scenario') : '',
  );
}

// drawCrashHint says, above the diagram, where a crash (or a recovery)
// is offered while one is: not only in a tooltip.
function drawCrashHint(s) {
  const crash = s.enabled.some((e) => e.kind === 'crash');
  const recover = s.enabled.some((e) => e.kind === 'recover');
  const b = $('crash-hint');
  b.hidden = !crash && !recover;
  if (b.hidden) return;
  const what = [crash ? 'crash a node' : '', recover ? 'bring a crashed one back' : ''].filter(Boolean).join(' or ');
  b.textContent = `To ${what}: click its name above its column, or its "${crash ? 'crashes' : 'recovers'}" event under Next event.`;
}

// drawNote says what note says while it is about the run on screen: a
// settled run while its timeline still ends with the cycle Run found.
function drawNote(s) {
  const b = $('note');
  const n = note;
  const on = n && n.run === run && (n.kind === 'config' || s.steps.length === n.to && s.steps[n.to - 1].event === n.last);
  drawCrashHint(s);
  if (!on) {
    b.hidden = true;
    b.replaceChildren();
    return;
  }
  if (n.kind === 'config') {
    b.hidden = false;
    b.replaceChildren(...n.parts, ' ', h('button', { type: 'button', class: 'banner-go', 'aria-label': 'Close this note', onclick: () => { note = null; drawNote(run.state); } }, '×'));
    return;
  }
  const st = statusText({ ...s, pos: n.from, status: s.end });
  const len = n.to - n.from;
  b.hidden = false;
  b.replaceChildren(
    h('strong', {}, `Settled at step ${n.from}${st.cls === 'good' ? ` (${st.text})` : ''}. `),
    `From there the run only repeats the same ${len === 1 ? 'step' : `${len} steps`} (${len === 1 ? `step ${n.to}` : `steps ${n.from + 1}–${n.to}`}) forever, so Run stopped at step ${n.to}. Step (→) or Next event goes on by hand.`,
  );
}

// ---------- a setting changed under a run ----------

// A setting the student changes keeps what they were looking at: in a
// scenario's run, the scenario's own line for it (setInScenario: the
// same run, at the same step, now allowed a crash); else the same events
// replayed on the new settings, as far as they can happen
// (replayOnSettings). Either way the page says so above the diagram
// (note), with a way back where something was lost.
const FIELDS = {
  nodes: { label: 'Nodes' },
  requests: { label: 'Requests', key: 'requests', of: 'requests' },
  app: { label: 'App msgs', key: 'app-messages', of: 'appMessages' },
  crashes: { label: 'Crashes', key: 'crashes', of: 'crashes' },
  recoveries: { label: 'Recoveries', key: 'recoveries', of: 'recoveries' },
};

// setInScenario writes the changed setting (field) into the scenario on
// screen and runs it again at the same step, if the run is a scenario's
// whose text is in the editor unchanged and the scenario language has
// that setting. It reports whether it did.
function setInScenario(field, p) {
  const f = FIELDS[field];
  if (!f?.key || scenarioText === null || edited || editor.text() !== scenarioText) return false;
  const w = withSetting(scenarioText, f.key, p[f.of]);
  if (!w) return false;
  const old = { text: scenarioText, placed, at: run.state.pos, ce: counterexample };
  const own = ownScript();
  editor.setText(w.text);
  if (!own) placed = w.text;
  if (!runScenario(w.text, old.at, params.listing)) {
    editor.setText(old.text);
    placed = old.placed;
    scenarioErrors = null;
    showConfig(params);
    drawScript(run.state);
    return true; // said by runScenario's toast; the run stays as it was
  }
  if (old.ce && startsWith(run.state, old.ce.steps)) counterexample = old.ce;
  note = {
    kind: 'config', run,
    parts: [h('strong', {}, `${f.label} is ${p[f.of]} now, in the scenario: `), h('code', {}, `${f.key} ${p[f.of]}`), ` (line ${w.line}). The same run, at the same step.`],
  };
  update();
  return true;
}

// replayOnSettings makes the run on screen one of p with the same events,
// as far as they can happen, the cursor where it was; the note says what
// was kept and leads back to what was there before.
function replayOnSettings(p, field) {
  const events = run.events();
  const steps = run.state.steps; // their words, in the run's own names
  const was = { params, events, at: run.state.pos, text: scenarioText, placed, ce: counterexample };
  const next = core.newRun(p);
  try {
    next.load(events);
  } catch {
    next.refresh(); // the timeline holds the events before the first that cannot happen
  }
  const kept = next.state.steps.length;
  next.seek(Math.min(was.at, kept));
  counterexample = was.ce && kept === events.length ? { ...was.ce, params: was.ce.params ? p : null } : null;
  adopt(next, p, null);
  if (!events.length) return; // nothing was on screen to keep
  const f = FIELDS[field];
  const whose = was.text !== null ? 'the scenario\'s' : 'the run\'s';
  const parts = [h('strong', {}, `${f.label} is ${p[f.of] ?? p.nodes} now. `)];
  if (kept === events.length) {
    parts.push(`The run on screen is ${whose} ${stepsWord(kept)} replayed on the settings above${was.text !== null ? ', no longer the scenario itself (its names and starting values are the settings\')' : ''}.`);
  } else {
    const no = `step ${kept + 1} ("${steps[kept].text}") cannot happen with these settings`;
    parts.push(kept
      ? `Only the first ${stepsWord(kept)} of ${whose} ${events.length} replay on the settings above: ${no}, so the run on screen stops there.`
      : `None of ${whose} ${stepsWord(events.length)} replays on the settings above: ${no}, so the run on screen starts afresh.`);
  }
  const back = was.text !== null ? 'Back to the scenario' : 'Back to the run before';
  if (was.text !== null || kept < events.length) {
    parts.push(' ', h('button', { type: 'button', class: 'banner-go', onclick: guard(() => restore(was)) }, back));
  }
  note = { kind: 'config', run, parts };
  update();
}

// restore puts back what replayOnSettings replaced: the scenario (in the
// editor too) or the run made from the settings before.
function restore(was) {
  if (was.text !== null) {
    if (editor.text() !== was.text) {
      putAside();
      editor.setText(was.text);
      if (was.placed === was.text) placed = was.text;
    }
    runScenario(was.text, was.at, was.params.listing);
  } else {
    start(was.params, was.events, was.at);
  }
  counterexample = was.ce && startsWith(run.state, was.ce.steps) ? was.ce : null;
  update();
}

// ---------- explore ----------

// exploreScope is what Explore searches: 'scenario' (the completions of
// the scenario on screen) or 'algo' (every schedule of the settings).
const exploreScope = () => (scenarioText !== null && $('explore-scope-scenario').checked ? 'scenario' : 'algo');

const stepsWord = (n) => (n === 1 ? '1 step' : `${n} steps`);

// drawExploreScope says what Explore will search, with its bounds; with
// a scenario on screen the student chooses between its completions and
// the algorithm.
function drawExploreScope(s) {
  const own = scenarioText !== null && s.script && !s.script.diverged && s.steps.length === s.script.events;
  const from = own ? s.script.events : s.steps.length;
  const algo = withListing(params, listingView?.applied()); // what Explore would search
  $('explore-scope').hidden = scenarioText === null;
  $('explore-scope-algo-text').textContent = `every schedule of ${bounds(algo)} (the settings above)`;
  $('explore-scope-scenario-text').textContent = own
    ? `every way the scenario can go on after its script (its ${stepsWord(from)})`
    : `every way the run on screen can go on after its ${stepsWord(from)}`;
  $('explore-hint').textContent = exploreScope() === 'scenario'
    ? 'The scenario\'s run: every way it can go on from where its script ends, as dmelab explore does; counterexamples come back as scenarios.'
    : `Every schedule of ${bounds(algo)} (the settings above), from the initial state, as dmelab check does.`;
}

// refuseNoRequests answers an exploration of a mutual exclusion with 0
// requests: no node calls enter(), so every property holds trivially.
// It offers the algorithm's own bounds instead.
function refuseNoRequests(p) {
  const q = { ...p, ...boundsFor(p.algo) };
  exploredAlgo = p.algo;
  $('progress').textContent = scenarioText !== null
    ? `Requests is 0 in the settings, as the scenario's settings say (its script makes its nodes ask itself, with request lines): in every schedule of these settings no node calls enter(), so there is nothing to check. Explore the scenario's completions instead (above), set Requests to 1 or more, or:`
    : `Requests is 0: no node calls enter(), so nothing can go wrong and there is nothing to check. Set Requests to 1 or more above.`;
  $('verdicts').replaceChildren(h('button', {
    type: 'button',
    class: 'primary',
    onclick: guard(() => { counterexample = null; start(q); explore(); }),
  }, `Explore ${bounds(q)}`));
}

async function explore(ev) {
  ev?.preventDefault();
  if (explorer.running) return;
  const props = [...document.querySelectorAll('input[name=prop]:checked')].map((i) => i.value);
  if (!props.length) { toast('Choose at least one property.', 'error'); return; }
  let p = { ...params };
  const maxStates = Math.max(1000, Number($('max-states').value) || 0);
  if (exploreScope() === 'scenario') { await exploreScenario(props, maxStates); return; }
  // Every schedule of the settings: of the listing in the Listing view.
  const bad = listingView.problems();
  if (bad.length) {
    listingView.open();
    toast(`The listing has ${bad.length === 1 ? 'a problem' : `${bad.length} problems`}: line ${bad[0].line}: ${bad[0].message}. Fix it or reset it to the seed's.`, 'error');
    return;
  }
  p = withListing(p, listingView.applied());
  if (p.requests === 0 && !isElection(p.algo)) { refuseNoRequests(p); return; }
  // Order is mutual exclusion's: an election has none to keep, so it is
  // not asked (else it would read "order unknown"; its box cannot be
  // ticked then: drawOrderBox).
  const asked = isElection(p.algo) ? props.filter((x) => x !== 'order') : props;
  if (!asked.length) { toast('Choose at least one property.', 'error'); return; }
  const refocus = busy();
  $('cancel').disabled = false;
  $('verdicts').replaceChildren();
  $('progress').textContent = 'Loading the explorer…';
  try {
    const res = await explorer.check({ ...p, props: asked, maxStates }, (m) => {
      const secs = `${(m.ms / 1000).toFixed(1)} s`;
      $('progress').textContent = m.liveness
        ? `${nf.format(m.states)} states searched · checking liveness: N${m.liveness.node + 1}'s waiting states, ${nf.format(m.liveness.checked)} gone through · ${secs}`
        : m.shortening
          ? `Found a violation; looking for a shorter run: ${nf.format(m.states)} states · depth ${m.depth} · ${secs}`
          : `${nf.format(m.states)} states · ${nf.format(m.transitions)} transitions · depth ${m.depth} · ${secs}`;
    });
    $('progress').textContent = `Explored ${bounds(p)}: ${nf.format(res.states)} states · ${nf.format(res.transitions)} transitions${method(res)} · ${coverage(res)} · ${(res.browser_ms / 1000).toFixed(2)} s${smaller(p, asked, res, maxStates)}`;
    // The answer lists every property, unknown where not asked: show
    // the ones asked (an election is not asked about Order).
    const shown = { ...res, properties: Object.fromEntries(Object.entries(res.properties).filter(([k]) => asked.includes(k))) };
    const list = ++verdictsSeq;
    drawVerdicts($('verdicts'), shown, (ce) => { showCounterexample(p, { ...ce, list }); revealRun(); });
    exploredAlgo = p.algo;
    // The shortest counterexample opens in the diagram at once, and the
    // verdicts mark whose it is and say so at their top, with a way to it
    // (markShown), scrolled into sight if the answer came in below the
    // window. The page is not taken to the run, nor the focus moved: the
    // student is reading the answer where they pressed Explore (its
    // bounds, the other verdicts), and a keyboard user's focus stays on
    // Explore; "Go to the run" takes them there when they choose.
    const shortest = res.counterexample;
    if (shortest) {
      showCounterexample(p, { ...shortest, list, auto: true });
      $('verdicts').querySelector('.shown-note')?.scrollIntoView({ block: 'nearest' });
    }
  } catch (err) {
    $('progress').textContent = err.cancelled ? 'Cancelled.' : '';
    if (!err.cancelled) toast(err.message, 'error');
  } finally {
    refocus();
    $('cancel').disabled = true;
  }
}

// busy disables Explore while a search runs, and returns what gives it
// back: a disabled button drops the focus (to the page's body), so the
// focus comes back to it if it had it, for the keyboard to go on from
// the answer below it.
function busy() {
  const b = $('explore');
  const had = document.activeElement === b;
  b.disabled = true;
  return () => {
    b.disabled = false;
    if (had && (!document.activeElement || document.activeElement === document.body)) b.focus({ preventScroll: true });
  };
}

// exploreScenario explores the scenario on screen as `dmelab explore`
// does: every completion of where its script ends; each counterexample
// is a scenario, which "show" puts in the editor and runs.
async function exploreScenario(props, maxStates) {
  const s = run.state;
  const own = s.script && !s.script.diverged && s.steps.length === s.script.events;
  const text = own ? scenarioText : run.emit();
  const from = own ? s.script.events : s.steps.length;
  const refocus = busy();
  $('cancel').disabled = false;
  $('verdicts').replaceChildren();
  const t0 = performance.now();
  let seen = '';
  const say = () => {
    $('progress').textContent = `Exploring every completion of the scenario after step ${from}…${seen} ${((performance.now() - t0) / 1000).toFixed(1)} s`;
  };
  const tick = setInterval(say, 200);
  say();
  const election = isElection(params.algo);
  try {
    const res = await explorer.checkScenario(text, maxStates, params.listing || '', props.includes('order') && !election, (m) => {
      seen = ` ${nf.format(m.states)} states, depth ${m.depth} ·`;
      say();
    });
    if (res.stopped) {
      $('progress').textContent = `The script stops at line ${res.stopped.line}: ${res.stopped.message}`;
      return;
    }
    $('progress').textContent = `${params.algo}, the scenario after step ${res.from}: ${nf.format(res.states)} states · ${coverage(res)} · ${(res.browser_ms / 1000).toFixed(2)} s`;
    const shown = { properties: {}, counterexamples: {} };
    for (const prop of props) {
      if (!(prop in res.properties)) continue;
      shown.properties[prop] = res.properties[prop];
      if (res.counterexamples[prop]) shown.counterexamples[prop] = res.counterexamples[prop];
    }
    const open = Object.keys(shown.properties).filter((x) => shown.properties[x] === 'unknown');
    if (res.states <= 1) {
      $('progress').textContent += ` — nothing can happen after the script, so this says nothing about ${params.algo} itself: choose "every schedule of ${params.algo}" above to check the algorithm.`;
    } else if (res.complete && res.states < 100) {
      $('progress').textContent += ` — only the few states after the script's end were searched: this checks how the scenario ends, not ${params.algo} itself (choose "every schedule of ${params.algo}" above for that).`;
    } else if (!res.complete && !res.settled && open.length) {
      $('progress').textContent += ` — ${open.join(' and ')} unknown: the search stopped at ${nf.format(maxStates)} states before covering every completion, so no counterexample was found and none can be ruled out. To get a verdict, cut the script later (fewer steps left to explore)${props.includes('order') ? ', untick Order' : ''}, or raise Max states (now ${nf.format(maxStates)}; the browser may take minutes).`;
    }
    if (props.includes('order') && !('order' in res.properties)) {
      $('progress').textContent += election
        ? ' Order is not asked: an election has no critical section to enter in order.'
        : ' Order was not checked: this run does not track which enter() calls happened before others.';
    }
    exploredAlgo = params.algo;
    const list = ++verdictsSeq;
    drawVerdicts($('verdicts'), shown, (ce) => {
      putText(ce.scenario);
      if (runScenario(ce.scenario, -1, params.listing)) {
        // Its banner, as a counterexample of the settings has: what it
        // breaks, and where (it opens at its end, see showCounterexample).
        counterexample = { property: ce.property, kind: ce.kind, summary: ce.summary, length: run.state.steps.length, steps: run.events(), params: null, list };
        update();
      }
      revealRun();
    });
    const bad = Object.keys(shown.counterexamples);
    if (bad.length) toast(`${bad.join(' and ')} violated: "show" loads the counterexample as a scenario.`);
  } catch (err) {
    $('progress').textContent = err.cancelled ? 'Cancelled.' : '';
    if (!err.cancelled) toast(err.message, 'error');
  } finally {
    clearInterval(tick);
    refocus();
    $('cancel').disabled = true;
  }
}

// showCounterexample shows a counterexample of the settings' search.
// It opens at its LAST step, where the property breaks (the deadlock, the
// second node in the CS, the overtaking entry; a cycle's last step):
// what broke is the first thing the student sees, in the diagram, the
// status and the nodes, as Explore's answer promised. The way back is in
// the banner ("Step through from the start", or Home), and from the
// start the whole run is drawn faded ahead with the violating steps
// framed in red (violationOf), so that stepping through it the student
// always sees where it is going. Step, Run and Play stop at its end
// (atCounterexampleEnd), where the banner stays.
function showCounterexample(p, ce) {
  start(p, ce.steps);
  counterexample = { ...ce, params: p };
  update();
}

// revealRun brings the run a "show" loaded into view, its banner first
// (the verdicts sit beside or, on a phone, far below it), and puts the
// focus there: otherwise the click seems to do nothing.
function revealRun() {
  const b = $('banner');
  const at = b.hidden ? $('diagram-wrap') : b;
  at.scrollIntoView({ block: 'nearest' });
  at.focus({ preventScroll: true });
}

// loadCounterexample writes the counterexample on screen as a scenario
// (its steps as a schedule, then "expect PROPERTY violated", as dmelab
// check --emit-scenario does), puts it in the editor and runs it: the
// editor, the pseudocode and the link follow it from then on.
const loadCounterexample = guard(() => {
  const ce = counterexample;
  if (!ce?.params) return;
  const text = core.counterexample(ce.params, ce);
  const at = run.state.pos; // the same steps: the cursor stays where it was
  putText(text);
  if (!runScenario(text, at, ce.params.listing)) return;
  counterexample = { ...ce, params: null }; // still the same steps: keep the banner
  update();
  toast('The counterexample is a scenario now: step it, edit it, share its link.');
});

// ---------- share, export, help ----------

// share copies the link to the run on screen (the address bar's, see
// writeLink). Text in the editor that has not run (edited since the
// run, or failed to run) is not in it, and the page says so, with how
// to share it. It does not run that text first: the link would then be
// of a run the student has not seen, at a step that run may not have,
// and a text with a mistake would share nothing, or the run before; a
// student sharing a run shares what is on screen, and is told that the
// editor's changes are not in it.
async function share() {
  const url = location.href;
  const unrun = edited && (scenarioText === null ? ownScript() : editor.text() !== scenarioText);
  const not = unrun ? ' Your changes in the scenario editor are not in it: they have not run. To share them, Run scenario (Ctrl+Enter), then Share link again.' : '';
  try {
    await navigator.clipboard.writeText(url);
    toast(`Link copied: it opens the run on screen at this step.${not}`, unrun ? 'warn' : 'info');
  } catch {
    toast(`${url}${not}`, unrun ? 'warn' : 'info');
  }
}

function save(data, type, name) {
  const blob = new Blob([data], { type });
  const a = h('a', { href: URL.createObjectURL(blob), download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10000);
}

function exportSVG() {
  save(serialize($('diagram')), 'image/svg+xml', `dmelab-${params.algo}-N${params.nodes}-step${run.state.pos}.svg`);
}

// downloadScenario saves the run as a scenario file: the scenario itself
// while the timeline is its run, else the timeline written back (a
// schedule that replays it exactly).
// A run of an edited listing saves the same file: dmelab run replays it
// on the listing when given it (--listing).
const downloadScenario = guard(() => {
  const s = run.state;
  const own = scenarioText !== null && s.script && !s.script.diverged && s.steps.length === s.script.events;
  save(own ? scenarioText : run.emit(), 'text/plain', `dmelab-${params.algo}.scn`);
  if (params.listing) toast('This run is of your edited listing: save the listing too, and run the file with dmelab run --listing LISTING FILE.');
});

// fromRun writes the run on screen into the editor and makes it a
// scenario's run (of the same listing, if edited), keeping the cursor.
const fromRun = guard(() => {
  const text = run.emit();
  const at = run.state.pos;
  if (text !== editor.text()) putAside();
  editor.setText(text); // the student's: the schedule they made
  runScenario(text, at, params.listing);
});

const formatScenario = guard(() => {
  const r = core.format(editor.text());
  if (r.errors) {
    const e = r.errors[0];
    toast(`Cannot format: line ${e.line}: ${e.message}`, 'error');
    return;
  }
  if (r.text === editor.text()) return;
  const own = ownScript();
  editor.setText(r.text);
  if (!own) placed = r.text; // formatted, the page's text is still not the student's
});

// ---------- examples ----------

async function openGallery() {
  const d = $('gallery');
  if (!d.open) d.showModal();
  try {
    drawGallery($('gallery-body'), await loadIndex(), pickExample);
  } catch (err) {
    $('gallery-body').replaceChildren(h('p', { class: 'muted' }, err.message));
  }
}

// pickExample opens an example as the page opens seed 001's: at its
// first step, the whole run drawn faded ahead, Step going through it
// (End goes to its end). The toast names it by its title (its file is
// nothing the student has seen).
async function pickExample(e) {
  try {
    const text = await loadExample(e.file);
    $('gallery').close();
    putText(text);
    if (runScenario(text, 0)) toast(`${e.title}: at its start. Step (→) goes through it, End to its end.`);
  } catch (err) {
    toast(err.message, 'error');
  }
}

function toggleHelp() {
  const d = $('help');
  if (d.open) { d.close(); return; }
  d.showModal(); // focuses its heading (autofocus), not the Close button at its foot
  d.scrollTop = 0;
}

function onKey(e) {
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  if (e.target.closest?.('input, select, textarea, .cm-editor')) return;
  if ($('gallery').open) return;
  if ($('help').open && e.key !== '?') return; // the dialog handles Esc
  const keys = {
    ArrowRight: stepForward, ArrowLeft: stepBack, Home: toStart, End: toEnd,
    r: runAll, ' ': togglePlay, '?': toggleHelp, e: () => explore(), g: openGallery,
  };
  let f = keys[e.key];
  if (!f && /^[1-9]$/.test(e.key)) {
    const b = document.querySelector(`#enabled button[aria-keyshortcuts="${e.key}"]`);
    if (b) f = () => b.click();
  }
  if (!f) return;
  if (e.key === ' ' && e.target.closest?.('button')) return; // space presses the button
  e.preventDefault();
  f();
}

// ---------- start-up ----------

// restoreFromHash opens the run the address names: a scenario link or a
// configuration with events. It resolves with false if it names none.
async function restoreFromHash() {
  hideReplayNote(); // a link of its own says whether it is a replay
  if (isScenarioHash(location.hash)) {
    let link;
    try {
      link = await readScenarioHash(location.hash);
    } catch (err) {
      toast(`This link cannot be opened: ${err.message}`, 'error');
      return false;
    }
    putText(link.text);
    // A link whose scenario has errors: the editor and the status say
    // them, over an empty run of the default settings if there was none.
    const fallback = () => {
      if (run) return;
      const errors = scenarioErrors;
      start({ ...DEFAULT });
      scenarioErrors = errors;
      drawScript(run.state);
    };
    if (link.listing === null) {
      if (!runScenario(link.text, link.at, '')) fallback();
      else if (link.ex) showReplayNote(link.ex);
      return true;
    }
    // The link's listing (a listing exercise's feedback links with the
    // student's): the scenario runs on it, and the Listing view shows it
    // as the edit of the scenario's algorithm.
    if (!runScenario(link.text, link.at, link.listing)) {
      fallback();
      return true;
    }
    if (params.listing === link.listing) {
      listingView.setAlgo(params.algo, link.listing);
      listingView.open();
      if (link.ex) showReplayNote(link.ex, true);
    } else {
      toast(`The link's listing is not of ${params.algo}, the algorithm its scenario names: the scenario runs the built-in ${params.algo}.`, 'error');
    }
    return true;
  }
  const hs = readHash(location.hash);
  if (!hs || !algos.some((a) => a.name === hs.params.algo)) return false;
  let p = { ...DEFAULT, ...hs.params };
  // A link says what runs: its edited listing, else the built-in algorithm.
  let listing = core.listing(p.algo).text;
  if (hs.lst) {
    try {
      listing = await inflate(hs.lst, 'listing');
      listingView.open();
    } catch (err) {
      toast(`The link's listing cannot be read: ${err.message}`, 'error');
    }
  }
  listingView.setAlgo(p.algo, listing);
  p = withListing(p, listingView.applied());
  start(p, hs.events, hs.at);
  // The editor follows, as when the algorithm is chosen: a link opened
  // in a tab that showed another example or starter brings this
  // algorithm's starter; a script of the student's own stays.
  if (!ownScript()) offerStarter(p.algo, true);
  return true;
}

// putAside keeps a scenario the student wrote when something replaces
// it in the editor (an example, the run written out): the Scenario
// panel offers it back, across a reload too, until it is put back or
// another is put aside. Nothing the student wrote is lost to a click.
const ASIDE_KEY = 'dmelab.playground.aside';
function putAside() {
  if (!ownScript()) return;
  const text = editor.text();
  try { localStorage.setItem(ASIDE_KEY, text); } catch { /* full: offered until the page closes */ }
  offerAside(text);
}
function offerAside(text) {
  const b = $('scenario-aside');
  b.hidden = false;
  b.onclick = () => {
    // What the editor holds of the student's own goes aside in turn.
    const current = ownScript() && editor.text() !== text ? editor.text() : null;
    try {
      localStorage.removeItem(DRAFT_KEY);
      if (current === null) localStorage.removeItem(ASIDE_KEY);
      else localStorage.setItem(ASIDE_KEY, current);
    } catch { /* nothing kept */ }
    editor.setText(text); // the student's again: "Run scenario" runs it
    editor.focus?.();
    if (current === null) b.hidden = true;
    else offerAside(current);
  };
}

// The draft is the student's own scenario as they type it, kept so that
// a reload (or a link opened in this tab) does not lose text never run:
// a page whose editor opens with other text offers it back.
const DRAFT_KEY = 'dmelab.playground.draft';
let draftTimer = null;
function saveDraft() {
  clearTimeout(draftTimer);
  draftTimer = setTimeout(() => {
    try {
      if (ownScript()) localStorage.setItem(DRAFT_KEY, editor.text());
    } catch { /* full: kept until the page closes */ }
  }, 300);
}

// offerKept offers back, at start, a scenario put aside or a draft the
// editor does not hold.
function offerKept() {
  let kept = null;
  try {
    const draft = localStorage.getItem(DRAFT_KEY);
    if (draft === editor.text()) localStorage.removeItem(DRAFT_KEY);
    kept = localStorage.getItem(ASIDE_KEY) ?? (draft !== null && draft !== editor.text() ? draft : null);
  } catch { /* no storage: nothing was kept */ }
  if (kept !== null && kept !== editor.text()) offerAside(kept);
}

// putText puts text in the editor as the page's own (see placed).
// A scenario of the student's own that it replaces is put aside first
// (putAside): whatever puts the page's text in the editor, nothing the
// student wrote is lost.
function putText(text) {
  putAside();
  editor.setText(text);
  placed = text;
}

// ownScript says whether the editor holds a script the student wrote or
// changed, which the page must not throw away.
function ownScript() {
  const t = editor.text();
  return t.trim() !== '' && t !== placed;
}

// offerStarter puts the algorithm's starter scenario, for as many nodes
// as the settings have, in the editor, if it is empty or (replace) holds
// only what the page put there.
function offerStarter(algo, replace = false) {
  if (editor.text().trim() && !(replace && !ownScript())) return;
  let text;
  try {
    text = core.starter(algo, params.nodes).text;
  } catch { return; } /* no starter runs for this system: the editor stays as it is */
  if (text === editor.text()) return;
  putText(text);
  // Not an edit: the run on screen is still the hand-made one (its
  // status says so), until the student changes the text.
  edited = false;
  drawScript(run.state);
}

// openFirst shows seed 001's worked example at its first step (the
// whole run drawn faded ahead, Step going through it), or an empty run
// of the default configuration if the examples are not there.
async function openFirst() {
  try {
    const text = await loadExample(FIRST_EXAMPLE);
    putText(text);
    if (runScenario(text, 0)) return;
  } catch { /* no examples: an empty run */ }
  start({ ...DEFAULT });
}

// showReplayNote says, above a run opened from a Go exercise's feedback
// (its link names the exercise: ex=), that the playground replays the
// schedule on the exercise's own algorithm, not on the student's code,
// which runs only in the grader: without it, "The expectation holds"
// beside a test the student failed reads as the grader contradicting
// itself. Where the server says where the exercise pages are, it links
// back to the exercise. A listing exercise's link (listing) runs the
// student's own listing, as the grader ran it: the note says that, and
// leads back the same way.
// It stays while runs are of that algorithm (replayAlgo), and goes with
// the first of another, or a link of another kind.
function showReplayNote(ex, listing = false) {
  replayAlgo = params.algo;
  replayEx = ex;
  $('replay-algo').textContent = params.algo;
  $('replay-go').hidden = listing;
  $('replay-listing').hidden = !listing;
  const pages = document.querySelector('meta[name="dmelab-exercises"]')?.content;
  $('replay-back').hidden = !pages;
  if (pages) $('replay-back').href = new URL(encodeURIComponent(ex), new URL(pages, location.href)).href;
  $('replay-note').hidden = false;
  $('replay-note-close').onclick = hideReplayNote;
}
function hideReplayNote() {
  replayAlgo = null;
  replayEx = '';
  $('replay-note').hidden = true;
}

// showExercisesLink shows the header's link to the exercise pages when
// the server says where they are (dmelab serve fills in the meta tag;
// the playground alone and the edge leave it empty).
function showExercisesLink() {
  const url = document.querySelector('meta[name="dmelab-exercises"]')?.content;
  if (!url) return;
  $('to-exercises').href = url;
  $('to-exercises').hidden = false;
}

async function main() {
  showExercisesLink();
  try {
    core = await loadCore();
  } catch (err) {
    toast(`Could not load the core: ${err.message}`, 'error');
    return;
  }
  algos = core.list();
  $('algo').replaceChildren(...algos.map((a) => h('option', { value: a.name }, a.name)));
  editor = createEditor($('editor'), {
    label: 'Scenario text',
    // The problems of the text as it would run: on the edited listing.
    diagnose: (text) => core.parse(text, listingView?.applied() || ''),
    onChange: () => {
      saveDraft();
      edited = true; // the marks go with the old text (the editor drops them)
      scenarioErrors = null;
      if (run) drawScript(run.state);
    },
    onRun: () => guard(runScenario)(),
    onLineClick: seekLine,
  });
  // The editor draws only the lines in view; this reads all of them (for
  // tests and anyone scripting the page).
  $('editor').editorText = () => editor.text();
  listingView = createListingView({ core, createEditor, onApply: applyListing, toast });
  if (!(await restoreFromHash())) await openFirst();
  offerKept();

  $('config').addEventListener('change', guard((e) => {
    let p = readConfig();
    // A new algorithm comes with its own bounds (what Explore searches);
    // the same one keeps a scenario's channels (the form has no field).
    if (e.target.id === 'algo') p = { ...p, ...boundsFor(p.algo) };
    else for (const k of ['channels', 'channel']) if (params[k] !== undefined) p[k] = params[k];
    listingView.setAlgo(p.algo);
    p = withListing(p, listingView.applied());
    if (sameSettings(p, params)) { showConfig(params); return; } // nothing changed: keep the run
    if (e.target.id === 'algo') {
      counterexample = null;
      start(p);
    } else if (!setInScenario(e.target.id, p)) {
      replayOnSettings(p, e.target.id);
    }
    if (e.target.id !== 'algo' && e.target.id !== 'nodes') return;
    // The editor follows the algorithm and the number of nodes: another
    // algorithm's example or starter, or one for another number of
    // nodes, gives way to this system's starter; a script of the
    // student's own stays (Run goes back to it).
    if (ownScript()) toast(`Your scenario stays in the editor: the run on screen is ${p.algo} with ${p.nodes} node${p.nodes === 1 ? '' : 's'}, made from the settings above, until you run the scenario again.`);
    else offerStarter(p.algo, true);
  }));
  $('config').addEventListener('submit', (e) => e.preventDefault());
  $('step').addEventListener('click', stepForward);
  $('back').addEventListener('click', stepBack);
  $('start').addEventListener('click', toStart);
  $('run').addEventListener('click', runAll);
  $('play').addEventListener('click', togglePlay);
  $('speed').addEventListener('change', () => { if (playTimer) { stopPlay(); togglePlay(); } });
  // Reset: a scenario's run starts over from its script (the editor's
  // text), the cursor at the start; any other run starts empty.
  $('reset').addEventListener('click', guard(() => {
    counterexample = null;
    if (scenarioText !== null) runScenario(edited ? editor.text() : scenarioText, 0);
    else start(params);
  }));
  $('explore-form').addEventListener('submit', explore);
  $('explore-scope').addEventListener('change', () => { if (run) drawExploreScope(run.state); });
  $('cancel').addEventListener('click', () => explorer.cancel());
  $('share').addEventListener('click', share);
  $('export').addEventListener('click', exportSVG);
  $('download').addEventListener('click', downloadScenario);
  $('gallery-open').addEventListener('click', openGallery);
  $('scenario-run').addEventListener('click', guard(() => runScenario()));
  $('scenario-format').addEventListener('click', formatScenario);
  $('scenario-from-run').addEventListener('click', fromRun);
  $('help-open').addEventListener('click', toggleHelp);
  $('diagram-wrap').addEventListener('scroll', () => pinHeader($('diagram'), $('diagram-wrap').scrollTop), { passive: true });
  document.addEventListener('keydown', onKey);
  // The diagram is drawn to its panel's width (its words wrap there):
  // drawn again when that width changes, with the window or with the
  // columns beside it (the Listing view opening widens its column). The
  // width compared is the one the diagram was drawn to: a link that opens
  // the Listing view draws the run before the column widens, and its
  // first observation, already at the new width, redraws it.
  let resizing = null;
  new ResizeObserver(() => {
    if ($('diagram-wrap').clientWidth === drawnWidth) return;
    clearTimeout(resizing);
    resizing = setTimeout(() => { if (run) drawAll(run.state); }, 100);
  }).observe($('diagram-wrap'));
  window.addEventListener('hashchange', () => {
    if (location.hash === writtenHash) return;
    counterexample = null;
    restoreFromHash();
  });
  document.documentElement.dataset.ready = 'true';
  // Offline support (sw.js); a page without it works the same online.
  navigator.serviceWorker?.register('sw.js').catch(() => {});
}

main();
