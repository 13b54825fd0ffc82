package explore

import (
	"math"

	"dmelab/algorithms/sim"
)

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
//
// Expanding ahead only reads what the search holds, so with Config.Fork
// several lanes, each with a world and scratch of its own, expand runs of
// states on several cores at once, one run each, and the search adds
// their successors afterwards on its own, lane after lane: computing
// successors is most of a search (seven tenths of ra-benari N=5 R=1's
// time), adding them the rest.
type ahead struct {
	lanes   []*lane // lanes[0] expands with bfs's own world and scratch
	forked  bool    // the lanes have run at once (Result.Lanes)
	at      int     // the lane whose states are being added
	touched int     // its states whose successors' slots were read
	sink    uint32  // what the reads of the table's slots sum to (so they are made)
}

// lane is one run of states expanded ahead, and what expands it.
type lane struct {
	_      [cacheLine]byte
	w      *sim.World
	sc     *scratch
	states []aheadState
	next   int      // the first state of states not yet added
	vecs   []uint32 // the successors' vectors of ids, back to back
	keys   []uint32 // their keys in the state table, where all pairs are known
	key    []uint32 // keyAfter's scratch
	succs  []aheadSucc
	notes  []aheadNote
	evs    []sim.Event
	sleeps []slept // the successors' sleep sets, back to back (see sleepSets)
	_      [cacheLine]byte
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
	decided bool // see sim.World.Decided
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
// are expanded ahead at a time on one core: enough misses to overlap,
// few enough that the slots read are still in the caches when they are
// used. With lanes, each expands up to laneStates states (256, 1024 and
// 128 searched alike on two cores, 1024 a little sooner), at least
// laneMin (fewer are expanded on one core), and the slots are read
// aheadStates states at a time as they are added.
const (
	aheadStates = 32
	aheadSuccs  = 64
	laneStates  = 1024
	laneMin     = 16
)

// newLanes makes the lanes of a search whose bfs expands with w and sc:
// one, or c.Workers with Fork (see Config.Fork), the others given a world
// and scratch on their first run (see fill). A search with sleep sets
// keeps to one (a sleep set's key interns payloads as it goes).
func (s *search) newLanes(w *sim.World, sc *scratch) {
	s.ahead.lanes = []*lane{{w: w, sc: sc}}
	if s.cfg.Fork == nil || s.slp != nil {
		return
	}
	for range s.cfg.Workers - 1 {
		s.ahead.lanes = append(s.ahead.lanes, &lane{})
	}
}

// peek returns the lane and state expanded ahead for cur, if cur is the
// next one to add.
func (a *ahead) peek(cur int) (*lane, *aheadState) {
	for ; a.at < len(a.lanes); a.at, a.touched = a.at+1, 0 {
		l := a.lanes[a.at]
		if l.next < len(l.states) {
			if st := &l.states[l.next]; st.cur == cur {
				return l, st
			}
			return nil, nil
		}
	}
	return nil, nil
}

// holds reports whether cur is the next state expanded ahead.
func (a *ahead) holds(cur int) bool {
	_, st := a.peek(cur)
	return st != nil
}

// pending returns the state expanded ahead for cur, and its lane, if
// there is one; it first reads the slots of the next states' successors
// (see touch).
func (a *ahead) pending(cur int) (*lane, *aheadState) {
	l, st := a.peek(cur)
	if st == nil {
		return nil, nil
	}
	if l.next >= a.touched {
		a.touch(l, l.next)
	}
	l.next++
	return l, st
}

// touch reads the state table's slots where the searches for the
// successors of l's states from the from'th on start, aheadStates
// states' worth, all before any is used: a loop of loads alone, so that
// the processor has them all in flight at once.
func (a *ahead) touch(l *lane, from int) {
	to := min(from+aheadStates, len(l.states))
	slots, mask := l.sc.st.all.slots, l.sc.st.all.mask
	var sum uint32
	for _, su := range l.succs[l.states[from].from:l.states[to-1].to] {
		if su.keyed {
			sum += slots[su.hash&mask]
		}
	}
	a.sink += sum
	a.touched = to
}

// fill expands states from cur on (those bfs would expand) until the
// limits, the end of the stored states or a state too large to expand,
// and computes their successors' keys. With lanes, the states are split
// between them in runs, expanded at once (see Config.Fork).
func (s *search) fill(cur int) {
	a := &s.ahead
	for _, l := range a.lanes {
		if l.sc != nil {
			l.reset()
		}
	}
	a.at, a.touched = 0, 0
	end := s.st.len()
	if s.slp != nil {
		end = s.slp.nextStart // the next level's sleep sets are not whole yet
	}
	n := len(a.lanes)
	if n == 1 || end-cur < n*laneMin {
		s.expandRun(a.lanes[0], cur, end, aheadStates, aheadSuccs)
		return
	}
	per := min((end-cur+n-1)/n, laneStates)
	a.forked = true
	s.cfg.Fork(n, func(i int) {
		l := a.lanes[i]
		if l.w == nil {
			// Made here, on the core the lane runs on, a lane's world
			// and scratch come from that core's own memory (Go's
			// allocator keeps some per core), not from beside lane 0's:
			// made together, their small objects (nodes, buffers),
			// written at every event, shared cache lines, and each lane
			// ran twice as slowly beside the other as alone.
			l.w, _ = initial(s.cfg)
			l.sc = newScratch(l.w, s.st, s.cfg.Replay)
		}
		from := min(cur+i*per, end)
		s.expandRun(l, from, min(from+per, end), per, math.MaxInt)
	})
}

// expandRun expands in l the states from from to to that bfs would
// expand, at most states of them and until succs successors wait, and
// computes their successors' keys. It stops early at a state too large
// to expand: bfs stops there, and never adds the lanes after this one.
func (s *search) expandRun(l *lane, from, to, states, succs int) {
	for j := from; j < to && len(l.states) < states && len(l.succs) < succs; j++ {
		if s.skipped(j) {
			continue
		}
		if !s.expandAhead(l, j) {
			break
		}
	}
	s.keyAll(l)
}

// skipped reports whether bfs does not expand state j (past the depth
// bound, or unsafe).
func (s *search) skipped(j int) bool {
	return s.cfg.maxDepth > 0 && s.depth(j) >= s.cfg.maxDepth || s.bad.at(j)
}

func (l *lane) reset() {
	l.states, l.next, l.vecs, l.keys, l.succs, l.notes, l.sleeps = l.states[:0], 0, l.vecs[:0], l.keys[:0], l.succs[:0], l.notes[:0], l.sleeps[:0]
	l.sc.later, l.sc.laterB = l.sc.later[:0], l.sc.laterB[:0]
}

// expandAhead computes state j's successors in lane l without adding
// anything; it reports false if j is too large to expand (bfs stops
// there). It only reads what the search holds.
func (s *search) expandAhead(l *lane, j int) bool {
	w, sc := l.w, l.sc
	if err := sc.load(w, j); err != nil {
		panic("explore: stored state does not decode: " + err.Error())
	}
	if sc.size > maxExpand {
		return false
	}
	evs := w.Events(l.evs[:0])
	l.evs = evs
	st := aheadState{cur: j, inFlight: len(w.Net), from: len(l.succs)}
	st.deadlock = deadlocked(w, evs)
	set := evs
	if len(evs) > 0 && s.reduce {
		if p, _ := sc.persistentSet(w, evs, 0); p != nil {
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
		from := len(sc.later)
		out := sc.apply(w, e)
		l.vecs = append(l.vecs, sc.succ...)
		su := aheadSucc{waiting: sc.waiting, unsafe: sc.unsafe, decided: sc.decided, later: [2]int32{int32(from), int32(len(sc.later))}, node: uint8(e.Node)}
		if s.slp != nil {
			at := len(l.sleeps)
			l.sleeps = append(l.sleeps, s.slp.took(z, k)...)
			su.sleep = [2]int32{int32(at), int32(len(l.sleeps))}
		}
		if out.WrongLeader || out.OrderBroken {
			su.noted = true
			out.Sent = nil
			l.notes = append(l.notes, aheadNote{len(l.succs), e, out})
		}
		l.succs = append(l.succs, su)
	}
	sc.ahead = false
	st.to = len(l.succs)
	l.states = append(l.states, st)
	return true
}

// keyAll computes the key and hash of every successor in l whose pairs
// are all known (the others are new states).
func (s *search) keyAll(l *lane) {
	width := s.st.nodes + 1
	all := s.st.all
	for _, st := range l.states {
		parent := all.vec(st.cur)
		for k := st.from; k < st.to; k++ {
			su := &l.succs[k]
			if su.later[0] != su.later[1] {
				continue // a new part: a new state
			}
			key, ok := s.st.keyAfter(l.key[:0], parent, l.vecs[k*width:(k+1)*width], int(su.node))
			l.key = key
			if !ok {
				continue
			}
			su.keyed, su.keyAt, su.hash = true, int32(len(l.keys)), hashVec(key)
			l.keys = append(l.keys, key...)
		}
	}
}

// addAhead adds the successors of st, which bfs has reached, as bfs's
// own loop would have; w is bfs's world.
func (s *search) addAhead(w *sim.World, l *lane, st *aheadState) {
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
	sc := l.sc
	width, kw := s.st.nodes+1, int32(s.st.all.width)
	note := 0
	for k := st.from; k < st.to; k++ {
		su := &l.succs[k]
		s.transitions++
		var idx int
		var isNew bool
		if su.keyed {
			idx, isNew = s.st.all.addHashed(l.keys[su.keyAt:su.keyAt+kw], su.hash)
		} else {
			v := l.vecs[k*width : (k+1)*width]
			for _, p := range sc.later[su.later[0]:su.later[1]] {
				v[p.at] = s.st.part(sc.laterB[p.from:p.to])
			}
			idx, isNew = s.st.add(v)
		}
		if isNew {
			s.added(st.cur, idx, su.waiting, su.unsafe, su.decided)
		}
		if s.slp != nil {
			s.slp.reached(idx, isNew, l.sleeps[su.sleep[0]:su.sleep[1]])
		}
		if su.noted && !st.reduced {
			for l.notes[note].succ != k {
				note++
			}
			s.noteEvent(w, st.cur, l.notes[note].ev, l.notes[note].out)
		}
		s.edges.push(uint32(idx))
	}
}

// cacheLine pads what one lane writes at every event away from what
// another lane writes: two cores writing one cache line take turns at it.
// (Twice the 64 bytes of a line, as some processors fetch lines in
// pairs.)
const cacheLine = 128
