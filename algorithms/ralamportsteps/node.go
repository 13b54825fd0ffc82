package ralamportsteps

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"dmelab/algorithms/ralamport"
	"dmelab/algorithms/sim"
)

// maxQueue bounds the queue a handler may leave (and the wire's lists).
const maxQueue = 64

// Algorithm returns the descriptor of Ricart and Agrawala's algorithm
// whose handlers s implements, under the given name (the exercise's
// algorithm, ra-lamport). Message kinds, their rendering and the
// listing are the registry's, so that runs read the same.
func Algorithm(name string, s New) *sim.Algorithm {
	reg := ralamport.Algorithm()
	return &sim.Algorithm{
		Name:      name,
		Summary:   "Ricart–Agrawala with Lamport timestamps (seed 001), with the handlers written by a student",
		Clocks:    true,
		New:       func(cfg sim.Config) ([]sim.Node, error) { return newNodes(s, cfg) },
		MsgKinds:  reg.MsgKinds,
		FormatMsg: reg.FormatMsg,
		Listing:   reg.Listing,
	}
}

func newNodes(s New, cfg sim.Config) ([]sim.Node, error) {
	if s == nil {
		return nil, fmt.Errorf("ralamportsteps: no handlers")
	}
	nodes := make([]sim.Node, cfg.N)
	for i := range nodes {
		nodes[i] = &node{steps: s, id: i, n: cfg.N}
	}
	return nodes, nil
}

// node is one node: the student-visible variables, kept here and copied
// into a fresh Vars for every handler call.
type node struct {
	steps      New
	id, n      int
	state      State
	t, replies int
	queue      []Waiter // in arrival order, for display; handlers get it sorted
	fault      string
}

func (n *node) Clone() sim.Node {
	c := *n
	c.queue = slices.Clone(n.queue)
	return &c
}

// CopyFrom implements sim.Copier.
func (n *node) CopyFrom(o sim.Node) {
	src := o.(*node)
	q := append(n.queue[:0], src.queue...)
	*n = *src
	n.queue = q
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

// Request and Exit tick the clock first: enter() and exit() are local
// events, as in the registry's ra-lamport.
func (n *node) Request(c *sim.Ctx) {
	if n.fault == "" {
		c.Tick()
	}
	n.handle(c, OpEnter, 0, 0)
}

func (n *node) Exit(c *sim.Ctx) {
	if n.fault == "" {
		c.Tick()
	}
	n.handle(c, OpExit, 0, 0)
}

func (n *node) CanReceive(sim.Msg) bool { return n.fault == "" }

func (n *node) Receive(c *sim.Ctx, m sim.Msg) {
	switch Kind(m.Kind) {
	case Request:
		n.handle(c, OpRequest, int(m.From), int(m.A))
	case Reply:
		n.handle(c, OpReply, int(m.From), 0)
	}
}

func (n *node) Steps(dst []sim.Step) []sim.Step { return dst }
func (n *node) Do(*sim.Ctx, sim.Step)           {}
func (n *node) StepLabel(sim.Step) string       { return "" }

// handle runs one handler on a copy of the variables (the queue sorted),
// checks the contract and, if it holds, takes the new variables and
// sends the messages.
func (n *node) handle(c *sim.Ctx, op Op, j, tj int) {
	if n.fault != "" {
		return
	}
	q := slices.Clone(n.queue)
	slices.SortFunc(q, compareWaiters)
	v := Vars{State: n.state, T: n.t, Replies: n.replies, Queue: q, id: n.id, n: n.n, clock: int(c.Clock())}
	if p := invoke(n.steps(&v), op, j, tj); p != "" {
		n.fault = op.String() + " " + p
		return
	}
	if f := n.check(op, j, &v); f != "" {
		n.fault = op.String() + " " + f
		return
	}
	n.queue = arrival(n.queue, v.Queue)
	n.state, n.t, n.replies = v.State, v.T, v.Replies
	if n.state == Released {
		n.t, n.replies = 0, 0
	}
	for _, s := range v.out {
		c.Send(s.To, sim.Msg{Kind: uint8(s.Kind), A: int32(s.T)})
	}
}

// arrival returns the new queue in arrival order: the waiters of old that
// are still there, in their order, then the new ones, in the handler's.
func arrival(old, now []Waiter) []Waiter {
	left := map[Waiter]int{}
	for _, w := range now {
		left[w]++
	}
	out := make([]Waiter, 0, len(now))
	for _, w := range old {
		if left[w] > 0 {
			left[w]--
			out = append(out, w)
		}
	}
	for _, w := range now {
		if left[w] > 0 {
			left[w]--
			out = append(out, w)
		}
	}
	return out
}

// check returns why a handler broke its contract (see the package
// comment), or "".
func (n *node) check(op Op, j int, v *Vars) string {
	if f := n.checkSends(op, v.out); f != "" {
		return f
	}
	sameQueue := slices.Equal(v.Queue, sortedQueue(n.queue))
	switch op {
	case OpEnter:
		switch {
		case v.State != Wanted && v.State != Held:
			return fmt.Sprintf("left state = %s, but Enter() sets state = Wanted", v.State)
		case !sameQueue:
			return "changed the queue, but Enter() does not touch it"
		}
		return only(op, v.out, Request)
	case OpRequest:
		switch {
		case v.State != n.state:
			return fmt.Sprintf("changed state from %s to %s, but a request never changes the state", n.state, v.State)
		case v.T != n.t:
			return fmt.Sprintf("changed T from %d to %d, but only Enter() sets T", n.t, v.T)
		case v.Replies != n.replies:
			return fmt.Sprintf("changed Replies from %d to %d, but only OnReply() counts replies", n.replies, v.Replies)
		}
		if f := only(op, v.out, Reply); f != "" {
			return f
		}
		if len(v.out) > 1 {
			return fmt.Sprintf("sent %d replies, but OnRequest() sends at most one", len(v.out))
		}
		if len(v.out) == 1 && v.out[0].To != j {
			return fmt.Sprintf("sent a reply to %s, but the request came from %s", name(v.out[0].To), name(j))
		}
	case OpReply:
		switch {
		case v.State != n.state && !(n.state == Wanted && v.State == Held):
			return fmt.Sprintf("changed state from %s to %s, but a reply can only move WANTED to HELD", n.state, v.State)
		case v.T != n.t:
			return fmt.Sprintf("changed T from %d to %d, but only Enter() sets T", n.t, v.T)
		case !sameQueue:
			return "changed the queue, but OnReply() does not touch it"
		case len(v.out) > 0:
			return fmt.Sprintf("sent a %s, but OnReply() sends nothing", strings.ToLower(v.out[0].Kind.String()))
		}
	case OpExit:
		if v.State != Released {
			return fmt.Sprintf("left state = %s, but Exit() sets state = Released", v.State)
		}
		if f := only(op, v.out, Reply); f != "" {
			return f
		}
	}
	return n.checkQueue(v.Queue)
}

// checkSends: every message goes to another node that exists, at most
// one per node, and a Request's timestamp fits a message.
func (n *node) checkSends(op Op, out []Send) string {
	seen := map[int]bool{}
	for _, s := range out {
		kind := strings.ToLower(s.Kind.String())
		switch {
		case s.To < 0 || s.To >= n.n:
			return fmt.Sprintf("sent a %s to node %d, but the nodes are 0..%d", kind, s.To, n.n-1)
		case s.To == n.id:
			return fmt.Sprintf("sent a %s to itself (%s)", kind, name(n.id))
		case seen[s.To]:
			return fmt.Sprintf("sent two messages to %s, but %s sends at most one to each node", name(s.To), op)
		case s.Kind == Request && (s.T < 0 || s.T > math.MaxInt32):
			return fmt.Sprintf("sent a request stamped %d, which is not a Lamport timestamp", s.T)
		}
		seen[s.To] = true
	}
	return ""
}

// only checks that every message a handler sent is of kind k.
func only(op Op, out []Send, k Kind) string {
	plural := map[Kind]string{Request: "requests", Reply: "replies"}
	for _, s := range out {
		if s.Kind != k {
			return fmt.Sprintf("sent a %s, but %s sends only %s", strings.ToLower(s.Kind.String()), op, plural[k])
		}
	}
	return ""
}

// checkQueue: the queue holds other nodes that exist, at most maxQueue.
func (n *node) checkQueue(q []Waiter) string {
	if len(q) > maxQueue {
		return fmt.Sprintf("made the queue %d long, but it holds at most %d requests", len(q), maxQueue)
	}
	for _, w := range q {
		switch {
		case w.ID < 0 || w.ID >= n.n:
			return fmt.Sprintf("put node %d in the queue, but the nodes are 0..%d", w.ID, n.n-1)
		case w.ID == n.id:
			return fmt.Sprintf("put itself (%s) in the queue, but a node never waits for itself", name(n.id))
		}
	}
	return ""
}

func sortedQueue(q []Waiter) []Waiter {
	s := slices.Clone(q)
	slices.SortFunc(s, compareWaiters)
	return s
}

// Encode writes the node's state as the registry's ra-lamport does (the
// queue sorted: its order is not state), and whether it failed; a failed
// node's reason is not encoded.
func (n *node) Encode(e *sim.Enc) {
	e.Int(int(n.state))
	e.Int(n.t)
	e.Int(n.replies)
	q := sortedQueue(n.queue)
	e.Int(len(q))
	for _, w := range q {
		e.Int(w.ID)
		e.Int(w.T)
	}
	e.Bool(n.fault != "")
}

// Decode reads what Encode wrote.
func (n *node) Decode(d *sim.Dec) {
	n.state = State(d.Int())
	n.t = d.Int()
	n.replies = d.Int()
	k := d.Int()
	n.queue = n.queue[:0]
	for ; k > 0 && d.Err == nil; k-- {
		n.queue = append(n.queue, Waiter{ID: d.Int(), T: d.Int()})
	}
	n.fault = ""
	if d.Bool() {
		n.fault = "failed"
	}
}

// Vars shows the node as the registry's ra-lamport does (so schedules
// written for it replay): state, T ("-" while RELEASED), the queue in
// arrival order as "[N4@5 N6@3]" and the replies, plus the fault of a
// failed node.
func (n *node) Vars() []sim.Var {
	t := "-"
	if n.state != Released {
		t = strconv.Itoa(n.t)
	}
	q := make([]string, len(n.queue))
	for i, w := range n.queue {
		q[i] = fmt.Sprintf("N%d@%d", w.ID+1, w.T)
	}
	v := []sim.Var{
		{Name: "state", Value: n.state.String()},
		{Name: "T", Value: t},
		{Name: "queue", Value: "[" + strings.Join(q, " ") + "]"},
		{Name: "replies", Value: strconv.Itoa(n.replies)},
	}
	if n.fault != "" {
		v = append(v, sim.Var{Name: "fault", Value: n.fault})
	}
	return v
}
