package permringsteps

import (
	"fmt"

	"dmelab/algorithms/internal/stepwire"
	"dmelab/algorithms/permring"
	"dmelab/algorithms/sim"
)

func (n *node) next() int { return (n.At().ID + 1) % n.At().N }

func (n *node) Receive(c *sim.Ctx, m sim.Msg) {
	switch m.Kind {
	case permring.Request:
		n.handle(c, OpRequest, int(m.A))
	case permring.Refuse:
		n.handle(c, OpRefuse, 0)
	}
}

// Steps offers Retry while the node has backed off (the registry's
// "retry: send request to Nk").
func (n *node) Steps(dst []sim.Step) []sim.Step {
	if n.Fault() == "" && n.V.State == Refused {
		return append(dst, sim.Step{})
	}
	return dst
}

func (n *node) Do(c *sim.Ctx, _ sim.Step) { n.handle(c, OpRetry, 0) }

func (n *node) StepLabel(sim.Step) string { return "retry: send request to " + name(n.next()) }

// handle runs one handler and, if it kept the contract, sends its
// messages.
func (n *node) handle(c *sim.Ctx, op Op, owner int) {
	out, _, _ := n.Call(c, int(op), owner, 0, func(old, v *Vars, out []Send, _ int) string { return n.check(op, old, v, out) })
	for _, s := range out {
		if s.Kind == Request {
			c.Send(s.To, sim.Msg{Kind: permring.Request, A: int32(s.Owner)})
		} else {
			c.Send(s.To, sim.Msg{Kind: permring.Refuse})
		}
	}
}

// check returns why a handler broke its contract (see the package
// comment), or "".
func (n *node) check(op Op, old, v *Vars, out []Send) string {
	id, nn := n.At().ID, n.At().N
	refusals := 0
	for _, s := range out {
		switch {
		case s.Kind == Refuse && (s.To < 0 || s.To >= nn):
			return "sent a refusal to " + nodeName(s.To, nn)
		case s.Kind == Refuse:
			refusals++
		case s.To != n.next():
			return fmt.Sprintf("sent a request to %s, but the ring goes from %s to %s", nodeName(s.To, nn), name(id), name(n.next()))
		case s.Owner < 0 || s.Owner >= nn:
			return "sent a request of " + nodeName(s.Owner, nn)
		}
	}
	sends := len(out)
	// Enter and Retry start the node's own request, and nothing else.
	ownOnly := func() string {
		switch {
		case refusals > 0:
			return "sent a refusal, but only OnRequest() refuses"
		case sends > 1:
			return fmt.Sprintf("sent %d requests, but one is the most", sends)
		case sends == 1 && out[0].Owner != id:
			return fmt.Sprintf("sent the request of %s, but a node starts only its own", name(out[0].Owner))
		}
		return ""
	}
	switch op {
	case OpEnter:
		if v.State != Trying && v.State != Held {
			return fmt.Sprintf("left state = %s, but Enter() sets state = Trying (or Held in a ring of one)", v.State.GoName())
		}
		return ownOnly()
	case OpRetry:
		if v.State != Trying {
			return fmt.Sprintf("left state = %s, but Retry() sets state = Trying", v.State.GoName())
		}
		return ownOnly()
	case OpLeave:
		switch {
		case v.State != Released:
			return fmt.Sprintf("left state = %s, but Leave() sets state = Released", v.State.GoName())
		case sends > 0:
			return "sent a message, but Leave() sends nothing"
		}
	case OpRequest:
		switch {
		case v.State != old.State && !(old.State == Trying && v.State == Held):
			return fmt.Sprintf("changed state from %s to %s, but a request's arrival can only move Trying to Held", old.State.GoName(), v.State.GoName())
		case sends > 1:
			return fmt.Sprintf("sent %d messages, but OnRequest() passes the request on or refuses it, once", sends)
		}
	case OpRefuse:
		switch {
		case v.State != old.State && !(old.State == Trying && v.State == Refused):
			return fmt.Sprintf("changed state from %s to %s, but a refusal can only move Trying to Refused", old.State.GoName(), v.State.GoName())
		case sends > 0:
			return "sent a message, but OnRefuse() sends nothing"
		}
	}
	return ""
}

var name, nodeName = stepwire.NodeName, stepwire.Who

// Encode writes the node's state; a failed node's reason is not encoded.
func (n *node) Encode(e *sim.Enc) {
	e.Int(int(n.V.State))
	n.PutFault(e)
}

// Decode reads what Encode wrote.
func (n *node) Decode(d *sim.Dec) {
	n.V.State = State(d.Int())
	n.GetFault(d)
}

// requests is what the registry's permission-ring shows of a node's
// request in each state (the contract keeps state one of them).
var requests = [...]string{Released: "none", Trying: "travelling", Refused: "refused", Held: "none"}

// Vars shows the node as the registry's permission-ring does (so
// schedules written for it replay), plus the fault of a failed node.
func (n *node) Vars() []sim.Var {
	return n.WithFault([]sim.Var{{Name: "phase", Value: sim.PhaseWord(n)}, {Name: "request", Value: requests[n.V.State]}})
}

func (n *node) Request(c *sim.Ctx) { n.handle(c, OpEnter, 0) }
func (n *node) Exit(c *sim.Ctx)    { n.handle(c, OpLeave, 0) }
