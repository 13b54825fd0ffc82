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
	// more is, for the last entry of a list cut at maxErrors, how many
	// errors it stands for ("and 12 more errors").
	more int
}

func (e *Error) Error() string { return e.Pos.String() + ": " + e.Msg }

// ErrorList is every problem a parse found, in file order. Reporting them
// all at once (as go/parser does) saves a student one round trip per typo;
// past maxErrors, though, the rest are only counted, in one last entry
// ("and 1,990 more errors, the next one here"), as Go's compiler stops
// at ten: a file that goes wrong on every line says so in a screenful.
type ErrorList []*Error

// maxErrors is how many errors a list keeps; the rest are counted.
const maxErrors = 10

// maxEcho is how much of a scenario's own text (a line, a value, a voting
// set) an error echoes: a longer one is cut, and says how much is left out.
// maxMsg bounds a whole message.
const (
	maxEcho = 400
	maxMsg  = 1500
)

// add appends the error format says. Its arguments echo the scenario's
// text: each is cut at maxEcho bytes, and the message's control and
// invalid bytes are written as escapes (\x1b), never raw (a terminal would
// act on them).
func (l *ErrorList) add(p Pos, format string, args ...any) {
	args = append([]any(nil), args...)
	for i, a := range args {
		var s string
		switch v := a.(type) {
		case string:
			s = v
		case error:
			s = v.Error()
		case fmt.Stringer:
			s = v.String()
		default:
			continue
		}
		if len(s) > maxEcho {
			args[i] = clip(s, maxEcho)
		}
	}
	*l = append(*l, &Error{Pos: p, Msg: clip(escapeOdd(fmt.Sprintf(format, args...)), maxMsg)})
}

// clip cuts s to at most n bytes (on a character's boundary), saying how
// much was cut.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	k := n
	for k > 0 && !utf8.RuneStart(s[k]) {
		k--
	}
	return fmt.Sprintf("%s… (%s more bytes)", s[:k], thousands(len(s)-k))
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

// thousands writes n with commas: 4,096.
func thousands(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

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
// before its includes'). It keeps maxErrors errors and counts the rest
// in one last entry, placed at the first of them; lists cut so before
// merge into one cut so.
func (l *ErrorList) sortFrom(file string) {
	rank := map[string]int{file: 0}
	for _, e := range *l {
		if _, ok := rank[e.Pos.File]; !ok {
			rank[e.Pos.File] = len(rank)
		}
	}
	before := func(a, b Pos) bool {
		if a.File != b.File {
			return rank[a.File] < rank[b.File]
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.Col < b.Col
	}
	var errs, counts ErrorList
	for _, e := range *l {
		if e.more > 0 {
			counts = append(counts, e)
		} else {
			errs = append(errs, e)
		}
	}
	sort.SliceStable(errs, func(i, j int) bool { return before(errs[i].Pos, errs[j].Pos) })
	var out ErrorList
	for _, e := range errs {
		if len(out) > 0 && e.Pos == out[len(out)-1].Pos {
			continue
		}
		out = append(out, e)
	}
	if len(out) > maxErrors {
		counts = append(counts, &Error{Pos: out[maxErrors].Pos, more: len(out) - maxErrors})
		out = out[:maxErrors]
	}
	if len(counts) > 0 {
		sum := &Error{Pos: counts[0].Pos}
		for _, c := range counts {
			sum.more += c.more
			if before(c.Pos, sum.Pos) {
				sum.Pos = c.Pos
			}
		}
		sum.Msg = fmt.Sprintf("and %s more errors, the next one here", thousands(sum.more))
		if sum.more == 1 {
			sum.Msg = "and 1 more error, here"
		}
		out = append(out, sum)
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
