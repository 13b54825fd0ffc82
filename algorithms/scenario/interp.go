package scenario

import (
	"fmt"
	"strings"

	"dmelab/algorithms/explore"
	"dmelab/algorithms/sim"
)

// Options tune a run.
type Options struct {
	// MaxStates bounds each exploration of completions (0: a million
	// states for the explorer, which stores them compactly, and 300000 for
	// the scenario's own search from a later state).
	MaxStates int
	// MaxRun bounds the events one run statement may take (0: 10000).
	MaxRun int
	// MaxInFlight bounds the messages in flight during a run statement
	// (0: 4n²+16 for n nodes).
	MaxInFlight int
	// MaxBytes bounds the memory of each exploration (explore.Config's
	// MaxBytes; 0: no bound besides MaxStates).
	MaxBytes int
	// Progress, if set, hears from each exploration every few thousand
	// states (a caller can stop a run from it: see sim.Stop).
	Progress func(explore.Progress)
	// SearchEach searches at every property expectation, even where an
	// earlier search answers for its state (see Verdicts.Within): for
	// comparing the two.
	SearchEach bool
}

// Result is what running a scenario did.
type Result struct {
	Name      string   `json:"name"`
	Algorithm string   `json:"algorithm"`
	Nodes     []string `json:"nodes"`
	// Initial holds each node's variables before the first event, as
	// "N3: state=RELEASED ...".
	Initial []string        `json:"initial"`
	Steps   []Step          `json:"steps"`
	Entries []Entry         `json:"entries"`
	Expects []*ExpectResult `json:"expectations"`
	// Stopped is set when the script could not go on (an event that is not
	// possible, a run that cannot reach its condition); the expectations
	// after it are NotReached.
	Stopped *Error `json:"stopped,omitempty"`
	// Ambiguous is set when the script stopped at an event line that
	// names several possible events leading to different states (a step
	// whose code has a choice: chooseNumber() = 1 or 2).
	Ambiguous *Ambiguity `json:"ambiguous,omitempty"`
	// Messages counts the algorithm messages sent.
	Messages int `json:"messages"`
	// Events are the simulator events applied, in order (Final's indices).
	Events []sim.Event `json:"-"`
	// Final is the world at the end, with the scenario's names.
	Final *sim.World `json:"-"`
	setup *Setup
	end   *sim.World // Final with the simulator's names (see renamer)
}

// Ambiguity is an event line that names several possible events: the
// line, and each event's whole text (in the scenario's names), which
// begins with it.
type Ambiguity struct {
	Line   string   `json:"line"`
	Events []string `json:"events"`
}

// Step is one event of the run.
type Step struct {
	Pos   Pos      `json:"pos"`   // the statement that caused it (an event, or a run)
	Event string   `json:"event"` // canonical form, in the scenario's names
	Text  string   `json:"text"`  // in words
	Nodes []string `json:"nodes"`
	// Changed marks the nodes whose variables this event changed.
	Changed []bool `json:"changed"`
	Net     string `json:"net"`
	Entered string `json:"entered,omitempty"` // the node that entered the CS with this event
	Unsafe  bool   `json:"unsafe,omitempty"`  // two or more nodes are in the CS after it
	Order   bool   `json:"order,omitempty"`   // it broke the Order property
	// WrongLeader (elections), e.g. "N1 elects N2, which has crashed":
	// the node that acted elected a leader other than the highest live
	// node (the seed's Safe), and why (sim.World.WrongLeaderText).
	WrongLeader string `json:"wrong_leader,omitempty"`
}

// Entry is one entry into the critical section.
type Entry struct {
	Step int    `json:"step"` // index into Steps
	Node string `json:"node"`
}

// Status of an expectation.
type Status string

const (
	Pass       Status = "ok"
	Fail       Status = "FAIL"
	Undecided  Status = "UNKNOWN"
	NotReached Status = "not reached"
)

// ExpectResult is one expectation's outcome.
type ExpectResult struct {
	Pos    Pos    `json:"pos"`
	Text   string `json:"text"` // the expectation, canonical
	Status Status `json:"status"`
	// Got says what happened (for a failure: what happened instead).
	Got string `json:"got"`
	// Witness: for a property expectation settled by a run, the events of
	// that run from the expectation's point.
	Witness *Witness `json:"witness,omitempty"`
	// After is how many of the script's steps ran before the search that
	// settled a property expectation: the witness's steps, and the step
	// numbers its summary gives, count from the first step after them.
	After int `json:"after,omitempty"`
}

// Exit is the exit status dmelab run should use: 0 the script ran to its
// end and every expectation held, 1 an expectation failed or the script
// stopped (an event that was not possible), 3 some property expectation
// could not be decided (a search bound) and none failed.
func (r *Result) Exit() int {
	if r.Stopped != nil {
		return 1
	}
	code := 0
	for _, e := range r.Expects {
		switch e.Status {
		case Fail, NotReached:
			return 1
		case Undecided:
			code = 3
		}
	}
	return code
}

// OK reports whether the script ran to its end and every expectation held.
func (r *Result) OK() bool {
	if r.Stopped != nil {
		return false
	}
	for _, e := range r.Expects {
		if e.Status != Pass {
			return false
		}
	}
	return true
}

// Run runs the scenario's script on a fresh world: events in order, run
// statements under the default policy, expectations at their place. It
// never fails: problems are reported in the Result.
func Run(s *Scenario, opts Options) *Result {
	if opts.MaxRun <= 0 {
		opts.MaxRun = 10000
	}
	st := &s.Setup
	w, err := st.world()
	res := &Result{Name: s.File.Name, Algorithm: st.Alg.Name, Nodes: st.Names, setup: st}
	if err != nil {
		res.Stopped = stopped(Pos{File: s.File.Name}, "%v", err)
		return res
	}
	r := &runner{s: s, opts: opts, w: w, v: view{w, renamer(st.Names)}, res: res}
	for i := range w.Nodes {
		res.Initial = append(res.Initial, st.Names[i]+": "+r.v.node(i))
	}
	for i, stmt := range s.Script {
		r.at = i
		if res.Stopped != nil {
			if e, ok := stmt.(*ExpectStmt); ok {
				res.Expects = append(res.Expects, &ExpectResult{Pos: e.Pos, Text: StmtString(e), Status: NotReached})
			}
			continue
		}
		r.stmt(stmt)
	}
	res.Messages = w.Sent
	res.end = w
	res.Final = w.Clone()
	res.Final.Names = append([]string(nil), st.Names...)
	return res
}

type runner struct {
	s    *Scenario
	opts Options
	w    *sim.World
	v    view
	res  *Result
	// verdicts of the completions of the current state, computed once
	// (for the properties asked there).
	verdicts *Verdicts
	// reach is the last search that can answer for states it reached
	// (explore.Result.Covers), run for the expectation at reachAt.
	reach   *explore.Result
	reachAt Pos
	at      int // the statement being run, in s.Script
	// held are the "A->B text" patterns run leaves in flight.
	held []string
}

// stop ends the script at p, saying why as a parse error says it
// (ErrorList.add): the scenario's words it echoes (an event line, a
// value, a node's name) are cut at maxEcho bytes, the whole message at
// maxMsg, and control and invalid bytes are written as escapes (\x1b),
// never raw.
func (r *runner) stop(p Pos, format string, args ...any) {
	r.res.Stopped = stopped(p, format, args...)
}

// stopped is the Error a stop at p reports.
func stopped(p Pos, format string, args ...any) *Error {
	var l ErrorList
	l.add(p, format, args...)
	return l[0]
}

// listed is a list the simulator wrote (the events possible now, at most
// twelve): a stop message cuts it only as it cuts the whole message, not
// at maxEcho as it does an echo of the scenario's own words.
type listed string

func (r *runner) stmt(s Stmt) {
	switch s := s.(type) {
	case *EventStmt:
		if e, ok := r.find(s, false); ok {
			r.apply(s.Pos, e)
		}
	case *ScheduleStmt:
		for _, es := range s.Events {
			e, ok := r.find(es, true)
			if !ok {
				return
			}
			r.apply(es.Pos, e)
		}
	case *RunStmt:
		r.run(s)
	case *HoldStmt:
		r.hold(s)
	case *ExpectStmt:
		r.res.Expects = append(r.res.Expects, r.expect(s))
	}
}

// find resolves an event line to the enabled event it names: the one whose
// canonical form equals it or, outside a schedule, starts with it at a word
// boundary. Several candidates that lead to different states make the
// line ambiguous.
func (r *runner) find(s *EventStmt, exact bool) (sim.Event, bool) {
	want := s.String()
	evs := r.w.Events(nil)
	var same, prefix []sim.Event
	for _, e := range evs {
		t := r.v.event(e)
		switch {
		case t == want:
			same = append(same, e)
		case wordPrefix(t, want):
			prefix = append(prefix, e)
		}
	}
	if len(same) > 0 {
		return same[0], true
	}
	if len(prefix) > 0 && exact {
		r.stop(s.Pos, "in a schedule, write the whole event: %q is only the beginning of %q", want, r.v.event(prefix[0]))
		return sim.Event{}, false
	}
	if len(prefix) > 1 && !r.sameEffect(prefix) {
		var opts []string
		for _, e := range prefix {
			opts = append(opts, r.v.event(e))
		}
		r.stop(s.Pos, "%q is ambiguous: it could be %s; write more of it", want, listed(quoteList(opts)))
		r.res.Ambiguous = &Ambiguity{Line: want, Events: opts}
		return sim.Event{}, false
	}
	if len(prefix) > 0 {
		return prefix[0], true
	}
	if other := r.sameStep(evs, s); other != "" {
		// The script's step and the algorithm's part here (a replay of
		// another implementation's run: a student's code in the
		// grader's feedback): say what the algorithm's step does.
		r.stop(s.Pos, "%q is not possible now: %s's %s does %q here in %s", want, s.A.Name, stepLabel(s.Text), other, r.w.Alg.Name)
		return sim.Event{}, false
	}
	r.stop(s.Pos, "%q is not possible now; %s", want, listed(r.possible(evs, s)))
	return sim.Event{}, false
}

// sameStep is the one enabled event that is a step of the node and label
// of s (a step line whose words differ), or "" when there is none or
// more than one.
func (r *runner) sameStep(evs []sim.Event, s *EventStmt) string {
	if s.Kind != EvStep {
		return ""
	}
	label := stepLabel(s.Text)
	if label == "" {
		return ""
	}
	prefix := "step " + s.A.Name + " " + label
	found := ""
	for _, e := range evs {
		t := r.v.event(e)
		if t != prefix && !strings.HasPrefix(t, prefix+" ") {
			continue
		}
		if found != "" {
			return ""
		}
		found = t
	}
	return found
}

// stepLabel is a step line's label, its first word (P12).
func stepLabel(text string) string {
	label, _, _ := strings.Cut(text, " ")
	return label
}

// sameEffect reports whether the events all lead to the same state.
func (r *runner) sameEffect(evs []sim.Event) bool {
	var first string
	for k, e := range evs {
		c := r.w.Clone()
		if _, err := c.Apply(e); err != nil {
			return false
		}
		var enc sim.Enc
		c.Encode(&enc)
		if k == 0 {
			first = string(enc.B)
		} else if string(enc.B) != first {
			return false
		}
	}
	return true
}

// possible lists what could happen instead, the acting node's events first.
func (r *runner) possible(evs []sim.Event, s *EventStmt) string {
	if len(evs) == 0 {
		return "nothing can happen"
	}
	var mine, all []string
	for _, e := range evs {
		t := r.v.event(e)
		all = append(all, t)
		if strings.Contains(" "+t+" ", " "+s.A.Name+" ") || strings.Contains(t, " "+s.A.Name+"->") || strings.Contains(t, "->"+s.A.Name+" ") {
			mine = append(mine, t)
		}
	}
	if len(mine) > 0 && len(mine) < len(all) {
		other := "events"
		if len(all)-len(mine) == 1 {
			other = "event"
		}
		return fmt.Sprintf("possible for %s: %s (and %d other %s)", s.A.Name, quoteList(mine), len(all)-len(mine), other)
	}
	return "possible: " + quoteList(all)
}

func quoteList(s []string) string {
	const max = 12
	more := ""
	if len(s) > max {
		more = fmt.Sprintf(" and %d more", len(s)-max)
		s = s[:max]
	}
	q := make([]string, len(s))
	for i, x := range s {
		q[i] = fmt.Sprintf("%q", x)
	}
	return strings.Join(q, ", ") + more
}

// apply performs e and records the step.
func (r *runner) apply(p Pos, e sim.Event) {
	before := make([]string, len(r.w.Nodes))
	for i := range r.w.Nodes {
		before[i] = r.v.node(i)
	}
	st := Step{Pos: p, Event: r.v.event(e), Text: r.v.describe(e)}
	out, err := r.w.Apply(e)
	if err != nil {
		r.stop(p, "%s: %v", st.Event, err)
		return
	}
	r.verdicts = nil
	r.res.Events = append(r.res.Events, e)
	for i := range r.w.Nodes {
		st.Nodes = append(st.Nodes, r.v.node(i))
		st.Changed = append(st.Changed, st.Nodes[i] != before[i])
	}
	st.Net = r.v.net()
	if out.Entered {
		st.Entered = r.s.Setup.Names[e.Node]
		r.res.Entries = append(r.res.Entries, Entry{Step: len(r.res.Steps), Node: st.Entered})
	}
	st.Unsafe = r.w.Unsafe()
	st.Order = out.OrderBroken
	if out.WrongLeader {
		st.WrongLeader = r.w.WrongLeaderText(e.Node, out.Leader)
	}
	r.res.Steps = append(r.res.Steps, st)
}
