package maekawasteps

import (
	"fmt"
	"slices"

	"dmelab/algorithms/internal/stepwire"
	"dmelab/algorithms/maekawa"
	"dmelab/algorithms/sim"
	"dmelab/algorithms/votingsets"
)

// Algorithm returns the descriptor of the algorithm whose handlers s and
// voting sets sets implement, under the given name (the exercise's
// algorithm, maekawa). Voting sets given by a configuration (a scenario's
// voting-set lines) are used as given; otherwise sets(N) builds them. In
// both cases seed 003's required conditions must hold.
func Algorithm(name string, s New, sets Sets) *sim.Algorithm { return algorithm(name, code(s), sets) }

func algorithm(name string, c stepwire.Code[Vars], sets Sets) *sim.Algorithm {
	return &sim.Algorithm{
		Name:     name,
		Summary:  "Maekawa voting (seed 003), with the handlers and voting sets written by a student",
		New:      func(cfg sim.Config) ([]sim.Node, error) { return newNodes(c, sets, cfg) },
		MsgKinds: []string{"request", "reply", "release"},
		Stuck:    stuck,
	}
}

// stuck is maekawa's circular wait (sim.Algorithm.Stuck), read from the
// variables the harness keeps: only for a state with no message in flight,
// no crash and no failed node, which maekawa.CircularWait checks further
// (the votes each waiting node counted are the ones given to it).
func stuck(w *sim.World) string {
	if w.Crashed != 0 || len(w.Net) > 0 {
		return ""
	}
	vs := make([]maekawa.Voter, len(w.Nodes))
	for i, x := range w.Nodes {
		n, ok := x.(*node)
		if !ok || n.Fault() != "" {
			return ""
		}
		vs[i] = maekawa.Voter{Wanted: n.V.State == Wanted, VotedFor: n.votedFor, Replies: n.V.Replies, V: n.V.V}
	}
	return maekawa.CircularWait(vs)
}

// BuildSets calls sets(n) and checks the result: n sets, each within
// 1..n, meeting seed 003's required conditions. The sets come back sorted
// and each member once: a set is what the seed asks for ("p's row ∪ p's
// column"), so the order of a slice's members and a member listed twice
// (p, once from its row and once from its column) are the harness's to
// undo, not the student's mistakes.
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
	out := make([][]int, n)
	for i, s := range v {
		out[i] = slices.Compact(slices.Sorted(slices.Values(s)))
	}
	if err := votingsets.Check(out).Err(); err != nil {
		return nil, fmt.Errorf("%s: %v", who, err)
	}
	return out, nil
}

func newNodes(c stepwire.Code[Vars], sets Sets, cfg sim.Config) ([]sim.Node, error) {
	if c == nil {
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
	return stepwire.Nodes(&harness, c, cfg.N, func(i int) Vars { return Vars{V: v[i]} },
		func(b stepwire.Node[Vars, Msg]) sim.Node { return &node{Node: b, votedFor: -1} })
}

// node is one node: the shared part holds its variables (V_i among
// them), and votedFor whom the last vote went to, for display (-1 if
// none).
type node struct {
	stepwire.Node[Vars, Msg]
	votedFor int
}

func (n *node) Clone() sim.Node { return &node{n.Node.Copy(), n.votedFor} }

// CopyFrom implements sim.Copier.
func (n *node) CopyFrom(o sim.Node) {
	src := o.(*node)
	n.Take(&src.Node)
	n.votedFor = src.votedFor
}

func (n *node) Request(c *sim.Ctx) { n.handle(c, OpEnter, -1) }
func (n *node) Exit(c *sim.Ctx)    { n.handle(c, OpLeave, -1) }

func (n *node) Receive(c *sim.Ctx, m sim.Msg) {
	op := OpRequest // a switch, not a map literal: this runs at every receipt of a search
	switch m.Kind {
	case Reply:
		op = OpReply
	case Release:
		op = OpRelease
	}
	n.handle(c, op, int(m.From))
}

// handle runs one handler and, if it kept the contract, sends the
// messages.
func (n *node) handle(c *sim.Ctx, op Op, from int) {
	out, _, ok := n.Call(c, int(op), from, 0, func(old, v *Vars, out []Msg, _ int) string { return n.check(op, old, v, out) })
	if !ok {
		return
	}
	for _, m := range out {
		c.Send(m.To, sim.Msg{Kind: uint8(m.Kind)})
		if m.Kind == Reply {
			n.votedFor = m.To
		}
	}
	if !n.V.Voted {
		n.votedFor = -1
	}
}
