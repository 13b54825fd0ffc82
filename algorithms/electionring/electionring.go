// Package electionring is seed 002's ring election, in the form of Chang
// and Roberts (without their participant flag, see below): the nodes sit
// on a logical ring N1 → N2 → … → Nn → N1 and the highest id wins.
//
//   - A node starting an election (the application's Request) forgets its
//     leader (seed 002's elected_i = false) and sends election(own id) to
//     its successor.
//   - On election(j) with j > own id: "accept and pass on the message".
//   - On election(j) with j < own id: "deny and call out for an election
//     itself" — the node sends election(own id) in place of election(j).
//   - On election(own id): the message went all the way round, so no live
//     node is higher: the node has won. It sets Leader = itself and sends
//     elected(own id) round the ring; every node on elected(k) sets
//     Leader = k and passes it on, until it comes back to k.
//
// A node alone on the ring is its own successor: its election message
// comes straight back and it wins.
//
// Choice: no participant flag. Chang and Roberts add one so that a node
// which has already sent its own id swallows lower ids instead of sending
// its id again; the seed does not, and the explorer shows why it matters
// here: with the flag, N=3, if N3's election is won and elected(3) has
// passed N1 but not yet N2 when N1 starts a new election, N2 (still a
// participant) swallows election(1), then elected(3) ends at N3, and N1
// stays undecided for ever. Without the flag N2 answers with election(2),
// N3 with election(3), and N3 wins again. The price is duplicate
// messages when several nodes start at once, though every election(j)
// still stops at the first node above j (or at j), so none goes round
// more than once.
//
// Each handler is one atomic step (receive, decide, send).
//
// Crashes. The seed does not say what the ring does when a node crashes;
// this package chooses the least it needs to stay a ring:
//   - The successor is the next live node (the perfect failure detector
//     Ctx.Alive): a ring with a dead node in it could never carry a message
//     round.
//   - A node discards elected(k) for a crashed k: adopting it would elect
//     a dead node, which the simulator reports as a safety violation.
//     election(j) for a crashed j is passed on like any other, since the
//     ring has no rule for it.
//
// Nothing else: the ring has no timeouts and no way to notice a lost
// message. So with one crash allowed the explorer finds that liveness
// fails, in three ways that are all true of this algorithm: a message in
// flight to a node that crashes is lost and the election stalls; an
// election message of a candidate that crashed keeps circling because no
// node will ever replace or stop it; and a leader that crashes after the
// election leaves every node with a dead leader and nobody to call a new
// election. Safety holds: a node wins only when its id came back, which
// means no live node is higher.
package electionring

import (
	"dmelab/algorithms/seeds"
	"fmt"
	"strconv"

	"dmelab/algorithms/sim"
)

// Message kinds. Msg.A is the node index of the candidate or winner.
const (
	Election = iota
	Elected
)

// Algorithm returns the description the simulator and explorer use.
func Algorithm() *sim.Algorithm {
	return &sim.Algorithm{
		Name:      "election-ring",
		Group:     seeds.Seed002,
		Summary:   "ring election (Chang–Roberts): the highest id goes round and wins (seed 002; no crash recovery)",
		Election:  true,
		New:       newNodes,
		MsgKinds:  []string{"election", "elected"},
		Listing:   listing(),
		FormatMsg: formatMsg,
	}
}

func formatMsg(m sim.Msg) string {
	name := "kind?"
	switch m.Kind {
	case Election:
		name = "election"
	case Elected:
		name = "elected"
	}
	return name + "(" + strconv.Itoa(int(m.A)+1) + ")"
}

func newNodes(cfg sim.Config) ([]sim.Node, error) {
	nodes := make([]sim.Node, cfg.N)
	for i := range nodes {
		nodes[i] = &node{id: i, n: cfg.N, leader: -1}
	}
	return nodes, nil
}

type node struct {
	id, n  int
	leader int
}

func (n *node) Clone() sim.Node {
	c := *n
	return &c
}

func (n *node) CopyFrom(o sim.Node) { *n = *o.(*node) }

// Phase is always Idle: the application may start an election at any time.
func (n *node) Phase() sim.Phase { return sim.Idle }

func (n *node) Leader() int { return n.leader }

// successor is the next live node after this one, or itself when it is
// alone.
func (n *node) successor(c *sim.Ctx) int {
	for k := 1; k < n.n; k++ {
		j := (n.id + k) % n.n
		if c.Alive(j) {
			return j
		}
	}
	return n.id
}

func (n *node) Request(c *sim.Ctx) {
	n.leader = -1
	n.send(c, Election, n.id)
}

// send passes a message with candidate or winner k to the successor (to
// itself when the node is alone on the ring).
func (n *node) send(c *sim.Ctx, kind uint8, k int) {
	c.Send(n.successor(c), sim.Msg{Kind: kind, A: int32(k)})
}

func (n *node) Exit(*sim.Ctx) {}

func (n *node) CanReceive(sim.Msg) bool { return true }

func (n *node) Receive(c *sim.Ctx, m sim.Msg) {
	k := int(m.A)
	switch m.Kind {
	case Election:
		switch {
		case k > n.id:
			n.send(c, Election, k)
		case k < n.id:
			n.send(c, Election, n.id)
		default:
			n.leader = n.id
			n.send(c, Elected, n.id)
		}
	case Elected:
		if k == n.id || !c.Alive(k) {
			return // back at the winner, or announcing a dead node
		}
		n.leader = k
		n.send(c, Elected, k)
	}
}

func (n *node) Steps(dst []sim.Step) []sim.Step { return dst }
func (n *node) Do(*sim.Ctx, sim.Step)           {}
func (n *node) StepLabel(sim.Step) string       { return "?" }

func (n *node) Encode(e *sim.Enc) {
	e.Int(n.leader)
}

func (n *node) Decode(d *sim.Dec) {
	n.leader = d.Int()
}

func (n *node) Vars() []sim.Var {
	l := "-"
	if n.leader >= 0 {
		l = fmt.Sprintf("N%d", n.leader+1)
	}
	return []sim.Var{{Name: "leader", Value: l}}
}
