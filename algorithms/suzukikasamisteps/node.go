package suzukikasamisteps

import (
	"dmelab/algorithms/sim"
	"dmelab/algorithms/suzukikasami"
)

// start gives node i of n its initial variables: RN all 0, and at N1 the
// token with LN all 0 and Q empty.
func start(i, n int) Vars {
	if i > 0 {
		return Vars{RN: make([]int, n)}
	}
	return Vars{RN: make([]int, n), has: true, LN: make([]int, n)}
}

// Receive runs OnRequest for a REQUEST; for the token, the harness first
// makes the node its holder with the token's LN and Q, then runs OnToken.
func (n *node) Receive(c *sim.Ctx, m sim.Msg) {
	if Kind(m.Kind) == Request {
		n.handle(c, OpRequest, int(m.From), int(m.A))
		return
	}
	n.V.has = true
	n.V.LN, n.V.Q = suzukikasami.ReadToken(m.Data, n.V.LN, n.V.Q)
	n.handle(c, OpToken, 0, 0)
}

// handle runs one handler and, if it kept the contract, sends its
// messages; a node that sent the token holds it no more.
func (n *node) handle(c *sim.Ctx, op Op, a, b int) {
	out, _, _ := n.Call(c, int(op), a, b, func(old, v *Vars, out []Send, _ int) string { return check(op, n.At(), old, v, out) })
	for _, s := range out {
		if s.Kind == Request {
			c.Send(s.To, sim.Msg{Kind: uint8(Request), A: int32(s.N)})
			continue
		}
		c.Send(s.To, sim.Msg{Kind: uint8(Token), Data: suzukikasami.TokenData(s.LN, s.Q)})
		n.V.has, n.V.LN, n.V.Q = false, n.V.LN[:0], n.V.Q[:0]
	}
}

// Encode writes the node's state; a failed node's reason is not encoded.
func (n *node) Encode(e *sim.Enc) {
	e.Int(int(n.V.State))
	e.Bool(n.V.has)
	for _, l := range [][]int{n.V.RN, n.V.LN, n.V.Q} {
		e.Ints(l)
	}
	n.PutFault(e)
}

// Decode reads what Encode wrote.
func (n *node) Decode(d *sim.Dec) {
	n.V.State = State(d.Int())
	n.V.has = d.Bool()
	n.V.RN, n.V.LN, n.V.Q = d.IntsInto(n.V.RN), d.IntsInto(n.V.LN), d.IntsInto(n.V.Q)
	n.GetFault(d)
}

// Vars shows the node as the registry's suzuki-kasami does (so schedules
// written for it replay), plus the fault of a failed node. A failed node's
// phase reads "failed", as in every other steps package: its Phase is
// Wanting (it waits forever), and "phase=wanting" told a student whose
// node failed in the critical section that it was still asking.
func (n *node) Vars() []sim.Var {
	return n.WithFault(suzukikasami.Show(sim.PhaseWord(n), n.V.RN, n.V.has, n.V.LN, n.V.Q))
}

// copyVars copies src into dst, reusing dst's lists.
func copyVars(dst, src *Vars) {
	rn, ln, q := append(dst.RN[:0], src.RN...), append(dst.LN[:0], src.LN...), append(dst.Q[:0], src.Q...)
	*dst = *src
	dst.RN, dst.LN, dst.Q = rn, ln, q
}

func (n *node) Request(c *sim.Ctx) { n.handle(c, OpEnter, 0, 0) }
func (n *node) Exit(c *sim.Ctx)    { n.handle(c, OpExit, 0, 0) }
