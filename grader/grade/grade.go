// Package grade grades a student's file for an exercise: it refuses what
// the allow-list does not permit, builds the file with the harness into a
// sandboxed WebAssembly module, turns the student's code into the
// exercise's algorithm (the harness owns the state and the control flow;
// the sandbox answers each step) and runs the exercise's tests on it:
// public and hidden schedules, exhaustive explorations, seeded random
// walks and, for Maekawa, the voting sets. Every verdict is computed here,
// outside the sandbox, and written into a report.Result.
package grade

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"runtime/debug"
	"strings"
	"time"

	"dmelab/algorithms/sim"
	"dmelab/grader/exercise"
	"dmelab/grader/iface"
	"dmelab/grader/report"
	"dmelab/grader/sandbox"
)

// Grader grades submissions.
type Grader struct {
	Builder *sandbox.Builder
	Sandbox sandbox.Options
	// Progress, if set, hears what is going on (the CLI prints it on
	// stderr).
	Progress func(format string, args ...any)
	// MaxMemory bounds the grading's own work on the host: its searches
	// keep at most a quarter of it each, and a test during which the
	// process's heap passes it is stopped (0: DefaultMaxMemory). The
	// heap is the process's, so a process should grade one submission
	// at a time for the bound to be this grading's (see Pool).
	MaxMemory int64
	// FirstFailure stops a grading at its first test that loses points:
	// the tests after it are listed, not run, with no points. It is for
	// checking that a wrong file is caught (validate's mutants), not for
	// a student's feedback.
	FirstFailure bool
	// beside says whether to run the walks beside the other tests now
	// (nil: when a core is idle, sandbox.SpareCore); tests set it.
	beside func() bool
}

// notRunAfterFailure is the message of the tests FirstFailure skips.
const notRunAfterFailure = "not run: the grading stopped at the first test that failed"

// stopAfter reports whether the grading stops after test rt, and if so
// lists the rest of the plan as not run.
func (g *Grader) stopAfter(rt report.Test, rest []planned, res *report.Result) bool {
	if !g.FirstFailure || rt.Points >= rt.MaxPoints {
		return false
	}
	for _, t := range rest {
		res.Tests = append(res.Tests, t.said(notRunAfterFailure))
	}
	return true
}

// MemoryBound is the bound in force: MaxMemory, or DefaultMaxMemory.
func (g *Grader) MemoryBound() int64 { return g.maxMemory() }

func (g *Grader) maxMemory() int64 {
	if g.MaxMemory > 0 {
		return g.MaxMemory
	}
	return DefaultMaxMemory
}

func (g *Grader) progress(format string, args ...any) {
	if g.Progress != nil {
		g.Progress(format, args...)
	}
}

// errCanceled stops a search when the context is done.
var errCanceled = errors.New("grading canceled")

// Grade grades src, the student's file called filename, for ex. A file
// that is refused, does not compile or crashes while starting is not an
// error: the Result says so (its Status) and lists the tests with no
// points. An error means grading itself failed (no Go toolchain, the
// context ended).
func (g *Grader) Grade(ctx context.Context, ex *exercise.Exercise, filename string, src []byte) (graded *report.Result, err error) {
	defer func() {
		if err == nil {
			noteState(graded, ex, filename, src)
		}
	}()
	in := ex.Iface()
	res := &report.Result{Exercise: ex.Name, Title: ex.Title, File: filename}
	plan := planTests(ex)
	for _, t := range plan {
		res.MaxScore += t.points
	}
	fail := func(st report.Status, probs []report.Problem) (*report.Result, error) {
		return notGraded(res, plan, st, probs), nil
	}
	if ex.IsListing() {
		return g.gradeListing(ctx, ex, filename, src, res, plan, fail)
	}
	if r := sandbox.Precheck(filename, src, in); r != nil {
		if r.Refused {
			return fail(report.Refused, r.Problems)
		}
		return fail(report.CompileError, r.Problems)
	}
	t0 := time.Now()
	g.progress("building %s", filename)
	timeout := g.Builder.Timeout
	if ex.Build > 0 {
		timeout = ex.Build
	}
	built, r, err := g.Builder.BuildBounded(ctx, timeout, ex.BuildMemory, in, filename, src)
	if err != nil {
		return nil, err
	}
	if r != nil {
		return fail(report.CompileError, r.Problems)
	}
	g.progress("built in %s%s; starting the sandbox", time.Since(t0).Round(time.Millisecond), map[bool]string{true: " (cached)"}[built.Cached])
	opts := g.Sandbox
	if !g.FirstFailure {
		// An exercise's gradings make about as many calls each: the
		// sandbox remembers them under this name, to choose its engine
		// (sandbox.Auto). A grading that may stop at its first failure
		// is not one to go by.
		opts.Workload = ex.Name + "\x00" + ex.Interface + "\x00" + ex.Algorithm
	}
	// Auto's verdict is the compiler's. The limits are on processor time,
	// and the interpreter runs the same code several times slower; it
	// also stops a recursion a few thousand calls deep, where the
	// compiled code goes on within its 1 MB stack. A file that ran out of
	// time, or overflowed its stack, interpreted is graded again
	// compiled, else the same file could lose its points or keep them by
	// whether its module had been compiled before. The first grading
	// stops at the first such limit; a file that never meets one is
	// graded once.
	again := opts.Engine == sandbox.Auto && sandbox.CompilerAvailable()
	blank := *res
	graded, slow, err := g.runTests(ctx, ex, in, plan, res, built.Wasm, opts, again)
	if err != nil || !slow || !again {
		return graded, err
	}
	g.progress("the code ran out of time or stack in the interpreter: graded again, compiled")
	compiled := opts
	compiled.Engine = sandbox.Compiler
	r2 := blank
	graded, _, err = g.runTests(ctx, ex, in, plan, &r2, built.Wasm, compiled, false)
	if err != nil && ctx.Err() == nil {
		// The compiler could not take the module (a machine that
		// refuses executable memory, say): the interpreter's verdict.
		g.progress("the compiler could not run the code (%v): graded again, interpreted", err)
		r3 := blank
		graded, _, err = g.runTests(ctx, ex, in, plan, &r3, built.Wasm, opts, false)
	}
	return graded, err
}

// noteState adds to a Go file's grading that lost points the package
// variables its functions write (sandbox.StateOutsideNode): state kept
// outside the node's variables makes answers differ from test to test,
// and the failures it causes (a step that seems to compute from nothing)
// do not point at it. A grading with full marks has nothing to look for.
func noteState(res *report.Result, ex *exercise.Exercise, filename string, src []byte) {
	if res == nil || ex.IsListing() || res.Status != report.Graded || res.Score >= res.MaxScore {
		return
	}
	res.Notes = append(res.Notes, sandbox.StateOutsideNode(filename, src)...)
}

// notGraded fills res for a file none of whose tests ran (st says why).
func notGraded(res *report.Result, plan []planned, st report.Status, probs []report.Problem) *report.Result {
	res.Status, res.Problems = st, probs
	why := statusWords[st]
	if st == report.CompileError && strings.HasSuffix(res.File, ".txt") {
		why = "the listing has errors" // a listing is parsed, not compiled
	}
	for _, t := range plan {
		res.Tests = append(res.Tests, t.said("not run: "+why))
	}
	return res
}

// runTests runs plan on the built module in a sandbox with opts, into
// res. slow says that the code ran out of time (a call, its start, its
// total, a test's share), or overflowed its stack interpreted, while it
// was not compiled from the start; with
// stopEarly that ends the grading at once (res is then nil): it will be
// graded again compiled.
func (g *Grader) runTests(ctx context.Context, ex *exercise.Exercise, in *iface.Interface, plan []planned, res *report.Result, wasm []byte, opts sandbox.Options, stopEarly bool) (_ *report.Result, slow bool, _ error) {
	t0 := time.Now()
	sb, err := sandbox.Start(ctx, wasm, ex.Limits, opts)
	var failure *sandbox.Failure
	if errors.As(err, &failure) {
		if failure.Interpreted && stopEarly {
			return nil, true, nil
		}
		res.Log = failure.Log
		return notGraded(res, plan, report.Crashed, []report.Problem{{Msg: failure.Msg}}), failure.Interpreted, nil
	}
	if err != nil {
		return nil, false, err
	}
	defer sb.Close()
	total := ex.Limits.Total
	if total <= 0 {
		total = sandbox.DefaultLimits.Total
	}
	// The tests run on this goroutine, locked to its thread, so that the
	// guard's clock (the thread's CPU time) is this grading's work alone.
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	sb.Pin()
	gd := newGuard(total, len(plan))
	// The walks at the plan's end may run beside the other tests (see
	// beside.go); the memory watchdog stops them first.
	walks := &walksBeside{ctx: ctx, sb: sb, plan: plan, tail: tailStart(plan), on: g.beside}
	if g.FirstFailure {
		walks.tail = len(plan) // stopping at a failure, in turn
	}
	defer walks.close() // before sb's deferred Close
	stopWatch := make(chan struct{})
	defer close(stopWatch)
	go watchMemory(walks.memoryOver(gd), g.maxMemory(), stopWatch)
	call := func(req []byte) ([]byte, error) {
		if ctx.Err() != nil {
			return nil, errCanceled
		}
		gd.check()
		walks.called()
		return sb.Call(req)
	}
	rn := &runner{ex: ex, in: in, alg: in.Algorithm(ex.Algorithm, iface.Caller(call)), call: call, ctx: ctx,
		searched: map[*exercise.Explore]searchResult{}, guard: gd, total: total, maxMem: g.maxMemory(), sb: sb}
	walks.rn = rn
	timeStops := 0 // tests the guard stopped for time
	slowNow := func() bool { return !sb.Compiled() && (sb.OutOfTime() || timeStops > 0 || sb.InterpreterLimited()) }
	quiet := false
	for i := 0; i < len(plan); i++ {
		t := plan[i]
		if err := ctx.Err(); err != nil {
			return nil, false, err
		}
		walks.at(i)
		if i == walks.tail {
			kept := walks.join(gd)
			for _, w := range kept {
				res.Tests = append(res.Tests, w.rt)
				res.Score += w.rt.Points
				rn.failed = rn.failed || !w.rt.Passed && !w.rt.NotRun
				if w.stopped == stopTime {
					timeStops++
				}
				g.progress("%-40s %5.1f/%-4.1f %s, beside the others", w.rt.Name, w.rt.Points, w.rt.MaxPoints, w.wall.Round(time.Millisecond))
			}
			if stopEarly && slowNow() {
				sb.Forget()
				return nil, true, nil
			}
			if i += len(kept); i == len(plan) {
				break
			}
			t = plan[i]
		}
		// The log keeps what the code prints during public tests, and
		// nothing once a hidden test or a search has run: the code could
		// keep what it saw there in a package variable and print it
		// later. The plan puts every public test first.
		quiet = quiet || t.vis != report.Public
		sb.SetQuiet(quiet)
		// A hidden test runs on a fresh instance with a memo of its own:
		// nothing the code keeps from it can reach a test whose messages
		// are shown (an exploration's fault text, say).
		restore := func() {}
		switch {
		case t.vis == report.Hidden:
			restore = sb.Isolate()
		case t.kind != "schedule" && t.kind != "sets":
			// A search starts on a fresh instance too: it does not
			// depend on what the tests before it left in the code's
			// package variables, and it runs compiled if the sandbox's
			// compiler has finished meanwhile (sandbox.Auto).
			sb.Fresh()
		}
		t1 := time.Now()
		gd.begin(len(plan) - i)
		rt, err := rn.run(t)
		restore()
		if err != nil {
			return nil, false, err
		}
		if rn.stopped == stopTime {
			timeStops++
		}
		rn.failed = rn.failed || !rt.Passed && !rt.NotRun
		if rn.ruleSaid && rn.ruleShown == "" && !rt.Passed && !rt.NotRun {
			rn.ruleShown = rt.Name
		}
		res.Tests = append(res.Tests, rt)
		res.Score += rt.Points
		g.progress("%-40s %5.1f/%-4.1f %s", rt.Name, rt.Points, rt.MaxPoints, time.Since(t1).Round(time.Millisecond))
		if stopEarly && slowNow() {
			sb.Forget()
			return nil, true, nil
		}
		if g.stopAfter(rt, plan[i+1:], res) {
			break
		}
	}
	if err := ctx.Err(); err != nil {
		return nil, false, err
	}
	pointToRule(res, rn.ruleShown)
	res.Status = report.Graded
	res.Log, res.LogTruncated = sb.Log()
	g.progress("graded in %s: %d calls into the sandbox, %d ran, %s of its time; %s", time.Since(t0).Round(time.Millisecond), sb.Calls, sb.Runs, sb.Used().Round(time.Millisecond), sb.Engine())
	return res, slowNow(), nil
}

var statusWords = map[report.Status]string{
	report.Refused:      "the file was refused (see the problems above)",
	report.CompileError: "the file does not compile",
	report.Crashed:      "the program could not start",
}

// planned is one test to run. An exploration with partial credit is
// planned as one test per property (they share one search).
type planned struct {
	kind   string // "schedule", "conform", "explore", "walk", "sets"
	name   string
	vis    report.Visibility
	points float64
	source string
	sched  *exercise.Schedule
	expl   *exercise.Explore
	walk   *exercise.Walk
	conf   *exercise.Conform
	prop   string // the one property this test scores ("" = all)
	// own marks a student's own schedule (exercise.UseOwn): its run is
	// written up when it passes too, since seeing it is the point.
	own bool
}

// result is t's report line before it runs: named, scored out of its
// points, its kind (a walk is told as one) and its staff-only source.
func (t *planned) result() report.Test {
	return report.Test{Name: t.name, Visibility: t.vis, Walk: t.kind == "walk", Own: t.own, MaxPoints: t.points, Source: t.source}
}

// said is t's report line with a message instead of a verdict.
func (t *planned) said(msg string) report.Test {
	rt := t.result()
	rt.Message = msg
	return rt
}

// planTests lists the exercise's tests in the order they run and are
// reported: the student's own schedules (exercise.UseOwn), public
// schedules and the voting sets, hidden schedules,
// conformance searches, explorations, walks.
func planTests(ex *exercise.Exercise) []planned {
	var p []planned
	pts := func(name string, def float64) float64 {
		if v, ok := ex.Points.Tests[name]; ok {
			return v
		}
		return def
	}
	for i := range ex.Own {
		s := &ex.Own[i]
		p = append(p, planned{kind: "schedule", name: "yours/" + s.Name, vis: report.Public, points: 1, source: s.Path, sched: s, own: true})
	}
	for i := range ex.Public {
		s := &ex.Public[i]
		p = append(p, planned{kind: "schedule", name: "public/" + s.Name, vis: report.Public, points: pts("public/"+s.Name, ex.Points.Public), source: s.Path, sched: s})
	}
	if len(ex.VotingSets) > 0 {
		p = append(p, planned{kind: "sets", name: "voting sets", vis: report.Public, points: pts("voting sets", ex.Points.VotingSets),
			source: fmt.Sprintf("VotingSets(n) for n in %v, checked against seed 003's conditions", ex.VotingSets)})
	}
	for i := range ex.Hidden {
		s := &ex.Hidden[i]
		p = append(p, planned{kind: "schedule", name: "hidden/" + s.Name, vis: report.Hidden, points: pts("hidden/"+s.Name, ex.Points.Hidden), source: s.Path, sched: s})
	}
	for i := range ex.Conform {
		c := &ex.Conform[i]
		n := "conform " + c.Name()
		p = append(p, planned{kind: "conform", name: n, vis: report.Search, points: pts(n, ex.Points.Conform), conf: c,
			source: fmt.Sprintf("conform: nodes %d, requests %d, every schedule in step with %s", c.Nodes, c.Requests, ex.Algorithm)})
	}
	partial := map[string]bool{}
	for _, q := range ex.PartialCredit {
		partial[q] = true
	}
	for i := range ex.Explore {
		x := &ex.Explore[i]
		name := "explore " + x.Name()
		src := fmt.Sprintf("explore: nodes %d, requests %d%s, %s", x.Nodes, x.Requests, crashes(x.Crashes), strings.Join(x.Props, ", "))
		var whole []string
		for _, q := range x.Props {
			if partial[q] {
				n := name + ": " + q
				p = append(p, planned{kind: "explore", name: n, vis: report.Search, points: pts(n, ex.Points.Explore), source: src, expl: x, prop: q})
			} else {
				whole = append(whole, q)
			}
		}
		if len(whole) > 0 {
			n := name + ": " + strings.Join(whole, ", ")
			p = append(p, planned{kind: "explore", name: n, vis: report.Search, points: pts(n, ex.Points.Explore), source: src, expl: x, prop: strings.Join(whole, ",")})
		}
	}
	for i := range ex.Walks {
		w := &ex.Walks[i]
		n := "hidden/" + w.Name
		p = append(p, planned{kind: "walk", name: n, vis: report.Hidden, points: pts(n, ex.Points.Walk),
			source: fmt.Sprintf("%s: nodes %d, requests %d%s, %d walks of depth %d, seed %d", w.Path, w.Nodes, w.Requests, crashes(w.Crashes), w.Walks, w.Depth, w.Seed), walk: w})
	}
	return p
}

// crashes is ", crashes K" for a fault budget, "" without one.
func crashes(k int) string {
	if k == 0 {
		return ""
	}
	return fmt.Sprintf(", crashes %d", k)
}

// runner runs planned tests on the student's algorithm.
type runner struct {
	ex   *exercise.Exercise
	in   *iface.Interface
	alg  *sim.Algorithm
	call func([]byte) ([]byte, error)
	ctx  context.Context
	// searched keeps each exploration's result for its other properties.
	searched map[*exercise.Explore]searchResult
	// guard keeps the host's work within the budget: total time, maxMem.
	guard  *guard
	total  time.Duration
	maxMem int64
	// hidden is set while a hidden test runs: its fault texts are not
	// shown (the code could write into them what it saw of the test).
	hidden bool
	// stopped says why the guard stopped the last test ("": it did not).
	stopped string
	// sb is the sandbox the calls go to (nil for a listing), and
	// replayRefused is set when a write-up's replay of the running test
	// met a call the sandbox refused (see notRun).
	sb            stoppable
	replayRefused bool
	// codeFrom is the code's own time (codeUsed) when the running test
	// began.
	codeFrom time.Duration
	// failed is set once a test has failed (see notRun).
	failed bool
	// ruleShown names the first test whose message shows a rule the code
	// broke: a hidden test that broke one points there (see pointToRule).
	// ruleSaid is set when the running test's message says one; the test
	// is named once it ends failed with that message (not replaced by a
	// "could not give a verdict").
	ruleShown string
	ruleSaid  bool
}

// stoppable is what the runner asks of its sandbox (sandbox.Sandbox):
// whether it has stopped running the code's calls, and how many it
// refused since.
type stoppable interface {
	Stopped() string
	Refused() int
}

func (r *runner) run(t planned) (rt report.Test, err error) {
	rt = t.result()
	r.hidden, r.stopped, r.replayRefused, r.ruleSaid = t.vis == report.Hidden, "", false, false
	refused := 0
	if r.sb != nil {
		refused = r.sb.Refused()
		defer func() {
			if r.sb.Refused() > refused && (rt.Passed || rt.Counterexample == nil || r.replayRefused) {
				rt, r.ruleSaid = r.notRun(t), false
			}
		}()
	}
	var start time.Duration // on the guard's clock
	if r.guard != nil {
		start = r.guard.clock()
	}
	printed := r.printed()
	r.codeFrom = r.codeUsed()
	defer func() {
		p := recover()
		if p == nil {
			return
		}
		stop, ok := p.(sim.Stop)
		if !ok {
			panic(p)
		}
		rt = t.said(r.stopMessage(stop.Reason, r.guard.clock()-start, printed))
		err, r.stopped, r.ruleSaid = nil, stop.Reason, false
		if stop.Reason == stopMemory {
			runtime.GC() // what the stopped test held, before the next one starts
			debug.FreeOSMemory()
		}
	}()
	switch t.kind {
	case "schedule":
		err = r.schedule(t, &rt)
	case "explore":
		err = r.explore(t, &rt)
	case "walk":
		err = r.walk(t, &rt)
	case "conform":
		err = r.conform(t, &rt)
	case "sets":
		r.sets(&rt)
	}
	if rt.Passed {
		rt.Points = rt.MaxPoints
	}
	return rt, err
}
