package lamportsteps

import (
	"fmt"
	"strings"

	"dmelab/algorithms/lamport"
	"dmelab/algorithms/sim"
)

// Algorithm returns the descriptor of Lamport 1978 whose handlers s
// implements, under the given name (the exercise's algorithm, lamport).
// Like the registry's lamport it has FIFO channels and Lamport clocks,
// and it names and prints its messages and shows its pseudocode the same
// way (the registry's own MsgKinds, FormatMsg and Listing), so schedules
// written for lamport replay on it.
func Algorithm(name string, s New) *sim.Algorithm {
	reg := lamport.Algorithm()
	return &sim.Algorithm{
		Name:      name,
		Summary:   "Lamport 1978 (seed 004, algorithm 1), with the handlers written by a student",
		FIFO:      true,
		Clocks:    true,
		New:       func(cfg sim.Config) ([]sim.Node, error) { return newNodes(s, cfg) },
		MsgKinds:  reg.MsgKinds,
		FormatMsg: reg.FormatMsg,
		Listing:   reg.Listing,
	}
}

func newNodes(s New, cfg sim.Config) ([]sim.Node, error) {
	if s == nil {
		return nil, fmt.Errorf("lamportsteps: no handlers")
	}
	nodes := make([]sim.Node, cfg.N)
	for i := range nodes {
		n := &node{steps: s, id: i, n: cfg.N, q: make([]Entry, cfg.N)}
		for j := range n.q {
			n.q[j] = Entry{Kind: Release}
		}
		nodes[i] = n
	}
	return nodes, nil
}

// node is one node: the harness's phase, the student-visible q, kept
// here and copied into a fresh Vars for every handler call.
type node struct {
	steps New
	id, n int
	phase sim.Phase
	q     []Entry
	fault string
}

func (n *node) Clone() sim.Node {
	c := *n
	c.q = append([]Entry(nil), n.q...)
	return &c
}

// CopyFrom implements sim.Copier.
func (n *node) CopyFrom(o sim.Node) {
	src := o.(*node)
	q := append(n.q[:0], src.q...)
	*n = *src
	n.q = q
}

// Phase is the harness's phase; a failed node waits forever.
func (n *node) Phase() sim.Phase {
	if n.fault != "" {
		return sim.Wanting
	}
	return n.phase
}

// Fault says why the node stopped, or "" while it works.
func (n *node) Fault() string { return n.fault }

// Request is enter(): a clock tick, then rule 1.
func (n *node) Request(c *sim.Ctx) {
	c.Tick()
	n.handle(c, OpEnter, 0, 0)
}

// Exit is exit(): a clock tick, then rule 3'.
func (n *node) Exit(c *sim.Ctx) {
	c.Tick()
	n.handle(c, OpExit, 0, 0)
}

func (n *node) CanReceive(sim.Msg) bool { return n.fault == "" }

// Receive is rules 2, 4 and 5; the simulator has already moved the clock.
func (n *node) Receive(c *sim.Ctx, m sim.Msg) {
	if op, ok := receipt(Kind(m.Kind)); ok {
		n.handle(c, op, int(m.From), int(m.A))
	}
}

func (n *node) Steps(dst []sim.Step) []sim.Step { return dst }
func (n *node) Do(*sim.Ctx, sim.Step)           {}
func (n *node) StepLabel(sim.Step) string       { return "" }

// vars is a fresh copy of the student-visible variables.
func (n *node) vars(c *sim.Ctx) Vars {
	return Vars{Q: append([]Entry(nil), n.q...), id: n.id, n: n.n, clock: int(c.Clock())}
}

// handle runs one handler on a copy of the variables, checks the contract
// and, if it holds, takes the new q, sends the messages and moves the
// phase; then, as the registry's lamport does after enter() and every
// receipt, it asks CanEnter while the node waits.
func (n *node) handle(c *sim.Ctx, op Op, from, t int) {
	if n.fault != "" {
		return
	}
	v := n.vars(c)
	if _, p := invoke(n.steps(&v), op, from, t); p != "" {
		n.fault = op.String() + " " + p
		return
	}
	if f := n.check(op, from, &v); f != "" {
		n.fault = op.String() + " " + f
		return
	}
	copy(n.q, v.Q)
	for _, s := range v.out {
		c.Send(s.To, sim.Msg{Kind: uint8(s.Msg.Kind), A: int32(s.Msg.T)})
	}
	switch op {
	case OpEnter:
		n.phase = sim.Wanting
	case OpExit:
		n.phase = sim.Idle
		return
	}
	if n.phase == sim.Wanting {
		n.tryEnter(c)
	}
}

// tryEnter is rule 3: CanEnter decides, on a copy it may not change.
func (n *node) tryEnter(c *sim.Ctx) {
	v := n.vars(c)
	enter, p := invoke(n.steps(&v), OpCanEnter, 0, 0)
	if p != "" {
		n.fault = OpCanEnter.String() + " " + p
		return
	}
	if f := n.check(OpCanEnter, 0, &v); f != "" {
		n.fault = OpCanEnter.String() + " " + f
		return
	}
	if enter {
		n.phase = sim.InCS
	}
}

// check returns why a handler broke its contract (see the package
// comment), or "".
func (n *node) check(op Op, from int, v *Vars) string {
	if len(v.Q) != n.n {
		return fmt.Sprintf("made q %d long, but it has one slot per node (%d)", len(v.Q), n.n)
	}
	// The one slot the handler may write: its own for Enter and Exit,
	// the sender's for a receipt, none for CanEnter.
	slot := -1
	switch op {
	case OpEnter, OpExit:
		slot = n.id
	case OpRequest, OpReply, OpRelease:
		slot = from
	}
	for j, e := range v.Q {
		if e == n.q[j] {
			continue
		}
		switch {
		case slot < 0:
			return fmt.Sprintf("changed q[%d], but %s only looks at q", j, op)
		case j != slot:
			return fmt.Sprintf("changed q[%d], but %s may change only q[%d]", j, op, slot)
		}
		if f := n.entry(e, v.clock); f != "" {
			return fmt.Sprintf("set q[%d] = %s", j, f)
		}
	}
	var want Kind
	switch op {
	case OpEnter:
		want = Request
	case OpExit:
		want = Release
	case OpRequest:
		want = Reply
		if len(v.out) > 1 {
			return fmt.Sprintf("sent %d messages, but %s sends at most one Reply", len(v.out), op)
		}
	default:
		if len(v.out) > 0 {
			return fmt.Sprintf("sent a message, but %s sends nothing", op)
		}
	}
	seen := make([]bool, n.n)
	for _, s := range v.out {
		switch {
		case s.To < 0 || s.To >= n.n:
			return fmt.Sprintf("sent a message to node %d, but the nodes are 0..%d", s.To, n.n-1)
		case s.To == n.id:
			return fmt.Sprintf("sent a message to itself (node %d)", n.id)
		case s.Msg.Kind != want:
			return fmt.Sprintf("sent %s, but %s sends only %s", s.Msg.Kind, op, want)
		case op == OpRequest && s.To != from:
			return fmt.Sprintf("sent a Reply to node %d, but the request came from node %d", s.To, from)
		case seen[s.To]:
			return fmt.Sprintf("sent node %d two messages, but %s sends each node at most one", s.To, op)
		}
		seen[s.To] = true
		if f := n.entry(s.Msg, v.clock); f != "" {
			return fmt.Sprintf("sent %s to node %d", f, s.To)
		}
	}
	return ""
}

// entry says what is wrong with an entry or message, "" if nothing: its
// kind must be one of the three and its timestamp a time the clock has
// already shown.
func (n *node) entry(e Entry, clock int) string {
	switch {
	case e.Kind > Release:
		return fmt.Sprintf("(%s, %d), but the kinds are Request, Reply and Release", e.Kind, e.T)
	case e.T < 0 || e.T > clock:
		return fmt.Sprintf("(%s, %d), but the clock shows %d: a timestamp is a time between 0 and Clock()", e.Kind, e.T, clock)
	}
	return ""
}

// Encode writes the node's state as the registry's lamport does (phase,
// then q), then whether it failed; a failed node's reason is not encoded.
func (n *node) Encode(e *sim.Enc) {
	e.Int(int(n.phase))
	for _, x := range n.q {
		e.Int(int(x.Kind))
		e.Int(x.T)
	}
	e.Bool(n.fault != "")
}

// Decode reads what Encode wrote.
func (n *node) Decode(d *sim.Dec) {
	n.phase = sim.Phase(d.Int())
	for j := range n.q {
		n.q[j] = Entry{Kind(d.Int()), d.Int()}
	}
	n.fault = ""
	if d.Bool() {
		n.fault = "failed"
	}
}

// Vars shows the node as the registry's lamport does (so schedules
// written for it replay), plus the fault of a failed node.
func (n *node) Vars() []sim.Var {
	parts := make([]string, len(n.q))
	for j, x := range n.q {
		parts[j] = fmt.Sprintf("%s:%s@%d", name(j), x.Kind.short(), x.T)
	}
	v := []sim.Var{
		{Name: "state", Value: n.Phase().String()},
		{Name: "q", Value: "[" + strings.Join(parts, " ") + "]"},
	}
	if n.fault != "" {
		v = append(v, sim.Var{Name: "fault", Value: n.fault})
	}
	return v
}
