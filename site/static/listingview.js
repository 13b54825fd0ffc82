// The Listing view: the algorithm's listing as the seeds print it (for the
// algorithms that have one, docs/listings.md), in an editor the student
// changes. While the text differs from the seed's and compiles, the page
// runs and explores that listing instead of the built-in algorithm
// (params.listing); the editor marks its problems while the student types.
// An edit is kept per algorithm, so that looking at another one and
// coming back loses nothing.

import { lineDiff } from './diff.js';
import { h, problemList } from './views.js';

const $ = (id) => document.getElementById(id);
const CONTEXT = 2; // unchanged lines shown around a change in the diff

// createListingView mounts the view. onApply(listing) is called when the
// listing to run changes (a text, or undefined for the built-in
// algorithm); onRun() on Ctrl+Enter in the editor.
export function createListingView({ core, createEditor, onApply, toast }) {
  let algo = null;
  let shipped = '';
  const edits = new Map();
  let checked = { text: null, problems: [] };
  let quiet = false; // setting the text ourselves: not the student's edit
  let timer = null;

  // The seed's own listing has no problems (wasm/play's
  // TestShippedListingsHaveNoProblems holds every shipped listing to
  // that), so it is not compiled again here: showing an algorithm, at
  // every page load among others, then costs no compilation of its
  // listing (35-160 ms of the page's start in Chromium).
  const problemsOf = (text) => {
    if (text === shipped) return [];
    if (checked.text !== text) checked = { text, problems: core.parseListing(text) };
    return checked.problems;
  };

  const editor = createEditor($('listing-editor'), {
    label: 'Listing text',
    language: 'listing',
    diagnose: problemsOf,
    onChange: (text) => {
      if (quiet) return;
      if (text === shipped) edits.delete(algo);
      else edits.set(algo, text);
      clearTimeout(timer);
      timer = setTimeout(settle, 400);
      drawStatus();
    },
    onRun: () => settle(),
  });
  // The editor draws only the lines in view; this reads all of them.
  $('listing-editor').editorText = () => editor.text();

  // settle hands the page the listing to run, once the typing pauses.
  function settle() {
    clearTimeout(timer);
    timer = null;
    drawStatus();
    if (!problems().length) onApply(applied());
  }

  const text = () => editor.text();
  const problems = () => (shipped ? problemsOf(text()) : []);

  // applied is the listing runs and Explore use: the edited text, when it
  // differs from the seed's and compiles; undefined otherwise.
  function applied() {
    const t = text();
    return shipped && t !== shipped && !problems().length ? t : undefined;
  }

  function setText(t) {
    quiet = true;
    try {
      editor.setText(t);
    } finally {
      quiet = false;
    }
  }

  // setAlgo shows name's listing: text if given (a shared link's), else
  // the student's edit of it, else the seed's. Nothing changes if name is
  // already shown and no text is given.
  function setAlgo(name, given) {
    if (name === algo && given === undefined) return;
    clearTimeout(timer);
    timer = null;
    algo = name;
    shipped = core.listing(name).text || '';
    if (given !== undefined && shipped) {
      if (given === shipped) edits.delete(name);
      else edits.set(name, given);
    }
    setText(shipped ? (edits.get(name) ?? shipped) : '');
    $('listing-open').hidden = !shipped;
    if (!shipped) open(false);
    drawStatus();
  }

  // open shows or hides the view (the pseudocode panel's button).
  function open(on = true) {
    $('listing-edit').hidden = !on;
    $('listing-open').setAttribute('aria-expanded', String(on));
    $('listing-open').textContent = on ? 'Hide the listing' : 'Edit the listing';
    if (on) editor.view.requestMeasure();
  }

  function drawStatus() {
    const ps = problems();
    const st = $('listing-status');
    const t = text();
    if (ps.length) {
      st.className = 'scenario-status bad';
      st.replaceChildren(...problemList(ps, (x) => h('button', { type: 'button', class: 'linkish', onclick: () => editor.goTo(x.line, x.col) }, `line ${x.line}: ${x.message}`)),
        'Runs and Explore wait for a listing without problems.');
    } else if (t !== shipped) {
      st.className = 'scenario-status';
      st.textContent = `Edited: runs made from the settings, Explore and the pseudocode use this listing${timer ? ' (once you pause typing)' : ''}; scenarios of ${algo} run on it too.`;
    } else {
      st.className = 'scenario-status';
      st.textContent = `The seed's listing of ${algo}, which runs as the built-in algorithm does. Change a line to run your version.`;
    }
    $('listing-reset').disabled = t === shipped;
    if (!$('listing-diff-view').hidden) drawDiff();
  }

  // drawDiff shows the lines changed from the seed's listing, with a
  // little context; runs of unchanged lines between are elided.
  function drawDiff() {
    const d = lineDiff(shipped, text());
    const box = $('listing-diff-view');
    if (d.every((x) => x.op === ' ')) {
      box.replaceChildren(h('p', { class: 'muted' }, 'No change from the seed\'s listing.'));
      return;
    }
    const near = d.map(() => false);
    d.forEach((x, i) => {
      if (x.op === ' ') return;
      for (let k = Math.max(0, i - CONTEXT); k <= Math.min(d.length - 1, i + CONTEXT); k++) near[k] = true;
    });
    const rows = [];
    d.forEach((x, i) => {
      if (!near[i]) {
        if (near[i - 1] || i === 0) rows.push(h('div', { class: 'diff-skip' }, '⋯'));
        return;
      }
      const what = { '-': 'removed', '+': 'added', ' ': 'unchanged' }[x.op];
      rows.push(h('div', { class: `diff-${what}` },
        h('span', { class: 'diff-op', 'aria-hidden': 'true' }, x.op === '-' ? '−' : x.op),
        h('span', { class: 'sr-only' }, `${what} line ${x.op === '-' ? x.a : x.b}: `),
        h('code', {}, x.text || ' ')));
    });
    const added = d.filter((x) => x.op === '+').length;
    const removed = d.filter((x) => x.op === '-').length;
    box.replaceChildren(h('p', { class: 'hint' }, `${removed} line${removed === 1 ? '' : 's'} removed, ${added} added, against the seed's listing:`), ...rows);
  }

  $('listing-open').addEventListener('click', () => open($('listing-edit').hidden));
  $('listing-reset').addEventListener('click', () => {
    edits.delete(algo);
    setText(shipped);
    settle();
    toast(`The listing is the seed's again: ${algo} runs as built in.`);
  });
  $('listing-diff').addEventListener('click', () => {
    const box = $('listing-diff-view');
    box.hidden = !box.hidden;
    $('listing-diff').setAttribute('aria-expanded', String(!box.hidden));
    $('listing-diff').textContent = box.hidden ? 'Show diff' : 'Hide diff';
    if (!box.hidden) drawDiff();
  });
  $('listing-format').addEventListener('click', () => {
    const r = core.formatListing(text());
    if (r.errors) {
      toast(`Cannot format: line ${r.errors[0].line}: ${r.errors[0].message}`, 'error');
      return;
    }
    if (r.text !== text()) editor.setText(r.text);
  });

  return { setAlgo, applied, problems, open, settle, text, relint: () => editor.relint() };
}
