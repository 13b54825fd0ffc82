// The playground page: configuration, the run and its controls, the views
// (diagram, next events, nodes, messages in flight), exploration and
// sharing. The state of the page is one run of the core (a timeline and a
// cursor); every view is redrawn from it after each change.

import { loadCore } from './core.js';
import { render as drawDiagram, pinHeader, rowY, serialize } from './diagram.js';
import { Explorer } from './explore.js';
import { readHash, writeHash } from './share.js';

const $ = (id) => document.getElementById(id);
const DEFAULT = { algo: 'ra-lamport', nodes: 3, requests: 1, appMessages: 1, crashes: 0 };
const RUN_LIMIT = 200; // events per press of Run: an endless algorithm stays drawable

let core = null;
let algos = [];
let run = null;
let params = { ...DEFAULT };
let counterexample = null; // {property, kind, summary, length, loop_from, steps}
let lastNodes = null; // the node views last drawn, to mark what changed
let lastPos = -1;
let playTimer = null;
const explorer = new Explorer();

// ---------- small helpers ----------

function toast(msg, kind = 'info') {
  const t = $('toast');
  t.textContent = msg;
  t.className = `toast ${kind}`;
  t.hidden = false;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => { t.hidden = true; }, kind === 'error' ? 6000 : 2500);
}

function h(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === 'class') e.className = v;
    else if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v === true ? '' : String(v));
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    e.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return e;
}

const nf = new Intl.NumberFormat('en');

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
    nodes: clamp($('nodes').valueAsNumber, 1, 8, DEFAULT.nodes),
    requests: clamp($('requests').valueAsNumber, 0, 5, DEFAULT.requests),
    appMessages: clamp($('app').valueAsNumber, 0, 3, DEFAULT.appMessages),
    crashes: 0,
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
  const info = algos.find((a) => a.name === p.algo);
  $('algo-summary').textContent = info ? info.summary : '';
}

// start replaces the run by a fresh one of p, then takes events and moves
// the cursor to at (the end if undefined).
function start(p, events = [], at) {
  stopPlay();
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
  run?.free();
  run = next;
  params = p;
  showConfig(p);
  update();
}

function update() {
  const s = run.state;
  if (counterexample && !sameTimeline(s, counterexample.steps)) counterexample = null;
  drawAll(s);
  writeHash(params, s.pos, s.steps.map((x) => x.event));
}

function sameTimeline(s, events) {
  return s.steps.length === events.length && s.steps.every((x, i) => x.event === events[i]);
}

const act = (f) => guard(() => { f(); update(); });

const stepForward = act(() => {
  const before = run.state.pos;
  run.step();
  if (run.state.pos === before) {
    stopPlay();
    toast(run.state.status.deadlock ? 'Deadlock: nothing that must happen can happen.' : 'Nothing more can happen.');
  }
});
const stepBack = act(() => run.back());
const toStart = act(() => run.seek(0));
const toEnd = act(() => run.seek(run.state.steps.length));
const runAll = act(() => {
  stopPlay();
  const before = run.state.pos;
  run.run(RUN_LIMIT);
  if (run.state.pos - before === RUN_LIMIT) toast(`Ran ${RUN_LIMIT} events; press r to go on.`);
});
const take = (ev) => act(() => { stopPlay(); run.apply(ev); })();
const seek = (k) => act(() => run.seek(k))();

// crash takes node i's crash event, if the configuration allows one.
function crash(i) {
  const ev = run.state.enabled.find((e) => e.kind === 'crash' && e.node === i);
  if (ev) take(ev.index);
  else toast(params.crashes ? `${run.state.names[i]} cannot crash now.` : 'Set Crashes to 1 or more to crash nodes by clicking their names.');
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

function drawAll(s) {
  drawDiagram($('diagram'), s, {
    onSeek: seek,
    onNode: crash,
    loopFrom: counterexample?.loop_from,
  });
  scrollToCursor(s.pos);
  pinHeader($('diagram'), $('diagram-wrap').scrollTop);
  drawToolbar(s);
  drawBanner(s);
  drawEnabled(s);
  drawNodes(s);
  drawInFlight(s);
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

function statusText(s) {
  const st = s.status;
  const names = (l) => l.map((i) => s.names[i]).join(', ');
  if (st.unsafe) return { text: 'unsafe: two nodes in the CS', cls: 'bad' };
  if (st.deadlock) return { text: `deadlock (${names(st.waiting) || 'someone cannot leave'})`, cls: 'bad' };
  if (st.done) return { text: 'done: every enter() returned', cls: 'good' };
  if (st.waiting.length) return { text: `waiting: ${names(st.waiting)}`, cls: '' };
  return { text: '', cls: '' };
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
  const canStep = s.pos < L || s.enabled.some((e) => e.default);
  $('step').disabled = !canStep;
  $('run').disabled = !canStep;
}

function drawBanner(s) {
  const b = $('banner');
  if (!counterexample) { b.hidden = true; return; }
  const c = counterexample;
  b.hidden = false;
  b.className = 'banner bad';
  b.replaceChildren(
    h('strong', {}, `Counterexample: ${c.property} (${c.kind}), ${c.length} steps. `),
    c.summary,
    c.loop_from !== undefined ? ` The steps from ${c.loop_from + 1} on repeat forever.` : '',
    s.pos < s.steps.length ? h('span', { class: 'muted' }, ` Showing step ${s.pos}; press → to go on.`) : '',
  );
}

// stripNode drops the acting node's name from the start of a description:
// inside that node's group it goes without saying.
function stripNode(text, name) {
  return text.startsWith(name + ' ') ? text.slice(name.length + 1) : text;
}

function drawEnabled(s) {
  const box = $('enabled');
  box.replaceChildren();
  if (!s.enabled.length) {
    box.append(h('p', { class: 'muted' }, s.status.done ? 'Nothing is enabled: the run is over.' : 'Nothing is enabled.'));
    return;
  }
  let shortcut = 1;
  s.names.forEach((name, i) => {
    const evs = s.enabled.filter((e) => e.node === i);
    if (!evs.length) return;
    const list = h('div', { class: 'evlist' });
    for (const e of evs) {
      const key = shortcut <= 9 ? String(shortcut++) : null;
      const tags = [];
      if (e.next) tags.push(h('span', { class: 'tag next', title: 'the timeline goes on with this event' }, 'timeline'));
      if (e.default) tags.push(h('span', { class: 'tag default', title: 'what Step and Run take' }, 'default'));
      list.append(h('button', {
        type: 'button', class: `ev ev-${e.kind}${e.next ? ' is-next' : ''}`,
        'aria-label': e.event, title: e.event, 'data-event': e.event,
        'aria-keyshortcuts': key || undefined,
        onclick: () => take(e.index),
      }, key ? h('kbd', {}, key) : '', h('span', { class: 'evtxt' }, stripNode(e.text, name)), ...tags));
    }
    box.append(h('div', { class: 'evgroup' }, h('h3', {}, name), list));
  });
}

function drawNodes(s) {
  const box = $('nodes-view');
  const changed = (i, v) => {
    if (!lastNodes || Math.abs(lastPos - s.pos) !== 1 || !lastNodes[i]) return false;
    const old = lastNodes[i].vars.find((x) => x.name === v.name);
    return old && old.value !== v.value;
  };
  box.replaceChildren(...s.nodes.map((n, i) => {
    const rows = n.vars.map((v) => h('tr', { class: changed(i, v) ? 'changed' : '' }, h('th', { scope: 'row' }, v.name), h('td', {}, v.value)));
    const meta = [];
    if (n.clock !== undefined) meta.push(`clock ${n.clock}`);
    meta.push(`entries ${n.entries}`);
    if (n.left) meta.push(`${n.left} enter() to come`);
    return h('article', { class: `node phase-${n.crashed ? 'crashed' : n.phase}`, 'aria-label': `${n.name}: ${n.phase}` },
      h('header', {}, h('strong', {}, n.name), h('span', { class: 'phase' }, n.crashed ? 'crashed' : n.phase), h('span', { class: 'meta' }, meta.join(' · '))),
      rows.length ? h('table', {}, h('tbody', {}, rows)) : '');
  }));
  lastNodes = s.nodes;
  lastPos = s.pos;
}

function drawInFlight(s) {
  const ul = $('inflight');
  ul.replaceChildren();
  if (!s.inFlight.length) { ul.append(h('li', { class: 'muted' }, 'no message in flight')); return; }
  for (const idx of s.inFlight) {
    const m = s.messages[idx];
    ul.append(h('li', {}, `${s.names[m.from]} → ${s.names[m.to]} `, h('code', {}, m.label), h('span', { class: 'muted' }, ` sent at step ${m.sent}`)));
  }
}

// ---------- explore ----------

async function explore(ev) {
  ev?.preventDefault();
  if (explorer.running) return;
  const props = [...document.querySelectorAll('input[name=prop]:checked')].map((i) => i.value);
  if (!props.length) { toast('Choose at least one property.', 'error'); return; }
  const p = { ...params };
  const maxStates = Math.max(1000, Number($('max-states').value) || 0);
  $('explore').disabled = true;
  $('cancel').disabled = false;
  $('verdicts').replaceChildren();
  $('progress').textContent = 'Loading the explorer…';
  try {
    const res = await explorer.check({ ...p, props, maxStates }, (m) => {
      $('progress').textContent = `${nf.format(m.states)} states · ${nf.format(m.transitions)} transitions · depth ${m.depth} · ${(m.ms / 1000).toFixed(1)} s`;
    });
    const what = `${p.algo} N=${p.nodes} R=${p.requests}${p.crashes ? ` crashes=${p.crashes}` : ''}`;
    $('progress').textContent = `${what}: ${nf.format(res.states)} states · ${nf.format(res.transitions)} transitions · ${res.complete ? 'complete' : 'incomplete (bound reached)'} · ${(res.browser_ms / 1000).toFixed(2)} s`;
    showVerdicts(p, res);
    const shortest = res.counterexample;
    if (shortest) showCounterexample(p, shortest);
  } catch (err) {
    $('progress').textContent = err.cancelled ? 'Cancelled.' : '';
    if (!err.cancelled) toast(err.message, 'error');
  } finally {
    $('explore').disabled = false;
    $('cancel').disabled = true;
  }
}

function showVerdicts(p, res) {
  const rows = Object.entries(res.properties).map(([prop, v]) => {
    const ce = res.counterexamples[prop];
    return h('li', { class: `verdict ${v}`, 'data-property': prop },
      h('span', { class: 'prop' }, prop), h('span', { class: `badge ${v}` }, v),
      ce ? h('button', { type: 'button', 'aria-label': `Show the ${prop} counterexample in the diagram`, onclick: () => showCounterexample(p, { ...ce, property: prop }) }, `show ${ce.length} steps`) : '',
      ce ? h('p', { class: 'ce-summary' }, `${ce.kind}: ${ce.summary}`) : '');
  });
  const parts = [h('ul', { class: 'verdict-list' }, rows)];
  if (res.metrics) {
    const m = res.metrics;
    parts.push(h('table', { class: 'metrics', 'aria-label': 'Metrics' }, h('tbody', {},
      h('tr', {}, h('th', {}, 'messages per entry'), h('td', {}, m.messages_per_entry)),
      h('tr', {}, h('th', {}, 'client delay'), h('td', {}, m.client_delay)),
      h('tr', {}, h('th', {}, 'sync delay'), h('td', {}, m.sync_delay)),
      h('tr', {}, h('th', {}, 'messages per entry, all ask'), h('td', {}, m.contended_messages_per_entry)))));
  }
  $('verdicts').replaceChildren(...parts);
}

function showCounterexample(p, ce) {
  start(p, ce.steps);
  counterexample = ce;
  update();
}

// ---------- share, export, help ----------

async function share() {
  const url = location.href;
  try {
    await navigator.clipboard.writeText(url);
    toast('Link copied: it opens this run at this step.');
  } catch {
    toast(url);
  }
}

function exportSVG() {
  const blob = new Blob([serialize($('diagram'))], { type: 'image/svg+xml' });
  const a = h('a', { href: URL.createObjectURL(blob), download: `dmelab-${params.algo}-N${params.nodes}-step${run.state.pos}.svg` });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10000);
}

function toggleHelp() {
  const d = $('help');
  if (d.open) d.close(); else d.showModal();
}

function onKey(e) {
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  if (e.target.closest?.('input, select, textarea') && e.key !== 'Escape') return;
  if ($('help').open && e.key !== '?') return; // the dialog handles Esc
  const keys = {
    ArrowRight: stepForward, ArrowLeft: stepBack, Home: toStart, End: toEnd,
    r: runAll, ' ': togglePlay, '?': toggleHelp, e: () => explore(),
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

function restoreFromHash() {
  const hs = readHash(location.hash);
  if (!hs || !algos.some((a) => a.name === hs.params.algo)) return false;
  const p = { ...DEFAULT, ...hs.params };
  start(p, hs.events, hs.at);
  return true;
}

async function main() {
  try {
    core = await loadCore();
  } catch (err) {
    toast(`Could not load the core: ${err.message}`, 'error');
    return;
  }
  algos = core.list();
  $('algo').replaceChildren(...algos.map((a) => h('option', { value: a.name }, a.name)));
  if (!restoreFromHash()) start({ ...DEFAULT });

  $('config').addEventListener('change', guard(() => {
    const p = readConfig();
    if (JSON.stringify(p) === JSON.stringify(params)) { showConfig(p); return; } // nothing changed: keep the run
    counterexample = null;
    start(p);
  }));
  $('config').addEventListener('submit', (e) => e.preventDefault());
  $('step').addEventListener('click', stepForward);
  $('back').addEventListener('click', stepBack);
  $('start').addEventListener('click', toStart);
  $('run').addEventListener('click', runAll);
  $('play').addEventListener('click', togglePlay);
  $('speed').addEventListener('change', () => { if (playTimer) { stopPlay(); togglePlay(); } });
  $('reset').addEventListener('click', guard(() => { counterexample = null; start(params); }));
  $('explore-form').addEventListener('submit', explore);
  $('cancel').addEventListener('click', () => explorer.cancel());
  $('share').addEventListener('click', share);
  $('export').addEventListener('click', exportSVG);
  $('help-open').addEventListener('click', toggleHelp);
  $('diagram-wrap').addEventListener('scroll', () => pinHeader($('diagram'), $('diagram-wrap').scrollTop), { passive: true });
  document.addEventListener('keydown', onKey);
  window.addEventListener('hashchange', () => {
    const hs = readHash(location.hash);
    const cur = run?.state;
    if (hs && cur && hs.at === cur.pos && sameTimeline(cur, hs.events) && JSON.stringify({ ...DEFAULT, ...hs.params }) === JSON.stringify(params)) return;
    counterexample = null;
    restoreFromHash();
  });
  document.documentElement.dataset.ready = 'true';
  // Offline support (sw.js); a page without it works the same online.
  navigator.serviceWorker?.register('sw.js').catch(() => {});
}

main();
