package maekawasteps

import (
	"fmt"
	"slices"

	"dmelab/algorithms/maekawa"
	"dmelab/algorithms/sim"
	"dmelab/algorithms/votingsets"
)

// Algorithm returns the descriptor of the algorithm whose handlers s and
// voting sets sets implement, under the given name (the exercise's
// algorithm, maekawa). Voting sets given by a configuration (a scenario's
// voting-set lines) are used as given; otherwise sets(N) builds them. In
// both cases seed 003's required conditions must hold.
func Algorithm(name string, s New, sets Sets) *sim.Algorithm {
	return &sim.Algorithm{
		Name:     name,
		Summary:  "Maekawa voting (seed 003), with the handlers and voting sets written by a student",
		New:      func(cfg sim.Config) ([]sim.Node, error) { return newNodes(s, sets, cfg) },
		MsgKinds: []string{"request", "reply", "release"},
	}
}

// BuildSets calls sets(n) and checks the result: n sets, each within
// 1..n, meeting seed 003's required conditions. The sets come back sorted.
func BuildSets(sets Sets, n int) ([][]int, error) {
	if sets == nil {
		return nil, fmt.Errorf("no VotingSets")
	}
	v, panicked := invokeSets(sets, n)
	if panicked != "" {
		return nil, fmt.Errorf("VotingSets(%d) %s", n, panicked)
	}
	return checkSets(v, n, fmt.Sprintf("VotingSets(%d)", n))
}

func checkSets(v [][]int, n int, who string) ([][]int, error) {
	if len(v) != n {
		return nil, fmt.Errorf("%s returned %d sets; it must return one V_i per process (%d)", who, len(v), n)
	}
	if err := votingsets.Check(v).Err(); err != nil {
		return nil, fmt.Errorf("%s: %v", who, err)
	}
	out := make([][]int, n)
	for i, s := range v {
		out[i] = slices.Sorted(slices.Values(s))
	}
	return out, nil
}

func newNodes(s New, sets Sets, cfg sim.Config) ([]sim.Node, error) {
	if s == nil {
		return nil, fmt.Errorf("maekawasteps: no handlers")
	}
	var v [][]int
	var err error
	if cfg.Sets != nil {
		v, err = maekawa.Sets(cfg) // the registry's checks and messages
	} else {
		v, err = BuildSets(sets, cfg.N)
	}
	if err != nil {
		return nil, err
	}
	nodes := make([]sim.Node, cfg.N)
	for i := range nodes {
		nodes[i] = &node{steps: s, set: v[i], id: i, n: cfg.N, votedFor: -1}
	}
	return nodes, nil
}

// node is one node: the student-visible variables, kept here and copied
// into a fresh Vars for every handler call, so no handler can keep a
// reference into the harness's state.
type node struct {
	steps New
	set   []int // V_i, sorted; shared between clones (never written)
	id, n int

	state    State
	voted    bool
	votedFor int // whom the last vote went to, for display; -1 if none
	queue    []int
	replies  int
	fault    string
}

func (n *node) Clone() sim.Node {
	c := *n
	c.queue = slices.Clone(n.queue)
	return &c
}

// CopyFrom implements sim.Copier.
func (n *node) CopyFrom(o sim.Node) {
	src := o.(*node)
	q := n.queue[:0]
	*n = *src
	n.queue = append(q, src.queue...)
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

func (n *node) Request(c *sim.Ctx) { n.handle(c, OpEnter, -1) }
func (n *node) Exit(c *sim.Ctx)    { n.handle(c, OpLeave, -1) }

func (n *node) CanReceive(sim.Msg) bool { return n.fault == "" }

func (n *node) Receive(c *sim.Ctx, m sim.Msg) {
	op := map[uint8]Op{Request: OpRequest, Reply: OpReply, Release: OpRelease}[m.Kind]
	n.handle(c, op, int(m.From))
}

func (n *node) Steps(dst []sim.Step) []sim.Step { return dst }
func (n *node) Do(*sim.Ctx, sim.Step)           {}
func (n *node) StepLabel(sim.Step) string       { return "" }

// vars is the student's view of the node.
func (n *node) vars() Vars {
	return Vars{State: n.state, Voted: n.voted, Q: slices.Clone(n.queue), Replies: n.replies, V: slices.Clone(n.set), id: n.id, n: n.n}
}

// handle runs one handler on a copy of the variables, checks the contract
// and, if it holds, takes the new variables and sends the messages.
func (n *node) handle(c *sim.Ctx, op Op, from int) {
	if n.fault != "" {
		return
	}
	v := n.vars()
	panicked := invoke(n.steps(&v), op, from)
	out := v.out
	if panicked != "" {
		n.fault = op.String() + " " + panicked
		return
	}
	if f := n.check(op, &v, out); f != "" {
		n.fault = op.String() + " " + f
		return
	}
	n.state, n.voted, n.replies = v.State, v.Voted, v.Replies
	n.queue = append(n.queue[:0], v.Q...)
	for _, m := range out {
		c.Send(m.To, sim.Msg{Kind: uint8(m.Kind)})
		if m.Kind == Reply {
			n.votedFor = m.To
		}
	}
	if !n.voted {
		n.votedFor = -1
	}
}
