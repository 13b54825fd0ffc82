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
// summary.
function description(e) {
  if (e.starter || !e.description.startsWith(e.title)) return e.description;
  return e.description.slice(e.title.length).replace(/^[:.;,]\s*/, '');
}

// drawGallery fills box with the examples, grouped; pick(entry) is called
// when one is chosen.
export function drawGallery(box, entries, pick) {
  const groups = new Map();
  for (const e of entries) {
    if (!groups.has(e.group)) groups.set(e.group, []);
    groups.get(e.group).push(e);
  }
  const parts = [];
  for (const [name, list] of groups) {
    parts.push(h('section', { class: 'gallery-group' },
      h('h3', {}, name),
      h('ul', { class: 'cards' }, list.map((e) => h('li', {},
        h('button', {
          // Named by all it shows (label in name); the file on hover.
          type: 'button', class: 'card', 'data-file': e.file, title: e.file,
          onclick: () => pick(e),
        },
        h('span', { class: 'card-title' }, e.title),
        h('span', { class: 'card-meta' }, `${e.algorithm} · ${e.nodes.length} nodes${e.expects ? ` · ${e.expects} expectation${e.expects === 1 ? '' : 's'}` : ''}`),
        h('span', { class: 'card-desc' }, description(e)),
        )))),
    ));
  }
  box.replaceChildren(...parts);
}
