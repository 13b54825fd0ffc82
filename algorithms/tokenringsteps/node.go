package tokenringsteps

import (
	"fmt"

	"dmelab/algorithms/internal/stepwire"
	"dmelab/algorithms/sim"
	"dmelab/algorithms/tokenring"
)

func (n *node) Receive(c *sim.Ctx, m sim.Msg) {
	if m.Kind == tokenring.Token {
		n.handle(c, OpToken)
	}
}

// Steps offers Pass while the node holds the token, is idle and has a
// successor (the registry's "pass token to Nk").
func (n *node) Steps(dst []sim.Step) []sim.Step {
	if n.Fault() == "" && n.V.Token && n.V.State == Released && n.At().N > 1 {
		dst = append(dst, sim.Step{})
	}
	return dst
}

func (n *node) Do(c *sim.Ctx, _ sim.Step) { n.handle(c, OpPass) }

func (n *node) StepLabel(sim.Step) string { return fmt.Sprintf("pass token to N%d", n.next()+1) }

// handle runs one handler and, if it kept the contract, sends the token.
func (n *node) handle(c *sim.Ctx, op Op) {
	out, _, _ := n.Call(c, int(op), 0, 0, func(old, v *Vars, out []int, _ int) string { return n.check(op, old, v, out) })
	for _, to := range out {
		c.Send(to, sim.Msg{Kind: tokenring.Token})
	}
}

// check returns why a handler broke its contract (see the package
// comment), or "".
func (n *node) check(op Op, old, v *Vars, out []int) string {
	sends := len(out)
	for _, to := range out {
		if to != n.next() {
			return fmt.Sprintf("sent the token to %s, but the ring goes from %s to %s", nodeName(to, n.At().N), name(n.At().ID), name(n.next()))
		}
	}
	switch op {
	case OpEnter:
		switch {
		case v.Token != old.Token:
			return "changed token, but Enter() only sets state"
		case v.State != Wanted && v.State != Held:
			return fmt.Sprintf("left state = %s, but Enter() sets state = Wanted or Held", v.State.GoName())
		case sends > 0:
			return "sent the token, but Enter() sends nothing"
		}
	case OpLeave:
		switch {
		case v.State != Released:
			return fmt.Sprintf("left state = %s, but Leave() sets state = Released", v.State.GoName())
		case sends > 1:
			return fmt.Sprintf("sent the token %d times", sends)
		case v.Token && !old.Token:
			return "took a token it did not hold"
		}
	case OpToken:
		switch {
		case sends > 0:
			return "sent the token, but OnToken() only takes it"
		case v.State != old.State && !(old.State == Wanted && v.State == Held):
			return fmt.Sprintf("changed state from %s to %s, but the token's arrival can only move Wanted to Held", old.State.GoName(), v.State.GoName())
		}
	case OpPass:
		switch {
		case v.State != old.State:
			return "changed state, but Pass() only passes the token"
		case sends > 1:
			return fmt.Sprintf("sent the token %d times", sends)
		}
	}
	return ""
}

var name = stepwire.NodeName

func nodeName(i, n int) string {
	if i < 0 || i >= n {
		return fmt.Sprintf("node %d (the nodes are 0..%d)", i, n-1)
	}
	return name(i)
}

// Encode writes the node's state; a failed node's reason is not encoded.
func (n *node) Encode(e *sim.Enc) {
	e.Int(int(n.V.State))
	e.Bool(n.V.Token)
	n.PutFault(e)
}

// Decode reads what Encode wrote.
func (n *node) Decode(d *sim.Dec) {
	n.V.State = State(d.Int())
	n.V.Token = d.Bool()
	n.GetFault(d)
}

// Vars shows the node as the registry's token-ring does (so schedules
// written for it replay), plus the fault of a failed node.
func (n *node) Vars() []sim.Var {
	t := "no"
	if n.V.Token {
		t = "yes"
	}
	return n.WithFault([]sim.Var{{Name: "phase", Value: sim.PhaseWord(n)}, {Name: "token", Value: t}})
}

func (n *node) Request(c *sim.Ctx) { n.handle(c, OpEnter) }
func (n *node) Exit(c *sim.Ctx)    { n.handle(c, OpLeave) }

func (n *node) next() int { return (n.At().ID + 1) % n.At().N }
