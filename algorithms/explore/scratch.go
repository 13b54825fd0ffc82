package explore

import "dmelab/algorithms/sim"

// scratch computes successors of one decoded state without decoding it
// again for every event: every event changes one node (and the simulator's
// own bookkeeping), so the other nodes' encodings are computed once per
// state and reused, and the changed parts are put back after each event.
type scratch struct {
	segs    [][]byte // each node's encoding in the loaded state
	ends    []int
	net     []sim.Msg
	app     []sim.App
	clock   []int32
	appLeft int
	enc     sim.Enc
	spare   []sim.Node // per node, overwritten by Copier nodes
	// Of the last successor:
	waiting uint32
	unsafe  bool
}

func newScratch(w *sim.World) *scratch {
	sc := &scratch{segs: make([][]byte, len(w.Nodes)), ends: make([]int, len(w.Nodes)), spare: make([]sim.Node, len(w.Nodes))}
	for i, n := range w.Nodes {
		sc.spare[i] = n.Clone()
	}
	return sc
}

// decode loads the state encoded in b into w, and remembers it so that
// apply can restore it. b must stay unchanged while it is in use.
func (sc *scratch) decode(w *sim.World, b []byte) error {
	if err := w.DecodeSplit(b, sc.ends); err != nil {
		return err
	}
	from := 0
	for i, end := range sc.ends {
		sc.segs[i] = b[from:end]
		from = end
	}
	sc.net = append(sc.net[:0], w.Net...)
	sc.app = append(sc.app[:0], w.App...)
	sc.clock = append(sc.clock[:0], w.Clock...)
	sc.appLeft = w.AppLeft
	return nil
}

// apply performs e on w, leaves the successor's encoding in sc.enc and its
// waiting set and safety in sc.waiting and sc.unsafe, and restores w.
func (sc *scratch) apply(w *sim.World, e sim.Event) sim.Outcome {
	i := e.Node
	orig := w.Nodes[i]
	if cp, ok := sc.spare[i].(sim.Copier); ok {
		cp.CopyFrom(orig)
		w.Nodes[i] = sc.spare[i]
	} else {
		w.Nodes[i] = orig.Clone()
	}
	out, err := w.Apply(e)
	if err != nil {
		panic("explore: enabled event failed: " + err.Error())
	}
	sc.enc.B = sc.enc.B[:0]
	for j, n := range w.Nodes {
		if j == i {
			n.Encode(&sc.enc)
		} else {
			sc.enc.B = append(sc.enc.B, sc.segs[j]...)
		}
	}
	w.EncodeTail(&sc.enc)
	sc.waiting = w.Waiting()
	sc.unsafe = w.Unsafe()
	w.Nodes[i] = orig
	w.Net = append(w.Net[:0], sc.net...)
	copy(w.App, sc.app)
	copy(w.Clock, sc.clock)
	w.AppLeft = sc.appLeft
	return out
}
