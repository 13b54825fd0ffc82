package explore

import "dmelab/algorithms/sim"

// ahead expands a run of states before any of their successors is added,
// so that the state table's slots for all of those successors can be
// read at once. In a search of tens of millions of states the table is
// far larger than the processor's caches, and looking a successor up was
// a cache miss the search waited for, one after another (a quarter of
// ra-benari N=4 R=1's time); read together, the misses overlap.
//
// Nothing the search decides changes: the successors are then added one
// state after another exactly as bfs would have added them, with every
// check bfs makes before expanding a state (bounds, Stop, progress) made
// at that state's turn. Expanding ahead only looks the successors' parts
// up: a part never seen is kept aside and interned when its successor is
// added, so parts, pairs and states get the same ids in the same order,
// and a search stopped by a bound holds exactly what it held before.
// With the cycle proviso the choice of a persistent set depends on what
// was already added, so the search then does not expand ahead.
type ahead struct {
	states []aheadState
	next   int      // the first state of states not yet added
	vecs   []uint32 // the successors' vectors of ids, back to back
	keys   []uint32 // their keys in the state table, where all pairs are known
	succs  []aheadSucc
	notes  []aheadNote
	evs    []sim.Event
	sleeps []slept // the successors' sleep sets, back to back (see sleepSets)
	sink   uint32  // what the reads of the table's slots sum to (so they are made)
}

// aheadState is one state expanded ahead.
type aheadState struct {
	cur      int
	inFlight int  // messages in flight there
	deadlock bool // what bfs would note
	reduced  bool // expanded by a persistent set
	from, to int  // its successors in succs
}

// aheadSucc is one successor of a state expanded ahead.
type aheadSucc struct {
	hash    uint64   // of its key, if keyed
	later   [2]int32 // its parts never seen, sc.later[later[0]:later[1]]
	keyAt   int32    // keys[keyAt:] holds its key, if keyed
	waiting uint32
	unsafe  bool
	keyed   bool
	noted   bool     // notes holds what bfs notes of its event
	node    uint8    // the node the event changed
	sleep   [2]int32 // its sleep set, sleeps[sleep[0]:sleep[1]]
}

// aheadNote is a successor's event and its outcome, kept for the few
// that bfs notes (see noteEvent): a leader elected wrongly, Order broken.
type aheadNote struct {
	succ int
	ev   sim.Event
	out  sim.Outcome // without Sent, which the next event overwrites
}

// Up to aheadStates states, or until aheadSuccs successors are waiting,
// are expanded ahead at a time: enough misses to overlap, few enough
// that the slots read are still in the caches when they are used.
const (
	aheadStates = 32
	aheadSuccs  = 64
)

// holds reports whether cur is the next state expanded ahead.
func (a *ahead) holds(cur int) bool {
	return a.next < len(a.states) && a.states[a.next].cur == cur
}

// pending returns the state expanded ahead for cur, if there is one.
func (a *ahead) pending(cur int) *aheadState {
	if a.holds(cur) {
		a.next++
		return &a.states[a.next-1]
	}
	return nil
}

// fill expands states from cur on (those bfs would expand) until the
// limits, the end of the stored states or a state too large to expand,
// and then reads the table's slots of their successors.
func (s *search) fill(w *sim.World, sc *scratch, cur int) {
	a := &s.ahead
	a.states, a.next, a.vecs, a.keys, a.succs, a.notes, a.sleeps = a.states[:0], 0, a.vecs[:0], a.keys[:0], a.succs[:0], a.notes[:0], a.sleeps[:0]
	sc.later, sc.laterB = sc.later[:0], sc.laterB[:0]
	end := s.st.len()
	if s.slp != nil {
		end = s.slp.nextStart // the next level's sleep sets are not whole yet
	}
	for j := cur; j < end && len(a.states) < aheadStates && len(a.succs) < aheadSuccs; j++ {
		if s.cfg.maxDepth > 0 && s.depth(j) >= s.cfg.maxDepth || s.bad.at(j) {
			continue // bfs does not expand it
		}
		if !s.expandAhead(w, sc, j) {
			break
		}
	}
	s.readSlots()
}

// expandAhead computes state j's successors without adding anything; it
// reports false if j is too large to expand (bfs stops there).
func (s *search) expandAhead(w *sim.World, sc *scratch, j int) bool {
	a := &s.ahead
	if s.st.size(j) > maxExpand {
		return false
	}
	if err := sc.load(w, j); err != nil {
		panic("explore: stored state does not decode: " + err.Error())
	}
	evs := w.Events(a.evs[:0])
	a.evs = evs
	st := aheadState{cur: j, inFlight: len(w.Net), from: len(a.succs)}
	st.deadlock = deadlocked(w, evs)
	set := evs
	if len(evs) > 0 && s.reduce {
		if p, _ := s.persistentSet(w, sc, evs, 0); p != nil {
			set, st.reduced = p, true
		}
	}
	var z []slept
	if s.slp != nil {
		z = s.slp.of(j)
		s.slp.begin()
	}
	sc.ahead = true
	for _, e := range set {
		var k slept
		if s.slp != nil {
			if k = s.slp.key(e); asleep(z, k) {
				continue
			}
		}
		l := len(sc.later)
		out := sc.apply(w, e)
		a.vecs = append(a.vecs, sc.succ...)
		su := aheadSucc{waiting: sc.waiting, unsafe: sc.unsafe, later: [2]int32{int32(l), int32(len(sc.later))}, node: uint8(e.Node)}
		if s.slp != nil {
			from := len(a.sleeps)
			a.sleeps = append(a.sleeps, s.slp.took(z, k)...)
			su.sleep = [2]int32{int32(from), int32(len(a.sleeps))}
		}
		if out.WrongLeader || out.OrderBroken {
			su.noted = true
			out.Sent = nil
			a.notes = append(a.notes, aheadNote{len(a.succs), e, out})
		}
		a.succs = append(a.succs, su)
	}
	sc.ahead = false
	st.to = len(a.succs)
	a.states = append(a.states, st)
	return true
}

// readSlots computes the key of every successor whose pairs are all
// known and reads the state table's slot where its search starts, all
// before any is used.
func (s *search) readSlots() {
	a := &s.ahead
	width := s.st.nodes + 1
	all := s.st.all
	for _, st := range a.states {
		parent := all.vec(st.cur)
		for k := st.from; k < st.to; k++ {
			su := &a.succs[k]
			if su.later[0] != su.later[1] {
				continue // a new part: a new state
			}
			key, ok := s.st.keyAfter(parent, a.vecs[k*width:(k+1)*width], int(su.node))
			if !ok {
				continue
			}
			su.keyed, su.keyAt, su.hash = true, int32(len(a.keys)), hashVec(key)
			a.keys = append(a.keys, key...)
		}
	}
	// A loop of loads alone, so that the processor has them all in
	// flight at once.
	var sum uint32
	for k := range a.succs {
		if su := &a.succs[k]; su.keyed {
			sum += all.slots[su.hash&all.mask]
		}
	}
	a.sink += sum
}

// addAhead adds the successors of st, which bfs has reached, as bfs's
// own loop would have.
func (s *search) addAhead(w *sim.World, sc *scratch, st *aheadState) {
	a := &s.ahead
	if st.inFlight > s.inFlight {
		s.inFlight, s.inFlightAt = st.inFlight, s.depth(st.cur)
	}
	if st.deadlock {
		s.note(Liveness, &violation{kind: "deadlock", state: st.cur})
	}
	if st.from == st.to {
		s.reduced.push(false)
		return
	}
	s.reduced.push(st.reduced)
	width, kw := s.st.nodes+1, int32(s.st.all.width)
	note := 0
	for k := st.from; k < st.to; k++ {
		su := &a.succs[k]
		s.transitions++
		var idx int
		var isNew bool
		if su.keyed {
			idx, isNew = s.st.all.addHashed(a.keys[su.keyAt:su.keyAt+kw], su.hash)
		} else {
			v := a.vecs[k*width : (k+1)*width]
			for _, p := range sc.later[su.later[0]:su.later[1]] {
				v[p.at] = s.st.part(sc.laterB[p.from:p.to])
			}
			idx, isNew = s.st.add(v)
		}
		if isNew {
			s.added(st.cur, idx, su.waiting, su.unsafe)
		}
		if s.slp != nil {
			s.slp.reached(idx, isNew, a.sleeps[su.sleep[0]:su.sleep[1]])
		}
		if su.noted && !st.reduced {
			for a.notes[note].succ != k {
				note++
			}
			s.noteEvent(w, st.cur, a.notes[note].ev, a.notes[note].out)
		}
		s.edges.push(uint32(idx))
	}
}
