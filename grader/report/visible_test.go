package report

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
)

func TestVisible(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"", ""},
		{"panicked: boom", "panicked: boom"},
		{"a#b  c\td", `a#b  c\td`},
		{"one\ntwo\r\n", `one\ntwo\r\n`},
		{"nul\x00 esc\x1b[1m del\x7f", `nul\x00 esc\x1b[1m del\x7f`},
		{"nel\u0085", `nel\u0085`},
		{"bidi \u202e and \u2066 lrm\u200e", `bidi \u202e and \u2066 lrm\u200e`},
		{"line\u2028sep", `line\u2028sep`},
		{"bad \xff\xfe utf8", "bad \uFFFD\uFFFD utf8"},
		{`quote " backtick ` + "`" + ` <script> | ]] --> \`, `quote " backtick ` + "`" + ` <script> | ]] --> \`},
		{"trailing  ", "trailing  "},
		{"é✓😀", "é✓😀"},
	} {
		assert.Equal(t, c.want, Visible(c.in, 100), "%q", c.in)
	}
}

// Visible cuts long text at a character, never inside an escape, and
// ends it with "…"; text that fits is not cut.
func TestVisibleCuts(t *testing.T) {
	assert.Equal(t, "abcdefghij", Visible("abcdefghij", 10))
	assert.Equal(t, "abcdefg…", Visible("abcdefghijk", 10))
	assert.Equal(t, "abcdef…", Visible("abcdef\t\tx", 10), "an escape is kept whole or left out")
	assert.Equal(t, "ab😀…", Visible("ab😀😀😀", 10))
	assert.Equal(t, "…", Visible("😀😀😀", 3))
	assert.Equal(t, "…", Visible("abcdef", 0), "the limit is at least the ellipsis")

	big := strings.Repeat("x", 1<<20)
	got := Visible(big, MaxFault)
	assert.Len(t, got, MaxFault)
	assert.True(t, strings.HasSuffix(got, "…"))
	got = Visible(strings.Repeat("\x00é\xff", 1<<18), MaxFault)
	assert.LessOrEqual(t, len(got), MaxFault)
	assert.True(t, utf8.ValidString(got))
}

// FuzzVisible: the result is one valid line of at most limit bytes with
// no control character, and text that needs nothing is kept as it is.
func FuzzVisible(f *testing.F) {
	for _, s := range []string{"", "a#b  c\td", "\xff", "\u202e", strings.Repeat("é", 200)} {
		f.Add(s, 40)
	}
	f.Fuzz(func(t *testing.T, s string, limit int) {
		limit = max(limit%1000, 0)
		got := Visible(s, limit)
		if !utf8.ValidString(got) {
			t.Fatalf("Visible(%q) = %q is not UTF-8", s, got)
		}
		if len(got) > max(limit, 3) {
			t.Fatalf("Visible(%q, %d) = %q is too long", s, limit, got)
		}
		for _, r := range got {
			if bad(r) || r == '\n' || r == '\t' || reorders(r) {
				t.Fatalf("Visible(%q) = %q keeps %U", s, got, r)
			}
		}
		plain := utf8.ValidString(s)
		for _, r := range s {
			plain = plain && !bad(r) && r != '\n' && r != '\t' && !reorders(r)
		}
		if plain && len(s) <= max(limit, 3) && got != s {
			t.Fatalf("Visible(%q, %d) = %q changed plain text that fits", s, limit, got)
		}
	})
}
