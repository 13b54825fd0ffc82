package grade

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/algorithms/rasteps"
	"dmelab/algorithms/registry"
	"dmelab/algorithms/scenario"
	"dmelab/algorithms/sim"
	"dmelab/grader/exercise"
	"dmelab/grader/iface"
	"dmelab/grader/report"
	"dmelab/grader/sandbox"
)

// Every fault an honest student can cause is feedback, never a grader
// failure: whatever a step panics with, the failed test names the node
// and the step, every format renders, and the replay schedule replays to
// the same failure. These tests run the grader's own tests of ra-steps on
// steps written in Go, in process, through the same wire the sandbox
// uses (rasteps.Serve on one side, rasteps.Remote on the other), so the
// path from the panic to the feedback is the real one without a build.

// faulty is Ben-Ari's fix with one step that panics with val.
type faulty struct {
	*rasteps.Vars
	op  rasteps.Op
	val any
}

func (n faulty) fail(op rasteps.Op) {
	if op == n.op {
		panic(n.val)
	}
}

func (n faulty) P2() {
	n.fail(rasteps.OpP2)
	n.RequestCS, n.MyNum = true, n.HighestNum+1
}
func (n faulty) P4(N int) { n.fail(rasteps.OpP4); n.SendRequest(N, n.MyNum) }
func (n faulty) P6a()     { n.fail(rasteps.OpP6a); n.RequestCS = false }
func (n faulty) P7() int  { n.fail(rasteps.OpP7); return n.Deferred.First() }
func (n faulty) P8(N int) { n.fail(rasteps.OpP8); n.Deferred.Remove(N) }
func (n faulty) P9(N int) { n.fail(rasteps.OpP9); n.SendReply(N) }
func (n faulty) P11() {
	n.fail(rasteps.OpP11)
	n.HighestNum = max(n.HighestNum, n.RequestedNum)
}
func (n faulty) P12() {
	n.fail(rasteps.OpP12)
	if !n.RequestCS || n.RequestedNum < n.MyNum || n.RequestedNum == n.MyNum && n.Source < n.MyID() {
		n.SendReply(n.Source)
	} else {
		n.Deferred.Add(n.Source)
	}
}

// faultyFirst is seed 000's first listing (ra-v1) with one step that
// panics with val; its decision, the listing's P11, is OpP12.
type faultyFirst faulty

func (n faultyFirst) fail(op rasteps.Op) { faulty(n).fail(op) }
func (n faultyFirst) P2(chosen int)      { n.fail(rasteps.OpP2); n.MyNum = chosen }
func (n faultyFirst) P4(N int)           { faulty(n).P4(N) }
func (n faultyFirst) P7() int            { return faulty(n).P7() }
func (n faultyFirst) P8(N int)           { faulty(n).P8(N) }
func (n faultyFirst) P9(N int)           { faulty(n).P9(N) }
func (n faultyFirst) P11() {
	n.fail(rasteps.OpP12)
	if n.RequestedNum < n.MyNum {
		n.SendReply(n.Source)
	} else {
		n.Deferred.Add(n.Source)
	}
}

// stringer is a panic value with a String method, which a student can
// write without fmt.
type stringer string

func (s stringer) String() string { return string(s) }

// customErr is an error type of the student's own.
type customErr struct{ msg string }

func (e customErr) Error() string { return e.msg }

// panicValue is what a step panics with: text as a string, an error, a
// custom error, a Stringer, a number, or nil.
func panicValue(text string, kind uint8) any {
	switch kind % 6 {
	case 5:
		return nil
	case 1:
		return errors.New(text)
	case 2:
		return customErr{text}
	case 3:
		return stringer(text)
	case 4:
		return len(text)
	}
	return text
}

func loadExercise(t testing.TB, name string) *exercise.Exercise {
	t.Helper()
	ex, err := exercise.Load(filepath.Join("..", "..", "exercises", name), "")
	require.NoError(t, err)
	return ex
}

// gradeCode grades code for ex as Grade does once the sandbox has
// started, with the planned tests keep selects; wire puts the calls
// through the sandbox's wire format, as the grader does.
func gradeCode(t testing.TB, ex *exercise.Exercise, code rasteps.Code, wire bool, keep func(planned) bool) (*report.Result, *sim.Algorithm) {
	t.Helper()
	in := ex.Iface()
	serve := rasteps.GuestCode(code)
	call := func(req []byte) ([]byte, error) { return serve(req), nil }
	alg := rasteps.ListingAlgorithm(ex.Algorithm, code)
	if wire {
		alg = in.Algorithm(ex.Algorithm, iface.Caller(call))
	}
	rn := &runner{ex: ex, in: in, alg: alg, call: call, ctx: context.Background(), searched: map[*exercise.Explore]searchResult{}}
	res := &report.Result{Exercise: ex.Name, Title: ex.Title, File: "p.go", Status: report.Graded}
	for _, p := range planTests(ex) {
		if keep != nil && !keep(p) {
			continue
		}
		res.MaxScore += p.points
		rt, err := rn.run(p)
		require.NoError(t, err, "%s: the grader failed", p.name)
		res.Tests = append(res.Tests, rt)
		res.Score += rt.Points
	}
	return res, alg
}

// checkFeedback checks what a failure with a fault gives: some test
// failed, naming the node and the step that failed; every failed test's
// counterexample is bounded and its schedule replays to the same
// failure; and every format renders, the JSON ones valid, the HTML
// without a script.
func checkFeedback(t testing.TB, res *report.Result, alg *sim.Algorithm, step string) {
	t.Helper()
	named := false
	for _, tt := range res.Tests {
		if tt.Passed {
			continue
		}
		require.LessOrEqual(t, len(tt.Message), maxText, tt.Name)
		require.True(t, utf8.ValidString(tt.Message), tt.Name)
		require.NotContains(t, tt.Message, "\n", tt.Name)
		if strings.Contains(tt.Message, " failed at step ") && strings.Contains(tt.Message, ": "+step+" ") {
			named = true
		}
		ce := tt.Counterexample
		if ce == nil {
			continue
		}
		require.LessOrEqual(t, len(ce.Summary), maxText, tt.Name)
		for _, s := range ce.Steps {
			for _, v := range s.Vars {
				require.LessOrEqual(t, len(v), 1000, "%s: a node's variables", tt.Name)
				require.NotContains(t, v, "\n", tt.Name)
			}
		}
		checkReplay(t, tt, alg)
	}
	require.True(t, named, "no failed test names the node and step %s: %+v", step, messages(res))

	html := report.HTML(res, report.Options{})
	require.NotContains(t, strings.ToLower(html), "<script")
	md := report.Markdown(res, report.Options{})
	require.True(t, utf8.ValidString(md))
	for name, render := range map[string]func(*report.Result) ([]byte, error){
		"json":         report.JSON,
		"gradescope":   func(r *report.Result) ([]byte, error) { return report.Gradescope(r, report.GradescopeOptions{}) },
		"prairielearn": func(r *report.Result) ([]byte, error) { return report.PrairieLearn(r, report.Options{}) },
	} {
		b, err := render(res)
		require.NoError(t, err, name)
		require.True(t, json.Valid(b), name)
	}
}

func messages(res *report.Result) []string {
	var m []string
	for _, tt := range res.Tests {
		m = append(m, tt.Name+": "+tt.Message)
	}
	return m
}

// checkReplay loads a failed test's replay schedule, runs it on the
// student's algorithm and requires the counterexample's own events and,
// where a node failed, the same node failing at the same step.
func checkReplay(t testing.TB, tt report.Test, alg *sim.Algorithm) {
	t.Helper()
	ce := tt.Counterexample
	sc, err := scenario.Load("replay.scn", []byte(ce.Scenario))
	require.NoError(t, err, "%s: the replay schedule does not load:\n%s", tt.Name, ce.Scenario)
	cp := *alg
	cp.FIFO = sc.Setup.Alg.FIFO
	sc.Setup.Alg = &cp
	res := scenario.Run(sc, scenario.Options{MaxStates: 10000})
	require.GreaterOrEqual(t, len(res.Events), len(ce.Steps), "%s: the replay stops early: %+v", tt.Name, res.Stopped)
	w, err := sc.Setup.World()
	require.NoError(t, err)
	// A hidden test's tables show a fault by its kind (these cases'
	// faults are panics, whose kind needs no limits).
	var hide func(string) string
	if tt.Visibility == report.Hidden {
		hide = func(msg string) string { return hiddenFault(msg, sandbox.Limits{}) }
	}
	for k, s := range ce.Steps {
		require.Equal(t, s.Event, w.EventString(res.Events[k]), "%s: step %d", tt.Name, k+1)
		_, err := w.Apply(res.Events[k])
		require.NoError(t, err)
		for i := range w.Nodes {
			require.Equal(t, s.Vars[i], nodeString(w, i, hide), "%s: step %d, node %d", tt.Name, k+1, i+1)
		}
	}
}

// The cases of issue 13: text a schedule line, a Markdown table, HTML or
// JSON cannot carry as it is.
var faultTexts = []string{
	"",
	"a#b",
	"a#b  c\td",
	"tab\there",
	"cr\rhere",
	"lf\nhere\nand\nthere",
	"double  spaces",
	"trailing spaces  ",
	strings.Repeat("x", 1<<20),
	"invalid \xff\xfe UTF-8 \xc3",
	`a "quoted" word`,
	"back`ticks``` here",
	"<script>alert(1)</script>",
	"| a | table | row |",
	"]] --> <!-- x",
	"\u202eevil\u2028line",
	"\x00\x1b[31mred",
}

// TestFaultTexts grades a step that panics with each case, with each
// kind of value, through the wire and directly (where nothing cuts the
// text at the wire's bound).
func TestFaultTexts(t *testing.T) {
	ex := loadExercise(t, "ra-steps")
	keep := func(p planned) bool { return p.kind == "schedule" || p.expl != nil && p.expl.Nodes == 2 }
	for i, text := range faultTexts {
		for kind := uint8(0); kind < 6; kind++ {
			if kind >= 4 && i > 0 {
				continue // a number or nil does not depend on the text
			}
			op := rasteps.Op(i % 8)
			t.Run(fmt.Sprintf("%d/%d/%s", i, kind, op), func(t *testing.T) {
				t.Parallel() // each grades in process, on its own runner
				code := rasteps.BenAriCode(func(v *rasteps.Vars) rasteps.Steps { return faulty{v, op, panicValue(text, kind)} })
				for _, wire := range []bool{true, false} {
					res, alg := gradeCode(t, ex, code, wire, keep)
					checkFeedback(t, res, alg, op.String())
					assert.Less(t, res.Score, res.MaxScore)
					if entryPath(op) {
						// Nobody ever enters: no safety is scored either.
						assert.Zero(t, res.Score, "no node enters when %s fails", op)
					} else {
						assert.Positive(t, res.Score, "the tests that do not reach %s still pass", op)
					}
				}
			})
		}
	}
}

// The first listing's exercise adds the conformance tests, where the
// failing step is where the code parts from the listing, and P2's
// failing steps differ by chooseNumber()'s value.
func TestFaultTextsInTheFirstListing(t *testing.T) {
	ex := loadExercise(t, "ra-v1")
	keep := func(p planned) bool { return p.kind == "schedule" || p.kind == "conform" }
	for i, text := range []string{"a#b  c\td", strings.Repeat("<script>|", 1<<17), "\xff]] -->\n"} {
		for _, op := range []rasteps.Op{rasteps.OpP2, rasteps.OpP4, rasteps.OpP7, rasteps.OpP8, rasteps.OpP9, rasteps.OpP12} {
			t.Run(fmt.Sprintf("%d/%s", i, op), func(t *testing.T) {
				t.Parallel()
				code := rasteps.ChooseCode(rasteps.First, func(v *rasteps.Vars) rasteps.ChooseSteps { return faultyFirst{v, op, text} })
				name := op.String()
				if op == rasteps.OpP12 {
					name = "P11"
				}
				for _, wire := range []bool{true, false} {
					res, alg := gradeCode(t, ex, code, wire, keep)
					checkFeedback(t, res, alg, name)
					conformed := false
					for _, tt := range res.Tests {
						conformed = conformed || strings.HasPrefix(tt.Name, "conform ") && !tt.Passed
					}
					assert.True(t, conformed, "a conformance test fails")
				}
			})
		}
	}
}

// FuzzFaultFeedback: any text, as any kind of panic value, in any step,
// becomes feedback in every format and a schedule that replays.
func FuzzFaultFeedback(f *testing.F) {
	for i, text := range faultTexts {
		if len(text) > 1000 {
			text = text[:1000]
		}
		f.Add(text, uint8(i), uint8(i/3))
	}
	ex := loadExercise(f, "ra-steps")
	keep := func(p planned) bool { return p.vis == report.Public }
	f.Fuzz(func(t *testing.T, text string, op, kind uint8) {
		o := rasteps.Op(op % 8)
		code := rasteps.BenAriCode(func(v *rasteps.Vars) rasteps.Steps { return faulty{v, o, panicValue(text, kind)} })
		res, alg := gradeCode(t, ex, code, op&8 == 0, keep)
		checkFeedback(t, res, alg, o.String())
	})
}

// A schedule's first failure in the file is the one reported: an
// expectation that does not hold, not the line it makes impossible later
// (here N1 is expected to have sent its request before it has, and the
// delivery of that request cannot happen).
func TestScheduleReportsItsFirstFailure(t *testing.T) {
	ex := loadExercise(t, "ra-steps")
	for _, c := range []struct {
		script, want string
	}{
		{"request N1\nstep N1 P2\nexpect message N1->N2 request(1)\ndeliver N1->N2 request(1)\n",
			`"expect message N1->N2 request(1)" (public/first.scn:6) does not hold after step 2`},
		{"request N1\nstep N1 P2\ndeliver N1->N2 request(1)\nexpect message N1->N2 request(1)\n",
			`The schedule could not go on after step 2 (public/first.scn:6): "deliver N1->N2 request(1)" is not possible now`},
	} {
		cp := *ex
		cp.Public = []exercise.Schedule{{Name: "first", Path: "public/first.scn", Text: []byte("algorithm ra-benari\nnodes N1 N2\nrequests N2 = 0\n" + c.script)}}
		code := rasteps.BenAriCode(func(v *rasteps.Vars) rasteps.Steps { return faulty{v, rasteps.Op(255), nil} })
		res, _ := gradeCode(t, &cp, code, false, func(p planned) bool { return p.kind == "schedule" && p.name == "public/first" })
		require.Len(t, res.Tests, 1)
		assert.False(t, res.Tests[0].Passed)
		assert.Contains(t, res.Tests[0].Message, c.want)
	}
}

// A search stopped by its bound before it settled a property says so,
// and where the same search saw a node fail it says that first: a failed
// node takes no more messages, which can make the states grow without
// the design growing.
func TestStoppedSearchNamesAFailedNode(t *testing.T) {
	ex := loadExercise(t, "ra-steps")
	cp := *ex
	cp.MaxStates = 400
	code := rasteps.BenAriCode(func(v *rasteps.Vars) rasteps.Steps { return faulty{v, rasteps.OpP9, "P9 broke"} })
	res, _ := gradeCode(t, &cp, code, false, func(p planned) bool { return p.expl != nil })
	var stopped, failed int
	for _, tt := range res.Tests {
		if strings.Contains(tt.Message, "before it could settle") {
			stopped++
			if strings.Contains(tt.Message, "In a run it searched, ") {
				failed++
				assert.Regexp(t, `In a run it searched, N\d failed at step \d+: P9 panicked: P9 broke \(this configuration's liveness test shows the run\)\.`, tt.Message)
			}
		}
	}
	require.Positive(t, stopped, "%v", messages(res))
	assert.Positive(t, failed, "%v", messages(res))
}

// A deadlock in which a node's code failed says that node failed, apart
// from the nodes that wait: it is not "waiting to enter or to leave".
func TestDeadlockNamesTheFailedNode(t *testing.T) {
	ex := loadExercise(t, "ra-steps")
	code := rasteps.BenAriCode(func(v *rasteps.Vars) rasteps.Steps { return faulty{v, rasteps.OpP12, "P12 broke"} })
	res, _ := gradeCode(t, ex, code, false, func(p planned) bool { return p.expl != nil && p.expl.Nodes == 2 })
	found := false
	for _, tt := range res.Tests {
		if ce := tt.Counterexample; ce != nil && ce.Kind == "deadlock" {
			found = true
			assert.Regexp(t, `^N\d failed and acts no more[;.] `, ce.Summary)
		}
	}
	assert.True(t, found, "%v", messages(res))
}

// A schedule's line that cannot run because the code's step would fail
// there says why the step would fail, not only that "step N1 P2 fails" is
// what is possible; a hidden test says it by its kind.
func TestStoppedScheduleSaysWhyTheStepWouldFail(t *testing.T) {
	ex := loadExercise(t, "ra-steps")
	// The reference's P2, written whole as ra-v2's and ra-v3's schedules
	// write their steps.
	st := scenario.NewSetup(registry.Lookup(ex.Algorithm), nil, sim.Config{N: 2}, sim.Options{Requests: 1})
	w, err := st.World()
	require.NoError(t, err)
	req, err := w.FindEvent("request N1")
	require.NoError(t, err)
	_, err = w.Apply(req)
	require.NoError(t, err)
	var p2 string
	for _, e := range w.Events(nil) {
		if e.Kind == sim.EvStep && e.Node == 0 {
			p2 = w.EventString(e)
		}
	}
	require.Contains(t, p2, "step N1 P2 ")
	code := rasteps.BenAriCode(func(v *rasteps.Vars) rasteps.Steps { return faulty{v, rasteps.OpP2, "P2 broke"} })
	for _, vis := range []string{"public", "hidden"} {
		cp := *ex
		s := exercise.Schedule{Name: "first", Path: vis + "/first.scn", Text: []byte("algorithm ra-benari\nnodes N1 N2\nrequests N2 = 0\nrequest N1\n" + p2 + "\n")}
		cp.Public, cp.Hidden = nil, nil
		want := "N1's next step would fail: P2 panicked: P2 broke."
		if vis == "public" {
			cp.Public = []exercise.Schedule{s}
		} else {
			cp.Hidden = []exercise.Schedule{s}
			want = "N1's next step would fail: it panicked (a hidden test does not show the panic's message)."
		}
		res, _ := gradeCode(t, &cp, code, false, func(p planned) bool { return p.kind == "schedule" })
		require.Len(t, res.Tests, 1)
		assert.Contains(t, res.Tests[0].Message, "is not possible now", vis)
		assert.Contains(t, res.Tests[0].Message, want, vis)
	}
}

// entryPath reports whether every entry to the critical section of two
// nodes needs step op of Ben-Ari's listing (choose a number, ask, and the
// other's receipt and decision): where it fails, no node ever enters.
func entryPath(op rasteps.Op) bool {
	return op == rasteps.OpP2 || op == rasteps.OpP4 || op == rasteps.OpP11 || op == rasteps.OpP12
}

// idle is code that does nothing at any step: a starter handed in as it is.
type idle struct{ *rasteps.Vars }

func (idle) P2()     {}
func (idle) P4(int)  {}
func (idle) P6a()    {}
func (idle) P7() int { return -1 }
func (idle) P8(int)  {}
func (idle) P9(int)  {}
func (idle) P11()    {}
func (idle) P12()    {}

// Safety in which no node ever enters the critical section earns nothing:
// code that does nothing would score every safety exploration. A correct
// file still scores them (TestSolutionsGetFullMarks).
func TestSafetyWithNobodyInTheCSEarnsNothing(t *testing.T) {
	ex := loadExercise(t, "ra-steps")
	code := rasteps.BenAriCode(func(v *rasteps.Vars) rasteps.Steps { return idle{v} })
	res, _ := gradeCode(t, ex, code, false, func(p planned) bool { return p.expl != nil && strings.HasSuffix(p.name, ": safety") })
	require.NotEmpty(t, res.Tests)
	for _, tt := range res.Tests {
		assert.False(t, tt.Passed, tt.Name)
		assert.Regexp(t, `^Safety holds only because no node ever enters the critical section: in none of this configuration's schedules \(\d+ states\) does a node get in`, tt.Message, tt.Name)
	}
	code = rasteps.BenAriCode(func(v *rasteps.Vars) rasteps.Steps { return faulty{v, rasteps.Op(255), nil} })
	res, _ = gradeCode(t, ex, code, false, func(p planned) bool { return p.expl != nil && strings.HasSuffix(p.name, ": safety") })
	for _, tt := range res.Tests {
		assert.True(t, tt.Passed, "%s: %s", tt.Name, tt.Message)
	}
}
