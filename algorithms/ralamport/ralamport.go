// Package ralamport is Ricart and Agrawala's algorithm with Lamport
// timestamps, as seed 001 states it (and seed 002 and seed 004's
// "algorithm 2" restate it):
//
//	enter() at P_i: set state to WANTED; multicast Request <T_i, P_i> to all
//	    processes, T_i = the current Lamport timestamp at P_i; wait until all
//	    processes reply; change state to HELD and enter the CS.
//	on Request <T_j, P_j> at P_i (i != j): if state = HELD or (state =
//	    WANTED and (T_i, i) < (T_j, j)) add the request to the local queue,
//	    else send Reply to P_j.
//	exit() at P_i: change state to RELEASED and Reply to all queued requests.
//
// Choices where the seeds leave room:
//   - The multicast is one event: enter() ticks the Lamport clock once and
//     every copy of the Request carries that same T_i (in Msg.A as well as
//     in the simulator's stamp). exit() ticks once too, as a local event.
//     Replies are sent inside the receive handler, whose clock the simulator
//     has already advanced to max(own, msg)+1.
//   - (T, id) pairs compare lexicographically; ids are node indices.
//   - The node enters the CS in the same atomic step as the receipt of the
//     (N-1)th Reply; with N = 1 enter() itself enters.
//   - The queue keeps arrival order for display (seed 001: "順序不重要收到就
//     放進去", order does not matter, put it in as it comes), but since
//     exit() answers all of it at once the order is irrelevant to behaviour,
//     so Encode writes it sorted by node and Decode reads it back that way.
//     Seed 004's algorithm 2 stores deferred requests in its array q; the
//     queue is that array's useful content.
//   - A Reply arriving when the node is not WANTED cannot happen in this
//     algorithm; it is ignored.
//
// The Order property holds because a request that happened-after another
// enter() carries a larger timestamp, the simulator's clocks ticking on
// application messages too.
package ralamport

import (
	"dmelab/algorithms/seeds"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"dmelab/algorithms/sim"
)

// Message kinds.
const (
	Request = iota // <T_i, P_i>, T_i in A
	Reply
)

// Algorithm returns the description the simulator and explorer use.
func Algorithm() *sim.Algorithm {
	return &sim.Algorithm{
		Name:     "ra-lamport",
		Group:    seeds.Seed001,
		Summary:  "Ricart–Agrawala with Lamport timestamps: RELEASED/WANTED/HELD, queue while HELD or earlier (seeds 001, 002, 004 algorithm 2)",
		Clocks:   true,
		New:      newNodes,
		MsgKinds: []string{"request", "reply"},
		Listing:  listing(),
		FormatMsg: func(m sim.Msg) string {
			switch m.Kind {
			case Request:
				return "request@" + strconv.Itoa(int(m.A))
			case Reply:
				return "reply"
			}
			return "kind" + strconv.Itoa(int(m.Kind))
		},
	}
}

func newNodes(cfg sim.Config) ([]sim.Node, error) {
	nodes := make([]sim.Node, cfg.N)
	for i := range nodes {
		nodes[i] = &node{id: i, n: cfg.N}
	}
	return nodes, nil
}

// waiter is a deferred request <T, P_id>.
type waiter struct{ id, t int }

type node struct {
	id, n   int
	phase   sim.Phase // Idle = RELEASED, Wanting = WANTED, InCS = HELD
	t       int       // own request timestamp while WANTED or HELD, else 0
	replies int       // replies received for the current request
	queue   []waiter  // deferred requests, in arrival order
}

// precedes reports (T_a, a) < (T_b, b).
func precedes(ta, a, tb, b int) bool {
	return ta < tb || (ta == tb && a < b)
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

func (n *node) Phase() sim.Phase { return n.phase }

func (n *node) Request(c *sim.Ctx) {
	n.phase = sim.Wanting
	n.t = int(c.Tick())
	n.replies = 0
	for _, j := range c.Others() {
		c.Send(j, sim.Msg{Kind: Request, A: int32(n.t)})
	}
	n.tryEnter()
}

func (n *node) Exit(c *sim.Ctx) {
	c.Tick()
	n.phase = sim.Idle
	n.t = 0
	n.replies = 0
	for _, w := range n.queue {
		c.Send(w.id, sim.Msg{Kind: Reply})
	}
	n.queue = n.queue[:0]
}

func (n *node) CanReceive(sim.Msg) bool { return true }

func (n *node) Receive(c *sim.Ctx, m sim.Msg) {
	j := int(m.From)
	switch m.Kind {
	case Request:
		tj := int(m.A)
		if n.phase == sim.InCS || (n.phase == sim.Wanting && precedes(n.t, n.id, tj, j)) {
			n.queue = append(n.queue, waiter{j, tj})
			return
		}
		c.Send(j, sim.Msg{Kind: Reply})
	case Reply:
		if n.phase == sim.Wanting {
			n.replies++
			n.tryEnter()
		}
	}
}

// tryEnter: "wait until all processes send back Reply".
func (n *node) tryEnter() {
	if n.phase == sim.Wanting && n.replies == n.n-1 {
		n.phase = sim.InCS
	}
}

func (n *node) Steps(dst []sim.Step) []sim.Step { return dst }
func (n *node) Do(*sim.Ctx, sim.Step)           {}
func (n *node) StepLabel(sim.Step) string       { return "" }

func (n *node) Encode(e *sim.Enc) {
	e.Int(int(n.phase))
	e.Int(n.t)
	e.Int(n.replies)
	q := n.queue
	if !slices.IsSortedFunc(q, byID) { // copied only then: Encode runs at every event of a search
		q = slices.Clone(q)
		slices.SortFunc(q, byID)
	}
	e.Int(len(q))
	for _, w := range q {
		e.Int(w.id)
		e.Int(w.t)
	}
}

func byID(a, b waiter) int { return a.id - b.id }

// Decode reuses the queue's memory: a search decodes into the same nodes
// over and over.
func (n *node) Decode(d *sim.Dec) {
	n.phase = sim.Phase(d.Int())
	n.t = d.Int()
	n.replies = d.Int()
	k := d.Int()
	n.queue = n.queue[:0]
	for ; k > 0 && d.Err == nil; k-- {
		n.queue = append(n.queue, waiter{d.Int(), d.Int()})
	}
}

// stateName is the seed's name for a phase.
func stateName(p sim.Phase) string {
	switch p {
	case sim.Wanting:
		return "WANTED"
	case sim.InCS:
		return "HELD"
	}
	return "RELEASED"
}

// Vars shows the seed's variables: state, own T, the queue as
// "[N4@5 N6@3]" and the number of replies.
func (n *node) Vars() []sim.Var {
	t := "-"
	if n.phase != sim.Idle {
		t = strconv.Itoa(n.t)
	}
	q := make([]string, len(n.queue))
	for i, w := range n.queue {
		q[i] = fmt.Sprintf("N%d@%d", w.id+1, w.t)
	}
	return []sim.Var{
		{Name: "state", Value: stateName(n.phase)},
		{Name: "T", Value: t},
		{Name: "queue", Value: "[" + strings.Join(q, " ") + "]"},
		{Name: "replies", Value: strconv.Itoa(n.replies)},
	}
}
