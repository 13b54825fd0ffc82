package centralsteps

import (
	"fmt"
	"slices"
	"strings"

	"dmelab/algorithms/internal/stepwire"
	"dmelab/algorithms/sim"
)

// Receive runs the handler of the message; requests and releases are for
// the server only.
func (n *node) Receive(c *sim.Ctx, m sim.Msg) {
	server := n.At().ID == Server
	switch Kind(m.Kind) {
	case Request:
		if server {
			n.handle(c, OpRequest, int(m.From))
		}
	case Release:
		if server {
			n.handle(c, OpRelease, int(m.From))
		}
	case Grant:
		n.handle(c, OpGrant, 0)
	}
}

// check returns why a handler broke its contract (see the package
// comment), or "".
func (n *node) check(op Op, old, v *Vars, out []Send) string {
	id, nn := n.At().ID, n.At().N
	for _, s := range out {
		if s.To < 0 || s.To >= nn {
			return fmt.Sprintf("sent a message to node %d, but the nodes are 0..%d", s.To, nn-1)
		}
		if s.To == id {
			return fmt.Sprintf("sent a message to itself (%s), but messages go between the server and its clients", stepwire.NodeName(s.To))
		}
	}
	server := op == OpRequest || op == OpRelease
	if !server && (v.Holder != old.Holder || !slices.Equal(v.Queue, old.Queue)) {
		return "changed holder or queue, but only the server's OnRequest and OnRelease may"
	}
	switch op {
	case OpEnter:
		if v.State != Wanted && v.State != Held {
			return fmt.Sprintf("left state = %s, but Enter() sets state = Wanted", v.State.GoName())
		}
		return sends(op, out, Request)
	case OpExit:
		if v.State != Released {
			return fmt.Sprintf("left state = %s, but Exit() sets state = Released", v.State.GoName())
		}
		return sends(op, out, Release)
	case OpGrant:
		// Only a client that asked may be let in: a client that entered
		// without calling enter() would count entries for ever (the
		// search would only ever report states growing). A Grant the
		// client had not asked for is the server's mistake (see
		// SenderFault); one that answers its Request finds it not
		// Wanted only if its own Enter() or Exit() went wrong.
		if v.State != old.State && !(old.State == Wanted && v.State == Held) {
			if v.State == Held && n.asked <= 0 {
				return grantedUnasked
			}
			if v.State == Held {
				return fmt.Sprintf("changed state from %s to %s, but a grant can only let in a client that is waiting for it (Wanted): this one had asked, and its Enter() or Exit() left it %s before the Grant came", old.State.GoName(), v.State.GoName(), old.State.GoName())
			}
			return fmt.Sprintf("changed state from %s to %s, but a grant can only let the node in (Held)", old.State.GoName(), v.State.GoName())
		}
		if len(out) > 0 {
			return "sent a message, but OnGrant() sends nothing"
		}
		return ""
	}
	switch {
	case v.State != old.State:
		return fmt.Sprintf("changed state from %s to %s, but the server's handlers keep the server's own state", old.State.GoName(), v.State.GoName())
	case v.Holder != None && (v.Holder < 0 || v.Holder >= nn):
		return fmt.Sprintf("set holder = %d, but it is None (-1) or a node 0..%d", v.Holder, nn-1)
	}
	if f := stepwire.NodeList("the queue", v.Queue, nn); f != "" {
		return f
	}
	return sends(op, out, Grant)
}

// handle runs one handler and, if it kept the contract, sends its
// messages.
func (n *node) handle(c *sim.Ctx, op Op, from int) {
	out, _, ok := n.Call(c, int(op), from, 0, func(old, v *Vars, out []Send, _ int) string { return n.check(op, old, v, out) })
	switch {
	case op == OpGrant:
		n.asked--
	case ok && op == OpEnter && len(out) > 0:
		n.asked++
	}
	for _, s := range out {
		c.Send(s.To, sim.Msg{Kind: uint8(s.Kind)})
	}
}

// sends checks that a handler sent at most one message, of kind k.
func sends(op Op, out []Send, k Kind) string {
	kinds := []string{"Request", "Grant", "Release"}
	for _, s := range out {
		if s.Kind != k {
			return fmt.Sprintf("sent %s, but %s sends only %s", kinds[s.Kind], op, kinds[k])
		}
	}
	if len(out) > 1 {
		return fmt.Sprintf("sent %d messages, but %s sends at most one", len(out), op)
	}
	return ""
}

// Encode writes the node's state (the server's holder and queue at the
// server only); a failed node's reason is not encoded.
func (n *node) Encode(e *sim.Enc) {
	e.Int(int(n.V.State))
	n.PutFault(e)
	if n.At().ID == Server {
		e.Int(n.V.Holder)
		e.Ints(n.V.Queue)
	}
}

// Decode reads what Encode wrote.
func (n *node) Decode(d *sim.Dec) {
	n.V.State = State(d.Int())
	n.GetFault(d)
	n.asked = 0 // as code that keeps the protocol has it (see node)
	if n.V.State == Wanted {
		n.asked = 1
	}
	if n.At().ID == Server {
		n.V.Holder = d.Int()
		n.V.Queue = d.IntsInto(n.V.Queue)
	}
}

// Vars shows the node as the registry's central does (so schedules
// written for it replay), plus the fault of a failed node.
func (n *node) Vars() []sim.Var {
	v := []sim.Var{{Name: "phase", Value: sim.PhaseWord(n)}}
	if n.At().ID == Server {
		h := "-"
		if n.V.Holder != None {
			h = stepwire.NodeName(n.V.Holder)
		}
		q := make([]string, len(n.V.Queue))
		for i, x := range n.V.Queue {
			q[i] = stepwire.NodeName(x)
		}
		v = append(v, sim.Var{Name: "holder", Value: h}, sim.Var{Name: "queue", Value: "[" + strings.Join(q, " ") + "]"})
	}
	return n.WithFault(v)
}

func copyVars(dst, src *Vars) {
	q := append(dst.Queue[:0], src.Queue...)
	*dst = *src
	dst.Queue = q
}

func (n *node) Request(c *sim.Ctx) { n.handle(c, OpEnter, 0) }
func (n *node) Exit(c *sim.Ctx)    { n.handle(c, OpExit, 0) }
