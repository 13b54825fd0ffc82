// Package maekawasafe is Maekawa's algorithm with the deadlock cure of his
// full algorithm (M. Maekawa, "A √N algorithm for mutual exclusion in
// decentralized systems", ACM TOCS 3(2), 1985; discussed again by
// B. Sanders, 1987, and in Singhal & Shivaratri's textbook). It goes beyond
// seed 003, whose basic algorithm (package maekawa) can deadlock.
//
// The idea: requests carry Lamport timestamps, so all requests are ordered
// by (T, id), smaller first (every node agrees on this order; see Clocks
// and Order below for what it does and does not give). A voter still gives its one vote to one request
// at a time, but when an earlier request turns up it asks the node it voted
// for to give the vote back, and a requester that knows it cannot win gives
// it back. The earliest request then collects all its votes.
//
// # Rules implemented
//
// Messages: request, reply (the vote), release, inquire, yield (Maekawa's
// "relinquish") and failed. Every message carries the T of the request it
// is about, in Msg.A; with the sender or receiver that names the request.
//
// A node as requester keeps state (RELEASED/WANTED/HELD), T, the set of
// voters whose reply it holds, a failed flag and the set of voters whose
// inquire it has not answered yet.
//
//	R1 enter(): clock = clock + 1; T = clock; state = WANTED; failed =
//	   false; no replies, no inquiries; send request(T) to every member
//	   of V_i (itself included: see below).
//	R2 reply(T) from v: note v's vote. With all K votes: state = HELD
//	   (pending inquiries are dropped; the release will answer them).
//	   Otherwise, if v's inquire is pending and failed is set: yield to v.
//	R3 failed(T) from v: failed = true; yield to every voter whose inquire
//	   is pending and whose vote it holds.
//	R4 inquire(T) from v: note it; if failed is set and it holds v's vote,
//	   yield to v (otherwise it waits: failed may still come, or it may win).
//	   An inquire while HELD is ignored: the release will follow.
//	R5 yield to v: send yield(T) to v and forget v's vote and inquire.
//	R6 exit(): state = RELEASED; send release(T) to every member of V_i.
//	Reply, failed and inquire are acted on only while WANTED and only if
//	their T is the current request's; any other is a late message about an
//	earlier request (or an inquire that the coming release answers) and is
//	ignored.
//
// failed stays set until the request is granted: a requester that has been
// told once that an earlier request is ahead of it, or that has yielded
// (which only happens after failed), knows it cannot win for now. This is
// Maekawa's condition "has received failed, or has relinquished and not
// been granted again".
//
// A node as voter keeps the request it voted for (its lock, or none) and a
// queue of the other requests it has received, ordered by (T, id).
//
//	V1 request r: if it has not voted, it votes for r (reply). Otherwise r
//	   joins the queue, and with m the earliest of its lock and its queue
//	   before r came: if r is later than m, it tells r failed; if r is
//	   earlier and m is its lock, it sends inquire to the lock's node; if r
//	   is earlier and m is a queued request, it tells m failed (m is no
//	   longer the earliest here).
//	V2 yield from its lock's node: the lock goes back into the queue and the
//	   voter votes for the earliest queued request (reply).
//	V3 release from its lock's node: it votes for the earliest queued
//	   request, or for nobody if the queue is empty.
//
// So a voter sends at most one inquire per vote (while a queued request is
// earlier than the lock, it has already sent it), and every queued request
// except the earliest one the voter knows has been told failed. That is
// what makes the algorithm deadlock-free: in a state where nobody can move,
// take the earliest waiting request r0 and a voter v it lacks; v's lock L is
// later and was inquired, so L's node did not yield, so it never got
// failed, so at the voter it waits for its request is the earliest and that
// voter inquired a still later request, and so on: an infinite increasing
// chain among finitely many requests, which cannot be. Safety is as in
// the basic algorithm: a node is HELD only while it holds a vote from every
// member of V_i, and a voter's vote is with one request at a time (it
// changes its vote only after a yield or release from the holder).
//
// The exact rules differ slightly between published versions; this package
// tells failed also to a queued request that a new, earlier one overtakes,
// which some versions only do later, and needs no FIFO channels (every
// message names its request, so late messages are recognised).
//
// # Modelling choices
//
// Messages to itself. p_i ∈ V_i, and unlike package maekawa (which follows
// the seed's multicast literally) a node here hands its messages to itself
// directly: they are handled, in the order sent, before the step that sent
// them ends, as a real node calls its own handler without a network in
// between. So enter() already includes the node's own vote if it is free.
// This keeps the explorer's search small enough to be exhaustive: for N=4
// with one request each it has about 2.2 million states, while with
// self-messages in the network it passes 30 million before half its depth.
//
// Clocks. The timestamps are Lamport clocks kept by the simulator
// (Algorithm.Clocks): every message, application messages included,
// carries its sender's clock, a receiver takes the larger of the two, and
// a request takes clock + 1 (Ctx.Tick). With TickedClocks only requests
// tick: receipts, releases and application messages carry the clock on
// without adding 1. That is Lamport's clock with the requests as the only
// timed events, and it is all the algorithm needs: if one enter() call
// happened-before another, the earlier request has the smaller timestamp,
// because the path between them carries it forward and the later request
// ticks. Ticking on every event as well (Lamport 1978, and Sanders' version
// of this algorithm) gives the same verdicts (the tests compare the two at
// N=2 and N=3) but clocks that differ in more ways: 609,892 states instead
// of 28,605 at N=3, and no end in sight at N=4, where ticked clocks need
// 2.2 million.
//
// Order. With Lamport clocks every voter agrees on the order of the
// requests it has seen, and at N=2 (both sets are {N1,N2}, so every
// request reaches every voter) Order holds. It does not hold in general,
// and no clock can make it: a voter can only order requests it has
// received, and it does not wait for requests still on their way. At N=3
// the grid sets are {1,2,3} {1,2} {1,3}: N2 calls enter() and tells N3,
// N3 calls enter(), and N3's request reaches N1, the one voter V2 and V3
// share, before N2's. N1 votes for N3, which now has both of its votes and
// enters, although N2's enter() happened-before its own; N2's request
// arrives at N1 too late (the inquire it causes is ignored while N3 is
// HELD). FIFO channels do not help either: the two requests travel on
// different channels.
//
// Every handler (enter, exit, receiving one message, and the messages to
// itself that it causes) is one atomic step.
package maekawasafe

import (
	"dmelab/algorithms/seeds"
	"fmt"
	"slices"
	"strings"

	"dmelab/algorithms/maekawa"
	"dmelab/algorithms/sim"
)

// Message kinds.
const (
	Request = iota // r = (T, from) asks for a vote
	Reply          // the vote for (T, to)
	Release        // (T, from) has left the CS
	Inquire        // the voter asks (T, to) to give its vote back
	Yield          // (T, from) gives the vote back (Maekawa's relinquish)
	Failed         // (T, to) cannot have this vote now: an earlier request is ahead
)

var kinds = []string{"request", "reply", "release", "inquire", "yield", "failed"}

// State is the requester's state.
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
func Algorithm() *sim.Algorithm { return algorithm(true) }

// algorithm is Algorithm with clocks that tick only on requests (ticked)
// or, for the tests that compare the two, on every event as in Lamport
// 1978: every receipt, every application message and every release.
func algorithm(ticked bool) *sim.Algorithm {
	return &sim.Algorithm{
		Name:         "maekawa-safe",
		Group:        seeds.Seed003,
		Summary:      "Maekawa voting with inquire/yield/failed: deadlock-free (Maekawa 1985)",
		Clocks:       true,
		TickedClocks: ticked,
		New:          func(cfg sim.Config) ([]sim.Node, error) { return newNodes(cfg, !ticked) },
		MsgKinds:     kinds,
		Listing:      listing(),
		FormatMsg: func(m sim.Msg) string {
			if int(m.Kind) < len(kinds) {
				return fmt.Sprintf("%s(T=%d)", kinds[m.Kind], m.A)
			}
			return fmt.Sprintf("kind%d(%d)", m.Kind, m.A)
		},
	}
}

func newNodes(cfg sim.Config, tickExit bool) ([]sim.Node, error) {
	sets, err := maekawa.Sets(cfg)
	if err != nil {
		return nil, err
	}
	nodes := make([]sim.Node, cfg.N)
	for i := range nodes {
		var all uint32
		for _, v := range sets[i] {
			all |= 1 << v
		}
		nodes[i] = &node{self: i, v: sets[i], all: all, lock: none, tickExit: tickExit}
	}
	return nodes, nil
}

// req names one request: its timestamp and its node.
type req struct {
	t  int32
	id int
}

var none = req{id: -1}

func (r req) less(o req) bool { return r.t < o.t || (r.t == o.t && r.id < o.id) }

func (r req) String() string { return fmt.Sprintf("(%d,N%d)", r.t, r.id+1) }

type node struct {
	self int
	loop []sim.Msg // messages to itself, handled before the step ends; empty between steps
	v    []int     // V_i, sorted; shared between clones (never written)
	all  uint32    // V_i as a bit set

	tickExit bool // the release ticks the clock (full Lamport clocks; tests only)

	// Requester.
	state    State
	t        int32  // T of the current request (0 when RELEASED)
	granted  uint32 // voters whose reply it holds
	failed   bool
	inquired uint32 // voters whose inquire is not answered yet

	// Voter.
	lock  req   // the request it voted for, or none
	queue []req // other requests, ordered by (T, id)
}

func (n *node) Clone() sim.Node {
	c := *n
	c.queue = slices.Clone(n.queue)
	c.loop = nil
	return &c
}

// CopyFrom makes n a copy of o (sim.Copier), reusing n's queue.
func (n *node) CopyFrom(o sim.Node) {
	src := o.(*node)
	q := n.queue[:0]
	*n = *src
	n.queue = append(q, src.queue...)
	n.loop = nil
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

// Request is R1.
func (n *node) Request(c *sim.Ctx) {
	n.state = Wanted
	n.t = c.Tick()
	n.granted, n.inquired, n.failed = 0, 0, false
	for _, q := range n.v {
		n.send(c, q, sim.Msg{Kind: Request, A: n.t})
	}
	n.drain(c)
}

// Exit is R6.
func (n *node) Exit(c *sim.Ctx) {
	if n.tickExit {
		c.Tick()
	}
	for _, q := range n.v {
		n.send(c, q, sim.Msg{Kind: Release, A: n.t})
	}
	n.state, n.t = Released, 0
	n.granted, n.inquired, n.failed = 0, 0, false
	n.drain(c)
}

func (n *node) CanReceive(sim.Msg) bool { return true }

func (n *node) send(c *sim.Ctx, to int, m sim.Msg) {
	if to == n.self {
		m.From, m.To = uint8(to), uint8(to)
		n.loop = append(n.loop, m)
		return
	}
	c.Send(to, m)
}

func (n *node) drain(c *sim.Ctx) {
	for len(n.loop) > 0 {
		m := n.loop[0]
		n.loop = n.loop[1:]
		n.receive(c, m)
	}
	n.loop = nil
}

func (n *node) Receive(c *sim.Ctx, m sim.Msg) {
	n.receive(c, m)
	n.drain(c)
}

func (n *node) receive(c *sim.Ctx, m sim.Msg) {
	from := int(m.From)
	bit := uint32(1) << from
	switch m.Kind {
	case Request:
		n.onRequest(c, req{t: m.A, id: from})
	case Yield, Release:
		if n.lock != (req{t: m.A, id: from}) {
			return // cannot happen: only the lock's node yields or releases
		}
		if m.Kind == Yield {
			n.enqueue(n.lock)
		}
		n.voteNext(c)
	case Reply, Failed, Inquire:
		if n.state != Wanted || m.A != n.t {
			return // stale, or (inquire while HELD) answered by the release
		}
		switch m.Kind {
		case Reply: // R2
			n.granted |= bit
			if n.granted == n.all {
				n.state, n.inquired = Held, 0
			} else if n.failed && n.inquired&bit != 0 {
				n.yield(c, from)
			}
		case Failed: // R3
			n.failed = true
			for _, v := range n.v {
				if n.inquired&n.granted&(1<<v) != 0 {
					n.yield(c, v)
				}
			}
		case Inquire: // R4
			n.inquired |= bit
			if n.failed && n.granted&bit != 0 {
				n.yield(c, from)
			}
		}
	}
}

// onRequest is V1.
func (n *node) onRequest(c *sim.Ctx, r req) {
	if n.lock == none {
		n.lock = r
		n.send(c, r.id, sim.Msg{Kind: Reply, A: r.t})
		return
	}
	m := n.lock
	if len(n.queue) > 0 && n.queue[0].less(m) {
		m = n.queue[0]
	}
	switch {
	case m.less(r):
		n.send(c, r.id, sim.Msg{Kind: Failed, A: r.t})
	case m == n.lock:
		n.send(c, m.id, sim.Msg{Kind: Inquire, A: m.t})
	default:
		n.send(c, m.id, sim.Msg{Kind: Failed, A: m.t})
	}
	n.enqueue(r)
}

// voteNext is the end of V2 and V3: vote for the earliest queued request.
func (n *node) voteNext(c *sim.Ctx) {
	if len(n.queue) == 0 {
		n.lock = none
		return
	}
	n.lock = n.queue[0]
	n.queue = slices.Delete(n.queue, 0, 1)
	n.send(c, n.lock.id, sim.Msg{Kind: Reply, A: n.lock.t})
}

// yield is R5.
func (n *node) yield(c *sim.Ctx, v int) {
	n.send(c, v, sim.Msg{Kind: Yield, A: n.t})
	n.granted &^= 1 << v
	n.inquired &^= 1 << v
}

func (n *node) enqueue(r req) {
	k, _ := slices.BinarySearchFunc(n.queue, r, func(a, b req) int {
		if a.less(b) {
			return -1
		}
		if b.less(a) {
			return 1
		}
		return 0
	})
	n.queue = slices.Insert(n.queue, k, r)
}

func (n *node) Steps(dst []sim.Step) []sim.Step { return dst }
func (n *node) Do(*sim.Ctx, sim.Step)           {}
func (n *node) StepLabel(sim.Step) string       { return "" }

func (n *node) Encode(e *sim.Enc) {
	e.Int(int(n.state))
	e.Int(int(n.t))
	e.Int(int(n.granted))
	e.Bool(n.failed)
	e.Int(int(n.inquired))
	e.Int(int(n.lock.t))
	e.Int(n.lock.id)
	e.Int(len(n.queue))
	for _, r := range n.queue {
		e.Int(int(r.t))
		e.Int(r.id)
	}
}

func (n *node) Decode(d *sim.Dec) {
	n.state = State(d.Int())
	n.t = int32(d.Int())
	n.granted = uint32(d.Int())
	n.failed = d.Bool()
	n.inquired = uint32(d.Int())
	n.lock = req{t: int32(d.Int()), id: d.Int()}
	k := d.Int()
	n.queue = n.queue[:0] // reused: a search decodes into the same nodes
	for ; k > 0 && d.Err == nil; k-- {
		n.queue = append(n.queue, req{t: int32(d.Int()), id: d.Int()})
	}
}

func (n *node) Vars() []sim.Var {
	voted := "false"
	if n.lock != none {
		voted = n.lock.String()
	}
	q := make([]string, len(n.queue))
	for k, r := range n.queue {
		q[k] = r.String()
	}
	return []sim.Var{
		{Name: "state", Value: n.state.String()},
		{Name: "T", Value: fmt.Sprint(n.t)},
		{Name: "replies", Value: n.set(n.granted)},
		{Name: "failed", Value: fmt.Sprint(n.failed)},
		{Name: "inquired", Value: n.set(n.inquired)},
		{Name: "voted", Value: voted},
		{Name: "queue", Value: "[" + strings.Join(q, " ") + "]"},
		{Name: "V", Value: n.set(n.all)},
	}
}

// set renders a bit set of nodes as "{N1,N3}".
func (n *node) set(b uint32) string {
	var parts []string
	for i := 0; i < 32; i++ {
		if b&(1<<i) != 0 {
			parts = append(parts, fmt.Sprintf("N%d", i+1))
		}
	}
	return "{" + strings.Join(parts, ",") + "}"
}
