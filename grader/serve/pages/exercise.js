// The exercise page: the student's file in a Go editor, submitted to the
// grading API; the page follows the grading by long polling, shows the
// feedback (the grader's HTML, in a sandboxed frame with no scripts) and
// keeps this browser's history of submissions for the exercise in
// localStorage (no accounts).
//
// The frame's sandbox allows no scripts but keeps the page's origin, so
// this script can measure the feedback and make the frame as tall as it
// is (the page scrolls, not a box inside it); its links open in windows of
// their own (the playground may not be framed), and its download links
// download.

const work = document.querySelector('.work');
if (work) {
  const name = work.dataset.exercise;
  const src = document.getElementById('source');
  const submit = document.getElementById('submit');
  const status = document.getElementById('status');
  const frame = document.getElementById('feedback');
  const history = document.getElementById('history');
  const key = `dmelab.submissions.${name}`;
  const draftKey = `dmelab.draft.${name}`;
  const starter = document.getElementById('starter').content.textContent;

  const saved = localStorage.getItem(draftKey);
  if (saved) src.value = saved;
  src.addEventListener('input', () => localStorage.setItem(draftKey, src.value));
  src.addEventListener('keydown', (e) => {
    if (e.key === 'Tab') { // a tab in the editor, not a focus move
      e.preventDefault();
      const { selectionStart: a, selectionEnd: b } = src;
      src.setRangeText('\t', a, b, 'end');
    }
  });
  document.getElementById('reset').addEventListener('click', () => {
    if (confirm('Replace your file with the starter?')) {
      src.value = starter;
      localStorage.removeItem(draftKey);
    }
  });

  const list = () => JSON.parse(localStorage.getItem(key) || '[]');
  const drawHistory = () => {
    history.replaceChildren(...list().map((s) => {
      const li = document.createElement('li');
      const a = document.createElement('a');
      a.href = '#' + s.id;
      a.textContent = `${new Date(s.at).toLocaleString()} — ${s.score ?? s.status}`;
      a.addEventListener('click', (e) => { e.preventDefault(); follow(s.id); });
      li.append(a);
      return li;
    }).reverse());
  };
  const remember = (id, fields) => {
    const all = list();
    const s = all.find((x) => x.id === id);
    if (s) Object.assign(s, fields); else all.push({ id, at: Date.now(), ...fields });
    localStorage.setItem(key, JSON.stringify(all.slice(-50)));
    drawHistory();
  };

  const say = (text) => { status.textContent = text; };

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
    fit();
  });
  window.addEventListener('resize', fit);

  async function follow(id) {
    for (;;) {
      const r = await fetch(`/api/submissions/${id}?wait=20`);
      const v = await r.json();
      if (!r.ok) { say(v.error || `error ${r.status}`); return; }
      if (v.status === 'queued') say(`queued (${v.queue_position ?? 0} ahead)…`);
      else if (v.status === 'running') say('grading…');
      else if (v.status === 'failed') { say(v.message); remember(id, { status: 'failed' }); return; }
      else if (v.status === 'done') {
        const res = v.result;
        const score = `${res.score} / ${res.max_score}`;
        say(`graded: ${score}`);
        remember(id, { status: 'done', score });
        frame.hidden = false;
        frame.srcdoc = v.feedback.html;
        return;
      }
    }
  }

  submit.addEventListener('click', async () => {
    submit.disabled = true;
    say('sending…');
    try {
      const r = await fetch('/api/submissions', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ exercise: name, file: 'solution.go', source: src.value }),
      });
      const v = await r.json();
      if (!r.ok) { say(v.error || `error ${r.status}`); return; }
      remember(v.id, { status: 'queued' });
      await follow(v.id);
    } catch (e) {
      say(`the server did not answer: ${e.message}`);
    } finally {
      submit.disabled = false;
    }
  });
  drawHistory();
  // The Go editor (CodeMirror, built by make site) over the textarea, if
  // the playground's files are served here; the textarea works without it.
  import('/goeditor.js').then((m) => { m.attach(src); work.dataset.editor = 'go'; }).catch(() => {
    work.dataset.editor = 'plain';
  });
}
