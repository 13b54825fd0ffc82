package validate

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"dmelab/grader/exercise"
)

// Statements tell students what each kind of test is worth ("Hidden
// schedules: 2 points each") and what the exercise is worth in all
// ("out of 24 points"), and the front matter's points decide both:
// staff who change one forget the other, and students then plan by the
// wrong number. StatementPoints reads the statement sentence by
// sentence (list items and paragraphs; fenced code is left out):
//
//   - in a grading section (a "## " heading that speaks of grading,
//     scoring, marks or points), each "N points" (digits) is about the
//     kind of test the sentence names last before it (or, if none,
//     first after it): it must be what some test of that kind is
//     worth, or, unless "each" follows, what they are worth together;
//     and the exercise must have a test of that kind;
//   - anywhere, a total ("out of N points", "N points in total", "a
//     total of N points") must be what the exercise's tests are worth
//     in all, or, after a kind of test in its sentence, what the tests
//     of that kind are worth together (a total after no kind may also
//     be a kind's, said in words the check does not read).
//
// Each problem is told at its line and column of exercise.md, with
// what the front matter's points make of it. A sentence that names no
// kind of test, or no number of points, is left alone: prose the check
// cannot read is not an error. Hidden schedules and walks are not
// compared when the exercise has none of either (they may be kept
// apart, and validate says when there is none).
func StatementPoints(ex *exercise.Exercise) []string {
	tests := ex.Tests()
	worth := testWorth(tests)
	sum := map[string]float64{}
	all := 0.0
	for _, t := range tests {
		sum[t.Kind] += t.Points
		all += t.Points
	}
	hiddenApart := len(ex.Hidden)+len(ex.Walks) == 0
	at := statementPos(ex)
	var problems []string
	for _, s := range statementSentences(ex.Statement) {
		kinds := kindRE.FindAllStringIndex(s.text, -1)
		kindAt := func(pos int, after bool) (string, []int) {
			var k []int
			for _, m := range kinds {
				if m[1] <= pos {
					k = m
				}
			}
			if k == nil && after {
				for _, m := range kinds {
					if m[0] >= pos {
						k = m
						break
					}
				}
			}
			if k == nil {
				return "", nil
			}
			return kindOf(s.text[k[0]:k[1]]), k
		}
		// missing says that the statement gives points to a kind of test
		// the exercise does not have; false when it has some.
		missing := func(kind string, k []int, said float64, quote string) bool {
			if len(kindValues(worth, kind)) > 0 || hiddenApart && (kind == "hidden" || kind == "walk" || kind == "hidden-any") {
				return false
			}
			problems = append(problems, fmt.Sprintf("%s: the statement says %s are worth %s (%q), but the exercise has no %s (%s): %s", at(s.at[k[0]]), kindWords[kind], pointList([]float64{said}), quote, kindOne[kind], kindWhere[kind], testsSaid(tests, all)))
			return true
		}
		totals := totalRE.FindAllStringSubmatchIndex(s.text, -1)
		for _, m := range totals {
			n, end := m[2], m[3]
			if n < 0 {
				n, end = m[4], m[5]
			}
			said, err := strconv.ParseFloat(s.text[n:end], 64)
			if err != nil || said == all {
				continue
			}
			quote := strings.TrimLeft(s.text[:m[1]], " ")
			kind, k := kindAt(m[0], false)
			if kind == "" {
				if slices.Contains(mapValues(sum), said) {
					continue // the tests of some kind together, said where the sentence does not name it
				}
				problems = append(problems, fmt.Sprintf("%s: the statement says the exercise is worth %s in all (%q), but the front matter's points make it worth %s: %s; change one or the other", at(s.at[n]), pointList([]float64{said}), quote, pointList([]float64{all}), testsSaid(tests, all)))
				continue
			}
			if missing(kind, k, said, quote) || len(kindValues(worth, kind)) == 0 {
				continue // told, or hidden tests kept apart
			}
			together := kindSum(sum, kind)
			if said == together {
				continue
			}
			problems = append(problems, fmt.Sprintf("%s: the statement says %s are worth %s in all (%q), but the front matter's points make them worth %s together (%s): change one or the other", at(s.at[n]), kindWords[kind], pointList([]float64{said}), quote, pointList([]float64{together}), testsSaid(kindTests(tests, kind), together)))
		}
		if !s.grading {
			continue
		}
	points:
		for _, m := range pointsRE.FindAllStringSubmatchIndex(s.text, -1) {
			for _, t := range totals {
				if m[0] >= t[0] && m[0] < t[1] {
					continue points // a total, read above
				}
			}
			kind, k := kindAt(m[0], true)
			if kind == "" {
				continue
			}
			said, err := strconv.ParseFloat(s.text[m[2]:m[3]], 64)
			if err != nil {
				continue
			}
			quote := s.text[:m[1]]
			values := kindValues(worth, kind)
			if missing(kind, k, said, quote) || len(values) == 0 || slices.Contains(values, said) {
				continue
			}
			if !strings.HasPrefix(strings.TrimLeft(s.text[m[1]:], " "), "each") && said == kindSum(sum, kind) {
				continue // the kind's tests together ("Random walks: 4 points" for two)
			}
			problems = append(problems, fmt.Sprintf("%s: the statement says %s are worth %s (%q), but the front matter's points make them worth %s: change one or the other", at(s.at[m[2]]), kindWords[kind], pointList([]float64{said}), quote, pointList(values)))
		}
	}
	return problems
}

// kindRE finds the kinds of test as statements name them; kindOf says
// which kind (exercise.Test.Kind, as the front matter's points keys name
// them) a name is, or "public-any" (public schedules and the voting sets)
// or "hidden-any" (hidden schedules and walks) for words that take in
// both.
var (
	kindRE = regexp.MustCompile(`(?i)\b(` + strings.Join([]string{
		`(?:hidden |random |seeded )*walks?`,
		`random (?:schedules?|runs?)`,
		`(?:public|hidden) (?:schedules?|scenarios?|tests?|checks?)`,
		`(?:exhaustive )?explor(?:ations?|ing|ers?)`,
		`exhaustive (?:search|check)(?:es|s)?`,
		`model[- ]check(?:ing|s)?`,
		`conformance(?: (?:search|check|test)(?:es|s)?)?`,
		`voting sets?`,
	}, "|") + `)\b`)
	// pointsRE is "N point(s)", N in digits.
	pointsRE = regexp.MustCompile(`(?i)\b(\d+(?:\.\d+)?)\s*(?:points?|pts?)\b`)
	// totalRE is a total: "out of N points", "N points in total", "a
	// total of N points", "total: N points"; the number is its first
	// group or its second.
	totalRE = regexp.MustCompile(`(?i)\b(?:(?:out of|total(?: of| is)?:?|maximum(?: of| is)?:?)\s+(\d+(?:\.\d+)?)\s*(?:points?|pts?)\b|(\d+(?:\.\d+)?)\s*(?:points?|pts?)\s+(?:in total|in all|altogether|overall|total)\b)`)

	kindWords = map[string]string{"public": "public schedules", "hidden": "hidden schedules", "walk": "random walks", "explore": "explorations", "conform": "conformance searches", "voting-sets": "the voting sets", "public-any": "public tests", "hidden-any": "hidden tests"}
	kindOne   = map[string]string{"public": "public schedule", "hidden": "hidden schedule", "walk": "random walk", "explore": "exploration", "conform": "conformance search", "voting-sets": "voting sets", "public-any": "public test"}
	kindWhere = map[string]string{"public": "no public/*.scn", "hidden": "no hidden/*.scn", "walk": "no hidden/*.walk", "explore": "no explore: in the front matter", "conform": "no conform: in the front matter", "voting-sets": "no voting-sets: in the front matter", "public-any": "no public/*.scn, no voting-sets:"}
	// kindOrder is the order testsSaid names kinds in, with the words
	// for one test and for several.
	kindOrder = []struct{ kind, one, many string }{
		{"public", "public schedule", "public schedules"},
		{"voting-sets", "voting sets test", "voting sets tests"},
		{"hidden", "hidden schedule", "hidden schedules"},
		{"conform", "conformance search", "conformance searches"},
		{"explore", "exploration test", "exploration tests"},
		{"walk", "random walk", "random walks"},
	}
)

// kindOf is the kind of test a name found by kindRE is about.
func kindOf(name string) string {
	switch w := strings.ToLower(name); {
	case strings.Contains(w, "walk") || strings.HasPrefix(w, "random"):
		return "walk"
	case strings.HasPrefix(w, "public") && (strings.HasSuffix(w, "test") || strings.HasSuffix(w, "tests") || strings.Contains(w, "check")):
		return "public-any"
	case strings.HasPrefix(w, "public"):
		return "public"
	case strings.HasPrefix(w, "hidden") && (strings.HasSuffix(w, "test") || strings.HasSuffix(w, "tests") || strings.Contains(w, "check")):
		return "hidden-any"
	case strings.HasPrefix(w, "hidden"):
		return "hidden"
	case strings.Contains(w, "explor") || strings.HasPrefix(w, "exhaustive") || strings.HasPrefix(w, "model"):
		return "explore"
	case strings.HasPrefix(w, "conformance"):
		return "conform"
	}
	return "voting-sets"
}

// testKinds are the test kinds a kind of kindOf takes in.
func testKinds(kind string) []string {
	switch kind {
	case "public-any":
		return []string{"public", "voting-sets"}
	case "hidden-any":
		return []string{"hidden", "walk"}
	}
	return []string{kind}
}

// kindValues are the points the tests of kind are worth, each once.
func kindValues(worth map[string][]float64, kind string) []float64 {
	var values []float64
	for _, k := range testKinds(kind) {
		for _, v := range worth[k] {
			if !slices.Contains(values, v) {
				values = append(values, v)
			}
		}
	}
	return values
}

// kindSum is what the tests of kind are worth together.
func kindSum(sum map[string]float64, kind string) float64 {
	total := 0.0
	for _, k := range testKinds(kind) {
		total += sum[k]
	}
	return total
}

// kindTests are the tests of kind.
func kindTests(tests []exercise.Test, kind string) []exercise.Test {
	var of []exercise.Test
	for _, t := range tests {
		if slices.Contains(testKinds(kind), t.Kind) {
			of = append(of, t)
		}
	}
	return of
}

func mapValues(m map[string]float64) []float64 {
	var v []float64
	for _, x := range m {
		v = append(v, x)
	}
	return v
}

// testsSaid says what tests are, as the front matter's points make them:
// "its tests are 3 public schedules (1 point each) and 4 hidden
// schedules (2 points each), 11 points in all".
func testsSaid(tests []exercise.Test, total float64) string {
	var parts []string
	for _, k := range kindOrder {
		var n int
		var values []float64
		for _, t := range tests {
			if t.Kind == k.kind {
				n++
				if !slices.Contains(values, t.Points) {
					values = append(values, t.Points)
				}
			}
		}
		switch {
		case n == 1:
			parts = append(parts, fmt.Sprintf("1 %s (%s)", k.one, pointList(values)))
		case n > 1 && len(values) == 1:
			parts = append(parts, fmt.Sprintf("%d %s (%s each)", n, k.many, pointList(values)))
		case n > 1:
			parts = append(parts, fmt.Sprintf("%d %s (%s)", n, k.many, pointList(values)))
		}
	}
	if len(parts) == 0 {
		return "it has no test"
	}
	list := parts[len(parts)-1]
	if len(parts) > 1 {
		list = strings.Join(parts[:len(parts)-1], ", ") + " and " + list
	}
	return fmt.Sprintf("its tests are %s, %s in all", list, pointList([]float64{total}))
}

// statementPos is where an offset of the statement is in exercise.md
// (NAME/exercise.md:LINE:COL, the column in bytes); NAME/exercise.md
// alone if the file does not read.
func statementPos(ex *exercise.Exercise) func(off int) string {
	file := ex.Name + "/exercise.md"
	md, err := os.ReadFile(filepath.Join(ex.Dir, "exercise.md"))
	i := strings.LastIndex(string(md), ex.Statement)
	if err != nil || i < 0 {
		return func(int) string { return file }
	}
	first := 1 + strings.Count(string(md[:i]), "\n")
	return func(off int) string {
		before := ex.Statement[:off]
		return fmt.Sprintf("%s:%d:%d", file, first+strings.Count(before, "\n"), off-strings.LastIndexByte(before, '\n'))
	}
}

// sentence is a sentence of the statement, white space folded; at[i] is
// the statement's offset of text[i]; grading says it is in a grading
// section.
type sentence struct {
	text    string
	at      []int
	grading bool
}

// listItemRE is a list item's marker: "- ", "* ", "+ ", "1. ", "1) ".
var listItemRE = regexp.MustCompile(`^(?:[-*+]|\d+[.)])\s+`)

// statementSentences are the sentences of the statement's headings, list
// items (with their continuation lines) and paragraphs; fenced code is
// left out.
func statementSentences(md string) []sentence {
	var out []sentence
	var cur sentence
	flush := func() {
		out = append(out, splitSentences(cur)...)
		cur = sentence{grading: cur.grading}
	}
	add := func(text string, off int) {
		for _, f := range fieldsAt(text) {
			if len(cur.text) > 0 {
				cur.text += " "
				cur.at = append(cur.at, off+f[0]-1)
			}
			cur.text += text[f[0]:f[1]]
			for i := f[0]; i < f[1]; i++ {
				cur.at = append(cur.at, off+i)
			}
		}
	}
	fence := ""
	off := 0
	for _, line := range strings.SplitAfter(md, "\n") {
		start := off
		off += len(line)
		l := strings.TrimRight(line, "\r\n")
		t := strings.TrimLeft(l, " \t")
		lead := len(l) - len(t)
		if fence != "" {
			if strings.HasPrefix(t, fence) {
				fence = ""
			}
			continue
		}
		switch {
		case strings.HasPrefix(t, "```") || strings.HasPrefix(t, "~~~"):
			flush()
			fence = t[:3]
		case strings.HasPrefix(t, "#"):
			flush()
			h := strings.ToLower(t)
			if strings.HasPrefix(t, "## ") {
				cur.grading = strings.Contains(h, "grad") || strings.Contains(h, "scor") || strings.Contains(h, "point") || strings.Contains(h, "mark")
			} else if !strings.HasPrefix(t, "###") {
				cur.grading = false
			}
			g := cur.grading
			cur.grading = false // a heading's own words: totals only
			mark := len(t) - len(strings.TrimLeft(t, "#"))
			add(t[mark:], start+lead+mark)
			flush()
			cur.grading = g
		case t == "":
			flush()
		case listItemRE.MatchString(t):
			flush()
			mark := len(listItemRE.FindString(t))
			add(t[mark:], start+lead+mark)
		default:
			add(t, start+lead)
		}
	}
	flush()
	return out
}

// fieldsAt are the [start, end) of each white-space-separated word of s.
func fieldsAt(s string) [][2]int {
	var f [][2]int
	begin := -1
	for i, r := range s {
		if unicode.IsSpace(r) {
			if begin >= 0 {
				f = append(f, [2]int{begin, i})
				begin = -1
			}
		} else if begin < 0 {
			begin = i
		}
	}
	if begin >= 0 {
		f = append(f, [2]int{begin, len(s)})
	}
	return f
}

// splitSentences splits s after each ".", "!" or "?" that a space and
// a capital letter or an opening parenthesis follow ("e.g. 3" is not
// split).
func splitSentences(s sentence) []sentence {
	var out []sentence
	from := 0
	for i := 0; i+2 < len(s.text); i++ {
		if c := s.text[i]; (c == '.' || c == '!' || c == '?') && s.text[i+1] == ' ' {
			if n := rune(s.text[i+2]); unicode.IsUpper(n) || n == '(' {
				out = append(out, sentence{s.text[from : i+1], s.at[from : i+1], s.grading})
				from = i + 2
			}
		}
	}
	if from < len(s.text) {
		out = append(out, sentence{s.text[from:], s.at[from:], s.grading})
	}
	return out
}

// testWorth is, per kind of test, the points its tests are worth
// (each value once, in order).
func testWorth(tests []exercise.Test) map[string][]float64 {
	worth := map[string][]float64{}
	for _, t := range tests {
		if !slices.Contains(worth[t.Kind], t.Points) {
			worth[t.Kind] = append(worth[t.Kind], t.Points)
		}
	}
	return worth
}

// pointList says values as points: "2 points", "2 or 4 points".
func pointList(values []float64) string {
	s := make([]string, len(values))
	for i, v := range values {
		s[i] = strconv.FormatFloat(v, 'f', -1, 64)
	}
	unit := "points"
	if len(values) == 1 && values[0] == 1 {
		unit = "point"
	}
	return strings.Join(s, " or ") + " " + unit
}
