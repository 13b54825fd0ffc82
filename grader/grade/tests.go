package grade

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"dmelab/algorithms/explore"
	"dmelab/algorithms/registry"
	"dmelab/algorithms/scenario"
	"dmelab/algorithms/sim"
	"dmelab/grader/report"
	"dmelab/grader/sandbox"
)

// defaultMaxStates bounds a search when the exercise does not.
const defaultMaxStates = 1_000_000

func (r *runner) maxStates() int {
	if r.ex.MaxStates > 0 {
		return r.ex.MaxStates
	}
	return defaultMaxStates
}

// maxBytes bounds the memory of one search: a quarter of the grading's,
// so that a search, its results and the write-up fit together.
func (r *runner) maxBytes() int { return int(r.maxMem / 4) }

// explain is explain, less the fault text when a hidden test runs: the
// code chooses that text, and could write into it what it saw there.
func (r *runner) explain(what string, ce *report.Counterexample, f *fault) string {
	if f != nil && !r.hidden && hiddenFault(f.msg, r.ex.Limits) == hiddenRule {
		r.ruleSaid = true // kept if the test's message is this one (see runner.ruleShown)
	}
	if f != nil && r.hidden {
		g := *f
		g.msg = hiddenFault(f.msg, r.ex.Limits)
		f = &g
	}
	return explain(what, ce, f, r.in)
}

// writeUp is writeUp, with a failed node's fault variable shown only by
// its kind when a hidden test runs (see explain).
func (r *runner) writeUp(in run) (*report.Counterexample, *fault, error) {
	if r.hidden {
		lim := r.ex.Limits
		in.hideFault = func(msg string) string { return hiddenFault(msg, lim) }
	}
	if r.sb != nil {
		// The replay asks the sandbox again for every step: a refused
		// step is not in its memo (sandbox.Sandbox.Call), and is refused
		// again here.
		refused := r.sb.Refused()
		defer func() { r.replayRefused = r.replayRefused || r.sb.Refused() > refused }()
	}
	return writeUp(in)
}

// notRun is test t when the sandbox refused some of its calls, having
// stopped running the code (it ran out of time or crashed too often
// before): a pass there, or a failure that runs through a refused call,
// says nothing of the code, so the test scores nothing and says why,
// instead of showing a run in which steps that never ran "failed". A
// failure found before any refused call stands (see runner.run).
func (r *runner) notRun(t planned) report.Test {
	lim := r.ex.Limits.OrDefault()
	why := r.sb.Stopped()
	var msg string
	switch {
	case strings.Contains(why, "ran out of time"):
		msg = fmt.Sprintf("your code had already run out of time too often in this grading (calls out of time may take %s in all: %s the first, %s each after it)", lim.LostToTimeouts(), lim.Call, lim.AfterTimeout())
	case strings.Contains(why, "used up the time limit"):
		msg = fmt.Sprintf("your code had already used up the time for the whole submission (%s)", lim.Total)
	case strings.Contains(why, "crashed too often"):
		msg = "your code had already crashed too often in this grading"
	default:
		msg = "your code could not be started again after it failed"
	}
	next := " The failed tests above show where; once that is fixed, this test runs."
	if !r.failed {
		// Only the time of the whole submission runs out with no test
		// failing: the steps were slow, not wrong.
		next = " The tests above passed, but their steps took that time: make your code's steps faster, and this test runs."
	}
	rt := t.said("This test could not give a verdict: " + msg + ", and the sandbox ran none of this test's calls from then on." + next + r.printedMuch(why))
	rt.NotRun = true
	return rt
}

// hiddenFault is what a hidden test shows of a fault: its kind, in the
// grader's own words with the exercise's own limits — never the text the
// fault came with, which the code can forge (a panic whose message reads
// like the sandbox's, numbers and all).
func hiddenFault(msg string, lim sandbox.Limits) string {
	lim = lim.OrDefault()
	call, total, memory := lim.Call, lim.Total, lim.Memory
	switch {
	case strings.Contains(msg, "panicked"):
		return "it panicked (a hidden test does not show the panic's message)"
	// The sandbox refuses calls once the code has run out of time too
	// often: the step was never run, and saying it ran out of time would
	// blame a step that did nothing.
	case strings.Contains(msg, "was not run: the code ran out of time"):
		return fmt.Sprintf("it was not run: your code had already run out of time too often in this grading (calls out of time may take %s in all: %s the first, %s each after it)", lim.LostToTimeouts(), call, lim.AfterTimeout())
	case strings.Contains(msg, "was not run: the code has used up the time limit"):
		return fmt.Sprintf("it was not run: your code had already used up the time for the whole submission (%s)", total)
	case strings.Contains(msg, "was not run: the code crashed too often"):
		return "it was not run: your code had already crashed too often in this grading"
	case strings.Contains(msg, "once a call has run out of time"):
		return fmt.Sprintf("it ran out of time (the limit for one call is %s once a call has run out of time, %s before)", lim.AfterTimeout(), call)
	case strings.Contains(msg, "did not finish"), strings.Contains(msg, "ran out of time"), strings.Contains(msg, "time limit"):
		return fmt.Sprintf("it ran out of time (the limits are %s for one call, %s for all of them)", call, total)
	case strings.Contains(msg, "ran out of memory"):
		return fmt.Sprintf("it ran out of memory (the limit is %s)", sandbox.SizeWords(memory))
	case strings.Contains(msg, "overflowed its stack"):
		return "it overflowed its stack"
	}
	// What is left is the step breaking its rules (what it may change
	// and send): the grader's words, but with values the code chose.
	return hiddenRule
}

// hiddenRule is what a hidden test says of a step that broke its rules.
const hiddenRule = "it broke a rule of its step (a hidden test does not show which; a public test or an exploration that breaks the same rule shows it)"

// pointToRule makes each hidden test that says a step broke a rule name
// the test whose message shows a rule the code broke (shownBy, the
// first; none: left as it is). A student reads the feedback from the
// top, and hidden tests come before the explorations that would say
// which rule: without the name, the first failure read says least. The
// name is a visible test's: nothing of the hidden test goes with it.
func pointToRule(res *report.Result, shownBy string) {
	if shownBy == "" {
		return
	}
	said := fmt.Sprintf("it broke a rule of its step (a hidden test does not show which; %s shows a rule your code broke: likely this one)", shownBy)
	for i := range res.Tests {
		if t := &res.Tests[i]; t.Visibility == report.Hidden && !t.Passed {
			t.Message = strings.ReplaceAll(t.Message, hiddenRule, said)
			if ce := t.Counterexample; ce != nil {
				ce.Summary = strings.ReplaceAll(ce.Summary, hiddenRule, said)
			}
		}
	}
}

// schedule runs a scenario file on the student's algorithm: the file
// names the exercise's algorithm, and the harness substitutes the
// student's for it. The test passes when the script runs to its end,
// every expectation holds and no node failed.
func (r *runner) schedule(t planned, rt *report.Test) error {
	sc, err := r.ex.LoadSchedule(*t.sched)
	if err != nil {
		return fmt.Errorf("exercise %s: %v", r.ex.Name, err)
	}
	if t.own && !r.ex.IsListing() {
		defer r.ownOnAlgorithm(t, rt)
	}
	alg := r.alg
	if sc.Setup.Alg.FIFO != alg.FIFO { // the schedule overrides the channels
		cp := *alg
		cp.FIFO = sc.Setup.Alg.FIFO
		alg = &cp
	}
	sc.Setup.Alg = alg
	if r.ex.Reference != nil {
		if msg := missingNames(t, alg); msg != "" {
			rt.Message = msg
			return nil
		}
	}
	if _, err := sc.Setup.World(); err != nil {
		rt.Message = r.notBuilt(err)
		return nil
	}
	res := scenario.Run(sc, scenario.Options{MaxStates: r.maxStates(), MaxBytes: r.maxBytes(), Progress: r.guard.progress})
	hidden := t.vis != report.Public
	st := &sc.Setup
	// A node that failed is the first thing to say.
	if ce, f, err := r.writeUp(run{st: st, events: res.Events, prop: "schedule", kind: "node failure", loop: -1}); err == nil && f != nil {
		cut := res.Events[:f.step+1]
		msg := f.msg
		if r.hidden {
			msg = hiddenFault(msg, r.ex.Limits)
		}
		ce, f, _ = r.writeUp(run{st: st, events: cut, prop: "schedule", kind: "node failure", summary: fmt.Sprintf("%s failed: %s", st.Names[f.node], msg), loop: -1})
		rt.Counterexample = ce
		rt.Message = r.explain("The schedule made a node fail.", ce, f)
		return nil
	}
	// Then the first failure in the file: an expectation that did not
	// hold says more about the code than the line it made impossible
	// later ("deliver N1->N2 release" is not possible now).
	var failed *scenario.ExpectResult
	for _, e := range res.Expects {
		if e.Status != scenario.Pass {
			failed = e
			break
		}
	}
	if res.Stopped != nil && (failed == nil || !before(failed.Pos, res.Stopped.Pos)) {
		rt.At = schedAt(t, res.Stopped.Pos)
		where := ""
		if !hidden {
			where = schedLine(t, res.Stopped.Pos.Line)
		}
		// A line the code can take more than one way: the scenario asks
		// its author to write more of it, but the student has a step
		// with a choice the schedule does not expect.
		summary, what := res.Stopped.Msg, fmt.Sprintf("The schedule could not go on after step %d%s: %s.", len(res.Events), where, strings.TrimSuffix(res.Stopped.Msg, "."))
		if a := ambiguous(res); a != nil {
			summary, what = a.summary(), fmt.Sprintf("The schedule could not go on after step %d. %s.", len(res.Events), a.message(where))
		}
		ce, f, err := r.writeUp(run{st: st, events: res.Events, prop: "schedule", kind: "stopped", summary: summary, loop: -1})
		if err != nil {
			return err
		}
		if text := r.asWritten(t, alg, res.Events, res.Stopped.Pos, "stopped: "+summary); text != "" {
			ce.Scenario = text
		}
		rt.Counterexample = ce
		rt.Message = r.explain(what+r.wouldFail(st, res.Events), ce, f)
		return nil
	}
	if failed != nil {
		return r.expectation(t, rt, st, res, failed)
	}
	rt.Passed = true
	if t.own && len(res.Events) > 0 {
		// The student wrote this run to see what their code does in it.
		ce, _, err := r.writeUp(run{st: st, events: res.Events, prop: "schedule", kind: "passed", loop: -1})
		if err != nil {
			return err
		}
		rt.Counterexample = ce
	}
	return nil
}

// ownOnAlgorithm adds to the message of a student's own schedule where
// the exercise's algorithm itself goes against it (exercise.OnAlgorithm):
// a student's expectation may be wrong, and the code they compare with
// the algorithm then looks wrong, or right, for the wrong reason.
func (r *runner) ownOnAlgorithm(t planned, rt *report.Test) {
	msg, stopped := r.ex.OnAlgorithm(*t.sched)
	if msg == "" {
		return
	}
	// The line is an expectation or, when the algorithm cannot even
	// take it, a step or delivery the run was to make.
	what := "the expectation"
	if stopped {
		what = "your schedule"
	}
	note := fmt.Sprintf("Note: %s: %s, not your code, may be what is wrong.", msg, what)
	if rt.Passed {
		note = fmt.Sprintf("Note: %s: your code does here what %s does not.", msg, r.ex.Algorithm)
	}
	rt.Message = strings.TrimSpace(rt.Message + " " + note)
}

// missingNames says which names a listing exercise's schedule uses that
// the student's listing lacks (a variable renamed, a message kind spelled
// otherwise), or "" when it has them all. The schedule was checked
// against the reference; without this its expectations would read a
// missing variable as blank ("N1 deferred is ."). A hidden schedule's
// names are not shown.
func missingNames(t planned, alg *sim.Algorithm) string {
	_, err := scenario.LoadWith(t.sched.Path, t.sched.Text, alg)
	var list scenario.ErrorList
	if err == nil || !errors.As(err, &list) {
		return ""
	}
	// Only the names: another difference (a listing with two servers,
	// say) is the run's to show, as the step that could not happen.
	var msgs []string
	for _, e := range list {
		name := strings.Contains(e.Msg, " has no variable ") || strings.Contains(e.Msg, " has no message ")
		if name && !slices.Contains(msgs, e.Msg) && len(msgs) < 3 {
			msgs = append(msgs, e.Msg)
		}
	}
	if len(msgs) == 0 {
		return ""
	}
	if t.vis != report.Public {
		return "This schedule looks at a variable or a message kind your listing does not declare. Keep the starter's names: the schedules look at them (a public test that does so names them)."
	}
	return fmt.Sprintf("This schedule looks at names your listing does not declare: %s. Keep the starter's names: the schedules look at them.", strings.Join(msgs, "; "))
}

// wouldFail says which of the events possible after events would make
// a node fail, and why: where a schedule's line could not run because the
// code's step breaks a rule (the only step possible is "step N1 P2
// fails"), the reason is what the student needs, not the list of what
// was possible. Empty if none would.
func (r *runner) wouldFail(st *scenario.Setup, events []sim.Event) string {
	w, err := st.World()
	if err != nil {
		return ""
	}
	for _, e := range events {
		if _, err := w.Apply(e); err != nil {
			return ""
		}
	}
	for _, e := range w.Events(nil) {
		// Only steps: listing the events ran them already, to label them
		// ("step N1 P2 fails"), so applying one asks the sandbox nothing
		// new. A delivery would run a handler the schedule never reached,
		// which might loop and cost the rest of the grading its time.
		if e.Kind != sim.EvStep {
			continue
		}
		c := w.Clone()
		if _, err := c.Apply(e); err != nil {
			continue
		}
		n, ok := c.Nodes[e.Node].(sim.Faulter)
		if !ok || n.Fault() == "" {
			continue
		}
		if o, ok := w.Nodes[e.Node].(sim.Faulter); ok && o.Fault() != "" {
			continue // it had failed already
		}
		msg := report.Visible(n.Fault(), report.MaxFault)
		if r.hidden {
			msg = hiddenFault(msg, r.ex.Limits)
		}
		return fmt.Sprintf(" %s's next step would fail: %s.", st.Names[e.Node], strings.TrimSuffix(msg, "."))
	}
	return ""
}

// expectation writes up the first expectation that did not hold: the run
// up to it, followed by the completion that breaks a property when the
// expectation was about one.
func (r *runner) expectation(t planned, rt *report.Test, st *scenario.Setup, res *scenario.Result, e *scenario.ExpectResult) error {
	var prefix []sim.Event
	for i, s := range res.Steps {
		if before(s.Pos, e.Pos) {
			prefix = append(prefix, res.Events[i])
		}
	}
	rt.At = schedAt(t, e.Pos)
	where := ""
	if t.vis == report.Public {
		where = schedLine(t, e.Pos.Line)
	}
	in := run{st: st, events: prefix, prop: "schedule", kind: "expectation failed", loop: -1, summary: e.Got}
	what := fmt.Sprintf("\"%s\"%s does not hold after step %d: %s.", e.Text, where, len(prefix), strings.TrimSuffix(e.Got, "."))
	if e.Status == scenario.Undecided {
		what = fmt.Sprintf("\"%s\"%s could not be decided after step %d: %s.", e.Text, where, len(prefix), strings.TrimSuffix(e.Got, "."))
	}
	if w := e.Witness; w != nil {
		evs, err := completion(st, prefix, w.Events)
		if err == nil {
			prop := strings.Fields(strings.TrimPrefix(e.Text, "expect "))[0]
			in = run{st: st, events: evs, prop: prop, kind: w.Kind, summary: w.Summary, loop: -1, expects: []string{r.replayExpect(prop)}}
			if w.Loop >= 0 {
				in.loop = len(prefix) + w.Loop
			}
			what = fmt.Sprintf("\"%s\"%s does not hold: %s", e.Text, where, w.Summary)
		}
	} else {
		in.expects = []string{strings.TrimPrefix(e.Text, "expect ")}
	}
	ce, f, err := r.writeUp(in)
	if err != nil {
		return err
	}
	if e.Witness == nil && !r.ex.IsListing() {
		ce.Scenario = keptOnReference(ce.Scenario)
	}
	if e.Witness == nil {
		if text := r.asWritten(t, st.Alg, prefix, e.Pos, "expectation failed: "+e.Got); text != "" {
			ce.Scenario = text
		}
	}
	rt.Counterexample = ce
	rt.Message = r.explain(what, ce, f)
	return nil
}

// asWritten is the replay of a listing exercise's public schedule (or
// the student's own) that stopped, or broke an expectation, at pos: the
// schedule's own lines up to that line (and a "}" if it is inside a
// schedule block), then what went wrong as a comment. The feedback cites
// the schedule's line ("public/arrival_order.scn:10"), and the playground,
// replaying the schedule on the student's listing, marks the same line:
// the run written out event by event (FromTrace) starts with a header and
// a schedule block, and its expectation would be on line 12. Kept only
// when it runs on the listing to the very events the grader's run took
// and fails at that line; otherwise (a Go exercise's, whose replay runs
// on the exercise's own algorithm; a hidden schedule, whose text is not
// shown; an include; a line in an included file) "".
func (r *runner) asWritten(t planned, alg *sim.Algorithm, events []sim.Event, pos scenario.Pos, note string) string {
	if !r.ex.IsListing() || t.vis != report.Public || t.sched == nil || pos.Line <= 0 ||
		pos.File != "" && pos.File != t.sched.Path || strings.ContainsRune(string(t.sched.Text), '\r') {
		return ""
	}
	lines := strings.Split(string(t.sched.Text), "\n")
	if pos.Line > len(lines) {
		return ""
	}
	cut := strings.Join(lines[:pos.Line], "\n") + "\n"
	comment := "# " + oneLine(note) + "\n"
	for _, text := range []string{cut + comment, cut + "}\n" + comment} {
		sc, err := scenario.LoadWith(t.sched.Path, []byte(text), alg)
		if err != nil {
			continue
		}
		res := scenario.Run(sc, scenario.Options{MaxStates: r.maxStates(), MaxBytes: r.maxBytes(), Progress: r.guard.progress})
		if len(res.Events) != len(events) {
			return ""
		}
		for i := range events {
			if res.Events[i] != events[i] {
				return ""
			}
		}
		at := 0 // the line the replay fails at
		if res.Stopped != nil {
			at = res.Stopped.Pos.Line
		}
		for _, x := range res.Expects {
			if x.Status != scenario.Pass && (at == 0 || x.Pos.Line < at) {
				at = x.Pos.Line
			}
		}
		if at != pos.Line {
			return ""
		}
		return text
	}
	return ""
}

// keptOnReference is a Go file's replay of a failed expectation (its
// closing line), as the playground will run it: on the
// exercise's own algorithm. The student's events can leave that
// algorithm short of what the expectation asks (a message the student's
// code never sent, so never answered), and a replay whose expectation
// fails there reads as the replay, or the reference, failing: the
// expectation is then left as a comment, what the test asked of the
// student's code.
func keptOnReference(text string) string {
	sc, err := scenario.Load("replay.scn", []byte(text))
	if err == nil {
		res := scenario.Run(sc, scenario.Options{})
		ok := res.Stopped == nil
		for _, x := range res.Expects {
			ok = ok && x.Status == scenario.Pass
		}
		if ok {
			return text
		}
	}
	i := strings.LastIndex(text, "\nexpect ")
	if i < 0 {
		return text
	}
	return text[:i+1] + "# The test expected of your code, after these steps:\n# " + strings.TrimSpace(text[i+1:]) + "\n# (The exercise's own algorithm, which this replay runs, is elsewhere\n# after your steps: compare its steps with yours.)\n"
}

// schedLine names a line of a public schedule by its file: the feedback
// sits under the student's own file, whose line numbers a bare "(line
// 13)" would seem to mean.
func schedLine(t planned, line int) string {
	if t.sched == nil || t.sched.Path == "" {
		return fmt.Sprintf(" (line %d of the schedule)", line)
	}
	return fmt.Sprintf(" (%s:%d)", t.sched.Path, line)
}

// schedAt is where p is in t's schedule, "file:line" (report.Test.At):
// p's own file where the schedule includes another.
func schedAt(t planned, p scenario.Pos) string {
	f := p.File
	if f == "" && t.sched != nil {
		f = t.sched.Path
	}
	if f == "" {
		return ""
	}
	return fmt.Sprintf("%s:%d", f, p.Line)
}

// before reports whether a comes before b in the file.
func before(a, b scenario.Pos) bool {
	return a.Line < b.Line || a.Line == b.Line && a.Col < b.Col
}

// completion replays prefix, then the witness's events (canonical lines
// in the scenario's names, which exercises keep as N1..Nn, the
// simulator's own).
func completion(st *scenario.Setup, prefix []sim.Event, lines []string) ([]sim.Event, error) {
	w, err := st.World()
	if err != nil {
		return nil, err
	}
	for _, e := range prefix {
		if _, err := w.Apply(e); err != nil {
			return nil, err
		}
	}
	evs := append([]sim.Event(nil), prefix...)
	for _, l := range lines {
		e, err := w.FindEvent(l)
		if err != nil {
			return nil, err
		}
		if _, err := w.Apply(e); err != nil {
			return nil, err
		}
		evs = append(evs, e)
	}
	return evs, nil
}

// explore checks the properties of t exhaustively. One search settles
// every property of a configuration; the tests that score single
// properties share it.
func (r *runner) explore(t planned, rt *report.Test) error {
	x := t.expl
	props := strings.Split(t.prop, ",")
	cfg := explore.Config{Alg: r.alg, Sim: sim.Config{N: x.Nodes}, Opts: sim.Options{Requests: x.Requests, Crashes: x.Crashes}, Props: x.Props, MaxStates: r.maxStates(),
		MaxBytes: r.maxBytes(), ProgressEvery: 1 << 12}
	for _, p := range x.Props {
		if p == explore.Order {
			cfg.Opts.AppMsgs = 1
		}
	}
	done, ok := r.searched[x]
	if !ok {
		start, printed, refused, code := r.guard.now(), r.printed(), r.refusedCalls(), r.codeUsed()
		func() {
			// A search stopped by the guard stays stopped for the tests
			// of its other properties, which share it.
			defer func() {
				if p := recover(); p != nil {
					if stop, ok := p.(sim.Stop); ok {
						r.searched[x] = searchResult{stop: &searchStop{stop: stop, by: rt.Name, used: r.guard.now() - start,
							last: r.guard.last, printed: r.printed().Since(printed), code: r.codeUsed() - code, refused: r.refusedCalls() > refused}}
					}
					panic(p)
				}
			}()
			done.res, done.err = r.search(func(c explore.Config) (*explore.Result, error) { return explore.Check(c) }, cfg)
		}()
		if done.err == errCanceled {
			return done.err
		}
		done.refused = r.refusedCalls() > refused
		r.searched[x] = done
	}
	if done.stop != nil {
		if ok && done.stop.refused {
			// The sandbox refused calls of the stopped search this
			// test shares: its first test reads not run (runner.run),
			// and so does this one.
			*rt = r.notRun(t)
			return nil
		}
		r.guard.shared = done.stop
		panic(done.stop.stop)
	}
	if done.err != nil {
		rt.Message = r.notBuilt(done.err)
		return nil
	}
	err := r.verdicts(rt, cfg, props, done.res, true)
	if ok && done.refused && err == nil && (rt.Passed || rt.Counterexample == nil || r.replayRefused) {
		// As runner.run judges the search's first test: a verdict
		// through calls the sandbox refused says nothing of the code.
		*rt, r.ruleSaid = r.notRun(t), false
	}
	return err
}

// searchResult is a finished search, or one the guard stopped; refused
// says that the sandbox refused some of the finished search's calls.
type searchResult struct {
	res     *explore.Result
	err     error
	stop    *searchStop
	refused bool
}

// walk runs seeded random walks: they can find violations, never prove
// their absence, so a walk that finds none passes.
func (r *runner) walk(t planned, rt *report.Test) error {
	w := t.walk
	cfg := explore.Config{Alg: r.alg, Sim: sim.Config{N: w.Nodes}, Opts: sim.Options{Requests: w.Requests, Crashes: w.Crashes}, Props: w.Props}
	wc := explore.WalkConfig{Config: cfg, Seed: w.Seed, Walks: w.Walks, Depth: w.Depth}
	res, err := r.search(func(c explore.Config) (*explore.Result, error) { wc.Config = c; return explore.Walk(wc) }, cfg)
	if err != nil {
		if err == errCanceled {
			return err
		}
		rt.Message = r.notBuilt(err)
		return nil
	}
	r.shorten(cfg, res)
	return r.verdicts(rt, cfg, w.Props, res, false)
}

// shorten replaces the counterexamples random walks found by shorter
// runs of the same failure. A walk is as long as chance made it; the
// student deserves a run with nothing in it that does not matter. The
// walk's events are removed one at a time, replaying the rest leniently
// (an event that is no longer possible is dropped with it, so removing a
// send removes its delivery), as long as the run still ends in the same
// failure: two nodes in the CS, or a deadlock.
func (r *runner) shorten(cfg explore.Config, res *explore.Result) {
	for p, t := range res.Counterexamples {
		if short := minimize(cfg, t); short != nil {
			short.Property = p
			res.Counterexamples[p] = short
		}
	}
}

// maxReplays bounds the work of minimize.
const maxReplays = 5000

func minimize(cfg explore.Config, t *explore.Trace) *explore.Trace {
	if t.Kind != "two nodes in the CS" && t.Kind != "deadlock" {
		return nil
	}
	st := scenario.NewSetup(cfg.Alg, nil, cfg.Sim, cfg.Opts)
	evs, err := scenario.Replay(st, t.Events())
	if err != nil {
		return nil
	}
	replays := 0
	// fails replays try leniently, then lets the system finish what it
	// is forced to do (the first forced event each time, as the scenario
	// language's run does), and returns the events applied and whether
	// the run ends in the failure.
	fails := func(try []sim.Event) ([]sim.Event, bool) {
		replays++
		w, err := st.World()
		if err != nil {
			return nil, false
		}
		var done []sim.Event
		apply := func(e sim.Event) bool {
			if _, err := w.Apply(e); err != nil {
				return false
			}
			done = append(done, e)
			return true
		}
		for _, e := range try {
			if apply(e) && w.Unsafe() {
				return done, t.Kind == "two nodes in the CS"
			}
		}
		for k := 0; k < 4*len(t.Steps); k++ {
			e, ok := forced(w)
			if !ok {
				break
			}
			if apply(e) && w.Unsafe() {
				return done, t.Kind == "two nodes in the CS"
			}
		}
		return done, t.Kind == "deadlock" && deadlocked(w)
	}
	if _, ok := fails(evs); !ok {
		return nil
	}
	for changed := true; changed && replays < maxReplays; {
		changed = false
		for i := 0; i < len(evs) && replays < maxReplays; i++ {
			try := append(append([]sim.Event(nil), evs[:i]...), evs[i+1:]...)
			if done, ok := fails(try); ok && len(done) < len(evs) {
				evs, changed = done, true
				i--
			}
		}
	}
	if len(evs) >= len(t.Steps) {
		return nil
	}
	short, err := explore.TraceOf(cfg, evs, t.Kind)
	if err != nil {
		return nil
	}
	return short
}

// forced returns the first event the system is forced to take (a step,
// a delivery, an exit from the CS), if there is one.
func forced(w *sim.World) (sim.Event, bool) {
	for _, e := range w.Events(nil) {
		switch e.Kind {
		case sim.EvStep, sim.EvDeliver, sim.EvExit:
			return e, true
		}
	}
	return sim.Event{}, false
}

// deadlocked is the explorer's deadlock: some live node waits or cannot
// finish leaving (for an election: some live node has not elected the
// highest live node), and nothing the system is forced to do can happen
// (only an application could still call enter(), send or crash). A
// crashed node's own pending request is no deadlock, as in the explorer.
func deadlocked(w *sim.World) bool {
	busy := false
	for i, n := range w.Nodes {
		busy = busy || n.Phase() != sim.Idle && w.Crashed&(1<<i) == 0
	}
	if w.Alg.Election { // election nodes are always idle: some live node has not elected the highest
		busy = w.Waiting() != 0
	}
	if !busy {
		return false
	}
	_, ok := forced(w)
	return !ok
}

// search runs a search, stopping it (by a panic from its progress
// callback, caught here) when the grading's context ends.
func (r *runner) search(f func(explore.Config) (*explore.Result, error), cfg explore.Config) (res *explore.Result, err error) {
	cfg.Progress = func(p explore.Progress) {
		if r.ctx.Err() != nil {
			panic(errCanceled)
		}
		r.guard.progress(p)
	}
	if cfg.ProgressEvery <= 0 {
		cfg.ProgressEvery = 1 << 12
	}
	defer func() {
		if p := recover(); p != nil {
			if p != errCanceled {
				panic(p)
			}
			res, err = nil, errCanceled
		}
	}()
	return f(cfg)
}

// replayExpect is the closing expectation of the replay of a run that
// broke prop. A listing's replay runs the student's listing, which
// breaks it there: "violated". A Go file's runs on the exercise's own
// algorithm (the playground runs no student Go), which keeps it: "holds",
// what the code should have done, shown holding beside the student's
// run, where "violated" read as the replay failing.
func (r *runner) replayExpect(prop string) string {
	if r.ex != nil && r.ex.IsListing() {
		return prop + " violated"
	}
	return prop + " holds"
}

// verdicts turns a search's verdicts into the test's outcome: the first
// violated property (the shortest counterexample), or an undecided one.
func (r *runner) verdicts(rt *report.Test, cfg explore.Config, props []string, res *explore.Result, exhaustive bool) error {
	var worst *explore.Trace
	for _, p := range props {
		if t := res.Counterexamples[p]; t != nil && (worst == nil || len(t.Steps) < len(worst.Steps)) {
			worst = t
			worst.Property = p
		}
	}
	if worst != nil {
		opts := cfg.Opts
		if worst.Property == explore.Order {
			opts.Order = true
		}
		st := scenario.NewSetup(cfg.Alg, nil, cfg.Sim, opts)
		evs, err := scenario.Replay(st, worst.Events())
		if err != nil {
			return fmt.Errorf("replaying a counterexample: %v", err)
		}
		ce, f, err := r.writeUp(run{st: st, events: evs, prop: worst.Property, kind: worst.Kind, summary: worst.Summary, loop: worst.Loop, expects: []string{r.replayExpect(worst.Property)}})
		if err != nil {
			return err
		}
		rt.Counterexample = ce
		rt.Message = r.explain(fmt.Sprintf("%s fails (%s): %s", strings.ToUpper(worst.Property[:1])+worst.Property[1:], worst.Kind, worst.Summary), ce, f) + others(props, worst.Property, res, exhaustive)
		return nil
	}
	if msg := r.vacuous(cfg, props, res, exhaustive); msg != "" {
		rt.Message = msg
		return nil
	}
	for _, p := range props {
		if exhaustive && res.Verdicts[p] != explore.Holds {
			why := res.Stopped()
			if why == "" {
				why = "the search did not settle it"
			}
			if failed := r.failedNode(cfg, res); failed != "" {
				rt.Message = fmt.Sprintf("%s before it could settle %s: the system has more states than the reference's. %s", capital(why), p, failed)
				return nil
			}
			rt.Message = fmt.Sprintf("%s before it could settle %s: the system has more states than the reference's (does something grow without end: numbers, queues, messages in flight?).", capital(why), p)
			return nil
		}
	}
	rt.Passed = true
	return nil
}

// others says, for a test that scores several properties together and
// failed on shown, what became of the others: a student who fixed one of
// two mistakes sees the same score and the same test failing, and only
// this line says the fix took ("Safety holds in every schedule of this
// configuration: liveness is what is left."). A property that holds only
// because nobody entered (see vacuous) is not said to hold; walks prove
// nothing holds, and say only what else they broke.
func others(props []string, shown string, res *explore.Result, exhaustive bool) string {
	if len(props) < 2 {
		return ""
	}
	var hold, fail []string
	for _, p := range props {
		switch {
		case p == shown:
		case res.Verdicts[p] == explore.Violated:
			fail = append(fail, p)
		case exhaustive && res.Verdicts[p] == explore.Holds && (p == explore.Liveness || res.SawDecision):
			hold = append(hold, p)
		}
	}
	out := ""
	if len(fail) > 0 {
		out += fmt.Sprintf(" %s fails too (the run shown is the shortest of them).", capital(strings.Join(fail, " and ")))
	}
	if len(hold) > 0 {
		verb := "holds"
		if len(hold) > 1 {
			verb = "hold"
		}
		out += fmt.Sprintf(" %s %s in every schedule of this configuration: %s is what is left to fix here.", capital(strings.Join(hold, " and ")), verb, strings.Join(append([]string{shown}, fail...), " and "))
	}
	return out
}

// vacuous says why safety or Order, which a search or the walks found
// holding, earns nothing: no node ever entered the critical section (in an
// election: elected a leader), so nothing could be unsafe (a starter that
// does nothing would score its safety points). A search in full that
// stored no such state proves it; a reduced one may store none though one
// is reachable, so a search in full settles it, and only a complete one
// that saw none says no. Walks speak only of themselves: no walk let a
// node in. Empty when neither is in props or someone entered.
func (r *runner) vacuous(cfg explore.Config, props []string, res *explore.Result, exhaustive bool) string {
	// Safety, or Order (a node entering before an earlier enter() call),
	// whichever the test scores: both hold when nobody gets in.
	p := ""
	for _, q := range []string{explore.Safety, explore.Order} {
		if p == "" && slices.Contains(props, q) && res.Verdicts[q] != explore.Violated {
			p = q
		}
	}
	if p == "" || res.SawDecision {
		return ""
	}
	what := capital(p)
	if !exhaustive {
		if r.alg.Election {
			return fmt.Sprintf("%s was never put to the test: in none of the walks did a node elect a leader, so none could elect a wrong one. %s is scored once nodes elect.", what, what)
		}
		return fmt.Sprintf("%s was never put to the test: in none of the walks did a node enter the critical section. %s is scored once nodes get in.", what, what)
	}
	if res.Verdicts[p] != explore.Holds {
		return "" // not settled: said as such
	}
	states := res.States
	if res.Reduced {
		full := cfg
		full.NoReduce, full.Props = true, []string{p}
		f, err := r.search(func(c explore.Config) (*explore.Result, error) { return explore.Check(c) }, full)
		if err != nil || f.SawDecision || !f.Complete {
			return ""
		}
		states = f.States
	} else if !res.Complete {
		return ""
	}
	if r.alg.Election {
		return fmt.Sprintf("%s holds only because no node ever elects a leader: in none of this configuration's schedules (%d states) does a node decide, so none can elect a wrong one. %s is scored once nodes can elect.", what, states, what)
	}
	return fmt.Sprintf("%s holds only because no node ever enters the critical section: in none of this configuration's schedules (%d states) does a node get in. %s is scored once nodes can enter.", what, states, what)
}

// failedNode says where a search that did not settle a property made a
// node fail, if one of its counterexamples (another test's, of the same
// search) shows that: a node that failed takes no more messages, so what
// is sent to it piles up, and the search may have run out of room for
// that reason alone, not for a design that grows.
func (r *runner) failedNode(cfg explore.Config, res *explore.Result) string {
	for _, p := range explore.Properties {
		t := res.Counterexamples[p]
		if t == nil {
			continue
		}
		st := scenario.NewSetup(cfg.Alg, nil, cfg.Sim, cfg.Opts)
		evs, err := scenario.Replay(st, t.Events())
		if err != nil {
			continue
		}
		if _, f, err := r.writeUp(run{st: st, events: evs, prop: p, kind: t.Kind, loop: -1}); err == nil && f != nil {
			if r.hidden {
				f.msg = hiddenFault(f.msg, r.ex.Limits)
			}
			return fmt.Sprintf("In a run it searched, %s failed at step %d: %s (this configuration's %s test shows the run). A node that failed takes no more messages, and what is sent to it piles up: fix the failure first.",
				st.Names[f.node], f.step+1, strings.TrimSuffix(f.msg, "."), p)
		}
	}
	return ""
}

// conform searches every schedule of t's configuration with the
// student's code in step with the exercise's algorithm, and writes up the
// shortest run where they part.
func (r *runner) conform(t planned, rt *report.Test) error {
	c := t.conf
	ref := registry.Lookup(r.ex.Algorithm)
	cfg := explore.Config{Alg: r.alg, Sim: sim.Config{N: c.Nodes}, Opts: sim.Options{Requests: c.Requests}, MaxStates: r.maxStates(), ProgressEvery: 1 << 12}
	var res *explore.ConformResult
	_, err := r.search(func(cfg explore.Config) (*explore.Result, error) {
		var err error
		res, err = explore.Conform(cfg, ref)
		return nil, err
	}, cfg)
	if err == errCanceled {
		return err
	}
	if err != nil {
		rt.Message = r.notBuilt(err)
		return nil
	}
	d := res.Divergence
	if d == nil {
		if !res.Complete {
			rt.Message = fmt.Sprintf("The search stopped at its bound of %d states before it could compare every schedule: the system has more states than %s (do numbers or sets grow without end?).", cfg.MaxStates, r.ex.Algorithm)
			return nil
		}
		rt.Passed = true
		return nil
	}
	st := scenario.NewSetup(r.alg, nil, cfg.Sim, cfg.Opts)
	ce, f, err := r.writeUp(run{st: st, events: d.Events, prop: report.Conformance, kind: "differs from " + r.ex.Algorithm, summary: d.Summary, loop: -1})
	if err != nil {
		return err
	}
	rt.Counterexample = ce
	what := fmt.Sprintf("Your code does not do what %s does.", r.ex.Algorithm)
	switch d.Where {
	case explore.InitialState:
		what += fmt.Sprintf(" Before anything happens, %s has %q, yours %q.", r.ex.Algorithm, d.Ref, d.Got)
	case explore.State:
		what += fmt.Sprintf(" After step %d (%s), %s has %q, yours %q.", len(d.Events), d.Lines[len(d.Lines)-1], r.ex.Algorithm, d.Ref, d.Got)
	default:
		n := len(d.Events) // the shared run, and the parting step when the code took one
		if n > 0 && d.Lines[n-1] == d.Got {
			n--
		}
		what += fmt.Sprintf(" After %s, %s would do %q; yours does %q.", plural(n, "step"), r.ex.Algorithm, d.Ref, d.Got)
	}
	rt.Message = r.explain(what, ce, f)
	return nil
}

// capital starts s with a capital letter.
func capital(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// plural is "1 step", "2 steps".
func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}

// sets checks the student's voting sets for every n the exercise lists.
func (r *runner) sets(rt *report.Test) {
	for _, n := range r.ex.VotingSets {
		if _, err := r.in.Sets(r.call, n); err != nil {
			rt.Message = strings.TrimSuffix(err.Error(), ".") + "."
			return
		}
	}
	rt.Passed = true
}

// notBuilt says why a test's system could not be built. The reason may
// carry the student's own words (VotingSets panicking with a message of
// its own): a hidden test shows none, as it shows no other text the code
// wrote (a file could spell out what a hidden test fed it), only that
// the code failed while the system was set up.
func (r *runner) notBuilt(err error) string {
	if r.hidden {
		return "The system could not be built: your code failed while it was set up (a hidden test does not show what it said)."
	}
	return fmt.Sprintf("The system could not be built: %v.", strings.TrimSuffix(err.Error(), "."))
}
