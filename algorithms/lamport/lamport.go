// Package lamport is Lamport's 1978 mutual exclusion as seed 004 states it
// ("algorithm 1"). Every process P_i keeps an array q[1..N] holding, for each
// process j, the last message it has from j: (Request, T, j), (Reply, T, j)
// or (Release, T, j); initially q[j] = (Release, 0, j). Messages are compared
// by their timestamps, ties broken by process id: (T, j) < (T', j') in
// lexicographic order.
//
// The seed numbers two rules "3"; here they are 3 and 3':
//
//	1  enter(): Tick the clock, put (Request, T_i, i) in q[i] and send it to
//	   all other processes (one event: every copy carries the same T_i).
//	2  on (Request, T_i, i): q[i] = it; if q[j] is not a Request, send
//	   (Reply, T_j, j) back, T_j being the clock right after the receipt.
//	3  P_i enters the CS when (a) its own Request in q[i] is the earliest
//	   Request in q and (b) every other entry of q is later than q[i].
//	3' exit(): Tick the clock, put (Release, T_i, i) in q[i] and send it to
//	   all others. T_i is the new clock value, not the request's timestamp:
//	   the seed writes T_i for both, but a release carrying the old request
//	   time would never be "later" than anyone's newer request and rule 3b
//	   would block them forever.
//	4  on (Release, T_j, j): q[j] = it.
//	5  on (Reply, T_j, j): q[j] = it.
//
// Rule 3 is not an event of its own: it is checked at the end of every
// handler that changes q (enter() and the three receive rules), and the
// process enters in that same atomic step as soon as 3a and 3b hold.
//
// The timestamp travels in the message payload (Msg.A); the simulator's
// Lamport clock (Algorithm.Clocks) supplies it and is already
// max(own, msg)+1 when a receive rule runs.
//
// Channels are FIFO (Algorithm.FIFO). Nothing in the code relies on it; the
// algorithm does: rules 4 and 5 overwrite q[j] with whatever arrived last, so
// a stale message overtaken by a newer one from the same sender (say j's
// Request delivered after j's Release) leaves q[j] holding a Request that is
// already over, and every later request waits for it forever (see
// testdata/nonfifo). Safety does not need FIFO: P_j sends nothing between
// its Request and its Release, and everything it sends afterwards carries a
// later timestamp, so no reordering can show P_i a message from P_j later
// than P_i's request while P_j is in the CS on an earlier one.
package lamport

import (
	"dmelab/algorithms/seeds"
	"fmt"
	"strconv"
	"strings"

	"dmelab/algorithms/sim"
)

// Message kinds, also the kind of an entry of q.
const (
	Request = iota
	Reply
	Release
)

// kindName names a message kind in messages ("request") or, short, in
// the rendering of q ("Req").
func kindName(k int, short bool) string {
	names := [...]string{"request", "reply", "release", "Req", "Rep", "Rel"}
	if k < 0 || k > Release {
		return "?"
	}
	if short {
		return names[k+3]
	}
	return names[k]
}

// Algorithm returns the description the simulator and explorer use.
func Algorithm() *sim.Algorithm {
	return &sim.Algorithm{
		Name:     "lamport",
		Group:    seeds.Seed004,
		Shows:    sim.Bounds{Nodes: 2, Requests: 2}, // two rounds: a release and a second request meet
		Summary:  "Lamport 1978: array q of Request/Reply/Release, rules 3a/3b, FIFO channels (seed 004, algorithm 1)",
		FIFO:     true,
		Clocks:   true,
		New:      newNodes,
		MsgKinds: []string{kindName(Request, false), kindName(Reply, false), kindName(Release, false)},
		Listing:  listing(),
		Stuck:    stuck,
		FormatMsg: func(m sim.Msg) string {
			return kindName(int(m.Kind), false) + "@" + strconv.Itoa(int(m.A))
		},
	}
}

func newNodes(cfg sim.Config) ([]sim.Node, error) {
	nodes := make([]sim.Node, cfg.N)
	for i := range nodes {
		// Release is what q[j] = (Release, 0, j) needs; T is already 0.
		n := &node{id: i, q: make([]entry, cfg.N)}
		for j := range n.q {
			n.q[j].kind = Release
		}
		nodes[i] = n
	}
	return nodes, nil
}

// entry is one slot of q: the last message from process j (j is the index).
type entry struct {
	kind int
	t    int
}

type node struct {
	id    int
	phase sim.Phase
	q     []entry
}

// earlier reports whether slot a of q precedes slot b: (T, id) order.
func (n *node) earlier(a, b int) bool {
	if n.q[a].t != n.q[b].t {
		return n.q[a].t < n.q[b].t
	}
	return a < b
}

func (n *node) Clone() sim.Node {
	c := *n
	c.q = append([]entry(nil), n.q...)
	return &c
}

// CopyFrom makes n a copy of o (sim.Copier), reusing n's queue: the
// explorer copies a node per transition, and a fresh queue each time was
// a tenth of a Lamport search.
func (n *node) CopyFrom(o sim.Node) {
	src := o.(*node)
	q := n.q[:0]
	*n = *src
	n.q = append(q, src.q...)
}

func (n *node) Phase() sim.Phase { return n.phase }

// Request is rule 1.
func (n *node) Request(c *sim.Ctx) {
	t := int(c.Tick())
	n.phase = sim.Wanting
	n.q[n.id] = entry{Request, t}
	for _, j := range c.Others() {
		c.Send(j, sim.Msg{Kind: Request, A: int32(t)})
	}
	n.tryEnter()
}

// Exit is rule 3'.
func (n *node) Exit(c *sim.Ctx) {
	t := int(c.Tick())
	n.phase = sim.Idle
	n.q[n.id] = entry{Release, t}
	for _, j := range c.Others() {
		c.Send(j, sim.Msg{Kind: Release, A: int32(t)})
	}
}

func (n *node) CanReceive(sim.Msg) bool { return true }

// Receive is rules 2, 4 and 5, each followed by the rule-3 check.
func (n *node) Receive(c *sim.Ctx, m sim.Msg) {
	if m.Kind > Release {
		return
	}
	n.q[m.From] = entry{int(m.Kind), int(m.A)}
	if m.Kind == Request && n.q[n.id].kind != Request {
		c.Send(int(m.From), sim.Msg{Kind: Reply, A: c.Clock()})
	}
	n.tryEnter()
}

// tryEnter is rule 3: enter when 3a and 3b both hold.
func (n *node) tryEnter() {
	if n.phase != sim.Wanting || n.q[n.id].kind != Request {
		return
	}
	for j := range n.q {
		if j == n.id {
			continue
		}
		// 3a: no other Request is earlier than ours.
		if n.q[j].kind == Request && n.earlier(j, n.id) {
			return
		}
		// 3b: every other message is later than ours.
		if !n.earlier(n.id, j) {
			return
		}
	}
	n.phase = sim.InCS
}

func (n *node) Steps(dst []sim.Step) []sim.Step { return dst }
func (n *node) Do(*sim.Ctx, sim.Step)           {}
func (n *node) StepLabel(sim.Step) string       { return "" }

func (n *node) Encode(e *sim.Enc) {
	e.Int(int(n.phase))
	for _, x := range n.q {
		e.Int(x.kind)
		e.Int(x.t)
	}
}

func (n *node) Decode(d *sim.Dec) {
	n.phase = sim.Phase(d.Int())
	for j := range n.q {
		n.q[j] = entry{d.Int(), d.Int()}
	}
}

// Vars shows q as "[N1:Req@3 N2:Rep@5 N3:Rel@0]".
func (n *node) Vars() []sim.Var {
	parts := make([]string, len(n.q))
	for j, x := range n.q {
		parts[j] = fmt.Sprintf("N%d:%s@%d", j+1, kindName(x.kind, true), x.t)
	}
	return []sim.Var{
		{Name: "state", Value: n.phase.String()},
		{Name: "q", Value: "[" + strings.Join(parts, " ") + "]"},
	}
}
