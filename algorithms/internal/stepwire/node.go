package stepwire

import (
	"fmt"

	"dmelab/algorithms/sim"
)

// Harness is what an interface's nodes share: its wire (ops, variables),
// how a fault names a call, which parts of the Place the simulator fills
// in, and what its descriptor and nodes are beyond the student's code.
type Harness[V, S any] struct {
	*Wire[V, S]
	Pkg string // the interface's package, for errors
	// Copy copies src into dst, sharing no list with src and reusing
	// dst's; nil when V has no list.
	Copy func(dst, src *V)
	// Say names a call in a fault ("OnElection(N1)"); by default the op's
	// name.
	Say func(op, a int) string
	// Clocks and Crashes: the handlers see the Lamport clock, the
	// crashed nodes.
	Clocks, Crashes bool
	// Alg is the descriptor without its name and New (summary, messages),
	// Max the most nodes it builds (0: no bound of its own).
	Alg sim.Algorithm
	Max int
	// Init gives node i of n its variables; nil for the zero ones.
	Init func(i, n int) V
	// Wrap is the interface's node around its Node, and Phase the phase
	// of a node with variables v: see Node's Clone and Phase.
	Wrap  func(Node[V, S]) sim.Node
	Phase func(v *V) sim.Phase
}

// Nodes builds n nodes of the student's code c, each with the variables
// init(i) gives it; each node is wrap(its Node).
func Nodes[V, S, N any](h *Harness[V, S], c Code[V], n int, init func(i int) V, wrap func(Node[V, S]) N) ([]N, error) {
	if c == nil {
		return nil, fmt.Errorf("%s: no %s", h.Pkg, h.noun())
	}
	if h.Max > 0 && n > h.Max {
		return nil, fmt.Errorf("%s: at most %d nodes", h.Pkg, h.Max)
	}
	nodes := make([]N, n)
	for i := range nodes {
		b := Node[V, S]{h: h, code: c, V: init(i), sc: newScratch(h)}
		b.h.Self(&b.V).at = Place{ID: i, N: n}
		nodes[i] = wrap(b)
	}
	return nodes, nil
}

// Node is the part of a node every interface shares: the student's code,
// the node's variables (a fresh copy of them for every call, so that no
// handler keeps a reference into the harness's state) and why the node
// failed. The interface's node embeds it.
type Node[V, S any] struct {
	h     *Harness[V, S] // shared, never changes
	code  Code[V]
	V     V // the node's variables; their Place is the node's
	fault string
	// sc is where Call copies the variables for the handler, shared by
	// the node and its clones (see callScratch).
	sc *callScratch[V, S]
}

// callScratch is the memory a call works in, kept from call to call: a
// search calls the handlers hundreds of thousands of times, and a fresh
// copy of the variables for each (the handler gets a pointer to them, so
// they were made on the heap) was most of the host's allocation. A node
// and its clones share one, as they run one call at a time: the
// simulator is single-threaded, and a world's nodes (clones included)
// are stepped by one goroutine at a time.
type callScratch[V, S any] struct {
	v    V        // the handler's copy; after a call that kept the contract, the node's old variables, whose lists the next copy reuses
	self *Self[S] // v's Self, found once (an assertion to an interface)
	out  []S      // the messages of the last call, whose array the next call appends to
}

func newScratch[V, S any](h *Harness[V, S]) *callScratch[V, S] {
	sc := new(callScratch[V, S])
	sc.self = h.Self(&sc.v)
	return sc
}

// Fault says why the node stopped, or "" while it works.
func (n *Node[V, S]) Fault() string { return n.fault }

// Fail stops the node, saying why.
func (n *Node[V, S]) Fail(why string) { n.fault = why }

// Elected is leader, or none for a failed node: it has decided nothing,
// for ever, so that a fault is a liveness failure of an election.
func (n *Node[V, S]) Elected(leader, none int) int {
	if n.fault != "" {
		return none
	}
	return leader
}

// At is the node's place.
func (n *Node[V, S]) At() *Place { return &n.h.Self(&n.V).at }

// Replayed: a step of the student's code is worth remembering (see
// sim.Replayed).
func (n *Node[V, S]) Replayed() {}

// CanReceive: a failed node takes nothing.
func (n *Node[V, S]) CanReceive(sim.Msg) bool { return n.fault == "" }

// Waits is phase p, or Wanting for a failed node: it waits forever.
func (n *Node[V, S]) Waits(p sim.Phase) sim.Phase {
	if n.fault != "" {
		return sim.Wanting
	}
	return p
}

// The defaults of a node without internal steps or an exit.
func (n *Node[V, S]) Steps(dst []sim.Step) []sim.Step { return dst }
func (n *Node[V, S]) Do(*sim.Ctx, sim.Step)           {}
func (n *Node[V, S]) StepLabel(sim.Step) string       { return "" }

// Copy is a copy of n that shares no list with it.
func (n *Node[V, S]) Copy() Node[V, S] {
	c := *n
	c.V = *new(V)
	n.copyTo(&c.V, &n.V)
	return c
}

// Clone and CopyFrom implement sim.Node and sim.Copier for an interface
// whose node is its Node and nothing more (the Harness's Wrap); one with
// more overrides them.
func (n *Node[V, S]) Clone() sim.Node { return n.h.Wrap(n.Copy()) }

func (n *Node[V, S]) CopyFrom(o sim.Node) { n.Take(o.(interface{ base() *Node[V, S] }).base()) }

func (n *Node[V, S]) base() *Node[V, S] { return n }

// Phase is the Harness's Phase of the node's variables; a failed node
// waits forever.
func (n *Node[V, S]) Phase() sim.Phase { return n.Waits(n.h.Phase(&n.V)) }

// Take makes n a copy of src, reusing n's lists.
func (n *Node[V, S]) Take(src *Node[V, S]) {
	lists := n.V
	*n = *src
	n.V = lists
	n.copyTo(&n.V, &src.V)
}

// copyTo makes *v a copy of src, in v's lists, without the messages src
// sent. It writes through v rather than returning a V: a variable whose
// address reaches h.Copy escapes, and this runs at every call of a
// search.
func (n *Node[V, S]) copyTo(v, src *V) {
	n.copyVars(v, src)
	n.h.Self(v).out = nil
}

// copyVars is copyTo without clearing the messages in *v.
func (n *Node[V, S]) copyVars(v, src *V) {
	if n.h.Copy != nil {
		n.h.Copy(v, src)
	} else {
		*v = *src
	}
}

// Call runs handler op (arguments a and b) on a copy of the node's
// variables, then checks the contract with check (old and new variables,
// the handler's result). If it holds, the new variables are the node's
// and Call returns what the handler sent and returned; otherwise the node
// fails, saying why, and ok is false. A failed node runs nothing. What it
// sent is the caller's until the next call of the node or a clone: the
// next call writes its messages in the same array.
func (n *Node[V, S]) Call(c *sim.Ctx, op, a, b int, check func(old, v *V, out []S, ret int) string) (out []S, ret int, ok bool) {
	if n.fault != "" {
		return nil, 0, false
	}
	at := n.At()
	if n.h.Clocks {
		at.Clock = int(c.Clock())
	}
	if n.h.Crashes {
		at.Crashed = 0
		for j := 0; j < at.N && j < 32; j++ {
			if !c.Alive(j) {
				at.Crashed |= 1 << j
			}
		}
	}
	sc := n.sc // every Node comes from Nodes, which gives it one
	v, self := &sc.v, sc.self
	n.copyVars(v, &n.V)
	self.out = sc.out[:0]
	ret, p := invoke(n.code, v, op, a, b, n.h.noun())
	out, self.at = self.out, *at // a handler could overwrite the whole struct
	self.out = nil
	sc.out = out
	if p == "" {
		p = check(&n.V, v, out, ret)
	}
	if p != "" {
		say := Name(n.h.Ops, op)
		if n.h.Say != nil {
			say = n.h.Say(op, a)
		}
		n.fault = say + " " + p
		return nil, 0, false
	}
	// The node takes the new variables, and the scratch the old ones,
	// whose lists no one else holds (every copy of a node is a deep one).
	n.V, *v = *v, n.V
	return out, ret, true
}

// PutFault writes whether the node failed; its reason is not encoded.
func (n *Node[V, S]) PutFault(e *sim.Enc) { e.Bool(n.fault != "") }

// GetFault reads what PutFault wrote: a decoded failed node says so in
// general.
func (n *Node[V, S]) GetFault(d *sim.Dec) {
	n.fault = ""
	if d.Bool() {
		n.fault = "failed"
	}
}

// WithFault is vars with the fault of a failed node.
func (n *Node[V, S]) WithFault(vars []sim.Var) []sim.Var {
	if n.fault != "" {
		vars = append(vars, sim.Var{Name: "fault", Value: n.fault})
	}
	return vars
}
