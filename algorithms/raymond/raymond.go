// Package raymond is Raymond's tree-based token algorithm (K. Raymond, "A
// tree-based algorithm for distributed mutual exclusion", ACM TOCS 7(1),
// 1989), beyond the course notes: the token of seed 002's ring, but
// passed along the edges of a tree, and only to nodes that asked for it.
//
// Every node knows only its neighbours in the tree. HOLDER points to the
// neighbour in the direction of the privilege (the token), or to the node
// itself when it has it, so the HOLDER pointers always form a tree whose
// edges lead to the privilege. A node that wants the privilege, or is
// asked for it by a neighbour, queues the asker (itself or the neighbour)
// in its FIFO request_Q and, unless it has ASKED already, sends one
// REQUEST to its HOLDER. The privilege travels back down the chain of
// requests; each node on the way hands it to the first of its request_Q
// and, if others are still queued, asks for it back straight away.
// USING says the node is in the CS. Two procedures do all the work after
// every event:
//
//	ASSIGN_PRIVILEGE: if HOLDER = self and not USING and request_Q is not
//	    empty: HOLDER = dequeue(request_Q); ASKED = false; if HOLDER = self
//	    then USING = true (enter the CS) else send PRIVILEGE to HOLDER.
//	MAKE_REQUEST: if HOLDER ≠ self and request_Q is not empty and not
//	    ASKED: send REQUEST to HOLDER; ASKED = true.
//
// Choices:
//   - The tree is the balanced binary tree rooted at N1 that numbers
//     nodes like a heap: the parent of Nk is N⌊k/2⌋ (N2 and N3 hang off
//     N1, N4 and N5 off N2, ...), and N1 holds the privilege initially,
//     so every other node's HOLDER is its parent. A balanced tree is the
//     shape Raymond's analysis assumes: a request and the privilege each
//     cross at most the tree's diameter, 2⌊log2 N⌋ edges, so an entry
//     costs O(log N) messages, where a path (the ring cut open) would cost
//     O(N) like the token ring. Numbering it like a heap needs no
//     configuration and fits every N.
//   - Messages carry no payload: a REQUEST's asker is its sender, and
//     there is one privilege.
//   - enter(), exit() and every receipt are atomic, each followed by
//     ASSIGN_PRIVILEGE and MAKE_REQUEST. An idle holder keeps the
//     privilege (nothing moves until somebody asks), so there are no
//     internal steps. Channels need not be FIFO: a REQUEST sent right
//     after the PRIVILEGE may overtake it, and its receiver, which has
//     ASKED, only queues it until the privilege arrives.
//   - USING is phase = in-cs, not a second copy of the same fact.
//
// The state is finite without a bound on retries: a neighbour that has
// ASKED sends nothing more until it got the privilege, so request_Q holds
// each neighbour and the node itself at most once.
//
// Safe: there is one privilege and only its holder enters. Live: every
// REQUEST reaches the holder along the HOLDER edges and every queue is
// served first-in first-out. Not ordered: request_Q is in order of
// arrival, so a request caused by another can reach a common ancestor
// first and be served first; the shortest case is the holder itself,
// whose enter() is served at once while a request that happened-before it
// is still on its way.
package raymond

import (
	"dmelab/algorithms/seeds"
	"fmt"
	"strings"

	"dmelab/algorithms/sim"
)

// Message kinds.
const (
	// Request asks the receiver (the sender's HOLDER) for the privilege.
	Request = iota
	// Privilege is the token: its receiver becomes its holder.
	Privilege
)

// Algorithm returns the description the simulator and explorer use.
func Algorithm() *sim.Algorithm {
	return &sim.Algorithm{
		Name:     "raymond",
		Group:    seeds.Beyond,
		Summary:  "a token passed along a tree towards whoever asked; O(log N) messages per entry (Raymond 1989, beyond the notes)",
		New:      newNodes,
		MsgKinds: []string{"request", "privilege"},
		Listing:  listing(),
	}
}

// Parent returns the index of node i's parent in the tree (i > 0).
func Parent(i int) int { return (i - 1) / 2 }

func newNodes(cfg sim.Config) ([]sim.Node, error) {
	nodes := make([]sim.Node, cfg.N)
	for i := range nodes {
		h := 0
		if i > 0 {
			h = Parent(i)
		}
		nodes[i] = &node{id: i, holder: h}
	}
	return nodes, nil
}

type node struct {
	id    int
	phase sim.Phase
	// holder is HOLDER: the neighbour towards the privilege, or id.
	holder int
	asked  bool
	// queue is request_Q, oldest first; it holds node indices, id for the
	// node itself.
	queue []int
}

func (n *node) Clone() sim.Node {
	c := *n
	c.queue = append([]int(nil), n.queue...)
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

func (n *node) using() bool { return n.phase == sim.InCS }

// HoldsToken says whether HOLDER = self (sim.TokenHolder): the privilege
// is here, and an idle holder enters at once.
func (n *node) HoldsToken() bool { return n.holder == n.id }

func (n *node) Request(c *sim.Ctx) {
	n.phase = sim.Wanting
	n.queue = append(n.queue, n.id)
	n.after(c)
}

func (n *node) Exit(c *sim.Ctx) {
	n.phase = sim.Idle
	n.after(c)
}

func (n *node) CanReceive(sim.Msg) bool { return true }

func (n *node) Receive(c *sim.Ctx, m sim.Msg) {
	switch m.Kind {
	case Request:
		n.queue = append(n.queue, int(m.From))
	case Privilege:
		n.holder = n.id
	}
	n.after(c)
}

// after runs the two procedures every event ends with.
func (n *node) after(c *sim.Ctx) {
	n.assignPrivilege(c)
	n.makeRequest(c)
}

// assignPrivilege is ASSIGN_PRIVILEGE: an idle holder hands the privilege
// to the first of its queue, which may be itself.
func (n *node) assignPrivilege(c *sim.Ctx) {
	if n.holder != n.id || n.using() || len(n.queue) == 0 {
		return
	}
	n.holder = n.queue[0]
	n.queue = append(n.queue[:0], n.queue[1:]...)
	n.asked = false
	if n.holder == n.id {
		n.phase = sim.InCS
		return
	}
	c.Send(n.holder, sim.Msg{Kind: Privilege})
}

// makeRequest is MAKE_REQUEST: a node that is not the holder and has
// somebody queued asks its HOLDER, once.
func (n *node) makeRequest(c *sim.Ctx) {
	if n.holder == n.id || len(n.queue) == 0 || n.asked {
		return
	}
	c.Send(n.holder, sim.Msg{Kind: Request})
	n.asked = true
}

func (n *node) Steps(dst []sim.Step) []sim.Step { return dst }
func (n *node) Do(*sim.Ctx, sim.Step)           {}
func (n *node) StepLabel(sim.Step) string       { return "" }

func (n *node) Encode(e *sim.Enc) {
	e.Int(int(n.phase))
	e.Int(n.holder)
	e.Bool(n.asked)
	e.Ints(n.queue)
}

func (n *node) Decode(d *sim.Dec) {
	n.phase = sim.Phase(d.Int())
	n.holder = d.Int()
	n.asked = d.Bool()
	n.queue = d.IntsInto(n.queue)
}

func (n *node) Vars() []sim.Var {
	q := make([]string, len(n.queue))
	for i, x := range n.queue {
		q[i] = n.who(x)
	}
	return []sim.Var{
		{Name: "phase", Value: n.phase.String()},
		{Name: "holder", Value: n.who(n.holder)},
		{Name: "using", Value: yesNo(n.using())},
		{Name: "asked", Value: yesNo(n.asked)},
		{Name: "request_Q", Value: "[" + strings.Join(q, " ") + "]"},
	}
}

// who names node i as n sees it: "self" for n itself, as Raymond writes
// HOLDER = self.
func (n *node) who(i int) string {
	if i == n.id {
		return "self"
	}
	return name(i)
}

func name(i int) string { return fmt.Sprintf("N%d", i+1) }

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}
