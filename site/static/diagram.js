// The space-time diagram: one column per node, time flowing down, one row
// per step (row 0 is the initial state). A node's line shows its phase
// (idle, waiting, in the critical section, leaving, crashed); an arrow goes
// from the step that sent a message to the step that delivered it. The
// current step is a highlighted band and the steps after it (the rest of
// the timeline, kept when stepping back) are faded.
//
// The SVG carries its own <style>, so exporting it gives a file that looks
// the same anywhere.

const NS = 'http://www.w3.org/2000/svg';
const ROW = 28;
// A node's column: 104 px wide, narrower (down to 56) when the diagram
// would not fit the width it is given (render's opts.fit).
const COL_MAX = 104;
const COL_MIN = 56;
let COL = COL_MAX;
// Where the columns leave less than 120 px for the words beside them (a
// narrow panel, many nodes), the words wrap to TEXT_MIN px and the whole
// diagram is drawn smaller to fit the width it is given, down to
// SCALE_MIN of its size (narrower still, it scrolls sideways). On a
// phone (render's opts.phone) it is never drawn smaller, and its small
// words (phases, message labels, the step count) are drawn at
// SMALL_PHONE px, not SMALL: no text is under 11 px there, and what does
// not fit the screen's width scrolls sideways inside the panel.
const TEXT_MIN = 150;
const SCALE_MIN = 0.6;
const SMALL = 10;
const SMALL_PHONE = 11;
let scale = 1;
let small = SMALL;
const LEFT = 40;
const TOP = 52;
const TAIL = 0.7 * ROW;

const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
const STYLE = `
text { font-family: ${FONT}; font-size: 12px; fill: #1f2328; }
.bg { fill: #ffffff; }
.rowhit { fill: transparent; cursor: pointer; }
.rows text, .head text { pointer-events: none; }
.nodehit { fill: transparent; stroke: #d0d7de; stroke-dasharray: 3 2; cursor: pointer; }
.nodehit:hover, .nodehit:focus { fill: #ffebe9; stroke: #cf222e; outline: none; }
.nodehit.recover:hover, .nodehit.recover:focus { fill: #dafbe1; stroke: #1a7f37; }
.ev-recover { fill: #1a7f37; }
.rowhit:hover, .rowhit:focus { fill: #eef2ff; outline: none; }
.cursor { fill: #fff4c2; stroke: #e3b200; stroke-width: 1; }
.stepno { fill: #6e7781; font-size: 11px; text-anchor: end; }
.evtext { fill: #1f2328; }
.evtext.future { fill: #8c959f; }
.node-name { font-weight: 700; font-size: 13px; text-anchor: middle; }
.node-phase { font-size: 10px; text-anchor: middle; fill: #57606a; }
.node-phase.failed { fill: #cf222e; font-weight: 700; }
.stepof { font-size: 10px; text-anchor: start; fill: #57606a; }
.ph-idle { stroke: #8c959f; stroke-width: 1.5; }
.ph-wanting { stroke: #d4a72c; stroke-width: 3; stroke-dasharray: 5 3; }
.ph-exiting { stroke: #54aeff; stroke-width: 3; }
.ph-crashed { stroke: #cf222e; stroke-width: 1.5; stroke-dasharray: 2 3; }
.cs { fill: #2da44e; fill-opacity: 0.28; stroke: #1a7f37; stroke-width: 1.5; }
.cs.unsafe { fill: #cf222e; fill-opacity: 0.3; stroke: #a40e26; }
.msg { stroke: #6639ba; stroke-width: 1.4; fill: none; }
.msg.app { stroke: #0969da; stroke-dasharray: 4 2; }
.msg.flying { stroke-dasharray: 5 3; }
.msglabel { font-size: 10.5px; fill: #6639ba; paint-order: stroke; stroke: #ffffff; stroke-width: 3px; stroke-linejoin: round; }
.ev { stroke: #ffffff; stroke-width: 1.5; }
.ev-request { fill: #bf8700; }
.ev-exit { fill: #0969da; }
.ev-step { fill: #424a53; }
.ev-deliver { fill: #6639ba; }
.ev-app { fill: #0969da; }
.ev-crash { fill: #cf222e; }
.entered { fill: none; stroke: #1a7f37; stroke-width: 2; }
.future { opacity: 0.35; }
.warn { fill: #cf222e; font-weight: 700; }
.loop { stroke: #cf222e; stroke-width: 2; fill: none; }
.violation { fill: none; stroke: #cf222e; stroke-width: 2; stroke-dasharray: 6 3; pointer-events: none; }
.grid { stroke: #eaeef2; stroke-width: 1; }
.expect { font-size: 12px; font-weight: 700; text-anchor: middle; cursor: help; }
.expect.ok { fill: #1a7f37; }
.expect.bad { fill: #cf222e; }
.expect.unknown { fill: #9a6700; }
`;
// A phone's: the small words at SMALL_PHONE px.
const STYLE_PHONE = `
.node-phase, .stepof, .msglabel { font-size: ${SMALL_PHONE}px; }
`;

function el(name, attrs = {}, parent) {
  const e = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) {
    if (v !== undefined && v !== null) e.setAttribute(k, String(v));
  }
  if (parent) parent.appendChild(e);
  return e;
}

function text(parent, x, y, s, cls, extra = {}) {
  const t = el('text', { x, y, class: cls, ...extra }, parent);
  t.textContent = s;
  return t;
}

// textWidth is how wide s is drawn at px pixels (bold if asked), measured
// with the diagram's own font; layout uses it to keep labels apart.
let measurer;
function textWidth(s, px, bold = false) {
  measurer ??= document.createElement('canvas').getContext('2d');
  if (!measurer) return s.length * px * 0.62;
  measurer.font = `${bold ? '700 ' : ''}${px}px ${FONT}`;
  return measurer.measureText(s).width;
}

// Boxes {x1, y1, x2, y2} that labels must keep out of, and the test.
const overlaps = (a, b) => a.x1 < b.x2 && b.x1 < a.x2 && a.y1 < b.y2 && b.y1 < a.y2;

// crosses says whether the polyline pts (an arrow) passes through box b.
function crosses(b, pts) {
  const inBox = ([px, py]) => px > b.x1 && px < b.x2 && py > b.y1 && py < b.y2;
  for (let i = 1; i < pts.length; i++) {
    const [x1, y1] = pts[i - 1];
    const [x2, y2] = pts[i];
    if (inBox(pts[i - 1]) || inBox(pts[i])) return true;
    // Liang–Barsky: the part of the segment inside the box, if any.
    let t0 = 0, t1 = 1;
    const dx = x2 - x1, dy = y2 - y1;
    const clip = (p, q) => {
      if (p === 0) return q >= 0;
      const r = q / p;
      if (p < 0) { if (r > t1) return false; if (r > t0) t0 = r; } else { if (r < t0) return false; if (r < t1) t1 = r; }
      return true;
    };
    if (clip(-dx, x1 - b.x1) && clip(dx, b.x2 - x1) && clip(-dy, y1 - b.y1) && clip(dy, b.y2 - y1) && t0 < t1) return true;
  }
  return false;
}

// A message label's box when drawn at (lx, ly) with the given anchor:
// 10.5 px text rises about 10 px above its baseline and drops 3 below.
function labelBox(lx, ly, w, anchor) {
  const x1 = anchor === 'middle' ? lx - w / 2 : anchor === 'end' ? lx - w : lx;
  return { x1: x1 - 1, y1: ly - 11, x2: x1 + w + 1, y2: ly + 4 };
}

const x = (i) => LEFT + COL * i + COL / 2;
// Rows are ROW high, and LINE more for each line a step's text wraps to
// (see render); y(k) is the middle of row k, rows[k] its height.
const LINE = 15;
let rows = [];
let mids = [];
const y = (k) => (k < mids.length ? mids[k] : TOP + ROW / 2 + k * ROW);

// wrap breaks s into lines no wider than w (px at 12 px, in bold if
// asked), at spaces; a word wider than w is broken too, after its commas,
// parentheses and equals signs where it can be
// (send(request,N2,myID,myNum=1)), else anywhere. The lines' glued
// holds each j whose line j+1 goes on with the same word (no space
// between them).
function wrap(s, w, bold = false) {
  const out = [];
  out.glued = new Set();
  let line = '';
  for (const word of s.split(' ')) {
    const next = line ? `${line} ${word}` : word;
    if (!line || textWidth(next, 12, bold) <= w) {
      line = next;
      if (textWidth(line, 12, bold) <= w) continue;
    }
    if (line !== next) out.push(line);
    const parts = split(line === next ? line : word, w, bold);
    for (let j = 0; j < parts.length - 1; j++) {
      out.glued.add(out.length);
      out.push(parts[j]);
    }
    line = parts[parts.length - 1];
  }
  out.push(line);
  return out;
}

// split breaks a word wider than w into pieces no wider, each as long
// as it can be: after a comma, parenthesis or equals sign, else anywhere.
function split(word, w, bold) {
  const pack = (units) => {
    const out = [];
    let cur = '';
    for (const u of units) {
      if (cur && textWidth(cur + u, 12, bold) > w) {
        out.push(cur);
        cur = u;
      } else {
        cur += u;
      }
    }
    out.push(cur);
    return out;
  };
  return pack(word.split(/(?<=[,(=])/)).flatMap((p) => (textWidth(p, 12, bold) <= w ? [p] : pack([...p])));
}

// nodeWord is what the page says of node nd of state s, over its column
// and on its card: crashed, failed, or in an election whom it has elected
// ("leader" on the one that elected itself, "leader N3" on the others,
// "no leader"), else its mutual-exclusion phase (idle, wanting, in-cs…).
export function nodeWord(s, nd) {
  if (nd.crashed) return 'crashed';
  if (nd.failed) return 'failed';
  if (!s.election) return nd.phase;
  if (!nd.leader) return 'no leader';
  return nd.leader === nd.name ? 'leader' : `leader ${nd.leader}`;
}

// phaseAt returns node i's phase in state k.
function phaseAt(state, k, i) {
  return k === 0 ? state.initial[i] : state.steps[k - 1].phases[i];
}

// render draws state into svg. opts.loopFrom marks a starvation cycle
// (the steps from there on repeat forever); opts.violation ({from, to})
// frames the rows where a counterexample breaks its property;
// opts.onSeek(k) is called when a row is clicked, opts.onNode(i) when
// node i's name is; opts.fit is the
// width available, which narrows the node columns when there are many;
// opts.phone draws it for a phone's screen (see SMALL_PHONE).
export function render(svg, state, opts = {}) {
  const n = state.names.length;
  small = opts.phone ? SMALL_PHONE : SMALL;
  // Keep room for about 280 px of step text to the right of the nodes,
  // but never make a column narrower than its node's name and phase.
  const widest = Math.max(0, ...state.names.map((nm) => textWidth(nm, 13, true)), ...state.nodes.map((nd) => textWidth(nodeWord(state, nd), small, !!nd.failed)));
  const colMin = Math.max(COL_MIN, Math.ceil(widest) + 12);
  COL = opts.fit ? Math.max(colMin, Math.min(COL_MAX, Math.floor((opts.fit - LEFT - 292) / Math.max(1, n)))) : Math.max(colMin, COL_MAX);
  const L = state.steps.length;
  const pos = state.pos;
  const textX = LEFT + COL * n + 12;
  // A step's label: what happened and why when the algorithm says it
  // (play.Step.Say), else the event in words; the tooltip has both.
  const labelOf = (s) => s.say || s.text;
  const tipOf = (s) => (s.say && s.say !== s.text ? `${s.say}\n(${s.text})` : s.text);
  const warnOf = (s) => [s.unsafe && 'two nodes in the CS', s.orderBroken && 'order broken', s.wrongLeader && 'wrong leader'].filter(Boolean);
  // A step's text wraps to the width the diagram is given (opts.fit),
  // when that leaves room for a readable column of text; its warning
  // goes after the last line if it fits there, else on a line of its own.
  const room = opts.fit ? opts.fit - textX - 24 : Infinity;
  const wrapAt = room >= 120 ? room : opts.fit ? TEXT_MIN : Infinity;
  const laid = state.steps.map((s) => {
    const lines = wrapAt < Infinity ? wrap(labelOf(s), wrapAt) : [labelOf(s)];
    const warns = warnOf(s);
    const warn = warns.length ? '⚠ ' + warns.join(', ') : '';
    const last = textWidth(lines[lines.length - 1], 12);
    const ww = warn ? textWidth(warn, 12, true) : 0;
    const inline = !warn || last + 12 + ww <= wrapAt;
    return { lines, warn, warnX: inline ? textX + last + 12 : textX, warnLine: inline ? lines.length - 1 : lines.length };
  });
  rows = [ROW, ...laid.map((r) => ROW + LINE * r.warnLine)];
  mids = [];
  let top = TOP;
  for (const h of rows) {
    mids.push(top + h / 2);
    top += h;
  }
  // The first line of a row's text: the lines are centred on the row.
  const lineY = (k, j) => y(k) + 4 - (rows[k] - ROW) / 2 + LINE * j;
  // The width: the longest line (a warning included) and the lines
  // under the last row, measured, so that nothing is cut at the right.
  const rowEnds = laid.map((r) => Math.max(...r.lines.map((l) => textWidth(l, 12)), r.warn ? r.warnX - textX + textWidth(r.warn, 12, true) : 0));
  const footer = [];
  if (L === 0) footer.push('Pick an event under "Next event", or press → to step, r to run.');
  if (state.end.deadlock) {
    const who = state.end.waiting.map((i) => state.names[i]).join(', ');
    // The algorithm's own account when it has one (Maekawa's circular
    // wait), else who waits.
    footer.push(state.end.why ? `⚠ deadlock. ${state.end.why}` : `⚠ deadlock: ${who ? who + (state.end.waiting.length === 1 ? ' waits' : ' wait') : 'a node cannot leave'}, and nothing that must happen can`);
  }
  const looping = opts.loopFrom !== undefined && opts.loopFrom !== null && opts.loopFrom < L;
  if (looping) footer.push(`↺ steps ${opts.loopFrom + 1}–${L} repeat forever`);
  // Each wrapped too, measured in bold as it is drawn.
  const feet = footer.map((f) => (wrapAt < Infinity ? wrap(f, wrapAt, true) : [f]));
  const footLines = feet.filter((_, i) => !footer[i].startsWith('Pick')).flat().length;
  const textW = Math.max(textWidth('initial state', 12), textWidth(`step ${pos} of ${L}`, small), ...rowEnds, ...feet.flat().map((f) => textWidth(f, 12, true)));
  // Wrapped, the diagram is as wide as it was given, with no scrolling
  // sideways (unless a line under the last row needs more).
  const width = Math.ceil(textX + Math.max(wrapAt < Infinity ? Math.floor(opts.fit) - textX : 300, textW + 24));
  const pick = footer[0]?.startsWith('Pick') ? feet[0].length : 0;
  // The lines under the last row start below all of it: below the
  // lifelines' tail, and below the row itself where its words wrap to
  // more lines than the tail is long (the red frame of a violating last
  // step ends at the row's foot, and must not strike them through).
  const foot = y(L) + Math.max(TAIL, rows[L] / 2);
  const height = Math.max(foot + 20 + 16 * footLines, y(0) + ROW + 12 + 16 * pick);
  // Wider than it was given (see TEXT_MIN): drawn smaller, all of it,
  // except on a phone.
  scale = opts.fit && width > opts.fit && !opts.phone ? Math.max(SCALE_MIN, Math.floor(opts.fit) / width) : 1;
  svg.replaceChildren();
  svg.setAttribute('viewBox', `0 0 ${width} ${height}`);
  svg.setAttribute('width', Math.floor(width * scale));
  svg.setAttribute('height', Math.ceil(height * scale));
  svg.dataset.scale = scale;
  el('style', {}, svg).textContent = opts.phone ? STYLE + STYLE_PHONE : STYLE;
  el('rect', { class: 'bg', x: 0, y: 0, width, height }, svg);

  // Rows: the cursor band, then a clickable strip per step.
  el('rect', { class: 'cursor', x: 2, y: y(pos) - rows[pos] / 2, width: width - 4, height: rows[pos], rx: 4 }, svg);
  // A counterexample's violation (opts.violation: rows from..to, where
  // the property breaks, or the cycle that repeats forever): framed in
  // red and never faded, so that from its first step the student sees
  // where the run is going.
  const vi = opts.violation;
  if (vi && vi.from >= 1 && vi.from <= vi.to && vi.to <= L) {
    const top = y(vi.from) - rows[vi.from] / 2;
    el('rect', { class: 'violation', x: 3, y: top, width: width - 6, height: y(vi.to) + rows[vi.to] / 2 - top, rx: 4, 'data-from': vi.from, 'data-to': vi.to }, svg);
  }
  const band = el('g', { class: 'rows' }, svg);
  for (let k = 0; k <= L; k++) {
    const label = k === 0 ? 'initial state' : labelOf(state.steps[k - 1]);
    const r = el('rect', {
      class: 'rowhit', x: 2, y: y(k) - rows[k] / 2, width: width - 4, height: rows[k],
      'data-step': k, tabindex: -1, role: 'button', 'aria-label': `Go to step ${k}: ${label}`,
    }, band);
    if (opts.onSeek) r.addEventListener('keydown', (e) => { if (e.key === 'Enter') opts.onSeek(k); });
    if (k > 0) el('title', {}, r).textContent = `${k}. ${tipOf(state.steps[k - 1])}`;
    text(band, LEFT - 8, y(k) + 4, String(k), 'stepno');
    const lines = k === 0 ? [label] : laid[k - 1].lines;
    // One <text> a row (its words, for tests and screen readers, are
    // the label's), a <tspan> a line.
    const t = el('text', { x: textX, y: lineY(k, 0), class: k > pos ? 'evtext future' : 'evtext' }, band);
    lines.forEach((l, j) => {
      const sp = el('tspan', j ? { x: textX, dy: LINE } : {}, t);
      sp.textContent = j < lines.length - 1 && !lines.glued?.has(j) ? `${l} ` : l;
    });
  }

  const past = el('g', {}, svg);
  const future = el('g', { class: 'future' }, svg);
  const layer = (k) => (k > pos ? future : past);

  // Lifelines: runs of equal phase, the CS as a shaded box.
  const unsafeAt = new Set();
  state.steps.forEach((s, k) => { if (s.unsafe) unsafeAt.add(k + 1); });
  for (let i = 0; i < n; i++) {
    let k = 0;
    while (k <= L) {
      const ph = phaseAt(state, k, i);
      let j = k + 1;
      while (j <= L && phaseAt(state, j, i) === ph && (j <= pos) === (k <= pos)) j++;
      const y1 = y(k);
      const y2 = j <= L ? y(j) : y(L) + TAIL;
      const g = layer(k);
      if (ph === 'in-cs') {
        let unsafe = false;
        for (let m = k; m < j; m++) unsafe = unsafe || unsafeAt.has(m);
        el('rect', { class: unsafe ? 'cs unsafe' : 'cs', x: x(i) - 8, y: y1, width: 16, height: y2 - y1, rx: 3, 'data-node': state.names[i], 'data-from': k }, g);
      } else {
        el('line', { class: `ph-${ph}`, x1: x(i), y1, x2: x(i), y2 }, g);
      }
      k = j;
    }
  }

  // Where message labels may not go: the event dots, and anything left of
  // the first column, right of the last, or above the first row.
  const taken = state.steps.map((s, k) => ({ x1: x(s.node) - 7, y1: y(k + 1) - 7, x2: x(s.node) + 7, y2: y(k + 1) + 7 }));
  const area = { x1: LEFT - 2, y1: TOP + 2, x2: textX - 6, y2: height - 2 };
  const inside = (b) => b.x1 >= area.x1 && b.x2 <= area.x2 && b.y1 >= area.y1 && b.y2 <= area.y2;

  // Every arrow's course, as a polyline (a message to itself: its curve,
  // sampled), so that a label can keep off the arrows drawn after it too.
  const course = state.messages.map((m) => {
    const end = m.delivered || m.lost || 0;
    const y1 = y(m.sent);
    const y2 = end ? y(end) : y(L) + TAIL;
    if (m.from !== m.to) return [[x(m.from), y1], [x(m.to) + (m.to > m.from ? -9 : 9), y2]];
    const x0 = x(m.from), bx = x0 + 34, x3 = x0 + 9;
    const pts = [];
    for (let j = 0; j <= 12; j++) {
      const t = j / 12, u = 1 - t;
      pts.push([u * u * u * x0 + 3 * u * t * (u * bx + t * bx) + t * t * t * x3, u * u * u * y1 + 3 * u * u * t * y1 + 3 * u * t * t * y2 + t * t * t * y2]);
    }
    return pts;
  });

  // Messages.
  state.messages.forEach((m, idx) => {
    const end = m.delivered || m.lost || 0;
    const y1 = y(m.sent);
    const y2 = end ? y(end) : y(L) + TAIL;
    const flying = m.sent <= pos && (!end || end > pos);
    const cls = `msg${m.label === 'app' ? ' app' : ''}${end ? '' : ' flying'}`;
    // A message in flight at the cursor but delivered later: the whole
    // arrow belongs to the future, the part already travelled is drawn
    // solid below.
    const g = flying && end > pos ? future : layer(m.sent);
    let d;
    if (m.from === m.to) {
      const bx = x(m.from) + 34;
      d = `M ${x(m.from)} ${y1} C ${bx} ${y1}, ${bx} ${y2}, ${x(m.to) + 9} ${y2}`;
    } else {
      const x2 = x(m.to) + (m.to > m.from ? -9 : 9);
      d = `M ${x(m.from)} ${y1} L ${x2} ${y2}`;
    }
    const path = el('path', { class: cls, d, 'marker-end': m.lost ? undefined : 'url(#arrow)', 'data-msg': idx }, g);
    el('title', {}, path).textContent = `${state.names[m.from]} → ${state.names[m.to]}: ${m.label} (sent at step ${m.sent}${m.delivered ? `, delivered at ${m.delivered}` : m.lost ? `, lost at ${m.lost}` : ', in flight'})`;
    if (flying && end > pos) {
      // The part already travelled, drawn over the faded whole.
      const f = (y(pos) + rows[pos] * 0.45 - y1) / (y2 - y1);
      if (m.from !== m.to && f > 0 && f < 1) {
        const x2 = x(m.to) + (m.to > m.from ? -9 : 9);
        el('line', { class: 'msg flying', x1: x(m.from), y1, x2: x(m.from) + (x2 - x(m.from)) * f, y2: y1 + (y2 - y1) * f }, past);
      }
    }
    if (m.lost) {
      const cx = x(m.to), cy = y2;
      el('path', { class: 'loop', d: `M ${cx - 5} ${cy - 5} L ${cx + 5} ${cy + 5} M ${cx - 5} ${cy + 5} L ${cx + 5} ${cy - 5}` }, g);
    }
    // The label on the arrow, as near its middle as it can be without
    // covering another label or an event, and crossing as few other
    // arrows as it can (none, where there is such a place); left out (the
    // arrow's tooltip still has it) where there is no place at all.
    const w = textWidth(m.label, Math.max(10.5, small));
    const self = m.from === m.to;
    const x1 = x(m.from), x2 = self ? x(m.from) + 26 : x(m.to) + (m.to > m.from ? -9 : 9);
    let best = null;
    for (const t of [0.5, 0.45, 0.55, 0.4, 0.6, 0.35, 0.65, 0.3, 0.7, 0.25, 0.75, 0.2, 0.8, 0.16, 0.84, 0.12, 0.88]) {
      const px = self ? x2 + 4 : x1 + (x2 - x1) * t;
      const py = y1 + (y2 - y1) * t;
      // A message to itself: right of its curve, else left of its line.
      const spots = self ? [[px, py + 4, 'start'], [x1 - 6, py + 4, 'end']] : [[px, py - 3, 'middle'], [px + 5, py + 4, 'start'], [px - 5, py + 4, 'end'], [px, py + 13, 'middle']];
      for (const [lx, ly, anchor] of spots) {
        const b = labelBox(lx, ly, w, anchor);
        if (!inside(b) || taken.some((o) => overlaps(b, o))) continue;
        let cost = 0;
        course.forEach((pts, j) => { if (j !== idx && crosses(b, pts)) cost++; });
        if (!best || cost < best.cost) best = { lx, ly, anchor, b, cost };
        if (cost === 0) break;
      }
      if (best?.cost === 0) break;
    }
    if (best) {
      taken.push(best.b);
      text(g, best.lx, best.ly, m.label, 'msglabel', { 'text-anchor': best.anchor, 'data-msg': idx });
    }
  });

  // Events.
  state.steps.forEach((s, k) => {
    const g = layer(k + 1);
    const cx = x(s.node), cy = y(k + 1);
    const c = el('circle', { class: `ev ev-${s.kind}`, cx, cy, r: 5 }, g);
    el('title', {}, c).textContent = `${k + 1}. ${tipOf(s)}`;
    if (s.entered) el('rect', { class: 'entered', x: cx - 9, y: cy - 9, width: 18, height: 18, rx: 4, 'data-node': state.names[s.node], 'data-step': k + 1 }, g);
    const r = laid[k];
    if (r.warn) text(g, r.warnX, lineY(k + 1, r.warnLine), r.warn, 'warn');
  });

  // A scenario's expectations, at the row of the step after which each
  // was checked: ✓ all held there, ✗ one failed, ? one was undecided.
  if (opts.expects) {
    const rowsOf = new Map();
    for (const e of opts.expects) {
      if (!rowsOf.has(e.after)) rowsOf.set(e.after, []);
      rowsOf.get(e.after).push(e);
    }
    for (const [k, es] of rowsOf) {
      if (k > L) continue;
      const bad = es.some((e) => e.status === 'FAIL' || e.status === 'not reached');
      const unknown = es.some((e) => e.status === 'UNKNOWN');
      const mark = bad ? '✗' : unknown ? '?' : '✓';
      const t = text(layer(k), LEFT - 30, y(k) + 4, mark, `expect ${bad ? 'bad' : unknown ? 'unknown' : 'ok'}`, { 'data-step': k });
      el('title', {}, t).textContent = es.map((e) => `line ${e.line}: ${/^expect\b/.test(e.text) ? '' : 'expect '}${e.text} — ${e.status}${e.got ? ` (${e.got})` : ''}`).join('\n');
    }
  }

  // Under the last row: a hint on an empty timeline, where the timeline
  // ends (a deadlock, a starvation cycle), each on lines of its own.
  let fy = foot + 14;
  footer.forEach((f, i) => {
    if (f.startsWith('Pick')) {
      feet[i].forEach((l, j) => text(svg, textX, y(0) + ROW + 6 + 16 * j, l, 'evtext future'));
      return;
    }
    for (const l of feet[i]) {
      text(f.startsWith('⚠') ? layer(L) : svg, textX, fy, l, 'warn');
      fy += 16;
    }
  });
  if (looping) {
    const y1 = y(opts.loopFrom), y2 = y(L);
    const bx = textX - 6;
    el('path', { class: 'loop', d: `M ${bx + 4} ${y1} H ${bx} V ${y2} H ${bx + 4}`, 'marker-end': 'url(#arrow-red)' }, svg);
  }

  // A click anywhere on a row (its text, an arrow, a lifeline) goes there.
  svg.onclick = (e) => {
    // The names are pinned where the scroller is now: a click right after
    // a jump, before the scroll's event has moved them, is on a row.
    if (svg.dataset.pin !== undefined && svg.parentElement) pinHeader(svg, svg.parentElement.scrollTop);
    const box = svg.getBoundingClientRect();
    const yy = (e.clientY - box.top) * (height / box.height);
    const xx = (e.clientX - box.left) * (width / box.width);
    if (yy < Number(svg.dataset.pin || 0) + TOP - 4) { // the node names
      const i = Math.floor((xx - LEFT) / COL);
      if (i >= 0 && i < n) opts.onNode?.(i);
      return;
    }
    // The row whose band holds the click (above the first: the first).
    let k = 0;
    while (k < L && yy > y(k) + rows[k] / 2) k++;
    opts.onSeek?.(k);
  };

  // Node headers last, so they stay on top when pinned while scrolling.
  const head = el('g', { class: 'head' }, svg);
  el('rect', { class: 'bg', x: 0, y: -2, width, height: TOP - 2 }, head);
  el('line', { class: 'grid', x1: 0, y1: TOP - 4, x2: width, y2: TOP - 4 }, head);
  for (let i = 0; i < n; i++) {
    const ev = state.enabled.find((e) => (e.kind === 'crash' || e.kind === 'recover') && e.node === i);
    if (ev) {
      const verb = ev.kind === 'crash' ? 'Crash' : 'Recover';
      const hit = el('rect', { class: `nodehit ${ev.kind}`, x: x(i) - COL / 2 + 6, y: 4, width: COL - 12, height: TOP - 12, rx: 4,
        role: 'button', tabindex: 0, 'aria-label': `${verb} ${state.names[i]}`, 'data-node': i }, head);
      el('title', {}, hit).textContent = `Click to ${verb.toLowerCase()} ${state.names[i]}`;
      hit.addEventListener('keydown', (e) => { if (e.key === 'Enter') opts.onNode?.(i); });
    }
    text(head, x(i), TOP - 26, state.names[i], 'node-name');
    const nd = state.nodes[i];
    text(head, x(i), TOP - 11, nodeWord(state, nd), nd.failed && !nd.crashed ? 'node-phase failed' : 'node-phase');
  }
  // (A class of its own: .node-phase's centring would win over an
  // attribute and push it into the last node's phase.)
  text(head, textX, TOP - 11, `step ${pos} of ${L}`, 'stepof');

  const defs = el('defs', {}, svg);
  for (const [id, color] of [['arrow', '#6639ba'], ['arrow-red', '#cf222e']]) {
    const mk = el('marker', { id, viewBox: '0 0 10 10', refX: 9, refY: 5, markerWidth: 7, markerHeight: 7, orient: 'auto-start-reverse' }, defs);
    el('path', { d: 'M 0 0 L 10 5 L 0 10 z', fill: color }, mk);
  }
}

// pinHeader keeps the node names in view when the diagram scrolls
// (scrollTop in the page's pixels, the pin in the drawing's).
export function pinHeader(svg, scrollTop) {
  const head = svg.querySelector('g.head');
  svg.dataset.pin = Math.max(0, scrollTop) / Number(svg.dataset.scale || 1);
  if (head) head.setAttribute('transform', `translate(0 ${svg.dataset.pin})`);
}

// rowY is where step k's row is, in the page's pixels, for scrolling it
// into view.
export function rowY(k) { return y(k) * scale; }

// serialize returns the diagram as a standalone SVG document.
export function serialize(svg) {
  const copy = svg.cloneNode(true);
  copy.setAttribute('xmlns', NS);
  copy.querySelector('g.head')?.removeAttribute('transform');
  copy.removeAttribute('data-pin');
  // At its own size, however small the page drew it.
  const [, , w, hh] = copy.getAttribute('viewBox').split(' ');
  copy.setAttribute('width', w);
  copy.setAttribute('height', hh);
  copy.removeAttribute('data-scale');
  copy.querySelectorAll('[tabindex],[role]').forEach((e) => { e.removeAttribute('tabindex'); e.removeAttribute('role'); });
  return '<?xml version="1.0" encoding="UTF-8"?>\n' + new XMLSerializer().serializeToString(copy);
}
