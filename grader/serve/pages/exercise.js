// The exercise page: the student's file in a Go editor, submitted to the
// grading API; the page follows the grading by long polling, shows the
// feedback (the grader's HTML, in a sandboxed frame with no scripts) and
// keeps this browser's history of submissions for the exercise in
// localStorage (no accounts), with the code of the recent ones (the API
// answers a submission's result and feedback, not its source). The
// feedback shown is labelled with its submission; an older submission's
// code goes into the editor only when asked, and the file it replaces is
// set aside, never lost. Each entry of the history says how many of its
// tests passed and names the first failing ones; code identical to a
// graded submission's is not sent again unless the student asks ("Submit
// anyway"), its feedback shown instead. On the catalogue, it shows each
// exercise's best score from that history.
//
// "Try a run on your code" sends the file with a run the student wrote
// (a scenario, my-run.scn) instead: the server runs the file on that run
// alone, not graded, and the feedback shows the code's run step by step
// (or where it breaks an expectation). A try goes the way a submission
// does (its own Idempotency-Key, resent, followed, shown); a mistake in
// the run is told under it, at its line, and nothing is sent. Tries are
// kept in the history, marked as tries, but count for no score (bestOf,
// ungraded) and are not the graded code the identical-code check finds.
//
// The frame's sandbox allows no scripts but keeps the page's origin, so
// this script can measure the feedback and make the frame as tall as it
// is (the page scrolls, not a box inside it); its links open in windows of
// their own (the playground may not be framed), and its download links
// download.

// A short code word of the statement (`--nodes`, `N1->N2`) is not broken
// inside: a browser breaks a line after any hyphen ("-" / "-nodes"). A
// longer one, or one with spaces, still wraps, rather than run off a
// phone's screen.
for (const c of document.querySelectorAll('.statement :not(pre) > code')) {
  if (c.textContent.length <= 24 && !/\s/.test(c.textContent)) c.classList.add('word');
}

const work = document.querySelector('.work');
if (work) {
  const name = work.dataset.exercise;
  // A listing exercise submits solution.txt, indented with spaces (a tab
  // is an error in a listing); a Go one solution.go.
  const file = work.dataset.file || 'solution.go';
  const lang = work.dataset.lang || 'go';
  const src = document.getElementById('source');
  const submit = document.getElementById('submit');
  const status = document.getElementById('status');
  const frame = document.getElementById('feedback');
  const history = document.getElementById('history');
  const problems = document.getElementById('problems');
  const shown = document.getElementById('shown');
  const shownLabel = document.getElementById('shown-label');
  const shownNote = document.getElementById('shown-note');
  const loadCode = document.getElementById('load-code');
  const asides = document.getElementById('asides');
  const key = `dmelab.submissions.${name}`;
  const draftKey = `dmelab.draft.${name}`;
  const asideKey = `dmelab.aside.${name}`;
  const starter = document.getElementById('starter').content.textContent;
  const tryBox = document.getElementById('try');
  const tryText = document.getElementById('try-text');
  const tryRun = document.getElementById('try-run');
  const tryErrors = document.getElementById('try-errors');
  const tryStatus = document.getElementById('try-status');
  // The run of a try, as the student last wrote it, kept as typed (the
  // box opens on it after a reload).
  const runKey = `dmelab.run.${name}`;
  const RUN = 'my-run';

  // On a Mac, Cmd+Enter submits (Ctrl+Enter does too).
  const mac = /Mac|iPhone|iPad/.test(navigator.userAgentData?.platform || navigator.platform || '');
  if (mac) for (const k of document.querySelectorAll('#editor-keys kbd.mod')) k.textContent = '⌘';

  // The draft: the editor's text, kept in localStorage as it is typed.
  // lastDraft is what this page last read or wrote there: a draft that
  // differs from it was written by another tab of the same exercise, and
  // is set aside before this page writes over it (see keepDraft).
  const saved = localStorage.getItem(draftKey);
  if (saved) src.value = saved;
  let lastDraft = saved;
  src.addEventListener('input', () => {
    keepDraft(src.value);
    offerCode();
    unmarkRun();
  });
  // The plain textarea (no editor): Tab indents, as in the editor, and
  // Escape then Tab leaves it.
  let escaped = false;
  src.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') { escaped = true; return; }
    if (e.key === 'Tab' && !escaped && !e.shiftKey) { // a tab in the editor, not a focus move
      e.preventDefault();
      const { selectionStart: a, selectionEnd: b } = src;
      src.setRangeText(lang === 'listing' ? '    ' : '\t', a, b, 'end');
    }
    escaped = false;
  });
  // Ctrl+Enter (Cmd+Enter) submits, from the editor or anywhere in the
  // work: caught before the editor, whose own Ctrl+Enter inserts a line.
  work.addEventListener('keydown', (e) => {
    if (e.key !== 'Enter' || !(e.ctrlKey || e.metaKey) || e.altKey || e.shiftKey) return;
    e.preventDefault();
    e.stopPropagation();
    // In the try's box it runs the try; anywhere else it submits.
    (tryBox.contains(e.target) ? tryRun : submit).click(); // ignored while a submission is being sent
  }, true);
  // keepDraft writes text as the draft; a draft another tab wrote since
  // this page last read or wrote it is set aside first, so that two tabs
  // of one exercise never lose each other's work.
  const keepDraft = (text) => {
    const other = localStorage.getItem(draftKey);
    if (other !== null && other !== lastDraft && other !== text) setAside(other);
    try { localStorage.setItem(draftKey, text); } catch { /* full: the editor still holds it */ }
    lastDraft = text;
  };
  // setFile puts text in the editor (and keeps it as the draft).
  const setFile = (text) => {
    src.value = text;
    keepDraft(text);
    offerCode();
    unmarkRun();
  };
  // "Back to starter.go" sets the file aside (a button puts it back), so
  // that no click loses it.
  const starterName = file.replace(/^solution/, 'starter');
  document.getElementById('reset').addEventListener('click', () => {
    if (src.value === starter) return;
    const empty = src.value.trim() === '';
    putInEditor(starter, { aside: true });
    if (src.value !== starter) return; // the browser had no room to set it aside, and the student kept it
    say(empty ? `The editor holds ${starterName} again.` : `The editor holds ${starterName} again; your file is set aside: the button below puts it back.`);
  });

  // The history: the last KEEP submissions (time, status, score: the
  // catalogue counts them and shows the best; for a graded one, how many
  // of its tests passed and the first failing ones' names: see testsOf),
  // newest last; the source of
  // only the newest KEEP_SOURCES of them (with a try's run), and of those
  // only as many as fit in SOURCE_CHARS characters (newest first), so that
  // an exercise's history stays well inside the few megabytes localStorage
  // gives a site.
  const KEEP = 50;
  const KEEP_SOURCES = 20;
  const SOURCE_CHARS = 200000;
  const readJSON = (k) => { try { const v = JSON.parse(localStorage.getItem(k) || '[]'); return Array.isArray(v) ? v : []; } catch { return []; } };
  const list = () => readJSON(key);
  const store = (all) => {
    all = all.slice(-KEEP);
    let n = 0;
    let chars = 0;
    for (const s of [...all].reverse()) {
      if (typeof s.source !== 'string') continue;
      const size = s.source.length + (typeof s.run === 'string' ? s.run.length : 0);
      if (n < KEEP_SOURCES && chars + size <= SOURCE_CHARS) { n++; chars += size; } else { delete s.source; delete s.run; }
    }
    try {
      localStorage.setItem(key, JSON.stringify(all));
    } catch { // over the browser's quota: keep the history without sources
      for (const s of all) { delete s.source; delete s.run; }
      try { localStorage.setItem(key, JSON.stringify(all)); } catch { /* the history stays as it was */ }
    }
  };
  const remember = (id, fields) => {
    const all = list();
    const s = all.find((x) => x.id === id);
    if (s) Object.assign(s, fields); else all.push({ id, at: Date.now(), ...fields });
    store(all);
    drawHistory();
    if (id === shownId) label();
  };
  const entry = (id) => list().find((x) => x.id === id);

  // when is a submission's time as the page says it: the time of day, with
  // the date if it was not today.
  const when = (at) => {
    const d = new Date(at);
    return d.toDateString() === new Date().toDateString() ? d.toLocaleTimeString() : d.toLocaleString();
  };

  // testsOf is what a graded result's history entry keeps of its tests:
  // how many passed of how many, and the names of the first FAILING that
  // did not (as the feedback names them, hidden ones included; a test
  // that could not run says so), with how many did not in all, so that
  // a student scanning the history sees what changed between attempts.
  const FAILING = 2;
  const testsOf = (res) => {
    const tests = Array.isArray(res.tests) ? res.tests : [];
    const failed = tests.filter((t) => !t.passed);
    return {
      passed: tests.length - failed.length,
      total: tests.length,
      failed: failed.length,
      failing: failed.slice(0, FAILING).map((t) => (t.not_run ? `${t.name} (not run)` : String(t.name))),
    };
  };
  // testsLine says an entry's tests in words ("3 of 17 tests pass;
  // failing: public/tie, hidden/stale_numbers and 12 more", or "all 17
  // tests pass"), or '' for an entry recorded without them (before they
  // were kept, or not graded).
  const testsLine = (s) => {
    const { passed, total, failed } = s;
    if (typeof passed !== 'number' || typeof total !== 'number' || total <= 0) return '';
    if (passed >= total) return total === 1 ? 'its one test passes' : `all ${total} tests pass`;
    const names = Array.isArray(s.failing) ? s.failing.filter((n) => typeof n === 'string') : [];
    const rest = (typeof failed === 'number' ? failed : total - passed) - names.length;
    const list = names.length === 0 ? '' : names.join(', ') + (rest > 0 ? ` and ${rest} more` : '');
    return `${passed} of ${total} tests pass${list ? `; failing: ${list}` : ''}`;
  };

  // The submission whose feedback is shown (or is awaited).
  let shownId = null;
  // The history comes before the feedback (which can be many screens
  // long), so its newest RECENT submissions are listed and a button shows
  // the others.
  const RECENT = 5;
  let allShown = false;
  const more = document.getElementById('history-more');
  more.addEventListener('click', () => { allShown = !allShown; drawHistory(); });
  const drawHistory = () => {
    const all = list();
    document.getElementById('history-label').hidden = all.length === 0;
    const older = Math.max(all.length - RECENT, 0);
    more.hidden = older === 0;
    more.textContent = allShown ? `Show only the latest ${RECENT}` : `Show ${older} older submission${older === 1 ? '' : 's'}`;
    more.setAttribute('aria-expanded', String(allShown));
    history.replaceChildren(...all.map((s, i) => {
      const li = document.createElement('li');
      li.hidden = !allShown && i < older && s.id !== shownId;
      const a = document.createElement('a');
      a.href = '#' + s.id;
      a.textContent = s.try ? `${when(s.at)} — try, ${s.score ?? s.status}` : `${when(s.at)} — ${s.score ?? s.status}`;
      if (s.try) li.className = 'try';
      if (s.id === shownId) a.setAttribute('aria-current', 'true');
      a.addEventListener('click', (e) => { e.preventDefault(); show(s.id); });
      li.append(a);
      const tests = s.try ? '' : testsLine(s);
      if (tests) {
        const span = document.createElement('span');
        span.className = 'tests';
        span.textContent = ` · ${tests}`;
        li.append(span);
      }
      return li;
    }).reverse());
  };

  // label names the submission shown above its feedback, says whether it
  // is the latest, and offers its code for the editor (see offerCode).
  const label = (extra = '') => {
    const all = list();
    const s = all.find((x) => x.id === shownId);
    if (!s) { shown.hidden = true; return; }
    const latest = all[all.length - 1]?.id === shownId;
    const text = `${s.try ? 'Try' : 'Submission'} of ${when(s.at)} — ${s.score ?? s.status}`;
    shownLabel.textContent = text;
    frame.title = `Feedback: ${text}`;
    const notes = [];
    if (s.try) notes.push('A try: your file ran on your own run only; it was not graded.');
    if (!latest) notes.push(`An older ${s.try ? 'try' : 'submission'}, not your latest.`);
    if (typeof s.source !== 'string') notes.push('Its code is no longer kept in this browser.');
    if (extra) notes.push(extra);
    shownNote.textContent = notes.join(' ');
    shownNote.hidden = notes.length === 0;
    shown.hidden = false;
    offerCode();
  };
  // offerCode shows "Put this code in the editor" when the submission
  // shown has its code kept and the editor holds something else (or, for
  // a try, its run kept and the run's box holds something else), and
  // "Submit anyway" while its offer stands (see offerAnyway).
  const offerCode = () => {
    const s = shownId && entry(shownId);
    const otherRun = s && typeof s.run === 'string' && s.run !== tryText.value;
    loadCode.hidden = !(s && typeof s.source === 'string' && (s.source !== src.value || otherRun));
    loadCode.textContent = s && typeof s.run === 'string' ? 'Put this code and its run back' : 'Put this code in the editor';
    offerAnyway();
  };
  // An identical resubmission: Submit with code byte-identical to a
  // graded submission in this browser's history (whose code is kept)
  // sends nothing but shows that submission's feedback, and says so;
  // "Submit anyway", beside Submit, sends it all the same (a course may
  // have changed the exercise since). same is that submission ({id,
  // source}) while the offer stands: while it is the one shown, the
  // editor holds its code and nothing is being sent.
  const anyway = document.getElementById('submit-anyway');
  let same = null;
  function offerAnyway() {
    const hide = !(same && !sending && shownId === same.id && src.value === same.source);
    if (hide && document.activeElement === anyway) submit.focus(); // the button goes: the focus stays beside it
    anyway.hidden = hide;
    if (hide) same = null;
  }

  // Files set aside: what the editor held when a submission's code was
  // put there (the last ASIDES, newest first), each with a button that
  // puts it back.
  const ASIDES = 5;
  const drawAsides = () => {
    const all = readJSON(asideKey);
    asides.querySelector('ul').replaceChildren(...all.map((f, i) => {
      const li = document.createElement('li');
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'secondary';
      b.textContent = `Put back the file you had at ${when(f.at)}`;
      b.addEventListener('click', () => {
        const rest = readJSON(asideKey);
        rest.splice(i, 1);
        localStorage.setItem(asideKey, JSON.stringify(rest));
        putInEditor(f.text);
      });
      const n = f.text.split('\n').length;
      li.append(b, ` (${n} line${n === 1 ? '' : 's'})`);
      return li;
    }));
    asides.hidden = all.length === 0;
  };
  // setAside keeps text among the files set aside (unless it is there
  // already, or is the starter or empty); false if the browser has no
  // room for it.
  function setAside(text) {
    if (text === starter || text.trim() === '') return true;
    const all = readJSON(asideKey);
    if (all.some((f) => f.text === text)) return true;
    all.unshift({ at: Date.now(), text });
    try { localStorage.setItem(asideKey, JSON.stringify(all.slice(0, ASIDES))); } catch { return false; }
    drawAsides();
    return true;
  }
  // putInEditor replaces the editor's text, first setting aside what it
  // held unless that is kept elsewhere (a submission's kept code, the
  // starter, a file already set aside); with aside, even a submission's
  // code is set aside (the reset button: the student need not find it in
  // the history).
  function putInEditor(text, { aside = false } = {}) {
    const cur = src.value;
    if (cur === text) return;
    const kept = !aside && list().some((s) => s.source === cur);
    if (!kept && !setAside(cur) && !confirm('Your browser has no room to keep your current file. Replace it anyway?')) return;
    setFile(text);
    showProblems([]);
    drawAsides();
  }
  // Another tab set a file aside: this page's list shows it too.
  window.addEventListener('storage', (e) => { if (e.key === asideKey) drawAsides(); });
  loadCode.addEventListener('click', () => {
    const s = entry(shownId);
    if (s && typeof s.source === 'string') putInEditor(s.source);
    if (s && typeof s.run === 'string') { // a try's run goes back in its box
      tryText.value = s.run;
      sayStart();
      try { localStorage.setItem(runKey, s.run); } catch { /* full: the box still holds it */ }
      tryBox.open = true;
      offerCode();
    }
    sayShown(); // its positions, if it did not compile
    src.focus();
  });

  // say puts text in the status (the live region); while the submission
  // sent or shown is a try, it shows beside "Run it on your code" too
  // (hidden from screen readers, which hear the status), where the
  // student's eyes are.
  let sayingTry = false;
  const say = (text, ungraded = false) => {
    status.textContent = text;
    status.classList.toggle('ungraded', ungraded);
    tryStatus.textContent = sayingTry ? text : '';
    tryStatus.classList.toggle('ungraded', ungraded);
  };

  // fit makes the frame as tall as the feedback in it.
  const fit = () => {
    const d = frame.contentDocument;
    if (frame.hidden || !d || !d.documentElement) return;
    const root = d.documentElement;
    frame.style.height = `${Math.ceil(root.getBoundingClientRect().height)}px`;
    // A horizontal scroll bar (a wide table) takes height too.
    if (root.scrollHeight > root.clientHeight) frame.style.height = `${Math.ceil(root.getBoundingClientRect().height) + root.scrollHeight - root.clientHeight}px`;
  };
  frame.addEventListener('load', () => {
    const d = frame.contentDocument;
    if (!d) return;
    d.addEventListener('toggle', fit, true); // a <details> opened or closed
    d.addEventListener('click', inFeedbackLink);
    fit();
  });
  // inFeedbackLink follows a link within the feedback ("Start with
  // conform N=2 R=1 below", to that test's section). The frame's document
  // is a srcdoc one, whose links resolve against this page's address: left
  // to itself, "#test-5" would load this page into the frame. And the
  // frame is as tall as the feedback, so the page scrolls, not the frame:
  // the section's heading is scrolled to the top of the window here (a
  // fold around it opened) and takes the focus, where a keyboard or a
  // screen reader goes on from.
  function inFeedbackLink(e) {
    const a = e.target.closest?.('a[href^="#"]');
    if (!a) return;
    e.preventDefault();
    const d = frame.contentDocument;
    let id = a.getAttribute('href').slice(1);
    try { id = decodeURIComponent(id); } catch { /* kept as written */ }
    const to = d.getElementById(id);
    if (!to) return;
    for (let up = to.parentElement; up; up = up.parentElement) if (up.localName === 'details') up.open = true;
    fit();
    window.scrollTo({ top: window.scrollY + frame.getBoundingClientRect().top + frame.clientTop + to.getBoundingClientRect().top });
    if (!to.hasAttribute('tabindex')) to.setAttribute('tabindex', '-1');
    to.focus({ preventScroll: true });
  }
  window.addEventListener('resize', fit);
  // narrow: on a narrow screen (a phone) the feedback's own margins
  // shrink (it sits inside the page's card already), so that its text
  // uses the width; its diagrams scroll sideways in their own boxes; and
  // each of its tables (the tests, a step table, the nodes' state), which
  // would scroll sideways in tall, cramped rows, is shown as cards: a row
  // a card, its cells one under another, each labelled with its column's
  // header (data-label, see framed). The header row is out of sight but
  // there, and the roles framed adds keep the table a table to a screen
  // reader (display: block drops a table's semantics in some browsers);
  // the labels drawn are not read out (the header is, as in any table).
  // An empty cell takes no room. Wider, the tables are as the grader
  // wrote them. These styles go in the feedback's own document: this
  // page's stylesheet does not reach into the frame.
  const narrow = `<style>.nb { white-space: nowrap; }
@media (max-width: 36rem) {
main { padding: .75rem .4rem; }
table.cards { display: block; overflow: visible; background: none; }
table.cards thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
table.cards tbody, table.cards tr { display: block; }
table.cards tr { background: #fff; border: 1px solid #ddd; border-radius: 6px; padding: .3rem .6rem; margin: 0 0 .5rem; }
table.cards td { display: flow-root; border: 0; padding: .1rem 0 .1rem 5.6rem; line-height: 1.5rem; text-align: left !important; overflow-wrap: anywhere; }
table.cards td::before { content: attr(data-label); content: attr(data-label) / ""; float: left; width: 5.1rem; margin-left: -5.6rem; color: #59606e; font-size: .8125rem; line-height: 1.5rem; }
table.cards td:empty { padding: 0; }
table.cards td:empty::before { content: none; }
}</style>`;
  // breakable lets a line of a table's cell break after a comma and after
  // an arrow, and never inside the arrow: "send(request,N3,myID)" and
  // "N1->N2:request(1) N1->N3:request(1)" have few spaces, and a browser
  // breaks after any hyphen ("N1-" / ">N3") or, at a phone's width, inside
  // a word ("requestedNu" / "m", overflow-wrap: anywhere being the last
  // resort). A <wbr> after each comma and arrow, and the arrow in a span
  // that does not wrap (.nb): no character is added, so text copied from
  // the feedback is the text it shows.
  const breakable = (d, root) => {
    const walk = d.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    const texts = [];
    for (let n = walk.nextNode(); n; n = walk.nextNode()) if (/,\S|->/.test(n.data)) texts.push(n);
    for (const n of texts) {
      const parts = d.createDocumentFragment();
      let at = 0;
      for (const m of n.data.matchAll(/,(?=\S)|->/g)) {
        parts.append(n.data.slice(at, m.index));
        if (m[0] === '->') {
          const arrow = d.createElement('span');
          arrow.className = 'nb';
          arrow.textContent = '->';
          parts.append(arrow);
        } else parts.append(',');
        parts.append(d.createElement('wbr'));
        at = m.index + m[0].length;
      }
      parts.append(n.data.slice(at));
      n.replaceWith(parts);
    }
  };
  // framed is a feedback's HTML as the frame shows it: narrow's styles
  // added, and each table with a header row labelled for its cards:
  // every body cell's data-label is its column's header, and the table,
  // its row groups, rows, header cells and cells have their roles
  // written out. Parsed here, not in the frame: nothing in it runs or
  // loads (DOMParser), and the frame shows it labelled from the start.
  const framed = (html) => {
    const d = new DOMParser().parseFromString(html, 'text/html');
    for (const td of d.querySelectorAll('td')) breakable(d, td);
    for (const table of d.querySelectorAll('table')) {
      const heads = [...(table.tHead?.rows[0]?.cells || [])].map((th) => th.textContent.trim());
      if (heads.length === 0) continue;
      table.classList.add('cards');
      table.setAttribute('role', 'table');
      for (const group of [table.tHead, ...table.tBodies]) group.setAttribute('role', 'rowgroup');
      for (const th of table.tHead.rows[0].cells) th.setAttribute('role', 'columnheader');
      for (const body of table.tBodies) {
        for (const tr of body.rows) {
          tr.setAttribute('role', 'row');
          for (const [i, td] of [...tr.cells].entries()) {
            td.setAttribute('role', td.localName === 'th' ? 'rowheader' : 'cell');
            if (heads[i]) td.dataset.label = heads[i];
          }
        }
      }
      table.tHead.rows[0].setAttribute('role', 'row');
    }
    d.head.insertAdjacentHTML('beforeend', narrow);
    // A long step table comes folded open (report's foldSteps says why);
    // on a phone, where each of its rows is a card, it is folded shut.
    if (window.matchMedia('(max-width: 40em)').matches) for (const fold of d.querySelectorAll('details[open]')) fold.open = false;
    return `<!DOCTYPE html>\n${d.documentElement.outerHTML}`;
  };

  // The editor, once attached (see the end): {view, mark, reveal}; and
  // the try box's editor (its view), attached with it.
  let editor = null;
  let tryEditor = null;
  // tryField is what the student types the run in: the try's editor, or
  // its textarea before the editor came (or without it). It carries the
  // box's focus, its aria-invalid and what describes it.
  const tryField = () => tryEditor?.contentDOM || tryText;
  let tryMarked = []; // the run's mistakes marked before the editor came
  let runMarked = false; // the box shows markRun's marks (where a try's run stopped or broke an expectation)
  // showProblems lists where the file does not compile under the buttons
  // and marks those positions in the editor; [] clears both.
  let marked = [];
  const showProblems = (list) => {
    const located = (list || []).filter((p) => p.line > 0);
    marked = located;
    problems.replaceChildren(...located.map((p) => {
      const li = document.createElement('li');
      const b = document.createElement('button');
      b.type = 'button';
      b.textContent = `line ${p.line}${p.col ? `:${p.col}` : ''}`;
      b.addEventListener('click', () => {
        if (editor?.reveal) { editor.reveal(editor.view, p.line, p.col); return; }
        const lines = src.value.split('\n');
        const at = lines.slice(0, p.line - 1).reduce((n, l) => n + l.length + 1, 0) + Math.max((p.col || 1) - 1, 0);
        src.focus();
        src.setSelectionRange(at, at);
      });
      li.append(b, ` ${p.message}`);
      return li;
    }));
    problems.hidden = located.length === 0;
    if (editor?.mark) editor.mark(editor.view, located);
  };

  // notGraded says why a result has no score, or '' if it has one.
  const notGraded = (res) => ({
    // A listing is not compiled: it has errors, told where below.
    'compile-error': String(res.file || '').endsWith('.txt') ? 'not graded: your listing has errors' : 'not graded: your code does not compile',
    refused: 'not graded: your code uses something outside what the exercise allows',
  })[res.status] || '';

  // waiting says where a submission is while it waits, with the seconds
  // since it was sent: a long poll answers only when something changes,
  // so without the clock a grading of several seconds looks stuck.
  // inLine is a submission Submit found still waiting with the code in
  // the editor: while it is shown, the status says that nothing new was
  // sent.
  let waitingFor = null;
  let inLine = null;
  const alreadyWaiting = (at) => `this code is already waiting to be graded (your submission of ${when(at)}): nothing new was sent`;
  const waiting = (v, since) => {
    const ahead = v.queue_position ?? 0;
    const already = inLine && inLine === v.id ? `${alreadyWaiting(since)}; ` : '';
    const text = already + (v.status === 'queued' ? (ahead > 0 ? `queued: ${ahead} ahead of you…` : 'queued: next in line…') : 'grading…');
    const show = () => say(`${text} ${Math.floor((Date.now() - since) / 1000)} s`);
    clearInterval(waitingFor);
    show();
    waitingFor = setInterval(show, 1000);
  };
  const doneWaiting = () => { clearInterval(waitingFor); waitingFor = null; };

  // tried says whether the server's view of a submission is a try (it
  // names the try's schedules).
  const tried = (v) => Array.isArray(v?.try) && v.try.length > 0;
  // verdict says how a try went, from its result: "passed" when the
  // code's run on each of the student's runs (tests yours/NAME) met
  // their expectations, "failed" when one did not, "not run: …" when the
  // code could not run.
  const verdict = (res) => {
    const why = notGraded(res || {});
    if (why) return why.replace(/^not graded/, 'not run');
    const tests = Array.isArray(res?.tests) ? res.tests : [];
    const mine = tests.filter((t) => String(t.name).startsWith('yours/'));
    const ts = mine.length ? mine : tests;
    if (ts.length === 0) return 'no result';
    if (ts.some((t) => t.not_run)) return 'not run';
    return ts.every((t) => t.passed) ? 'passed' : 'failed';
  };

  // GONE are the answers that mean the server cannot be reached now
  // (from a proxy, or a server that is restarting), not that it does not
  // know the submission.
  const GONE = new Set([502, 503, 504]);

  // track follows submission id (the server's record) until it is graded
  // or failed, records the outcome in the history, and resolves with the
  // server's answer ({error} if it has none); while the submission is the
  // one shown, the status says where it is. One poll per submission.
  const tracking = new Map();
  const track = (id, since) => {
    if (!tracking.has(id)) {
      tracking.set(id, (async () => {
        let lost = 0; // polls in a row that found no server
        for (;;) {
          let r;
          let v;
          try {
            r = await fetch(`/api/submissions/${id}?wait=20`);
            v = await r.json();
            if (GONE.has(r.status)) throw new Error(v.error || `error ${r.status}`);
          } catch (e) {
            // The connection dropped, or a proxy in front of the server
            // answered for it: the submission is safe on the server, so
            // the page keeps following it, saying so, and asks again a
            // little later each time.
            lost++;
            const wait = Math.min(2 ** (lost - 1), 15);
            if (shownId === id) {
              doneWaiting();
              say(`lost contact with the server (${e.message}); your submission is kept there: asking again in ${wait} s…`);
            }
            await new Promise((done) => setTimeout(done, wait * 1000));
            continue;
          }
          lost = 0;
          if (!r.ok) return { error: v.error || `error ${r.status}`, code: r.status };
          if (v.status === 'queued' || v.status === 'running') {
            if (shownId === id) waiting(v, since ?? (Date.parse(v.created) || Date.now()));
            continue;
          }
          const isTry = tried(v);
          if (v.status === 'failed') remember(id, isTry ? { status: 'failed', score: 'your run: failed on the server', try: true } : { status: 'failed', score: 'grading failed' });
          else if (isTry && v.status === 'done') remember(id, { status: 'done', score: `your run: ${verdict(v.result)}`, try: true });
          else if (v.status === 'done') {
            const res = v.result;
            const why = notGraded(res);
            const score = why || `${res.score} / ${res.max_score}`;
            remember(id, why ? { status: 'done', score } : { status: 'done', score, points: res.score, max: res.max_score, ...testsOf(res) });
          }
          return v;
        }
      })().catch((e) => ({ error: `the server did not answer: ${e.message}` })).finally(() => tracking.delete(id)));
    }
    return tracking.get(id);
  };

  // sayShown says the result of the submission shown (shownResult) and,
  // when the editor holds its code, marks where it does not compile; the
  // status speaks of positions below only when they are there.
  let shownResult = null;
  const sayShown = () => {
    const res = shownResult;
    if (!res) return;
    const s = entry(shownId);
    showProblems(s && s.source === src.value ? res.problems : []);
    const why = notGraded(res);
    if (s?.try) {
      markRun(s, res);
      const how = verdict(res);
      // The graded score stands: a try neither adds to it nor takes away.
      const best = bestOf(list());
      const stands = best && best.points !== undefined ? `; your best graded score, ${best.points} / ${best.max}, stands` : '';
      if (!why) say(`tried: your run ${how} (not graded: your file ran on your own run only${stands}; see the feedback below)`, how !== 'passed');
      else say(`try ${how} (see ${problems.hidden ? '' : 'the positions below and '}the feedback below)`, true);
      return;
    }
    if (!why) say(`graded: ${res.score} / ${res.max_score}`);
    else if (!problems.hidden) say(`${why} (nothing was run: see the positions below and the feedback)`, true);
    else say(`${why} (nothing was run: see the feedback below)`, true);
  };

  // markRun marks in the try's box, while it holds the try's run, the
  // line where each of the student's runs stopped or broke an
  // expectation (the test's at: "my-run.scn:12"), with the first
  // sentence of what the feedback says of it: a step that cannot run is
  // found only when the run runs, after the box's own checks passed.
  function markRun(s, res) {
    unmarkRun();
    if (!tryEditor || typeof s?.run !== 'string' || s.run !== tryText.value || s.source !== src.value) return;
    const marks = [];
    for (const t of Array.isArray(res?.tests) ? res.tests : []) {
      const m = /:(\d+)(?::(\d+))?$/.exec(String(t.at || ''));
      if (!t.own || t.passed || !m) continue;
      const first = String(t.message || '').split(/(?<=\.)\s/)[0].slice(0, 300);
      marks.push({ line: Number(m[1]), col: Number(m[2] || 1), message: first });
    }
    tryMarked = marks;
    runMarked = marks.length > 0;
    editor.mark(tryEditor, marks, 'your run');
  }
  // unmarkRun takes markRun's marks out of the try's box: they belong to
  // the code and the run they were computed for, and go when either
  // changes, when another submission is shown, or when a new submission
  // or try is sent (a mark left on line 9 while the editor holds another
  // file reads as that file's doing). The box's own mistakes
  // (showTryErrors) are the run's, and stay.
  function unmarkRun() {
    if (!runMarked) return;
    runMarked = false;
    tryMarked = [];
    if (tryEditor) editor.mark(tryEditor, [], 'your run');
  }

  // show makes submission id the one shown: its label at once, then its
  // feedback from the server's record (once graded). Its problems are
  // marked in the editor if the editor holds its code.
  async function show(id, since) {
    shownId = id;
    inLine = null;
    // The frame holds another submission's feedback until this one's
    // comes: hidden, not shown under this one's label.
    frame.hidden = true;
    syncToFeedback();
    shownResult = null;
    sayingTry = !!entry(id)?.try;
    doneWaiting();
    drawHistory();
    label();
    say('');
    showProblems([]);
    unmarkRun();
    const v = await track(id, since);
    if (shownId !== id) return; // another submission was chosen meanwhile
    doneWaiting();
    if (v.error) {
      say(v.error);
      label(v.code === 404 ? 'The server no longer has its feedback.' : '');
      frame.hidden = true;
      syncToFeedback();
      return;
    }
    if (v.status === 'failed') { say(v.message); label(); frame.hidden = true; syncToFeedback(); return; }
    shownResult = v.result;
    label();
    sayShown();
    frame.hidden = false;
    frame.srcdoc = framed(v.feedback.html);
    syncToFeedback();
  }

  // "See the feedback ↓" beside the status while a feedback is shown: it
  // is below the editor, the try's box and the history, often below the
  // screen after Submit. The button scrolls there and puts the focus on
  // the feedback's heading. (It stays while the feedback does, rather
  // than only while it is off screen: a control that comes and goes as
  // the page scrolls is one the Tab key may never reach.)
  const toFeedback = document.getElementById('to-feedback');
  const syncToFeedback = () => {
    if (frame.hidden && document.activeElement === toFeedback) submit.focus();
    toFeedback.hidden = frame.hidden;
  };
  toFeedback.addEventListener('click', () => {
    document.getElementById('shown').scrollIntoView({ block: 'start' });
    document.getElementById('shown-label').focus({ preventScroll: true });
  });

  // While a submission is being sent the button says so and ignores
  // clicks (a second click, Ctrl+Enter again), but keeps the keyboard's
  // focus: a disabled button would drop it to the page's start.
  let sending = false;
  // A submission is sent with an Idempotency-Key, and kept as pending
  // (its key, time and code, and a try's run) until the server's answer names it: a
  // connection that drops before the answer, or a reload meanwhile, sends
  // it again with the same key, and the server answers the id it gave
  // the first time (or takes it now if it never arrived), so that a
  // submission is neither missing from the history nor graded twice.
  const pendingKey = `dmelab.pending.${name}`;
  const PENDING_FOR = 15 * 60 * 1000; // a pending submission older than this is not sent again
  const readPending = () => { try { return JSON.parse(localStorage.getItem(pendingKey) || 'null'); } catch { return null; } };
  const SEND_TRIES = 6;
  async function send(p) {
    const isTry = typeof p.schedule === 'string';
    sending = true;
    sayingTry = isTry;
    offerAnyway();
    submit.setAttribute('aria-disabled', 'true');
    tryRun.setAttribute('aria-disabled', 'true');
    showProblems([]);
    unmarkRun();
    if (isTry) showTryErrors('');
    say(isTry ? 'sending your file and your run…' : 'sending…');
    try {
      for (let tries = 1; ; tries++) {
        let r;
        let v;
        try {
          r = await fetch('/api/submissions', {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', 'Idempotency-Key': p.key },
            body: JSON.stringify(isTry ? { exercise: name, file, source: p.source, schedules: [{ name: RUN, text: p.schedule }] } : { exercise: name, file, source: p.source }),
          });
          v = await r.json(); // a proxy's page instead of the server's answer: not JSON
        } catch (e) {
          if (tries === SEND_TRIES) { say(`the server did not answer: ${e.message}; press ${isTry ? '"Run it on your code"' : 'Submit'} to send your file again`); return; }
          const wait = Math.min(2 ** (tries - 1), 15);
          say(`lost contact with the server (${e.message}); sending again in ${wait} s…`);
          await new Promise((done) => setTimeout(done, wait * 1000));
          continue;
        }
        localStorage.removeItem(pendingKey);
        if (!r.ok && isTry && RUN_REFUSED.has(r.status)) { showTryErrors(v.error || `error ${r.status}`, true); return; }
        if (!r.ok) { say(v.error || `error ${r.status}`); return; }
        remember(v.id, isTry ? { status: 'queued', source: p.source, run: p.schedule, at: p.at, try: true } : { status: 'queued', source: p.source, at: p.at });
        const shownNow = show(v.id, p.at);
        if (v.status === 'queued' || v.status === 'running') waiting(v, p.at);
        await shownNow;
        return;
      }
    } finally {
      sending = false;
      submit.removeAttribute('aria-disabled');
      tryRun.removeAttribute('aria-disabled');
    }
  }
  // sendNew sends source as a new submission, with a new key; but code
  // already pending (sent, its answer never came, and the page gave up
  // asking: "press Submit to send your file again") is sent again with
  // its own key, so that the server answers the id it gave it if it took
  // it, as the resend after a reload does, and grades it once.
  // A try is pending with its run (schedule): only the same code with the
  // same run is the same try.
  const pendingFor = (source, schedule) => {
    const old = readPending();
    return old && typeof old.key === 'string' && old.source === source && (old.schedule ?? null) === (schedule ?? null)
      && Date.now() - old.at < PENDING_FOR ? old : null;
  };
  const sendNew = (source, schedule) => {
    const old = pendingFor(source, schedule);
    if (old) {
      send(old);
      return;
    }
    // 32 hex digits (crypto.randomUUID needs HTTPS; this does not).
    const key = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
    const p = typeof schedule === 'string' ? { key, at: Date.now(), source, schedule } : { key, at: Date.now(), source };
    try { localStorage.setItem(pendingKey, JSON.stringify(p)); } catch { /* full: sent once, as before */ }
    send(p);
  };
  let checking = false; // the feedback of an identical submission is being fetched
  submit.addEventListener('click', async () => {
    if (sending || checking) return;
    sayingTry = false;
    const source = src.value;
    if (source.trim() === '') {
      say(`Your ${file} is empty: there is nothing to grade. "Back to ${starterName}" puts the starter in the editor.`, true);
      return;
    }
    // The same code, sent and still waiting (Submit is free again after
    // a reload, the page following the submission anew): shown, not
    // sent twice.
    const waitingSame = list().filter((s) => !s.try && s.source === source && (s.status === 'queued' || s.status === 'running') && tracking.has(s.id)).at(-1);
    if (waitingSame) {
      show(waitingSame.id, waitingSame.at);
      inLine = waitingSame.id;
      say(`${alreadyWaiting(waitingSame.at)}; its feedback shows here once graded`);
      return;
    }
    // Only a graded submission's: a try of the same code is no grading.
    const earlier = list().filter((s) => s.status === 'done' && !s.try && s.source === source).at(-1);
    if (earlier && !pendingFor(source)) { // a pending one is sent again, below
      if (shownId !== earlier.id || !shownResult) {
        checking = true;
        try { await show(earlier.id); } finally { checking = false; }
      }
      if (shownId !== earlier.id) return; // another submission was chosen meanwhile
      if (shownResult) {
        const s = entry(earlier.id) || earlier;
        same = { id: earlier.id, source };
        offerAnyway();
        say(`This is the same code as your submission of ${when(s.at)} (${s.score ?? s.status}): nothing was sent, and its feedback is shown below. "Submit anyway" has it graded again (if the exercise has changed since).`);
        return;
      }
      // The server no longer has its feedback: graded again.
    }
    sendNew(source);
  });
  anyway.addEventListener('click', () => {
    if (sending || checking || !same) return;
    submit.focus(); // this button goes once the file is sent
    sendNew(src.value);
  });

  // The try: the run in its box, sent with the editor's file.
  const savedRun = localStorage.getItem(runKey);
  if (savedRun !== null) {
    tryText.value = savedRun;
    tryBox.open = true; // the student has tried before: the box stays at hand
  }
  // "It starts as the public schedule …" is said while it does.
  const tryStart = document.getElementById('try-start');
  const startRun = tryText.defaultValue;
  const sayStart = () => { if (tryStart) tryStart.hidden = tryText.value !== startRun; };
  sayStart();
  tryText.addEventListener('input', () => {
    unmarkRun();
    sayStart();
    offerCode();
    try { localStorage.setItem(runKey, tryText.value); } catch { /* full: the box still holds it */ }
  });
  // The answers that mean the run (or the request for a try) was
  // refused, not the file: told under the run.
  const RUN_REFUSED = new Set([400, 413, 422, 501]);
  // showTryErrors lists the mistakes of the run under its box (the
  // server's message, a mistake a line: "my-run.scn:3:1: unknown
  // statement …", each position a button that puts the cursor there),
  // says the first in the status, and puts the focus in the box; ''
  // clears them.
  function showTryErrors(message, focus = false) {
    const lines = String(message).split('\n').filter((l) => l.trim() !== '');
    const located = [];
    tryErrors.replaceChildren(...lines.map((line) => {
      const li = document.createElement('li');
      const m = /^(\S+?\.scn):(\d+)(?::(\d+))?(: .*)$/s.exec(line);
      if (!m) { li.textContent = line; return li; }
      const at = { line: Number(m[2]), col: Number(m[3] || 1), message: m[4].slice(2) };
      located.push(at);
      const b = document.createElement('button');
      b.type = 'button';
      b.textContent = m[3] ? `${m[1]}:${m[2]}:${m[3]}` : `${m[1]}:${m[2]}`;
      b.addEventListener('click', () => {
        if (tryEditor) { editor.reveal(tryEditor, at.line, at.col); return; }
        const i = tryText.value.split('\n').slice(0, at.line - 1).reduce((n, l) => n + l.length + 1, 0) + Math.max(at.col - 1, 0);
        tryText.focus();
        tryText.setSelectionRange(i, i);
      });
      li.append(b, m[4]);
      return li;
    }));
    tryErrors.hidden = lines.length === 0;
    tryMarked = located;
    if (tryEditor) editor.mark(tryEditor, located, 'scenario');
    const field = tryField();
    if (lines.length === 0) {
      field.removeAttribute('aria-invalid');
      field.setAttribute('aria-describedby', 'try-about try-keys');
      return;
    }
    field.setAttribute('aria-invalid', 'true');
    field.setAttribute('aria-describedby', 'try-errors try-about try-keys');
    const more = lines.length - 1;
    say(`your run was not sent: ${lines[0]}${more > 0 ? ` (and ${more} more mistake${more === 1 ? '' : 's'}, listed under your run)` : ''}`, true);
    tryStatus.textContent = ''; // the list says it, just above
    if (focus) {
      tryBox.open = true;
      field.focus();
    }
  }
  tryRun.addEventListener('click', () => {
    if (sending || checking) return;
    const source = src.value;
    sayingTry = true;
    if (source.trim() === '') {
      say(`Your ${file} is empty: there is nothing to run. "Back to ${starterName}" puts the starter in the editor.`, true);
      return;
    }
    if (tryText.value.trim() === '') {
      showTryErrors('your run is empty: write a scenario (algorithm, nodes, then its steps)', true);
      return;
    }
    sendNew(source, tryText.value);
  });

  drawHistory();
  drawAsides();
  // After a reload, the latest submission is shown (followed, if it is
  // still being graded).
  const latest = list().at(-1);
  const pending = readPending();
  if (pending && typeof pending.key === 'string' && typeof pending.source === 'string' && (pending.schedule === undefined || typeof pending.schedule === 'string')
    && Date.now() - pending.at < PENDING_FOR) {
    send(pending); // its answer was lost, or the page was left before it came
  } else {
    localStorage.removeItem(pendingKey);
    if (latest) show(latest.id);
  }
  // The editor (CodeMirror, built by make site) over the textarea, if
  // the playground's files are served here; the textarea works without it.
  import('/goeditor.js').then((m) => {
    editor = { view: m.attach(src, lang), mark: m.mark, reveal: m.reveal };
    editor.view.contentDOM.setAttribute('aria-describedby', 'editor-keys');
    // Named by the label above it, as the textarea was (its words).
    editor.view.contentDOM.setAttribute('aria-labelledby', 'source-label');
    work.dataset.editor = lang;
    if (marked.length) m.mark(editor.view, marked); // marked before the editor came
    // The try's run gets an editor too: line numbers for the positions
    // its mistakes are told at, the scenario language highlighted.
    const invalid = tryText.getAttribute('aria-invalid');
    const describedBy = tryText.getAttribute('aria-describedby');
    tryEditor = m.attach(tryText, 'scenario');
    tryEditor.contentDOM.setAttribute('aria-labelledby', 'try-label');
    tryEditor.contentDOM.setAttribute('aria-describedby', describedBy);
    if (invalid) tryEditor.contentDOM.setAttribute('aria-invalid', invalid);
    if (tryMarked.length) m.mark(tryEditor, tryMarked, 'scenario');
  }).catch(() => {
    work.dataset.editor = 'plain';
  });
}

// graded is an exercise's history without its tries (a try runs the
// file on the student's own run: it has no score, and is not an attempt
// at one).
const graded = (history) => (Array.isArray(history) ? history.filter((s) => !s?.try) : []);

// bestOf is the best graded score of an exercise's history in this
// browser ({points, max, tries}: tries counts the submissions, not the
// tries of a run), or null when nothing was submitted.
export function bestOf(history) {
  history = graded(history);
  if (history.length === 0) return null;
  let best = null;
  for (const s of history) {
    let points = typeof s?.points === 'number' ? s.points : NaN;
    let max = typeof s?.max === 'number' ? s.max : NaN;
    if (Number.isNaN(points)) { // recorded before points were kept: "12 / 30"
      const m = /^(\d+(?:\.\d+)?) \/ (\d+(?:\.\d+)?)$/.exec(String(s?.score ?? ''));
      if (m) { points = Number(m[1]); max = Number(m[2]); }
    }
    if (!Number.isNaN(points) && (!best || points > best.points)) best = { points, max };
  }
  return { ...(best || {}), tries: history.length };
}

// ungraded says why none of an exercise's submissions has a score, from
// their statuses in the history: "not graded: 1 submission did not
// compile", or with several reasons "not graded (3 submissions: 2 did not
// compile, 1 failed on the server)". Tries are left out.
export function ungraded(history) {
  history = graded(history);
  const why = new Map();
  for (const s of history) {
    const text = String(s?.score ?? '');
    const reason = /does not compile|listing has errors/.test(text) ? 'did not compile'
      : /outside what the exercise allows/.test(text) ? 'used something the exercise does not allow'
        : s?.status === 'failed' ? 'failed on the server'
          : s?.status === 'queued' || s?.status === 'running' ? 'had no result yet when last seen'
            : 'got no score';
    why.set(reason, (why.get(reason) || 0) + 1);
  }
  const n = history.length;
  const subs = (k) => `${k} submission${k === 1 ? '' : 's'}`;
  if (why.size === 1) return `not graded: ${subs(n)} ${[...why.keys()][0]}`;
  return `not graded (${subs(n)}: ${[...why].map(([r, k]) => `${k} ${r}`).join(', ')})`;
}

for (const cell of document.querySelectorAll('td.best[data-exercise]')) {
  let history = [];
  try { history = JSON.parse(localStorage.getItem(`dmelab.submissions.${cell.dataset.exercise}`) || '[]'); } catch { /* unreadable: not tried */ }
  const b = bestOf(history);
  if (!b) continue;
  const n = `${b.tries} submission${b.tries === 1 ? '' : 's'}`;
  cell.textContent = b.points === undefined ? ungraded(history) : `${b.points} / ${b.max} (${n})`;
  cell.classList.add('tried');
}
