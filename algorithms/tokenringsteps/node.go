package tokenringsteps

import (
	"fmt"

	"dmelab/algorithms/sim"
	"dmelab/algorithms/tokenring"
)

// Algorithm returns the descriptor of the token ring whose handlers s
// implements, under the given name (the exercise's algorithm,
// token-ring). N1 holds the token initially, as in the registry's.
func Algorithm(name string, s New) *sim.Algorithm {
	return &sim.Algorithm{
		Name:     name,
		Summary:  "the token ring (seed 002), with the handlers written by a student",
		New:      func(cfg sim.Config) ([]sim.Node, error) { return newNodes(s, cfg) },
		MsgKinds: []string{"token"},
	}
}

func newNodes(s New, cfg sim.Config) ([]sim.Node, error) {
	if s == nil {
		return nil, fmt.Errorf("tokenringsteps: no handlers")
	}
	nodes := make([]sim.Node, cfg.N)
	for i := range nodes {
		nodes[i] = &node{steps: s, id: i, n: cfg.N, token: i == 0}
	}
	return nodes, nil
}

// node is one node: the student-visible variables, kept here and copied
// into a fresh Vars for every handler call.
type node struct {
	steps New
	id, n int
	state State
	token bool
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
	case Wanted:
		return sim.Wanting
	case Held:
		return sim.InCS
	}
	return sim.Idle
}

// Fault says why the node stopped, or "" while it works.
func (n *node) Fault() string { return n.fault }

func (n *node) Request(c *sim.Ctx) { n.handle(c, OpEnter) }
func (n *node) Exit(c *sim.Ctx)    { n.handle(c, OpLeave) }

func (n *node) CanReceive(sim.Msg) bool { return n.fault == "" }

func (n *node) Receive(c *sim.Ctx, m sim.Msg) {
	if m.Kind == tokenring.Token {
		n.handle(c, OpToken)
	}
}

// Steps offers Pass while the node holds the token, is idle and has a
// successor (the registry's "pass token to Nk").
func (n *node) Steps(dst []sim.Step) []sim.Step {
	if n.fault == "" && n.token && n.state == Released && n.n > 1 {
		dst = append(dst, sim.Step{})
	}
	return dst
}

func (n *node) Do(c *sim.Ctx, _ sim.Step) { n.handle(c, OpPass) }

func (n *node) StepLabel(sim.Step) string { return fmt.Sprintf("pass token to N%d", n.next()+1) }

// handle runs one handler on a copy of the variables, checks the contract
// and, if it holds, takes the new variables and sends the token.
func (n *node) handle(c *sim.Ctx, op Op) {
	if n.fault != "" {
		return
	}
	v := Vars{State: n.state, Token: n.token, id: n.id, n: n.n}
	if p := invoke(n.steps(&v), op); p != "" {
		n.fault = op.String() + " " + p
		return
	}
	if f := n.check(op, &v); f != "" {
		n.fault = op.String() + " " + f
		return
	}
	n.state, n.token = v.State, v.Token
	for _, to := range v.out {
		c.Send(to, sim.Msg{Kind: tokenring.Token})
	}
}

// check returns why a handler broke its contract (see the package
// comment), or "".
func (n *node) check(op Op, v *Vars) string {
	sends := len(v.out)
	for _, to := range v.out {
		if to != n.next() {
			return fmt.Sprintf("sent the token to %s, but the ring goes from %s to %s", nodeName(to, n.n), name(n.id), name(n.next()))
		}
	}
	switch op {
	case OpEnter:
		switch {
		case v.Token != n.token:
			return "changed token, but Enter() only sets state"
		case v.State != Wanted && v.State != Held:
			return fmt.Sprintf("left state = %s, but Enter() sets state = Wanted or Held", v.State)
		case sends > 0:
			return "sent the token, but Enter() sends nothing"
		}
	case OpLeave:
		switch {
		case v.State != Released:
			return fmt.Sprintf("left state = %s, but Leave() sets state = Released", v.State)
		case sends > 1:
			return fmt.Sprintf("sent the token %d times", sends)
		case v.Token && !n.token:
			return "took a token it did not hold"
		}
	case OpToken:
		switch {
		case sends > 0:
			return "sent the token, but OnToken() only takes it"
		case v.State != n.state && !(n.state == Wanted && v.State == Held):
			return fmt.Sprintf("changed state from %s to %s, but the token's arrival can only move WANTED to HELD", n.state, v.State)
		}
	case OpPass:
		switch {
		case v.State != n.state:
			return "changed state, but Pass() only passes the token"
		case sends > 1:
			return fmt.Sprintf("sent the token %d times", sends)
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
	e.Bool(n.token)
	e.Bool(n.fault != "")
}

// Decode reads what Encode wrote.
func (n *node) Decode(d *sim.Dec) {
	n.state = State(d.Int())
	n.token = d.Bool()
	n.fault = ""
	if d.Bool() {
		n.fault = "failed"
	}
}

// Vars shows the node as the registry's token-ring does (so schedules
// written for it replay), plus the fault of a failed node.
func (n *node) Vars() []sim.Var {
	t := "no"
	if n.token {
		t = "yes"
	}
	v := []sim.Var{{Name: "phase", Value: n.Phase().String()}, {Name: "token", Value: t}}
	if n.fault != "" {
		v = append(v, sim.Var{Name: "fault", Value: n.fault})
	}
	return v
}
