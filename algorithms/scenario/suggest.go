package scenario

import (
	"strings"
	"unicode/utf8"
)

// Suggestions for misspelled words: a student who writes "deliever" or
// "n1" meant "deliver" or "N1", and the message should say so.

// editDistance is the Levenshtein distance between a and b, counting
// runes; a transposition of two neighbours counts as one edit.
func editDistance(a, b string) int {
	x, y := []rune(a), []rune(b)
	if len(x) > 64 || len(y) > 64 {
		if a == b {
			return 0
		}
		return max(len(x), len(y))
	}
	// d[i][j]: distance between x[:i] and y[:j].
	d := make([][]int, len(x)+1)
	for i := range d {
		d[i] = make([]int, len(y)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(x); i++ {
		for j := 1; j <= len(y); j++ {
			cost := 1
			if x[i-1] == y[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && x[i-1] == y[j-2] && x[i-2] == y[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(x)][len(y)]
}

// closest returns the candidate nearest to w, if it is near enough to be
// what was meant: equal but for letter case, or within a third of the
// word's length in edits (at least one, at most two).
func closest(w string, candidates []string) (string, bool) {
	best, bestD := "", -1
	for _, c := range candidates {
		if c == w {
			continue
		}
		if strings.EqualFold(c, w) {
			return c, true
		}
		d := editDistance(strings.ToLower(w), strings.ToLower(c))
		if bestD < 0 || d < bestD {
			best, bestD = c, d
		}
	}
	limit := min(2, max(1, utf8.RuneCountInString(w)/3))
	if bestD < 0 || bestD > limit {
		return "", false
	}
	return best, true
}

// statementWords are the words a line may start with.
var statementWords = []string{
	"algorithm", "nodes", "clock", "requests", "numbers", "app-messages", "crashes", "recoveries",
	"channels", "channel", "voting-set", "include", "request", "exit", "step", "deliver", "app",
	"crash", "recover", "run", "hold", "release", "schedule", "expect",
}

// phaseValues are what "phase" shows.
const phaseValues = "idle, wanting, in-cs, exiting"
