// The playground's editors (the scenario's and the listing's): CodeMirror
// 6 with the language's highlighting, the core's diagnostics as inline
// markers while typing, and two kinds of marks the page sets from a run: the line behind
// the current step, and each expectation's outcome at its line.
//
// Bundled by esbuild at build time (make site) into static/editor.js; the
// page imports createEditor from there.

import { EditorState, StateEffect, StateField, RangeSetBuilder } from '@codemirror/state';
import {
  EditorView, Decoration, WidgetType, keymap, lineNumbers, highlightActiveLine,
  highlightActiveLineGutter, drawSelection,
} from '@codemirror/view';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { HighlightStyle, syntaxHighlighting, indentUnit } from '@codemirror/language';
import { linter, lintGutter, lintKeymap, forceLinting } from '@codemirror/lint';
import { tags as t } from '@lezer/highlight';
import { scenarioLanguage } from './scenario-lang.js';
import { listingLanguage } from './listing-lang.js';

const style = HighlightStyle.define([
  { tag: t.comment, color: '#57606a', fontStyle: 'italic' }, // readable on the active line too
  { tag: t.keyword, color: '#8250df', fontWeight: '600' },
  { tag: t.typeName, color: '#953800', fontWeight: '600' },
  { tag: t.number, color: '#0550ae' },
  { tag: t.string, color: '#0a3069' },
  { tag: t.operator, color: '#cf222e' },
  { tag: t.variableName, color: '#116329', fontWeight: '600' },
  { tag: t.definition(t.variableName), color: '#116329', fontWeight: '700' },
  { tag: t.function(t.variableName), color: '#6639ba' }, // the listing's max(), alive(), tick()
  { tag: t.labelName, color: '#9a6700', fontWeight: '700' },
  { tag: t.atom, color: '#0550ae' },
]);

const theme = EditorView.theme({
  '&': { fontSize: '13px', height: '100%' },
  '.cm-scroller': { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', lineHeight: '1.5' },
  '.cm-gutters': { background: '#f6f8fa', borderRight: '1px solid #d0d7de', color: '#57606a' },
  '.cm-step-line': { background: '#fff4c2' },
  '.cm-expect-ok': { background: '#dafbe1' },
  '.cm-expect-fail': { background: '#ffebe9' },
  '.cm-expect-unknown': { background: '#fff8c5' },
  '.cm-expect-later': { opacity: '0.7' },
  // Wrapped within the editor's width, a long name broken too.
  '.cm-outcome': { marginLeft: '1.2em', fontSize: '11px', fontFamily: 'system-ui, sans-serif', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' },
  '.cm-outcome.ok': { color: '#1a7f37' },
  '.cm-outcome.fail': { color: '#cf222e', fontWeight: '600' },
  '.cm-outcome.unknown, .cm-outcome.later': { color: '#9a6700' },
});

// ---------- marks set by the page ----------

// setMarks carries {step: line or 0, expects: [{line, status, text}],
// show: a line to keep in view with the step's, or 0}.
const setMarks = StateEffect.define();

class Outcome extends WidgetType {
  constructor(cls, text) { super(); this.cls = cls; this.text = text; }
  eq(o) { return o.cls === this.cls && o.text === this.text; }
  toDOM() {
    const s = document.createElement('span');
    s.className = `cm-outcome ${this.cls}`;
    s.textContent = this.text;
    s.title = this.text;
    return s;
  }
  ignoreEvent() { return true; }
}

function buildMarks(doc, m) {
  const byLine = new Map();
  const add = (line, deco) => {
    if (line < 1 || line > doc.lines) return;
    if (!byLine.has(line)) byLine.set(line, []);
    byLine.get(line).push(deco);
  };
  for (const e of m.expects || []) {
    const cls = { ok: 'ok', FAIL: 'fail', UNKNOWN: 'unknown' }[e.status] || 'later';
    add(e.line, { line: Decoration.line({ class: `cm-expect-${cls}` }) });
    add(e.line, { widget: Decoration.widget({ widget: new Outcome(cls, e.text), side: 1 }), end: true });
  }
  if (m.step) add(m.step, { line: Decoration.line({ class: 'cm-step-line' }) });
  const b = new RangeSetBuilder();
  for (const line of [...byLine.keys()].sort((a, c) => a - c)) {
    const l = doc.line(line);
    for (const d of byLine.get(line)) if (d.line) b.add(l.from, l.from, d.line);
    for (const d of byLine.get(line)) if (d.widget) b.add(l.to, l.to, d.widget);
  }
  return b.finish();
}

const marks = StateField.define({
  create: () => Decoration.none,
  update(deco, tr) {
    for (const e of tr.effects) if (e.is(setMarks)) return buildMarks(tr.state.doc, e.value);
    // Marks belong to the text they were computed from: editing drops them.
    return tr.docChanged ? Decoration.none : deco;
  },
  provide: (f) => EditorView.decorations.from(f),
});

// ---------- diagnostics ----------

// toDiagnostic places a core diagnostic ({line, col, message}, 1-based,
// col in UTF-16 units: package diag converts) on the word it points at.
function toDiagnostic(doc, d, source) {
  const line = doc.line(Math.min(Math.max(1, d.line), doc.lines));
  const from = Math.min(line.from + Math.max(0, d.col - 1), line.to);
  let to = from;
  const rest = doc.sliceString(from, line.to);
  // The word (a name, a node, N1->N2, request@1, ra-v1), not what sticks
  // to it ("mynum)" underlined whole); else the one character.
  const w = rest.match(/^[\p{L}\p{N}_'@.]+(?:-(?!>)[\p{L}\p{N}_'@.]*)*(?:->[\p{L}\p{N}_]+)?/u) || rest.match(/^\S/);
  if (w) to = from + w[0].length;
  return { from, to, severity: 'error', message: d.message, source };
}

// createEditor mounts an editor in parent. opts: doc (initial text),
// diagnose(text) → [{line, col, message}] (the core's parse), onChange(text),
// onRun() (Ctrl/Cmd-Enter), onLineClick(line) (a click in the text),
// label (the accessible name), language ('scenario', the default, or
// 'listing': four spaces a level, as the listings are written).
export function createEditor(parent, opts) {
  const lang = opts.language === 'listing' ? 'listing' : 'scenario';
  const lint = linter((view) => {
    const text = view.state.doc.toString();
    if (!text.trim()) return []; // nothing written yet: nothing to mark
    let ds = [];
    try {
      ds = opts.diagnose(text) || [];
    } catch (err) {
      ds = [{ line: 1, col: 1, message: String(err.message || err) }];
    }
    return ds.map((d) => toDiagnostic(view.state.doc, d, lang));
  }, { delay: 300 });

  let stepScroll = -1; // the position setMarks asked to scroll to, if pending
  let showTo = -1; // and the one to keep in view with it (setMarks' show)
  const view = new EditorView({
    parent,
    state: EditorState.create({
      doc: opts.doc || '',
      extensions: [
        lineNumbers(),
        highlightActiveLineGutter(),
        history(),
        drawSelection(),
        highlightActiveLine(),
        indentUnit.of(lang === 'listing' ? '    ' : '  '),
        lang === 'listing' ? listingLanguage : scenarioLanguage,
        syntaxHighlighting(style),
        lint,
        lintGutter(),
        marks,
        theme,
        // The step's line is scrolled into view within the editor only:
        // CodeMirror's own scrolling would scroll the page too, to
        // wherever the editor is, on every step.
        // A line to show with it (a stopped script's line, whose
        // outcome wraps below it) is brought into view too, the step's
        // line giving way where both do not fit.
        EditorView.scrollHandler.of((v, range) => {
          if (range.head !== stepScroll) return false;
          const b = v.lineBlockAt(range.head); // drawn by now: exact
          const e = showTo >= 0 ? v.lineBlockAt(showTo) : b;
          stepScroll = showTo = -1;
          const box = v.scrollDOM.getBoundingClientRect();
          const bottom = v.documentTop + Math.max(b.bottom, e.bottom) + 4;
          const top = Math.max(v.documentTop + Math.min(b.top, e.top) - 4, bottom - box.height);
          if (top < box.top) v.scrollDOM.scrollTop -= box.top - top;
          else if (bottom > box.bottom) v.scrollDOM.scrollTop += bottom - box.bottom;
          return true;
        }),
        // A listing's indentation is its structure: its lines scroll
        // sideways rather than wrap back to the left edge.
        lang === 'listing' ? [] : EditorView.lineWrapping,
        EditorView.contentAttributes.of({ 'aria-label': opts.label || 'Scenario', spellcheck: 'false', tabindex: '0' }),
        keymap.of([
          { key: 'Mod-Enter', run: () => { opts.onRun?.(); return true; } },
          ...defaultKeymap, ...historyKeymap, ...lintKeymap, indentWithTab,
        ]),
        EditorView.updateListener.of((u) => { if (u.docChanged) opts.onChange?.(u.state.doc.toString()); }),
        EditorView.domEventHandlers({
          // A click (mouseup: CodeMirror's own mouse handling swallows click).
          mouseup(e, view) {
            const pos = view.posAtCoords({ x: e.clientX, y: e.clientY });
            if (pos !== null) opts.onLineClick?.(view.state.doc.lineAt(pos).number);
            return false;
          },
        }),
      ],
    }),
  });

  return {
    view,
    text: () => view.state.doc.toString(),
    setText(text) {
      view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
    },
    // setMarks shows the current step's line and the expectations'
    // outcomes; scrollTo brings the step's line (and m.show's, with its
    // outcome) into view within the editor only
    // (EditorView.scrollIntoView would scroll the page too, to wherever
    // the editor is, on every step).
    setMarks(m, scrollTo = false) {
      const effects = [setMarks.of(m)];
      const lines = view.state.doc.lines;
      const show = m.show >= 1 && m.show <= lines ? m.show : 0;
      const first = m.step >= 1 && m.step <= lines ? m.step : show;
      if (scrollTo && first) {
        stepScroll = view.state.doc.line(first).from;
        showTo = show ? view.state.doc.line(show).to : -1;
        effects.push(EditorView.scrollIntoView(stepScroll, { y: 'nearest' }));
      }
      view.dispatch({ effects });
    },
    // relint asks for diagnostics now instead of after the typing pause.
    relint() { forceLinting(view); },
    focus() { view.focus(); },
    goTo(line, col = 1) {
      const l = view.state.doc.line(Math.min(Math.max(1, line), view.state.doc.lines));
      const pos = Math.min(l.from + col - 1, l.to);
      view.dispatch({ selection: { anchor: pos }, effects: EditorView.scrollIntoView(pos, { y: 'center' }) });
      view.focus();
    },
  };
}
