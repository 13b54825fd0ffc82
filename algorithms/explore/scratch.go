package explore

import (
	"slices"

	"dmelab/algorithms/sim"
)

// scratch computes successors of one decoded state without decoding it
// again for every event: every event changes one node (and the simulator's
// own bookkeeping), so the other nodes' encodings are computed once per
// state and reused, and the changed parts are put back after each event.
// A successor comes out as a vector of part ids (see states): the loaded
// state's, with the changed node's and the tail's ids replaced.
type scratch struct {
	_    [cacheLine]byte
	st   *states
	vec  []uint32 // the loaded state's vector of part ids
	succ []uint32 // the last successor's vector
	// decoded[k] is the id of the part node k (the tail, for k = N) of w
	// holds, when held is set: load decodes only parts that differ.
	decoded []uint32
	held    bool
	// sizes[k] is the length of part decoded[k], and size their sum: the
	// loaded state's encoded length (see maxExpand).
	sizes       []int
	size        int
	net         []sim.Msg
	app         []sim.App
	clock       []int32
	appLeft     int
	crashed     uint32
	crashLeft   int
	recoverLeft int
	phase       []sim.Phase // each node's phase in the loaded state (asked when decoded)
	inCS        int         // how many nodes are in the CS there
	enc         sim.Enc
	spare       []sim.Node // per node, overwritten by Copier nodes
	// copier[i] is spare[i] as a sim.Copier, or nil: asked once, as
	// WebAssembly has no cache for an assertion to an interface (each
	// one is a lookup in the runtime's table, a twentieth of a search in
	// the browser when it was asked at every event).
	copier []sim.Copier
	// reducible[i] is w.Nodes[i] as a sim.Reducible, or nil, asked once
	// for the same reason. The world's nodes stay the same objects for
	// the whole search: load decodes into them, and apply puts back the
	// node an event replaced.
	reducible []sim.Reducible
	grouped   []sim.GroupReceiver // the same for sim.GroupReceiver
	// lookup: find the successor's parts instead of adding them (the
	// liveness check's second look at stored states must not grow the
	// store); known then says whether all were found.
	lookup bool
	// ahead: look the successor's parts up, and keep a part never seen in
	// later (to be interned when the successor is added, see ahead)
	// instead of interning it now; its id in succ is then noPart.
	ahead  bool
	later  []laterPart
	laterB []byte
	// The candidate persistent set being built (see persistentSet).
	set   []sim.Event
	steps []sim.Step
	// done remembers what each node's handler did for each event from
	// each of its states (see replay); nil when the search does not
	// replay.
	done *stepMemo
	// tails keeps the tail each replayed step left (see tailMemo), made
	// at the first replay if keepTails: the search replays and tracks
	// no Order (whose outcome, which a pair found leaves out, says when
	// it broke).
	tails     *tailMemo
	keepTails bool
	// Of the last successor:
	waiting uint32
	unsafe  bool
	decided bool // the successor is decided (sim.World.Decided)
	known   bool
	_       [cacheLine]byte
}

// A search applies the same event to the same node state hundreds of
// times (ra-benari N=3 R=2: 6,942,205 events, 17,666 distinct pairs of a
// node's part and an event; maekawa N=3 R=2: 571,218 and 707), once in
// every state that holds that node state. Where the handler can read
// nothing else (sim.World.Replayable: no Lamport clock, no crash, no
// election), the node's new part, its phase and what it sent are the same
// each time: apply then replays them (sim.World.Replay) instead of
// copying the node, running its handler, encoding it and looking its
// part up. The simulator's bookkeeping and the tail are computed as
// before, unless the same step met the same tail not long before
// (tailMemo, tails.go). It pays where a handler is dear: a student's code, through the
// wire and the sandbox's memo (a compiled grading a sixth to a fifth
// cheaper). A built-in algorithm's handler costs about what the lookup
// does (ra-benari N=3 R=2's full search 4.2-5.3 s without, 5.3-6.1 s
// with), so by default only nodes that ask for it (sim.Replayed) are
// replayed (Config.Replay). stepMemo (memo.go) keeps the steps done.

func newScratch(w *sim.World, st *states, replay Replay) *scratch {
	n := len(w.Nodes)
	sc := &scratch{st: st, decoded: make([]uint32, n+1), sizes: make([]int, n+1), spare: make([]sim.Node, n), copier: make([]sim.Copier, n),
		reducible: make([]sim.Reducible, n), grouped: make([]sim.GroupReceiver, n), phase: make([]sim.Phase, n)}
	if _, asked := w.Nodes[0].(sim.Replayed); replay == ReplayAlways || replay == ReplayAsked && asked {
		sc.done = newStepMemo()
		sc.keepTails = !w.Opts.Order
	}
	for i, n := range w.Nodes {
		sc.spare[i] = n.Clone()
		sc.copier[i], _ = sc.spare[i].(sim.Copier)
		sc.reducible[i], _ = n.(sim.Reducible)
		sc.grouped[i], _ = n.(sim.GroupReceiver)
	}
	return sc
}

// load decodes stored state i into w, and remembers it so that apply can
// restore it. The parts of the other nodes are reused for every successor
// as they are. Only the parts that differ from the state loaded before
// are decoded: consecutive states of a breadth-first search share most of
// them, and nothing but apply (which puts the loaded state back) changes
// w between two loads.
func (sc *scratch) load(w *sim.World, i int) error {
	sc.vec = sc.st.ids(sc.vec[:0], i)
	n := len(w.Nodes)
	for k, id := range sc.vec {
		if sc.held && sc.decoded[k] == id {
			continue
		}
		b := sc.st.parts.get(int(id))
		var err error
		if k < n {
			err = w.DecodeNode(k, b)
			sc.phase[k] = w.Nodes[k].Phase()
		} else {
			err = w.DecodeTail(b)
		}
		if err != nil {
			sc.held = false
			return err
		}
		sc.decoded[k] = id
		sc.size += len(b) - sc.sizes[k]
		sc.sizes[k] = len(b)
	}
	sc.held = true
	sc.net = append(sc.net[:0], w.Net...)
	sc.app = append(sc.app[:0], w.App...)
	sc.clock = append(sc.clock[:0], w.Clock...)
	sc.appLeft = w.AppLeft
	sc.crashed, sc.crashLeft, sc.recoverLeft = w.Crashed, w.CrashLeft, w.RecoverLeft
	sc.inCS = 0
	for _, p := range sc.phase {
		if p == sim.InCS {
			sc.inCS++
		}
	}
	return nil
}

// apply performs e on w, leaves the successor's vector in sc.succ and its
// waiting set and safety in sc.waiting and sc.unsafe, and restores w.
// Where the tail cache answers (see tailMemo) w is not touched and the
// outcome is empty: callers read only WrongLeader and OrderBroken, which
// a search that keeps the cache (no election, no Order) never has.
func (sc *scratch) apply(w *sim.World, e sim.Event) sim.Outcome {
	i := e.Node
	orig := w.Nodes[i]
	replay := sc.done != nil && w.Replayable(e)
	var h, slot uint64
	if replay {
		h = stepHash(sc.vec[i], &e)
		var j int
		if j, slot = sc.done.find(h, sc.vec[i], &e); j >= 0 {
			d := &sc.done.dones[j]
			n := len(w.Nodes)
			sc.succ = append(sc.succ[:0], sc.vec...)
			sc.succ[i] = d.part
			if sc.tails != nil {
				if t, ok := sc.tails.find(j, sc.vec[n]); ok {
					// The world is not touched: its outcome would say
					// nothing the callers read (no election, no Order).
					sc.succ[n], sc.known = t, true
					sc.phases(i, d.did.Phase)
					return sim.Outcome{}
				}
			}
			out, err := w.Replay(e, &d.did)
			if err != nil {
				panic("explore: enabled event failed: " + err.Error())
			}
			sc.enc.B = sc.enc.B[:0]
			w.EncodeTail(&sc.enc)
			sc.known = sc.part(n) // the node's part is known: done keeps no other
			if sc.keepTails && sc.known && sc.succ[n] != noPart {
				if sc.tails == nil {
					sc.tails = new(tailMemo)
				}
				sc.tails.add(j, sc.vec[n], sc.succ[n])
			}
			sc.phases(i, d.did.Phase)
			if w.Alg.Election { // phases knows the CS, not leaders
				sc.decided = w.Decided()
			}
			sc.restore(w, i, orig)
			return out
		}
	}
	if cp := sc.copier[i]; cp != nil {
		cp.CopyFrom(orig)
		w.Nodes[i] = sc.spare[i]
	} else {
		w.Nodes[i] = orig.Clone()
	}
	out, err := w.Apply(e)
	if err != nil {
		panic("explore: enabled event failed: " + err.Error())
	}
	sc.succ = append(sc.succ[:0], sc.vec...)
	sc.enc.B = sc.enc.B[:0]
	w.Nodes[i].Encode(&sc.enc)
	nodeKnown := sc.part(i)
	sc.enc.B = sc.enc.B[:0]
	w.EncodeTail(&sc.enc)
	sc.known = sc.part(len(w.Nodes)) && nodeKnown
	if w.Alg.Election || e.Kind == sim.EvCrash || e.Kind == sim.EvRecover {
		sc.waiting, sc.unsafe, sc.decided = waiting(w), w.Unsafe(), w.Decided()
		sc.restore(w, i, orig)
		return out
	}
	now := w.Nodes[i].Phase()
	if replay && nodeKnown && sc.succ[i] != noPart && len(sc.done.dones) < maxDone {
		sc.done.add(slot, stepDone{stepKey{sc.vec[i], e}, h, sc.succ[i], sim.Did{Sent: slices.Clone(out.Sent), Phase: now}})
	}
	sc.phases(i, now)
	sc.restore(w, i, orig)
	return out
}

// phases sets the successor's waiting set and safety after an event of
// node i that left it in phase now.
func (sc *scratch) phases(i int, now sim.Phase) {
	// Only node i changed phase, if anyone did, and no one crashed or
	// recovered: the crashed set is the loaded state's (see waiting).
	sc.waiting = 0
	for j, p := range sc.phase {
		if j == i {
			p = now
		}
		if p == sim.Wanting {
			sc.waiting |= 1 << j
		}
	}
	sc.waiting &^= sc.crashed
	in := sc.inCS
	if sc.phase[i] == sim.InCS {
		in--
	}
	if now == sim.InCS {
		in++
	}
	sc.unsafe, sc.decided = in > 1, in > 0
}

// part puts the id of the part in sc.enc into the successor's vector at
// k, interning the part unless sc.lookup or sc.ahead says otherwise; it
// reports whether the part is known.
func (sc *scratch) part(k int) bool {
	id, ok := sc.st.find(sc.enc.B, !sc.lookup && !sc.ahead)
	if !ok && sc.ahead {
		from := len(sc.laterB)
		sc.laterB = append(sc.laterB, sc.enc.B...)
		sc.later = append(sc.later, laterPart{k, from, len(sc.laterB)})
		id, ok = noPart, true
	}
	sc.succ[k] = id
	return ok
}

// laterPart is a part of a successor computed ahead that was never seen:
// its place in the successor's vector and its bytes in laterB.
type laterPart struct{ at, from, to int }

// noPart stands for a part not interned yet.
const noPart = ^uint32(0)

// restore puts back the loaded state after an event changed node i.
func (sc *scratch) restore(w *sim.World, i int, orig sim.Node) {
	w.Nodes[i] = orig
	w.Net = append(w.Net[:0], sc.net...)
	copy(w.App, sc.app)
	copy(w.Clock, sc.clock)
	w.AppLeft = sc.appLeft
	w.Crashed, w.CrashLeft, w.RecoverLeft = sc.crashed, sc.crashLeft, sc.recoverLeft
}
