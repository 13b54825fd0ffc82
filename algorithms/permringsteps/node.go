package permringsteps

import (
	"fmt"

	"dmelab/algorithms/permring"
	"dmelab/algorithms/sim"
)

// Algorithm returns the descriptor of the permission ring whose handlers
// s implements, under the given name (the exercise's algorithm,
// permission-ring).
func Algorithm(name string, s New) *sim.Algorithm {
	return &sim.Algorithm{
		Name:      name,
		Summary:   "the ring of permissions (seed 002), with the handlers written by a student",
		New:       func(cfg sim.Config) ([]sim.Node, error) { return newNodes(s, cfg) },
		MsgKinds:  []string{"request", "refuse"},
		FormatMsg: permring.FormatMsg,
	}
}

func newNodes(s New, cfg sim.Config) ([]sim.Node, error) {
	if s == nil {
		return nil, fmt.Errorf("permringsteps: no handlers")
	}
	nodes := make([]sim.Node, cfg.N)
	for i := range nodes {
		nodes[i] = &node{steps: s, id: i, n: cfg.N}
	}
	return nodes, nil
}

// node is one node: the student-visible variables, kept here and copied
// into a fresh Vars for every handler call.
type node struct {
	steps New
	id, n int
	state State
	fault string
}

func (n *node) next() int { return (n.id + 1) % n.n }

func (n *node) Clone() sim.Node {
	c := *n
	return &c
}

// CopyFrom implements sim.Copier.
func (n *node) CopyFrom(o sim.Node) { *n = *o.(*node) }

// Phase follows state; a failed node waits forever.
func (n *node) Phase() sim.Phase {
	if n.fault != "" {
		return sim.Wanting
	}
	switch n.state {
	case Trying, Refused:
		return sim.Wanting
	case Held:
		return sim.InCS
	}
	return sim.Idle
}

// Fault says why the node stopped, or "" while it works.
func (n *node) Fault() string { return n.fault }

func (n *node) Request(c *sim.Ctx) { n.handle(c, OpEnter, 0) }
func (n *node) Exit(c *sim.Ctx)    { n.handle(c, OpLeave, 0) }

func (n *node) CanReceive(sim.Msg) bool { return n.fault == "" }

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
	if n.fault == "" && n.state == Refused {
		dst = append(dst, sim.Step{})
	}
	return dst
}

func (n *node) Do(c *sim.Ctx, _ sim.Step) { n.handle(c, OpRetry, 0) }

func (n *node) StepLabel(sim.Step) string {
	return fmt.Sprintf("retry: send request to N%d", n.next()+1)
}

// handle runs one handler on a copy of the variables, checks the contract
// and, if it holds, takes the new state and sends the messages.
func (n *node) handle(c *sim.Ctx, op Op, owner int) {
	if n.fault != "" {
		return
	}
	v := Vars{State: n.state, id: n.id, n: n.n}
	if p := invoke(n.steps(&v), op, owner); p != "" {
		n.fault = op.String() + " " + p
		return
	}
	if f := n.check(op, &v); f != "" {
		n.fault = op.String() + " " + f
		return
	}
	n.state = v.State
	for _, s := range v.out {
		switch s.Kind {
		case Request:
			c.Send(s.To, sim.Msg{Kind: permring.Request, A: int32(s.Owner)})
		case Refuse:
			c.Send(s.To, sim.Msg{Kind: permring.Refuse})
		}
	}
}

// check returns why a handler broke its contract (see the package
// comment), or "".
func (n *node) check(op Op, v *Vars) string {
	requests, refusals := 0, 0
	for _, s := range v.out {
		switch s.Kind {
		case Request:
			requests++
			if s.To != n.next() {
				return fmt.Sprintf("sent a request to %s, but the ring goes from %s to %s", nodeName(s.To, n.n), name(n.id), name(n.next()))
			}
			if s.Owner < 0 || s.Owner >= n.n {
				return fmt.Sprintf("sent a request of %s", nodeName(s.Owner, n.n))
			}
		case Refuse:
			refusals++
			if s.To < 0 || s.To >= n.n {
				return fmt.Sprintf("sent a refusal to %s", nodeName(s.To, n.n))
			}
		default:
			return fmt.Sprintf("sent a message of kind %d", s.Kind)
		}
	}
	sends := requests + refusals
	ownOnly := func() string {
		switch {
		case refusals > 0:
			return "sent a refusal, but only OnRequest() refuses"
		case sends > 1:
			return fmt.Sprintf("sent %d requests, but one is the most", sends)
		case sends == 1 && v.out[0].Owner != n.id:
			return fmt.Sprintf("sent the request of %s, but a node starts only its own", name(v.out[0].Owner))
		}
		return ""
	}
	switch op {
	case OpEnter:
		if v.State != Trying && v.State != Held {
			return fmt.Sprintf("left state = %s, but Enter() sets state = Trying (or Held in a ring of one)", v.State)
		}
		return ownOnly()
	case OpRetry:
		if v.State != Trying {
			return fmt.Sprintf("left state = %s, but Retry() sets state = Trying", v.State)
		}
		return ownOnly()
	case OpLeave:
		switch {
		case v.State != Released:
			return fmt.Sprintf("left state = %s, but Leave() sets state = Released", v.State)
		case sends > 0:
			return "sent a message, but Leave() sends nothing"
		}
	case OpRequest:
		switch {
		case v.State != n.state && !(n.state == Trying && v.State == Held):
			return fmt.Sprintf("changed state from %s to %s, but a request's arrival can only move TRYING to HELD", n.state, v.State)
		case sends > 1:
			return fmt.Sprintf("sent %d messages, but OnRequest() passes the request on or refuses it, once", sends)
		}
	case OpRefuse:
		switch {
		case v.State != n.state && !(n.state == Trying && v.State == Refused):
			return fmt.Sprintf("changed state from %s to %s, but a refusal can only move TRYING to REFUSED", n.state, v.State)
		case sends > 0:
			return "sent a message, but OnRefuse() sends nothing"
		}
	}
	return ""
}

func nodeName(i, n int) string {
	if i < 0 || i >= n {
		return fmt.Sprintf("node %d (the nodes are 0..%d)", i, n-1)
	}
	return name(i)
}

// Encode writes the node's state; a failed node's reason is not encoded.
func (n *node) Encode(e *sim.Enc) {
	e.Int(int(n.state))
	e.Bool(n.fault != "")
}

// Decode reads what Encode wrote.
func (n *node) Decode(d *sim.Dec) {
	n.state = State(d.Int())
	n.fault = ""
	if d.Bool() {
		n.fault = "failed"
	}
}

// Vars shows the node as the registry's permission-ring does (so
// schedules written for it replay), plus the fault of a failed node.
func (n *node) Vars() []sim.Var {
	req := "none"
	switch n.state {
	case Trying:
		req = "travelling"
	case Refused:
		req = "refused"
	}
	v := []sim.Var{{Name: "phase", Value: n.Phase().String()}, {Name: "request", Value: req}}
	if n.fault != "" {
		v = append(v, sim.Var{Name: "fault", Value: n.fault})
	}
	return v
}
