package examples

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"dmelab/algorithms/seeds"
)

// A card's description is written for a student who has seen only the
// gallery: the files' leading comments and the algorithms' summaries are
// written for staff reading the testdata and the registry. display turns
// one into the other, leaving the files as they are (tests read them).

// scnName is a worked example's file named in a description, with the
// run it may speak of ("lamport_fifo.scn's run").
var scnName = regexp.MustCompile(`\b([A-Za-z0-9_-]+\.scn)('s run)?`)

// describe is how a description is shown on its card: another example
// named by its title instead of its file ("the example “…”", "the run
// of the example “…”"), an opening algorithm id said in words
// (leadingID), the first letter a capital. It fails on a file that is
// no example: the card would send the student to nothing.
func describe(desc string, titled map[string]string, algos map[string]bool) (string, error) {
	var missing []string
	d := scnName.ReplaceAllStringFunc(desc, func(m string) string {
		sub := scnName.FindStringSubmatch(m)
		t, ok := titled[sub[1]]
		if !ok {
			missing = append(missing, sub[1])
			return m
		}
		if sub[2] != "" {
			return "the run of the example “" + t + "”"
		}
		return "the example “" + t + "”"
	})
	if len(missing) > 0 {
		return "", fmt.Errorf("its description names %s, which is no example of the gallery", strings.Join(missing, ", "))
	}
	return capitalise(leadingID(d, algos)), nil
}

// leadingID rewrites a description that opens with an algorithm's id,
// which the card's line under its title already shows and which cannot
// take a capital: "ra-benari-flagfirst: Ben-Ari's…" is "Ben-Ari's…",
// "maekawa-safe (Maekawa 1985's full algorithm): the same…" is
// "Maekawa 1985's full algorithm: the same…", "ra-benari with…" is
// "Like ra-benari, but with…". Any other opening is left as it is.
func leadingID(d string, algos map[string]bool) string {
	id, rest, _ := strings.Cut(d, " ")
	trimmed := strings.TrimRight(id, ":")
	if !algos[trimmed] {
		return d
	}
	switch {
	case strings.HasSuffix(id, ":"):
		return rest
	case strings.HasPrefix(rest, "("):
		if i := strings.Index(rest, "): "); i > 0 {
			return rest[1:i] + ": " + rest[i+3:]
		}
	case strings.HasPrefix(rest, "with "):
		return "Like " + id + ", but " + rest
	}
	return d // a word that is also an id ("central server queues…")
}

// capitalise puts a capital on the first letter of s.
func capitalise(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if !unicode.IsLower(r) {
		return s
	}
	return string(unicode.ToUpper(r)) + s[n:]
}

// starterTitle is a starter's title: what it is, and of which algorithm.
func starterTitle(alg string) string { return alg + ": a starter scenario" }

// groupRank orders the gallery's groups as the course numbers its notes:
// seed 000, 001, 002, 003, 004 (the groups named "Seed NNN …", by
// number), then the others in seeds.Order() (Ben-Ari's fix, beyond the
// notes), "More examples", the starters last.
func groupRank() func(group string) int {
	seedNo := regexp.MustCompile(`^Seed (\d+)\b`)
	rank := map[string]int{}
	others := 1000
	for _, g := range seeds.Order() {
		if m := seedNo.FindStringSubmatch(g); m != nil {
			n, _ := strconv.Atoi(m[1])
			rank[g] = n
		} else {
			rank[g] = others
			others++
		}
	}
	rank["More examples"] = others
	rank[StarterGroup] = others + 1
	return func(g string) int { return rank[g] }
}
