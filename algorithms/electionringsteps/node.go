package electionringsteps

import (
	"fmt"

	"dmelab/algorithms/sim"
)

// Phase is always Idle, as in the registry's election-ring: the
// application may start an election at any time.
func (n *node) Phase() sim.Phase { return sim.Idle }

// Leader implements sim.Elector. A failed node has elected nobody, for
// ever: it can never settle on the leader, so a fault is a liveness
// failure even when the node had chosen well before it failed.
func (n *node) Leader() int { return n.Elected(n.V.Leader, None) }

func (n *node) Request(c *sim.Ctx) { n.handle(c, OpStart, 0) }

// Exit is never called: an election has no critical section to leave.
func (n *node) Exit(*sim.Ctx) {}

// receipt is the handler of each message kind.
var receipt = [...]Op{Election: OpElection, Elected: OpElected}

func (n *node) Receive(c *sim.Ctx, m sim.Msg) {
	if int(m.Kind) < len(receipt) {
		n.handle(c, receipt[m.Kind], int(m.A))
	}
}

func (n *node) StepLabel(sim.Step) string { return "?" }

// successor is the next live node after this one, or itself when it is
// alone: the registry's choice (a ring with a dead node in it could never
// carry a message round).
func (n *node) successor(c *sim.Ctx) int {
	at := n.At()
	for k := 1; k < at.N; k++ {
		j := (at.ID + k) % at.N
		if c.Alive(j) {
			return j
		}
	}
	return at.ID
}

// handle runs one handler and, if it kept the contract, sends its
// message to the successor.
func (n *node) handle(c *sim.Ctx, op Op, arg int) {
	out, _, _ := n.Call(c, int(op), arg, 0, func(_, v *Vars, out []Send, _ int) string { return n.check(op, v, out) })
	for _, s := range out {
		c.Send(n.successor(c), sim.Msg{Kind: uint8(s.Kind), A: int32(s.ID)})
	}
}

// check returns why a handler broke its contract (see the package
// comment), or "".
func (n *node) check(op Op, v *Vars, out []Send) string {
	nn := n.At().N
	if len(out) > 1 {
		return fmt.Sprintf("sent %d messages, but a handler passes at most one message on", len(out))
	}
	for _, s := range out {
		switch {
		case s.ID < 0 || s.ID >= nn:
			return fmt.Sprintf("sent %s(%d), but the nodes are 0..%d", s.Kind, s.ID, nn-1)
		case op == OpStart && s.Kind != Election:
			return fmt.Sprintf("sent %s, but StartElection() sends only an election message", s)
		case op == OpElected && s.Kind != Elected:
			return fmt.Sprintf("sent %s, but OnElected() only passes an elected message on", s)
		}
	}
	if v.Leader != None && (v.Leader < 0 || v.Leader >= nn) {
		return fmt.Sprintf("set Leader = %d, but it is None (-1) or a node 0..%d", v.Leader, nn-1)
	}
	return ""
}

// Encode writes the node's state as the registry's election-ring does,
// then whether it failed (its reason is not encoded).
func (n *node) Encode(e *sim.Enc) {
	e.Int(n.V.Leader)
	n.PutFault(e)
}

// Decode reads what Encode wrote.
func (n *node) Decode(d *sim.Dec) {
	n.V.Leader = d.Int()
	n.GetFault(d)
}

// Vars shows the node as the registry's election-ring does (so schedules
// written for it replay), plus the fault of a failed node.
func (n *node) Vars() []sim.Var {
	l := "-"
	if n.V.Leader != None {
		l = name(n.V.Leader)
	}
	return n.WithFault([]sim.Var{{Name: "leader", Value: l}})
}
