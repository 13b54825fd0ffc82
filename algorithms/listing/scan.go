package listing

import (
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"dmelab/algorithms/diag"
)

// The scanner cuts a listing into lines, as the seeds print it: each line
// is an optional step label ("P4:"), a statement and an optional "#
// comment". A line's column is that of its label, or of its statement
// when it has none: the lines of a block share one column, and a compound
// statement's block is the lines below it indented deeper than the
// statement itself (not its label), as in
//
//	P3: for all other node N:
//	        P4: send(request, N, myNum)

type tokKind uint8

const (
	tIdent tokKind = iota
	tInt
	tOp // punctuation and operators
)

type tok struct {
	kind tokKind
	text string
	pos  Pos
}

type line struct {
	num      int
	col      int // of the label, or of the statement when there is none
	scol     int // of the statement (after the label)
	label    string
	labelPos Pos
	toks     []tok
	comment  string // without "#", trimmed
	hash     int    // the column of a comment-only line's "#"
	cut      bool   // tokens past maxLineTokens were dropped (and reported)
	tabbed   bool   // indented with a tab (reported)
	rest     string // the statement's text, for "algorithm NAME"
	end      int    // the byte column just after the statement
}

// ops lists the operators, longest first; the Unicode forms print as
// their ASCII ones.
var ops = []string{"<<", "<=", ">=", "!=", "==", "≤", "≥", "≠", "(", ")", "[", "]", ",", ":", ";", "=", "<", ">", "+", "-", "*"}

// scan splits src into lines (at "\n", "\r\n" or a lone "\r", as
// diag.Lines does, so that a problem's line is the one an editor shows and
// the playground converts); lines holding only a comment have no
// tokens, and blank lines are dropped. A byte-order mark at the start
// (some editors save one) is skipped and drawn zero wide, its bytes kept,
// so that columns are still those of the text as given (an editor
// converts them on that text) and the first line is not indented.
func scan(src string, errs *ErrorList) []line {
	var out []line
	for i, text := range diag.Lines(src) {
		text = strings.TrimRight(text, " \t\r")
		l := line{num: i + 1}
		hash := strings.IndexByte(text, '#')
		if c := hash; c >= 0 {
			l.comment = strings.TrimSpace(text[c+1:])
			text = text[:c]
		}
		if strings.TrimSpace(text) == "" && l.comment == "" {
			continue
		}
		l.toks, l.cut = scanLine(text, i+1, errs)
		if len(l.toks) > maxLineTokens {
			errs.add(l.toks[maxLineTokens].pos, "a line of more than %d words and symbols: split it into steps or variables", maxLineTokens)
			l.toks, l.cut = l.toks[:maxLineTokens], true
		}
		if len(l.toks) >= 2 && isLabel(l.toks[0].text) && l.toks[1].text == ":" {
			l.label, l.labelPos = l.toks[0].text, l.toks[0].pos
			l.toks = l.toks[2:]
		}
		switch {
		case len(l.toks) > 0:
			l.col, l.scol = l.toks[0].pos.Col, l.toks[0].pos.Col
			if l.label != "" {
				l.col = l.labelPos.Col
			}
			l.rest = strings.TrimSpace(text[l.scol-1:])
			l.end = l.scol + len(l.rest)
			// A tab is an error (scanLine), but the blocks are read
			// with it drawn as the editor draws it, to the next
			// multiple of four: else every line after it would be
			// "indented" wrongly too.
			l.tabbed = strings.Contains(text[:l.col-1], "\t")
			l.col, l.scol = visual(text, l.col), visual(text, l.scol)
		case l.label != "":
			errs.add(l.labelPos, "step %s has no statement", l.label)
			continue
		case l.comment == "" && hash < 0:
			continue // nothing but a byte-order mark
		default:
			l.col, l.hash = hash+1, hash+1
		}
		out = append(out, l)
	}
	// A line indented with a tab (an error already) that would end the
	// block it sits in is taken to sit beside the line above it: a tab
	// typed for the spaces of a block's lines is one error, not one on
	// every line after it.
	// A tabbed line at the column of a block around it (a dedent) is left
	// where it is drawn, unless the line after it goes back deeper
	// without the tabbed line opening a block: then it was one of the
	// block's lines.
	var open []int // the columns of the blocks around the line
	prev, prevScol, header := 0, 0, false
	for i := range out {
		l := &out[i]
		if len(l.toks) == 0 {
			continue
		}
		if l.tabbed {
			opens := l.toks[len(l.toks)-1].text == ":"
			back := false // the next line of code is deeper, and l opens no block
			for j := i + 1; j < len(out); j++ {
				if len(out[j].toks) > 0 {
					back = !opens && out[j].col > l.col
					break
				}
			}
			switch {
			case header && l.col <= prevScol:
				l.scol += prevScol + 4 - l.col
				l.col = prevScol + 4
			case !header && l.col < prev && (!slices.Contains(open, l.col) || back):
				l.scol += prev - l.col
				l.col = prev
			}
		}
		for len(open) > 0 && open[len(open)-1] > l.col {
			open = open[:len(open)-1]
		}
		if len(open) == 0 || open[len(open)-1] < l.col {
			open = append(open, l.col)
		}
		prev, prevScol, header = l.col, l.scol, l.toks[len(l.toks)-1].text == ":"
	}
	// A comment-only line takes no part in the blocks: it sits at the
	// column of the code below it, wherever its "#" is, so that a line
	// commented out at column 1 does not end the handler around it.
	// Comments after the last line of code keep their own column.
	next := 0
	for i := len(out) - 1; i >= 0; i-- {
		switch {
		case len(out[i].toks) > 0:
			next = out[i].col
		case next > 0:
			out[i].col = next
		}
	}
	return out
}

// visual is the column at which byte column col of text is drawn, a tab
// reaching the next multiple of four and a byte-order mark zero wide.
func visual(text string, col int) int {
	if !strings.ContainsAny(text[:col-1], "\t\ufeff") {
		return col
	}
	v := 0
	for _, r := range text[:col-1] {
		switch r {
		case '\t':
			v += 4 - v%4
		case '\ufeff':
		default:
			v++
		}
	}
	return v + 1
}

// maxLineTokens bounds a line's tokens, and so how deep its expression
// nests (the parser and the compiler recurse once a level): the seeds'
// longest line has under forty.
const maxLineTokens = 400

// isLabel reports whether s is a step label as the seeds write them: P,
// a number, and an optional letter for a step split in two (P2a, P2b).
func isLabel(s string) bool {
	if len(s) < 2 || s[0] != 'P' {
		return false
	}
	i := 1
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	if i == 1 {
		return false
	}
	return i == len(s) || i == len(s)-1 && s[i] >= 'a' && s[i] <= 'z'
}

// scanLine cuts a line into tokens; cut says that it reported what the
// rest of the line cannot be read past.
func scanLine(text string, num int, errs *ErrorList) (toks []tok, cut bool) {
	i, tabbed := 0, false
	for i < len(text) {
		r, size := utf8.DecodeRuneInString(text[i:])
		pos := Pos{num, i + 1}
		switch {
		case r == ' ':
			i++
		case r == '\ufeff' && num == 1 && i == 0: // a byte-order mark (see scan)
			i += size
		case r == '\t':
			if !tabbed { // once a line
				errs.add(pos, "a tab: indent with spaces, so that columns mean the same everywhere")
			}
			tabbed = true
			i++
		case unicode.IsLetter(r) || r == '_':
			j := i
			for j < len(text) {
				r, n := utf8.DecodeRuneInString(text[j:])
				if !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '_' && r != '\'' {
					break
				}
				j += n
			}
			toks = append(toks, tok{tIdent, text[i:j], pos})
			i = j
		case r >= '0' && r <= '9':
			j := i
			for j < len(text) && text[j] >= '0' && text[j] <= '9' {
				j++
			}
			if j-i > 9 {
				errs.add(pos, "%s is too large a number", text[i:j])
			}
			toks = append(toks, tok{tInt, text[i:j], pos})
			i = j
		default:
			// Braces and C's assignments: said once, and the rest of
			// the line is not parsed (it would only say more of the
			// same).
			if msg := otherSyntax(text[i:]); msg != "" {
				errs.add(pos, "%s", msg)
				return toks, true
			}
			// Go's and Pascal's ":=": said, and read as "=" so that
			// the rest of the line is checked (no listing has ":"
			// before "=": a ":" ends a label or a header).
			if strings.HasPrefix(text[i:], ":=") {
				errs.add(pos, "%s", walrus(toks, text[i+2:]))
				toks = append(toks, tok{tOp, "=", pos})
				i += 2
				continue
			}
			op := ""
			for _, o := range ops {
				if strings.HasPrefix(text[i:], o) {
					op = o
					break
				}
			}
			if op == "" {
				// Another language's operators: one error for the
				// pair, saying the listing's word, which is read in
				// its place so that the rest of the line parses.
				word, n := otherOp(text[i:])
				if word != "" {
					errs.add(pos, "unexpected %q: a listing writes %s", text[i:i+n], word)
					toks = append(toks, tok{tIdent, word, pos})
					i += n
					continue
				}

				errs.add(pos, "unexpected %q", r)
				i += size
				continue
			}
			toks = append(toks, tok{tOp, canonOp(op), pos})
			i += len(op)
		}
	}
	return toks, false
}

// otherOp is the listing's word for an operator of C or Go that text
// starts with, and the operator's length; "" for none.
func otherOp(text string) (string, int) {
	for _, o := range []struct{ op, word string }{{"&&", "and"}, {"||", "or"}, {"&", "and"}, {"|", "or"}, {"!", "not"}, {"%", "mod"}} {
		if strings.HasPrefix(text, o.op) {
			return o.word, len(o.op)
		}
	}
	return "", 0
}

// otherSyntax is what to write instead of C's or Go's braces and
// assignment operators, which text starts with; "" for none.
func otherSyntax(text string) string {
	switch {
	case strings.HasPrefix(text, "{"), strings.HasPrefix(text, "}"):
		return "a listing has no braces: end a line with \":\" and indent its block under it"
	case len(text) >= 2 && strings.Contains("+-*", text[:1]) && (text[1] == '=' || text[1] == text[0] && text[0] != '*'):
		return fmt.Sprintf("unexpected %q: a listing writes x = x %c 1", text[:2], text[0])
	}
	return ""
}

// walrus is what to write instead of ":=", after toks and before rest:
// the assignment as a listing writes it, when it is short.
func walrus(toks []tok, rest string) string {
	name, value := "x", "..."
	if k := len(toks); k > 0 && toks[k-1].kind == tIdent {
		name = toks[k-1].text
		if _, decl := types[toks[max(k-2, 0)].text]; decl && k > 1 {
			name = toks[k-2].text + " " + name // a declaration: int k = 0
		}
	}
	if v := strings.TrimSpace(rest); v != "" && len(v) <= 24 {
		value = v
	}
	return fmt.Sprintf("unexpected \":=\": a listing assigns with =, as in %s = %s", name, value)
}

// canonOp is the ASCII form of an operator.
func canonOp(op string) string {
	switch op {
	case "≤":
		return "<="
	case "≥":
		return ">="
	case "≠":
		return "!="
	case "==":
		return "="
	}
	return op
}
