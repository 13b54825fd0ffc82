// The pseudocode view: the algorithm's listing as the course notes print
// it, with every node's place marked (see sim.Line): a yellow tag where a
// node is (what it can do next; where its processes wait), a blue one on
// the lines its last event ran, up to the cursor (only the branch it took:
// sim.Line.If). Above them, the current step in words.

import { h } from './views.js';

// drawListing draws algo's listing (from the core's list()) for state s;
// a run of an edited listing (s.params.listing) has that text's lines.
export function drawListing(box, hint, s, algo) {
  const lines = s.params?.listing ? listingLines(s.params.listing) : algo?.listing || [];
  if (!lines.length) {
    hint.textContent = '';
    box.replaceChildren(h('p', { class: 'muted' }, 'No listing for this algorithm.'));
    return;
  }
  hint.replaceChildren(
    h('span', { class: 'tag-node' }, 'N1'), ' where a node is, what it can do next · ',
    h('span', { class: 'tag-node last' }, 'N1'), ' what its last event ran',
    s.params?.listing ? ' · your edited listing' : '',
  );
  const at = lines.map(() => []);
  const last = lines.map(() => []);
  s.nodes.forEach((n, i) => {
    for (const k of n.at || []) at[k]?.push(i);
    for (const k of n.last || []) last[k]?.push(i);
  });
  // The current step, said in words above the listing: what happened and
  // why (play.Step.Say), else the event itself.
  const st = s.pos > 0 ? s.steps[s.pos - 1] : null;
  const caption = h('p', { class: 'step-say', 'aria-live': 'polite' },
    st ? [h('strong', {}, `Step ${s.pos}: `), st.say || st.text] : 'Initial state: no step taken yet.');
  // The marks' column: one row of marks for up to four nodes on a line
  // (fewer with long names), the same width at every step, so the code
  // does not move as the nodes do; more marks wrap to a second row.
  const per = 8 + 7.8 * Math.max(2, ...s.names.map((nm) => nm.length)); // a mark and its gap, in px
  const k = Math.max(1, Math.min(s.names.length, Math.floor(100 / per)));
  box.style.setProperty('--who', `${Math.max(53, Math.ceil(k * per) + 2)}px`);
  box.replaceChildren(caption, ...lines.map((l, k) => {
    const tags = [
      ...at[k].map((i) => h('span', { class: `tag-node${s.nodes[i].crashed ? ' crashed' : ''}`, 'data-node': s.names[i], title: `${s.names[i]} is here` }, s.names[i])),
      ...last[k].map((i) => h('span', { class: 'tag-node last', 'data-node': s.names[i], title: `${s.names[i]}'s last event ran this` }, s.names[i])),
    ];
    const cls = ['ln', at[k].length ? 'now' : '', last[k].length ? 'last' : ''].filter(Boolean).join(' ');
    // Indentation halved, wrapped lines hanging under their first word.
    const text = l.text || '';
    const indent = Math.ceil((text.length - text.trimStart().length) / 2);
    return h('div', { class: cls, 'data-line': k, 'data-label': l.label || undefined },
      h('span', { class: 'who' }, tags),
      h('code', { class: 'src', style: `padding-left: ${indent + 2}ch; text-indent: -2ch` }, text.trimStart() || ' '));
  }));
}

// listingLines are the lines of a listing's text as the core numbers them
// (its trailing newlines dropped), each with its step label.
export function listingLines(text) {
  return text.replace(/\n+$/, '').split('\n').map((t) => ({ text: t, label: /^\s*(P\d+[a-z]?):/.exec(t)?.[1] }));
}
