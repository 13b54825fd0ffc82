package raymondsteps

import (
	"fmt"
	"strings"

	"dmelab/algorithms/internal/stepwire"
	"dmelab/algorithms/sim"
)

func (n *node) Receive(c *sim.Ctx, m sim.Msg) {
	switch Kind(m.Kind) {
	case Request:
		n.handle(c, OpRequest, int(m.From))
	case Privilege:
		n.handle(c, OpPrivilege, 0)
	}
}

// neighbour reports whether j is a neighbour of i in the tree.
func neighbour(i, j int) bool {
	return (j > 0 && Parent(j) == i) || (i > 0 && Parent(i) == j)
}

// check returns why a handler broke its contract (see the package
// comment), or "".
func (n *node) check(op Op, old, v *Vars, out []Send) string {
	id, nn := n.At().ID, n.At().N
	var sent [2]int
	for _, s := range out {
		switch {
		case s.To < 0 || s.To >= nn:
			return fmt.Sprintf("sent a message to node %d, but the nodes are 0..%d", s.To, nn-1)
		case !neighbour(id, s.To):
			return fmt.Sprintf("sent a message to %s, but %s is not %s's neighbour in the tree", name(s.To), name(s.To), name(id))
		case s.Kind == Privilege && old.Holder != id && op != OpPrivilege:
			return "sent the PRIVILEGE, but the node did not hold it (HOLDER ≠ self)"
		}
		sent[s.Kind]++
	}
	switch {
	case sent[Request] > 1:
		return fmt.Sprintf("sent %d REQUESTs, but a handler sends at most one", sent[Request])
	case sent[Privilege] > 1:
		return fmt.Sprintf("sent the PRIVILEGE %d times, but there is one", sent[Privilege])
	case v.Holder < 0 || v.Holder >= nn:
		return fmt.Sprintf("set HOLDER = %d, but the nodes are 0..%d", v.Holder, nn-1)
	}
	if f := stepwire.NodeList("request_Q", v.Queue, nn); f != "" {
		return f
	}
	switch op {
	case OpEnter:
		if v.State != Wanted && v.State != Held {
			return fmt.Sprintf("left state = %s, but Enter() sets state = Wanted or Held", v.State.GoName())
		}
	case OpExit:
		if v.State != Released {
			return fmt.Sprintf("left state = %s, but Exit() sets state = Released", v.State.GoName())
		}
	default:
		if v.State != old.State && !(old.State == Wanted && v.State == Held) {
			return fmt.Sprintf("changed state from %s to %s, but a message can only move Wanted to Held", old.State.GoName(), v.State.GoName())
		}
	}
	return ""
}

// handle runs one handler and, if it kept the contract, sends its
// messages.
func (n *node) handle(c *sim.Ctx, op Op, from int) {
	out, _, _ := n.Call(c, int(op), from, 0, func(old, v *Vars, out []Send, _ int) string { return n.check(op, old, v, out) })
	for _, s := range out {
		c.Send(s.To, sim.Msg{Kind: uint8(s.Kind)})
	}
}

var name = stepwire.NodeName

// Encode writes the node's state; a failed node's reason is not encoded.
func (n *node) Encode(e *sim.Enc) {
	e.Int(int(n.V.State))
	e.Int(n.V.Holder)
	e.Bool(n.V.Asked)
	e.Ints(n.V.Queue)
	n.PutFault(e)
}

// Decode reads what Encode wrote.
func (n *node) Decode(d *sim.Dec) {
	n.V.State, n.V.Holder, n.V.Asked, n.V.Queue = State(d.Int()), d.Int(), d.Bool(), d.IntsInto(n.V.Queue)
	n.GetFault(d)
}

// Vars shows the node as the registry's raymond does (so schedules
// written for it replay), plus the fault of a failed node.
func (n *node) Vars() []sim.Var {
	q := make([]string, len(n.V.Queue))
	for i, x := range n.V.Queue {
		q[i] = n.who(x)
	}
	return n.WithFault([]sim.Var{
		{Name: "phase", Value: sim.PhaseWord(n)},
		{Name: "holder", Value: n.who(n.V.Holder)},
		{Name: "using", Value: yesNo(n.V.State == Held)},
		{Name: "asked", Value: yesNo(n.V.Asked)},
		{Name: "request_Q", Value: "[" + strings.Join(q, " ") + "]"},
	})
}

// who names node i as the node sees it: "self" for itself.
func (n *node) who(i int) string {
	if i == n.At().ID {
		return "self"
	}
	return name(i)
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

func copyVars(dst, src *Vars) {
	q := append(dst.Queue[:0], src.Queue...)
	*dst = *src
	dst.Queue = q
}

func (n *node) Request(c *sim.Ctx) { n.handle(c, OpEnter, 0) }
func (n *node) Exit(c *sim.Ctx)    { n.handle(c, OpExit, 0) }
