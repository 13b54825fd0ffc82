package examples

import (
	"fmt"
	"strings"
	"unicode"
)

// titles holds each worked example's title on the gallery's card, by file
// name: a short phrase of its own, written for the card, not cut from
// the file's leading comment (which the card shows whole, as the
// example's description), and without the algorithm's name, which the
// card shows under it. A worked example added to the scenario
// package's testdata needs a line here: Build refuses a gallery with an
// example that has none, or a title that names no example or reads as a
// cut sentence (CheckTitle). A starter's title is its algorithm's name
// and "a starter scenario" (starterTitle).
var titles = map[string]string{
	"seed001.scn":            "Seed 001's worked example",
	"rav1_tie.scn":           "Seed 000's first listing: a tie deadlocks",
	"rav2_stale.scn":         `Seed 000's "Better": a reused number lets two enter`,
	"rav3_idle.scn":          `Seed 000's "Better Better": an idle node defers`,
	"flagfirst.scn":          "Ben-Ari's fix split, flag first: deadlock",
	"numfirst.scn":           "Ben-Ari's fix split, number first: two in the CS",
	"benari_tie.scn":         "Ben-Ari's fix on ra-v1's tie",
	"benari_stale.scn":       "Ben-Ari's fix on ra-v2's reused number",
	"benari_idle.scn":        "Ben-Ari's fix on ra-v3's idle node",
	"benari_flagfirst.scn":   "Ben-Ari's fix on the flag-first split's run",
	"benari_numfirst.scn":    "Ben-Ari's fix on the number-first split's run",
	"maekawa_grid.scn":       "Seed 003: Maekawa's voting sets for N = 9",
	"maekawa_deadlock.scn":   "Seed 003's basic algorithm can deadlock",
	"maekawa_safe.scn":       "Maekawa 1985's full algorithm does not deadlock",
	"lamport_fifo.scn":       "Seed 004: Lamport's 1978 algorithm on FIFO channels",
	"lamport_nonfifo.scn":    "Lamport's algorithm on channels that reorder: N2 waits forever",
	"lamport_onechannel.scn": "Lamport's algorithm: one reordering channel is enough",
	"permring.scn":           "Seed 002's ring of permissions",
	"bully_crash.scn":        "Seed 002's bully election after the highest node crashed",
	"bully_recover.scn":      "Seed 002's bully election with a node that comes back",
	"raymond.scn":            "Raymond's tree (1989), beyond the notes",
	"suzuki_kasami.scn":      "Suzuki–Kasami's broadcast token, beyond the seeds",
}

// dangling are the words a title cannot end with: a title that does was
// cut in the middle of its sentence.
var dangling = map[string]bool{
	"a": true, "an": true, "and": true, "as": true, "at": true, "but": true, "by": true,
	"for": true, "from": true, "in": true, "into": true, "is": true, "its": true, "of": true,
	"on": true, "or": true, "so": true, "that": true, "the": true, "then": true, "to": true,
	"under": true, "when": true, "whose": true, "which": true, "while": true, "with": true,
}

// CheckTitle says what is wrong with a worked example's title t (nil: it
// reads well): empty, a file name, fewer than three words, longer than
// 70 characters, brackets or quotes left open, or ending as a cut
// sentence does (a comma, a colon, a dash, "and", "the"…). The browser
// test of the gallery applies the same rules to what the page shows.
func CheckTitle(t string) error {
	words := strings.Fields(t)
	last := ""
	if len(words) > 0 {
		last = strings.ToLower(strings.TrimRightFunc(words[len(words)-1], unicode.IsPunct))
	}
	switch {
	case strings.TrimSpace(t) == "":
		return fmt.Errorf("no title")
	case strings.Contains(t, ".scn"):
		return fmt.Errorf("%q names a file", t)
	case len(words) < 3:
		return fmt.Errorf("%q is fewer than three words", t)
	case len([]rune(t)) > 70:
		return fmt.Errorf("%q is longer than 70 characters", t)
	case strings.Count(t, "(") != strings.Count(t, ")") || strings.Count(t, "[") != strings.Count(t, "]") || strings.Count(t, `"`)%2 != 0:
		return fmt.Errorf("%q leaves a bracket or a quote open", t)
	case strings.ContainsAny(t[len(t)-1:], ",;:-(") || strings.HasSuffix(t, "—") || strings.HasSuffix(t, "–"):
		return fmt.Errorf("%q ends as a cut sentence does", t)
	case dangling[last]:
		return fmt.Errorf("%q ends with %q, as a cut sentence does", t, last)
	}
	return nil
}
