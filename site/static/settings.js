// The playground's words for its settings and Explore's searches, and
// the scenario text a changed setting writes: functions of their
// arguments alone, kept apart from the page's state (app.js).

export const nf = new Intl.NumberFormat('en');

// bounds says a configuration as Explore's answers do: "maekawa with
// N=3, R=1, 1 app message".
export function bounds(p) {
  const parts = [`N=${p.nodes}`, `R=${p.requests}`];
  if (p.appMessages) parts.push(`${p.appMessages} app message${p.appMessages === 1 ? '' : 's'}`);
  if (p.crashes) parts.push(`${p.crashes} crash${p.crashes === 1 ? '' : 'es'}`);
  if (p.recoveries) parts.push(`${p.recoveries} recover${p.recoveries === 1 ? 'y' : 'ies'}`);
  // A scenario's channels, where it sets them (the form has no field).
  if (p.channels) parts.push(`${p.channels === 'fifo' ? 'FIFO' : 'unordered'} channels`);
  for (const c of p.channel || []) parts.push(`N${c.from + 1}→N${c.to + 1} ${c.fifo ? 'FIFO' : 'unordered'}`);
  return `${p.algo}${p.listing ? ' (your listing)' : ''} with ${parts.join(', ')}`;
}

// ownRequests says the numbers of enter() calls a scenario gives nodes
// of their own (requests NODE = INT; counts is play.Script.Requests, one
// a node, in names' order) beside the settings' Requests (rest), which is
// then only the other nodes': "N12, N32, N80: 1 each · the others: 0".
// '' when it gives none.
export function ownRequests(names, counts, rest) {
  if (!counts?.length) return '';
  const groups = new Map();
  counts.forEach((c, i) => {
    if (c === rest) return;
    if (!groups.has(c)) groups.set(c, []);
    groups.get(c).push(names[i]);
  });
  const parts = [...groups].map(([c, ns]) => `${ns.join(', ')}: ${c}${ns.length > 1 ? ' each' : ''}`);
  if (counts.includes(rest)) parts.push(`the others: ${rest}`);
  return parts.join(' · ');
}

// coverage says how much of the state space a search covered: all of it,
// enough (a search stops once every property it looks for is violated,
// since the rest could change no verdict), or up to its bound.
export function coverage(res) {
  if (res.complete) return 'complete';
  if (res.settled) return 'settled: every verdict is final (a search that found its violation stopped there)';
  return 'incomplete (bound reached)';
}

// smaller says, for a search that reached its bound with some verdict
// still unknown, what would let it finish: the settings that cost the
// most states, as the student can change them.
export function smaller(p, asked, res, maxStates) {
  const open = asked.filter((x) => res.properties[x] === 'unknown');
  if (res.complete || res.settled || !open.length) return '';
  const tries = [];
  if (asked.includes('order') && p.appMessages > 0) tries.push('untick Order or set App msgs to 0 (Order\'s search, with application messages, costs the most)');
  if (p.requests > 1) tries.push('set Requests to 1');
  if (p.nodes > 3) tries.push('set Nodes to 3');
  tries.push(`raise Max states (now ${nf.format(maxStates)}; the browser may take minutes)`);
  return ` — ${open.join(' and ')} unknown: the search stopped at ${nf.format(maxStates)} states before covering every schedule, so no counterexample was found and none can be ruled out. To get a verdict, ${tries.join('; or ')}.`;
}

// method says how a search left schedules out, as dmelab check does: a
// reduced search skips states no verdict depends on, sleep sets skip
// transitions but reach every state.
export function method(res) {
  if (res.reduced) return ' · partial-order reduction';
  if (res.sleep) return ' · sleep sets (every state, fewer transitions)';
  return '';
}

// sameSettings says whether p and q agree on what the form and the
// Listing view set (a scenario's run has settings of its own besides,
// numbers and channels, which the form leaves as they are): a change
// event that changed none of them (a field left after a change already
// taken) keeps the run.
export function sameSettings(p, q) {
  return ['algo', 'nodes', 'requests', 'appMessages', 'crashes', 'recoveries', 'listing'].every((k) => (p[k] || 0) === (q[k] || 0));
}

// withSetting is a scenario's text with its `key N` line set to v
// (written after its nodes line if it had none); null if it has no place
// for one.
export function withSetting(text, key, v) {
  const lines = text.split('\n');
  const own = new RegExp(`^(\\s*)${key}\\s+\\d+\\s*(#.*)?$`);
  let i = lines.findIndex((l) => own.test(l));
  if (i >= 0) {
    lines[i] = lines[i].replace(/\d+/, String(v));
  } else {
    const after = lines.findIndex((l) => /^\s*nodes\b/.test(l));
    if (after < 0) return null;
    i = after + 1;
    lines.splice(i, 0, `${key} ${v}`);
  }
  return { text: lines.join('\n'), line: i + 1 };
}
