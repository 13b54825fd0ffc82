// Package validate checks an exercise set the way course staff need it
// checked before students see it (SPEC §7): every statement renders, the
// starter compiles and fails some test, the reference solution passes
// everything, and every mutant (a known-wrong solution) is caught by at
// least one test — mutation adequacy: a mutant that survives means the
// schedules are too weak to tell that mistake from a correct solution.
// The other way round, every alternative solution (a correct solution
// written differently from the reference) gets full marks: a test that
// marks one down asks more than the statement does. And the statement and
// the starter's comments show the names and parameter lists that the
// starter and the package it imports declare (Signatures).
package validate

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"

	"dmelab/algorithms/scenario"
	"dmelab/grader/exercise"
	"dmelab/grader/grade"
	"dmelab/grader/report"
)

// Options say how to grade and where hidden material lives.
type Options struct {
	Grader    *grade.Grader
	HiddenDir string
	// Probe: for each surviving mutant, grade it again against larger
	// explorations, to say which kind of test could catch it.
	Probe bool
	// Progress hears one line per graded file.
	Progress func(format string, args ...any)
	// Full grades every mutant on every test (each mutant's table row
	// then lists every test that caught it, and its score); otherwise
	// their gradings stop at the first test that fails, which is all
	// that being caught needs.
	Full bool
	// Workers grade that many files at once (0: one). The gradings
	// share the process's memory bound, so a grading stopped for memory
	// while others ran is graded again alone before it counts.
	Workers int
	// Record, if not "", is the folder where what Dir says of each
	// exercise is kept, by its content, for Validated (dmelab pack asks
	// it; dmelab validate records in RecordDir).
	Record string
}

// Report is the validation of a set (or of one exercise).
type Report struct {
	Title     string
	Exercises []*Exercise
}

// Exercise is one exercise's validation.
type Exercise struct {
	Name, Title string
	Tests       int
	MaxScore    float64
	// Problems are what is wrong with the exercise itself.
	Problems []string
	Starter  *report.Result
	Solution *report.Result
	Mutants  []Mutant
	// Alternatives are the other correct solutions (solutions/*.go).
	Alternatives []Alternative
	// Unchecked says that the mutants and the alternatives were not
	// graded: the reference judges nothing (it does not compile, is
	// refused or could not start), so each would fail for its reason;
	// or it fails a test, which then tells nothing of them.
	Unchecked bool
	// Reference is then the reference's problems as the compiler
	// says them, "file:line:col: message".
	Reference []string
}

// Alternative is one alternative correct solution and how it fared.
type Alternative struct {
	File, Comment   string
	Score, MaxScore float64
	Status          report.Status
	// MarkedDownBy are the tests that took points from it: each asks
	// more than the statement does (or the solution is not correct).
	MarkedDownBy []string
	// Problem is why it was not graded (refused, does not compile).
	Problem string
}

// FullMarks reports whether the alternative got every point.
func (a Alternative) FullMarks() bool {
	return a.Status == report.Graded && a.Score >= a.MaxScore && len(a.MarkedDownBy) == 0
}

// MinMutants and MinAlternatives are how many mutants and alternative
// solutions an exercise needs at least.
const (
	MinMutants      = 4
	MinAlternatives = 3
)

// Mutant is one known-wrong solution and what caught it.
type Mutant struct {
	File, Comment string
	Score         float64
	Status        report.Status
	CaughtBy      []string // the tests it failed (the first only, unless Options.Full)
	// First says that grading stopped at the first test that caught it:
	// CaughtBy has that test and Score means nothing.
	First bool
	// Hint, for a survivor: what could catch it (from the probe), or
	// what was tried.
	Hint string
}

// Caught reports whether some test took points from the mutant.
func (m Mutant) Caught() bool { return len(m.CaughtBy) > 0 }

// OK reports whether the exercise holds.
func (e *Exercise) OK() bool {
	if len(e.Problems) > 0 {
		return false
	}
	for _, m := range e.Mutants {
		if !m.Caught() {
			return false
		}
	}
	return true
}

// OK reports whether every exercise holds.
func (r *Report) OK() bool {
	for _, e := range r.Exercises {
		if !e.OK() {
			return false
		}
	}
	return len(r.Exercises) > 0
}

// LoadError is bad input: a set or an exercise that does not load.
type LoadError struct{ Err error }

func (e *LoadError) Error() string { return e.Err.Error() }

// What dmelab new writes for the staff to replace (cmd/dmelab's scaffold
// uses these, so that the two cannot drift apart).
const (
	ScaffoldStatement = "What the student builds, in the course notes' words"
	ScaffoldSchedule  = "# A first public schedule: replace it"
)

// Unfinished lists what an exercise still lacks that grading cannot see:
// the statement or a public schedule dmelab new wrote, left as it was,
// public schedules, without which a student has no run to try first, and
// hidden tests, without which a student can pass by fitting the public
// schedules alone.
func Unfinished(ex *exercise.Exercise) []string {
	var p []string
	if strings.Contains(ex.Statement, ScaffoldStatement) {
		p = append(p, "exercise.md still holds the statement dmelab new wrote: write what the student builds")
	}
	for _, s := range ex.Public {
		if strings.Contains(string(s.Text), ScaffoldSchedule) {
			p = append(p, fmt.Sprintf("%s is still the schedule dmelab new wrote: replace it with a run the statement describes", s.Path))
		}
	}
	for _, s := range append(append([]exercise.Schedule(nil), ex.Public...), ex.Hidden...) {
		if !expects(ex, s) {
			p = append(p, fmt.Sprintf("%s has no expect line: it checks only that its steps can be taken, and gives its points to code that does next to nothing; say what the run must show (expect N2 state = HELD, expect safety holds)", s.Path))
		}
	}
	if len(ex.Public) == 0 {
		p = append(p, "no public schedule (public/*.scn): students have no run to try their code on before the hidden tests")
	}
	if len(ex.Hidden)+len(ex.Walks) == 0 {
		p = append(p, "no hidden test (hidden/*.scn, hidden/*.walk): students could pass by fitting the public schedules")
	}
	return p
}

// expects says whether schedule s has an expect line (true when it
// does not load: Load has said why).
func expects(ex *exercise.Exercise, s exercise.Schedule) bool {
	sc, err := ex.LoadSchedule(s)
	if err != nil {
		return true
	}
	for _, st := range sc.Script {
		if _, ok := st.(*scenario.ExpectStmt); ok {
			return true
		}
	}
	return false
}

// inFile is a load error's line that starts with a file of the exercise
// ("public/alone.scn:13:1: ...").
var inFile = regexp.MustCompile(`^[\w./-]+\.(scn|md|go|txt|patch|walk)[:\s]`)

// inExercise names the exercise of a set in each line of its load error:
// many exercises have a public/alone.scn, so the file alone does not say
// which is broken.
func inExercise(name string, err error) string {
	lines := strings.Split(err.Error(), "\n")
	for i, l := range lines {
		if strings.HasPrefix(l, name+"/") {
			continue // it names the exercise already
		}
		if inFile.MatchString(l) {
			lines[i] = name + "/" + l
		} else {
			lines[i] = name + ": " + l
		}
	}
	return strings.Join(lines, "\n")
}

// Dir validates dir: one exercise (it holds exercise.md) or a set.
func Dir(ctx context.Context, dir string, o Options) (*Report, error) {
	if _, err := os.Stat(filepath.Join(dir, "exercise.md")); err == nil {
		ex, err := exercise.Load(dir, o.HiddenDir)
		if err != nil {
			return nil, &LoadError{err}
		}
		if err := graded(ex); err != nil {
			return nil, &LoadError{err}
		}
		v, err := One(ctx, ex, o)
		if err != nil {
			return nil, err
		}
		Keep(o.Record, ex, v)
		return &Report{Title: ex.Title, Exercises: []*Exercise{v}}, nil
	}
	set, err := exercise.LoadSet(dir)
	if err != nil {
		return nil, &LoadError{err}
	}
	// Load everything first: a set with a broken exercise is bad input,
	// reported before minutes of grading.
	var exs []*exercise.Exercise
	var errs []string
	for _, name := range set.Order {
		ex, err := exercise.Load(filepath.Join(dir, name), o.HiddenDir)
		if err == nil {
			err = graded(ex)
		}
		if err != nil {
			errs = append(errs, inExercise(name, err))
			continue
		}
		exs = append(exs, ex)
	}
	if len(errs) > 0 {
		return nil, &LoadError{fmt.Errorf("%s", strings.Join(errs, "\n"))}
	}
	r := &Report{Title: set.Title}
	if _, err := os.Stat(filepath.Join(dir, "set.md")); err == nil {
		if msg := renders(set.Intro); msg != "" {
			r.Exercises = append(r.Exercises, &Exercise{Name: "set.md", Title: set.Title, Problems: []string{"the introduction " + msg}})
		}
	}
	for _, ex := range exs {
		v, err := One(ctx, ex, o)
		if err != nil {
			return nil, err
		}
		Keep(o.Record, ex, v)
		r.Exercises = append(r.Exercises, v)
	}
	return r, nil
}

// graded says which of the files validate grades first, the reference
// solution and the starter, the exercise lacks (grading a student's file
// needs neither, so loading does not ask for them).
func graded(ex *exercise.Exercise) error {
	var missing []string
	for _, f := range []struct{ path, what string }{
		{ex.Solution(), "the reference solution, which must get full marks"},
		{ex.Starter(), "the starter students begin from, which must compile and fail some test"},
	} {
		if _, err := os.Stat(f.path); errors.Is(err, fs.ErrNotExist) {
			missing = append(missing, fmt.Sprintf("%s/%s is missing: it is %s; write it (dmelab new exercise writes one to start from)", ex.Name, filepath.Base(f.path), f.what))
		}
	}
	if len(missing) > 0 {
		return errors.New(strings.Join(missing, "\n"))
	}
	return nil
}

// One validates one loaded exercise. An error means grading itself
// failed (no Go toolchain, canceled).
func One(ctx context.Context, ex *exercise.Exercise, o Options) (*Exercise, error) {
	v := &Exercise{Name: ex.Name, Title: ex.Title}
	if msg := renders(ex.Statement); msg != "" {
		v.Problems = append(v.Problems, "the statement "+msg)
	}
	if o.Grader != nil && o.Grader.Builder != nil && !ex.IsListing() {
		v.Problems = append(v.Problems, Signatures(ex, o.Grader.Builder.Root)...)
	}
	// Every file is graded first, Workers at a time; then the results
	// are read in order.
	jobs := []job{{path: ex.SolutionFile(), file: ex.SolutionFile()}, {path: ex.StarterFile(), file: ex.StarterFile()}}
	for _, mu := range ex.Mutants {
		jobs = append(jobs, job{path: mu.Path, file: mu.File(), src: mu.Src, first: !o.Full})
	}
	for _, so := range ex.Solutions {
		jobs = append(jobs, job{path: so.Path, file: filepath.Base(so.Path), src: so.Src})
	}
	if err := gradeAll(ctx, ex, o, jobs, 2, passesAll); err != nil {
		return nil, err
	}
	if passesAll(jobs[0].res) && len(jobs) > 2 && jobs[2].res == nil {
		// The reference got full marks only when graded again alone
		// (it had been stopped for memory): the rest are graded now.
		if err := gradeAll(ctx, ex, o, jobs[2:], -1, nil); err != nil {
			return nil, err
		}
	}
	v.Solution = jobs[0].res
	v.Tests, v.MaxScore = len(v.Solution.Tests), v.Solution.MaxScore
	switch sol := v.Solution; {
	case !judges(sol):
		v.Unchecked = true
		v.Reference = positioned(ex.Name+"/"+ex.SolutionFile(), sol)
		v.Problems = append(v.Problems, notJudged(ex, sol, len(v.Reference) > 0))
	case sol.Score < sol.MaxScore:
		v.Unchecked = true
		v.Problems = append(v.Problems, fmt.Sprintf("the reference solution scores %g of %g; it fails %s%s", sol.Score, sol.MaxScore, strings.Join(failed(sol), ", "), failures(sol)))
		if o := others(ex); o != "" {
			v.Problems = append(v.Problems, "the "+o+" were not checked: a test the reference fails is wrong, or the reference is, so what it says of them means nothing; fix the reference (or the test) and validate again")
		}
	}
	v.Starter = jobs[1].res
	switch st := v.Starter; {
	case st.Status == report.Refused || st.Status == report.CompileError:
		v.Problems = append(v.Problems, fmt.Sprintf("the starter does not compile: %s", firstProblem(st, ex.StarterFile())))
	case st.Status == report.Graded && st.Score >= st.MaxScore:
		v.Problems = append(v.Problems, "the starter passes every test: give students something to do")
	}
	if len(ex.Mutants) < MinMutants {
		v.Problems = append(v.Problems, fmt.Sprintf("%s; an exercise needs at least %d", plural(len(ex.Mutants), "mutant"), MinMutants))
	}
	v.Problems = append(v.Problems, Unfinished(ex)...)
	v.Problems = append(v.Problems, OnAlgorithm(ex)...)
	v.Problems = append(v.Problems, StatementPoints(ex)...)
	v.Problems = append(v.Problems, StatementVars(ex)...)
	if len(ex.Solutions) < MinAlternatives {
		v.Problems = append(v.Problems, fmt.Sprintf("%s; an exercise needs at least %d (solutions/*%s: correct, written differently from the reference)", plural(len(ex.Solutions), "alternative solution"), MinAlternatives, ex.Ext()))
	}
	if v.Unchecked {
		return v, nil
	}
	probes := newProber(ex)
	for i, mu := range ex.Mutants {
		res := jobs[2+i].res
		m := Mutant{File: filepath.Base(mu.Path), Comment: mu.Comment, Score: res.Score, Status: res.Status}
		switch {
		case res.Status == report.Refused || res.Status == report.CompileError:
			file := mu.Path
			if mu.Patch != nil {
				file = ex.SolutionFile() + " patched by " + mu.Path // the lines are the patched file's
			}
			v.Problems = append(v.Problems, fmt.Sprintf("mutant %s does not compile (a mutant must be a wrong solution, not a broken file): %s", m.File, firstProblem(res, file)))
			m.Hint = "does not compile"
		case res.Score < res.MaxScore:
			m.CaughtBy = failed(res)
			if !o.Full && len(m.CaughtBy) > 0 {
				m.First, m.CaughtBy = true, m.CaughtBy[:1] // the tests after it did not run
			}
		default:
			m.Hint = fmt.Sprintf("survived %s (%s)", plural(len(res.Tests), "test"), kinds(res))
			if ref, err := os.ReadFile(ex.Solution()); err == nil && sameCode(mu.Src, ref, ex.Ext()) {
				m.Hint = fmt.Sprintf("it is %s itself, comments and spacing aside: a mutant must change what the code does", ex.SolutionFile())
			} else if free := failedFree(res); len(free) > 0 {
				m.Hint = fmt.Sprintf("it fails %s, but %s worth 0 points", strings.Join(free, ", "), map[bool]string{true: "that test is", false: "those tests are"}[len(free) == 1])
			}
			if o.Probe {
				if h, err := probes.probe(ctx, o, mu, m.Hint); err != nil {
					return nil, err
				} else if h != "" {
					m.Hint = h
				}
			}
		}
		v.Mutants = append(v.Mutants, m)
	}
	for i, so := range ex.Solutions {
		res := jobs[2+len(ex.Mutants)+i].res
		a := Alternative{File: filepath.Base(so.Path), Comment: so.Comment, Score: res.Score, MaxScore: res.MaxScore, Status: res.Status, MarkedDownBy: failed(res)}
		switch {
		case res.Status != report.Graded:
			a.Problem = firstProblem(res, so.Path)
			v.Problems = append(v.Problems, fmt.Sprintf("alternative solution %s is %s: %s", a.File, res.Status, a.Problem))
		case !a.FullMarks():
			v.Problems = append(v.Problems, fmt.Sprintf("alternative solution %s scores %g of %g; marked down by %s (a test asks more than the statement, or the solution is wrong)", a.File, res.Score, res.MaxScore, strings.Join(a.MarkedDownBy, ", ")))
		}
		v.Alternatives = append(v.Alternatives, a)
	}
	return v, nil
}

// prober grades surviving mutants against explorations one step larger
// than the exercise's own (--probe), and says which one catches each, if
// any. The reference is graded against them first, once: a larger
// exploration the reference fails too (an exercise on a flawed listing,
// whose flaw shows only at a larger size) tells nothing about a mutant.
type prober struct {
	ex      *exercise.Exercise
	larger  exercise.Exercise // ex with only the larger explorations
	refFail []string          // the larger explorations the reference fails
	graded  bool
}

func newProber(ex *exercise.Exercise) *prober {
	c := *ex
	c.Public, c.Hidden, c.Walks, c.Conform = nil, nil, nil, nil
	c.Explore = nil
	for _, e := range ex.Explore {
		c.Explore = append(c.Explore, exercise.Explore{Nodes: e.Nodes + 1, Requests: e.Requests, Crashes: e.Crashes, Props: e.Props}, exercise.Explore{Nodes: e.Nodes, Requests: e.Requests + 1, Crashes: e.Crashes, Props: e.Props})
	}
	return &prober{ex: ex, larger: c}
}

// probe says what the larger explorations make of the survivor mu. hint
// is what validate says of it so far; a probe that catches nothing adds
// to it what it tried, so that --probe is never silent about a survivor.
func (p *prober) probe(ctx context.Context, o Options, mu exercise.Mutant, hint string) (string, error) {
	if len(p.larger.Explore) == 0 {
		return hint + "; --probe: the exercise has no explorations to make larger, so add a schedule that catches it", nil
	}
	if !p.graded {
		src, err := os.ReadFile(p.ex.Solution())
		if err != nil {
			return "", err
		}
		ref, err := o.Grader.Grade(ctx, &p.larger, p.ex.SolutionFile(), src)
		if err != nil {
			return "", err
		}
		p.refFail, p.graded = failed(ref), true
	}
	res, err := o.Grader.Grade(ctx, &p.larger, mu.File(), mu.Src)
	if err != nil {
		return "", err
	}
	var catch []string
	for _, f := range failed(res) {
		if !slices.Contains(p.refFail, f) {
			catch = append(catch, f)
		}
	}
	if len(catch) > 0 {
		return "a larger exploration would catch it: " + strings.Join(catch, ", "), nil
	}
	h := fmt.Sprintf("%s; explorations one node or one request larger (%s) do not catch it either", hint, sizes(p.larger.Explore))
	if len(p.refFail) > 0 {
		h += fmt.Sprintf(" (%s itself fails %s, so %s cannot tell)", p.ex.SolutionFile(), strings.Join(p.refFail, ", "), map[bool]string{true: "that exploration", false: "those explorations"}[len(p.refFail) == 1])
	}
	return h + ": add a schedule that does", nil
}

// sizes lists explorations by their tests' names: "N=4 R=2, N=3 R=3".
func sizes(es []exercise.Explore) string {
	var out []string
	for _, e := range es {
		out = append(out, e.Name())
	}
	return strings.Join(out, ", ")
}

// kinds says which kinds of tests the exercise has.
// kinds counts a grading's tests by kind, so that the counts add up to
// its tests: public (schedules, the voting sets), hidden (schedules,
// walks) and explorations (one per property scored apart, conformance).
func kinds(res *report.Result) string {
	var public, hidden, search int
	for _, t := range res.Tests {
		switch t.Visibility {
		case report.Public:
			public++
		case report.Hidden:
			hidden++
		default:
			search++
		}
	}
	var k []string
	for _, c := range []struct {
		n    int
		what string
	}{{public, "public"}, {hidden, "hidden"}, {search, "exploration"}} {
		if c.n > 0 {
			w := c.what
			if w == "exploration" && c.n > 1 {
				w = "explorations"
			}
			k = append(k, fmt.Sprintf("%d %s", c.n, w))
		}
	}
	if len(k) == 0 {
		return "no tests"
	}
	return strings.Join(k, ", ")
}

// plural is "1 test" or "n tests".
func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}

func failed(r *report.Result) []string {
	var f []string
	for _, t := range r.Tests {
		if t.Points < t.MaxPoints {
			f = append(f, t.Name)
		}
	}
	return f
}

// failedFree lists the tests r failed that are worth nothing: a mutant
// they alone catch loses no points.
func failedFree(r *report.Result) []string {
	var f []string
	for _, t := range r.Tests {
		if !t.Passed && t.MaxPoints == 0 {
			f = append(f, t.Name)
		}
	}
	return f
}

// failures is what the failed tests say, as the reference's grading
// feedback would (each schedule's file and line, the reason), each
// bounded: the staff see why without grading the file themselves. A
// test that fails the way one before it did (report.Test.FailureShape,
// as the feedback folds it) is named with that one rather than said again, and
// past maxSaid different failures the rest are counted.
func failures(r *report.Result) string {
	const maxSaid = 5
	type said struct {
		where, msg string
		same       []string
	}
	var out []*said
	byKey := map[string]*said{}
	more := 0
	for _, t := range r.Tests {
		if t.Points >= t.MaxPoints || t.Message == "" {
			continue
		}
		msg := strings.Join(strings.Fields(t.Message), " ")
		if len(msg) > 400 {
			msg = msg[:400] + "…"
		}
		key := t.FailureShape()
		if s, ok := byKey[key]; ok {
			s.same = append(s.same, failedWhere(t))
			continue
		}
		if len(out) == maxSaid {
			more++
			continue
		}
		s := &said{where: failedWhere(t), msg: msg}
		byKey[key] = s
		out = append(out, s)
	}
	if len(out) == 0 {
		return ""
	}
	var parts []string
	for _, s := range out {
		p := s.where + ": " + s.msg
		if len(s.same) > 0 {
			p += " (" + strings.Join(s.same, ", ") + " the same way)"
		}
		parts = append(parts, p)
	}
	if more > 0 {
		parts = append(parts, fmt.Sprintf("and %d more failing %s", more, map[bool]string{true: "test", false: "tests"}[more == 1]))
	}
	return " (" + strings.Join(parts, "; ") + ")"
}

// judges says whether the reference's grading can judge the other
// files: its tests ran. A reference that is refused, does not compile,
// or whose program could not start judges nothing: every mutant and
// alternative graded against it would fail for that same reason.
func judges(ref *report.Result) bool { return ref != nil && ref.Status == report.Graded }

// passesAll says whether the reference's grading can judge the other
// files: it passed every test. A test the reference fails is
// wrong, or the reference is: a mutant it catches is not shown wrong by
// it, nor an alternative it marks down shown to be marked down for
// asking more than the statement.
func passesAll(ref *report.Result) bool { return judges(ref) && ref.Score >= ref.MaxScore }

// others names the files judged against the reference: "2 mutants and
// the 1 alternative solution" ("" when there are none).
func others(ex *exercise.Exercise) string {
	var o []string
	if n := len(ex.Mutants); n > 0 {
		o = append(o, plural(n, "mutant"))
	}
	if n := len(ex.Solutions); n > 0 {
		o = append(o, plural(n, "alternative solution"))
	}
	return strings.Join(o, " and the ")
}

// notJudged is the problem of a reference that judges nothing; below
// says that its positioned problems are listed apart.
func notJudged(ex *exercise.Exercise, ref *report.Result, below bool) string {
	what := map[report.Status]string{
		report.CompileError: "does not compile",
		report.Refused:      "is refused (an import or construct outside the allow-list)",
		report.Crashed:      "could not start",
	}[ref.Status]
	if what == "" {
		what = "was not graded (" + string(ref.Status) + ")"
	}
	msg := fmt.Sprintf("the reference solution, %s, %s", ex.SolutionFile(), what)
	if below {
		msg += " (below)"
	} else if len(ref.Problems) > 0 {
		var ps []string
		for _, p := range ref.Problems {
			ps = append(ps, p.Msg)
		}
		msg += ": " + strings.Join(ps, "; ")
	}
	if o := others(ex); o != "" {
		return msg + "; the " + o + " were not checked, as each would fail for the same reason: fix the reference and validate again"
	}
	return msg
}

// positioned lists a result's problems as the compiler does,
// "file:line:col: message", or nothing when none has a position.
func positioned(file string, r *report.Result) []string {
	var out []string
	for _, p := range r.Problems {
		if p.Line <= 0 {
			continue
		}
		pos := fmt.Sprintf("%s:%d", file, p.Line)
		if p.Col > 0 {
			pos += fmt.Sprintf(":%d", p.Col)
		}
		out = append(out, pos+": "+strings.Join(strings.Fields(p.Msg), " "))
	}
	return out
}

// firstProblem is r's first problem, at its place in file where it has
// one ("starter.go:34:2: declared and not used: x").
func firstProblem(r *report.Result, file string) string {
	if len(r.Problems) == 0 {
		return string(r.Status)
	}
	if at := positioned(file, r); len(at) > 0 {
		return at[0]
	}
	return r.Problems[0].Msg
}

// renders returns why Markdown does not render, or "".
func renders(md string) string {
	if strings.TrimSpace(md) == "" {
		return "is empty"
	}
	var b bytes.Buffer
	if err := goldmark.New(goldmark.WithExtensions(extension.GFM)).Convert([]byte(md), &b); err != nil {
		return "does not render: " + err.Error()
	}
	return ""
}
