// Package diag is the one shape a positioned problem takes when it leaves
// Go for a browser or an HTTP client, and the one conversion of its
// column.
//
// Inside Go, columns count bytes, as go/token does: that is what slicing a
// string needs and what "file:line:col" means on a terminal. JavaScript
// strings, and so CodeMirror, count UTF-16 code units, so a byte column
// after an "é" or an emoji lands one or more characters too far in the
// editor. Converting once, at the boundary, with one function, is what
// keeps the playground and the HTTP API agreeing on every line.
//
// The package sits under algorithms/ because it is pure and depends on
// nothing: the core's parsers and the front ends (the playground, the
// scenario API) can all name it without importing each other.
package diag

import "strings"

// Diagnostic is one problem in a text, placed for an editor. Line and Col
// count from 1 and always name a place in the text (a problem of the
// whole text, such as a missing setting, is put at its start, where an
// editor can show it). Col counts UTF-16 code units, as JavaScript and
// CodeMirror do, never bytes: build a Diagnostic with Text.At.
type Diagnostic struct {
	Line    int    `json:"line"`
	Col     int    `json:"col"`
	Message string `json:"message"`
}

// Text is a text split into lines, so that the positions of its problems
// can be converted without splitting it once per problem.
type Text []string

// Lines splits text into its lines, each ending at "\n", "\r\n" or a lone
// "\r" (old Mac line endings), as the scenario scanner numbers them and as
// a browser's editor (CodeMirror) reads them, so that a column is
// converted on the line the editor shows. It is the one splitting of a
// text into lines for positions: the playground and the scenario API
// convert columns on it, never on a split of their own. (A listing holds
// no lone "\r": its scanner reports one where it stands, which is where
// this line ends.)
func Lines(text string) Text {
	if !strings.Contains(text, "\r") {
		return strings.Split(text, "\n")
	}
	var out Text
	for {
		i := strings.IndexAny(text, "\r\n")
		if i < 0 {
			return append(out, text)
		}
		out = append(out, text[:i])
		if text[i] == '\r' && strings.HasPrefix(text[i+1:], "\n") {
			i++
		}
		text = text[i+1:]
	}
}

// At is the Diagnostic for msg at line and byte column col of t (both from
// 1; 0 for no position).
func (t Text) At(line, col int, msg string) Diagnostic {
	return Diagnostic{Line: max(line, 1), Col: t.Col(line, col), Message: msg}
}

// Col converts byte column col of line (both from 1) to UTF-16 code units:
// the one conversion between the two units. A column inside a character
// moves to the next one, a column past the line's end stays one past it
// (never further: a browser's editor cannot place it there), and a
// position outside the text keeps its column (at least 1).
func (t Text) Col(line, col int) int {
	if line < 1 || line > len(t) || col < 1 {
		return max(col, 1)
	}
	n := 1
	for i, r := range t[line-1] {
		if i >= col-1 {
			break
		}
		n++
		if r >= 0x10000 {
			n++ // a surrogate pair
		}
	}
	return n
}
