// The example gallery: examples/index.json (built with the site by
// site/cmd/examples) lists every worked example of the course notes and a
// starter scenario per algorithm, by group; picking one loads its text.

import { h } from './views.js';

let index = null;

// loadIndex fetches the index once.
export async function loadIndex() {
  if (!index) {
    const res = await fetch('examples/index.json');
    if (!res.ok) throw new Error(`the examples are missing (${res.status})`);
    index = await res.json();
  }
  return index;
}

// loadExample resolves with the text of an example file.
export async function loadExample(file) {
  const res = await fetch(`examples/${encodeURIComponent(file)}`);
  if (!res.ok) throw new Error(`example ${file} is missing (${res.status})`);
  return res.text();
}

// description is a card's words under its title: a worked example's
// leading comment, less its opening where that is the title again
// (seed 001's "Seed 001's worked example: …"), a starter's algorithm's
// summary. It starts with a capital ("Seed 002's ring of permissions: a
// request goes round…" shows "A request goes round…").
function description(e) {
  if (e.starter || !e.description.startsWith(e.title)) return e.description;
  return e.description.slice(e.title.length).replace(/^[:.;,]\s*/, '').replace(/^\p{Ll}/u, (c) => c.toUpperCase());
}

// drawGallery fills box with the examples, grouped; pick(entry) is called
// when one is chosen. A card shows the first lines of its description;
// where there is more, "Read all" under it opens the whole (and the
// card's tooltip is the whole description).
export function drawGallery(box, entries, pick) {
  const groups = new Map();
  for (const e of entries) {
    if (!groups.has(e.group)) groups.set(e.group, []);
    groups.get(e.group).push(e);
  }
  const parts = [];
  const descs = [];
  let n = 0;
  for (const [name, list] of groups) {
    parts.push(h('section', { class: 'gallery-group' },
      h('h3', {}, name),
      h('ul', { class: 'cards' }, list.map((e) => {
        const text = description(e);
        const desc = h('span', { class: 'card-desc', id: `card-desc-${n++}` }, text);
        const li = h('li', {},
          h('button', {
            // Named by all it shows (label in name); the whole
            // description on hover.
            type: 'button', class: 'card', 'data-file': e.file, title: text,
            onclick: () => pick(e),
          },
          h('span', { class: 'card-title' }, e.title),
          h('span', { class: 'card-meta' }, `${e.algorithm} · ${e.nodes.length} nodes${e.expects ? ` · ${e.expects} expectation${e.expects === 1 ? '' : 's'}` : ''}`),
          desc,
          ));
        descs.push({ li, desc, title: e.title });
        return li;
      })),
    ));
  }
  box.replaceChildren(...parts);
  // Only where the description is cut (measured: the dialog is open).
  for (const { li, desc, title } of descs) {
    if (desc.scrollHeight <= desc.clientHeight + 1) continue;
    const more = h('button', {
      type: 'button', class: 'card-more linkish', 'aria-expanded': 'false', 'aria-controls': desc.id,
      'aria-label': `Read all of the description of “${title}”`,
      onclick: () => {
        const open = li.classList.toggle('open');
        more.setAttribute('aria-expanded', String(open));
        more.textContent = open ? 'Show less' : 'Read all';
        more.setAttribute('aria-label', `${open ? 'Show less' : 'Read all'} of the description of “${title}”`);
      },
    }, 'Read all');
    li.append(more);
  }
}
