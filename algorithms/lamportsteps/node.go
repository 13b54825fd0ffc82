package lamportsteps

import (
	"fmt"
	"strings"

	"dmelab/algorithms/internal/stepwire"
	"dmelab/algorithms/sim"
)

// node is one node: the harness's phase beside the shared part, which
// holds q.
type node struct {
	stepwire.Node[Vars, Send]
	phase sim.Phase
}

func (n *node) Clone() sim.Node { return &node{n.Node.Copy(), n.phase} }

// CopyFrom implements sim.Copier.
func (n *node) CopyFrom(o sim.Node) {
	src := o.(*node)
	n.Take(&src.Node)
	n.phase = src.phase
}

// Phase is the harness's phase; a failed node waits forever.
func (n *node) Phase() sim.Phase { return n.Waits(n.phase) }

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

// Receive is rules 2, 4 and 5; the simulator has already moved the clock.
func (n *node) Receive(c *sim.Ctx, m sim.Msg) {
	if op, ok := receipt(Kind(m.Kind)); ok {
		n.handle(c, op, int(m.From), int(m.A))
	}
}

// handle runs one handler and, if it kept the contract, sends the
// messages and moves the phase; then, as the registry's lamport does
// after enter() and every receipt, it asks CanEnter while the node waits.
func (n *node) handle(c *sim.Ctx, op Op, from, t int) {
	out, _, ok := n.Call(c, int(op), from, t, n.checker(op, from))
	if !ok {
		return
	}
	for _, s := range out {
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
	if _, enter, ok := n.Call(c, int(OpCanEnter), 0, 0, n.checker(OpCanEnter, 0)); ok && enter == 1 {
		n.phase = sim.InCS
	}
}

func (n *node) checker(op Op, from int) func(old, v *Vars, out []Send, _ int) string {
	return func(old, v *Vars, out []Send, _ int) string { return n.check(op, from, old, v, out) }
}

// check returns why a handler broke its contract (see the package
// comment), or "".
func (n *node) check(op Op, from int, old, v *Vars, out []Send) string {
	id, nn := n.At().ID, n.At().N
	if len(v.Q) != nn {
		return fmt.Sprintf("made q %d long, but it has one slot per node (%d)", len(v.Q), nn)
	}
	// The one slot the handler may write: its own for Enter and Exit,
	// the sender's for a receipt, none for CanEnter.
	slot := -1
	switch op {
	case OpEnter, OpExit:
		slot = id
	case OpRequest, OpReply, OpRelease:
		slot = from
	}
	for j, e := range v.Q {
		if e == old.Q[j] {
			continue
		}
		switch {
		case slot < 0:
			return fmt.Sprintf("changed q[%d], but %s only looks at q", j, op)
		case j != slot:
			return fmt.Sprintf("changed q[%d], but %s may change only q[%d]", j, op, slot)
		}
		if f := n.entry(e, v.Clock()); f != "" {
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
		if len(out) > 1 {
			return fmt.Sprintf("sent %d messages, but %s sends at most one Reply", len(out), op)
		}
	default:
		if len(out) > 0 {
			return fmt.Sprintf("sent a message, but %s sends nothing", op)
		}
	}
	seen := make([]bool, nn)
	for _, s := range out {
		switch {
		case s.To < 0 || s.To >= nn:
			return fmt.Sprintf("sent a message to node %d, but the nodes are 0..%d", s.To, nn-1)
		case s.To == id:
			return fmt.Sprintf("sent a message to itself (%s)", name(id))
		case s.Msg.Kind != want:
			return fmt.Sprintf("sent %s, but %s sends only %s", s.Msg.Kind, op, want)
		case op == OpRequest && s.To != from:
			return fmt.Sprintf("sent a Reply to %s, but the request came from %s", name(s.To), name(from))
		case seen[s.To]:
			return fmt.Sprintf("sent %s two messages, but %s sends each node at most one", name(s.To), op)
		}
		seen[s.To] = true
		if f := n.entry(s.Msg, v.Clock()); f != "" {
			return fmt.Sprintf("sent %s to %s", f, name(s.To))
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
	for _, x := range n.V.Q {
		e.Int(int(x.Kind))
		e.Int(x.T)
	}
	n.PutFault(e)
}

// Decode reads what Encode wrote.
func (n *node) Decode(d *sim.Dec) {
	n.phase = sim.Phase(d.Int())
	for j := range n.V.Q {
		n.V.Q[j] = Entry{Kind(d.Int()), d.Int()}
	}
	n.GetFault(d)
}

// Vars shows the node as the registry's lamport does (so schedules
// written for it replay), plus the fault of a failed node.
func (n *node) Vars() []sim.Var {
	parts := make([]string, len(n.V.Q))
	for j, x := range n.V.Q {
		parts[j] = fmt.Sprintf("%s:%s@%d", name(j), x.Kind.short(), x.T)
	}
	return n.WithFault([]sim.Var{
		{Name: "state", Value: sim.PhaseWord(n)},
		{Name: "q", Value: "[" + strings.Join(parts, " ") + "]"},
	})
}

func copyVars(dst, src *Vars) {
	q := append(dst.Q[:0], src.Q...)
	*dst = *src
	dst.Q = q
}
