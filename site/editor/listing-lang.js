// The listing language's highlighting for CodeMirror (docs/listings.md):
// a line tokenizer like the scenario's. It marks comments, step labels
// (P4:, P2a:), keywords, types, constants, functions, numbers and the
// seeds' operators; names stay plain.
//
// The words are the language's own: listing-words.json is written from
// package listing's source by site/cmd/listingwords, whose test fails
// when the two differ.

import { StreamLanguage } from '@codemirror/language';
import words from './listing-words.json';

const KEYWORDS = new Set(words.keywords);
const CONTEXTUAL = new Set(words.contextual);
const TYPES = new Set(words.types);
const CONSTANTS = new Set(words.constants);
const FUNCTIONS = new Set(words.functions);

const NAME = /^[\p{L}_][\p{L}\p{N}_']*/u;

// A contextual word (on start:, channels fifo, some j: …, all other Node
// j) is a keyword where the parser reads it as one: after a keyword, or
// first on its line and followed by a word (channels fifo; not "start =
// 1"); "some" when a quantifier's variable follows it. Elsewhere it is a
// name.
function contextual(w, stream, state) {
  if (state.prevKeyword) return true;
  const next = stream.match(/^\s+([\p{L}_][\p{L}\p{N}_']*)/u, false);
  if (w === 'some') return Boolean(next) && (!KEYWORDS.has(next[1]) || next[1] === 'other');
  return state.first && Boolean(next);
}

// The tokenizer also keeps, for the line after, where the line's
// statement starts (after its label) and whether it ends with ":": Enter
// after a header ("P7: for all N in deferred:") indents four columns
// deeper than its statement, where its block goes, and after any other
// line keeps the line's indentation.
export const listingLanguage = StreamLanguage.define({
  name: 'dmelab-listing',
  startState: () => ({ first: true, prevKeyword: false, lead: 0, stmt: -1, colon: false }),
  copyState: (s) => ({ ...s }),
  token(stream, state) {
    if (stream.sol()) {
      state.first = true;
      state.prevKeyword = false;
      state.lead = stream.indentation();
      state.stmt = -1;
      state.colon = false;
    }
    if (stream.eatSpace()) return null;
    if (stream.peek() === '#') {
      stream.skipToEnd();
      return 'comment';
    }
    if (stream.match(/^P\d+[a-z]?:/)) return 'labelName';
    if (state.stmt < 0) state.stmt = stream.column();
    state.colon = stream.peek() === ':';
    const before = { first: state.first, prevKeyword: state.prevKeyword };
    state.first = false;
    state.prevKeyword = false;
    if (stream.match(/^\d+/)) return 'number';
    if (stream.match(/^(<<|<=|>=|!=|==|[<>=≤≥≠+\-*])/)) return 'operator';
    const m = stream.match(NAME);
    if (!m) {
      stream.next();
      return null;
    }
    const w = m[0];
    if (FUNCTIONS.has(w) && stream.match(/^\s*\(/, false)) return 'variableName.function';
    if (KEYWORDS.has(w)) {
      state.prevKeyword = true;
      return 'keyword';
    }
    if (TYPES.has(w)) return 'typeName';
    if (CONSTANTS.has(w)) return 'atom';
    if (CONTEXTUAL.has(w) && contextual(w, stream, before)) {
      state.prevKeyword = true;
      return 'keyword';
    }
    return null;
  },
  indent(state) {
    if (state.colon && state.stmt >= 0) return state.stmt + 4;
    return state.lead;
  },
  languageData: { commentTokens: { line: '#' } },
});
