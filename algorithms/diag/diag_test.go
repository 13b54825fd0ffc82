package diag

import (
	"strings"
	"testing"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
)

func TestCol(t *testing.T) {
	text := Lines("plain\nnodes Nå N2\n😀 x\ttab\nlast\nab€")
	cases := []struct {
		name            string
		line, col, want int
	}{
		{"ASCII", 1, 3, 3},
		{"after a two-byte letter", 2, 11, 10}, // "Nå" is 3 bytes, 2 units
		{"before it", 2, 7, 7},
		{"after an emoji", 3, 6, 4}, // 4 bytes, a surrogate pair
		{"past the end", 1, 99, 6},
		{"at the end, inside a rune", 5, 5, 4}, // "€" is 3 bytes, 1 unit
		{"no position", 0, 0, 1},
		{"line past the text", 9, 4, 4},
		{"inside a rune", 2, 9, 9}, // in "å": after it
	}
	for _, c := range cases {
		assert.Equal(t, c.want, text.Col(c.line, c.col), c.name)
	}
}

// TestColMatchesJavaScript: for every rune boundary, the converted column
// is the length in UTF-16 units of what comes before it, plus one, which
// is what a JavaScript string index is.
func TestColMatchesJavaScript(t *testing.T) {
	line := "é😀a\u20acz"
	text := Lines(line)
	for i := range line {
		want := len(utf16.Encode([]rune(line[:i]))) + 1
		assert.Equal(t, want, text.Col(1, i+1), "byte %d", i)
	}
}

func TestAt(t *testing.T) {
	text := Lines("é bad")
	assert.Equal(t, Diagnostic{Line: 1, Col: 3, Message: "m"}, text.At(1, 4, "m"))
	assert.Equal(t, Diagnostic{Line: 1, Col: 1, Message: "whole"}, text.At(0, 0, "whole"))
}

// FuzzCol: on any valid line, at any rune boundary, Col is what a
// JavaScript string index plus one would be, and never past the line's
// end plus one.
func FuzzCol(f *testing.F) {
	f.Add("request Nå N3", 12)
	f.Add("😀 é\u20ac", 3)
	f.Fuzz(func(t *testing.T, line string, col int) {
		if strings.ContainsAny(line, "\r\n") {
			return
		}
		got := Lines(line).Col(1, col)
		width := len(utf16.Encode([]rune(line)))
		if got < 1 || got > width+1 {
			t.Fatalf("Col(1, %d) = %d outside 1..%d for %q", col, got, width+1, line)
		}
		boundary := col >= 1 && (col-1 == len(line) || col-1 < len(line) && utf8.RuneStart(line[col-1]))
		if utf8.ValidString(line) && boundary {
			if want := len(utf16.Encode([]rune(line[:col-1]))) + 1; got != want {
				t.Fatalf("Col(1, %d) = %d, want %d for %q", col, got, want, line)
			}
		}
	})
}

// TestLines: a line ends at "\n", "\r\n" or a lone "\r", each read as one
// line end ("\n\r" is two), as the scenario scanner and CodeMirror read
// them; a text that ends with one has an empty last line.
func TestLines(t *testing.T) {
	for _, c := range []struct {
		text string
		want Text
	}{
		{"", Text{""}},
		{"a\nb\n", Text{"a", "b", ""}},
		{"a\r\nb\r\n", Text{"a", "b", ""}},
		{"a\rb\r", Text{"a", "b", ""}},
		{"a\rb\nc\r\nd", Text{"a", "b", "c", "d"}},
		{"a\n\rb", Text{"a", "", "b"}},
		{"\r\r\n\n", Text{"", "", "", ""}},
		{"no end", Text{"no end"}},
	} {
		assert.Equal(t, c.want, Lines(c.text), "%q", c.text)
	}
}

// TestColOnEveryLineEnd: a column is converted on its own line whatever
// ends the lines before it (before, a CR-only text was one line, and a
// column on its line 2 came back as the byte column it was).
func TestColOnEveryLineEnd(t *testing.T) {
	for _, nl := range []string{"\n", "\r\n", "\r"} {
		text := Lines("first" + nl + "Nå x" + nl)
		assert.Equal(t, 4, text.Col(2, 5), "%q", nl) // "x" after "Nå "
		assert.Equal(t, Diagnostic{Line: 2, Col: 4, Message: "m"}, text.At(2, 5, "m"), "%q", nl)
	}
}
