package raymondsteps

import (
	"fmt"
	"strings"

	"dmelab/algorithms/internal/stepwire"
	"dmelab/algorithms/sim"
)

var harness = stepwire.Harness[Vars, Send]{Pkg: "raymondsteps", Wire: &wire, Copy: copyVars,
	Alg: sim.Algorithm{MsgKinds: []string{"request", "privilege"},
		Summary: "Raymond's tree (beyond the notes), with the handlers written by a student"},
	Init: func(i, _ int) Vars {
		if i == 0 {
			return Vars{Holder: 0}
		}
		return Vars{Holder: Parent(i)}
	},
	Wrap:  func(b stepwire.Node[Vars, Send]) sim.Node { return &node{b} },
	Phase: func(v *Vars) sim.Phase { return v.State.Phase() }, // a failed node waits forever
}

// node is one node: the harness's shared part holds all its variables.
type node struct{ stepwire.Node[Vars, Send] }

func (n *node) Request(c *sim.Ctx) { n.handle(c, OpEnter, 0) }
func (n *node) Exit(c *sim.Ctx)    { n.handle(c, OpExit, 0) }

func (n *node) Receive(c *sim.Ctx, m sim.Msg) {
	switch Kind(m.Kind) {
	case Request:
		n.handle(c, OpRequest, int(m.From))
	case Privilege:
		n.handle(c, OpPrivilege, 0)
	}
}

// handle runs one handler and, if it kept the contract, sends its
// messages.
func (n *node) handle(c *sim.Ctx, op Op, from int) {
	out, _, _ := n.Call(c, int(op), from, 0, func(old, v *Vars, out []Send, _ int) string { return n.check(op, old, v, out) })
	for _, s := range out {
		c.Send(s.To, sim.Msg{Kind: uint8(s.Kind)})
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
	case len(v.Queue) > nn:
		return fmt.Sprintf("made request_Q %d long, but there are only %d nodes", len(v.Queue), nn)
	}
	for _, q := range v.Queue {
		if q < 0 || q >= nn {
			return fmt.Sprintf("put %d in request_Q, but the nodes are 0..%d", q, nn-1)
		}
	}
	switch op {
	case OpEnter:
		if v.State != Wanted && v.State != Held {
			return fmt.Sprintf("left state = %s, but Enter() sets state = Wanted or Held", v.State)
		}
	case OpExit:
		if v.State != Released {
			return fmt.Sprintf("left state = %s, but Exit() sets state = Released", v.State)
		}
	default:
		if v.State != old.State && !(old.State == Wanted && v.State == Held) {
			return fmt.Sprintf("changed state from %s to %s, but a message can only move WANTED to HELD", old.State, v.State)
		}
	}
	return ""
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
	n.V.State = State(d.Int())
	n.V.Holder = d.Int()
	n.V.Asked = d.Bool()
	n.V.Queue = d.IntsInto(n.V.Queue)
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
		{Name: "phase", Value: n.Phase().String()},
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
