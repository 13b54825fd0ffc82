// The listing language's highlighting for CodeMirror (docs/listings.md):
// a line tokenizer like the scenario's. It marks comments, step labels
// (P4:, P2a:), keywords, types, numbers and the seeds' operators; names
// stay plain.

import { StreamLanguage } from '@codemirror/language';

const KEYWORDS = new Set([
  'algorithm', 'message', 'global', 'process', 'on', 'loop', 'forever', 'for', 'all', 'other',
  'in', 'if', 'else', 'send', 'receive', 'await', 'add', 'to', 'remove', 'from',
  'and', 'or', 'not', 'max', 'min', 'NCS', 'CS', 'chooseNumber',
]);
const TYPES = new Set(['int', 'bool', 'node', 'set']);
const CONSTANTS = new Set(['true', 'false', 'none', 'empty', 'myID', 'n']);

export const listingLanguage = StreamLanguage.define({
  name: 'dmelab-listing',
  token(stream) {
    if (stream.eatSpace()) return null;
    if (stream.peek() === '#') {
      stream.skipToEnd();
      return 'comment';
    }
    if (stream.match(/^P\d+[a-z]?:/)) return 'labelName';
    if (stream.match(/^\d+/)) return 'number';
    if (stream.match(/^(<<|<=|>=|!=|==|[<>=≤≥≠+\-*])/)) return 'operator';
    const m = stream.match(/^[\p{L}_][\p{L}\p{N}_]*/u);
    if (!m) {
      stream.next();
      return null;
    }
    if (KEYWORDS.has(m[0])) return 'keyword';
    if (TYPES.has(m[0])) return 'typeName';
    if (CONSTANTS.has(m[0])) return 'atom';
    return null;
  },
  languageData: { commentTokens: { line: '#' } },
});
