package scenario

import (
	"strings"
	"unicode/utf8"

	"github.com/hbollon/go-edlib"
)

// Suggestions for misspelled words: a student who writes "deliever" or
// "n1" meant "deliver" or "N1", and the message should say so.

// editDistance is the edit distance between a and b in runes, a
// transposition of two neighbours counting as one edit (optimal string
// alignment). Words longer than 64 runes are not compared (a hostile
// script's words may be long): they are as far apart as they are long.
func editDistance(a, b string) int {
	if utf8.RuneCountInString(a) > 64 || utf8.RuneCountInString(b) > 64 {
		if a == b {
			return 0
		}
		return max(utf8.RuneCountInString(a), utf8.RuneCountInString(b))
	}
	return edlib.OSADamerauLevenshteinDistance(a, b)
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

// phaseValues are what "phase" shows (failed: a node whose code failed,
// sim.PhaseWord).
const phaseValues = "idle, wanting, in-cs, exiting, failed"
