package ralamportsteps

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"dmelab/algorithms/internal/stepwire"
	"dmelab/algorithms/sim"
)

// maxQueue bounds the queue a handler may leave (and the wire's lists).
const maxQueue = 64

// node is one node: the shared part holds the variables (the queue
// sorted, as handlers get it), and arrived the queue in arrival order,
// for display.
type node struct {
	stepwire.Node[Vars, Send]
	arrived []Waiter
}

func (n *node) Clone() sim.Node { return &node{n.Node.Copy(), slices.Clone(n.arrived)} }

// CopyFrom implements sim.Copier.
func (n *node) CopyFrom(o sim.Node) {
	src := o.(*node)
	n.Take(&src.Node)
	n.arrived = append(n.arrived[:0], src.arrived...)
}

// Request and Exit tick the clock first: enter() and exit() are local
// events, as in the registry's ra-lamport.
func (n *node) Request(c *sim.Ctx) {
	if n.Fault() == "" {
		c.Tick()
	}
	n.handle(c, OpEnter, 0, 0)
}

func (n *node) Exit(c *sim.Ctx) {
	if n.Fault() == "" {
		c.Tick()
	}
	n.handle(c, OpExit, 0, 0)
}

func (n *node) Receive(c *sim.Ctx, m sim.Msg) {
	switch Kind(m.Kind) {
	case Request:
		n.handle(c, OpRequest, int(m.From), int(m.A))
	case Reply:
		n.handle(c, OpReply, int(m.From), 0)
	}
}

// handle runs one handler and, if it kept the contract, keeps the queue
// sorted (and in arrival order for display), clears T and Replies of a
// RELEASED node and sends the messages.
func (n *node) handle(c *sim.Ctx, op Op, j, tj int) {
	out, _, ok := n.Call(c, int(op), j, tj, func(old, v *Vars, out []Send, _ int) string { return n.check(op, j, old, v, out) })
	if !ok {
		return
	}
	n.arrived = arrival(n.arrived, n.V.Queue)
	slices.SortFunc(n.V.Queue, compareWaiters)
	if n.V.State == Released {
		n.V.T, n.V.Replies = 0, 0
	}
	for _, s := range out {
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
func (n *node) check(op Op, j int, old, v *Vars, out []Send) string {
	if f := n.checkSends(op, out); f != "" {
		return f
	}
	sameQueue := slices.Equal(v.Queue, old.Queue)
	switch op {
	case OpEnter:
		switch {
		case v.State != Wanted && v.State != Held:
			return fmt.Sprintf("left state = %s, but Enter() sets state = Wanted", v.State.GoName())
		case !sameQueue:
			return "changed the queue, but Enter() does not touch it"
		}
		return only(op, out, Request)
	case OpRequest:
		switch {
		case v.State != old.State:
			return fmt.Sprintf("changed state from %s to %s, but a request never changes the state", old.State.GoName(), v.State.GoName())
		case v.T != old.T:
			return fmt.Sprintf("changed T from %d to %d, but only Enter() sets T", old.T, v.T)
		case v.Replies != old.Replies:
			return fmt.Sprintf("changed Replies from %d to %d, but only OnReply() counts replies", old.Replies, v.Replies)
		}
		if f := only(op, out, Reply); f != "" {
			return f
		}
		if len(out) > 1 {
			return fmt.Sprintf("sent %d replies, but OnRequest() sends at most one", len(out))
		}
		if len(out) == 1 && out[0].To != j {
			return fmt.Sprintf("sent a reply to %s, but the request came from %s", name(out[0].To), name(j))
		}
	case OpReply:
		switch {
		case v.State != old.State && !(old.State == Wanted && v.State == Held):
			return fmt.Sprintf("changed state from %s to %s, but a reply can only move Wanted to Held", old.State.GoName(), v.State.GoName())
		case v.T != old.T:
			return fmt.Sprintf("changed T from %d to %d, but only Enter() sets T", old.T, v.T)
		case !sameQueue:
			return "changed the queue, but OnReply() does not touch it"
		case len(out) > 0:
			return fmt.Sprintf("sent a %s, but OnReply() sends nothing", strings.ToLower(out[0].Kind.String()))
		}
	case OpExit:
		if v.State != Released {
			return fmt.Sprintf("left state = %s, but Exit() sets state = Released", v.State.GoName())
		}
		if f := only(op, out, Reply); f != "" {
			return f
		}
	}
	return n.checkQueue(v.Queue)
}

// checkSends: every message goes to another node that exists, at most
// one per node, and a Request's timestamp fits a message.
func (n *node) checkSends(op Op, out []Send) string {
	id, nn := n.At().ID, n.At().N
	seen := map[int]bool{}
	for _, s := range out {
		kind := strings.ToLower(s.Kind.String())
		switch {
		case s.To < 0 || s.To >= nn:
			return fmt.Sprintf("sent a %s to node %d, but the nodes are 0..%d", kind, s.To, nn-1)
		case s.To == id:
			return fmt.Sprintf("sent a %s to itself (%s)", kind, name(id))
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
	id, nn := n.At().ID, n.At().N
	if len(q) > maxQueue {
		return fmt.Sprintf("made the queue %d long, but it holds at most %d requests", len(q), maxQueue)
	}
	for _, w := range q {
		switch {
		case w.ID < 0 || w.ID >= nn:
			return fmt.Sprintf("put node %d in the queue, but the nodes are 0..%d", w.ID, nn-1)
		case w.ID == id:
			return fmt.Sprintf("put itself (%s) in the queue, but a node never waits for itself", name(id))
		}
	}
	return ""
}

// Encode writes the node's state as the registry's ra-lamport does (the
// queue sorted: its order is not state), and whether it failed; a failed
// node's reason is not encoded.
func (n *node) Encode(e *sim.Enc) {
	e.Int(int(n.V.State))
	e.Int(n.V.T)
	e.Int(n.V.Replies)
	e.Int(len(n.V.Queue))
	for _, w := range n.V.Queue {
		e.Int(w.ID)
		e.Int(w.T)
	}
	n.PutFault(e)
}

// Decode reads what Encode wrote.
func (n *node) Decode(d *sim.Dec) {
	n.V.State = State(d.Int())
	n.V.T = d.Int()
	n.V.Replies = d.Int()
	k := d.Int()
	n.V.Queue = n.V.Queue[:0]
	for ; k > 0 && d.Err == nil; k-- {
		n.V.Queue = append(n.V.Queue, Waiter{ID: d.Int(), T: d.Int()})
	}
	n.arrived = append(n.arrived[:0], n.V.Queue...)
	n.GetFault(d)
}

// Vars shows the node as the registry's ra-lamport does (so schedules
// written for it replay): state, T ("-" while RELEASED), the queue in
// arrival order as "[N4@5 N6@3]" and the replies, plus the fault of a
// failed node.
func (n *node) Vars() []sim.Var {
	t := "-"
	if n.V.State != Released {
		t = strconv.Itoa(n.V.T)
	}
	q := make([]string, len(n.arrived))
	for i, w := range n.arrived {
		q[i] = fmt.Sprintf("N%d@%d", w.ID+1, w.T)
	}
	return n.WithFault([]sim.Var{
		{Name: "state", Value: n.V.State.String()},
		{Name: "T", Value: t},
		{Name: "queue", Value: "[" + strings.Join(q, " ") + "]"},
		{Name: "replies", Value: strconv.Itoa(n.V.Replies)},
	})
}

func copyVars(dst, src *Vars) {
	q := append(dst.Queue[:0], src.Queue...)
	*dst = *src
	dst.Queue = q
}
