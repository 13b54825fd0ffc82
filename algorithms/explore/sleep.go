package explore

import (
	"unsafe"

	"dmelab/algorithms/sim"
)

// Sleep sets (Godefroid) let a search that cannot use the partial-order
// reduction skip transitions without skipping states. A student's code,
// an algorithm with Lamport clocks or FIFO channels: no node says which of
// its steps are persistent, so every state's every event is taken, and a
// state reached by two orders of the same independent events is computed
// twice, once by each order (four or five transitions a state at N=3).
//
// Two events are independent when different nodes take them and neither
// is a timeout, an application message, a crash or a recovery (see
// independent): each changes
// only its own node, the messages it receives and those it sends, so
// taking them in either order gives the same state, and neither disables
// the other. When state x is expanded, each event taken gets a sleep set
// to pass on: the events taken at x before it, and those asleep at x, that
// are independent of it. The successor need not take those: the state it
// would reach is reached by taking the sleeping event first. A state
// reached from several states of the level before gets what all of them
// agree on (the intersection), and is expanded only once its level is
// whole.
//
// Why no state is lost: take a state z at distance d, and among its
// shortest paths the least in the order events are taken at every state
// (Events' order, the same at every state for events of different nodes:
// a node's own events by node, then deliveries by channel). Were an event
// e_i of that path asleep where the path takes it, it would have been
// taken, at some state of the path before it, ahead of the event e_j the
// path takes there, independent of everything in between; moving it
// there gives a path to z as short and less in that order. So the least
// path is taken event by event, and z is found at depth d, as by the full
// search. Every pair of a node's state and an event taken there is taken
// too (a sleeping event was taken where its node was in the same state),
// so what an event alone reveals (a wrongly elected leader) is found as
// well.
//
// The argument needs the states on those paths to be expanded: a state
// with two nodes in the CS is not, so the search vouches for every state
// up to the depth of the first violation, not beyond. That is all a
// search of safety alone needs: the full search stops there too (the one
// property asked is settled), and the violation found first is at the
// same depth, so the counterexample is as short, though it may be another
// run of that length (the first found of several of that depth). A
// search stopped by a bound inside a level holds a part of that level,
// which part depending on the order states were found in: whether the
// full search would have found a violation there is not known, so at a
// bound Check searches again in full (see Check) and reports that. The
// other way round, a violation found before the bound stands, even where
// the full search, finding that level's states in another order, would
// have reached the bound first and said "unknown": it is a real run, as
// short as any.
//
// Edges are skipped, so the graph the liveness check needs is not whole,
// and Order's ghost state makes every event depend on every earlier one:
// sleep sets are used only for searches of safety alone, without Order
// (see useSleep).
type sleepSets struct {
	// The level being expanded starts at state curStart, the next one
	// (whose states are being found) at nextStart.
	curStart, nextStart int
	cur, next           sleepLevel
	done                []slept // events taken so far at the state being expanded
	pass                []slept // the sleep set passed on, being built
	payloads            map[string]uint32
	payloadBytes        int // what payloads holds, roughly (see bytes)
}

// slept is an event as a sleep set keeps it: without pointers (a
// message's payload is interned), so that sets are copied and compared
// as plain memory, without the collector's barriers.
type slept struct {
	kind           sim.EventKind
	node, to       uint8
	step           sim.Step
	from, dst, msg uint8 // the message's From, To and Kind
	a, b, ts       int32
	hb, data       uint32
}

// key is e as a sleep set keeps it (a world has at most 32 nodes).
func (sl *sleepSets) key(e sim.Event) slept {
	k := slept{kind: e.Kind, node: uint8(e.Node), to: uint8(e.To), step: e.Step,
		from: e.Msg.From, dst: e.Msg.To, msg: e.Msg.Kind, a: e.Msg.A, b: e.Msg.B, ts: e.Msg.TS, hb: e.Msg.HB}
	if d := e.Msg.Data; d != "" {
		id, ok := sl.payloads[d]
		if !ok {
			if sl.payloads == nil {
				sl.payloads = map[string]uint32{}
			}
			id = uint32(len(sl.payloads) + 1)
			sl.payloads[d] = id
			sl.payloadBytes += len(d) + 32 // the string and its entry
		}
		k.data = id
	}
	return k
}

// sleepLevel holds the sleep sets of one level's states, in state order.
type sleepLevel struct {
	off []uint32
	n   []uint16
	evs []slept
}

func newSleepSets() *sleepSets {
	sl := &sleepSets{nextStart: 1}
	sl.cur.add(nil) // the initial state's: empty
	return sl
}

func (l *sleepLevel) reset() {
	l.off, l.n, l.evs = l.off[:0], l.n[:0], l.evs[:0]
}

func (l *sleepLevel) add(set []slept) {
	l.off = append(l.off, uint32(len(l.evs)))
	l.n = append(l.n, uint16(len(set)))
	l.evs = append(l.evs, set...)
}

func (l *sleepLevel) get(k int) []slept {
	o := l.off[k]
	return l.evs[o : o+uint32(l.n[k])]
}

// meet keeps of state k's sleep set what set holds too.
func (l *sleepLevel) meet(k int, set []slept) {
	kept := l.get(k)[:0]
	for _, t := range l.get(k) {
		if asleep(set, t) {
			kept = append(kept, t)
		}
	}
	l.n[k] = uint16(len(kept))
}

func (l *sleepLevel) bytes() int {
	return cap(l.off)*4 + cap(l.n)*2 + cap(l.evs)*int(unsafe.Sizeof(slept{}))
}

// at returns state i's sleep set; i is in the level being expanded. The
// level begins when its first state is (bfs calls at for every state in
// order, before it looks ahead), and the next level's sleep sets are then
// whole: every state of the level before has been expanded.
func (sl *sleepSets) at(i, stored int) []slept {
	if i == sl.nextStart {
		sl.cur, sl.next = sl.next, sl.cur
		sl.next.reset()
		sl.curStart, sl.nextStart = sl.nextStart, stored
	}
	return sl.cur.get(i - sl.curStart)
}

// of returns the sleep set of state i of the level being expanded, for a
// state expanded ahead.
func (sl *sleepSets) of(i int) []slept { return sl.cur.get(i - sl.curStart) }

// begin starts the expansion of a state.
func (sl *sleepSets) begin() { sl.done = sl.done[:0] }

// took notes that e (a key) is taken at the state being expanded, whose
// sleep set is z, and returns the sleep set e's successor gets from there
// (valid until the next call).
func (sl *sleepSets) took(z []slept, e slept) []slept {
	sl.pass = sl.pass[:0]
	for _, t := range z {
		if independent(t, e) {
			sl.pass = append(sl.pass, t)
		}
	}
	for _, t := range sl.done {
		if independent(t, e) {
			sl.pass = append(sl.pass, t)
		}
	}
	sl.done = append(sl.done, e)
	return sl.pass
}

// reached records that state idx (isNew: just added) was reached with
// sleep set set from the level being expanded.
func (sl *sleepSets) reached(idx int, isNew bool, set []slept) {
	switch {
	case isNew:
		sl.next.add(set)
	case idx >= sl.nextStart:
		sl.next.meet(idx-sl.nextStart, set)
	}
	// Otherwise idx lies on a level already expanded or being expanded:
	// this path to it is not a shortest one, and none is lost by
	// ignoring it (see sleepSets).
}

func (sl *sleepSets) bytes() int {
	return sl.cur.bytes() + sl.next.bytes() + sl.payloadBytes
}

// asleep reports whether e is in set.
func asleep(set []slept, e slept) bool {
	for _, t := range set {
		if t == e {
			return true
		}
	}
	return false
}

// independent reports whether a and b, both enabled, commute and cannot
// disable each other, whatever the state. Different nodes' receipts,
// steps, enter() and exit() calls do: each reads and writes its own node,
// its application's counters and its own clock, removes the message it
// receives (a FIFO channel's head, which a send to the same channel
// leaves the head) and adds the messages it sends, in their canonical
// place. A timeout is enabled only while every other node is quiet, an
// application message needs its receiver idle and the shared budget, and
// a crash or a recovery changes what every node is told of who is down
// (and a crash what may still be received): all of these depend on
// everything. Between two of them the crashed set stays as it is, and
// only a crashed node's own events are disabled by it.
func independent(a, b slept) bool {
	return a.node != b.node && local(a) && local(b)
}

func local(e slept) bool {
	switch e.kind {
	case sim.EvRequest, sim.EvExit, sim.EvDeliver:
		return true
	case sim.EvStep:
		return e.step.Proc != sim.TimerProc
	}
	return false
}

// useSleep reports whether a search of c from w takes sleep sets (see
// sleepSets): not reduced (the reduction's cycle proviso reads the
// graph), a full search not asked for, safety alone (so that its first
// violation settles the search), no Order.
func useSleep(c Config, w *sim.World, reduce bool) bool {
	return !reduce && !c.NoReduce && !c.noSleep && !c.Exhaust && c.wants(Safety) && !c.wants(Liveness) &&
		!c.Opts.Order && !w.Opts.Order
}
