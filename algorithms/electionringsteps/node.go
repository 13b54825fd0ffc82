package electionringsteps

import (
	"fmt"

	"dmelab/algorithms/electionring"
	"dmelab/algorithms/sim"
)

// Algorithm returns the descriptor of the ring election whose handlers s
// implements, under the given name (the exercise's algorithm,
// election-ring). Messages are numbered and printed as the registry's
// election-ring prints them, so schedules written for it replay.
func Algorithm(name string, s New) *sim.Algorithm {
	return &sim.Algorithm{
		Name:      name,
		Summary:   "the ring election (seed 002), with the handlers written by a student",
		Election:  true,
		New:       func(cfg sim.Config) ([]sim.Node, error) { return newNodes(s, cfg) },
		MsgKinds:  []string{"election", "elected"},
		FormatMsg: electionring.Algorithm().FormatMsg,
	}
}

func newNodes(s New, cfg sim.Config) ([]sim.Node, error) {
	if s == nil {
		return nil, fmt.Errorf("electionringsteps: no handlers")
	}
	nodes := make([]sim.Node, cfg.N)
	for i := range nodes {
		nodes[i] = &node{steps: s, id: i, n: cfg.N, leader: None}
	}
	return nodes, nil
}

// node is one node: the student-visible variable, kept here and copied
// into a fresh Vars for every handler call.
type node struct {
	steps  New
	id, n  int
	leader int
	fault  string
}

func (n *node) Clone() sim.Node {
	c := *n
	return &c
}

// CopyFrom implements sim.Copier.
func (n *node) CopyFrom(o sim.Node) { *n = *o.(*node) }

// Phase is always Idle, as in the registry's election-ring: the
// application may start an election at any time.
func (n *node) Phase() sim.Phase { return sim.Idle }

// Leader implements sim.Elector. A failed node has elected nobody, for
// ever: it can never settle on the leader, so a fault is a liveness
// failure even when the node had chosen well before it failed.
func (n *node) Leader() int {
	if n.fault != "" {
		return None
	}
	return n.leader
}

// Fault says why the node stopped, or "" while it works.
func (n *node) Fault() string { return n.fault }

func (n *node) Request(c *sim.Ctx) { n.handle(c, OpStart, 0) }

// Exit is never called: an election has no critical section to leave.
func (n *node) Exit(*sim.Ctx) {}

func (n *node) CanReceive(sim.Msg) bool { return n.fault == "" }

func (n *node) Receive(c *sim.Ctx, m sim.Msg) {
	switch Kind(m.Kind) {
	case Election:
		n.handle(c, OpElection, int(m.A))
	case Elected:
		n.handle(c, OpElected, int(m.A))
	}
}

func (n *node) Steps(dst []sim.Step) []sim.Step { return dst }
func (n *node) Do(*sim.Ctx, sim.Step)           {}
func (n *node) StepLabel(sim.Step) string       { return "?" }

// successor is the next live node after this one, or itself when it is
// alone: the registry's choice (a ring with a dead node in it could never
// carry a message round).
func (n *node) successor(c *sim.Ctx) int {
	for k := 1; k < n.n; k++ {
		j := (n.id + k) % n.n
		if c.Alive(j) {
			return j
		}
	}
	return n.id
}

// handle runs one handler on a copy of the variables, checks the contract
// and, if it holds, takes the new Leader and sends the message to the
// successor.
func (n *node) handle(c *sim.Ctx, op Op, arg int) {
	if n.fault != "" {
		return
	}
	v := Vars{Leader: n.leader, id: n.id, n: n.n}
	for j := 0; j < n.n && j < 32; j++ {
		if !c.Alive(j) {
			v.crashed |= 1 << j
		}
	}
	if p := invoke(n.steps(&v), op, arg); p != "" {
		n.fault = op.String() + " " + p
		return
	}
	if f := n.check(op, &v); f != "" {
		n.fault = op.String() + " " + f
		return
	}
	n.leader = v.Leader
	for _, s := range v.out {
		c.Send(n.successor(c), sim.Msg{Kind: uint8(s.Kind), A: int32(s.ID)})
	}
}

// check returns why a handler broke its contract (see the package
// comment), or "".
func (n *node) check(op Op, v *Vars) string {
	if len(v.out) > 1 {
		return fmt.Sprintf("sent %d messages, but a handler passes at most one message on", len(v.out))
	}
	for _, s := range v.out {
		switch {
		case s.ID < 0 || s.ID >= n.n:
			return fmt.Sprintf("sent %s(%d), but the nodes are 0..%d", s.Kind, s.ID, n.n-1)
		case op == OpStart && s.Kind != Election:
			return fmt.Sprintf("sent %s, but StartElection() sends only an election message", s)
		case op == OpElected && s.Kind != Elected:
			return fmt.Sprintf("sent %s, but OnElected() only passes an elected message on", s)
		}
	}
	if v.Leader != None && (v.Leader < 0 || v.Leader >= n.n) {
		return fmt.Sprintf("set Leader = %d, but it is None (-1) or a node 0..%d", v.Leader, n.n-1)
	}
	return ""
}

// Encode writes the node's state as the registry's election-ring does,
// then whether it failed (its reason is not encoded).
func (n *node) Encode(e *sim.Enc) {
	e.Int(n.leader)
	e.Bool(n.fault != "")
}

// Decode reads what Encode wrote.
func (n *node) Decode(d *sim.Dec) {
	n.leader = d.Int()
	n.fault = ""
	if d.Bool() {
		n.fault = "failed"
	}
}

// Vars shows the node as the registry's election-ring does (so schedules
// written for it replay), plus the fault of a failed node.
func (n *node) Vars() []sim.Var {
	l := "-"
	if n.leader != None {
		l = name(n.leader)
	}
	v := []sim.Var{{Name: "leader", Value: l}}
	if n.fault != "" {
		v = append(v, sim.Var{Name: "fault", Value: n.fault})
	}
	return v
}
