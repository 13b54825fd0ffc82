package scenario

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Pos is a place in a scenario file. Line and Col count from 1; Col counts
// bytes, as go/token does: what slicing the line needs, and what
// "file:line:col" means on a terminal (and in `dmelab run --json`). A
// position leaves Go for a browser or an HTTP client only through
// Diagnostics, which converts the column to UTF-16 units (package diag).
type Pos struct {
	File string `json:"file"`
	Line int    `json:"line"`
	Col  int    `json:"col"`
}

func (p Pos) String() string {
	f := p.File
	if f == "" {
		f = "scenario"
	}
	if p.Line == 0 {
		return f
	}
	return fmt.Sprintf("%s:%d:%d", f, p.Line, p.Col)
}

// Error is one problem found in a scenario, at a position.
type Error struct {
	Pos Pos    `json:"pos"`
	Msg string `json:"msg"`
}

func (e *Error) Error() string { return e.Pos.String() + ": " + e.Msg }

// ErrorList is every problem a parse found, in file order. Reporting them
// all at once (as go/parser does) saves a student one round trip per typo.
type ErrorList []*Error

// add appends the error format says. The message's control and invalid
// bytes, which echo the scenario's text, are written as escapes (\x1b),
// never raw (a terminal would act on them).
func (l *ErrorList) add(p Pos, format string, args ...any) {
	*l = append(*l, &Error{Pos: p, Msg: escapeOdd(fmt.Sprintf(format, args...))})
}

// escapeOdd writes every character of s that is not printable (a control
// byte, a byte that is not UTF-8) as Go escapes it: ESC reads \x1b.
func escapeOdd(s string) string {
	if !strings.ContainsFunc(s, odd) && utf8.ValidString(s) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case odd(r):
			q := strconv.QuoteRune(r)
			b.WriteString(q[1 : len(q)-1])
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}

// odd reports a character a message must not hold raw.
func odd(r rune) bool { return r != ' ' && !unicode.IsPrint(r) }

// Error renders one problem per line, "file:line:col: message".
func (l ErrorList) Error() string {
	var b strings.Builder
	for i, e := range l {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(e.Error())
	}
	return b.String()
}

// sort orders the errors by position, keeping the first message for a
// position (a later one is usually a consequence). Files come in the order
// they first appear in the list.
func (l *ErrorList) sort() { l.sortFrom("") }

// sortFrom is sort with the errors of file first (the scenario's own
// before its includes').
func (l *ErrorList) sortFrom(file string) {
	rank := map[string]int{file: 0}
	for _, e := range *l {
		if _, ok := rank[e.Pos.File]; !ok {
			rank[e.Pos.File] = len(rank)
		}
	}
	sort.SliceStable(*l, func(i, j int) bool {
		a, b := (*l)[i].Pos, (*l)[j].Pos
		if a.File != b.File {
			return rank[a.File] < rank[b.File]
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.Col < b.Col
	})
	var out ErrorList
	for _, e := range *l {
		if len(out) > 0 && e.Pos == out[len(out)-1].Pos {
			continue
		}
		out = append(out, e)
	}
	*l = out
}

// Err returns the list as an error, or nil if it is empty.
func (l ErrorList) Err() error {
	if len(l) == 0 {
		return nil
	}
	return l
}
