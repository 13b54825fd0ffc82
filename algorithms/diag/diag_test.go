package diag

import (
	"testing"
	"unicode/utf16"

	"github.com/stretchr/testify/assert"
)

func TestCol(t *testing.T) {
	text := Lines("plain\nnodes Nå N2\n😀 x\ttab\nlast")
	cases := []struct {
		name            string
		line, col, want int
	}{
		{"ASCII", 1, 3, 3},
		{"after a two-byte letter", 2, 13, 12}, // "Nå" is 3 bytes, 2 units
		{"before it", 2, 7, 7},
		{"after an emoji", 3, 6, 4}, // 4 bytes, a surrogate pair
		{"past the end", 1, 99, 6},
		{"no position", 0, 0, 1},
		{"line past the text", 9, 4, 4},
		{"inside a rune", 2, 9, 9}, // cut after "N" and half of "å"
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
