package centralsteps

import (
	"fmt"
	"slices"
	"strings"

	"dmelab/algorithms/sim"
)

// Algorithm returns the descriptor of the central server whose handlers s
// implements, under the given name (the exercise's algorithm, central).
func Algorithm(name string, s New) *sim.Algorithm {
	return &sim.Algorithm{
		Name:     name,
		Summary:  "the central server (seed 002), with the handlers written by a student",
		New:      func(cfg sim.Config) ([]sim.Node, error) { return newNodes(s, cfg) },
		Servers:  1,
		MsgKinds: []string{"request", "grant", "release"},
	}
}

func newNodes(s New, cfg sim.Config) ([]sim.Node, error) {
	if s == nil {
		return nil, fmt.Errorf("centralsteps: no handlers")
	}
	nodes := make([]sim.Node, cfg.N)
	for i := range nodes {
		nodes[i] = &node{steps: s, id: i, n: cfg.N, holder: None}
	}
	return nodes, nil
}

// node is one node: the student-visible variables, kept here and copied
// into a fresh Vars for every handler call.
type node struct {
	steps  New
	id, n  int
	state  State
	holder int
	queue  []int
	fault  string
}

func (n *node) Clone() sim.Node {
	c := *n
	c.queue = slices.Clone(n.queue)
	return &c
}

// CopyFrom implements sim.Copier.
func (n *node) CopyFrom(o sim.Node) {
	src := o.(*node)
	q := append(n.queue[:0], src.queue...)
	*n = *src
	n.queue = q
}

// Phase follows state; a failed node waits forever.
func (n *node) Phase() sim.Phase {
	if n.fault != "" {
		return sim.Wanting
	}
	switch n.state {
	case Wanted:
		return sim.Wanting
	case Held:
		return sim.InCS
	}
	return sim.Idle
}

// Fault says why the node stopped, or "" while it works.
func (n *node) Fault() string { return n.fault }

func (n *node) Request(c *sim.Ctx) { n.handle(c, OpEnter, 0) }
func (n *node) Exit(c *sim.Ctx)    { n.handle(c, OpExit, 0) }

func (n *node) CanReceive(sim.Msg) bool { return n.fault == "" }

// Receive runs the handler of the message; requests and releases are for
// the server only.
func (n *node) Receive(c *sim.Ctx, m sim.Msg) {
	switch Kind(m.Kind) {
	case Request:
		if n.id == Server {
			n.handle(c, OpRequest, int(m.From))
		}
	case Release:
		if n.id == Server {
			n.handle(c, OpRelease, int(m.From))
		}
	case Grant:
		n.handle(c, OpGrant, 0)
	}
}

func (n *node) Steps(dst []sim.Step) []sim.Step { return dst }
func (n *node) Do(*sim.Ctx, sim.Step)           {}
func (n *node) StepLabel(sim.Step) string       { return "" }

// handle runs one handler on a copy of the variables, checks the contract
// and, if it holds, takes the new variables and sends the messages.
func (n *node) handle(c *sim.Ctx, op Op, from int) {
	if n.fault != "" {
		return
	}
	v := Vars{State: n.state, Holder: n.holder, Queue: slices.Clone(n.queue), id: n.id, n: n.n}
	if p := invoke(n.steps(&v), op, from); p != "" {
		n.fault = op.String() + " " + p
		return
	}
	if f := n.check(op, &v); f != "" {
		n.fault = op.String() + " " + f
		return
	}
	n.state, n.holder, n.queue = v.State, v.Holder, v.Queue
	for _, s := range v.out {
		c.Send(s.To, sim.Msg{Kind: uint8(s.Kind)})
	}
}

// check returns why a handler broke its contract (see the package
// comment), or "".
func (n *node) check(op Op, v *Vars) string {
	for _, s := range v.out {
		if s.To < 0 || s.To >= n.n {
			return fmt.Sprintf("sent a message to node %d, but the nodes are 0..%d", s.To, n.n-1)
		}
		if s.To == n.id {
			return fmt.Sprintf("sent a message to itself (node %d), but messages go between the server and its clients", s.To)
		}
	}
	server := op == OpRequest || op == OpRelease
	if !server && (v.Holder != n.holder || !slices.Equal(v.Queue, n.queue)) {
		return "changed holder or queue, but only the server's OnRequest and OnRelease may"
	}
	switch op {
	case OpEnter:
		if v.State != Wanted && v.State != Held {
			return fmt.Sprintf("left state = %s, but Enter() sets state = Wanted", v.State)
		}
		return sends(op, v.out, Request)
	case OpExit:
		if v.State != Released {
			return fmt.Sprintf("left state = %s, but Exit() sets state = Released", v.State)
		}
		return sends(op, v.out, Release)
	case OpGrant:
		if v.State != n.state && v.State != Held {
			return fmt.Sprintf("changed state from %s to %s, but a grant can only let the node in (Held)", n.state, v.State)
		}
		if len(v.out) > 0 {
			return "sent a message, but OnGrant() sends nothing"
		}
		return ""
	}
	switch {
	case v.State != n.state:
		return fmt.Sprintf("changed state from %s to %s, but the server's handlers keep the server's own state", n.state, v.State)
	case v.Holder != None && (v.Holder < 0 || v.Holder >= n.n):
		return fmt.Sprintf("set holder = %d, but it is None (-1) or a node 0..%d", v.Holder, n.n-1)
	case len(v.Queue) > n.n:
		return fmt.Sprintf("made the queue %d long, but there are only %d nodes", len(v.Queue), n.n)
	}
	for _, q := range v.Queue {
		if q < 0 || q >= n.n {
			return fmt.Sprintf("put %d in the queue, but the nodes are 0..%d", q, n.n-1)
		}
	}
	return sends(op, v.out, Grant)
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
	e.Int(int(n.state))
	e.Bool(n.fault != "")
	if n.id == Server {
		e.Int(n.holder)
		e.Ints(n.queue)
	}
}

// Decode reads what Encode wrote.
func (n *node) Decode(d *sim.Dec) {
	n.state = State(d.Int())
	n.fault = ""
	if d.Bool() {
		n.fault = "failed"
	}
	if n.id == Server {
		n.holder = d.Int()
		n.queue = d.IntsInto(n.queue)
	}
}

// Vars shows the node as the registry's central does (so schedules
// written for it replay), plus the fault of a failed node.
func (n *node) Vars() []sim.Var {
	v := []sim.Var{{Name: "phase", Value: n.Phase().String()}}
	if n.id == Server {
		h := "-"
		if n.holder != None {
			h = name(n.holder)
		}
		q := make([]string, len(n.queue))
		for i, x := range n.queue {
			q[i] = name(x)
		}
		v = append(v, sim.Var{Name: "holder", Value: h}, sim.Var{Name: "queue", Value: "[" + strings.Join(q, " ") + "]"})
	}
	if n.fault != "" {
		v = append(v, sim.Var{Name: "fault", Value: n.fault})
	}
	return v
}
