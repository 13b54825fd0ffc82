package validate

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"dmelab/grader/exercise"
)

// Statements tell students what each kind of test is worth ("Hidden
// schedules: 2 points each"), and the front matter's points decide it:
// staff who change one forget the other, and students then plan by the
// wrong number. StatementPoints reads the statement's grading section
// (a "## " heading that speaks of grading, scoring or points) clause by
// clause: a clause that names a kind of test and then a number of
// points must name a number some test of that kind is worth. It reads
// only that plain pattern; prose it cannot read is left alone.
func StatementPoints(ex *exercise.Exercise) []string {
	worth := testWorth(ex)
	var problems []string
	for _, clause := range gradingClauses(ex.Statement) {
		kind := clauseKind(clause)
		if kind == "" {
			continue
		}
		m := pointsRE.FindStringSubmatchIndex(clause)
		if m == nil {
			continue
		}
		said, err := strconv.ParseFloat(clause[m[2]:m[3]], 64)
		values, ok := worth[kind]
		if err != nil || !ok || slices.Contains(values, said) {
			continue // no test of the kind to compare with (hidden tests kept elsewhere), or it agrees
		}
		problems = append(problems, fmt.Sprintf("the statement says %s are worth %s (%q), but the front matter's points make them worth %s: change one or the other", kindWords[kind], pointList([]float64{said}), clause[:m[1]], pointList(values)))
	}
	return problems
}

// kindRE finds the kinds of test as statements name them (the first a
// clause names is its kind), as exercise.Test.Kind and the front
// matter's points keys name them in kindWords.
var (
	kindRE = regexp.MustCompile(`(?i)\b(public schedules?|hidden schedules?|(?:random )?walks?|(?:exhaustive )?explor(?:ation|ing)|conformance|voting sets?)\b`)
	// pointsRE is the first "N point(s)" of a clause.
	pointsRE  = regexp.MustCompile(`(?i)\b(\d+(?:\.\d+)?)\s+points?\b`)
	kindWords = map[string]string{"public": "public schedules", "hidden": "hidden schedules", "walk": "random walks", "explore": "explorations", "conform": "conformance searches", "voting-sets": "the voting sets"}
)

// clauseKind is the kind of test a clause is about: the first one it
// names, "" for none.
func clauseKind(clause string) string {
	m := kindRE.FindString(clause)
	switch w := strings.ToLower(m); {
	case m == "":
		return ""
	case strings.HasPrefix(w, "public"):
		return "public"
	case strings.HasPrefix(w, "hidden"):
		return "hidden"
	case strings.Contains(w, "walk"):
		return "walk"
	case strings.Contains(w, "explor"):
		return "explore"
	case w == "conformance":
		return "conform"
	}
	return "voting-sets"
}

// gradingClauses are the clauses of the statement's grading sections:
// each list item (with its continuation lines) split at semicolons,
// white space folded.
func gradingClauses(md string) []string {
	var items []string
	in := false
	cur := ""
	flush := func() {
		if cur != "" {
			items = append(items, cur)
		}
		cur = ""
	}
	for _, line := range strings.Split(md, "\n") {
		if strings.HasPrefix(line, "#") {
			flush()
			h := strings.ToLower(line)
			in = strings.HasPrefix(line, "## ") && (strings.Contains(h, "grad") || strings.Contains(h, "scor") || strings.Contains(h, "point"))
			continue
		}
		if !in {
			continue
		}
		t := strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(t, "- ") || strings.HasPrefix(t, "* "):
			flush()
			cur = t[2:]
		case t == "":
			flush()
		case cur != "":
			cur += " " + t
		}
	}
	flush()
	var clauses []string
	for _, it := range items {
		for _, c := range strings.Split(it, ";") {
			clauses = append(clauses, strings.Join(strings.Fields(c), " "))
		}
	}
	return clauses
}

// testWorth is, per kind of test, the points its tests are worth
// (each value once, in order).
func testWorth(ex *exercise.Exercise) map[string][]float64 {
	worth := map[string][]float64{}
	for _, t := range ex.Tests() {
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
