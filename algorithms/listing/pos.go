package listing

import (
	"fmt"
	"sort"
	"strings"
)

// Pos is a place in a listing. Line and Col count from 1; Col counts
// bytes, as go/token does (the playground converts to its editor's unit).
//
// A byte-order mark at the start counts its three bytes in line 1's
// columns, as go/token and the scenario language count them: a word right
// after the mark is at 1:4. A column is converted on the text as given,
// mark included (the playground's editor and the API's clients hold the
// mark as a character), and a caret drawn under a quoted line 1 draws the
// mark zero wide, as scan reads it (visual): one space per other
// character before the column, none for the mark. Not counting the mark
// would put every such client one unit off instead.
type Pos struct {
	Line, Col int
}

func (p Pos) String() string { return fmt.Sprintf("%d:%d", p.Line, p.Col) }

// Error is one problem found in a listing, at a position.
type Error struct {
	File string // as Load was told; "listing" when not
	Pos  Pos
	Msg  string
}

func (e *Error) Error() string {
	f := e.File
	if f == "" {
		f = "listing"
	}
	return f + ":" + e.Pos.String() + ": " + e.Msg
}

// ErrorList is every problem found, in position order, one per position:
// a student sees them all at once, as go/parser reports them.
type ErrorList []*Error

// add appends a problem at p, unless the same problem was just said on
// the same line: "(a, b) <= (c, d)" is one mistake, not one per tuple.
func (l *ErrorList) add(p Pos, format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	if n := len(*l); n > 0 && (*l)[n-1].Pos.Line == p.Line && (*l)[n-1].Msg == msg {
		return
	}
	*l = append(*l, &Error{Pos: p, Msg: msg})
}

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

// Err sorts the list and returns it as an error, or nil if it is empty.
func (l ErrorList) Err() error {
	if len(l) == 0 {
		return nil
	}
	sort.SliceStable(l, func(i, j int) bool {
		a, b := l[i].Pos, l[j].Pos
		return a.Line < b.Line || a.Line == b.Line && a.Col < b.Col
	})
	out := l[:1]
	for _, e := range l[1:] {
		if e.Pos != out[len(out)-1].Pos {
			out = append(out, e)
		}
	}
	return out
}

func (l *ErrorList) list() []*Error { return *l }
