package scenario

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"dmelab/algorithms/diag"
)

// The language is line-oriented, like the seeds' pseudocode: one statement
// per line, "#" starts a comment that runs to the end of the line. So the
// scanner works a line at a time and hands the parser each line's tokens
// together with the raw text, because the end of some statements (a step's
// label, a message, a variable's value) is free text in the algorithm's own
// words, taken verbatim.

type tokKind uint8

const (
	tWord   tokKind = iota // keyword, node name, algorithm name: letters, digits, _ - . @
	tInt                   // decimal digits only
	tArrow                 // ->
	tEq                    // =
	tLBrace                // {
	tRBrace                // }
	tComma                 // ,
	tOther                 // any other character, one per token
)

type token struct {
	kind tokKind
	text string
	off  int // byte offset in the line
}

// srcLine is one line of the file, split into code and comment.
type srcLine struct {
	num     int    // 1-based
	code    string // the text before the comment, right-trimmed
	comment string // "# ..." right-trimmed, or ""
	ccol    int    // 1-based column of the comment
	toks    []token
}

func (l *srcLine) blank() bool { return l.code == "" && l.comment == "" }

// scanLines splits src into lines and tokenizes each. A line ends at
// "\n", "\r\n" or a lone "\r" (old Mac line endings, which editors such
// as CodeMirror also read as line ends).
// A byte-order mark at the start (some editors save one) reads as the
// three spaces of its bytes: no part of the first line's statement, and
// the columns are still those of the text as given (an editor or an API
// client converts them on that text).
func scanLines(src string) []srcLine {
	if rest, ok := strings.CutPrefix(src, "\ufeff"); ok {
		src = "   " + rest
	}
	raw := diag.Lines(src) // the lines the front ends convert columns on
	if len(raw) > 0 && raw[len(raw)-1] == "" {
		raw = raw[:len(raw)-1]
	}
	lines := make([]srcLine, len(raw))
	for i, r := range raw {
		l := srcLine{num: i + 1}
		if k := strings.IndexByte(r, '#'); k >= 0 {
			l.comment = strings.TrimRightFunc(r[k:], unicode.IsSpace)
			l.ccol = k + 1
			r = r[:k]
		}
		l.code = strings.TrimRightFunc(r, unicode.IsSpace)
		l.toks = tokenize(l.code)
		lines[i] = l
	}
	return lines
}

func isWordRune(r rune) bool {
	return r == '_' || r == '.' || r == '@' || unicode.IsLetter(r) || unicode.IsDigit(r)
}

func tokenize(s string) []token {
	var toks []token
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case unicode.IsSpace(r):
			i += size
		case strings.HasPrefix(s[i:], "->"):
			toks = append(toks, token{tArrow, "->", i})
			i += 2
		case r == '=':
			toks = append(toks, token{tEq, "=", i})
			i++
		case r == '{':
			toks = append(toks, token{tLBrace, "{", i})
			i++
		case r == '}':
			toks = append(toks, token{tRBrace, "}", i})
			i++
		case r == ',':
			toks = append(toks, token{tComma, ",", i})
			i++
		case isWordRune(r):
			j := i
			for j < len(s) {
				r, size := utf8.DecodeRuneInString(s[j:])
				if isWordRune(r) || r == '-' && !strings.HasPrefix(s[j:], "->") {
					j += size
					continue
				}
				break
			}
			k := tWord
			if allDigits(s[i:j]) {
				k = tInt
			}
			toks = append(toks, token{k, s[i:j], i})
			i = j
		default:
			toks = append(toks, token{tOther, s[i : i+size], i})
			i += size
		}
	}
	return toks
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// isName reports whether s can name a node: a letter or _ first, then
// letters, digits and _ (so "N12", "alice", "p_3").
func isName(s string) bool {
	for i, r := range s {
		if r == '_' || unicode.IsLetter(r) || i > 0 && unicode.IsDigit(r) {
			continue
		}
		return false
	}
	return s != ""
}

// collapse trims s and turns every run of white space into one space: free
// text compares and prints in this form.
func collapse(s string) string { return strings.Join(strings.Fields(s), " ") }
