package listing_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/algorithms/listing"
)

// withP2 is a listing whose step P2 is body (its lines indented under P2).
func withP2(body string) string {
	return "algorithm bounds\nglobal int x = 0\nprocess main:\n    loop forever:\n        P1: NCS\n        P2: " + body + "\n        P3: CS\n"
}

// A line's expression is bounded in tokens, so that its nesting is: a
// quarter of a million parentheses overflowed the parser's stack and
// crashed the process. One error, at the first token past the bound.
func TestLongLinesAreOneError(t *testing.T) {
	deep := "x = " + strings.Repeat("(", 250_000) + "1" + strings.Repeat(")", 250_000)
	_, err := listing.Algorithm(withP2(deep))
	var list listing.ErrorList
	require.ErrorAs(t, err, &list)
	require.Len(t, list, 1, "%v", err)
	assert.Equal(t, listing.Pos{Line: 6, Col: 17 + 400 - 4}, list[0].Pos, "the 401st token: the line's fifth is the first parenthesis, at column 17")
	assert.Contains(t, list[0].Msg, "more than 400 words and symbols")

	_, err = listing.Algorithm(withP2("x = " + strings.Repeat("x + ", 150) + "1"))
	require.NoError(t, err, "a long line under the bound compiles")
}

// Blocks nest at most 24 deep: one error at the first line too deep, and
// the block skipped.
func TestDeepBlocksAreOneError(t *testing.T) {
	var b strings.Builder
	for i := range 30 {
		b.WriteString("if x = 0:\n" + strings.Repeat(" ", 16+4*i))
	}
	b.WriteString("x = 1")
	_, err := listing.Algorithm(withP2(b.String()))
	var list listing.ErrorList
	require.ErrorAs(t, err, &list)
	require.Len(t, list, 1, "%v", err)
	assert.Contains(t, list[0].Msg, "blocks nested more than 24 deep")
}

// Tabs before short statements: the tab is drawn four wide, past the
// line's own length ("\tP1: a" is six bytes, its statement at column 9).
// That once sliced the line past its end.
func TestShortTabbedLines(t *testing.T) {
	for _, src := range []string{"\tP1: a", "algorithm x\n\tx\n", "\t\t\tP1:\tb", " \tc"} {
		_, err := listing.Parse(src)
		require.Error(t, err, "%q", src)
		assert.Contains(t, err.Error(), "a tab: indent with spaces", "%q", src)
	}
}
