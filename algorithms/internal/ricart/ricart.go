// Package ricart is the shared engine of seed 000's ticket-number
// (Ricart–Agrawala style) listings and of Ben-Ari's fix of the last one. The
// thin packages rav1, rav2, rav3, benari, benariflagfirst and benarinumfirst
// each pick a Variant; this package runs it.
//
// Model. Each node is two processes that share the node's variables (myNum,
// highestNum, requestCS, deferred and the count of replies received):
//
//   - main, steps P1–P9: P1 is the non-critical section (the simulator's
//     Request event is the application leaving it, i.e. P1 done), P2–P5 ask
//     for permission, P6 is the critical section (the Exit event is P6
//     done), P7–P9 reply to the deferred nodes and go back to P1. The
//     Ben-Ari variants add P6a (requestCS = false, between the CS and P7)
//     and the split ones turn P2 into P2a and P2b;
//   - receive, steps P10–P11: P10 waits for a request, P11 decides whether
//     to reply now or defer. Variants with highestNum have P10–P12: P11
//     updates highestNum and P12 decides.
//
// The two processes interleave at the granularity of the numbered steps,
// each step being one sim.Step (Proc 0 = main, Proc 1 = receive), so every
// race between main's P2 and receive's P11/P12 is a schedule the explorer
// tries.
//
// Choices where the seed is vague (the same for every variant):
//   - P5 is printed indented under the P3 loop; we read it as one await after
//     the loop (awaiting every reply after each single send could never
//     finish).
//   - P3/P4: the loop header is folded into the send, one step per send,
//     to the other nodes in increasing index order; the playground's "N"
//     shows the node the next P4 sends to.
//   - Replies are counted when they arrive, whatever main is doing (the
//     seed's "await" only reads the count); P5 is a step enabled once all
//     N-1 replies are in, and it resets the count and enters the CS.
//   - A request is taken from the network only when receive waits at P10:
//     delivery is P10 itself (it stores source and requestedNum).
//   - P7–P9 loop: P7 looks at deferred again each time round: it picks its
//     smallest node as N, or returns main to P1 when deferred is empty; P8
//     removes N; P9 sends the reply. Nodes deferred while the loop runs are
//     thus answered by the same loop. Deferred is a set (a node has at most
//     one request outstanding), kept in increasing order.
//   - "differed" and "deferred" are one variable; "MyNum" is myNum.
//   - Initial values: myNum = 0, highestNum = 0, requestCS = false, deferred
//     empty. myNum is never reset, and P2 does not raise highestNum to the
//     node's own number: the seed says neither.
package ricart

import (
	"fmt"

	"dmelab/algorithms/sim"
)

// FlagMode says whether and how a variant uses Ben-Ari's requestCS flag.
type FlagMode uint8

const (
	// NoFlag: seed 000's listings; an idle node compares numbers like a
	// requesting one.
	NoFlag FlagMode = iota
	// FlagAtomic: P2 sets requestCS = true and myNum = highestNum + 1 in one
	// step (Ben-Ari's fix).
	FlagAtomic
	// FlagFirst: P2a requestCS = true, then P2b myNum = highestNum + 1.
	FlagFirst
	// NumFirst: P2a myNum = highestNum + 1, then P2b requestCS = true.
	NumFirst
)

// Variant is what distinguishes the listings.
type Variant struct {
	Name, Summary string
	Group         string // the gallery's group (package seeds)
	// Choose: P2 is myNum = chooseNumber(), a free choice from 1..K
	// (K = Config.Numbers, 2 when 0); otherwise myNum = highestNum + 1.
	Choose bool
	// TieBreak: the decision compares (requestedNum, source) <<
	// (myNum, myID) instead of requestedNum < myNum alone.
	TieBreak bool
	// Highest: the node keeps highestNum, updated at P11; the decision
	// moves to P12.
	Highest bool
	// Flag: Ben-Ari's requestCS (needs Highest).
	Flag FlagMode
}

// Message kinds.
const (
	Request = iota // A = the sender's myNum
	Reply
)

// Algorithm returns the simulator's descriptor of v.
func Algorithm(v Variant) *sim.Algorithm {
	return &sim.Algorithm{
		Name:    v.Name,
		Summary: v.Summary,
		Group:   v.Group,
		Chooses: v.Choose,
		// Two rounds: ra-v1's and ra-v2's safety failures need a second
		// request (a number below a waiting node's).
		Shows:    sim.Bounds{Nodes: 2, Requests: 2},
		New:      func(cfg sim.Config) ([]sim.Node, error) { return newNodes(v, cfg) },
		MsgKinds: []string{"request", "reply"},
		Listing:  listing(v),
		Stuck:    stuck,
		FormatMsg: func(m sim.Msg) string {
			if m.Kind == Request {
				return fmt.Sprintf("request(%d)", m.A)
			}
			return "reply"
		},
	}
}

func newNodes(v Variant, cfg sim.Config) ([]sim.Node, error) {
	if v.Flag != NoFlag && !v.Highest {
		return nil, fmt.Errorf("%s: requestCS needs highestNum", v.Name)
	}
	k := 0
	if v.Choose {
		var err error
		if k, err = cfg.ChooseRange(); err != nil {
			return nil, fmt.Errorf("%s: %v", v.Name, err)
		}
	}
	nodes := make([]sim.Node, cfg.N)
	for i := range nodes {
		nodes[i] = &node{v: &v, id: i, n: cfg.N, k: k, main: p1, loop: -1, recv: p10, source: -1}
	}
	return nodes, nil
}

// Program counters. Main's are P1..P9 plus Ben-Ari's extra steps; P3 has no
// counter of its own (it is folded into P4, see the package comment).
type pc uint8

const (
	p1 pc = iota
	p2
	p2a
	p2b
	p4
	p5
	p6
	p6a
	p7
	p8
	p9
	p10
	p11
	p12
)

func (p pc) String() string {
	switch p {
	case p1:
		return "P1"
	case p2:
		return "P2"
	case p2a:
		return "P2a"
	case p2b:
		return "P2b"
	case p4:
		return "P4"
	case p5:
		return "P5"
	case p6:
		return "P6"
	case p6a:
		return "P6a"
	case p7:
		return "P7"
	case p8:
		return "P8"
	case p9:
		return "P9"
	case p10:
		return "P10"
	case p11:
		return "P11"
	case p12:
		return "P12"
	}
	return "P?"
}

// node is one node: both of its processes and their shared variables.
type node struct {
	v       *Variant // never changes; shared by all nodes of a world
	id, n   int
	k       int // chooseNumber() range 1..k (Choose variants)
	main    pc
	loop    int // main's loop variable N at P4 and P8–P9, -1 elsewhere
	replies int // replies received since the last P5
	recv    pc
	// The receive process's locals, set by P10 (-1 and 0 while at P10).
	source, requestedNum int
	myNum, highestNum    int
	requestCS            bool
	deferred             []int // increasing node indices
}

func (n *node) Phase() sim.Phase {
	switch n.main {
	case p1:
		return sim.Idle
	case p6:
		return sim.InCS
	case p6a, p7, p8, p9:
		return sim.Exiting
	}
	return sim.Wanting
}

// Request is P1 done: the application leaves its non-critical section.
func (n *node) Request(*sim.Ctx) {
	n.main = p2
	if n.v.Flag == FlagFirst || n.v.Flag == NumFirst {
		n.main = p2a
	}
}

// Exit is P6 done: the application leaves the critical section.
func (n *node) Exit(*sim.Ctx) {
	n.main = p7
	if n.v.Flag != NoFlag {
		n.main = p6a
	}
}

// CanReceive: replies are counted at any time; a request waits in the
// network until the receive process is back at P10.
func (n *node) CanReceive(m sim.Msg) bool {
	return m.Kind != Request || n.recv == p10
}

// Receive counts a reply, or is P10 for a request:
//
//	P10: receive(request,source,requestedNum)
func (n *node) Receive(_ *sim.Ctx, m sim.Msg) {
	if m.Kind == Reply {
		n.replies++
		return
	}
	n.source, n.requestedNum = int(m.From), int(m.A)
	n.recv = p11
}

// nextOther is the smallest node index above after that is not n itself,
// or -1.
func (n *node) nextOther(after int) int {
	for j := after + 1; j < n.n; j++ {
		if j != n.id {
			return j
		}
	}
	return -1
}

func name(i int) string { return fmt.Sprintf("N%d", i+1) }
