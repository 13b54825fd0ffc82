// The scenario language's highlighting for CodeMirror: a line-based
// tokenizer (the language is one statement per line), so it needs no
// grammar of its own. What it marks: comments (# to the end of the line),
// keywords, the algorithm's name, node names (the words of the `nodes`
// line, wherever they appear later), numbers, and the operators -> = { }.
// Free text (a step's label, a message, a value) stays plain.

import { StreamLanguage } from '@codemirror/language';

// Every keyword of the grammar (algorithms/scenario/doc.go).
export const KEYWORDS = new Set([
  'algorithm', 'nodes', 'requests', 'clock', 'numbers', 'app-messages', 'crashes', 'recoveries',
  'channels', 'channel', 'fifo', 'unordered', 'voting-set', 'include',
  'request', 'exit', 'crash', 'recover', 'step', 'deliver', 'app', 'exits', 'recovers',
  'run', 'until', 'quiet', 'hold', 'release', 'schedule',
  'expect', 'safety', 'liveness', 'order', 'holds', 'violated', 'enters', 'before',
  'messages', 'message', 'no',
]);

const WORD = /^[\p{L}\p{N}_.@]+(?:-(?!>)[\p{L}\p{N}_.@]*)*/u;

export const scenarioLanguage = StreamLanguage.define({
  name: 'dmelab-scenario',
  startState: () => ({ nodes: new Set(), line: [] }),
  copyState: (s) => ({ nodes: new Set(s.nodes), line: [...s.line] }),
  token(stream, state) {
    if (stream.sol()) state.line = [];
    if (stream.eatSpace()) return null;
    if (stream.peek() === '#') {
      stream.skipToEnd();
      return 'comment';
    }
    if (stream.match('->')) return 'operator';
    if (stream.match(/^[={},]/)) return 'operator';
    const m = stream.match(WORD);
    if (!m) {
      stream.next();
      return null;
    }
    const w = m[0];
    const first = state.line[0];
    state.line.push(w);
    if (first === 'nodes') {
      state.nodes.add(w);
      return 'variableName.definition';
    }
    if (first === 'algorithm' && state.line.length === 2) return 'typeName';
    if (/^\d+$/.test(w)) return 'number';
    if (state.nodes.has(w)) return 'variableName';
    // Keywords count where a statement or clause starts, not inside free
    // text: "step N1 P2 myNum = ..." keeps its label plain.
    const freeText = first === 'step' && state.line.length > 3 || first === 'deliver' && state.line.length > 2;
    if (KEYWORDS.has(w) && !freeText) return 'keyword';
    const at = w.indexOf('@');
    if (at > 0 && /^\d+$/.test(w.slice(at + 1))) return 'string';
    return null;
  },
  languageData: { commentTokens: { line: '#' } },
});
