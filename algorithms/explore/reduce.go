package explore

import "dmelab/algorithms/sim"

// ample tries to expand cur by a persistent set of events instead of all
// of them (see sim.Reducible): first a receipt or an enter() call the node
// calls local, then each node's persistent set of steps, then each node's
// group of receipts (sim.GroupReceiver).
//
// The reduction must also meet the cycle proviso: every cycle of the
// reduced graph passes through a fully expanded state. Check first searches
// without enforcing it and then verifies it (reducedAcyclic); only if that
// fails does it search again with s.proviso set, which insists that every
// chosen event lead one breadth-first level deeper (to a new state, or to
// one first reached from another state of cur's level): a cycle must
// somewhere go back to a level no deeper than where it leaves, and only
// fully expanded states then have such edges.
func (s *search) ample(w *sim.World, sc *scratch, cur int, evs []sim.Event) bool {
	try := func(set []sim.Event) bool {
		s.amp, s.ampBuf = s.amp[:0], s.ampBuf[:0]
		for _, e := range set {
			sc.apply(w, e)
			if s.proviso {
				if old := s.st.lookup(sc.succ); old >= 0 && s.depth(old) != s.depth(cur)+1 {
					return false
				}
			}
			start := len(s.ampBuf)
			s.ampBuf = append(s.ampBuf, sc.succ...)
			s.amp = append(s.amp, ampleSucc{start, len(s.ampBuf), sc.waiting, sc.unsafe, sc.decided})
		}
		for k := range set {
			a := s.amp[k]
			s.transitions++
			idx, isNew := s.st.add(s.ampBuf[a.from:a.to])
			if isNew {
				s.added(cur, idx, a.waiting, a.unsafe, a.decided)
			}
			s.edges.push(uint32(idx))
		}
		s.reduced.push(true)
		return true
	}
	for set, k := sc.persistentSet(w, evs, 0); set != nil; set, k = sc.persistentSet(w, evs, k) {
		if try(set) {
			return true
		}
	}
	return false
}

// persistentSet returns the candidate persistent sets of the loaded
// state w, whose enabled events are evs, one at a time in the order the
// reduction prefers them: first a receipt or an enter() call its node
// calls local, then each node's persistent set of steps (or, once no
// grouped message can reach it, its Unreached steps), then each node's
// group of receipts. It returns the
// first candidate from k on (0 for the first) and where the next one is
// looked for, or nil when there is none. Without the cycle proviso the
// first is always taken.
func (sc *scratch) persistentSet(w *sim.World, evs []sim.Event, k int) ([]sim.Event, int) {
	for ; k < len(evs); k++ {
		e := evs[k]
		r := sc.reducible[e.Node]
		local := e.Kind == sim.EvDeliver && e.Msg.Kind != sim.AppKind && r.LocalMsg(e.Msg, w.App[e.Node].Left == 0) ||
			e.Kind == sim.EvRequest && r.LocalRequest()
		if local {
			sc.set = append(sc.set[:0], e)
			return sc.set, k + 1
		}
	}
	for ; k < len(evs)+len(w.Nodes); k++ {
		i := k - len(evs)
		if w.Crashed&(1<<i) != 0 {
			continue // takes no step (a search from a state with a crash)
		}
		steps := sc.reducible[i].Persistent(sc.steps[:0], w.App[i].Left == 0)
		if len(steps) == 0 && unreached(w, sc, i) {
			steps = sc.grouped[i].Unreached(steps, w.App[i].Left == 0)
		}
		sc.steps = steps
		if len(steps) == 0 {
			continue
		}
		set := sc.set[:0]
		for _, st := range steps {
			set = append(set, sim.Event{Kind: sim.EvStep, Node: i, Step: st})
		}
		sc.set = set
		return set, k + 1
	}
	for ; k < len(evs)+2*len(w.Nodes); k++ {
		if set := sc.receiptGroup(w, evs, k-len(evs)-len(w.Nodes)); set != nil {
			return set, k + 1
		}
	}
	return nil, k
}

// receiptGroup returns the receipts of grouped messages enabled at node
// i (see sim.GroupReceiver) if no node may send it another; otherwise nil.
func (sc *scratch) receiptGroup(w *sim.World, evs []sim.Event, i int) []sim.Event {
	g := sc.grouped[i]
	if g == nil || w.Crashed&(1<<i) != 0 {
		return nil
	}
	set := sc.set[:0]
	for _, e := range evs {
		if e.Kind == sim.EvDeliver && e.Node == i && e.Msg.Kind != sim.AppKind && g.GroupMsg(e.Msg) {
			set = append(set, e)
		}
	}
	sc.set = set
	if len(set) == 0 || maySend(w, sc, i, groupedTo(w, g, i)) {
		return nil
	}
	return set
}

// unreached reports whether node i is a GroupReceiver that no grouped
// message can reach any more: none is in flight to it, and no node may
// send one.
func unreached(w *sim.World, sc *scratch, i int) bool {
	g := sc.grouped[i]
	return g != nil && groupedTo(w, g, i) == 0 && !maySend(w, sc, i, 0)
}

// groupedTo is the set of nodes with a grouped message in flight to node
// i, whose GroupReceiver is g.
func groupedTo(w *sim.World, g sim.GroupReceiver, i int) (from uint64) {
	for _, m := range w.Net {
		if int(m.To) == i && m.Kind != sim.AppKind && g.GroupMsg(m) {
			from |= 1 << m.From
		}
	}
	return from
}

// maySend reports whether some live node may send node i a grouped
// message before i receives one; pending is groupedTo(i).
func maySend(w *sim.World, sc *scratch, i int, pending uint64) bool {
	for j, o := range sc.grouped {
		if w.Crashed&(1<<j) == 0 && (o == nil || o.MaySend(i, w.App[j].Left == 0, pending&(1<<j) != 0)) {
			return true
		}
	}
	return false
}

// ampleSucc is a successor computed while checking the cycle proviso.
type ampleSucc struct {
	from, to int // its vector in ampBuf
	waiting  uint32
	unsafe   bool
	decided  bool // see sim.World.Decided
}
