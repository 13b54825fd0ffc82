// Package explore is dmelab's model checker: an exhaustive breadth-first
// search over every schedule of a configuration (algorithm, N nodes, R
// requests per node, a budget of application messages), with every state
// stored exactly, so that each property gets a verdict and, when it fails,
// a shortest counterexample.
//
// Properties (seed 002):
//   - safety: never two nodes in the CS. A state that breaks it is reported
//     and not expanded further.
//   - liveness: every enter() eventually returns. It fails by deadlock (a
//     state where nothing can happen and someone still waits) or by
//     starvation (a reachable cycle, fair to every node and channel, along
//     which some node waits forever). Fairness is weak fairness: a message
//     in flight that can be received, a process that can step and a node in
//     the CS that can leave are each, if enabled all along a cycle, taken
//     somewhere on it. The application is not forced to call enter() or to
//     send application messages.
//   - order: when a node enters, no enter() call that happened-before its
//     own may still be waiting (the simulator's ghost state tracks
//     happened-before through every message, application messages
//     included).
//
// The search is deterministic: the same configuration gives the same
// states, transitions and counterexamples. It reads no clock; callers that
// want progress reports pass a Progress callback and time it themselves.
package explore

import (
	"fmt"
	"strconv"

	"dmelab/algorithms/sim"
)

// Property names, as they appear in results.
const (
	Safety   = "safety"
	Liveness = "liveness"
	Order    = "order"
)

// Properties lists every property in report order.
var Properties = []string{Safety, Liveness, Order}

// Verdict of one property.
type Verdict string

const (
	Holds    Verdict = "holds"
	Violated Verdict = "violated"
	Unknown  Verdict = "unknown"
)

// Config is one search.
type Config struct {
	Alg  *sim.Algorithm
	Sim  sim.Config
	Opts sim.Options
	// Props to check; nil means all three. Order is checked only if listed
	// (it needs ghost state and application messages).
	Props []string
	// Keep keeps the states of a complete search in its Result, for
	// Result.Covers to answer later checks from states it reached.
	Keep bool
	// MaxStates bounds the search; 0 means no bound.
	MaxStates int
	// MaxBytes bounds the memory the search keeps (its states, their
	// edges and bookkeeping, as Result.StoreBytes counts them); 0 means no
	// bound. A search that reaches it stops as at MaxStates, with
	// Result.Bound saying so: states that keep growing (messages piling
	// up in flight) exhaust memory long before they exhaust a count.
	MaxBytes int
	// Stop, if set, is asked every stopEvery (1024) states whether the caller wants
	// the search to end there (its time is up, say: the caller owns the
	// clock). A search it stops ends as at MaxStates, with Result.Bound
	// BoundStopped. The liveness check after the search asks it too, as
	// it goes through states: stopped there, liveness is unknown unless a
	// starvation was already found (Result.LivenessStopped when the
	// search itself was complete, whose other verdicts then stand).
	Stop func() bool
	// First stops at the first violation of any property.
	First bool
	// Exhaust searches on after every property asked is violated (a
	// search otherwise stops there, Result.Settled): for comparing whole
	// state graphs.
	Exhaust bool
	// NoReduce turns off the partial-order reduction (see Reducible in
	// package sim), which is otherwise used wherever it is sound.
	NoReduce bool
	// Replay says where a node's step done before from the same state is
	// replayed rather than run again (see scratch): by default for nodes
	// that ask for it (sim.Replayed: a student's code); Never and Always
	// compare the two, which find the same states, transitions and
	// verdicts.
	Replay Replay
	// maxDepth, if positive, stops expanding states at that depth.
	maxDepth int
	// noSleep: take no sleep sets (Check's second search, in full, after
	// one with sleep sets stopped at a bound).
	noSleep bool
	// noAmple: no persistent sets, sleep sets still (the tests compare
	// sleep sets with the full search on every algorithm).
	noAmple bool
	// oneByOne: expand one state at a time, never ahead (see ahead); the
	// tests compare the two.
	oneByOne bool
	// start, if set, is the state to search from (CheckFrom).
	start *sim.World
	// Progress, if set, is called every ProgressEvery states.
	Progress      func(Progress)
	ProgressEvery int
	// Fork, if set, lets a search compute successors on Workers cores at
	// once. Fork(n, f) must call f(0), ..., f(n-1), at once where it can,
	// and return once every call has returned. The core starts no
	// goroutine of its own (it is also built for WebAssembly, and the
	// caller owns threads as it owns the clock); package internal/machine
	// has a Fork. Only the computing of successors is split (see ahead):
	// they are added on one core as before, so the states, their order,
	// the verdicts and the counterexamples are the one-core search's. Each
	// worker has a world of its own, so the algorithm's nodes must not
	// change anything they share with other worlds (the registry's do
	// not; internal/machine checks every one of them); the grader's nodes
	// (student code in a sandbox) do, and it leaves Fork unset. A search
	// with sleep sets (see useSleep) runs on one core.
	Fork    func(n int, f func(i int))
	Workers int
}

// Progress is a snapshot of a running search, or of the liveness check
// after it (Liveness set): Node (0 for the first) is the node whose
// waiting states it is going through, Checked how many states it has
// gone through so far, for all nodes (a state can be gone through once
// per node, and again by the fair-cycle test). Shortening marks the full
// search that looks for shorter counterexamples after a reduced search
// found some (see shorten): its States count from zero again.
type Progress struct {
	States, Transitions, Depth int
	Liveness                   bool
	Node, Checked              int
	Shortening                 bool
}

// Replay is when the search replays a node's step (Config.Replay).
type Replay int

const (
	ReplayAsked  Replay = iota // for nodes that implement sim.Replayed
	ReplayNever                // run every handler
	ReplayAlways               // wherever sim.World.Replayable allows
)

// Result is what a search found.
type Result struct {
	States, Transitions int
	Complete            bool
	// Settled says that an incomplete search's verdicts are final all
	// the same: it stopped because every property it was asked about was
	// violated (Check's split search: each of its two searches is
	// complete or settled), and its counterexamples are as short as a
	// complete search's.
	Settled bool
	Reduced bool // the partial-order reduction was used
	// Sleep says that sleep sets were used (see sleepSets): the full
	// search's verdicts and, where it holds, its states, in fewer
	// transitions; at a violation a counterexample as short, from the
	// same levels before it.
	Sleep           bool
	Depth           int // BFS depth reached
	Verdicts        map[string]Verdict
	Counterexamples map[string]*Trace
	// BytesPerState: encoded state bytes plus index overhead, divided by
	// the number of states.
	BytesPerState float64
	StoreBytes    int
	// Bound says which bound stopped an incomplete search: BoundStates,
	// BoundBytes, BoundStopped or BoundStateSize ("" when it completed, or stopped for another
	// reason such as First or a depth cut).
	Bound string
	// InFlight is the largest number of messages in flight in a state
	// the search expanded, and InFlightDepth that state's depth: what
	// grew, when a search stops at a bound.
	InFlight, InFlightDepth int
	Nodes                   int // in the system searched
	// Lanes is how many lanes computed successors at once (see
	// Config.Fork): 1 when the search computed them all on its own core.
	Lanes int
	// SawDecision says that some state the search stored is decided
	// (sim.World.Decided): a node is in the critical section, or for an
	// election a node has elected a leader. A search in full (not
	// Reduced) stores every reachable state, so there false means that no
	// node can ever enter (or elect): safety then holds for want of anyone
	// to be unsafe (the grader scores no such safety). A reduced search
	// may store no such state though one is reachable.
	SawDecision bool
	// LivenessStopped says that Config.Stop ended the liveness check
	// after a search that was complete: the other verdicts stand, and
	// liveness is unknown unless a starvation had been found.
	LivenessStopped bool
	// kept is what Config.Keep kept (see Covers), or nil.
	kept *reached
}

// The bounds that can stop a search (Result.Bound).
const (
	BoundStates    = "states"
	BoundBytes     = "memory"
	BoundStateSize = "state size" // one state's encoding nears 64 KiB
	BoundStopped   = "stopped"    // Config.Stop said so
)

// Stopped says in words why an incomplete search stopped, and what grew
// when messages piled up in flight: "the search stopped at its memory
// bound (64 MiB, 80,000 states); messages in flight kept growing: 4,096
// at depth 900". It is "" for a complete search and a settled one.
func (r *Result) Stopped() string {
	if r.Complete || r.Settled {
		return ""
	}
	var s string
	switch r.Bound {
	case BoundStates:
		s = fmt.Sprintf("the search stopped at its bound of %s states", thousands(r.States))
	case BoundBytes:
		s = fmt.Sprintf("the search stopped at its memory bound (%d MiB, %s states)", r.StoreBytes>>20, thousands(r.States))
	case BoundStateSize:
		s = "the search stopped: a state grew too large to search"
	case BoundStopped:
		if r.LivenessStopped {
			s = fmt.Sprintf("the liveness check was stopped by its caller, after a complete search of %s states (%d MiB)", thousands(r.States), r.StoreBytes>>20)
			break
		}
		s = fmt.Sprintf("the search was stopped by its caller (%s states, %d MiB)", thousands(r.States), r.StoreBytes>>20)
	default:
		s = fmt.Sprintf("the search stopped after %s states", thousands(r.States))
	}
	if r.InFlight > sim.MaxInFlight(r.Nodes) {
		s += fmt.Sprintf("; messages in flight kept growing: %s at depth %d", thousands(r.InFlight), r.InFlightDepth)
	}
	return s
}

// thousands writes n with commas: 4,096.
func thousands(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0 && s[i-1] != '-'; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// Shortest returns the shortest counterexample, or nil.
func (r *Result) Shortest() *Trace {
	var best *Trace
	for _, p := range Properties {
		if t := r.Counterexamples[p]; t != nil && (best == nil || len(t.Steps) < len(best.Steps)) {
			best = t
		}
	}
	return best
}

// stopEvery is how often (in states) a search and the liveness check
// after it ask Config.Stop.
const stopEvery = 1024

// progressEvery is Config.ProgressEvery, or its default.
func (c *Config) progressEvery() int {
	if c.ProgressEvery <= 0 {
		return 1 << 16
	}
	return c.ProgressEvery
}

func (c *Config) wants(p string) bool {
	if c.Props == nil {
		return true
	}
	for _, q := range c.Props {
		if q == p {
			return true
		}
	}
	return false
}

// violation remembers where a property first failed during the search.
type violation struct {
	kind   string // "two nodes in the CS", "deadlock", ...
	state  int    // the bad state (safety, deadlock) or the source (order)
	event  sim.Event
	hasEv  bool
	victim int
	loop   []int // the cycle for starvation, as state indices
	// loopClass[k] is the fairness class of the event into loop[k]
	// (see buildFairLoop); the trace prints an event of that class.
	loopClass []uint32
	detail    string
	leader    int // the wrong leader elected ("wrong leader")
	// starved is, for a starvation's trace, every node that waits in
	// every state of the cycle (victim among them): all of them starve.
	starved uint32
}

// Check runs the search described by c.
//
// Order needs ghost state that makes every send depend on the sender's
// receipts, which rules out the partial-order reduction. So where the
// reduction applies, Check settles safety and liveness in a reduced search
// and Order in a separate full one, and adds up their figures.
func Check(c Config) (*Result, error) {
	if c.Alg == nil {
		return nil, fmt.Errorf("no algorithm")
	}
	if c.Alg.Election {
		c.Props = withoutOrder(c)
	}
	if c.wants(Order) && (c.wants(Safety) || c.wants(Liveness)) && !c.NoReduce && reducible(c) {
		return checkSplit(c)
	}
	if c.wants(Order) {
		c.Opts.Order = true
	} else {
		c.Opts.Order = false
		c.Opts.AppMsgs = 0
	}
	if r := tooLarge(c); r != nil {
		return r, nil
	}
	s, err := newSearch(c)
	if err != nil {
		return nil, err
	}
	s.bfs()
	if s.sleepFailed {
		// Stopped by a bound, a search with sleep sets holds another part
		// of its last level than the full search would (see sleepSets):
		// search again in full, and report that. It had found no
		// violation (its first one settles it, before any bound), so
		// nothing of it is kept.
		full := c
		full.noSleep = true
		s, _ = newSearch(full)
		s.bfs()
	}
	ok, stopped := true, false
	if s.reduce && s.bound != BoundStopped {
		ok, stopped = s.reducedAcyclic()
	}
	if stopped {
		// Stopped before the cycle proviso was verified: the violations
		// found are real runs, but the search's completeness is not
		// established.
		s.complete, s.bound = false, BoundStopped
	} else if !ok {
		// The cheap way failed the cycle proviso: search again, enforcing
		// it. (A search already stopped is not: the second would be
		// stopped at once.)
		first := s
		s, _ = newSearch(c)
		s.proviso = true
		s.bfs()
		if s.bound == BoundStopped && lost(first, s) {
			// Stopped before it found again what the first search had
			// found: keep the first, whose violations are real runs but
			// whose completeness the failed proviso took away.
			s = first
			s.complete, s.bound = false, BoundStopped
		}
	}
	if c.wants(Liveness) && !(c.First && len(s.found) > 0) {
		s.liveness()
	}
	r, err := s.result()
	if err == nil && c.Keep {
		r.kept = keepReached(c, s, r)
	}
	if err != nil || !s.reduce {
		return r, err
	}
	shorten(c, r)
	return r, nil
}

// lost reports whether a property violated in first is not in second.
func lost(first, second *search) bool {
	for p := range first.found {
		if second.found[p] == nil {
			return true
		}
	}
	return false
}

// shorten replaces counterexamples of a reduced search by shorter ones.
// The reduction keeps every violation but not every path to it (it lets
// every node call enter() first, for one). So each counterexample is
// first cut down to the events it needs (cut: replays only, and most
// often a shortest run already), then a full breadth-first search looks
// for a shorter one still: it expands no state as deep as the cut run
// (its safety violations are found as states are added, one level
// deeper, so for safety it stops a level sooner), and whatever violation
// it finds first is a shortest one. That search may take as many states
// as the reduced search did, and at least a million: past that, it most
// often only confirms that the cut run was shortest, or stops before it
// could (ra-benari-numfirst at N=4 R=1, whose run is cut from 40 steps
// to 38: four times the reduced search's states reached only depth 28).
// Starvation needs the whole graph and keeps its reduced lasso.
func shorten(c Config, r *Result) {
	full := c
	full.NoReduce = true
	full.Props = nil
	full.maxDepth = 0
	for _, p := range []string{Safety, Liveness} {
		t := r.Counterexamples[p]
		if t == nil || t.Loop >= 0 {
			continue
		}
		t = cut(c, t)
		r.Counterexamples[p] = t
		depth := len(t.Steps) // a deadlock is noted as its state is expanded
		if p == Safety {
			depth-- // two nodes in the CS, as the state is added
		}
		if depth > 0 {
			full.Props = append(full.Props, p)
			full.maxDepth = max(full.maxDepth, depth)
		}
	}
	if full.Props == nil {
		return
	}
	full.MaxStates = max(r.States, 1_000_000)
	// Progress stays, marked: a caller that stops searches from it (out
	// of time) must be able to stop this one too. MaxBytes stays as given.
	if report := c.Progress; report != nil {
		full.Progress = func(p Progress) {
			p.Shortening = true
			report(p)
		}
	}
	s, err := newSearch(full)
	if err != nil {
		return
	}
	s.bfs()
	for p, v := range s.found {
		old := r.Counterexamples[p]
		t, err := s.trace(p, v)
		if err == nil && old != nil && len(t.Steps) < len(old.Steps) {
			t.Property = p
			r.Counterexamples[p] = t
		}
	}
}

// CheckFrom is Check from the state w is in rather than from the
// configuration's initial state: what a scenario's script leaves open is
// explored there. The algorithm and options are w's own (Order is settled
// only if w tracks happened-before); counterexamples start at w.
func CheckFrom(c Config, w *sim.World) (*Result, error) {
	c.Alg = w.Alg
	c.Opts = w.Opts
	c.Props = fromProps(c, w)
	c.start = w.Clone()
	return Check(c)
}

// fromProps is c's properties for a search from the state w is in: Order
// only if w tracks happened-before.
func fromProps(c Config, w *sim.World) []string {
	if w.Opts.Order || !c.wants(Order) {
		return c.Props
	}
	var ps []string
	for _, p := range []string{Safety, Liveness} {
		if c.wants(p) {
			ps = append(ps, p)
		}
	}
	return ps
}

// initial builds the state a search of c starts from.
func initial(c Config) (*sim.World, error) {
	if c.start != nil {
		return c.start.Clone(), nil
	}
	return sim.NewWorld(c.Alg, c.Sim, c.Opts)
}

// reducible reports whether a safety and liveness search of c would use the
// partial-order reduction.
func reducible(c Config) bool {
	if c.Alg.Clocks {
		return false
	}
	w, err := initial(c)
	if err != nil || len(w.Nodes) == 0 || w.AnyFIFO() || faulty(w) {
		return false
	}
	_, ok := w.Nodes[0].(sim.Reducible)
	return ok
}

func checkSplit(c Config) (*Result, error) {
	a := c
	a.Props = nil
	for _, p := range []string{Safety, Liveness} {
		if c.wants(p) {
			a.Props = append(a.Props, p)
		}
	}
	ra, err := Check(a)
	if err != nil {
		return nil, err
	}
	if c.First && len(ra.Counterexamples) > 0 {
		return ra, nil
	}
	b := c
	b.Props = []string{Order}
	rb, err := Check(b)
	if err != nil {
		return nil, err
	}
	ra.States += rb.States
	ra.Transitions += rb.Transitions
	ra.SawDecision = ra.SawDecision || rb.SawDecision
	decided := func(r *Result) bool { return r.Complete || r.Settled }
	ra.Settled = !(ra.Complete && rb.Complete) && decided(ra) && decided(rb)
	ra.Complete = ra.Complete && rb.Complete
	ra.Depth = max(ra.Depth, rb.Depth)
	ra.Lanes = max(ra.Lanes, rb.Lanes)
	ra.StoreBytes = max(ra.StoreBytes, rb.StoreBytes)
	ra.BytesPerState = max(ra.BytesPerState, rb.BytesPerState)
	if ra.Bound == "" {
		ra.Bound = rb.Bound
	}
	if rb.InFlight > ra.InFlight {
		ra.InFlight, ra.InFlightDepth = rb.InFlight, rb.InFlightDepth
	}
	ra.Verdicts[Order] = rb.Verdicts[Order]
	if t := rb.Counterexamples[Order]; t != nil {
		ra.Counterexamples[Order] = t
	}
	return ra, nil
}

// tooLarge is the result of a search whose initial state is already too
// large to expand (see maxExpand): every verdict unknown.
func tooLarge(c Config) *Result {
	w, err := initial(c)
	if err != nil {
		return nil
	}
	var e sim.Enc
	w.Encode(&e)
	if len(e.B) <= maxExpand {
		return nil
	}
	r := &Result{States: 1, Bound: BoundStateSize, InFlight: len(w.Net), Nodes: len(w.Nodes), Lanes: 1, Verdicts: map[string]Verdict{}, Counterexamples: map[string]*Trace{}}
	for _, p := range Properties {
		if c.wants(p) {
			r.Verdicts[p] = Unknown
		}
	}
	return r
}

// withoutOrder is c's properties less Order, which is about enter() calls
// and means nothing for an election.
func withoutOrder(c Config) []string {
	var ps []string
	for _, p := range []string{Safety, Liveness} {
		if c.wants(p) {
			ps = append(ps, p)
		}
	}
	if ps == nil {
		ps = []string{}
	}
	return ps
}
