package validate

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/grader/exercise"
	"dmelab/grader/grade"
	"dmelab/grader/report"
	"dmelab/grader/sandbox"
)

// newGrader keeps its modules where `dmelab validate` does (see
// sandbox.DefaultCache).
func newGrader(t *testing.T) *grade.Grader {
	t.Helper()
	root, err := sandbox.FindRoot(".")
	require.NoError(t, err)
	return &grade.Grader{Builder: &sandbox.Builder{Root: root, Cache: sandbox.DefaultCache()}}
}

// copyExercise copies exercises/NAME into dir, leaving its mutants and
// its alternative solutions out.
func copyExercise(t *testing.T, name, dir string) string {
	t.Helper()
	root, err := sandbox.FindRoot(".")
	require.NoError(t, err)
	src := filepath.Join(root, "exercises", name)
	dst := filepath.Join(dir, name)
	require.NoError(t, filepath.WalkDir(src, func(p string, d os.DirEntry, err error) error {
		require.NoError(t, err)
		rel, _ := filepath.Rel(src, p)
		for _, skip := range []string{"mutants", "solutions"} {
			if strings.HasPrefix(rel, skip+string(filepath.Separator)) {
				return nil
			}
		}
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		b, err := os.ReadFile(p)
		require.NoError(t, err)
		return os.WriteFile(filepath.Join(dst, rel), b, 0o644)
	}))
	return dst
}

// A set whose mutants are too few, one of which is a correct solution in
// disguise: validation names the survivor and fails; a real mutant is
// caught by named tests.
func TestValidateFindsSurvivors(t *testing.T) {
	dir := t.TempDir()
	ex := copyExercise(t, "ra-steps", dir)
	root, _ := sandbox.FindRoot(".")
	sol, err := os.ReadFile(filepath.Join(ex, "solution.go"))
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(ex, "mutants", "disguised.go"), append(append([]byte("// Claims to be wrong but is the reference solution.\n"), sol...), "\nvar _ = 0\n"...), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(ex, "mutants", "copy.go"), append([]byte("// The reference again, comments and all.\n"), sol...), 0o644))
	real, err := os.ReadFile(filepath.Join(root, "exercises", "ra-steps", "mutants", "no_tie_break.patch"))
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(ex, "mutants", "no_tie_break.patch"), real, 0o644))

	records := t.TempDir()
	r, err := Dir(context.Background(), dir, Options{Grader: newGrader(t), Record: records})
	require.NoError(t, err)
	require.Len(t, r.Exercises, 1)
	e := r.Exercises[0]
	assert.False(t, r.OK())
	assert.Contains(t, e.Problems, "3 mutants; an exercise needs at least 4")
	loaded, err := exercise.Load(ex, "")
	require.NoError(t, err)
	rec := Validated(records, loaded)
	assert.True(t, rec.Known, "what validate said is kept for pack")
	assert.False(t, rec.OK)
	assert.False(t, rec.OtherBuild, "validated by this very build")
	assert.Equal(t, e.Problems[0], rec.Problem)
	require.Len(t, e.Mutants, 3)
	byName := map[string]Mutant{}
	for _, m := range e.Mutants {
		byName[m.File] = m
	}
	assert.False(t, byName["disguised.go"].Caught())
	// Its tests counted by kind add up: ra-steps has 4 public and 6
	// hidden schedules, a walk, 2 conformance searches, and 2
	// configurations explored for safety and liveness apart.
	assert.Equal(t, "survived 17 tests (4 public, 7 hidden, 6 explorations)", byName["disguised.go"].Hint)
	assert.Equal(t, "it is solution.go itself, comments and spacing aside: a mutant must change what the code does", byName["copy.go"].Hint)
	assert.True(t, byName["no_tie_break.patch"].Caught())
	assert.Equal(t, []string{"public/exit_replies"}, byName["no_tie_break.patch"].CaughtBy, "the first test to fail")
	assert.Equal(t, e.MaxScore, e.Solution.Score, "the reference passes")
	assert.Less(t, e.Starter.Score, e.Starter.MaxScore, "the starter fails something")

	md := r.Markdown()
	assert.Contains(t, md, "| ra-steps | 17 | 38 | 38/38 |")
	assert.Contains(t, md, "| disguised.go | Claims to be wrong but is the reference solution. | 38 | **survived** 17 tests (4 public, 7 hidden, 6 explorations)")
	assert.Contains(t, md, "**not ok**")
}

// Alternative solutions: a correct one written differently gets full
// marks; one that loses points fails validation, and its row says which
// tests marked it down; fewer than 3 is a problem.
func TestValidateAlternatives(t *testing.T) {
	dir := t.TempDir()
	ex := copyExercise(t, "ra-steps", dir)
	root, _ := sandbox.FindRoot(".")
	sol, err := os.ReadFile(filepath.Join(ex, "solution.go"))
	require.NoError(t, err)
	highest := strings.Replace(string(sol), "return n.Deferred.First()", "m := n.Deferred.Members()\n\tif len(m) == 0 {\n\t\treturn -1\n\t}\n\treturn m[len(m)-1]", 1)
	require.NotEqual(t, string(sol), highest)
	require.NoError(t, os.MkdirAll(filepath.Join(ex, "solutions"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(ex, "solutions", "highest.go"), []byte("// P7 answers the highest id first.\n"+highest), 0o644))
	wrong, err := exercise.ReadMutant(filepath.Join(root, "exercises", "ra-steps", "mutants", "no_tie_break.patch"))
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(ex, "solutions", "wrong.go"), wrong.Src, 0o644))

	r, err := Dir(context.Background(), ex, Options{Grader: newGrader(t)})
	require.NoError(t, err)
	require.Len(t, r.Exercises, 1)
	e := r.Exercises[0]
	assert.False(t, r.OK())
	require.Len(t, e.Alternatives, 2)
	hi, wr := e.Alternatives[0], e.Alternatives[1]
	assert.Equal(t, "highest.go", hi.File)
	assert.True(t, hi.FullMarks(), "%v", hi.MarkedDownBy)
	assert.Equal(t, "wrong.go", wr.File)
	assert.False(t, wr.FullMarks())
	assert.Contains(t, wr.MarkedDownBy, "public/tie")
	assert.Contains(t, e.Problems, "2 alternative solutions; an exercise needs at least 3 (solutions/*.go: correct, written differently from the reference)")
	var marked string
	for _, p := range e.Problems {
		if strings.HasPrefix(p, "alternative solution wrong.go scores ") {
			marked = p
		}
	}
	assert.Contains(t, marked, "scores 12 of 38; marked down by public/exit_replies, public/tie, ")

	md := r.Markdown()
	assert.Contains(t, md, "| ra-steps | 17 | 38 | 38/38 |")
	assert.Contains(t, md, "| 1/2 | **not ok** |")
	assert.Contains(t, md, "| highest.go | P7 answers the highest id first. | 38 | full marks |")
	assert.Contains(t, md, "| wrong.go | P12 compares the numbers only: on a tie both nodes defer each other. | 12 | **public/exit_replies, public/tie, ")
}

// A set index that does not match its folders is bad input, found before
// any grading.
func TestValidateBadSet(t *testing.T) {
	dir := t.TempDir()
	copyExercise(t, "ra-steps", dir)
	for index, want := range map[string]string{
		"---\ntitle: T\norder: [ra-steps, nowhere]\n---\nintro\n": `"nowhere" is listed but is not an exercise folder here`,
		"---\ntitle: T\norder: []\n---\nintro\n":                  `exercise "ra-steps" is missing from order`,
		"no front matter\n":                                       "set.md:1: the index must start with a front matter",
		"---\ntitle: T\norder: [ra-steps]\nextra: 1\n---\n":       `set.md:4:1: unknown key "extra" (the front matter takes title, order)`,
	} {
		require.NoError(t, os.WriteFile(filepath.Join(dir, "set.md"), []byte(index), 0o644))
		_, err := Dir(context.Background(), dir, Options{Grader: newGrader(t)})
		var bad *LoadError
		require.ErrorAs(t, err, &bad, index)
		assert.Contains(t, err.Error(), want)
	}
	_, err := Dir(context.Background(), t.TempDir(), Options{Grader: newGrader(t)})
	assert.ErrorContains(t, err, "no exercises")

	// A broken file of an exercise of the set is named with its exercise:
	// many have a public/alone.scn.
	require.NoError(t, os.WriteFile(filepath.Join(dir, "set.md"), []byte("---\ntitle: T\norder: [ra-steps]\n---\nintro\n"), 0o644))
	alone := filepath.Join(dir, "ra-steps", "public", "alone.scn")
	b, err := os.ReadFile(alone)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(alone, append(b, []byte("expct N1 phase = idle\n")...), 0o644))
	_, err = Dir(context.Background(), dir, Options{Grader: newGrader(t)})
	var bad *LoadError
	require.ErrorAs(t, err, &bad)
	assert.Regexp(t, `^ra-steps/public/alone\.scn:\d+:1: unknown statement "expct"`, err.Error())
	require.NoError(t, os.WriteFile(alone, b, 0o644))

	// exercise.md's errors name the exercise already: once.
	md := filepath.Join(dir, "ra-steps", "exercise.md")
	b, err = os.ReadFile(md)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(md, []byte(strings.Replace(string(b), "max-states:", "max-state:", 1)), 0o644))
	_, err = Dir(context.Background(), dir, Options{Grader: newGrader(t)})
	require.ErrorAs(t, err, &bad)
	assert.Regexp(t, `^ra-steps/exercise\.md:\d+:1: unknown key "max-state": did you mean "max-states"\?`, err.Error())
	require.NoError(t, os.WriteFile(md, b, 0o644))

	// An exercise without its reference or starter is bad input (exit
	// 2), named once, whether validated alone or in its set; a patch
	// mutant says what it is a change to.
	sol := filepath.Join(dir, "ra-steps", "solution.go")
	ref, err := os.ReadFile(sol)
	require.NoError(t, err)
	require.NoError(t, os.Remove(sol))
	require.NoError(t, os.Remove(filepath.Join(dir, "ra-steps", "starter.go")))
	for _, d := range []string{dir, filepath.Join(dir, "ra-steps")} {
		_, err = Dir(context.Background(), d, Options{Grader: newGrader(t)})
		require.ErrorAs(t, err, &bad, d)
		assert.Contains(t, err.Error(), "ra-steps/solution.go is missing: it is the reference solution, which must get full marks", d)
		assert.Contains(t, err.Error(), "ra-steps/starter.go is missing: it is the starter students begin from", d)
		assert.NotContains(t, err.Error(), "ra-steps: ra-steps", d)
	}
	require.NoError(t, os.WriteFile(filepath.Join(dir, "ra-steps", "mutants", "x.patch"), []byte("--- a/solution.go\n+++ b/solution.go\n@@ -1 +1 @@\n-a\n+b\n"), 0o644))
	_, err = Dir(context.Background(), dir, Options{Grader: newGrader(t)})
	require.ErrorAs(t, err, &bad)
	assert.Contains(t, err.Error(), "ra-steps/mutants/x.patch: a patch mutant is a change to the reference solution, solution.go, which is missing")
	require.NoError(t, os.Remove(filepath.Join(dir, "ra-steps", "mutants", "x.patch")))
	require.NoError(t, os.WriteFile(sol, ref, 0o644))

	// A folder with an exercise's files and no exercise.md is told, not
	// left out of the set (with set.md or without).
	require.NoError(t, os.Rename(md, md+".old"))
	for _, index := range []bool{true, false} {
		if !index {
			require.NoError(t, os.Remove(filepath.Join(dir, "set.md")))
		}
		_, err = Dir(context.Background(), dir, Options{Grader: newGrader(t)})
		require.ErrorAs(t, err, &bad)
		assert.Contains(t, err.Error(), "ra-steps/solution.go is there but ra-steps/exercise.md is not", "set.md: %v", index)
	}
}

// Quick (the default) stops each mutant's grading at its first failing
// test; Full grades it on every test. Both find the same mutants caught,
// and two workers give the same report as one.
func TestValidateQuickAndFull(t *testing.T) {
	dir := t.TempDir()
	ex := copyExercise(t, "central", dir)
	root, _ := sandbox.FindRoot(".")
	for _, m := range []string{"exit_sends_nothing.patch", "grants_when_busy.patch"} {
		data, err := os.ReadFile(filepath.Join(root, "exercises", "central", "mutants", m))
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(ex, "mutants", m), data, 0o644))
	}
	g := newGrader(t)
	reports := map[string]*Report{}
	for name, o := range map[string]Options{
		"quick":           {Grader: g},
		"full":            {Grader: g, Full: true},
		"full, 2 workers": {Grader: g, Full: true, Workers: 2},
	} {
		r, err := Dir(context.Background(), dir, o)
		require.NoError(t, err, name)
		require.Len(t, r.Exercises, 1)
		reports[name] = r
	}
	quick, full := reports["quick"].Exercises[0], reports["full"].Exercises[0]
	require.Len(t, quick.Mutants, 2)
	require.Len(t, full.Mutants, 2)
	for i, q := range quick.Mutants {
		f := full.Mutants[i]
		require.True(t, q.Caught(), q.File)
		assert.True(t, q.First)
		assert.False(t, f.First)
		assert.Equal(t, []string{f.CaughtBy[0]}, q.CaughtBy, "the first test that fails is the same")
		assert.Greater(t, len(f.CaughtBy), 1, "full grading lists every test that caught %s", f.File)
		assert.Contains(t, reports["quick"].Markdown(), "| "+q.File+" | "+q.Comment+" | — | "+q.CaughtBy[0]+" (first to fail) |")
	}
	assert.Equal(t, full.Solution, quick.Solution, "the reference is graded in full either way")
	assert.Equal(t, reports["full"].Markdown(), reports["full, 2 workers"].Markdown())
}

// A reference solution that fails a test is told with each failure's
// own words: the schedule's file and line and what did not hold, not
// only the test's name.
func TestValidateSaysWhyTheReferenceFails(t *testing.T) {
	dir := t.TempDir()
	ex := copyExercise(t, "token-ring", dir)
	p := filepath.Join(ex, "public", "alone.scn")
	b, err := os.ReadFile(p)
	require.NoError(t, err)
	broken := strings.Replace(string(b), "expect N1 token = no\n", "expect N1 token = yes\n", 1)
	require.NotEqual(t, string(b), broken)
	require.NoError(t, os.WriteFile(p, []byte(broken), 0o644))
	r, err := Dir(context.Background(), ex, Options{Grader: newGrader(t)})
	require.NoError(t, err)
	require.Len(t, r.Exercises, 1)
	var said string
	for _, pr := range r.Exercises[0].Problems {
		if strings.HasPrefix(pr, "the reference solution scores ") {
			said = pr
		}
	}
	assert.Regexp(t, `^the reference solution scores 23 of 24; it fails public/alone \(public/alone: "expect N1 token = yes" \(public/alone\.scn:\d+\) does not hold after step \d+: N1 token is no\.`, said)
}

// A reference that does not compile, or whose program cannot start,
// judges nothing: it is reported once, with its positions, and its
// mutants and alternatives are not graded (each would fail for its
// reason), not reported one by one.
func TestValidateBrokenReference(t *testing.T) {
	root, err := sandbox.FindRoot(".")
	require.NoError(t, err)
	central := filepath.Join(root, "exercises", "central")
	for _, c := range []struct {
		name, line string
		workers    int
		problem    string
		reference  []string
	}{
		{"does not compile", `var broken int = "not a number"`, 2,
			"the reference solution, solution.go, does not compile (below); the 2 mutants and the 1 alternative solution were not checked, as each would fail for the same reason: fix the reference and validate again",
			[]string{`central/solution.go:44:18: cannot use "not a number" (untyped string constant) as int value in variable declaration`}},
		{"cannot start", `var boom = func() int { panic("boom") }()`, 1,
			"the reference solution, solution.go, could not start: the file's initialisation panicked: boom; the 2 mutants and the 1 alternative solution were not checked, as each would fail for the same reason: fix the reference and validate again",
			nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			ex := copyExercise(t, "central", dir)
			for _, f := range []string{"mutants/grants_when_busy.patch", "mutants/lifo_queue.patch", "solutions/busy_first.go"} {
				b, err := os.ReadFile(filepath.Join(central, f))
				require.NoError(t, err)
				require.NoError(t, os.MkdirAll(filepath.Dir(filepath.Join(ex, f)), 0o755))
				require.NoError(t, os.WriteFile(filepath.Join(ex, f), b, 0o644))
			}
			sol, err := os.ReadFile(filepath.Join(ex, "solution.go"))
			require.NoError(t, err)
			require.NoError(t, os.WriteFile(filepath.Join(ex, "solution.go"), append(sol, []byte(c.line+"\n")...), 0o644))

			var graded []string
			r, err := Dir(context.Background(), ex, Options{Grader: newGrader(t), Workers: c.workers,
				Progress: func(f string, a ...any) { graded = append(graded, strings.Fields(fmt.Sprintf(f, a...))[0]) }})
			require.NoError(t, err)
			require.Len(t, r.Exercises, 1)
			e := r.Exercises[0]
			assert.False(t, r.OK())
			assert.True(t, e.Unchecked)
			assert.ElementsMatch(t, []string{"central/solution.go:", "central/starter.go:"}, graded, "only the reference and the starter are graded")
			assert.Empty(t, e.Mutants)
			assert.Empty(t, e.Alternatives)
			assert.Equal(t, []string{c.problem, "2 mutants; an exercise needs at least 4", "1 alternative solution; an exercise needs at least 3 (solutions/*.go: correct, written differently from the reference)"}, e.Problems)
			assert.Equal(t, c.reference, e.Reference)
			md := r.Markdown()
			assert.Contains(t, md, "| not checked | not checked | **not ok** |")
			assert.Equal(t, 1, strings.Count(md, "solution.go, "), "the reference's problem, once")
			for _, l := range c.reference {
				assert.Equal(t, 1, strings.Count(md, l), "its position, once")
			}
			assert.NotContains(t, md, "| mutant |")
			assert.NotContains(t, md, "| alternative |")
		})
	}
}

// withOthers copies central's mutants and alternative solutions named
// into the exercise ex.
func withOthers(t *testing.T, ex string, files ...string) {
	t.Helper()
	root, err := sandbox.FindRoot(".")
	require.NoError(t, err)
	for _, f := range files {
		b, err := os.ReadFile(filepath.Join(root, "exercises", "central", f))
		require.NoError(t, err)
		require.NoError(t, os.MkdirAll(filepath.Dir(filepath.Join(ex, f)), 0o755))
		require.NoError(t, os.WriteFile(filepath.Join(ex, f), b, 0o644))
	}
}

// A reference that fails a test (it is wrong, or the test is) does not
// judge the mutants and the alternatives: a mutant caught by a test the
// reference fails is not shown wrong. They are not graded, and one line
// says why, as for a reference that does not compile.
func TestValidateWrongReference(t *testing.T) {
	dir := t.TempDir()
	ex := copyExercise(t, "central", dir)
	withOthers(t, ex, "mutants/grants_when_busy.patch", "mutants/lifo_queue.patch", "solutions/busy_first.go")
	p := filepath.Join(ex, "solution.go")
	sol, err := os.ReadFile(p)
	require.NoError(t, err)
	wrong := strings.Replace(string(sol), "if len(n.Queue) == 0 {", "if len(n.Queue) <= 1 {", 1)
	require.NotEqual(t, string(sol), wrong)
	require.NoError(t, os.WriteFile(p, []byte(wrong), 0o644))

	var graded []string
	r, err := Dir(context.Background(), ex, Options{Grader: newGrader(t), Workers: 2,
		Progress: func(f string, a ...any) { graded = append(graded, strings.Fields(fmt.Sprintf(f, a...))[0]) }})
	require.NoError(t, err)
	require.Len(t, r.Exercises, 1)
	e := r.Exercises[0]
	assert.False(t, r.OK())
	assert.Less(t, e.Solution.Score, e.Solution.MaxScore)
	assert.True(t, e.Unchecked)
	assert.ElementsMatch(t, []string{"central/solution.go:", "central/starter.go:"}, graded, "only the reference and the starter are graded")
	assert.Empty(t, e.Mutants)
	assert.Empty(t, e.Alternatives)
	assert.Contains(t, e.Problems, "the 2 mutants and the 1 alternative solution were not checked: a test the reference fails is wrong, or the reference is, so what it says of them means nothing; fix the reference (or the test) and validate again")
	md := r.Markdown()
	assert.Contains(t, md, "| not checked | not checked | **not ok** |")
	assert.NotContains(t, md, "| mutant |")
	assert.NotContains(t, md, "| alternative |")
}

// A reference that fails a hidden schedule is told with the schedule's
// file and line, as for a public one: validation is for staff.
func TestValidateHiddenFailureAt(t *testing.T) {
	dir := t.TempDir()
	ex := copyExercise(t, "central", dir)
	p := filepath.Join(ex, "hidden", "busy_queues.scn")
	b, err := os.ReadFile(p)
	require.NoError(t, err)
	broken := strings.Replace(string(b), "expect N1 queue = [N4]\n", "expect N1 queue = [N3]\n", 1)
	require.NotEqual(t, string(b), broken)
	require.NoError(t, os.WriteFile(p, []byte(broken), 0o644))
	r, err := Dir(context.Background(), ex, Options{Grader: newGrader(t), Workers: 2})
	require.NoError(t, err)
	require.Len(t, r.Exercises, 1)
	var said string
	for _, pr := range r.Exercises[0].Problems {
		if strings.HasPrefix(pr, "the reference solution scores ") {
			said = pr
		}
	}
	assert.Regexp(t, `it fails hidden/busy_queues \(hidden/busy_queues\.scn:20: "expect N1 queue = \[N3\]" does not hold after step 9: `, said)
}

// failedWhere names a failed hidden schedule by the file and line the
// grader recorded for staff (its file alone where there is no line, as
// for a node that failed); a walk and a public test by their names.
func TestFailedWhere(t *testing.T) {
	h := report.Test{Name: "hidden/h", Visibility: report.Hidden, Source: "hidden/h.scn", At: "hidden/h.scn:10"}
	assert.Equal(t, "hidden/h.scn:10", failedWhere(h))
	h.At = ""
	assert.Equal(t, "hidden/h.scn", failedWhere(h))
	walk := report.Test{Name: "hidden/w", Visibility: report.Hidden, Walk: true, Source: "hidden/w.walk: nodes 4, seed 1"}
	assert.Equal(t, "hidden/w", failedWhere(walk))
	pub := report.Test{Name: "public/h", Visibility: report.Public, Source: "public/h.scn", At: "public/h.scn:3"}
	assert.Equal(t, "public/h", failedWhere(pub))
}

// A schedule with no expect line checks only that its steps can be
// taken: validation says so, naming it.
func TestScheduleWithoutExpect(t *testing.T) {
	dir := t.TempDir()
	ex := copyExercise(t, "central", dir)
	require.NoError(t, os.WriteFile(filepath.Join(ex, "hidden", "quiet.scn"), []byte("algorithm central\nnodes N1 N2 N3\nrequest N2\n"), 0o644))
	loaded, err := exercise.Load(ex, "")
	require.NoError(t, err)
	assert.Contains(t, Unfinished(loaded), "hidden/quiet.scn has no expect line: it checks only that its steps can be taken, and gives its points to code that does next to nothing; say what the run must show (expect N2 state = HELD, expect safety holds)")
	for _, p := range Unfinished(loaded) {
		assert.NotContains(t, p, "public/", "the public schedules have theirs")
	}
}

// --probe is never silent about a survivor: it names the larger
// explorations that catch it, or says which ones it tried that did not,
// or that there were none to make larger. ra-v1's reference implements
// a flawed listing whose flaw breaks safety at N=2 R=2: that exploration
// catches every mutant and so tells nothing (it used to be reported as
// catching the survivor).
func TestProbeSaysWhatItTried(t *testing.T) {
	for _, c := range []struct {
		name, explore, hint string
	}{
		{"tried", "explore:\n  - {nodes: 2, requests: 1, props: [safety]}\n",
			"survived 13 tests (3 public, 7 hidden, 3 explorations); explorations one node or one request larger (N=3 R=1, N=2 R=2) do not catch it either (solution.go itself fails explore N=2 R=2: safety, so that exploration cannot tell): add a schedule that does"},
		{"none", "",
			"; --probe: the exercise has no explorations to make larger, so add a schedule that catches it"},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			ex := copyExercise(t, "ra-v1", dir)
			md := filepath.Join(ex, "exercise.md")
			text, err := os.ReadFile(md)
			require.NoError(t, err)
			old := "explore:\n  - {nodes: 2, requests: 1, props: [safety]}\n  - {nodes: 3, requests: 1, props: [safety]}\n"
			require.Contains(t, string(text), old)
			text = []byte(strings.Replace(string(text), old, c.explore, 1))
			if c.explore == "" {
				text = []byte(strings.Replace(string(text), "  explore: 2\n", "", 1))
			}
			require.NoError(t, os.WriteFile(md, text, 0o644))
			sol, err := os.ReadFile(filepath.Join(ex, "solution.go"))
			require.NoError(t, err)
			require.NoError(t, os.WriteFile(filepath.Join(ex, "mutants", "disguised.go"), append(append([]byte("// Claims to be wrong but is the reference solution.\n"), sol...), "\nvar _ = 0\n"...), 0o644))

			r, err := Dir(context.Background(), dir, Options{Grader: newGrader(t), Probe: true})
			require.NoError(t, err)
			require.Len(t, r.Exercises, 1)
			require.Len(t, r.Exercises[0].Mutants, 1)
			m := r.Exercises[0].Mutants[0]
			assert.False(t, m.Caught())
			if c.explore == "" {
				assert.True(t, strings.HasSuffix(m.Hint, c.hint), m.Hint)
				assert.True(t, strings.HasPrefix(m.Hint, "survived "), m.Hint)
			} else {
				assert.Equal(t, c.hint, m.Hint)
			}
		})
	}
}

// A reference that fails several tests is told each failure once: a
// test failing the way one before it did is named with it, and past
// five different failures the rest are counted.
func TestFailuresSaysEachOnce(t *testing.T) {
	fail := func(name, msg string) report.Test {
		return report.Test{Name: name, Visibility: report.Public, MaxPoints: 1, Message: msg}
	}
	r := &report.Result{Tests: []report.Test{
		fail("public/a", "N1 waits at step 3"),
		{Name: "public/ok", Visibility: report.Public, MaxPoints: 1, Points: 1, Passed: true},
		fail("public/b", "N2 waits at step 14"),
		fail("public/c", "two nodes in the CS"),
	}}
	assert.Equal(t, " (public/a: N1 waits at step 3 (public/b the same way); public/c: two nodes in the CS)", failures(r))
	for i := range 6 {
		r.Tests = append(r.Tests, fail(fmt.Sprintf("public/x%d", i), strings.Repeat("z", i+1)))
	}
	got := failures(r)
	assert.True(t, strings.HasSuffix(got, "; and 3 more failing tests)"), got)
	assert.Empty(t, failures(&report.Result{Tests: []report.Test{{Name: "p", MaxPoints: 1, Points: 1, Passed: true}}}))
}
