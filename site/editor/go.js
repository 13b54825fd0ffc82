// The exercise pages' Go editor: CodeMirror 6 with Go's highlighting,
// line numbers, bracket matching and indentation, over the page's
// textarea; for an exercise that asks for a listing, the playground's
// listing highlighting and indentation by four spaces (a tab is an error
// in a listing); and for the box of "Try a run on your code", the
// scenario language's highlighting in a shorter editor. Bundled by esbuild
// at build time (make site) into static/goeditor.js; the exercise page
// loads it if it is there and keeps the plain textareas otherwise.

import { EditorState } from '@codemirror/state';
import {
  EditorView, keymap, lineNumbers, highlightActiveLine, highlightActiveLineGutter, drawSelection,
} from '@codemirror/view';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { syntaxHighlighting, defaultHighlightStyle, indentUnit, bracketMatching } from '@codemirror/language';
import { go } from '@codemirror/lang-go';
import { listingLanguage } from './listing-lang.js';
import { scenarioLanguage } from './scenario-lang.js';
import { lintGutter, setDiagnostics } from '@codemirror/lint';

const theme = EditorView.theme({
  '&': { fontSize: '13px', border: '1px solid #c7cdd9', borderRadius: '6px', background: '#fff' },
  '.cm-scroller': { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', lineHeight: '1.5', maxHeight: '70vh' },
  '.cm-gutters': { background: '#f6f8fa', borderRight: '1px solid #d0d7de', color: '#57606a' },
});
// The file's editor is tall; a run (a dozen lines) needs less.
const tall = EditorView.theme({ '.cm-scroller': { minHeight: '28em' } });
const short = EditorView.theme({ '.cm-scroller': { minHeight: '12em' } });

// languages are the editor's settings for each kind of text: the unit of
// indentation (a tab in Go, four spaces in a listing, two in a scenario,
// as in the playground's editor), the highlighting and the height.
const languages = {
  go: () => [indentUnit.of('\t'), go(), tall],
  listing: () => [indentUnit.of('    '), listingLanguage, tall],
  scenario: () => [indentUnit.of('  '), scenarioLanguage, short],
};

// attach replaces textarea with an editor that keeps the textarea's value
// (and its input events) in step, so the page's code reads and writes the
// textarea as before. lang is 'go', 'listing' or 'scenario'. It returns
// the editor's view.
export function attach(textarea, lang = 'go') {
  const language = (languages[lang] || languages.go)();
  let syncing = false;
  const view = new EditorView({
    state: EditorState.create({
      doc: textarea.value,
      extensions: [
        lineNumbers(), highlightActiveLineGutter(), highlightActiveLine(), drawSelection(), history(),
        bracketMatching(), ...language, syntaxHighlighting(defaultHighlightStyle), theme, lintGutter(),
        // Tab indents code; in a run's box, as in the textarea it
        // replaces, it moves the focus on (a scenario needs no indenting).
        keymap.of([...defaultKeymap, ...historyKeymap, ...(lang === 'scenario' ? [] : [indentWithTab])]),
        EditorView.contentAttributes.of({ 'aria-label': textarea.getAttribute('aria-label') || (lang === 'scenario' ? 'Scenario editor' : 'Go editor'), tabindex: '0' }),
        EditorView.updateListener.of((u) => {
          if (u.docChanged && !syncing) {
            textarea.value = u.state.doc.toString();
            textarea.dispatchEvent(new Event('input'));
          }
        }),
      ],
    }),
  });
  textarea.hidden = true;
  textarea.after(view.dom);
  // Writes to the textarea (reset, a test filling it) reach the editor.
  const desc = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value');
  Object.defineProperty(textarea, 'value', {
    get() { return desc.get.call(this); },
    set(v) {
      desc.set.call(this, v);
      if (view.state.doc.toString() !== v) {
        syncing = true;
        view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: v } });
        syncing = false;
      }
    },
  });
  return view;
}

// column is the offset in text of the compiler's column col (1-based, in
// bytes of UTF-8).
function column(text, col) {
  let bytes = 0;
  let i = 0;
  for (const ch of text) {
    if (bytes >= (col || 1) - 1) break;
    bytes += new TextEncoder().encode(ch).length;
    i += ch.length;
  }
  return i;
}

// mark shows problems ({line, col, message}: the compiler's, 1-based) in
// the editor: the word at each position underlined, the line marked in
// the gutter, the message on hover, said to come from source (the Go
// compiler's, or the scenario checker's). An empty list clears them.
export function mark(view, problems, source = 'go') {
  const doc = view.state.doc;
  const diagnostics = [];
  for (const p of problems || []) {
    if (!(p.line >= 1 && p.line <= doc.lines)) continue;
    const line = doc.line(p.line);
    const from = line.from + column(line.text, p.col);
    const word = /^[\p{L}\p{N}_]+/u.exec(line.text.slice(from - line.from));
    const to = word ? from + word[0].length : Math.min(from + 1, line.to);
    diagnostics.push({ from, to, severity: 'error', message: p.message, source });
  }
  view.dispatch(setDiagnostics(view.state, diagnostics));
}

// reveal puts the cursor at line:col (1-based) and scrolls it into view.
export function reveal(view, line, col) {
  const doc = view.state.doc;
  const l = doc.line(Math.min(Math.max(line, 1), doc.lines));
  const at = l.from + column(l.text, col);
  view.dispatch({ selection: { anchor: at }, scrollIntoView: true });
  view.focus();
}
