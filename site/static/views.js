// The playground's side views, each drawn from a state of the core (see
// play.State): the events one may take next, the nodes, the messages in
// flight, and an exploration's verdicts.

import { nodeWord } from './diagram.js';

// h builds an element: attributes (on* are listeners), then children.
export function h(tag, attrs = {}, ...children) {
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

// statusText says what the state at the cursor means: {text, cls}.
export function statusText(s) {
  const st = s.status;
  const names = (l) => l.map((i) => s.names[i]).join(', ');
  if (st.unsafe) return { text: 'unsafe: two nodes in the CS', cls: 'bad' };
  if (st.deadlock) return { text: `deadlock (${names(st.waiting) || 'someone cannot leave'})`, cls: 'bad' };
  if (s.election) {
    // A node that elected a leader who is not the highest live node (the
    // explorer's "wrong leader") and still holds it: the chip says so, as
    // the verdict does, not "not yet elected".
    const wrong = s.steps.slice(0, s.pos).filter((x) => x.wrongLeader && s.nodes[x.node].leader === s.names[x.elected] && !s.nodes[x.node].crashed);
    if (wrong.length) {
      const w = wrong[wrong.length - 1];
      return { text: `wrong leader: ${s.names[w.node]} elected ${s.names[w.elected]}, not the highest live node`, cls: 'bad' };
    }
    const started = s.steps.slice(0, s.pos).some((x) => x.kind === 'request');
    if (started && !st.waiting.length) return { text: 'every live node has elected the highest', cls: 'good' };
    if (st.waiting.length) return { text: `not yet elected the highest: ${names(st.waiting)}`, cls: '' };
    return { text: '', cls: '' };
  }
  // The step at the cursor broke Order: who entered, how (a call that
  // entered at once, holding the token), and before whom.
  const last = s.pos > 0 ? s.steps[s.pos - 1] : null;
  if (last?.orderBroken) {
    const before = last.before || [];
    const whose = before.length === 1 ? `${names(before)}, whose enter() came first` : `${names(before)}, whose enter() calls came first`;
    return { text: `order broken: ${s.names[last.node]} entered${last.kind === 'request' ? ' at once' : ''}${before.length ? `, before ${whose}` : ''}`, cls: 'bad' };
  }
  if (st.done) return { text: 'done: every enter() returned', cls: 'good' };
  if (st.waiting.length) return { text: `waiting: ${names(st.waiting)}`, cls: '' };
  return { text: '', cls: '' };
}

// stripNode drops the acting node's name from the start of a description:
// inside that node's group it goes without saying.
function stripNode(text, name) {
  return text.startsWith(name + ' ') ? text.slice(name.length + 1) : text;
}

// drawEnabled lists the events a student may take now, grouped by the node
// that acts (a delivery by its receiver), numbered for the 1–9 shortcuts.
export function drawEnabled(box, s, take) {
  box.replaceChildren();
  if (!s.enabled.length) {
    box.append(h('p', { class: 'muted' }, s.status.done ? 'Nothing is enabled: the run is over.' : 'Nothing is enabled.'));
    return;
  }
  let shortcut = 1;
  // Step takes the timeline's next event while there is one: then the
  // default policy's choice is not what Step takes, and is not tagged.
  const onTimeline = s.enabled.some((e) => e.next);
  s.names.forEach((name, i) => {
    const evs = s.enabled.filter((e) => e.node === i);
    if (!evs.length) return;
    const list = h('div', { class: 'evlist' });
    for (const e of evs) {
      const key = shortcut <= 9 ? String(shortcut++) : null;
      const tags = [];
      if (e.next) tags.push(h('span', { class: 'tag next', title: 'Step (→) takes this event: the timeline you stepped back on goes on with it' }, 'timeline'));
      if (e.default && !onTimeline) tags.push(h('span', { class: 'tag default', title: 'Step (→) and Run take this event: the default policy, what the system must do first' }, 'default'));
      list.append(h('button', {
        type: 'button', class: `ev ev-${e.kind}${e.next ? ' is-next' : ''}`,
        // Named by what it shows (axe's label-in-name); the event's
        // canonical form is its tooltip and data-event.
        title: e.event, 'data-event': e.event,
        'aria-keyshortcuts': key || undefined,
        onclick: () => take(e.index),
      }, key ? h('kbd', {}, key) : '', h('span', { class: 'evtxt' }, stripNode(e.text, name)), ...tags));
    }
    box.append(h('div', { class: 'evgroup' }, h('h3', {}, name), list));
  });
}

// drawNodes shows each node's phase, clock and variables; after a single
// step (forward or back) the variables it changed are marked, compared
// with prev (the state drawn before).
export function drawNodes(box, s, prev) {
  const changed = (i, v) => {
    if (!prev || Math.abs(prev.pos - s.pos) !== 1 || !prev.nodes[i]) return false;
    const old = prev.nodes[i].vars.find((x) => x.name === v.name);
    return old && old.value !== v.value;
  };
  box.replaceChildren(...s.nodes.map((n, i) => {
    const rows = n.vars.map((v) => h('tr', { class: changed(i, v) ? 'changed' : '' }, h('th', { scope: 'row' }, v.name), h('td', {}, v.value)));
    const meta = [];
    if (n.clock !== undefined) meta.push(`clock ${n.clock}`);
    if (s.election) {
      if (n.left) meta.push('may start an election');
    } else {
      meta.push(`entries ${n.entries}`);
      if (n.left) meta.push(`${n.left} enter() to come`);
    }
    // A node whose code failed (a listing's broken rule) says so, and
    // why, where its phase would be: it does nothing more.
    // An election's node says whom it has elected (nodeWord), not a
    // mutual exclusion's phase word.
    const shown = nodeWord(s, n);
    const cls = n.crashed ? 'crashed' : n.failed ? 'failed' : s.election ? (shown === 'leader' ? 'leader' : 'follower') : n.phase;
    if (n.failed) meta.unshift(`stopped: ${n.failed}`);
    return h('article', { class: `node phase-${cls}`, 'aria-label': `${n.name}: ${shown}` },
      h('header', {}, h('strong', {}, n.name), h('span', { class: 'phase', title: n.failed ? `failed (it was ${n.phase}): ${n.failed}` : null }, shown), h('span', { class: 'meta' }, meta.join(' · '))),
      rows.length ? h('table', {}, h('tbody', {}, rows)) : '');
  }));
}

export function drawInFlight(ul, s) {
  ul.replaceChildren();
  if (!s.inFlight.length) { ul.append(h('li', { class: 'muted' }, 'no message in flight')); return; }
  for (const idx of s.inFlight) {
    const m = s.messages[idx];
    ul.append(h('li', {}, `${s.names[m.from]} → ${s.names[m.to]} `, h('code', {}, m.label), h('span', { class: 'muted' }, ` sent at step ${m.sent}`)));
  }
}

// drawVerdicts shows an exploration's result: a verdict per property, a
// button per counterexample (show(ce) loads it), the metrics.
export function drawVerdicts(box, res, show) {
  const rows = Object.entries(res.properties).map(([prop, v]) => {
    const ce = res.counterexamples[prop];
    return h('li', { class: `verdict ${v}`, 'data-property': prop },
      h('span', { class: 'prop' }, prop), h('span', { class: `badge ${v}` }, v),
      // Named by the words it shows, then whose they are (label in name).
      ce ? h('button', { type: 'button', 'aria-label': `${ce.length ? `show ${ce.length} steps` : 'show'} of the ${prop} counterexample`, title: `Show the ${prop} counterexample in the diagram`, onclick: () => show({ ...ce, property: prop }) }, ce.length ? `show ${ce.length} steps` : 'show') : '',
      ce ? h('p', { class: 'ce-summary' }, `${ce.kind}: ${ce.summary}`) : '');
  });
  const parts = [h('ul', { class: 'verdict-list' }, rows)];
  if (res.metrics) {
    const m = res.metrics;
    parts.push(h('table', { class: 'metrics', 'aria-label': 'Metrics' }, h('tbody', {},
      h('tr', {}, h('th', {}, `messages per entry, N${res.nodes} alone`), h('td', {}, m.messages_per_entry)),
      h('tr', {}, h('th', {}, `client delay, N${res.nodes} alone`), h('td', {}, m.client_delay)),
      h('tr', {}, h('th', {}, 'sync delay'), h('td', {}, m.overlap ? '— (two nodes were in the CS at once)' : m.sync_delay)),
      h('tr', {}, h('th', {}, 'messages per entry, all ask'), h('td', {}, m.contended_messages_per_entry)))));
  }
  box.replaceChildren(...parts);
}

// markShown marks, in an exploration's verdicts (box), the one whose
// counterexample the diagram shows (shown: {property, length, auto}, or
// null: none of them), and says so above the list, with a button that
// goes to the run (go): the diagram is above the verdicts, out of sight
// on a phone and often on a desktop, and Explore may have opened another
// property's run than the first listed (the shortest it found).
export function markShown(box, shown, go) {
  box.querySelector('.shown-note')?.remove();
  for (const li of box.querySelectorAll('li.verdict')) {
    const on = Boolean(shown) && li.dataset.property === shown.property;
    li.classList.toggle('shown', on);
    if (on) li.setAttribute('aria-current', 'true');
    else li.removeAttribute('aria-current');
    li.querySelector('.tag.shown')?.remove();
    if (on) (li.querySelector('button') || li.querySelector('.badge'))?.after(h('span', { class: 'tag shown' }, 'in the diagram'));
  }
  if (!shown || !box.querySelector('li.verdict.shown')) return;
  const steps = shown.length === 1 ? '1 step' : `${shown.length} steps`;
  box.prepend(h('p', { class: 'shown-note' },
    shown.auto
      ? `The diagram now shows the ${shown.property} counterexample (${steps}), the shortest found; "show" beside another verdict shows its run instead. `
      : `The diagram shows the ${shown.property} counterexample (${steps}). `,
    h('button', { type: 'button', class: 'banner-go', onclick: go }, 'Go to the run')));
}

// problemList says a text's problems as a list (the first few, each a
// button that goes to its line: link(problem)); one too, since a button
// does not flow in a sentence: a long message wrapped as a box of its own.
export function problemList(ps, link, max = 5) {
  if (ps.length === 1) return ['A problem:', h('ul', { class: 'problems' }, h('li', {}, link(ps[0])))];
  const items = ps.slice(0, max).map((x) => h('li', {}, link(x)));
  if (ps.length > max) items.push(h('li', {}, `and ${ps.length - max} more`));
  return [`${ps.length} problems:`, h('ul', { class: 'problems' }, items)];
}

// drawScenarioStatus says under the editor how the scenario went: its
// errors, whether the script ran to its end, how many expectations hold
// (so far, at the cursor), or that the text changed since it ran; over
// a run not made from it, what that run is (o.counterexample: Explore's,
// {of: its bounds, past: the student took events after its end}).
// goTo(line) moves the editor to a line.
export function drawScenarioStatus(p, o, goTo) {
  const line = (n, text) => h('button', { type: 'button', class: 'linkish', onclick: () => goTo(n) }, `line ${n}`, text ? `: ${text}` : '');
  let cls = '';
  let parts = [];
  if (o.errors?.length) {
    cls = 'bad';
    parts = problemList(o.errors, (e) => line(e.line, e.message));
  } else if (o.edited) {
    parts = ['Edited: Run scenario (Ctrl+Enter) to see it run.'];
  } else if (o.handMade && o.counterexample) {
    // Explore's counterexample, not a run of the student's making: it
    // says so, and how to have it here as a scenario.
    const c = o.counterexample;
    parts = [`The diagram shows a counterexample Explore found (of ${c.of})${c.past ? ', and the events you took after its end' : ''}. "Load as a scenario", in its banner, writes it here as a scenario to step, edit and share; "Run scenario" runs this text instead.`];
  } else if (o.handMade) {
    parts = ['The diagram shows a run made from the settings above. "From the run" writes it here as a scenario; "Run scenario" runs this text instead.'];
  } else if (o.script) {
    const sc = o.script;
    const seen = sc.expects.filter((e) => e.after <= o.pos);
    const fails = seen.filter((e) => e.status !== 'ok');
    if (sc.diverged) {
      parts = ['The timeline has left the scenario: its expectations speak of the scenario\'s own run.'];
    } else if (sc.stopped && o.pos >= sc.events) {
      cls = 'bad';
      parts = ['The script stopped at ', line(sc.stopped.line, sc.stopped.message)];
    } else if (!sc.expects.length) {
      parts = [`The script ran ${sc.events} step${sc.events === 1 ? '' : 's'}; it has no expectations.`];
    } else if (fails.length) {
      cls = 'bad';
      parts = [`${fails.length} of ${sc.expects.length} expectation${sc.expects.length === 1 ? '' : 's'} failed so far, first at `, line(fails[0].line, fails[0].got)];
    } else if (!seen.length) {
      const n = sc.expects.length;
      parts = [`Step (→) through the script: ${n === 1 ? 'its expectation is' : `its ${n} expectations are`} checked as the run reaches ${n === 1 ? 'it' : 'them'}.`];
    } else {
      cls = seen.length === sc.expects.length ? 'good' : '';
      parts = [seen.length === sc.expects.length
        ? (sc.expects.length === 1 ? 'The expectation holds.' : `All ${sc.expects.length} expectations hold.`)
        : `${seen.length} of ${sc.expects.length} expectations checked so far (up to step ${o.pos}), all hold.`];
    }
    if (sc.truncated) parts.push(' (The run was cut at the playground\'s limit of events.)');
  }
  p.className = `scenario-status ${cls}`;
  p.replaceChildren(...parts);
}
