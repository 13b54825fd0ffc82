package exercise

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"
)

// maxPoints bounds what one test may be worth: a mark is a count a
// course's gradebook adds up, not a number a typo can make infinite.
const maxPoints = 1000

// pointKinds are the points' keys per test kind, with their defaults:
// the default holds where the key is not written; a key written 0 makes
// the tests of that kind count nothing.
func (p *Points) kinds() []struct {
	key string
	v   *float64
	def float64
} {
	return []struct {
		key string
		v   *float64
		def float64
	}{{"public", &p.Public, 1}, {"hidden", &p.Hidden, 1}, {"explore", &p.Explore, 2}, {"walk", &p.Walk, 2}, {"conform", &p.Conform, 2}, {"voting-sets", &p.VotingSets, 2}}
}

// Test is one of an exercise's tests, named as the grader's feedback
// names it and as points.tests does, with what it is worth and the key
// of points its kind takes them from ("public", "hidden", "explore",
// "walk", "conform", "voting-sets").
type Test struct {
	Name   string
	Points float64
	Kind   string
}

// Tests are the exercise's tests in the order the grader runs them:
// public/NAME, voting sets, hidden/NAME (schedules), conform N=n R=r,
// explore N=n R=r: PROPS (one test per property with partial credit,
// one for the others together) and hidden/NAME (walks), each worth its
// kind's points or its override in points.tests.
func (e *Exercise) Tests() []Test {
	var ts []Test
	add := func(kind, name string, def float64) {
		if v, ok := e.Points.Tests[name]; ok {
			def = v
		}
		ts = append(ts, Test{name, def, kind})
	}
	p := &e.Points
	for _, s := range e.Public {
		add("public", "public/"+s.Name, p.Public)
	}
	if len(e.VotingSets) > 0 {
		add("voting-sets", "voting sets", p.VotingSets)
	}
	for _, s := range e.Hidden {
		add("hidden", "hidden/"+s.Name, p.Hidden)
	}
	for _, c := range e.Conform {
		add("conform", "conform "+c.Name(), p.Conform)
	}
	for _, x := range e.Explore {
		for _, name := range e.exploreTests(x) {
			add("explore", name, p.Explore)
		}
	}
	for _, w := range e.Walks {
		add("walk", "hidden/"+w.Name, p.Walk)
	}
	return ts
}

// exploreTests names the tests exploration x makes: one a property
// that earns partial credit, and one for the rest together.
func (e *Exercise) exploreTests(x Explore) []string {
	var names, whole []string
	for _, q := range x.Props {
		if slices.Contains(e.PartialCredit, q) {
			names = append(names, "explore "+x.Name()+": "+q)
		} else {
			whole = append(whole, q)
		}
	}
	if len(whole) > 0 {
		names = append(names, "explore "+x.Name()+": "+strings.Join(whole, ", "))
	}
	return names
}

// checkPoints refuses points that no gradebook can hold (not a number,
// infinite, negative, more than maxPoints a test), an override naming no
// test of the exercise, and an exercise whose tests are worth nothing
// in all. bad reports a problem at a value of the front matter.
func (e *Exercise) checkPoints(bad func(path []any, format string, args ...any)) {
	valid := true
	ok := func(v float64) bool {
		good := !math.IsNaN(v) && v >= 0 && v <= maxPoints
		valid = valid && good
		return good
	}
	for _, k := range e.Points.kinds() {
		if !ok(*k.v) {
			bad([]any{"points", k.key}, "points.%s is %v: points are a number from 0 to %d (0: the tests of that kind count nothing)", k.key, *k.v, maxPoints)
		}
	}
	var names []string
	known := map[string]bool{}
	total := 0.0
	for _, t := range e.Tests() {
		names = append(names, t.Name)
		known[t.Name] = true
		total += t.Points
	}
	over := make([]string, 0, len(e.Points.Tests))
	for name := range e.Points.Tests {
		over = append(over, name)
	}
	sort.Strings(over)
	for _, name := range over {
		v := e.Points.Tests[name]
		switch {
		case !known[name]:
			hint := didYouMean(name, names)
			// A test is named without its folder's file extension, as
			// the feedback names it: "hidden/ties.scn" is hidden/ties.
			bare := strings.TrimSuffix(strings.TrimSuffix(name, ".scn"), ".walk")
			for _, n := range names {
				if n == bare || strings.HasSuffix(n, "/"+bare) {
					hint = fmt.Sprintf(": did you mean %q?", n)
					if bare != name {
						hint += " (a test is named as the feedback names it: its file without " + strings.TrimPrefix(name, bare) + ")"
					}
				}
			}
			bad([]any{"points", "tests", name}, "points.tests: %q is not a test of this exercise%s (its tests: %s)", name, hint, strings.Join(names, "; "))
		case !ok(v):
			bad([]any{"points", "tests", name}, "points.tests: %q is worth %v: points are a number from 0 to %d", name, v, maxPoints)
		}
	}
	if valid && len(names) > 0 && total == 0 {
		bad([]any{"points"}, "the exercise's tests are worth 0 points in all: give some of them points")
	}
}

// checkTestNames refuses two tests of one name: a hidden schedule and a
// walk of the same file name (hidden/ties.scn, hidden/ties.walk), or an
// exploration or conformance search given twice. The feedback, the
// points' overrides and validate's tables tell tests apart by name only,
// so the second would be listed as the first again, an override would
// set both, and a repeated search would count its points twice. The walk
// is said at its file, a search at its entry of the front matter (bad).
func (e *Exercise) checkTestNames(bad func(path []any, format string, args ...any)) []error {
	var errs []error
	scn := map[string]bool{}
	for _, s := range e.Hidden {
		scn[s.Name] = true
	}
	for _, w := range e.Walks {
		if scn[w.Name] {
			errs = append(errs, fmt.Errorf("%s:1:1: the walk and the schedule hidden/%s.scn are both the test hidden/%s (a test is named by its file, without .scn or .walk): rename one", w.Path, w.Name, w.Name))
		}
	}
	seen := map[string]int{}
	for i, x := range e.Explore {
		for _, name := range e.exploreTests(x) {
			if j, ok := seen[name]; ok {
				bad([]any{"explore", i}, "explore[%d] makes the test %q that explore[%d] makes already: it would be listed twice and count twice; give each system and property once", i, name, j)
				break
			}
		}
		for _, name := range e.exploreTests(x) {
			if _, ok := seen[name]; !ok {
				seen[name] = i
			}
		}
	}
	conf := map[string]int{}
	for i, c := range e.Conform {
		if j, ok := conf[c.Name()]; ok {
			bad([]any{"conform", i}, "conform[%d] is conform[%d] again (%s): its test would have the same name and count twice; remove one", i, j, c.Name())
			continue
		}
		conf[c.Name()] = i
	}
	return errs
}
