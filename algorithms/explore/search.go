package explore

import (
	"sort"

	"dmelab/algorithms/sim"
)

// search is the state of one breadth-first exploration. Besides the states
// it keeps the graph (edge targets in compressed-row form) so that
// liveness can be decided afterwards from strongly connected components;
// the fairness classes of edges are recomputed for the few states that lie
// on cycles.
type search struct {
	cfg    Config
	st     *states
	parent seg[uint32]
	// levels[d] is the first state at depth d: states are numbered in
	// breadth-first order, so a state's depth is where it falls.
	levels []int
	wait   nodeSets // live nodes waiting in each state (see waiting)
	bad    bits     // unsafe states: reported, not expanded
	// reduced marks states expanded by one independent event only; their
	// edges do not show everything enabled there.
	reduced bits
	reduce  bool
	// slp, if set, holds the sleep sets of a search that takes them (see
	// sleepSets); sleepFailed says it stopped at a bound, for Check to
	// search again in full.
	slp         *sleepSets
	sleepFailed bool
	amp         []ampleSucc
	ampBuf      []uint32
	// proviso: insist that reduced expansions go one level deeper (see
	// ample); off for the first attempt, whose reduced graph is then
	// checked for cycles instead.
	proviso bool
	dag     int8  // 0 unknown, 1 acyclic, 2 has a cycle
	ahead   ahead // states expanded ahead (see ahead)
	// The liveness check's own world and scratch (see expandFull).
	fullW   *sim.World
	full    *scratch
	fullEvs []sim.Event
	// The targets of state i's edges are edges[estart[i]:estart[i+1]].
	estart seg[uint32]
	edges  seg[uint32]
	ints   [2][]int32 // see scratchInts
	// classes interns fairness classes; class 0 means "need not be fair".
	classes map[classKey]uint32
	lv      livenessRun

	expanded    int // states whose edges are known
	transitions int
	maxDepth    int
	found       map[string]*violation
	complete    bool
	settled     bool // stopped by decided
	orderOn     bool
	bound       string // the bound that stopped the search, if one did
	inFlight    int    // the most messages in flight in an expanded state
	inFlightAt  int    // and its depth
	nodes       int
	sawDecision bool // some stored state is decided (Result.SawDecision)
}

type classKey struct {
	kind       sim.EventKind
	node, proc uint8
	msg        sim.Msg
}

func newSearch(c Config) (*search, error) {
	w, err := initial(c)
	if err != nil {
		return nil, err
	}
	s := &search{cfg: c, st: newStates(len(w.Nodes)), classes: map[classKey]uint32{}, found: map[string]*violation{}, orderOn: c.Opts.Order, nodes: len(w.Nodes)}
	v, _ := s.st.splitWorld(nil, w, true)
	s.st.add(v)
	s.parent.push(0)
	s.levels = []int{0}
	s.wait = newNodeSets(len(w.Nodes))
	s.wait.push(waiting(w))
	s.bad.push(w.Unsafe())
	s.sawDecision = w.Decided()
	_, red := w.Nodes[0].(sim.Reducible)
	// The world's own options decide: a search from a given state (see
	// CheckFrom) may carry Order ghost state even when Order is not asked.
	s.reduce = red && !c.NoReduce && !c.noAmple && !w.AnyFIFO() && !c.Alg.Clocks && !c.Opts.Order && !w.Opts.Order && !faulty(w)
	if useSleep(c, w, s.reduce) {
		s.slp = newSleepSets()
	}
	return s, nil
}

// faulty reports whether nodes of w may still crash or recover. The
// partial-order reduction is then off: a crash disables every step of the
// crashed node, so no step of it is persistent (the reduced search would
// only ever crash a node between its persistent steps, never, say, in the
// middle of sending its requests).
func faulty(w *sim.World) bool {
	return w.CrashLeft > 0 || w.Crashed != 0 && w.RecoverLeft > 0
}

func (s *search) class(e sim.Event) uint32 {
	var k classKey
	switch e.Kind {
	case sim.EvRequest, sim.EvApp, sim.EvCrash, sim.EvRecover:
		return 0
	case sim.EvExit:
		k = classKey{kind: e.Kind, node: uint8(e.Node)}
	case sim.EvStep:
		k = classKey{kind: e.Kind, node: uint8(e.Node), proc: e.Step.Proc}
	case sim.EvDeliver:
		k = classKey{kind: e.Kind, msg: e.Msg}
	}
	id, ok := s.classes[k]
	if !ok {
		id = uint32(len(s.classes) + 1)
		s.classes[k] = id
	}
	return id
}

func (s *search) bfs() {
	c := s.cfg
	w, _ := initial(c)
	sc := newScratch(w, s.st, s.cfg.Replay)
	s.newLanes(w, sc)
	var evs []sim.Event
	every := c.progressEvery()
	s.complete = true
	for cur := 0; cur < s.st.len(); cur++ {
		if c.First && len(s.found) > 0 {
			s.complete = false
			break
		}
		if s.decided() {
			s.complete, s.settled = false, true
			break
		}
		if c.MaxStates > 0 && s.st.len() >= c.MaxStates {
			// The frontier cannot be expanded without passing the bound.
			s.complete = false
			s.bound = BoundStates
			s.sleepFailed = s.slp != nil
			break
		}
		if c.MaxBytes > 0 && s.memBytes() >= c.MaxBytes {
			s.complete = false
			s.bound = BoundBytes
			s.sleepFailed = s.slp != nil
			break
		}
		if c.Stop != nil && cur%stopEvery == 0 && c.Stop() {
			s.complete = false
			s.bound = BoundStopped
			break
		}
		if !s.ahead.holds(cur) && s.st.size(cur) > maxExpand {
			// Its successors' parts might not fit the store's length field.
			// (A state expanded ahead was measured then.)
			s.complete = false
			s.bound = BoundStateSize
			s.sleepFailed = s.slp != nil
			break
		}
		if c.Progress != nil && cur%every == 0 && cur > 0 {
			c.Progress(Progress{States: s.st.len(), Transitions: s.transitions, Depth: s.depth(cur)})
		}
		s.estart.push(uint32(s.edges.len()))
		s.expanded = cur + 1
		var z []slept // cur's sleep set
		if s.slp != nil {
			z = s.slp.at(cur, s.st.len())
		}
		if c.maxDepth > 0 && s.depth(cur) >= c.maxDepth {
			s.complete = false
			s.reduced.push(false)
			continue
		}
		if s.bad.at(cur) {
			s.reduced.push(false)
			continue
		}
		if !s.proviso && !c.oneByOne {
			l, st := s.ahead.pending(cur)
			if st == nil {
				s.fill(cur)
				l, st = s.ahead.pending(cur)
			}
			if st != nil {
				s.addAhead(w, l, st)
				continue
			}
		}
		if err := sc.load(w, cur); err != nil {
			panic("explore: stored state does not decode: " + err.Error())
		}

		if len(w.Net) > s.inFlight {
			s.inFlight, s.inFlightAt = len(w.Net), s.depth(cur)
		}
		evs = w.Events(evs[:0])
		if deadlocked(w, evs) {
			s.note(Liveness, &violation{kind: "deadlock", state: cur})
		}
		if len(evs) == 0 {
			s.reduced.push(false)
			continue
		}
		if s.reduce && s.ample(w, sc, cur, evs) {
			continue
		}
		s.reduced.push(false)
		if s.slp != nil {
			s.slp.begin()
		}
		for _, e := range evs {
			var k slept
			if s.slp != nil {
				if k = s.slp.key(e); asleep(z, k) {
					continue
				}
			}
			out := sc.apply(w, e)
			s.transitions++
			idx, isNew := s.st.add(sc.succ)
			if isNew {
				s.added(cur, idx, sc.waiting, sc.unsafe, sc.decided)
			}
			if s.slp != nil {
				s.slp.reached(idx, isNew, s.slp.took(z, k))
			}
			s.noteEvent(w, cur, e, out)
			s.edges.push(uint32(idx))
		}
	}
	s.estart.push(uint32(s.edges.len()))
}

// noteEvent notes what event e, taken in state cur of w with outcome
// out, broke: a leader elected wrongly, or Order.
func (s *search) noteEvent(w *sim.World, cur int, e sim.Event, out sim.Outcome) {
	if out.WrongLeader {
		s.note(Safety, &violation{kind: "wrong leader", state: cur, event: e, hasEv: true, victim: e.Node, detail: w.Names[out.Leader], leader: out.Leader})
	}
	if out.OrderBroken && s.orderOn {
		s.note(Order, &violation{kind: "order", state: cur, event: e, hasEv: true, victim: e.Node, detail: bitsNames(w, out.Before)})
	}
}

// decided reports whether every property the search is asked about is
// violated already, so that the rest of it could change no verdict and
// no counterexample: the first violation noted of each property is the
// one reported, and breadth-first order makes it a shortest one.
// Searching on (to a bound of millions of states, say, after Order broke
// in ten steps) would only cost time. A reduced search goes on: its
// counterexamples are shortened afterwards by a full search whose
// bound grows with the reduced search's size (see shorten), and that
// must not depend on when it stopped.
func (s *search) decided() bool {
	if s.cfg.Exhaust || s.reduce || len(s.found) == 0 {
		return false
	}
	for _, p := range Properties {
		if s.cfg.wants(p) && s.found[p] == nil {
			return false
		}
	}
	return true
}

// added records the bookkeeping of a new state idx reached from cur, in
// which the nodes of waiting wait; unsafe: two nodes are in the CS;
// decided: sim.World.Decided.
func (s *search) added(cur, idx int, waiting uint32, unsafe, decided bool) {
	s.sawDecision = s.sawDecision || decided
	s.parent.push(uint32(cur))
	if d := s.depth(cur) + 1; d == len(s.levels) {
		s.levels = append(s.levels, idx)
		s.maxDepth = d
	}
	s.wait.push(waiting)
	s.bad.push(unsafe)
	if unsafe {
		s.note(Safety, &violation{kind: "two nodes in the CS", state: idx})
	}
}

// depth is state i's distance from the initial state.
func (s *search) depth(i int) int {
	return sort.Search(len(s.levels), func(d int) bool { return s.levels[d] > i }) - 1
}

// deadlocked reports whether w, whose enabled events are evs, is a
// deadlock: some live node waits (or cannot finish leaving) and nothing
// that fairness would force can happen; at most some application could
// still choose to call enter() or send a message. A crashed node's own
// request is nobody's to finish.
func deadlocked(w *sim.World, evs []sim.Event) bool {
	return !anyForced(evs) && (waiting(w) != 0 || anyBusy(w))
}

// anyForced reports whether some event that fairness forces is enabled
// (anything but an application's own choice to call enter() or to send,
// a crash and a recovery).
func anyForced(evs []sim.Event) bool {
	for _, e := range evs {
		if e.Kind != sim.EvRequest && e.Kind != sim.EvApp && e.Kind != sim.EvCrash && e.Kind != sim.EvRecover {
			return true
		}
	}
	return false
}

// anyBusy reports a live node stuck outside Idle (in the CS or in its
// exit protocol) when nothing can happen.
func anyBusy(w *sim.World) bool {
	return busy(w) != 0
}

// busy is the set of live nodes outside Idle.
func busy(w *sim.World) uint32 {
	var b uint32
	for i, n := range w.Nodes {
		if n.Phase() != sim.Idle && w.Crashed&(1<<i) == 0 {
			b |= 1 << i
		}
	}
	return b
}

// waiting is the set of nodes liveness is about: the live ones whose
// enter() call has not returned (for an election, the live ones without
// the right leader). Liveness under crash faults is a promise to the
// nodes that are still up: a node that crashed while it waited never
// returns from enter(), and that alone is no deadlock or starvation; a
// live node that waits forever because another crashed still is one.
// Deadlock (bfs), starvation (liveness) and random walks all decide who
// waits from this set.
func waiting(w *sim.World) uint32 {
	return w.Waiting() &^ w.Crashed
}

// note keeps the first (hence shortest) violation of each property.
func (s *search) note(p string, v *violation) {
	if !s.cfg.wants(p) {
		return
	}
	if _, ok := s.found[p]; !ok {
		s.found[p] = v
	}
}

func bitsNames(w *sim.World, set uint32) string {
	out := ""
	for i := range w.Nodes {
		if set&(1<<i) != 0 {
			if out != "" {
				out += ", "
			}
			out += w.Names[i]
		}
	}
	return out
}

// maxExpand is the longest state encoding the search expands: one step
// adds a few messages at most, and a stored encoding must stay within
// 64 KiB. Only states that grow without end (messages piling up) get
// near it.
const maxExpand = 0xffff - 4096

// memBytes is what the search holds: the stored states, and per state
// its parent, depth, waiting set, flags and edge offsets, and the edges.
func (s *search) memBytes() int {
	n := s.st.memBytes() + s.parent.bytes(4) + s.wait.bytes() + s.bad.bytes() + s.reduced.bytes() + s.estart.bytes(4) + s.edges.bytes(4)
	if s.slp != nil {
		n += s.slp.bytes()
	}
	return n
}

// succ returns the edges of state i (valid until the next push).
func (s *search) succ(i int) []uint32 {
	if i >= s.expanded {
		return nil
	}
	lo, hi := int(s.estart.at(i)), int(s.estart.at(i+1))
	if lo == hi {
		return nil
	}
	c := lo >> segBits
	if (hi-1)>>segBits == c {
		return s.edges.chunks[c][lo&(1<<segBits-1) : (hi-1)&(1<<segBits-1)+1]
	}
	out := make([]uint32, 0, hi-lo) // the edges straddle two chunks
	for k := lo; k < hi; k++ {
		out = append(out, s.edges.at(k))
	}
	return out
}

func (s *search) result() (*Result, error) {
	r := &Result{
		States:          s.st.len(),
		Transitions:     s.transitions,
		Reduced:         s.reduce,
		Sleep:           s.slp != nil,
		Complete:        s.complete,
		Settled:         s.settled,
		Depth:           s.maxDepth,
		Verdicts:        map[string]Verdict{},
		Counterexamples: map[string]*Trace{},
		StoreBytes:      s.memBytes(),
		Bound:           s.bound,
		InFlight:        s.inFlight,
		InFlightDepth:   s.inFlightAt,
		Nodes:           s.nodes,
		LivenessStopped: s.lv.cut,
		Lanes:           1,
		SawDecision:     s.sawDecision,
	}
	if s.ahead.forked {
		r.Lanes = len(s.ahead.lanes)
	}
	if r.States > 0 {
		n := s.st.len()
		r.BytesPerState = float64(s.st.usedBytes()+n*4+n*s.wait.width+n/4+s.edges.len()*4+s.estart.len()*4) / float64(r.States)
	}
	for _, p := range Properties {
		if !s.cfg.wants(p) {
			continue
		}
		if v := s.found[p]; v != nil {
			r.Verdicts[p] = Violated
			t, err := s.trace(p, v)
			if err != nil {
				return nil, err
			}
			r.Counterexamples[p] = t
		} else if s.complete || s.lv.cut && p != Liveness {
			r.Verdicts[p] = Holds
		} else {
			r.Verdicts[p] = Unknown
		}
	}
	return r, nil
}
