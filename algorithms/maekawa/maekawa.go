// Package maekawa is Maekawa's voting algorithm exactly as seed 003 states
// it:
//
//	Initialization: state = Released; voted = False
//	Enter():  state = Wanted; multicast Request(pi) to voting set Vi;
//	          wait until K reply messages received; state = Held
//	Leave():  state = Released; multicast Release to voting set Vi
//	When receiving Request(pj) at pi:
//	    if ((state == Held) or (voted == True)) { enqueue Request in Q }
//	    else { send Reply to pj; voted = True }
//	When receiving Release(pj) at pi:
//	    if (Q != empty) { dequeue pending Request m from Q;
//	                      send Reply to sender(m); voted = True }
//	    else { voted = False }
//
// Choices where the seed is vague:
//   - Voting sets come from sim.Config.Sets (checked with votingsets.Check;
//     a required condition that fails makes New return an error naming it)
//     or, when none are given, from votingsets.Grid(N). K = |V_i|.
//   - V_i contains p_i, and the seed multicasts to V_i, so a node sends its
//     Request and Release to itself through the network like to any other
//     member, and votes for itself only when that message arrives. This is
//     the faithful reading, and it matters: a node's own vote can go to
//     someone else first.
//   - Q is first-in first-out in arrival order ("enqueue"/"dequeue").
//   - A Release is not checked against whom the node voted for (the seed
//     does not check it, and only the node voted for ever sends one).
//   - "voted" is the seed's boolean; the node also remembers for whom it
//     voted, only to show it (Vars prints "N2" instead of "true"). No rule
//     reads it.
//   - The reply counter is reset when the node leaves.
//
// Every handler (Enter, Leave, receiving one message) is one atomic step.
//
// The basic algorithm is safe but can deadlock: with N=4 (2×2 grid) three
// requesters can each collect some votes and wait for a voter who voted for
// another, in a cycle (see testdata/deadlock.txt). The explorer's summary of
// such a deadlock names the cycle, who holds whose vote (CircularWait, the
// algorithm's sim.Algorithm.Stuck). The package maekawasafe adds Maekawa's
// own cure.
package maekawa

import (
	"dmelab/algorithms/seeds"
	"fmt"
	"slices"
	"strings"

	"dmelab/algorithms/sim"
	"dmelab/algorithms/votingsets"
)

// Message kinds.
const (
	Request = iota // pj asks a member of V_j for its vote
	Reply          // the vote
	Release        // pj has left the CS: the vote is free again
)

// State is the seed's state variable.
type State uint8

const (
	Released State = iota
	Wanted
	Held
)

func (s State) String() string {
	switch s {
	case Released:
		return "RELEASED"
	case Wanted:
		return "WANTED"
	case Held:
		return "HELD"
	}
	return "?"
}

// Algorithm returns the description the simulator and explorer use.
func Algorithm() *sim.Algorithm {
	return &sim.Algorithm{
		Name:     "maekawa",
		Group:    seeds.Seed003,
		Summary:  "Maekawa voting: collect the votes of your voting set (seed 003; can deadlock)",
		New:      newNodes,
		MsgKinds: []string{"request", "reply", "release"},
		Listing:  listing(),
		Stuck:    stuck,
	}
}

// Sets returns the voting sets for cfg: cfg.Sets (sorted copies), or the
// grid when none are given, or an error naming the first required
// condition of seed 003 that fails. maekawasafe uses it too.
func Sets(cfg sim.Config) ([][]int, error) {
	if cfg.Sets == nil {
		return votingsets.Grid(cfg.N), nil
	}
	if len(cfg.Sets) != cfg.N {
		return nil, fmt.Errorf("voting sets: %d sets given for %d processes (one V_i per process)", len(cfg.Sets), cfg.N)
	}
	if err := votingsets.Check(cfg.Sets).Err(); err != nil {
		return nil, err
	}
	sets := make([][]int, len(cfg.Sets))
	for i, v := range cfg.Sets {
		sets[i] = slices.Sorted(slices.Values(v))
	}
	return sets, nil
}

func newNodes(cfg sim.Config) ([]sim.Node, error) {
	sets, err := Sets(cfg)
	if err != nil {
		return nil, err
	}
	nodes := make([]sim.Node, cfg.N)
	for i := range nodes {
		nodes[i] = &node{v: sets[i], votedFor: -1}
	}
	return nodes, nil
}

type node struct {
	v []int // V_i, sorted; shared between clones (never written)

	state    State
	votedFor int   // -1: voted == False; else whom the vote went to
	queue    []int // Q: requesters, first-in first-out
	replies  int   // Reply messages received since Enter()
}

func (n *node) Clone() sim.Node {
	c := *n
	c.queue = slices.Clone(n.queue)
	return &c
}

// CopyFrom makes n a copy of o (sim.Copier), reusing n's queue.
func (n *node) CopyFrom(o sim.Node) {
	src := o.(*node)
	q := n.queue[:0]
	*n = *src
	n.queue = append(q, src.queue...)
}

func (n *node) Phase() sim.Phase {
	switch n.state {
	case Wanted:
		return sim.Wanting
	case Held:
		return sim.InCS
	}
	return sim.Idle
}

// Request is Enter(): state = Wanted, multicast Request to V_i.
func (n *node) Request(c *sim.Ctx) {
	n.state = Wanted
	n.replies = 0
	for _, q := range n.v {
		c.Send(q, sim.Msg{Kind: Request})
	}
}

// Exit is Leave(): state = Released, multicast Release to V_i.
func (n *node) Exit(c *sim.Ctx) {
	n.state = Released
	n.replies = 0
	for _, q := range n.v {
		c.Send(q, sim.Msg{Kind: Release})
	}
}

func (n *node) CanReceive(sim.Msg) bool { return true }

func (n *node) Receive(c *sim.Ctx, m sim.Msg) {
	switch m.Kind {
	case Request:
		if n.state == Held || n.votedFor >= 0 {
			n.queue = append(n.queue, int(m.From))
			return
		}
		c.Send(int(m.From), sim.Msg{Kind: Reply})
		n.votedFor = int(m.From)
	case Release:
		if len(n.queue) > 0 {
			next := n.queue[0]
			n.queue = n.queue[1:]
			c.Send(next, sim.Msg{Kind: Reply})
			n.votedFor = next
		} else {
			n.votedFor = -1
		}
	case Reply:
		n.replies++
		if n.state == Wanted && n.replies == len(n.v) {
			n.state = Held
		}
	}
}

func (n *node) Steps(dst []sim.Step) []sim.Step { return dst }
func (n *node) Do(*sim.Ctx, sim.Step)           {}
func (n *node) StepLabel(sim.Step) string       { return "" }

func (n *node) Encode(e *sim.Enc) {
	e.Int(int(n.state))
	e.Int(n.votedFor)
	e.Ints(n.queue) // FIFO order is part of the state
	e.Int(n.replies)
}

func (n *node) Decode(d *sim.Dec) {
	n.state = State(d.Int())
	n.votedFor = d.Int()
	n.queue = d.IntsInto(n.queue)
	n.replies = d.Int()
}

func (n *node) Vars() []sim.Var {
	voted := "false"
	if n.votedFor >= 0 {
		voted = name(n.votedFor)
	}
	return []sim.Var{
		{Name: "state", Value: n.state.String()},
		{Name: "voted", Value: voted},
		{Name: "queue", Value: "[" + names(n.queue, " ") + "]"},
		{Name: "replies", Value: fmt.Sprintf("%d/%d", n.replies, len(n.v))},
		{Name: "V", Value: "{" + names(n.v, ",") + "}"},
	}
}

func name(i int) string { return fmt.Sprintf("N%d", i+1) }

func names(xs []int, sep string) string {
	parts := make([]string, len(xs))
	for k, x := range xs {
		parts[k] = name(x)
	}
	return strings.Join(parts, sep)
}
